"""Event listeners: App Home. Mentions, DMs and thread follow-ups are turns (bot.slack.gate)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.ports import ConsultantLike
from bot.slack.messages import lang_from_locale
from bot.slack.runner import TurnRunner

log = logging.getLogger(__name__)

LOCALE_CACHE_SIZE = 10_000


class LocaleCache:
    """Users' Slack locales (users.info), so App Home renders in their language without a call per visit."""

    def __init__(self) -> None:
        self._langs: OrderedDict[str, str] = OrderedDict()

    def lang(self, client: WebClient, user_id: str) -> str:
        if user_id in self._langs:
            return self._langs[user_id]
        try:
            user = client.users_info(user=user_id, include_locale=True).get("user") or {}
            lang = lang_from_locale(user.get("locale"))
        except SlackApiError:
            log.warning("users.info failed for a user; App Home falls back to English")
            return "en"
        self._langs[user_id] = lang
        if len(self._langs) > LOCALE_CACHE_SIZE:
            self._langs.popitem(last=False)
        return lang


def register(app: App, runner: TurnRunner, consultant: ConsultantLike) -> None:
    locales = LocaleCache()

    def on_home_opened(event: dict[str, Any], client: WebClient) -> None:
        if event.get("tab") != "home" or not event.get("user"):
            return
        user_id = str(event["user"])

        def publish() -> None:
            view = consultant.home_view(user_id, locales.lang(client, user_id))
            client.views_publish(user_id=user_id, view=view)

        runner.later(publish, "publishing App Home")

    app.event("app_home_opened")(on_home_opened)
