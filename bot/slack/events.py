"""Event listeners: mentions, DMs and thread follow-ups (already routed by the gate), App Home."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from slack_bolt import App, BoltContext
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.ports import ConsultantLike
from bot.slack.errors import ErrorReporter
from bot.slack.messages import lang_from_locale
from bot.slack.posting import Replier

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


def register(app: App, replier: Replier, consultant: ConsultantLike, reporter: ErrorReporter) -> None:
    locales = LocaleCache()

    def on_message(
        event: dict[str, Any], body: dict[str, Any], context: BoltContext, client: WebClient
    ) -> None:
        where = context.get("where")
        if where is None:  # not for us (the gate decided); nothing to do
            return
        surface = "mention" if event.get("type") == "app_mention" else "message"

        def on_error(error: Exception, placeholder_ts: str | None) -> None:
            reporter.report(error, body, context, client, placeholder_ts=placeholder_ts)

        replier.answer(
            client,
            where,
            context["user_text"],
            user_id=event.get("user"),
            surface=surface,
            received_s=context.get("received_s"),
            on_error=on_error,
        )

    def on_home_opened(event: dict[str, Any], client: WebClient) -> None:
        if event.get("tab") != "home":
            return
        user_id = event["user"]
        client.views_publish(
            user_id=user_id, view=consultant.home_view(user_id, locales.lang(client, user_id))
        )

    app.event("app_mention")(on_message)
    app.event("message")(on_message)
    app.event("app_home_opened")(on_home_opened)
