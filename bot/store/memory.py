"""An in-process store with the same semantics as SQLite and Redis, for tests and benchmarks.

State is deep-copied through JSON on the way in and out, so a caller that mutates what it got
back cannot change the stored session behind the store's back (as with the real backends).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from bot.store.base import SessionState
from bot.store.turns import ANSWERED, DONE, PENDING, Admission, Completion, QueuedTurn, TurnLost

R = TypeVar("R")
PURGE_EVERY = 1024  # claims between sweeps of expired event ids


@dataclass
class _Turn:
    state: str
    payload: dict[str, Any]
    owner: str | None
    lease_until: float
    attempts: int
    expires_at: float
    placeholder_ts: str | None = None
    answer: dict[str, Any] | None = None


class MemoryStore:
    def __init__(self, *, session_ttl_s: float, clock: Callable[[], float] = time.time) -> None:
        self._ttl_s = session_ttl_s
        self._clock = clock
        self._lock = threading.Lock()  # guards the dicts below, never held while `fn` runs
        self._session_locks: dict[str, threading.Lock] = {}
        self._sessions: dict[str, tuple[str, float]] = {}  # id -> (state JSON, updated_at)
        self._events: dict[str, float] = {}  # id -> expires_at
        self._hits: dict[str, deque[float]] = {}
        self._turns: dict[str, _Turn] = {}
        self._closed = False
        self._claims = 0

    def _session_lock(self, session_id: str) -> threading.Lock:
        with self._lock:
            return self._session_locks.setdefault(session_id, threading.Lock())

    def _load(self, session_id: str, now: float) -> SessionState | None:
        with self._lock:
            row = self._sessions.get(session_id)
            if row is None:
                return None
            if now - row[1] > self._ttl_s:
                del self._sessions[session_id]
                return None
        state: SessionState = json.loads(row[0])
        return state

    def update(
        self,
        session_id: str,
        fn: Callable[[SessionState | None], tuple[SessionState | None, R]],
        *,
        complete: Callable[[R], Completion | None] | None = None,
    ) -> R:
        self._check_open()
        with self._session_lock(session_id):
            now = self._clock()
            new_state, result = fn(self._load(session_id, now))
            completion = complete(result) if complete is not None else None
            with self._lock:
                if completion is not None and not self._answer(completion):
                    raise TurnLost(completion.turn_id)
                if new_state is None:
                    self._sessions.pop(session_id, None)
                else:
                    self._sessions[session_id] = (json.dumps(new_state, ensure_ascii=False), now)
            return result

    def get(self, session_id: str) -> SessionState | None:
        self._check_open()
        return self._load(session_id, self._clock())

    def exists(self, session_id: str) -> bool:
        self._check_open()
        now = self._clock()
        with self._lock:
            row = self._sessions.get(session_id)
            return row is not None and now - row[1] <= self._ttl_s

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool:
        self._check_open()
        now = self._clock()
        with self._lock:
            self._claims += 1
            if self._claims % PURGE_EVERY == 0:  # keep a long benchmark's memory flat
                self._events = {k: t for k, t in self._events.items() if t > now}
            expires_at = self._events.get(event_id)
            if expires_at is not None and expires_at > now:
                return False
            self._events[event_id] = now + ttl_s
            return True

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool:
        """Sliding log; a refused request is not counted, so waiting out the window always helps."""
        self._check_open()
        with self._lock:
            return self._hit(key, limit, window_s, self._clock())

    def _hit(self, key: str, limit: int, window_s: float, now: float) -> bool:
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - window_s:
            hits.popleft()
        if len(hits) >= limit:
            return True
        hits.append(now)
        return False

    # -- the durable turn queue --

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
        self._check_open()
        now = self._clock()
        with self._lock:
            known = self._turns.get(turn_id)
            if known is not None and known.expires_at > now:
                return Admission.DUPLICATE
            if self._hit(rate_key, limit, window_s, now):
                self._turns[turn_id] = _Turn(DONE, {}, None, 0.0, 0, now + keep_s)
                notice = f"notice:{rate_key}"
                if self._events.get(notice, 0.0) > now:
                    return Admission.LIMITED_QUIET
                self._events[notice] = now + window_s
                return Admission.LIMITED
            self._turns[turn_id] = _Turn(PENDING, _copy(payload), owner, now + lease_s, 1, now + keep_s)
            return Admission.ACCEPTED

    def claim_turns(self, owner: str, lease_s: float, limit: int) -> list[QueuedTurn]:
        self._check_open()
        now = self._clock()
        claimed: list[QueuedTurn] = []
        with self._lock:
            live = sorted(
                (t.lease_until, turn_id)
                for turn_id, t in self._turns.items()
                if t.state != DONE and t.lease_until <= now and t.expires_at > now
            )
            for _, turn_id in live[:limit]:
                turn = replace(self._turns[turn_id], owner=owner, lease_until=now + lease_s)
                turn.attempts += 1
                self._turns[turn_id] = turn
                claimed.append(
                    QueuedTurn(
                        turn_id,
                        turn.state,
                        _copy(turn.payload),
                        turn.attempts,
                        turn.placeholder_ts,
                        _copy(turn.answer) if turn.answer is not None else None,
                    )
                )
        return claimed

    def renew_leases(self, owner: str, turn_ids: list[str], lease_s: float) -> None:
        self._check_open()
        until = self._clock() + lease_s
        with self._lock:
            for turn_id in turn_ids:
                turn = self._turns.get(turn_id)
                if turn is not None and turn.owner == owner and turn.state != DONE:
                    turn.lease_until = until

    def set_placeholder(self, turn_id: str, owner: str, ts: str) -> None:
        self._check_open()
        with self._lock:
            turn = self._turns.get(turn_id)
            if turn is not None and turn.owner == owner:
                turn.placeholder_ts = ts

    def complete_turn(self, completion: Completion) -> bool:
        self._check_open()
        with self._lock:
            return self._answer(completion)

    def _answer(self, completion: Completion) -> bool:
        turn = self._turns.get(completion.turn_id)
        if turn is None or turn.owner != completion.owner or turn.state != PENDING:
            return False
        turn.state = ANSWERED
        turn.answer = _copy(completion.answer)
        return True

    def finish_turn(self, turn_id: str, owner: str, *, save: tuple[str, SessionState] | None = None) -> None:
        self._check_open()
        with self._lock:
            turn = self._turns.get(turn_id)
            if turn is not None and turn.owner == owner:
                turn.state, turn.payload, turn.answer = DONE, {}, None
            if save is not None:
                session_id, state = save
                self._sessions[session_id] = (json.dumps(state, ensure_ascii=False), self._clock())

    def turn_owners(self) -> set[str]:
        self._check_open()
        with self._lock:
            return {t.owner for t in self._turns.values() if t.state != DONE and t.owner is not None}

    def expire_leases(self, owner: str) -> None:
        self._check_open()
        with self._lock:
            for turn in self._turns.values():
                if turn.owner == owner and turn.state != DONE:
                    turn.lease_until = 0.0

    def ping(self) -> bool:
        return not self._closed

    def close(self) -> None:
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("store is closed")


def _copy(value: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(value))
    return copied
