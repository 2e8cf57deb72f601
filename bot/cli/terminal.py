"""The interactive terminal chat: prompt_toolkit line editing and history, replies rendered from
Slack mrkdwn by bot/render/terminal.py, and the few terminal-only messages."""

from __future__ import annotations

import json
import logging
import shutil
import string
from importlib import resources
from pathlib import Path

from bot.config import default_db_path
from bot.ports import ChatPort, TurnLike
from bot.render.terminal import BOLD, CYAN, GREEN, RESET, render_mrkdwn, render_wrapped

log = logging.getLogger(__name__)


def welcome(session_id: str) -> str:
    """The bilingual greeting of the interactive chat, as mrkdwn."""
    template = (
        resources.files("bot.render").joinpath("templates/terminal/welcome.txt").read_text(encoding="utf-8")
    )
    return string.Template(template).safe_substitute(session=session_id)


def message(key: str, **values: str) -> str:
    """A short terminal message (bot/render/templates/terminal/messages.json), as mrkdwn."""
    raw = (
        resources.files("bot.render").joinpath("templates/terminal/messages.json").read_text(encoding="utf-8")
    )
    texts: dict[str, str] = json.loads(raw)
    return string.Template(texts[key]).safe_substitute(values)


def turn_failed(text: str) -> str:
    """The reply to a turn that crashed, in the language the user wrote in."""
    # The conversation's own script is not known once its turn has crashed: read the message's.
    from bot.nlu.script import read_script
    from bot.render.text import to_script

    script = read_script(text).script
    return message("turn_failed_en") if script == "en" else to_script(message("turn_failed_zh"), script)


def help_text() -> str:
    return resources.files("bot.render").joinpath("templates/terminal/help.txt").read_text(encoding="utf-8")


EXIT_WORDS = frozenset({"exit", "quit", "/exit", "/quit", "/q", "退出", "離開", "离开"})
DEFAULT_CHART_FILE = "gpu-advisor-chart.png"


def history_path() -> Path:
    # Next to the default state file, in the user data dir; the history is per user, not per DB.
    return default_db_path().parent / "chat_history"


def interactive_chat(consultant: ChatPort, session_id: str) -> int:
    """The terminal conversation: line editing and history (prompt_toolkit), coloured replies."""
    from prompt_toolkit import PromptSession, print_formatted_text
    from prompt_toolkit.formatted_text import ANSI
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory

    def show(mrkdwn: str, who: str = "advisor") -> None:
        body = render_wrapped(mrkdwn, max(40, shutil.get_terminal_size().columns - 1))
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
            # GPU_ADVISOR_LOG_LEVEL=DEBUG (bot/cli/commands/chat.py then logs our packages to stderr).
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
