"""Hostile or broken traffic is cheap and never crashes a request: through the real HTTP app."""

from __future__ import annotations

import io
import json
import time
import urllib.error
import urllib.request

from slack_api import FakeSlackApi
from slack_harness import RunningBot


def raw_post(bot: RunningBot, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{bot.server.port}/slack/events", data=body, headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def unsigned(content_type: str = "application/json", timestamp: str | None = None) -> dict[str, str]:
    return {
        "Content-Type": content_type,
        "X-Slack-Request-Timestamp": timestamp or str(int(time.time())),
        "X-Slack-Signature": "v0=" + "0" * 64,
    }


def test_a_20_mb_unsigned_body_is_refused_unread_and_not_logged(
    bot: RunningBot, log_lines: io.StringIO
) -> None:
    body = b'{"type": "event_callback", "text": "' + b"secret-words " * (20 * 1024 * 1024 // 13) + b'"}'

    status = raw_post(bot, body, unsigned())

    assert status == 413
    assert "secret-words" not in log_lines.getvalue()
    assert len(log_lines.getvalue()) < 2_000


def test_unsigned_junk_gets_401_and_one_short_log_line_without_the_body(
    bot: RunningBot, log_lines: io.StringIO
) -> None:
    assert raw_post(bot, b"\xff\xfe not json at all", unsigned()) == 401
    assert raw_post(bot, b"{}", unsigned(timestamp="abc")) == 401
    assert raw_post(bot, b'{"text": "forged private words"}', {"Content-Type": "application/json"}) == 401

    lines = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    refusals = [line for line in lines if "refused" in line["msg"]]
    assert len(refusals) == 3
    assert "forged private words" not in log_lines.getvalue()
    assert all(not line.get("exc") for line in lines)


def test_signed_bytes_that_do_not_parse_get_400_without_a_traceback(
    bot: RunningBot, log_lines: io.StringIO
) -> None:
    assert bot.request("/slack/events", '{"type": "event_callback", "event": ').status == 400
    assert bot.request("/slack/events", "[1, 2, 3]").status == 400

    assert "Traceback" not in log_lines.getvalue()


def test_signed_payloads_of_the_wrong_shape_are_acknowledged_quietly(
    bot: RunningBot, slack: FakeSlackApi, log_lines: io.StringIO
) -> None:
    envelope = {"type": "event_callback", "team_id": "T1"}
    mention_without_channel = {"type": "app_mention", "user": "U9", "text": "hi", "ts": "1.2"}
    message_with_user_object = {"type": "message", "channel": "C1", "ts": "1.3", "user": {"id": "U1"}}
    malformed = [
        envelope | {"event_id": "EvBad1", "event": "oops"},
        envelope | {"event_id": "EvBad2", "event": mention_without_channel},
        envelope | {"event_id": "EvBad3", "authorizations": ["x"], "event": {}},
        envelope | {"event_id": "EvBad4", "event": message_with_user_object},
        {"type": "block_actions", "user": "U1", "actions": [{"action_id": "explain"}]},
        {"type": "view_submission", "user": {"id": "U1"}, "view": {"state": "x"}},
    ]

    statuses = [bot.request("/slack/events", json.dumps(body)).status for body in malformed]

    assert statuses == [200] * len(malformed)
    assert "Traceback" not in log_lines.getvalue()
    bot.mention("<@UBOT> marker", ts="1700000500.000100")
    assert [c.args["thread_ts"] for c in slack.wait_for_calls("chat.postMessage")] == ["1700000500.000100"]


def test_signed_requests_nothing_handles_are_acknowledged_at_once_not_404(bot: RunningBot) -> None:
    reaction = {"type": "reaction_added", "user": "U1", "reaction": "+1", "item": {"type": "message"}}
    shortcut = {
        "type": "shortcut",
        "callback_id": "nothing_here",
        "trigger_id": "9.9.9",
        "user": {"id": "U1"},
    }

    assert bot.event(reaction).status == 200
    assert bot.interactive(shortcut).status == 200


def test_gpu_is_acknowledged_while_slack_hangs_on_every_placeholder(
    bot: RunningBot, slack: FakeSlackApi
) -> None:
    slack.hang("chat.postMessage", times=12)
    for i in range(12):
        bot.mention(f"<@UBOT> question {i}", ts=f"1700000501.{i:06d}", channel=f"CH{i}")
    assert slack.wait_for(lambda: slack.hanging() >= 8)  # every api thread is stuck on Slack

    answer = bot.command("7B, 1TB, a month")

    assert answer.status == 200
    assert slack.hanging() >= 8  # acknowledged while Slack was still hanging
    slack.release()
    assert "H100" in slack.wait_for_calls("response")[0].args["text"]
    assert len(slack.wait_for_updated(12, timeout_s=30)) == 12  # the hung turns finish too
