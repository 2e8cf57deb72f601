"""The state store interface: conversation sessions, event de-duplication and rate limiting.

SQLite is the embedded default; Redis is used when REDIS_URL is set, so several instances share
one state. Sessions are JSON-serialisable dicts; the dialogue layer owns their shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

R = TypeVar("R")
SessionState = dict[str, Any]


class StoreUnavailable(Exception):
    """The backing store cannot be reached (e.g. Redis is down)."""


class Store(Protocol):
    def update(
        self, session_id: str, fn: Callable[[SessionState | None], tuple[SessionState | None, R]]
    ) -> R:
        """Run `fn` on the session's state under a per-session lock and save what it returns.

        `fn` gets None for a new or expired session; returning None as the new state deletes it.
        Two concurrent updates of one session never lose either update.
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
        """True when the store is reachable (readiness)."""
        ...

    def close(self) -> None: ...
