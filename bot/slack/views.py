"""The sizing form's submission: field errors go back into the form, a valid form is a turn."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext, BoltRequest

from bot.ports import ConsultantLike
from bot.slack import modal, sessions, turns
from bot.slack.gate import Gate
from bot.slack.sessions import Where


def register(app: App, gate: Gate, consultant: ConsultantLike) -> None:
    def on_submit(
        ack: Ack, body: dict[str, Any], view: dict[str, Any], context: BoltContext, request: BoltRequest
    ) -> None:
        fields = modal.read_fields(view)
        errors = consultant.validate_form(fields)
        if errors:
            ack(response_action="errors", errors=modal.errors_for_slack(errors))
            return
        ack()
        user = str(body["user"]["id"])
        meta = modal.metadata_of(view)
        channel = str(meta.get("channel") or user)
        response_url = str(meta["response_url"]) if meta.get("response_url") else None
        session_id = sessions.for_command(sessions.team_of(body), channel, user).session_id
        # The private answer next to where /gpu was typed, like `/gpu TEXT`; else in a DM.
        where = Where(session_id, channel if response_url else user, None)
        turn = turns.for_form(body, request.raw_body, where, fields, response_url)
        gate.admit(turn, context.get("received_s"))

    app.view("gpu_sizing_form")(on_submit)
