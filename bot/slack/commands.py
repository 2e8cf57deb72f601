"""`/gpu TEXT` answers privately in the channel; `/gpu` alone opens the sizing form."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient

from bot.ports import ConsultantLike
from bot.slack import modal, sessions
from bot.slack.errors import ErrorReporter
from bot.slack.posting import Replier, message_args


def register(app: App, replier: Replier, consultant: ConsultantLike, reporter: ErrorReporter) -> None:
    def on_gpu(
        ack: Ack,
        command: dict[str, Any],
        body: dict[str, Any],
        respond: Respond,
        client: WebClient,
        context: BoltContext,
    ) -> None:
        ack()  # within Slack's 3 s; the answer follows through response_url from the work pool
        text = (command.get("text") or "").strip()
        if not text:
            view = modal.sizing_view(
                channel_id=command["channel_id"], response_url=command.get("response_url")
            )
            client.views_open(trigger_id=command["trigger_id"], view=view)
            return
        team = command.get("team_id") or "T"
        where = sessions.for_command(team, command["channel_id"], command["user_id"])

        def answer() -> None:
            turn = consultant.handle(where.session_id, text, user_id=command["user_id"])
            respond(response_type="ephemeral", **message_args(turn))
            replier.observe(turn, "command", context.get("received_s"))

        replier.later(answer, lambda error: reporter.report(error, body, context, client))

    app.command("/gpu")(on_gpu)
