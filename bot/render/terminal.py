"""Slack mrkdwn made readable in a terminal: ANSI bold/italic, bullets, links, no HTML escapes.

Slack escapes only &, < and > in message text (https://api.slack.com/reference/surfaces/formatting#escaping);
angle brackets that remain are Slack's own markup (links, mentions), so those are rewritten first
and the escapes undone last.
"""

from __future__ import annotations

import re
import unicodedata

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


def render_wrapped(mrkdwn: str, width: int) -> str:
    """Coloured terminal text for a reply, indented two cells and wrapped to `width`, with bullet
    lines continuing under their text."""
    lines: list[str] = []
    for line in render_mrkdwn(mrkdwn, colour=True).splitlines():
        bullet = _BULLET_OUT.match(line)
        hang = sum(_cell_width(ch) for ch in bullet.group()) if bullet else 0
        lines += wrap("  " + line, width, " " * (2 + hang))
    return "\n".join(lines)
