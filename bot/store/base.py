"""The state store interface: conversation sessions, the durable turn queue, de-duplication and
rate limiting.

SQLite is the embedded default; Redis is used when REDIS_URL is set, so several instances share
one state. Sessions are JSON-serialisable dicts; the dialogue layer owns their shape. The turn
queue's life cycle is described in bot.store.turns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from bot.store.turns import Admission, Completion, QueuedTurn

R = TypeVar("R")
SessionState = dict[str, Any]


class StoreUnavailable(Exception):
    """The backing store cannot be reached or cannot write (Redis down, a read-only or full disk)."""


class Store(Protocol):
    def update(
        self,
        session_id: str,
        fn: Callable[[SessionState | None], tuple[SessionState | None, R]],
        *,
        complete: Callable[[R], Completion | None] | None = None,
    ) -> R:
        """Run `fn` on the session's state under a per-session lock and save what it returns.

        `fn` gets None for a new or expired session; returning None as the new state deletes it.
        Two concurrent updates of one session never lose either update.
        `complete`, given fn's result, may name a pending turn to mark answered in the same
        transaction; when the caller no longer holds that turn, nothing is written (TurnLost).
        """
        ...

    def get(self, session_id: str) -> SessionState | None: ...

    def exists(self, session_id: str) -> bool:
        """Whether the session is live, without loading its state (routing asks this per message)."""
        ...

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool:
        """True the first time an id is claimed within `ttl_s`, False for every repeat (any instance)."""
        ...

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool:
        """Count one request for `key`; True when it exceeds `limit` within the sliding window."""
        ...

    def ping(self) -> bool:
        """True when the store can write right now (readiness): a real write, not a SELECT 1."""
        ...

    # -- the durable turn queue (bot.store.turns) --

    def admit(
        self,
        turn_id: str,
        payload: dict[str, Any],
        *,
        owner: str,
        lease_s: float,
        rate_key: str,
        limit: int,
        window_s: float,
        keep_s: float,
    ) -> Admission:
        """In one transaction: de-duplicate by id, count the rate limit, record the turn as pending
        and leased to `owner`. Every id, refused ones included, is remembered for `keep_s`."""
        ...

    def claim_turns(self, owner: str, lease_s: float, limit: int) -> list[QueuedTurn]:
        """Take over up to `limit` unfinished turns whose lease has run out (a dead or stuck worker)."""
        ...

    def renew_leases(self, owner: str, turn_ids: list[str], lease_s: float) -> None:
        """Extend the leases `owner` still holds on these turns."""
        ...

    def set_placeholder(self, turn_id: str, owner: str, ts: str) -> None:
        """Remember the "working" message of a turn, so whoever finishes it edits that message."""
        ...

    def complete_turn(self, completion: Completion) -> bool:
        """Mark a pending turn answered without a session write (an error notice); False if lost."""
        ...

    def finish_turn(self, turn_id: str, owner: str, *, save: tuple[str, SessionState] | None = None) -> None:
        """The answer is shown: the turn is done and stays only as a de-duplication marker.
        `save` (session id, state), when given, is written in the same transaction as a blind
        overwrite of that session (the user's latest plan for App Home), whether or not the caller
        still holds the turn: one commit after an answer instead of two."""
        ...

    def turn_owners(self) -> set[str]:
        """The owners holding unfinished turns (start-up looks for its dead predecessors among them)."""
        ...

    def expire_leases(self, owner: str) -> None:
        """End every lease `owner` holds now: its process is known to be dead."""
        ...

    def close(self) -> None: ...
