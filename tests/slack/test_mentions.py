from __future__ import annotations

from slack_api import FakeSlackApi
from slack_harness import RunningBot


def test_a_mention_gets_one_threaded_reply_naming_a_gpu(bot: RunningBot, slack: FakeSlackApi) -> None:
    answer = bot.mention("<@UBOT> 7B model, 1TB, bf16, a month", ts="1700000000.000100")

    assert answer.status == 200
    posts = slack.wait_for_calls("chat.postMessage")
    assert len(posts) == 1
    assert posts[0].args["thread_ts"] == "1700000000.000100"
    assert "H100" in posts[0].args["text"]


def test_the_bot_mention_is_stripped_before_the_consultant_sees_the_text(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> LoRA on 13B", ts="1700000000.000200")

    slack.wait_for_calls("chat.postMessage")
    assert bot.consultant.seen[0] == ("text", "T1:C1:1700000000.000200", "LoRA on 13B")  # type: ignore[attr-defined]


def test_a_follow_up_in_the_thread_continues_without_a_new_mention(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000001.000100")
    slack.wait_for_calls("chat.postMessage", 1)

    bot.message("1TB of data, two weeks", ts="1700000001.000300", thread_ts="1700000001.000100")

    posts = slack.wait_for_calls("chat.postMessage", 2)
    assert len(posts) == 2
    assert posts[1].args["thread_ts"] == "1700000001.000100"
    assert posts[1].args["text"].startswith("Turn 2:")


def test_a_thread_the_bot_was_never_asked_in_gets_no_reply(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.message("anyone know a good GPU?", ts="1700000002.000300", thread_ts="1700000002.000100")
    bot.mention("<@UBOT> marker", ts="1700000003.000100")  # a later reply proves the first was processed

    posts = slack.wait_for_calls("chat.postMessage", 1)
    assert [p.args["thread_ts"] for p in posts] == ["1700000003.000100"]


def test_a_mention_delivered_also_as_a_message_event_is_answered_once(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000004.000100")
    slack.wait_for_calls("chat.postMessage", 1)
    bot.message("<@UBOT> and 1TB", ts="1700000004.000200", thread_ts="1700000004.000100")
    bot.mention("<@UBOT> and 1TB", ts="1700000004.000200", thread_ts="1700000004.000100")

    posts = slack.wait_for_calls("chat.postMessage", 2)
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 2, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 2
    assert posts[1].args["text"].startswith("Turn 2:")


def test_a_direct_message_is_answered_in_the_dm_and_continues_there(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.message("13B LoRA, 10GB, 3 days", ts="1700000005.000100", channel="D1", channel_type="im")
    slack.wait_for_calls("chat.postMessage", 1)
    bot.message("what about fp8?", ts="1700000005.000200", channel="D1", channel_type="im")

    posts = slack.wait_for_calls("chat.postMessage", 2)
    assert [p.args["channel"] for p in posts] == ["D1", "D1"]
    assert posts[1].args["text"].startswith("Turn 2:")


def test_the_bots_own_and_edited_messages_are_ignored(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.message("I suggest 8 × H100", ts="1700000006.000100", channel="D1", channel_type="im", bot_id="BBOT")
    bot.message("edited", ts="1700000006.000200", channel="D1", channel_type="im", subtype="message_changed")
    bot.message("marker", ts="1700000006.000300", channel="D2", channel_type="im")

    posts = slack.wait_for_calls("chat.postMessage", 1)
    assert [p.args["channel"] for p in posts] == ["D2"]


def test_a_channel_ping_in_user_text_is_never_sent_back_live(start_bot, slack: FakeSlackApi, store) -> None:  # type: ignore[no-untyped-def]
    from slack_fake_consultant import FakeConsultant

    bot = start_bot(FakeConsultant(store, careless=True))  # even a template that forgets to escape
    bot.mention("<@UBOT> <!channel> 7B model <!here> <!subteam^S1>", ts="1700000007.000100")

    post = slack.wait_for_calls("chat.postMessage")[0]
    assert "7B model" in post.args["text"]
    for ping in ("<!channel>", "<!here>", "<!subteam"):
        assert ping not in post.dump()
