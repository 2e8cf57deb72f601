"""The embedded default store: one SQLite file, safe across threads and processes.

Every write runs in a `BEGIN IMMEDIATE` transaction, which takes SQLite's single write lock up
front, so read-modify-write of a session is serialised across threads *and* processes and no
update is lost. WAL lets readers proceed while a writer holds the lock
(https://www.sqlite.org/wal.html); synchronous=NORMAL is durable against application crashes
in WAL mode, which is what "nothing a user said is lost on a restart" needs
(https://www.sqlite.org/pragma.html#pragma_synchronous).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from bot.store.base import SessionState

R = TypeVar("R")
log = logging.getLogger(__name__)

# How long a writer waits for another writer before SQLite gives up with "database is locked".
BUSY_TIMEOUT_S = 30.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    state_json TEXT NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_updated_at ON sessions (updated_at);
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_expires_at ON events (expires_at);
CREATE TABLE IF NOT EXISTS rate_hits (
    key TEXT NOT NULL,
    ts REAL NOT NULL,
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_hits_key_ts ON rate_hits (key, ts);
CREATE INDEX IF NOT EXISTS rate_hits_expires_at ON rate_hits (expires_at);
"""


class SQLiteStore:
    def __init__(
        self, path: Path | str, *, session_ttl_s: float, clock: Callable[[], float] = time.time
    ) -> None:
        self.path = Path(path)
        self._ttl_s = session_ttl_s
        self._clock = clock
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        self._closed = False
        self._conn().executescript(SCHEMA)

    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise RuntimeError("store is closed")
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            # isolation_level=None: we issue BEGIN/COMMIT ourselves. One connection per thread;
            # check_same_thread=False only so close() may close them all from one thread.
            db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
            )
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            self._local.db = db
            with self._all_lock:
                self._all.append(db)
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._conn()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _read_state(self, db: sqlite3.Connection, session_id: str, now: float) -> SessionState | None:
        row = db.execute(
            "SELECT state_json FROM sessions WHERE id = ? AND updated_at >= ?",
            (session_id, now - self._ttl_s),
        ).fetchone()
        if row is None:
            return None
        try:
            state = json.loads(row[0])
        except ValueError:
            state = None
        if not isinstance(state, dict):
            log.warning("session %r has unreadable state; starting it afresh", session_id)
            return None
        return state

    def update(
        self, session_id: str, fn: Callable[[SessionState | None], tuple[SessionState | None, R]]
    ) -> R:
        with self._write() as db:
            now = self._clock()
            # Opportunistic purge of idle sessions; the index keeps it cheap.
            db.execute("DELETE FROM sessions WHERE updated_at < ?", (now - self._ttl_s,))
            new_state, result = fn(self._read_state(db, session_id, now))
            if new_state is None:
                db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            else:
                db.execute(
                    "INSERT INTO sessions (id, state_json, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET state_json = excluded.state_json, "
                    "updated_at = excluded.updated_at",
                    (session_id, json.dumps(new_state, ensure_ascii=False), now),
                )
        return result

    def get(self, session_id: str) -> SessionState | None:
        return self._read_state(self._conn(), session_id, self._clock())

    def exists(self, session_id: str) -> bool:
        row = (
            self._conn()
            .execute(
                "SELECT 1 FROM sessions WHERE id = ? AND updated_at >= ?",
                (session_id, self._clock() - self._ttl_s),
            )
            .fetchone()
        )
        return row is not None

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool:
        with self._write() as db:
            now = self._clock()
            db.execute("DELETE FROM events WHERE expires_at <= ?", (now,))
            cur = db.execute(
                "INSERT OR IGNORE INTO events (id, expires_at) VALUES (?, ?)", (event_id, now + ttl_s)
            )
            return cur.rowcount == 1

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool:
        """Sliding log; a refused request is not counted, so waiting out the window always helps."""
        with self._write() as db:
            now = self._clock()
            db.execute("DELETE FROM rate_hits WHERE expires_at <= ?", (now,))
            (count,) = db.execute(
                "SELECT COUNT(*) FROM rate_hits WHERE key = ? AND ts > ?", (key, now - window_s)
            ).fetchone()
            if count >= limit:
                return True
            db.execute(
                "INSERT INTO rate_hits (key, ts, expires_at) VALUES (?, ?, ?)", (key, now, now + window_s)
            )
            return False

    def ping(self) -> bool:
        try:
            self._conn().execute("SELECT 1").fetchone()
        except (sqlite3.Error, RuntimeError):
            return False
        return True

    def close(self) -> None:
        self._closed = True
        with self._all_lock:
            for db in self._all:
                db.close()
            self._all.clear()
