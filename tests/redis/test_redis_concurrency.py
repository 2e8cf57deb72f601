"""Two turns of one session at the same time, from threads, processes or instances, lose nothing."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest
from redis_server import RedisServer

from bot.store.base import SessionState
from bot.store.redis import RedisStore

pytestmark = pytest.mark.redis


def increment(old: SessionState | None) -> tuple[SessionState, int]:
    n = (old or {}).get("n", 0) + 1
    turns = [*(old or {}).get("turns", []), n]
    return {"n": n, "turns": turns}, n


def test_concurrent_turns_from_threads_never_lose_an_update(store: RedisStore) -> None:
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(25):
                store.update("busy", increment)
        except BaseException as exc:  # surfaced below; a thread cannot fail the test itself
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    state = store.get("busy")
    assert state is not None
    assert state["n"] == 200
    assert state["turns"] == list(range(1, 201))  # each turn saw the previous one's state


WORKER = """
import sys
from bot.store.redis import RedisStore
store = RedisStore.from_url(sys.argv[1], session_ttl_s=600)
def inc(old):
    old = old or {}
    return {"n": old.get("n", 0) + 1, "by": [*old.get("by", []), sys.argv[2]]}, None
for _ in range(int(sys.argv[3])):
    store.update("shared", inc)
"""


def test_two_processes_updating_one_session_never_lose_an_update(redis_server: RedisServer) -> None:
    procs = [
        subprocess.Popen([sys.executable, "-c", WORKER, redis_server.url, name, "60"], stderr=subprocess.PIPE)
        for name in ("A", "B")
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    state = RedisStore.from_url(redis_server.url, session_ttl_s=600).get("shared")
    assert state is not None
    assert state["n"] == 120
    assert sorted(state["by"]) == ["A"] * 60 + ["B"] * 60


def test_a_turn_that_outlives_its_lock_is_redone_on_fresh_state(
    store: RedisStore, redis_server: RedisServer
) -> None:
    raw = redis_server.client()
    store.update("s", lambda _old: ({"n": 0}, None))
    calls: list[SessionState | None] = []

    def slow_turn(old: SessionState | None) -> tuple[SessionState, None]:
        calls.append(old)
        if len(calls) == 1:
            # Meanwhile our lock expired and another instance ran a whole turn: it took the lock,
            # saved n=10 and released. Our write must be refused, not overwrite n=10.
            raw.set("gpa:lock:session:s", "other-instance-token")
            raw.set("gpa:session:s", '{"n": 10}')
            raw.delete("gpa:lock:session:s")
        n = (old or {"n": 0})["n"]
        return {"n": n + 1}, None

    store.update("s", slow_turn)
    assert calls == [{"n": 0}, {"n": 10}]
    assert store.get("s") == {"n": 11}


def test_a_lock_left_by_a_crashed_instance_expires_and_the_session_carries_on(
    store: RedisStore, redis_server: RedisServer
) -> None:
    redis_server.client().set("gpa:lock:session:s", "dead-instance", px=300)
    assert store.update("s", increment) == 1
    assert store.get("s") == {"n": 1, "turns": [1]}
