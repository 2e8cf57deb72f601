"""A queued turn's payload is all another worker has to answer it: what is stored reads back as the
request it was made from, after a trip through JSON as the store makes it."""

from __future__ import annotations

import json

from bot.slack.turns import FORM, MENTION, TurnRequest


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
