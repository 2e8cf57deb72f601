from __future__ import annotations

import io
import json

from slack_api import FakeSlackApi
from slack_harness import RunningBot


def records(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def test_a_record_logged_while_answering_carries_the_request_id_and_no_message_body(
    log_lines: io.StringIO, bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> confidential-project-zebra 7B model", ts="1700000300.000100", event_id="EvLog1")

    slack.wait_for_updated(1)
    slack.wait_for(lambda: any(r["msg"].startswith("answered") for r in records(log_lines)))
    answered = [r for r in records(log_lines) if str(r["msg"]).startswith("answered")]
    assert len(answered) == 1
    assert answered[0]["event_id"] == "EvLog1"
    assert answered[0]["team"] == "T1"
    assert answered[0]["request_id"]
    assert "confidential-project-zebra" not in log_lines.getvalue()


def test_two_requests_get_different_request_ids(
    log_lines: io.StringIO, bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> 7B", ts="1700000301.000100", event_id="EvLogA")
    bot.mention("<@UBOT> 13B", ts="1700000302.000100", event_id="EvLogB")

    slack.wait_for_updated(2)
    slack.wait_for(lambda: sum(str(r["msg"]).startswith("answered") for r in records(log_lines)) == 2)
    ids = {r["event_id"]: r["request_id"] for r in records(log_lines) if str(r["msg"]).startswith("answered")}
    assert set(ids) == {"EvLogA", "EvLogB"}
    assert ids["EvLogA"] != ids["EvLogB"]


def test_the_error_record_of_a_failed_turn_carries_the_request_id(
    log_lines: io.StringIO, bot: RunningBot, slack: FakeSlackApi
) -> None:
    bot.mention("<@UBOT> boom private-words", ts="1700000303.000100", event_id="EvLogErr")

    slack.wait_for_updated(1)
    errors = [r for r in records(log_lines) if r["level"] == "error"]
    assert errors and errors[0]["event_id"] == "EvLogErr" and errors[0]["request_id"]
    assert "private-words" not in str(errors[0]["msg"])
