"""The embedded default store: one SQLite file, safe across threads and processes.

Every write runs in a `BEGIN IMMEDIATE` transaction, which takes SQLite's single write lock up
front, so read-modify-write of a session is serialised across threads *and* processes and no
update is lost. WAL lets readers proceed while a writer holds the lock
(https://www.sqlite.org/wal.html); synchronous=NORMAL is durable against application crashes
in WAL mode, which is what "nothing a user said is lost on a restart" needs
(https://www.sqlite.org/pragma.html#pragma_synchronous).

A write the database refuses (read-only file, full disk, I/O error, a lock held past the busy
timeout) raises StoreUnavailable, which the Slack layer turns into the "state store unavailable"
notice, and makes readiness fail for a while.
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
from typing import Any, TypeVar

from bot.store import turns
from bot.store.base import SessionState, StoreUnavailable
from bot.store.turns import Admission, Completion, QueuedTurn, TurnLost

R = TypeVar("R")
log = logging.getLogger(__name__)

# How long a writer waits for another writer before SQLite gives up with "database is locked".
BUSY_TIMEOUT_S = 30.0
# Idle sessions are purged at most this often: a purge is one more statement in a turn's commit, and an
# expired session is never read anyway (_read_state checks its age).
PURGE_INTERVAL_S = 60.0
# How long close() waits for operations in flight (each takes milliseconds) before closing anyway.
CLOSE_WAIT_S = 5.0
# After a failed write (full disk, read-only file), readiness stays failed this long even if a
# small probe write happens to fit: a full disk refuses the bigger writes of real turns first.
FAILED_WRITE_MEMORY_S = 30.0
# Expired turns and events are swept on one admission in this many (the sweep is an indexed DELETE).
SWEEP_EVERY = 64
# sqlite3 errors that are programming mistakes, not the database's health: never reported as an outage.
_BUGS = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)
# json.dumps(state, ensure_ascii=False), without building an encoder on every call (the same text).
_STATE_JSON = json.JSONEncoder(ensure_ascii=False).encode

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
CREATE TABLE IF NOT EXISTS turns (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    payload_json TEXT NOT NULL,
    owner TEXT,
    lease_until REAL NOT NULL,
    attempts INTEGER NOT NULL,
    placeholder_ts TEXT,
    answer_json TEXT,
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS turns_live ON turns (lease_until) WHERE state != 'done';
CREATE INDEX IF NOT EXISTS turns_expires_at ON turns (expires_at);
CREATE TABLE IF NOT EXISTS health (
    id INTEGER PRIMARY KEY,
    checked_at REAL NOT NULL
);
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
        # Operations in flight, so close() never closes a connection another thread is inside
        # (sqlite3 crashes the process when one is closed under a running statement).
        self._idle = threading.Condition()
        self._in_flight = 0
        self._admissions = 0
        self._write_lock = threading.Lock()
        self._failed_write_at: float | None = None
        self._purged_at: float | None = None  # by self._clock
        with self._guard("open"):
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
    def _guard(self, what: str) -> Iterator[None]:
        with self._idle:
            self._in_flight += 1
        try:
            yield
        except sqlite3.Error as exc:
            if isinstance(exc, _BUGS):
                raise
            self._failed_write_at = time.monotonic()
            raise StoreUnavailable(
                f"state store unavailable: SQLite at {self.path.name} failed during {what} "
                f"({type(exc).__name__}: {exc})"
            ) from exc
        finally:
            with self._idle:
                self._in_flight -= 1
                if self._in_flight == 0:
                    self._idle.notify_all()

    @contextmanager
    def _write(self, what: str = "write") -> Iterator[sqlite3.Connection]:
        # Writers of this process queue on a Python lock first: SQLite's own busy handler, which
        # only matters between processes, sleeps 1 ms and more per retry, and the HTTP thread's
        # admission must not sleep behind a worker's commit (a turn's writes take well under 1 ms).
        with self._write_lock, self._guard(what):
            db = self._conn()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
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
        self,
        session_id: str,
        fn: Callable[[SessionState | None], tuple[SessionState | None, R]],
        *,
        complete: Callable[[R], Completion | None] | None = None,
    ) -> R:
        with self._write("update") as db:
            now = self._clock()
            if self._purged_at is None or now - self._purged_at >= PURGE_INTERVAL_S:
                # Opportunistic purge of idle sessions; the index keeps it cheap.
                db.execute("DELETE FROM sessions WHERE updated_at < ?", (now - self._ttl_s,))
                self._purged_at = now
            new_state, result = fn(self._read_state(db, session_id, now))
            if new_state is None:
                db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            else:
                self._put(db, session_id, new_state, now)
            completion = complete(result) if complete is not None else None
            if completion is not None and not self._answer(db, completion):
                raise TurnLost(completion.turn_id)  # rolls the session write back
        return result

    @staticmethod
    def _put(db: sqlite3.Connection, session_id: str, state: SessionState, now: float) -> None:
        db.execute(
            "INSERT INTO sessions (id, state_json, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET state_json = excluded.state_json, "
            "updated_at = excluded.updated_at",
            (session_id, _STATE_JSON(state), now),
        )

    def get(self, session_id: str) -> SessionState | None:
        with self._guard("get"):
            return self._read_state(self._conn(), session_id, self._clock())

    def exists(self, session_id: str) -> bool:
        with self._guard("exists"):
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
        with self._write("claim_event") as db:
            now = self._clock()
            db.execute("DELETE FROM events WHERE expires_at <= ?", (now,))
            cur = db.execute(
                "INSERT OR IGNORE INTO events (id, expires_at) VALUES (?, ?)", (event_id, now + ttl_s)
            )
            return cur.rowcount == 1

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool:
        """Sliding log; a refused request is not counted, so waiting out the window always helps."""
        with self._write("rate limit") as db:
            return self._hit(db, key, limit, window_s, self._clock())

    @staticmethod
    def _hit(db: sqlite3.Connection, key: str, limit: int, window_s: float, now: float) -> bool:
        db.execute("DELETE FROM rate_hits WHERE key = ? AND expires_at <= ?", (key, now))
        (count,) = db.execute(
            "SELECT COUNT(*) FROM rate_hits WHERE key = ? AND ts > ?", (key, now - window_s)
        ).fetchone()
        if count >= limit:
            return True
        db.execute("INSERT INTO rate_hits (key, ts, expires_at) VALUES (?, ?, ?)", (key, now, now + window_s))
        return False

    def ping(self) -> bool:
        """A real write (one row rewritten), and no refused write in the last FAILED_WRITE_MEMORY_S."""
        try:
            with self._write("readiness probe") as db:
                db.execute("INSERT OR REPLACE INTO health (id, checked_at) VALUES (1, ?)", (self._clock(),))
        except (StoreUnavailable, RuntimeError):
            return False
        failed_at = self._failed_write_at
        return failed_at is None or time.monotonic() - failed_at > FAILED_WRITE_MEMORY_S

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
        with self._write("admit") as db:
            now = self._clock()
            self._admissions += 1
            if self._admissions % SWEEP_EVERY == 1:
                db.execute("DELETE FROM turns WHERE expires_at <= ?", (now,))
                db.execute("DELETE FROM events WHERE expires_at <= ?", (now,))
                db.execute("DELETE FROM rate_hits WHERE expires_at <= ?", (now,))
            # One read for both questions (is it a repeat, how many in the window): every statement
            # is a round trip through the sqlite3 module, and this runs before Slack gets its ack.
            known_until, hits = db.execute(
                "SELECT (SELECT expires_at FROM turns WHERE id = ?), "
                "(SELECT COUNT(*) FROM rate_hits WHERE key = ? AND ts > ?)",
                (turn_id, rate_key, now - window_s),
            ).fetchone()
            if known_until is not None and known_until > now:
                return Admission.DUPLICATE
            if known_until is not None:
                db.execute("DELETE FROM turns WHERE id = ?", (turn_id,))
            if hits >= limit:
                db.execute(
                    "INSERT INTO turns (id, state, payload_json, lease_until, attempts, expires_at) "
                    "VALUES (?, 'done', '{}', 0, 0, ?)",
                    (turn_id, now + keep_s),
                )
                notice = f"notice:{rate_key}"
                db.execute("DELETE FROM events WHERE id = ? AND expires_at <= ?", (notice, now))
                first = db.execute(
                    "INSERT OR IGNORE INTO events (id, expires_at) VALUES (?, ?)", (notice, now + window_s)
                ).rowcount
                return Admission.LIMITED if first == 1 else Admission.LIMITED_QUIET
            db.execute(
                "INSERT INTO rate_hits (key, ts, expires_at) VALUES (?, ?, ?)",
                (rate_key, now, now + window_s),
            )
            db.execute(
                "INSERT INTO turns (id, state, payload_json, owner, lease_until, attempts, expires_at) "
                "VALUES (?, 'pending', ?, ?, ?, 1, ?)",
                (turn_id, turns.dumps(payload), owner, now + lease_s, now + keep_s),
            )
            return Admission.ACCEPTED

    def claim_turns(self, owner: str, lease_s: float, limit: int) -> list[QueuedTurn]:
        now = self._clock()
        live = "FROM turns WHERE state != 'done' AND lease_until <= ? ORDER BY lease_until LIMIT ?"
        with self._guard("claim turns"):
            # A read first: the sweep runs every second and there is almost never anything to take.
            if not self._conn().execute(f"SELECT 1 {live}", (now, limit)).fetchone():
                return []
        with self._write("claim turns") as db:
            rows = db.execute(
                f"SELECT id, state, payload_json, attempts, placeholder_ts, answer_json {live}", (now, limit)
            ).fetchall()
            db.executemany(
                "UPDATE turns SET owner = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ?",
                [(owner, now + lease_s, row[0]) for row in rows],
            )
        return [
            QueuedTurn(
                id=row[0],
                state=row[1],
                payload=turns.loads(row[2]) or {},
                attempts=int(row[3]) + 1,
                placeholder_ts=row[4],
                answer=turns.loads(row[5]),
            )
            for row in rows
        ]

    def renew_leases(self, owner: str, turn_ids: list[str], lease_s: float) -> None:
        if not turn_ids:
            return
        with self._write("renew leases") as db:
            until = self._clock() + lease_s
            db.executemany(
                "UPDATE turns SET lease_until = ? WHERE id = ? AND owner = ? AND state != 'done'",
                [(until, turn_id, owner) for turn_id in turn_ids],
            )

    def set_placeholder(self, turn_id: str, owner: str, ts: str) -> None:
        # One statement is its own transaction (autocommit): no BEGIN/COMMIT round trips, each of
        # which gives up the GIL and waits for it again beside the turn that is computing meanwhile.
        with self._write_lock, self._guard("placeholder"):
            self._conn().execute(
                "UPDATE turns SET placeholder_ts = ? WHERE id = ? AND owner = ?", (ts, turn_id, owner)
            )

    def complete_turn(self, completion: Completion) -> bool:
        with self._write("complete turn") as db:
            return self._answer(db, completion)

    @staticmethod
    def _answer(db: sqlite3.Connection, completion: Completion) -> bool:
        cur = db.execute(
            "UPDATE turns SET state = 'answered', answer_json = ? "
            "WHERE id = ? AND owner = ? AND state = 'pending'",
            (turns.dumps(completion.answer), completion.turn_id, completion.owner),
        )
        return cur.rowcount == 1

    def finish_turn(self, turn_id: str, owner: str, *, save: tuple[str, SessionState] | None = None) -> None:
        # What the user wrote and the answer are dropped: only the id stays, for de-duplication.
        with self._write("finish turn") as db:
            db.execute(
                "UPDATE turns SET state = 'done', payload_json = '{}', answer_json = NULL "
                "WHERE id = ? AND owner = ?",
                (turn_id, owner),
            )
            if save is not None:
                self._put(db, *save, self._clock())

    def turn_owners(self) -> set[str]:
        with self._guard("turn owners"):
            rows = self._conn().execute(
                "SELECT DISTINCT owner FROM turns WHERE state != 'done' AND owner IS NOT NULL"
            )
            return {str(row[0]) for row in rows}

    def expire_leases(self, owner: str) -> None:
        with self._write("expire leases") as db:
            db.execute("UPDATE turns SET lease_until = 0 WHERE owner = ? AND state != 'done'", (owner,))

    def close(self) -> None:
        with self._idle:
            self._closed = True  # new operations fail in _conn(); running ones finish first
            self._idle.wait_for(lambda: self._in_flight == 0, timeout=CLOSE_WAIT_S)
        with self._all_lock:
            for db in self._all:
                db.close()
            self._all.clear()
