"""Optimistic concurrency for one session turn: compute outside any lock, commit if unchanged.

Parsing, planning and rendering take tens of milliseconds; inside `store.update` that would hold
SQLite's database-wide write lock and stall every other session and the Slack layer's de-dup and
rate-limit writes. So a turn is computed from a snapshot and the commit only checks that the
session's revision is still the one read. On a conflict the turn is recomputed from the fresh
state; after a few conflicts it runs inside the lock, which always makes progress.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bot.store import turns
from bot.store.base import SessionState, Store

T = TypeVar("T")
Compute = Callable[[SessionState | None], tuple[SessionState, T]]

# Optimistic commits tried before a turn is computed inside the store lock (guaranteed progress).
OPTIMISTIC_ATTEMPTS = 3


def commit_turn(store: Store, session_id: str, compute: Compute[T]) -> T:
    """Run `compute` on the session's state and store the new state; return its result.

    When a queued Slack turn is being answered (bot.store.turns.completing), the commit also marks
    that turn answered in the same transaction, so a crash can never apply a message twice.
    """
    if turns.completes(session_id):
        result = _commit(store, session_id, compute, completing=True)
        turns.completed(session_id)
        return result
    return _commit(store, session_id, compute, completing=False)


def _commit(store: Store, session_id: str, compute: Compute[T], *, completing: bool) -> T:
    for _ in range(OPTIMISTIC_ATTEMPTS):
        snapshot = store.get(session_id)
        new_state, result = compute(snapshot)

        def commit(
            current: SessionState | None,
            snapshot: SessionState | None = snapshot,
            new: SessionState = new_state,
        ) -> tuple[SessionState | None, bool]:
            if revision(current) != revision(snapshot) or current != snapshot:
                return current, False
            return new, True

        if completing:

            def complete(ok: bool, result: T = result) -> turns.Completion | None:
                return turns.completion_for(session_id, result) if ok else None

            if store.update(session_id, commit, complete=complete):
                return result
        elif store.update(session_id, commit):
            return result
    if completing:
        return store.update(
            session_id, compute, complete=lambda result: turns.completion_for(session_id, result)
        )
    return store.update(session_id, compute)


def revision(state: SessionState | None) -> int:
    """The session's commit counter ("rev"), bumped by every turn; 0 for a new session."""
    rev = (state or {}).get("rev")
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else 0
