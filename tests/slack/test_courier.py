"""The courier: a turn's Web API calls made in a child process, as `gpu-advisor serve` makes them.
What a user sees must not change: the placeholder edited into the answer, once; retries and failures
behave as the server's own client's do; a courier that dies leaves the calls to the server."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.ops.metrics import Metrics
from bot.slack.client import build_client
from bot.slack.courier import Courier, CourierError, client_settings
from bot.store.memory import MemoryStore


@pytest.fixture
def courier(slack: FakeSlackApi) -> Iterator[Callable[[Metrics], Courier]]:
    started: list[Courier] = []

    def start(metrics: Metrics) -> Courier:
        settings = settings_for(slack)
        one = Courier.start(client_settings(settings), build_client(settings, metrics), metrics)
        started.append(one)
        return one

    yield start
    for one in started:
        one.close()


@pytest.fixture
def courier_bot(slack: FakeSlackApi, store: MemoryStore) -> Iterator[RunningBot]:
    bot = RunningBot(slack, store, FakeConsultant(store), settings_for(slack), with_courier=True)
    yield bot
    bot.close()


def retries(metrics: Metrics, reason: str) -> float:
    return float(metrics.slack_api_retries.labels(reason=reason)._value.get())


def test_a_mention_answered_through_the_courier_shows_the_working_placeholder_edited_into_the_answer(
    courier_bot: RunningBot, slack: FakeSlackApi
) -> None:
    courier_bot.mention("<@UBOT> 7B model, 1TB, bf16, a month", ts="1700000000.000100")

    shown = slack.wait_for_updated(1)
    assert len(slack.calls("chat.postMessage")) == 1
    assert len(slack.calls("chat.update")) == 1
    assert shown[0].thread_ts == "1700000000.000100"
    assert shown[0].posted_text == "⏳ Working on it…"
    assert "H100" in shown[0].text
    assert shown[0].blocks and shown[0].blocks[0]["type"] == "section"


def test_the_courier_sends_the_arguments_given_and_leaves_out_the_ones_that_are_none(
    courier: Callable[[Metrics], Courier], slack: FakeSlackApi
) -> None:
    data = courier(Metrics()).call("chat.postMessage", {"channel": "C1", "thread_ts": None, "text": "hello"})

    (call,) = slack.calls("chat.postMessage")
    assert call.args == {"channel": "C1", "text": "hello"}
    assert data["ok"] is True and data["ts"]


def test_a_server_error_the_courier_retries_is_counted_in_the_servers_metrics(
    courier: Callable[[Metrics], Courier], slack: FakeSlackApi
) -> None:
    metrics = Metrics()
    slack.fail_first("chat.update", 500)

    courier(metrics).call("chat.update", {"channel": "C1", "ts": "1.2", "text": "answer"})

    assert len(slack.calls("chat.update")) == 2  # the 500, then the edit that landed
    assert retries(metrics, "server_error") == 1


def test_a_call_slack_refuses_fails_in_the_server_with_slacks_reason(
    courier: Callable[[Metrics], Courier], slack: FakeSlackApi
) -> None:
    slack.fail_first("chat.postMessage", 502)

    with pytest.raises(CourierError, match="502"):
        courier(Metrics()).call("chat.postMessage", {"channel": "C1", "text": "hello"})

    assert len(slack.calls("chat.postMessage")) == 1  # a new message is never sent twice


def test_when_the_courier_dies_later_calls_are_made_by_the_server_itself(
    courier: Callable[[Metrics], Courier], slack: FakeSlackApi
) -> None:
    one = courier(Metrics())
    one._process.kill()
    one._process.join(5)

    one.call("chat.update", {"channel": "C1", "ts": "1.2", "text": "answer"})

    assert not one.alive
    assert [c.args["text"] for c in slack.calls("chat.update")] == ["answer"]


def test_a_mention_after_the_courier_died_is_still_answered_once(
    courier_bot: RunningBot, slack: FakeSlackApi
) -> None:
    assert courier_bot.courier is not None
    courier_bot.courier._process.kill()
    courier_bot.courier._process.join(5)

    courier_bot.mention("<@UBOT> 7B model, 1TB, bf16, a month", ts="1700000000.000200")

    shown = slack.wait_for_updated(1)
    assert len(slack.calls("chat.postMessage")) == 1
    assert "H100" in shown[0].text


def test_the_courier_process_ends_when_the_server_closes_it(courier: Callable[[Metrics], Courier]) -> None:
    one = courier(Metrics())

    one.close()

    assert not one._process.is_alive()
    assert not one.alive
