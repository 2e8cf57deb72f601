"""Users' Slack locales (users.info), cached: App Home renders in the user's language, and a Chinese
message whose script is ambiguous follows the user's locale (zh-CN simplified, zh-TW/HK traditional)."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.slack.messages import lang_from_locale

log = logging.getLogger(__name__)

LOCALE_CACHE_SIZE = 10_000


class LocaleCache:
    """users.info once per user (bounded LRU), not once per visit or message."""

    def __init__(self) -> None:
        self._langs: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def lang(self, client: WebClient, user_id: str) -> str:
        with self._lock:
            if user_id in self._langs:
                return self._langs[user_id]
        try:
            user = client.users_info(user=user_id, include_locale=True).get("user") or {}
            lang = lang_from_locale(user.get("locale"))
        except SlackApiError:
            log.warning("users.info failed for a user; their locale is taken as English")
            return "en"
        with self._lock:
            self._langs[user_id] = lang
            if len(self._langs) > LOCALE_CACHE_SIZE:
                self._langs.popitem(last=False)
        return lang
