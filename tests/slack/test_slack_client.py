"""The Web API client's retries against the recording fake: what is repeated, what is not, and that a
long Retry-After is not slept on a worker thread."""

from __future__ import annotations

import time

import pytest
from slack_api import FakeSlackApi
from slack_harness import settings_for
from slack_sdk.errors import SlackApiError

from bot.ops.metrics import Metrics
from bot.slack.client import MAX_RETRY_AFTER_S, build_client


def test_a_retry_after_longer_than_the_cap_fails_the_call_instead_of_sleeping(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics())
    slack.fail_first("chat.update", 429, retry_after_s=60)

    started = time.monotonic()
    with pytest.raises(SlackApiError):
        client.chat_update(channel="C1", ts="1.2", text="answer")

    assert time.monotonic() - started < MAX_RETRY_AFTER_S  # the worker was not parked for a minute
    assert len(slack.calls("chat.update")) == 1


def test_a_502_is_retried_for_an_edit_but_never_for_a_new_message(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics())
    slack.fail_first("chat.update", 502)
    slack.fail_first("chat.postMessage", 502)

    client.chat_update(channel="C1", ts="1.2", text="answer")
    with pytest.raises(SlackApiError):
        client.chat_postMessage(channel="C1", text="hello")

    assert len(slack.calls("chat.update")) == 2  # the 502, then the edit that landed
    assert len(slack.calls("chat.postMessage")) == 1  # Slack may have posted it: never twice


def test_a_read_timeout_is_retried_for_an_edit_but_not_for_a_new_message(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics(), timeout_s=1)
    slack.hang("chat.update", times=1)
    slack.hang("chat.postMessage", times=1)

    client.chat_update(channel="C1", ts="1.2", text="answer")
    with pytest.raises(TimeoutError):
        client.chat_postMessage(channel="C1", text="hello")
    slack.release()

    updates = slack.wait_for_calls("chat.update", 2, timeout_s=5)
    assert len(updates) == 2  # the timed-out one (answered late) and the retry
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 1, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 1
