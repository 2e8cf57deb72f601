from __future__ import annotations

from slack_api import FakeSlackApi
from slack_harness import RunningBot


def test_a_mention_gets_one_threaded_reply_that_turns_from_working_into_the_answer(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    answer = bot.mention("<@UBOT> 7B model, 1TB, bf16, a month", ts="1700000000.000100")

    assert answer.status == 200
    shown = slack.wait_for_updated(1)
    assert len(slack.calls("chat.postMessage")) == 1
    assert len(slack.calls("chat.update")) == 1
    assert len(shown) == 1
    assert shown[0].thread_ts == "1700000000.000100"
    assert shown[0].posted_text == "⏳ Working on it…"
    assert "H100" in shown[0].text
    assert shown[0].blocks and shown[0].blocks[0]["type"] == "section"


def test_the_working_placeholder_is_in_the_script_the_user_wrote(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 训练一个70亿参数的模型", ts="1700000000.000300")
    bot.mention("<@UBOT> 訓練一個70億參數的模型", ts="1700000000.000400")

    shown = slack.wait_for_updated(2)
    assert {m.thread_ts: m.posted_text for m in shown} == {
        "1700000000.000300": "⏳ 正在计算…",
        "1700000000.000400": "⏳ 正在計算…",
    }


def test_the_bot_mention_is_stripped_before_the_consultant_sees_the_text(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> LoRA on 13B", ts="1700000000.000200")

    slack.wait_for_updated(1)
    assert bot.consultant.seen[0] == ("text", "T1:C1:1700000000.000200", "LoRA on 13B")  # type: ignore[attr-defined]


def test_a_follow_up_in_the_thread_continues_without_a_new_mention(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000001.000100")
    slack.wait_for_updated(1)

    bot.message("1TB of data, two weeks", ts="1700000001.000300", thread_ts="1700000001.000100")

    shown = slack.wait_for_updated(2)
    assert len(shown) == 2
    assert shown[1].thread_ts == "1700000001.000100"
    assert shown[1].text.startswith("Turn 2:")


def test_a_thread_the_bot_was_never_asked_in_gets_no_reply(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.message("anyone know a good GPU?", ts="1700000002.000300", thread_ts="1700000002.000100")
    bot.mention("<@UBOT> marker", ts="1700000003.000100")  # a later reply proves the first was processed

    shown = slack.wait_for_updated(1)
    assert [m.thread_ts for m in shown] == ["1700000003.000100"]


def test_a_mention_delivered_also_as_a_message_event_is_answered_once(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000004.000100")
    slack.wait_for_updated(1)
    bot.message("<@UBOT> and 1TB", ts="1700000004.000200", thread_ts="1700000004.000100")
    bot.mention("<@UBOT> and 1TB", ts="1700000004.000200", thread_ts="1700000004.000100")

    shown = slack.wait_for_updated(2)
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 2, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 2
    assert len(slack.calls("chat.update")) == 2
    assert shown[1].text.startswith("Turn 2:")


def test_a_direct_message_is_answered_in_the_dm_and_continues_there(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.message("13B LoRA, 10GB, 3 days", ts="1700000005.000100", channel="D1", channel_type="im")
    slack.wait_for_updated(1)
    bot.message("what about fp8?", ts="1700000005.000200", channel="D1", channel_type="im")

    shown = slack.wait_for_updated(2)
    assert [m.channel for m in shown] == ["D1", "D1"]
    assert shown[1].text.startswith("Turn 2:")


def test_the_bots_own_and_edited_messages_are_ignored(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.message("I suggest 8 × H100", ts="1700000006.000100", channel="D1", channel_type="im", bot_id="BBOT")
    bot.message("edited", ts="1700000006.000200", channel="D1", channel_type="im", subtype="message_changed")
    bot.message("marker", ts="1700000006.000300", channel="D2", channel_type="im")

    shown = slack.wait_for_updated(1)
    assert [m.channel for m in shown] == ["D2"]


def test_a_channel_ping_in_user_text_is_never_sent_back_live(start_bot, slack: FakeSlackApi, store) -> None:  # type: ignore[no-untyped-def]
    from slack_fake_consultant import FakeConsultant

    bot = start_bot(FakeConsultant(store, careless=True))  # even a template that forgets to escape
    bot.mention("<@UBOT> <!channel> 7B model <!here> <!subteam^S1>", ts="1700000007.000100")

    shown = slack.wait_for_updated(1)[0]
    assert "7B model" in shown.text
    for ping in ("<!channel>", "<!here>", "<!subteam"):
        assert all(ping not in call.dump() for call in slack.messages())
