"""The sizing form's submission: field errors go back into the form, a valid form gets an answer."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient
from slack_sdk.webhook import WebhookClient

from bot.ports import ConsultantLike
from bot.slack import modal, sessions
from bot.slack.errors import ErrorReporter
from bot.slack.posting import Replier, message_args


def register(app: App, replier: Replier, consultant: ConsultantLike, reporter: ErrorReporter) -> None:
    def on_submit(
        ack: Ack,
        body: dict[str, Any],
        view: dict[str, Any],
        client: WebClient,
        context: BoltContext,
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
        response_url = meta.get("response_url")

        def answer() -> None:
            turn = consultant.handle_form(sessions.for_command(team, channel, user).session_id, fields)
            if response_url:
                # The private answer next to where /gpu was typed, like `/gpu TEXT` (works anywhere).
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

        # The error notice goes where the answer would have (response_url from the form's metadata).
        notice_body = body | ({"response_url": response_url} if response_url else {})
        replier.later(answer, lambda error: reporter.report(error, notice_body, context, client))

    app.view("gpu_sizing_form")(on_submit)
