"""`gpu-advisor chat [--json] [--session ID]`: a conversation kept in the state store.

Without `--session` each run is a new conversation; `--session ID` resumes the one kept under ID.
`--json` (and any piped stdin) answers one user turn per input line, in order, flushed per line;
a turn that fails answers with an error reply and the rest still run. On a terminal it is an
interactive chat (bot/cli/terminal.py).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import uuid
from collections.abc import Mapping
from typing import IO, Any

from bot.config import Settings
from bot.ports import ChatPort

log = logging.getLogger(__name__)

OWN_LOGGERS = ("bot", "knowledge", "sizing")
# Each run without --session is a new conversation under a new id (shown, so it can be resumed).
SESSION_PREFIX = "cli-"


def add_parser(sub: Any) -> None:
    p = sub.add_parser("chat", help="talk to the advisor (interactive, or one turn per stdin line)")
    p.add_argument("--json", action="store_true", help="print one JSON object per input line")
    p.add_argument(
        "--session",
        default=None,
        metavar="ID",
        help="resume the conversation kept in the store under ID (default: a new conversation)",
    )
    p.set_defaults(run=run)


def load_consultant(settings: Settings) -> ChatPort:
    # Imported here: loading the knowledge base is the slow part and `--help` should not pay it.
    from bot.bootstrap import build_consultant

    consultant: ChatPort = build_consultant(settings)
    return consultant


def new_session_id() -> str:
    return SESSION_PREFIX + uuid.uuid4().hex[:8]


def run(args: argparse.Namespace) -> int:
    from bot.ops.logs import configure_logging

    settings = Settings.from_env()
    interactive = not args.json and sys.stdin.isatty() and sys.stdout.isatty()
    # On a terminal, INFO lines would interleave with the conversation.
    level = settings.log_level if not interactive or settings.log_level == "DEBUG" else "WARNING"
    configure_logging("WARNING", json=False)
    # Third-party libraries (bm25s, jieba, urllib3) stay at WARNING so their debug and progress
    # lines never reach a user's terminal; our own packages log at the configured level.
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)
    try:
        consultant = load_consultant(settings)
    except Exception as exc:  # a start-up failure (bad knowledge file, store unreachable)
        log.exception("cannot start the advisor")
        print(f"gpu-advisor chat: cannot start: {exc}", file=sys.stderr)
        return 1
    session = args.session or new_session_id()
    if interactive:
        from bot.cli.terminal import interactive_chat

        return interactive_chat(consultant, session)
    _prepare_streams()
    return batch_chat(consultant, session, sys.stdin, sys.stdout, as_json=args.json)


def _prepare_streams() -> None:
    # Undecodable input bytes become U+FFFD rather than ending the whole batch.
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")


def batch_chat(
    consultant: ChatPort, session_id: str, stdin: IO[str], stdout: IO[str], *, as_json: bool
) -> int:
    ascii_only = (getattr(stdout, "encoding", None) or "ascii").lower().replace("-", "") != "utf8"
    # readline, not iteration: iteration reads ahead, and a driving process waits per reply.
    for raw in iter(stdin.readline, ""):
        text = raw.rstrip("\r\n")
        if as_json:
            stdout.write(_turn_json(consultant, session_id, text, ascii_only=ascii_only) + "\n")
        else:
            from bot.render.terminal import render_mrkdwn

            stdout.write(render_mrkdwn(_turn_text(consultant, session_id, text), colour=False) + "\n\n")
        stdout.flush()
    return 0


def _turn_json(consultant: ChatPort, session_id: str, text: str, *, ascii_only: bool) -> str:
    try:
        payload = finite(consultant.handle(session_id, text).payload)
        return json.dumps(payload, ensure_ascii=ascii_only, allow_nan=False)
    except Exception:
        log.exception("turn failed (session %r)", session_id)
        return json.dumps(error_payload(text), ensure_ascii=ascii_only)


def _turn_text(consultant: ChatPort, session_id: str, text: str) -> str:
    try:
        return consultant.handle(session_id, text).text
    except Exception:
        log.exception("turn failed (session %r)", session_id)
        return str(error_payload(text)["reply"])


def error_payload(text: str) -> dict[str, Any]:
    from bot.cli.terminal import turn_failed

    return {
        "reply": turn_failed(text),
        "slots": {},
        "missing": [],
        "recommendation": None,
        "faq": [],
        "pitfalls": [],
        "error": "internal_error",
    }


def finite(value: Any) -> Any:
    """The payload with NaN/inf replaced by null: JSON has no such numbers and callers choke on them."""
    if isinstance(value, float) and not math.isfinite(value):
        log.warning("non-finite number %r in a chat payload replaced by null", value)
        return None
    if isinstance(value, Mapping):
        return {str(k): finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value
