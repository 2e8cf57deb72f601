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
from typing import TypeVar

from bot.store.base import SessionState

R = TypeVar("R")
PURGE_EVERY = 1024  # claims between sweeps of expired event ids


class MemoryStore:
    def __init__(self, *, session_ttl_s: float, clock: Callable[[], float] = time.time) -> None:
        self._ttl_s = session_ttl_s
        self._clock = clock
        self._lock = threading.Lock()  # guards the dicts below, never held while `fn` runs
        self._session_locks: dict[str, threading.Lock] = {}
        self._sessions: dict[str, tuple[str, float]] = {}  # id -> (state JSON, updated_at)
        self._events: dict[str, float] = {}  # id -> expires_at
        self._hits: dict[str, deque[float]] = {}
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
        self, session_id: str, fn: Callable[[SessionState | None], tuple[SessionState | None, R]]
    ) -> R:
        self._check_open()
        with self._session_lock(session_id):
            now = self._clock()
            new_state, result = fn(self._load(session_id, now))
            with self._lock:
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
        now = self._clock()
        with self._lock:
            hits = self._hits.setdefault(key, deque())
            while hits and hits[0] <= now - window_s:
                hits.popleft()
            if len(hits) >= limit:
                return True
            hits.append(now)
            return False

    def ping(self) -> bool:
        return not self._closed

    def close(self) -> None:
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("store is closed")
