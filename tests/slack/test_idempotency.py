"""Every user action is answered once: replays of a slash command or a click (same trigger_id) start
nothing, a flood past the rate limit gets one notice per window, and people from two workspaces in
one Slack Connect thread share one conversation."""

from __future__ import annotations

from slack_api import FakeSlackApi
from slack_harness import RunningBot
from test_surfaces import block_action


def test_a_replayed_gpu_command_is_answered_once(bot: RunningBot, slack: FakeSlackApi) -> None:
    first = bot.command("13B LoRA 10GB fp16 3 days", trigger_id="5.5.5")
    again = bot.command("13B LoRA 10GB fp16 3 days", trigger_id="5.5.5")
    bot.command("and 20GB", trigger_id="5.5.6")

    responses = slack.wait_for_calls("response", 2)
    slack.wait_for(lambda: len(slack.calls("response")) > 2, timeout_s=1.0)
    assert (first.status, again.status) == (200, 200)
    # The two distinct commands are answered on a pool, so their responses may arrive in either order.
    assert sorted(r.args["text"].split(":")[0] for r in slack.calls("response")) == ["Turn 1", "Turn 2"]
    assert len(responses) == 2


def test_a_replayed_button_click_is_answered_once(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000700.000100")
    slack.wait_for_updated(1)
    click = block_action("answer_precision_0", "bf16", thread_ts="1700000700.000100")

    bot.interactive(click)
    bot.interactive(click)

    slack.wait_for_calls("chat.postMessage", 2)
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 2, timeout_s=1.0)
    answers = [c for c in slack.calls("chat.postMessage") if "Turn 2" in c.args["text"]]
    assert len(answers) == 1
    assert [kind for kind, _, _ in bot.consultant.seen] == ["text", "action:answer"]  # type: ignore[attr-defined]


def test_a_flood_past_the_rate_limit_gets_one_notice_per_window(start_bot, slack: FakeSlackApi) -> None:  # type: ignore[no-untyped-def]
    bot = start_bot(rate_limit_per_minute=2)
    for i in range(8):
        bot.mention(f"<@UBOT> question {i}", ts=f"1700000701.{i:06d}")

    slack.wait_for_updated(2)
    slack.wait_for(lambda: len(slack.calls("chat.postEphemeral")) > 1, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 2
    notes = slack.calls("chat.postEphemeral")
    assert len(notes) == 1 and "please wait a minute" in notes[0].args["text"]


def test_button_clicks_count_against_the_rate_limit_too(start_bot, slack: FakeSlackApi) -> None:  # type: ignore[no-untyped-def]
    bot = start_bot(rate_limit_per_minute=1)
    bot.mention("<@UBOT> 7B model", ts="1700000702.000100")
    slack.wait_for_updated(1)

    click = block_action("answer_precision_0", "bf16", thread_ts="1700000702.000100")
    bot.interactive(click | {"trigger_id": "7.7.1"})

    notes = slack.wait_for_calls("chat.postEphemeral", 1)
    assert "please wait a minute" in notes[0].args["text"]
    assert [kind for kind, _, _ in bot.consultant.seen] == ["text"]  # type: ignore[attr-defined]


def test_a_slack_connect_reply_from_the_other_workspace_continues_the_thread(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000703.000100")
    slack.wait_for_updated(1)

    # Delivered to our installation (team_id T1) but written by someone whose workspace is T2.
    bot.message("1TB of data", ts="1700000703.000200", thread_ts="1700000703.000100", team="T2", user="UEXT")

    shown = slack.wait_for_updated(2)
    assert [m.text.split(":")[0] for m in shown] == ["Turn 1", "Turn 2"]
    assert {session for _, session, _ in bot.consultant.seen} == {"T1:C1:1700000703.000100"}  # type: ignore[attr-defined]


def test_a_slack_connect_click_from_the_other_workspace_continues_the_thread(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000704.000100")
    slack.wait_for_updated(1)
    click = block_action("answer_precision_0", "bf16", thread_ts="1700000704.000100")
    click["message"]["team"] = "T1"  # the bot's message, posted in our installation
    click |= {"team": {"id": "T2"}, "user": {"id": "UEXT", "team_id": "T2"}, "trigger_id": "8.8.8"}

    bot.interactive(click)

    slack.wait_for_calls("chat.postMessage", 2)
    assert bot.consultant.seen[-1] == ("action:answer", "T1:C1:1700000704.000100", "bf16")  # type: ignore[attr-defined]


def test_over_socket_mode_a_mention_and_its_redelivery_are_answered_once(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    from slack_bolt import BoltRequest

    event = {
        "type": "app_mention",
        "user": "U1",
        "text": "<@UBOT> 7B",
        "ts": "1700000705.000100",
        "channel": "C1",
    }
    envelope = {"type": "event_callback", "team_id": "T1", "event_id": "EvSocket1", "event": event}

    first = bot.app.dispatch(BoltRequest(body=envelope, mode="socket_mode"))
    again = bot.app.dispatch(
        BoltRequest(body=envelope, mode="socket_mode", headers={"x-slack-retry-num": "1"})
    )

    assert (first.status, again.status) == (200, 200)
    shown = slack.wait_for_updated(1)
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 1, timeout_s=1.0)
    assert len(shown) == 1 and "Turn 1:" in shown[0].text
