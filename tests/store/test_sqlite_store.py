"""What only the SQLite file gives: durability across restarts and safety across processes."""

from __future__ import annotations

import logging
import multiprocessing
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.store import open_store
from bot.store.base import SessionState, StoreUnavailable
from bot.store.sqlite import SQLiteStore

WEEK_S = 7 * 24 * 3600.0


def slow_add_one(state: SessionState | None) -> tuple[SessionState, int]:
    count = int((state or {}).get("count", 0)) + 1
    time.sleep(0.001)  # widens the read-modify-write window a missing lock would lose updates in
    return {"count": count}, count


def count_up(path: str, updates_n: int, start: threading.Barrier) -> None:
    store = SQLiteStore(path, session_ttl_s=WEEK_S)
    start.wait()
    for _ in range(updates_n):
        store.update("shared", slow_add_one)
    store.close()


def test_two_processes_updating_one_session_lose_no_update(tmp_path: Path) -> None:
    path = str(tmp_path / "state.db")
    SQLiteStore(path, session_ttl_s=WEEK_S).close()  # schema first, so both start on equal terms
    ctx = multiprocessing.get_context("fork")
    start = ctx.Barrier(2)
    workers = [ctx.Process(target=count_up, args=(path, 100, start)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0]
    assert SQLiteStore(path, session_ttl_s=WEEK_S).get("shared") == {"count": 200}


def test_a_session_survives_a_restart_on_the_same_file(tmp_path: Path) -> None:
    first = SQLiteStore(tmp_path / "state.db", session_ttl_s=WEEK_S)
    first.update("alice", lambda state: ({"params": 7e9, "turns": ["我们要训练一个70亿参数的模型"]}, None))
    first.close()
    second = SQLiteStore(tmp_path / "state.db", session_ttl_s=WEEK_S)
    assert second.get("alice") == {"params": 7e9, "turns": ["我们要训练一个70亿参数的模型"]}
    second.close()


def test_corrupt_session_state_reads_as_a_new_session_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = SQLiteStore(tmp_path / "state.db", session_ttl_s=WEEK_S, clock=lambda: 1000.0)
    store.update("alice", lambda state: ({"params": 7e9}, None))
    raw = sqlite3.connect(tmp_path / "state.db")
    with raw:
        raw.execute("UPDATE sessions SET state_json = '{\"params\": 7e9, tru' WHERE id = 'alice'")
    raw.close()
    with caplog.at_level(logging.WARNING):
        assert store.get("alice") is None
    assert "alice" in caplog.text
    seen: list[SessionState | None] = []

    def restart(state: SessionState | None) -> tuple[SessionState, None]:
        seen.append(state)
        return {"params": 1.3e10}, None

    store.update("alice", restart)
    assert seen == [None]
    assert store.get("alice") == {"params": 1.3e10}


def test_state_that_is_json_but_not_an_object_also_reads_as_new(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "state.db", session_ttl_s=WEEK_S, clock=lambda: 1000.0)
    store.update("alice", lambda state: ({"params": 7e9}, None))
    raw = sqlite3.connect(tmp_path / "state.db")
    with raw:
        raw.execute("UPDATE sessions SET state_json = '[1, 2]' WHERE id = 'alice'")
    raw.close()
    assert store.get("alice") is None


def test_the_file_uses_write_ahead_logging(tmp_path: Path) -> None:
    SQLiteStore(tmp_path / "state.db", session_ttl_s=WEEK_S).close()
    raw = sqlite3.connect(tmp_path / "state.db")
    assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    raw.close()


def test_open_store_creates_the_sqlite_file_and_its_folders(tmp_path: Path) -> None:
    db = tmp_path / "fresh" / "machine" / "state.db"
    store = open_store(Settings.from_env({"GPU_ADVISOR_DB": str(db)}))
    store.update("alice", lambda state: ({"params": 7e9}, None))
    store.close()
    assert db.exists()
    assert SQLiteStore(db, session_ttl_s=WEEK_S).get("alice") == {"params": 7e9}


def test_expired_sessions_are_purged_from_the_file(tmp_path: Path) -> None:
    now = [1000.0]
    store = SQLiteStore(tmp_path / "state.db", session_ttl_s=60, clock=lambda: now[0])
    store.update("old", lambda state: ({"params": 7e9}, None))
    now[0] += 120
    store.update("new", lambda state: ({"params": 1.3e10}, None))
    raw = sqlite3.connect(tmp_path / "state.db")
    ids = [row[0] for row in raw.execute("SELECT id FROM sessions")]
    raw.close()
    assert ids == ["new"]


def test_readiness_is_a_real_write_and_a_refused_write_is_a_store_outage(tmp_path: Path) -> None:
    class Refusing(SQLiteStore):
        refuse = False

        def _conn(self) -> sqlite3.Connection:
            db = super()._conn()
            db.execute(f"PRAGMA query_only = {int(self.refuse)}")  # as a read-only file or full disk
            return db

    store = Refusing(tmp_path / "state.db", session_ttl_s=3600)
    store.update("s", lambda _old: ({"n": 1}, None))
    assert store.ping() is True

    store.refuse = True

    assert store.ping() is False
    assert store.get("s") == {"n": 1}  # reads still work
    with pytest.raises(StoreUnavailable, match="state store unavailable"):
        store.update("s", lambda _old: ({"n": 2}, None))
    store.close()


def test_closing_the_store_waits_for_an_operation_in_flight_on_another_thread(tmp_path: Path) -> None:
    # Closing a connection under a running statement crashes the process; close() must wait.
    store = SQLiteStore(tmp_path / "state.db", session_ttl_s=3600)
    inside, release = threading.Event(), threading.Event()
    results: list[int] = []

    def hold(state: SessionState | None) -> tuple[SessionState, int]:
        inside.set()
        release.wait(5)
        return {"n": 1}, 1

    worker = threading.Thread(target=lambda: results.append(store.update("s", hold)))
    worker.start()
    assert inside.wait(5)
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(0.2)
    assert closer.is_alive()  # still waiting for the update to finish
    release.set()
    worker.join(5)
    closer.join(5)
    assert results == [1] and not closer.is_alive()
    with pytest.raises(RuntimeError):
        store.get("s")
