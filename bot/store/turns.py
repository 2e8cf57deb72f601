"""The durable turn queue's values, shared by every store backend.

A turn is one thing a user asked of the bot over Slack (a mention, a DM, `/gpu TEXT`, a button, the
form). It is admitted into the store *before* Slack gets its ack, so a crash after the ack loses
nothing: its life is

    pending  --(session written + answer stored, one transaction)-->  answered  --(shown)-->  done

A worker holds a turn through a lease (owner + expiry) that it renews while it works; when a process
dies its leases run out and another worker (or the same process after a restart) claims the turn and
carries on from where it stopped: a pending turn is computed again (its session write never happened,
because the session write and the answer commit together), an answered one is only shown again.
A done turn stays as a de-duplication marker until it expires, so a retried delivery of the same
Slack event, command or click starts nothing.

The payload and the answer are JSON objects that only the Slack layer reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from bot.ports import Admission, Completion, QueuedTurn, TurnLost

__all__ = ["ANSWERED", "DONE", "PENDING", "Admission", "Completion", "QueuedTurn", "TurnLost"]

PENDING = "pending"
ANSWERED = "answered"
DONE = "done"


# json.dumps(value, ensure_ascii=False, separators=(",", ":")) without building an encoder on every call.
_COMPACT_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(value: dict[str, Any]) -> str:
    return _COMPACT_JSON(value)


def loads(raw: str | bytes | None) -> dict[str, Any] | None:
    if not raw:
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


@dataclass
class _Completing:
    turn_id: str
    owner: str
    session_id: str
    answer_of: Callable[[Any], dict[str, Any]]
    used: bool = False


_completing: ContextVar[_Completing | None] = ContextVar("gpa_completing_turn", default=None)


@contextmanager
def completing(
    turn_id: str, owner: str, session_id: str, answer_of: Callable[[Any], dict[str, Any]]
) -> Iterator[None]:
    """Within the block, the first commit of `session_id`'s state also marks the turn answered, with
    `answer_of(the commit's result)` as its answer (bot.dialogue.commit asks `completion_for`)."""
    token = _completing.set(_Completing(turn_id, owner, session_id, answer_of))
    try:
        yield
    finally:
        _completing.reset(token)


def completes(session_id: str) -> bool:
    """Whether a commit of this session should carry a turn's completion (see `completing`)."""
    bound = _completing.get()
    return bound is not None and bound.session_id == session_id and not bound.used


def completion_for(session_id: str, result: Any) -> Completion | None:
    """The Completion for a commit of `session_id` whose result is `result` (None when not bound)."""
    bound = _completing.get()
    if bound is None or bound.session_id != session_id or bound.used:
        return None
    return Completion(bound.turn_id, bound.owner, bound.answer_of(result))


def completed(session_id: str) -> None:
    """The commit carrying the turn's completion succeeded: later commits in the block carry none."""
    bound = _completing.get()
    if bound is not None and bound.session_id == session_id:
        bound.used = True
