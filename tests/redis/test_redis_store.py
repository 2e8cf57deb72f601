from __future__ import annotations

from typing import Any

import pytest
from redis_server import RedisServer

from bot.store.base import SessionState, StoreUnavailable
from bot.store.redis import RedisStore

pytestmark = pytest.mark.redis

PASSWORD = "hunter2"


def put(state: SessionState) -> Any:
    return lambda _old: (state, None)


def test_a_new_session_starts_empty_and_keeps_what_a_turn_saves(store: RedisStore) -> None:
    seen: list[SessionState | None] = []

    def first_turn(old: SessionState | None) -> tuple[SessionState, str]:
        seen.append(old)
        return {"slots": {"params": 7e9}, "lang": "zh", "note": "七十亿参数"}, "saved"

    assert store.get("T1:C1:1.0") is None
    assert store.update("T1:C1:1.0", first_turn) == "saved"
    assert seen == [None]
    assert store.get("T1:C1:1.0") == {"slots": {"params": 7e9}, "lang": "zh", "note": "七十亿参数"}


def test_returning_none_from_a_turn_forgets_the_session(store: RedisStore) -> None:
    store.update("s", put({"slots": {}}))
    store.update("s", lambda _old: (None, None))
    assert store.get("s") is None


def test_sessions_live_under_the_gpa_prefix(store: RedisStore, redis_server: RedisServer) -> None:
    store.update("abc", put({"x": 1}))
    assert redis_server.client().keys("*") == ["gpa:session:abc"]


def test_every_update_restarts_the_session_expiry(redis_server: RedisServer) -> None:
    store = RedisStore.from_url(redis_server.url, session_ttl_s=600)
    raw = redis_server.client()
    store.update("s", put({"n": 1}))
    assert 590_000 < raw.pttl("gpa:session:s") <= 600_000
    raw.pexpire("gpa:session:s", 5_000)  # as if most of the TTL had passed
    store.update("s", lambda old: ({"n": old["n"] + 1} if old else None, None))
    assert 590_000 < raw.pttl("gpa:session:s") <= 600_000
    assert store.get("s") == {"n": 2}


def test_a_turn_that_fails_leaves_the_session_unchanged_and_unlocked(store: RedisStore) -> None:
    store.update("s", put({"n": 1}))

    def broken(_old: SessionState | None) -> tuple[SessionState, None]:
        raise ValueError("bug in a handler")

    with pytest.raises(ValueError, match="bug in a handler"):
        store.update("s", broken)
    assert store.get("s") == {"n": 1}
    # A lock left behind would make this wait LOCK_WAIT_S and raise StoreUnavailable.
    store.update("s", lambda old: ({"n": 2}, None))
    assert store.get("s") == {"n": 2}


def test_an_event_is_claimed_once_across_instances(redis_server: RedisServer) -> None:
    a = RedisStore.from_url(redis_server.url, session_ttl_s=60)
    b = RedisStore.from_url(redis_server.url, session_ttl_s=60)
    assert a.claim_event("Ev01", ttl_s=3600) is True
    assert b.claim_event("Ev01", ttl_s=3600) is False
    assert a.claim_event("Ev01", ttl_s=3600) is False
    assert b.claim_event("Ev02", ttl_s=3600) is True
    assert 0 < redis_server.client().pttl("gpa:event:Ev01") <= 3_600_000


class FakeClock:
    def __init__(self, now_s: float) -> None:
        self.now_s = now_s

    def __call__(self) -> float:
        return self.now_s


def test_the_rate_limit_is_a_sliding_window_shared_by_instances(redis_server: RedisServer) -> None:
    clock = FakeClock(1_800_000_000.0)
    a = RedisStore.from_url(redis_server.url, session_ttl_s=60, clock=clock)
    b = RedisStore.from_url(redis_server.url, session_ttl_s=60, clock=clock)
    assert [a.hit_rate_limit("T1:U1", 3, 60) for _ in range(2)] == [False, False]
    clock.now_s += 30
    assert b.hit_rate_limit("T1:U1", 3, 60) is False  # third request in the window, on B
    assert a.hit_rate_limit("T1:U1", 3, 60) is True
    assert b.hit_rate_limit("T1:U1", 3, 60) is True
    assert a.hit_rate_limit("T1:U2", 3, 60) is False  # other users are not affected
    clock.now_s += 31  # the first two requests have left the window, the third has not
    assert [b.hit_rate_limit("T1:U1", 3, 60) for _ in range(3)] == [False, False, True]


def test_ping_reports_a_stopped_redis_without_raising_and_recovers_on_restart(
    store: RedisStore, redis_server: RedisServer
) -> None:
    assert store.ping() is True
    redis_server.stop()
    assert store.ping() is False
    redis_server.start()
    assert store.ping() is True
    store.update("s", put({"back": True}))
    assert store.get("s") == {"back": True}


def test_a_stopped_redis_gives_a_clear_store_unavailable_error_without_the_password(
    redis_server: RedisServer,
) -> None:
    url = f"redis://:{PASSWORD}@127.0.0.1:{redis_server.port}/0"
    store = RedisStore.from_url(url, session_ttl_s=60)
    redis_server.stop()
    for call in (
        lambda: store.get("s"),
        lambda: store.update("s", put({})),
        lambda: store.claim_event("Ev1"),
        lambda: store.hit_rate_limit("u", 5, 60),
    ):
        with pytest.raises(StoreUnavailable) as exc:
            call()
        assert f"Redis at redis://127.0.0.1:{redis_server.port}/0" in str(exc.value)
        assert PASSWORD not in str(exc.value)


def test_a_url_that_is_not_redis_is_refused_up_front() -> None:
    with pytest.raises(ValueError, match="REDIS_URL must start with redis://"):
        RedisStore.from_url("http://user:pw@cache.internal:6379", session_ttl_s=60)


def test_exists_is_true_only_while_a_session_is_saved(store: RedisStore) -> None:
    assert not store.exists("thread-x")
    store.update("thread-x", lambda state: ({"params": 7e9}, None))
    assert store.exists("thread-x")
    store.update("thread-x", lambda state: (None, None))
    assert not store.exists("thread-x")
