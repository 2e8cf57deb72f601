from __future__ import annotations

import time
from typing import Any

from slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.store.base import StoreUnavailable
from bot.store.memory import MemoryStore
from bot.store.turns import Admission


def test_a_retried_delivery_of_the_same_event_gets_no_second_reply(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B", ts="1700000100.000100", event_id="EvSame")
    slack.wait_for_calls("chat.postMessage", 1)

    retry = bot.mention(
        "<@UBOT> 7B",
        ts="1700000100.000100",
        event_id="EvSame",
        headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"},
    )
    bot.mention("<@UBOT> marker", ts="1700000101.000100")

    assert retry.status == 200  # acknowledged, so Slack stops retrying
    posts = slack.wait_for_calls("chat.postMessage", 2)
    assert [p.args["thread_ts"] for p in posts] == ["1700000100.000100", "1700000101.000100"]


def test_a_forged_signature_is_refused_and_not_answered(bot: RunningBot, slack: FakeSlackApi) -> None:
    answer = bot.mention("<@UBOT> 7B", ts="1700000102.000100", forge=True)

    assert answer.status == 401
    bot.mention("<@UBOT> marker", ts="1700000103.000100")
    assert [p.args["thread_ts"] for p in slack.wait_for_calls("chat.postMessage")] == ["1700000103.000100"]


def test_a_request_signed_more_than_five_minutes_ago_is_refused(bot: RunningBot) -> None:
    answer = bot.mention("<@UBOT> 7B", ts="1700000104.000100", timestamp=int(time.time()) - 6 * 60)

    assert answer.status == 401


def test_a_rate_limited_post_is_retried_and_lands_exactly_once(bot: RunningBot, slack: FakeSlackApi) -> None:
    slack.fail_first("chat.postMessage", 429, retry_after_s=1)

    bot.mention("<@UBOT> 7B", ts="1700000105.000100")

    shown = slack.wait_for_updated(1)
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 2, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 2  # the refused attempt, then the one that landed
    assert len(shown) == 1 and "H100" in shown[0].text
    assert 'gpu_advisor_slack_api_retries_total{reason="rate_limited"} 1.0' in bot.request("/metrics").body


def test_a_rate_limited_update_is_retried_so_the_placeholder_still_becomes_the_answer(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    slack.fail_first("chat.update", 429, retry_after_s=1)

    bot.mention("<@UBOT> 7B", ts="1700000105.000200")

    slack.wait_for(lambda: any("H100" in m.text for m in slack.shown()))
    assert len(slack.calls("chat.update")) == 2
    assert [m.updates for m in slack.shown()] == [1]


def test_a_server_error_from_slack_is_retried_with_back_off(bot: RunningBot, slack: FakeSlackApi) -> None:
    slack.fail_first("chat.postMessage", 503)

    bot.mention("<@UBOT> 7B", ts="1700000106.000100")

    assert len(slack.wait_for_calls("chat.postMessage", 2)) == 2


def test_a_user_over_the_rate_limit_gets_a_polite_note_instead_of_an_answer(
    start_bot, slack: FakeSlackApi
) -> None:  # type: ignore[no-untyped-def]
    bot = start_bot(rate_limit_per_minute=2)
    for i in range(3):
        bot.mention(f"<@UBOT> question {i}", ts=f"1700000107.00010{i}")

    notes = slack.wait_for_calls("chat.postEphemeral", 1)
    assert len(slack.wait_for_calls("chat.postMessage", 2)) == 2
    assert "please wait a minute" in notes[0].args["text"]
    assert notes[0].args["user"] == "U1"


def test_when_the_consultant_fails_the_placeholder_becomes_an_apology_in_the_users_language(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> boom 训练一个模型", ts="1700000108.000100")

    shown = slack.wait_for_updated(1)
    assert len(shown) == 1  # still one visible reply: no spinner left behind, no second message
    assert shown[0].thread_ts == "1700000108.000100"
    assert shown[0].posted_text == "⏳ 正在计算…"
    assert "出了点问题" in shown[0].text
    assert 'gpu_advisor_errors_total{kind="unhandled"} 1.0' in bot.request("/metrics").body


def test_when_the_consultant_fails_on_an_english_message_the_apology_is_in_english(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.message("boom, size a 7B model", ts="1700000108.000200", channel="D1", channel_type="im")

    shown = slack.wait_for_updated(1)
    assert len(shown) == 1
    assert shown[0].text.startswith("Sorry, something went wrong")


def test_a_failing_slash_command_is_told_privately(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.command("boom 13B")

    response = slack.wait_for_calls("response")[0]
    assert response.args["response_type"] == "ephemeral"
    assert "something went wrong" in response.args["text"]


def test_the_chart_is_uploaded_into_the_thread_after_the_answer_replaces_the_placeholder(
    start_bot, slack: FakeSlackApi, store
) -> None:  # type: ignore[no-untyped-def]
    bot = start_bot(FakeConsultant(store, with_chart=True))
    bot.mention("<@UBOT> 7B, 1TB, a month", ts="1700000109.000100")

    slack.wait_for_calls("files.completeUploadExternal")
    methods = [c.method for c in slack.calls()]
    assert methods.index("chat.postMessage") < methods.index("chat.update")
    assert methods.index("chat.update") < methods.index("files.getUploadURLExternal")
    assert "upload" in methods
    complete = slack.calls("files.completeUploadExternal")[0]
    assert complete.args["thread_ts"] == "1700000109.000100"
    assert complete.args["channel_id"] == "C1"


class DownStore(MemoryStore):
    """A store whose backend has gone away (e.g. Redis stopped)."""

    def admit(self, turn_id: str, payload: dict[str, Any], **limits: Any) -> Admission:
        raise StoreUnavailable("redis is down")

    def exists(self, session_id: str) -> bool:
        raise StoreUnavailable("redis is down")

    def ping(self) -> bool:
        return False


def test_when_the_state_store_is_down_a_mention_gets_a_clear_note_and_readyz_fails(
    slack: FakeSlackApi,
) -> None:
    store = DownStore(session_ttl_s=60)
    bot = RunningBot(slack, store, FakeConsultant(store), settings_for(slack))
    try:
        bot.mention("<@UBOT> 7B", ts="1700000110.000100")

        post = slack.wait_for_calls("chat.postMessage")[0]
        assert "state store is unavailable" in post.args["text"]
        assert bot.request("/readyz").status == 503
    finally:
        bot.close()


def test_when_the_placeholder_cannot_be_posted_the_answer_is_posted_on_its_own(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    slack.fail_first("chat.postMessage", 500, times=3)  # the first try and both retries

    bot.mention("<@UBOT> 7B", ts="1700000111.000100")

    slack.wait_for(lambda: len(slack.shown()) == 1)
    shown = slack.shown()
    assert "H100" in shown[0].text and shown[0].updates == 0
    assert slack.calls("chat.update") == []
