"""Buttons on the consultant's messages: quick answers, "explain" and "reset"."""

from __future__ import annotations

import re
from typing import Any

from slack_bolt import Ack, App, BoltContext, Respond
from slack_sdk import WebClient

from bot.ports import ConsultantLike
from bot.slack import sessions
from bot.slack.errors import ErrorReporter
from bot.slack.posting import Replier, defuse, message_args

BUTTONS = re.compile(r"^(answer_[a-z_]+_\d+|explain|reset)$")


def where_of(body: dict[str, Any]) -> sessions.Where | None:
    """The conversation a clicked message belongs to (same ids as the message that started it)."""
    channel = (body.get("channel") or {}).get("id")
    if not channel:
        return None  # a button outside a message (e.g. App Home): no conversation to continue
    team = sessions.team_of(body)
    container = body.get("container") or {}
    if container.get("is_ephemeral"):
        return sessions.for_command(team, channel, body["user"]["id"])
    thread_ts = (body.get("message") or {}).get("thread_ts") or container.get("thread_ts")
    if thread_ts:
        return sessions.for_thread(team, channel, thread_ts)
    return sessions.Where(f"{team}:{channel}", channel, None)  # a DM conversation at top level


def without_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The clicked message's blocks minus its action rows, so a choice cannot be clicked twice."""
    return [b for b in message.get("blocks") or [] if b.get("type") != "actions"]


def register(app: App, replier: Replier, consultant: ConsultantLike, reporter: ErrorReporter) -> None:
    def on_button(
        ack: Ack,
        body: dict[str, Any],
        action: dict[str, Any],
        client: WebClient,
        respond: Respond,
        context: BoltContext,
    ) -> None:
        ack()
        where = where_of(body)
        if where is None:
            return
        kind = "answer" if action["action_id"].startswith("answer_") else action["action_id"]
        value = action.get("value") or (action.get("selected_option") or {}).get("value") or ""
        ephemeral = bool((body.get("container") or {}).get("is_ephemeral"))
        message = body.get("message") or {}
        if not ephemeral and message.get("ts"):
            # Right away, on the listener thread: the choice cannot be clicked twice.
            client.chat_update(
                channel=where.channel,
                ts=message["ts"],
                text=defuse(message.get("text") or ""),
                blocks=defuse(without_buttons(message)),
            )

        def answer() -> None:
            turn = consultant.handle_action(where.session_id, kind, str(value))
            if ephemeral:
                respond(response_type="ephemeral", replace_original=False, **message_args(turn))
                replier.observe(turn, "button", context.get("received_s"))
            else:
                replier.post(client, where, turn, surface="button", received_s=context.get("received_s"))

        replier.later(answer, lambda error: reporter.report(error, body, context, client))

    app.action(BUTTONS)(on_button)
