"""`/gpu` alone opens the sizing form; `/gpu TEXT` is a turn, admitted and answered by the gate."""

from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App
from slack_sdk import WebClient

from bot.slack import modal
from bot.slack.runner import TurnRunner


def register(app: App, runner: TurnRunner) -> None:
    def on_gpu(ack: Ack, command: dict[str, Any], client: WebClient) -> None:
        ack()  # within Slack's 3 s; views.open runs on the api pool (the trigger is valid 3 s)
        view = modal.sizing_view(channel_id=command["channel_id"], response_url=command.get("response_url"))
        trigger_id = command["trigger_id"]
        runner.later(lambda: client.views_open(trigger_id=trigger_id, view=view), "opening the sizing form")

    app.command("/gpu")(on_gpu)
