"""Event listeners: App Home. Mentions, DMs and thread follow-ups are turns (bot.slack.gate)."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient

from bot.ports import ConsultantLike
from bot.slack.runner import TurnRunner

log = logging.getLogger(__name__)


def register(app: App, runner: TurnRunner, consultant: ConsultantLike) -> None:
    locales = runner.locales  # one cache of users' locales for App Home and messages

    def on_home_opened(event: dict[str, Any], client: WebClient) -> None:
        if event.get("tab") != "home" or not event.get("user"):
            return
        user_id = str(event["user"])

        def publish() -> None:
            view = consultant.home_view(user_id, locales.lang(client, user_id))
            client.views_publish(user_id=user_id, view=view)

        runner.later(publish, "publishing App Home")

    app.event("app_home_opened")(on_home_opened)
