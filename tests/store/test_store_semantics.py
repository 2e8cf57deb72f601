"""The Store contract, run against every embedded backend (SQLite file and in-memory)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.store.base import SessionState, Store
from bot.store.memory import MemoryStore
from bot.store.sqlite import SQLiteStore

DAY_S = 24 * 3600.0


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


StoreFactory = Callable[[FakeClock], Store]


@pytest.fixture(params=["sqlite", "memory"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    made: list[Store] = []

    def make(clock: FakeClock) -> Store:
        store: Store
        if request.param == "sqlite":
            store = SQLiteStore(tmp_path / "state.db", session_ttl_s=7 * DAY_S, clock=clock)
        else:
            store = MemoryStore(session_ttl_s=7 * DAY_S, clock=clock)
        made.append(store)
        return store

    yield make  # type: ignore[misc]
    for store in made:
        store.close()


def set_slot(name: str, value: Any) -> Callable[[SessionState | None], tuple[SessionState, str]]:
    def fn(state: SessionState | None) -> tuple[SessionState, str]:
        new = dict(state or {})
        new[name] = value
        return new, "saved"

    return fn


def add_one(state: SessionState | None) -> tuple[SessionState, int]:
    count = int((state or {}).get("count", 0)) + 1
    time.sleep(0.0005)  # widens the read-modify-write window a missing lock would lose updates in
    return {"count": count}, count


def test_a_new_session_starts_empty_and_keeps_what_was_said(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    seen: list[SessionState | None] = []

    def remember(state: SessionState | None) -> tuple[SessionState, None]:
        seen.append(state)
        return {"params": 7e9, "lang": "zh"}, None

    store.update("alice", remember)
    assert seen == [None]
    assert store.get("alice") == {"params": 7e9, "lang": "zh"}


def test_update_returns_what_the_function_returns(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    assert store.update("alice", set_slot("days", 30)) == "saved"


def test_sessions_stay_apart(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    store.update("alice", set_slot("params", 7e9))
    store.update("bob", set_slot("data_bytes", 1e12))
    assert store.get("alice") == {"params": 7e9}
    assert store.get("bob") == {"data_bytes": 1e12}


def test_returning_none_forgets_the_session(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    store.update("alice", set_slot("params", 7e9))
    store.update("alice", lambda state: (None, None))
    assert store.get("alice") is None


def test_a_failing_update_leaves_the_previous_state(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    store.update("alice", set_slot("params", 7e9))

    def boom(state: SessionState | None) -> tuple[SessionState, None]:
        raise ValueError("dialogue bug")

    with pytest.raises(ValueError):
        store.update("alice", boom)
    assert store.get("alice") == {"params": 7e9}
    assert store.update("alice", set_slot("days", 30)) == "saved"


def test_mutating_a_read_state_does_not_change_the_store(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    store.update("alice", set_slot("params", 7e9))
    got = store.get("alice")
    assert got is not None
    got["params"] = 1
    assert store.get("alice") == {"params": 7e9}


def test_an_idle_session_expires_after_the_ttl(make_store: StoreFactory) -> None:
    clock = FakeClock()
    store = make_store(clock)
    store.update("alice", set_slot("params", 7e9))
    clock.advance(6 * DAY_S)
    assert store.get("alice") == {"params": 7e9}
    store.update("alice", set_slot("days", 30))  # activity restarts the idle timer
    clock.advance(6 * DAY_S)
    assert store.get("alice") == {"params": 7e9, "days": 30}
    clock.advance(2 * DAY_S)
    assert store.get("alice") is None
    seen: list[SessionState | None] = []

    def look(state: SessionState | None) -> tuple[None, None]:
        seen.append(state)
        return None, None

    store.update("alice", look)
    assert seen == [None]


def test_concurrent_updates_from_threads_lose_nothing(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    threads_n, updates_n = 8, 50

    def work() -> None:
        for _ in range(updates_n):
            store.update("shared", add_one)

    threads = [threading.Thread(target=work) for _ in range(threads_n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.get("shared") == {"count": threads_n * updates_n}


def test_an_event_is_claimed_once_until_its_ttl_passes(make_store: StoreFactory) -> None:
    clock = FakeClock()
    store = make_store(clock)
    assert store.claim_event("Ev01", ttl_s=3600) is True
    assert store.claim_event("Ev01", ttl_s=3600) is False
    assert store.claim_event("Ev02", ttl_s=3600) is True
    clock.advance(3599)
    assert store.claim_event("Ev01", ttl_s=3600) is False
    clock.advance(2)
    assert store.claim_event("Ev01", ttl_s=3600) is True


def test_an_event_claimed_by_many_threads_at_once_is_won_by_one(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    wins: list[bool] = []
    lock = threading.Lock()

    def claim() -> None:
        won = store.claim_event("Ev-retry")
        with lock:
            wins.append(won)

    threads = [threading.Thread(target=claim) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wins.count(True) == 1


def test_rate_limit_refuses_past_the_limit_within_a_sliding_window(make_store: StoreFactory) -> None:
    clock = FakeClock()
    store = make_store(clock)
    refused = []
    for _ in range(5):
        refused.append(store.hit_rate_limit("user:U1", limit=3, window_s=60))
        clock.advance(10)
    assert refused == [False, False, False, True, True]
    assert store.hit_rate_limit("user:U2", limit=3, window_s=60) is False  # other users unaffected
    clock.advance(15)  # t=65: the first hit (t=0) left the window, the one at t=10 has not
    assert store.hit_rate_limit("user:U1", limit=3, window_s=60) is False
    assert store.hit_rate_limit("user:U1", limit=3, window_s=60) is True


def test_a_reachable_store_pings_true_and_a_closed_one_false(make_store: StoreFactory) -> None:
    store = make_store(FakeClock())
    assert store.ping() is True
    store.close()
    assert store.ping() is False


def test_exists_tells_a_live_session_from_a_missing_forgotten_or_expired_one(
    make_store: StoreFactory,
) -> None:
    clock = FakeClock()
    store = make_store(clock)
    assert not store.exists("alice")

    store.update("alice", set_slot("params", 7e9))
    store.update("bob", set_slot("params", 1e9))
    store.update("bob", lambda state: (None, None))
    assert store.exists("alice")
    assert not store.exists("bob")

    clock.advance(8 * DAY_S)  # past the 7-day session TTL
    assert not store.exists("alice")
