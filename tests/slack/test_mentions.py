from __future__ import annotations

from fakes.slack_api import FakeSlackApi
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
