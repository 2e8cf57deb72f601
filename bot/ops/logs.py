"""Logging for the running bot: JSON lines or plain text on stderr, request ids, secret redaction.

Conventions (every module logs through `logging.getLogger(__name__)`):
- One line per record, to stderr (stdout belongs to `--json` output).
- Context travels in contextvars, not arguments: wrap each Slack request in
  `with bind_request_id(event_id=..., team=...):` and every record inside carries
  request_id, event_id and team.
- What users wrote is logged only at DEBUG, and only in the `text` extra field
  (`log.debug("turn", extra={"text": text})`). Above DEBUG, extra fields named in
  MESSAGE_BODY_FIELDS are replaced by their length, so a stray `extra={"text": ...}` at INFO
  cannot leak a conversation into the log store.
- Anything that looks like a Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xapp-), a signing secret
  or a password inside a URL is masked in the message, its arguments, extra fields and tracebacks.
"""

from __future__ import annotations

import json as jsonlib
import logging
import re
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, TextIO

_request_id: ContextVar[str | None] = ContextVar("gpa_request_id", default=None)
_event_id: ContextVar[str | None] = ContextVar("gpa_event_id", default=None)
_team: ContextVar[str | None] = ContextVar("gpa_team", default=None)

REDACTED = "[REDACTED]"
MESSAGE_BODY_FIELDS = frozenset({"text", "body", "user_text", "message_text", "reply"})

# Slack token shapes: api.slack.com/authentication/token-types (bot xoxb-, user xoxp-, legacy
# workspace xoxa-, refresh xoxr-, app-level xapp-). Signing secrets are 32 lowercase hex
# characters (Slack app "Basic Information" page); we mask them after a secret-ish key name and
# also bare, since a 32-hex string in a log line is more likely a secret than anything useful.
# Each pattern starts with what it must find (a literal, a hex digit) and checks the word boundary
# before it by looking back, so the regex engine jumps to candidates instead of trying every position of
# every log line (a JSON line is redacted twice, once as its message and once whole).
_SECRET_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"xox(?<!\wxox)[abpr]-[A-Za-z0-9-]+"), REDACTED),
    (re.compile(r"xapp-(?<!\wxapp-)[A-Za-z0-9-]+"), REDACTED),
    (
        re.compile(r"(?i)((?:signing[_-]?secret|secret|token|password)[\"']?\s*[:=]\s*[\"']?)[^\s\"',}]+"),
        r"\1" + REDACTED,
    ),
    (re.compile(r"[0-9a-f](?<!\w[0-9a-f])[0-9a-f]{31}\b"), REDACTED),
    (re.compile(r"((?:redis|rediss|https?)://[^:/@\s]*:)[^@\s]+@"), r"\1" + REDACTED + "@"),
)
# The secret-named pattern ignores case as the regex engine folds it: besides ASCII letters in either case,
# a long s (ſ) is an s and a Kelvin sign (K) a k. A line with none of its three words is not searched.
_NAMED_SECRET = _SECRET_PATTERNS[2][0]
_SECRET_WORDS = ("secret", "token", "password")


def _may_name_a_secret(text: str) -> bool:
    if "ſ" in text:
        return True
    lower = text.lower()  # the Kelvin sign lower-cases to k
    return any(word in lower for word in _SECRET_WORDS)


# Attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD_ATTRS = frozenset(vars(logging.LogRecord("x", 0, "x", 0, "x", None, None))) | {
    "message",
    "asctime",
    "taskName",
    "request_id",
    "event_id",
    "team",
}


def redact(text: str) -> str:
    for pattern, replacement in _SECRET_PATTERNS:
        if pattern is _NAMED_SECRET and not _may_name_a_secret(text):
            continue
        text = pattern.sub(replacement, text)
    return text


def new_request_id() -> str:
    return secrets.token_hex(8)


def current_request_id() -> str | None:
    return _request_id.get()


@contextmanager
def bind_request_id(
    request_id: str | None = None, *, event_id: str | None = None, team: str | None = None
) -> Iterator[str]:
    """Tag every record logged inside the block (this thread or task) with these ids."""
    rid = request_id or new_request_id()
    tokens = (_request_id.set(rid), _event_id.set(event_id), _team.set(team))
    try:
        yield rid
    finally:
        _team.reset(tokens[2])
        _event_id.reset(tokens[1])
        _request_id.reset(tokens[0])


class ContextFilter(logging.Filter):
    """Adds the context ids, drops message bodies above DEBUG and redacts secrets, in place."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        record.event_id = _event_id.get()
        record.team = _team.get()
        # Render once, redact the result, and freeze it so handlers cannot re-render raw args.
        record.msg = redact(record.getMessage())
        record.args = None
        for name in extra_fields(record):
            value = getattr(record, name)
            if name in MESSAGE_BODY_FIELDS and record.levelno > logging.DEBUG:
                setattr(record, name, f"<{len(str(value))} chars omitted above DEBUG>")
            elif isinstance(value, str):
                setattr(record, name, redact(value))
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
            record.exc_info = None  # formatters would otherwise re-render the raw traceback
        return True


def extra_fields(record: logging.LogRecord) -> list[str]:
    return [k for k in vars(record) if k not in _STANDARD_ATTRS and not k.startswith("_")]


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
            "event_id": getattr(record, "event_id", None),
            "team": getattr(record, "team", None),
        }
        for name in extra_fields(record):
            line.setdefault(name, getattr(record, name))
        if record.exc_text:
            line["exc"] = record.exc_text
        # Redact again after serialising: extras may be dicts or lists holding a token.
        return redact(jsonlib.dumps(line, ensure_ascii=False, default=str))


_PLAIN = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler that reports a closed log pipe instead of swallowing it record by record."""

    def __init__(self, stream: TextIO, on_broken_pipe: Callable[[], None] | None) -> None:
        super().__init__(stream)
        self.on_broken_pipe = on_broken_pipe

    def handleError(self, record: logging.LogRecord) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, BrokenPipeError) and self.on_broken_pipe is not None:
            self.on_broken_pipe()
            return
        super().handleError(record)


def configure_logging(
    level: str | int = "INFO",
    *,
    json: bool,
    stream: TextIO | None = None,
    on_broken_pipe: Callable[[], None] | None = None,
) -> logging.Handler:
    """Install one stderr handler on the root logger (replacing one installed before).

    `on_broken_pipe` is called when the log stream's reader has gone away (a server should stop:
    running on without logs would be running blind)."""
    handler = _Handler(stream or sys.stderr, on_broken_pipe)
    handler.set_name("gpu-advisor")
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter() if json else logging.Formatter(_PLAIN))
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == "gpu-advisor"]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    return handler
