"""Slack mrkdwn made readable in a terminal: ANSI bold/italic, bullets, links, no HTML escapes.

Slack escapes only &, < and > in message text (https://api.slack.com/reference/surfaces/formatting#escaping);
angle brackets that remain are Slack's own markup (links, mentions), so those are rewritten first
and the escapes undone last.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import string
import unicodedata
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import default_db_path

if TYPE_CHECKING:
    from bot.commands.chat import ConsultantLike, TurnLike

log = logging.getLogger(__name__)

# SGR codes (ECMA-48 §8.3.117). Each style has its own "off" so nested styles survive each other.
BOLD, BOLD_OFF, DIM = "\x1b[1m", "\x1b[22m", "\x1b[2m"
ITALIC, ITALIC_OFF = "\x1b[3m", "\x1b[23m"
CYAN, GREEN, COLOUR_OFF = "\x1b[36m", "\x1b[32m", "\x1b[39m"
RESET = "\x1b[0m"
# Control characters a reply could carry from what a user typed (ESC would let text drive the
# terminal); tab and newline stay.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x9b]")

# Emphasis opens after a non-word character and closes before one, as Slack requires, so
# `gpu_hours` or `2*3*4` stay as they are.
_BOLD = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])")
_ITALIC = re.compile(r"(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])")
_STRIKE = re.compile(r"(?<![\w~])~(?=\S)([^~\n]*?\S)~(?![\w~])")
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"<([^<>|\s]+)(?:\|([^<>]*))?>")
_BULLET = re.compile(r"^(\s*)(?:[-*•◦▪])\s+")
_BULLET_OUT = re.compile(r"^\s*(?:•|⚠️|💡)\s")
_QUOTE = re.compile(r"^(?:>|&gt;)\s?")


def _link(match: re.Match[str]) -> str:
    target, label = match.group(1), match.group(2)
    if target.startswith(("@", "#")):
        return f"{target[0]}{label}" if label else target  # <@U123>, <#C123|general>
    if target.startswith("!"):
        return "@" + (label or target[1:].split("^")[0])  # <!here>, <!subteam^ID|@team>
    if label and label != target:
        return f"{label} ({target})"
    return target


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _inline(line: str, colour: bool) -> str:
    def wrap(style: str, off: str) -> str:
        return rf"{style}\1{off}" if colour else r"\1"

    # Code spans are set aside first (emphasis may surround them but never reaches inside).
    spans: list[str] = []

    def park(match: re.Match[str]) -> str:
        spans.append(f"{CYAN}{match.group(1)}{COLOUR_OFF}" if colour else match.group(1))
        return f"\x00{len(spans) - 1}\x00"

    line = _CODE.sub(park, line)
    line = _LINK.sub(_link, line)
    line = _BOLD.sub(wrap(BOLD, BOLD_OFF), line)
    line = _ITALIC.sub(wrap(ITALIC, ITALIC_OFF), line)
    line = _STRIKE.sub(wrap(DIM, BOLD_OFF), line)
    line = _unescape(line)
    return re.sub("\x00(\\d+)\x00", lambda m: _unescape(spans[int(m.group(1))]), line)


def render_mrkdwn(text: str, *, colour: bool) -> str:
    """Terminal text for a Slack mrkdwn message."""
    lines: list[str] = []
    in_code = False

    def code(body: str) -> None:
        body = _unescape(body)
        lines.append(f"    {DIM}{body}{BOLD_OFF}" if colour else f"    {body}")

    for line in _CONTROL.sub("", text).splitlines():
        stripped = line.strip()
        if not in_code and stripped.startswith("```"):
            body = stripped[3:]
            if len(stripped) >= 6 and body.endswith("```"):  # ```one-line block```
                code(body[:-3])
            else:
                in_code = True
                if body:
                    code(body)
            continue
        if in_code:
            if stripped.endswith("```"):
                in_code = False
                if body := line.rstrip()[:-3]:
                    code(body)
            else:
                code(line)
            continue
        if quote := _QUOTE.match(line):
            body = _inline(line[quote.end() :], colour)
            lines.append(f"{DIM}│{BOLD_OFF} {body}" if colour else f"│ {body}")
            continue
        if bullet := _BULLET.match(line):
            indent = "  " + bullet.group(1)
            lines.append(f"{indent}• {_inline(line[bullet.end() :], colour)}")
            continue
        lines.append(_inline(line, colour))
    return "\n".join(lines)


_SGR = re.compile(r"\x1b\[[0-9;]*m")


def _cell_width(ch: str) -> int:
    if ch == "\ufe0f":  # emoji presentation: the narrow symbol before it (⚠) is drawn wide
        return 1
    if unicodedata.combining(ch) or ch in "\u200b\u200d":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def wrap(line: str, width: int, indent: str) -> list[str]:
    """Wrap one rendered line to `width` terminal cells, continuing under `indent`.

    Counts CJK characters as two cells and SGR codes as none; breaks at the last space when one
    is near, else anywhere (Chinese has no spaces to break at).
    """
    out: list[str] = []
    current, cells, last_space = "", 0, -1
    for token in re.split(f"({_SGR.pattern})", line):
        if _SGR.fullmatch(token):
            current += token
            continue
        for ch in token:
            w = _cell_width(ch)
            if cells + w > width and current.strip():
                if ch == " ":  # the break falls on a space: it simply goes
                    out.append(current)
                    current, cells, last_space = indent, len(indent), -1
                    continue
                if last_space >= len(indent) and len(current) - last_space < 20:
                    out.append(current[:last_space])
                    current = indent + current[last_space + 1 :]
                else:
                    out.append(current)
                    current = indent
                cells = sum(_cell_width(c) for c in _SGR.sub("", current))
                last_space = -1
            if ch == " ":
                last_space = len(current)
            current += ch
            cells += w
    out.append(current)
    return out


def welcome(session_id: str) -> str:
    """The bilingual greeting of the interactive chat, as mrkdwn."""
    template = resources.files("bot").joinpath("templates/terminal/welcome.txt").read_text(encoding="utf-8")
    return string.Template(template).safe_substitute(session=session_id)


def message(key: str, **values: str) -> str:
    """A short terminal message (bot/templates/terminal/messages.json), as mrkdwn."""
    raw = resources.files("bot").joinpath("templates/terminal/messages.json").read_text(encoding="utf-8")
    texts: dict[str, str] = json.loads(raw)
    return string.Template(texts[key]).safe_substitute(values)


def turn_failed(text: str) -> str:
    """The reply to a turn that crashed, in the language the user wrote in."""
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    if not zh:
        return message("turn_failed_en")
    from bot.render import to_script

    return to_script(message("turn_failed_zh"), "zh-Hant" if _is_traditional(text) else "zh-Hans")


def _is_traditional(text: str) -> bool:
    """True when the message has characters simplified Chinese writes differently (張, 夠): the
    conversation's own script is not known once its turn has crashed."""
    import opencc

    return bool(opencc.OpenCC("t2s").convert(text) != text)


def help_text() -> str:
    return resources.files("bot").joinpath("templates/terminal/help.txt").read_text(encoding="utf-8")


EXIT_WORDS = frozenset({"exit", "quit", "/exit", "/quit", "/q", "退出", "離開", "离开"})
DEFAULT_CHART_FILE = "gpu-advisor-chart.png"


def history_path() -> Path:
    # Next to the default state file, in the user data dir; the history is per user, not per DB.
    return default_db_path().parent / "chat_history"


def interactive_chat(consultant: ConsultantLike, session_id: str) -> int:
    """The terminal conversation: line editing and history (prompt_toolkit), coloured replies."""
    from prompt_toolkit import PromptSession, print_formatted_text
    from prompt_toolkit.formatted_text import ANSI
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory

    def show(mrkdwn: str, who: str = "advisor") -> None:
        width = max(40, shutil.get_terminal_size().columns - 1)
        lines: list[str] = []
        for line in render_mrkdwn(mrkdwn, colour=True).splitlines():
            bullet = _BULLET_OUT.match(line)
            hang = sum(_cell_width(ch) for ch in bullet.group()) if bullet else 0
            lines += wrap("  " + line, width, " " * (2 + hang))
        body = "\n".join(lines)
        print_formatted_text(ANSI(f"{CYAN}{BOLD}{who} ›{RESET}\n{body}\n"))

    history: History
    try:
        history_path().parent.mkdir(parents=True, exist_ok=True)
        history = FileHistory(str(history_path()))
    except OSError:
        history = InMemoryHistory()
    prompt = PromptSession[str](history=history)
    print_formatted_text(ANSI(render_mrkdwn(welcome(session_id), colour=True) + "\n"))
    last_plan: TurnLike | None = None
    while True:
        try:
            text = prompt.prompt(ANSI(f"{GREEN}{BOLD}you ›{RESET} ")).strip()
        except KeyboardInterrupt:
            continue  # Ctrl-C clears the line; Ctrl-D leaves
        except EOFError:
            break
        command = text.lower()
        if not text:
            continue
        if command in EXIT_WORDS:
            break
        if command in ("/help", "/?"):
            show(help_text(), "help")
            continue
        if command.startswith("/chart"):
            show(save_chart(last_plan, text[len("/chart") :].strip() or DEFAULT_CHART_FILE), "chart")
            continue
        if command.startswith("/") and command != "/reset":
            show(message("unknown_command", command=text.split()[0]), "help")
            continue
        try:
            if command == "/reset":
                turn = consultant.handle_action(session_id, "reset", "")
            else:
                turn = consultant.handle(session_id, text)
        except Exception:
            # The user sees one apology line; the traceback is for operators running with
            # GPU_ADVISOR_LOG_LEVEL=DEBUG (bot/commands/chat.py then logs our packages to stderr).
            log.debug("turn failed (session %r)", session_id, exc_info=True)
            show(turn_failed(text))
            continue
        show(turn.text)
        if turn.payload.get("recommendation") and turn.payload.get("recommended", True):
            last_plan = turn
    print_formatted_text(ANSI(render_mrkdwn(message("goodbye", session=session_id), colour=True)))
    return 0


def save_chart(turn: TurnLike | None, filename: str) -> str:
    """Write the last recommendation's chart; the message to show (mrkdwn)."""
    png = turn.chart_png() if turn is not None else None
    if png is None:
        return message("no_chart")
    path = Path(filename).expanduser()
    try:
        path.write_bytes(png)
    except OSError as exc:
        return message("chart_failed", path=str(path), reason=exc.strerror or str(exc))
    return message("chart_saved", path=str(path.resolve()))
