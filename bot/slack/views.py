"""The sizing form's submission: field errors go back into the form, a valid form gets an answer."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient
from slack_sdk.webhook import WebhookClient

from bot.slack import modal, sessions
from bot.slack.ports import ConsultantLike
from bot.slack.posting import Replier, message_args


def register(app: App, replier: Replier, consultant: ConsultantLike) -> None:
    def on_submit(
        ack: Ack, body: dict[str, Any], view: dict[str, Any], client: WebClient, context: BoltContext
    ) -> None:
        fields = modal.read_fields(view)
        errors = consultant.validate_form(fields)
        if errors:
            ack(response_action="errors", errors=modal.errors_for_slack(errors))
            return
        ack()
        user = body["user"]["id"]
        team = (body.get("team") or {}).get("id") or body["user"].get("team_id") or "T"
        meta = modal.metadata_of(view)
        channel = str(meta.get("channel") or user)
        turn = consultant.handle_form(sessions.for_command(team, channel, user).session_id, fields)
        response_url = meta.get("response_url")
        if response_url:
            # The private answer next to where /gpu was typed, like `/gpu TEXT` (works in any channel).
            WebhookClient(str(response_url)).send(response_type="ephemeral", **message_args(turn))
            replier.observe(turn, "form", context.get("received_s"))
        else:
            replier.post(
                client,
                sessions.Where("", user, None),
                turn,
                surface="form",
                received_s=context.get("received_s"),
            )

    app.view("gpu_sizing_form")(on_submit)
