"""Global middleware: which deliveries get an answer at all, before any listener runs.

Drops bot and edited/system messages, leaves a message that mentions the bot to the app_mention
event (Slack delivers a mention twice, once per event; bolt-python#941), answers channel thread
replies only where a conversation already exists (bolt-python#894), de-duplicates retried
deliveries by event_id in the shared store (so a retry landing on another instance is dropped too)
and applies the per-user rate limit. What survives is put in the context for the listeners:
`where` (session and reply thread) and `user_text` (the message without the bot mention).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from slack_bolt import BoltContext, BoltRequest, BoltResponse
from slack_sdk import WebClient

from bot.config import Settings
from bot.ops.metrics import Metrics
from bot.ports import StoreLike
from bot.slack import sessions
from bot.slack.messages import detect_lang, notice
from bot.slack.sessions import Where
from bot.store.base import StoreUnavailable

log = logging.getLogger(__name__)

RATE_WINDOW_S = 60.0
# Keep event ids a day: Slack retries for about an hour after the first delivery (3 retries).
EVENT_TTL_S = 24 * 3600.0


def request_kind(body: dict[str, Any]) -> str:
    if body.get("type") == "event_callback":
        return "event"
    if "command" in body:
        return "command"
    if body.get("type") == "block_actions":
        return "action"
    if body.get("type") in ("view_submission", "view_closed"):
        return "view"
    return str(body.get("type") or "other")


def route_event(
    event: dict[str, Any], team: str, bot_user_id: str | None, session_exists: Callable[[str], bool]
) -> Where | None:
    """Where a user message should be answered, or None when the bot should stay silent."""
    etype = event.get("type")
    if event.get("subtype") or event.get("bot_id") or not event.get("user"):
        return None  # edits, joins, thread broadcasts, other bots, ourselves
    if bot_user_id and event.get("user") == bot_user_id:
        return None
    if etype == "app_mention":
        return sessions.for_mention(team, event)
    if etype != "message":
        return None
    text = event.get("text") or ""
    if event.get("channel_type") in sessions.DIRECT_CHANNEL_TYPES:
        dm_thread = event.get("thread_ts")
        in_thread = bool(dm_thread) and session_exists(
            sessions.for_thread(team, event["channel"], str(dm_thread)).session_id
        )
        return sessions.for_dm(team, event, in_thread)
    if sessions.mentions(text, bot_user_id):
        return None  # the app_mention delivery of the same message answers it
    thread_ts = event.get("thread_ts")
    if not thread_ts or thread_ts == event.get("ts"):
        return None  # channel chatter outside our threads
    where = sessions.for_thread(team, event["channel"], thread_ts)
    return where if session_exists(where.session_id) else None


class Gate:
    def __init__(self, settings: Settings, store: StoreLike, metrics: Metrics, background: Executor) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.background = background

    def __call__(
        self,
        req: BoltRequest,
        context: BoltContext,
        body: dict[str, Any],
        client: WebClient,
        next: Callable[[], None],
    ) -> BoltResponse | None:
        context["received_s"] = time.perf_counter()
        kind = request_kind(body)
        self.metrics.requests.labels(kind=kind).inc()
        if kind == "command":
            return self._command(body, context, next)
        if kind != "event" or body.get("event", {}).get("type") not in ("app_mention", "message"):
            next()
            return None
        event = body["event"]
        team = sessions.team_of(body, event)
        retried = bool(req.headers.get("x-slack-retry-num"))
        try:
            where = route_event(event, team, context.bot_user_id, self.store.exists)
            if where is None:
                return BoltResponse(status=200, body="")
            if not self.store.claim_event(
                str(body.get("event_id") or f"{event['channel']}:{event['ts']}"), EVENT_TTL_S
            ):
                self.metrics.duplicates.inc()
                log.info("dropped a repeated delivery of %s (retry=%s)", body.get("event_id"), retried)
                return BoltResponse(status=200, body="")
            limited = self.store.hit_rate_limit(
                f"user:{team}:{event['user']}", self.settings.rate_limit_per_minute, RATE_WINDOW_S
            )
        except StoreUnavailable:
            self.metrics.errors.labels(kind="store_unavailable").inc()
            log.warning("state store unavailable while gating %s", body.get("event_id"))
            direct = event.get("type") == "app_mention" or event.get("channel_type") == "im"
            if direct and not retried and not event.get("bot_id"):
                self._notify(client, "store_down", event, where_of(team, event))
            return BoltResponse(status=200, body="")
        if limited:
            self.metrics.rate_limited.inc()
            self._notify(client, "rate_limited", event, where)
            return BoltResponse(status=200, body="")
        context["where"] = where
        context["user_text"] = sessions.strip_mentions(event.get("text") or "", context.bot_user_id)
        next()
        return None

    def _command(
        self, body: dict[str, Any], context: BoltContext, next: Callable[[], None]
    ) -> BoltResponse | None:
        key = f"user:{body.get('team_id')}:{body.get('user_id')}"
        try:
            limited = self.store.hit_rate_limit(key, self.settings.rate_limit_per_minute, RATE_WINDOW_S)
        except StoreUnavailable:
            self.metrics.errors.labels(kind="store_unavailable").inc()
            return BoltResponse(status=200, body=notice("store_down", detect_lang(body.get("text"))))
        if limited:
            self.metrics.rate_limited.inc()
            return BoltResponse(status=200, body=notice("rate_limited", detect_lang(body.get("text"))))
        next()
        return None

    def _notify(self, client: WebClient, kind: str, event: dict[str, Any], where: Where) -> None:
        """Tell the user (off the request thread, so the ack is not held up by the Web API)."""
        text = notice(kind, detect_lang(event.get("text")))

        def send() -> None:
            try:
                if kind == "rate_limited":  # only the sender needs to see it
                    client.chat_postEphemeral(
                        channel=where.channel, user=event["user"], thread_ts=where.thread_ts, text=text
                    )
                else:
                    client.chat_postMessage(channel=where.channel, thread_ts=where.thread_ts, text=text)
            except Exception:
                log.exception("could not post the %s notice", kind)

        self.background.submit(send)


def where_of(team: str, event: dict[str, Any]) -> Where:
    """Best-effort reply place when the store cannot tell us about sessions."""
    if event.get("channel_type") in sessions.DIRECT_CHANNEL_TYPES:
        return sessions.for_dm(team, event, thread_exists=bool(event.get("thread_ts")))
    return sessions.for_mention(team, event)
