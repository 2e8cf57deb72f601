"""Nothing acknowledged is lost, nothing is answered twice: a worker that dies mid-turn (its keeper
stops, its turn never finishes) is taken over by another instance on the same store once the lease
runs out, through the real HTTP app, on SQLite and on Redis."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from redis_server import RedisServer, require_redis_server
from slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.store.base import Store
from bot.store.sqlite import SQLiteStore

LEASE_S = 1.0
SWEEP_S = 0.1

StoreFactory = Callable[[], Store]


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Opens a new connection to one shared store per call, as two processes would."""
    opened: list[Store] = []
    server: RedisServer | None = None
    if request.param == "redis":
        server = RedisServer(require_redis_server(), tmp_path)
        server.start()

    def open_one() -> Store:
        store: Store
        if server is not None:
            from bot.store.redis import RedisStore

            store = RedisStore.from_url(server.url, session_ttl_s=3600)
        else:
            store = SQLiteStore(tmp_path / "state.db", session_ttl_s=3600)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()
    if server is not None:
        server.stop()


def start(slack: FakeSlackApi, store: Store, owner: str, hold: threading.Event | None = None) -> RunningBot:
    consultant = FakeConsultant(store, hold=hold)
    return RunningBot(
        slack, store, consultant, settings_for(slack), owner=owner, lease_s=LEASE_S, sweep_every_s=SWEEP_S
    )


def die(bot: RunningBot) -> None:
    """As far as the store can tell, the process is gone: no more renewals, no more requests."""
    bot.app.keeper.close()
    bot.server.close()


def test_a_turn_whose_worker_died_is_answered_by_another_instance_in_its_placeholder(
    slack: FakeSlackApi, open_store: StoreFactory
) -> None:
    stuck = threading.Event()
    first = start(slack, open_store(), "A", hold=stuck)
    first.mention("<@UBOT> hang on, 7B model", ts="1700000400.000100", event_id="EvCrash1")
    slack.wait_for_calls("chat.postMessage", 1)  # the placeholder is out, the turn is mid-way
    die(first)

    second = start(slack, open_store(), "B")
    try:
        shown = slack.wait_for_updated(1)
        assert len(shown) == 1 and "Turn 1:" in shown[0].text
        assert shown[0].thread_ts == "1700000400.000100"

        stuck.set()  # the dead worker's thread wakes up: its late commit must change nothing
        slack.wait_for(lambda: len(slack.calls("chat.update")) > 1, timeout_s=1.0)
        assert len(slack.calls("chat.update")) == 1
        assert second.store.get("T1:C1:1700000400.000100") == {"turns": 1, "rev": 1}
    finally:
        second.close()
        first.app.close()


def test_slacks_retry_of_a_turn_still_pending_starts_nothing_new(
    slack: FakeSlackApi, open_store: StoreFactory
) -> None:
    stuck = threading.Event()
    first = start(slack, open_store(), "A", hold=stuck)
    first.mention("<@UBOT> hang on, 13B", ts="1700000401.000100", event_id="EvCrash2")
    slack.wait_for_calls("chat.postMessage", 1)
    die(first)

    second = start(slack, open_store(), "B")
    try:
        retry = second.mention(
            "<@UBOT> hang on, 13B",
            ts="1700000401.000100",
            event_id="EvCrash2",
            headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"},
        )
        shown = slack.wait_for_updated(1)
        slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 1, timeout_s=1.0)

        assert retry.status == 200
        assert len(slack.calls("chat.postMessage")) == 1  # no second placeholder
        assert len(shown) == 1 and "Turn 1:" in shown[0].text
    finally:
        stuck.set()
        second.close()
        first.app.close()


def test_an_answer_stored_before_the_crash_is_shown_without_asking_again(
    slack: FakeSlackApi, open_store: StoreFactory
) -> None:
    slack.fail_first("chat.update", 400, times=1)  # the answer is stored, showing it fails once
    first = start(slack, open_store(), "A")
    first.mention("<@UBOT> 7B model", ts="1700000402.000100", event_id="EvCrash3")
    slack.wait_for_calls("chat.update", 1)
    die(first)

    second = start(slack, open_store(), "B")
    try:
        shown = slack.wait_for_updated(1)
        assert len(shown) == 1 and "Turn 1:" in shown[0].text
        assert [kind for kind, _, _ in second.consultant.seen] == []  # type: ignore[attr-defined]
    finally:
        second.close()
        first.app.close()


def test_a_turn_queued_before_its_script_was_carried_still_follows_the_users_locale(
    slack: FakeSlackApi, open_store: StoreFactory
) -> None:
    slack.user_locale = "zh-TW"
    store = open_store()
    old_payload = {"id": "ev:T1:EvOld", "surface": "mention", "session_id": "T1:C1:1700000403.000100",
                   "channel": "C1", "thread_ts": "1700000403.000100", "user_id": "U1",
                   "text": "模型 7B", "lang": "zh-Hans"}  # fmt: skip
    store.admit("ev:T1:EvOld", old_payload, owner="gone", lease_s=0.0, rate_key="user:U1", limit=10,
                window_s=60.0, keep_s=3600.0)  # fmt: skip

    bot = start(slack, store, "B")
    try:
        shown = slack.wait_for_updated(1)
        assert len(shown) == 1 and "Turn 1:" in shown[0].text
        assert bot.consultant.lang_hints == ["zh-Hant"]  # type: ignore[attr-defined]
    finally:
        bot.close()
