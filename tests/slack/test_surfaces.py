from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from slack_api import FakeSlackApi
from slack_harness import RunningBot

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import load_knowledge


def block_action(
    action_id: str, value: str, *, thread_ts: str | None, ephemeral: bool = False
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "ts": "1800000000.000009",
        "text": "Which precision?",
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": "Which precision?"}},
            {"type": "actions", "elements": [{"type": "button", "action_id": action_id, "value": value}]},
        ],
    }
    if thread_ts:
        message["thread_ts"] = thread_ts
    return {
        "type": "block_actions",
        "team": {"id": "T1"},
        "user": {"id": "U1", "team_id": "T1"},
        "api_app_id": "A1",
        "trigger_id": "1.2.3",
        "channel": {"id": "C1"},
        "container": {
            "type": "message",
            "message_ts": message["ts"],
            "channel_id": "C1",
            "is_ephemeral": ephemeral,
        },
        "message": message,
        "response_url": "",
        "actions": [{"type": "button", "action_id": action_id, "value": value, "block_id": "b1"}],
    }


def submission(values: dict[str, str], *, private_metadata: str) -> dict[str, Any]:
    state = {name: {"value": {"type": "plain_text_input", "value": v}} for name, v in values.items()}
    return {
        "type": "view_submission",
        "team": {"id": "T1"},
        "user": {"id": "U1", "team_id": "T1"},
        "api_app_id": "A1",
        "view": {
            "id": "V1",
            "type": "modal",
            "callback_id": "gpu_sizing_form",
            "private_metadata": private_metadata,
            "state": {"values": state},
        },
    }


def test_gpu_with_text_answers_the_user_privately(bot: RunningBot, slack: FakeSlackApi) -> None:
    answer = bot.command("13B LoRA 10GB fp16 3 days")

    assert answer.status == 200
    response = slack.wait_for_calls("response")[0]
    assert response.args["response_type"] == "ephemeral"
    assert "H100" in response.args["text"]


def test_gpu_commands_in_one_channel_continue_one_private_conversation(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.command("13B LoRA")
    slack.wait_for_calls("response", 1)
    bot.command("10GB, 3 days")

    responses = slack.wait_for_calls("response", 2)
    assert responses[1].args["text"].startswith("Turn 2:")


def test_gpu_alone_opens_the_sizing_form(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.command("")

    opened = slack.wait_for_calls("views.open")[0]
    assert opened.args["trigger_id"].startswith("111.222.")
    view = opened.args["view"]
    assert [b["block_id"] for b in view["blocks"] if b["type"] == "input"] == [
        "params",
        "data",
        "days",
        "method",
        "precision",
        "budget",
    ]
    assert json.loads(view["private_metadata"])["channel"] == "C1"


def test_a_form_with_a_bad_field_is_sent_back_with_the_error_under_that_field(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    meta = json.dumps({"channel": "C1", "response_url": slack.response_url})

    answer = bot.interactive(
        submission({"params": "big", "data": "1TB", "days": "30"}, private_metadata=meta)
    )

    assert answer.status == 200
    body = json.loads(answer.body)
    assert body["response_action"] == "errors"
    assert "7B" in body["errors"]["params"]
    assert slack.messages() == []


def test_a_valid_form_gets_an_answer_where_gpu_was_typed(bot: RunningBot, slack: FakeSlackApi) -> None:
    meta = json.dumps({"channel": "C1", "response_url": slack.response_url})

    answer = bot.interactive(submission({"params": "7B", "data": "1TB", "days": "30"}, private_metadata=meta))

    assert answer.status == 200 and answer.body == ""
    response = slack.wait_for_calls("response")[0]
    assert "params=7B" in response.args["text"]
    assert bot.consultant.seen[-1][:2] == ("form", "T1:C1:gpu:U1")  # type: ignore[attr-defined]


def test_a_form_opened_without_a_channel_is_answered_in_a_dm(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.interactive(submission({"params": "7B", "data": "1TB", "days": "30"}, private_metadata=""))

    post = slack.wait_for_calls("chat.postMessage")[0]
    assert post.args["channel"] == "U1"


def test_a_quick_choice_button_updates_the_question_and_answers_in_the_thread(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000200.000100")
    slack.wait_for_updated(1)

    bot.interactive(block_action("answer_precision_0", "bf16", thread_ts="1700000200.000100"))

    post = slack.wait_for_calls("chat.postMessage", 2)[1]
    # The buttons are removed on the notices pool, beside the answer: wait for that edit too.
    slack.wait_for(lambda: any(c.args["ts"] == "1800000000.000009" for c in slack.calls("chat.update")))
    clicked = [c for c in slack.calls("chat.update") if c.args["ts"] == "1800000000.000009"]
    assert len(clicked) == 1
    assert all(b["type"] != "actions" for b in clicked[0].args["blocks"])
    assert post.args["thread_ts"] == "1700000200.000100"
    assert "H100" in post.args["text"]
    assert bot.consultant.seen[-1] == ("action:answer", "T1:C1:1700000200.000100", "bf16")  # type: ignore[attr-defined]


def test_explain_on_a_private_answer_replies_privately(bot: RunningBot, slack: FakeSlackApi) -> None:
    payload = block_action("explain", "explain", thread_ts=None, ephemeral=True)
    payload["response_url"] = slack.response_url

    bot.interactive(payload)

    response = slack.wait_for_calls("response")[0]
    assert response.args["response_type"] == "ephemeral"
    assert bot.consultant.seen[-1][:2] == ("action:explain", "T1:C1:gpu:U1")  # type: ignore[attr-defined]


def test_opening_app_home_publishes_the_home_view_in_the_users_language(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    slack.user_locale = "zh-CN"

    bot.event({"type": "app_home_opened", "user": "U1", "channel": "D1", "tab": "home", "event_ts": "1.0"})

    published = slack.wait_for_calls("views.publish")[0]
    assert published.args["user_id"] == "U1"
    assert "GPU 顾问" in published.dump()


def test_app_home_shows_the_plan_a_mention_was_just_answered_with(
    start_bot: Callable[..., RunningBot], slack: FakeSlackApi, store: MemoryStore
) -> None:
    bot = start_bot(Consultant(load_knowledge(), store))
    bot.mention("<@UBOT> pretrain a 7B model on 1TB of text, bf16, in a month", ts="1700000000.000500")
    answer = slack.wait_for_updated(1)[0]
    headline = re.search(r"\d+ × [^,*]+", answer.text)  # "8 × NVIDIA B200"
    assert headline is not None
    assert slack.wait_for(lambda: not bot.app.runner.in_flight())  # the turn is done

    bot.event({"type": "app_home_opened", "user": "U1", "channel": "D1", "tab": "home", "event_ts": "2.0"})

    assert headline.group().strip() in slack.wait_for_calls("views.publish")[0].dump()


def test_app_home_shows_the_plan_of_an_answer_slack_refused_to_show_the_first_time(
    start_bot: Callable[..., RunningBot], slack: FakeSlackApi, store: MemoryStore
) -> None:
    slack.fail_first("chat.update", 400, times=1)  # the turn is let go; its lease brings it back later
    bot = start_bot(Consultant(load_knowledge(), store))
    bot.mention("<@UBOT> pretrain a 7B model on 1TB of text, bf16, in a month", ts="1700000000.000600")
    refused = slack.wait_for_calls("chat.update", 1)[0]
    headline = re.search(r"\d+ × [^,*]+", str(refused.args["text"]))
    assert headline is not None
    assert slack.wait_for(lambda: not bot.app.runner.in_flight())

    bot.event({"type": "app_home_opened", "user": "U1", "channel": "D1", "tab": "home", "event_ts": "2.0"})

    assert headline.group().strip() in slack.wait_for_calls("views.publish")[0].dump()


def test_probes_report_process_and_store_health(bot: RunningBot) -> None:
    assert bot.request("/healthz").status == 200
    assert bot.request("/readyz").status == 200
    bot.store.close()
    assert bot.request("/readyz").status == 503
    assert bot.request("/healthz").status == 200


def test_metrics_count_requests_replies_and_recommendations(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.mention("<@UBOT> 7B", ts="1700000201.000100")
    slack.wait_for_updated(1)
    slack.wait_for(lambda: "gpu_advisor_recommendations_total 1.0" in bot.request("/metrics").body)

    text = bot.request("/metrics").body
    assert 'gpu_advisor_slack_requests_total{kind="event"} 1.0' in text
    assert 'gpu_advisor_replies_total{surface="mention"} 1.0' in text
    assert 'gpu_advisor_reply_latency_seconds_count{surface="mention"} 1.0' in text  # the placeholder
    assert 'gpu_advisor_answer_latency_seconds_count{surface="mention"} 1.0' in text


def test_unknown_paths_are_not_found(bot: RunningBot) -> None:
    assert bot.request("/nope").status == 404


def test_a_slash_command_gets_its_answer_without_a_placeholder(bot: RunningBot, slack: FakeSlackApi) -> None:
    bot.command("7B, 1TB, a month")

    slack.wait_for_calls("response")
    assert [c.method for c in slack.messages()] == ["response"]


def test_each_message_in_a_thread_gets_one_placeholder_that_becomes_its_answer(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B model", ts="1700000202.000100")
    slack.wait_for_updated(1)
    bot.message("1TB", ts="1700000202.000200", thread_ts="1700000202.000100")
    slack.wait_for_updated(2)
    bot.message("bf16, a month", ts="1700000202.000300", thread_ts="1700000202.000100")

    shown = slack.wait_for_updated(3)
    assert len(slack.calls("chat.postMessage")) == 3
    assert len(slack.calls("chat.update")) == 3
    assert [m.text.split(":")[0] for m in shown] == ["Turn 1", "Turn 2", "Turn 3"]
    assert all(m.updates == 1 and m.posted_text == "⏳ Working on it…" for m in shown)


def test_a_chinese_message_that_reads_the_same_in_both_scripts_follows_the_users_locale(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    slack.user_locale = "zh-TW"

    bot.mention("<@UBOT> 模型 7B", ts="1700000301.000100")
    slack.wait_for_updated(1)

    assert bot.consultant.lang_hints == ["zh-Hant"]  # type: ignore[attr-defined]
    assert len(slack.calls("users.info")) == 1


def test_a_message_whose_script_is_plain_costs_no_locale_lookup(bot: RunningBot, slack: FakeSlackApi) -> None:
    slack.user_locale = "zh-TW"

    bot.mention("<@UBOT> 我们要训练一个模型", ts="1700000302.000100")
    slack.wait_for_updated(1)
    bot.mention("<@UBOT> pretrain a 7B model", ts="1700000303.000100")
    slack.wait_for_updated(2)

    assert bot.consultant.lang_hints == [None, None]  # type: ignore[attr-defined]
    assert slack.calls("users.info") == []
