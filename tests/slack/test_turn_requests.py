"""A queued turn's payload is all another worker has to answer it: what is stored reads back as the
request it was made from, after a trip through JSON as the store makes it."""

from __future__ import annotations

import json

from bot.slack.sessions import for_mention
from bot.slack.turns import FORM, MENTION, TurnRequest, for_event


def test_a_queued_mention_reads_back_as_the_request_it_was_stored_from() -> None:
    turn = TurnRequest("ev:T1:Ev1", MENTION, "T1:C1:1.1", "C1", "1.1", "U1", "训练一个7B模型", "zh-Hans")

    payload = turn.to_payload()

    assert TurnRequest.from_payload(json.loads(json.dumps(payload))) == turn
    assert list(payload) == ["id", "surface", "session_id", "channel", "thread_ts", "user_id", "text", "lang"]


def test_a_queued_form_keeps_its_fields_and_shares_none_of_them_with_the_request() -> None:
    fields = {"params": "7B", "data": "1TB"}
    turn = TurnRequest(
        "form:T1:tr1", FORM, "T1:C1:1.1", "C1", "1.1", "U1", "", "en", fields=fields, response_url="https://x"
    )

    payload = turn.to_payload()

    assert TurnRequest.from_payload(json.loads(json.dumps(payload))) == turn
    assert "action" not in payload  # unset fields are left out
    fields["params"] = "70B"  # the request's dict changing later does not change what was stored
    assert payload["fields"] == {"params": "7B", "data": "1TB"}


def _mention(text: str) -> TurnRequest:
    event = {"type": "app_mention", "user": "U1", "text": text, "ts": "1.1", "channel": "C1", "team": "T1"}
    body = {"team_id": "T1", "event_id": "Ev1", "event": event}
    return for_event(body, event, for_mention("T1", event), text)


def test_a_mention_is_stored_with_its_script_and_whether_its_words_leave_the_script_open() -> None:
    shared = _mention("模型 7B")  # the same characters in both scripts: the user's locale decides
    plain = _mention("我们要训练一个模型")

    assert (shared.lang, shared.script_neutral) == ("zh-Hans", True)
    assert (plain.lang, plain.script_neutral) == ("zh-Hans", False)
    assert TurnRequest.from_payload(json.loads(json.dumps(shared.to_payload()))) == shared


def test_a_turn_stored_before_the_script_was_carried_reads_back_with_it_unknown() -> None:
    payload = {"id": "ev:T1:Ev1", "surface": MENTION, "session_id": "T1:C1:1.1", "channel": "C1",
               "thread_ts": "1.1", "user_id": "U1", "text": "模型 7B", "lang": "zh-Hans"}  # fmt: skip

    turn = TurnRequest.from_payload(payload)

    assert turn is not None and turn.script_neutral is None  # the worker reads the words itself
