"""Global middleware: which deliveries become a turn, admitted durably before Slack gets its ack.

Drops bot and edited/system messages, leaves a message that mentions the bot to the app_mention
event (Slack delivers a mention twice, once per event; bolt-python#941), answers channel thread
replies only where a conversation already exists (bolt-python#894). A message, `/gpu TEXT` or a
button click that survives is admitted into the store's turn queue in one transaction that also
de-duplicates it (a retried or replayed delivery starts nothing) and counts the per-user rate limit
(bot.store.turns). Only then is the request acknowledged, and the turn handed to the runner: the
ack never waits for Slack's Web API or the consultant.

When the store cannot write, the user is told so ("state store unavailable") wherever they wrote:
a mention, a DM, `/gpu`, a button, or a reply in a thread this instance has answered in.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from slack_bolt import BoltContext, BoltRequest, BoltResponse
from slack_bolt.middleware import Middleware

from bot.config import Settings
from bot.ops.metrics import Metrics
from bot.ports import StoreLike
from bot.slack import sessions, turns
from bot.slack.messages import detect_lang, notice
from bot.slack.posting import defuse
from bot.slack.runner import TurnRunner
from bot.slack.sessions import Where
from bot.slack.turns import TurnRequest
from bot.store.base import StoreUnavailable
from bot.store.turns import Admission

log = logging.getLogger(__name__)

RATE_WINDOW_S = 60.0
# Buttons the consultant answers: quick answers to its questions, "explain", "reset".
BUTTONS = re.compile(r"^(answer_[a-z_]+_\d+|explain|reset)$")
# Sessions this instance saw recently, so a thread reply during a store outage can still be told.
RECENT_SESSIONS = 10_000


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


def where_of_click(body: dict[str, Any]) -> Where | None:
    """The conversation a clicked message belongs to (same ids as the message that started it)."""
    channel = (body.get("channel") or {}).get("id")
    if not channel:
        return None  # a button outside a message (e.g. App Home): no conversation to continue
    team = sessions.team_of(body)
    container = body.get("container") or {}
    if container.get("is_ephemeral"):
        return sessions.for_command(team, channel, body["user"]["id"])
    # The clicked message is the bot's own, so its team is the installation's: a click by someone from
    # the other organisation of a Slack Connect channel (whose payload `team` is theirs) continues the
    # same conversation.
    team = str((body.get("message") or {}).get("team") or team)
    thread_ts = (body.get("message") or {}).get("thread_ts") or container.get("thread_ts")
    if thread_ts:
        return sessions.for_thread(team, channel, thread_ts)
    return Where(f"{team}:{channel}", channel, None)  # a DM conversation at top level


def without_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The clicked message's blocks minus its action rows, so a choice cannot be clicked twice."""
    return [b for b in message.get("blocks") or [] if b.get("type") != "actions"]


class RecentSessions:
    """A bounded set of session ids this instance has answered in (LRU)."""

    def __init__(self, size: int = RECENT_SESSIONS) -> None:
        self._ids: OrderedDict[str, None] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def add(self, session_id: str) -> None:
        with self._lock:
            self._ids[session_id] = None
            self._ids.move_to_end(session_id)
            if len(self._ids) > self._size:
                self._ids.popitem(last=False)

    def __contains__(self, session_id: object) -> bool:
        with self._lock:
            return session_id in self._ids


class Gate(Middleware):
    """Bolt's first global middleware after its own (verification, authorization). A Middleware
    subclass, not a function: Bolt calls a function middleware through its argument injection, which
    builds every argument it could pass (say, respond, the payload views, ...) on every request."""

    def __init__(self, settings: Settings, store: StoreLike, metrics: Metrics, runner: TurnRunner) -> None:
        self.settings = settings
        self.store = store
        self.metrics = metrics
        self.runner = runner
        self.recent = RecentSessions()

    def process(
        self,
        *,
        req: BoltRequest,
        resp: BoltResponse,
        next: Callable[[], BoltResponse],
    ) -> BoltResponse | None:
        context, body = req.context, req.body
        context["received_s"] = received_s = time.perf_counter()
        kind = request_kind(body)
        self.metrics.requests.labels(kind=kind).inc()
        if kind == "event" and body["event"].get("type") in ("app_mention", "message"):
            return self._event(req, body, context, received_s)
        if kind == "command" and str(body.get("text") or "").strip():
            turn = turns.for_command(body, req.raw_body)
            return self._admit(turn, received_s, private=True, command=True)[0]
        if kind == "action":
            return self._click(req, body, received_s, next)
        next()
        return None

    # -- surfaces -----------------------------------------------------------------------------

    def _event(
        self, req: BoltRequest, body: dict[str, Any], context: BoltContext, received_s: float
    ) -> BoltResponse:
        event = body["event"]
        team = sessions.team_of(body, event)
        try:
            where = route_event(event, team, context.bot_user_id, self._session_exists)
        except StoreUnavailable:
            self._store_down(event, team)
            return ok()
        if where is None:
            return ok()
        text = sessions.strip_mentions(event.get("text") or "", context.bot_user_id)
        return self._admit(turns.for_event(body, event, where, text), received_s, private=True)[0]

    def _click(
        self, req: BoltRequest, body: dict[str, Any], received_s: float, next: Callable[[], object]
    ) -> BoltResponse | None:
        actions = body.get("actions") or []
        action = actions[0] if actions and isinstance(actions[0], dict) else {}
        where = where_of_click(body)
        if not BUTTONS.match(str(action.get("action_id") or "")) or where is None:
            next()
            return None
        kind = "answer" if action["action_id"].startswith("answer_") else action["action_id"]
        value = action.get("value") or (action.get("selected_option") or {}).get("value") or ""
        private = bool((body.get("container") or {}).get("is_ephemeral"))
        turn = turns.for_button(body, req.raw_body, where, kind, str(value), private=private)
        response, admitted = self._admit(turn, received_s, private=True)
        message = body.get("message") or {}
        if admitted and not private and message.get("ts"):
            client = self.runner.client
            self.runner.later(
                lambda: client.chat_update(
                    channel=where.channel,
                    ts=message["ts"],
                    text=defuse(message.get("text") or ""),
                    blocks=defuse(without_buttons(message)),
                ),
                "removing the clicked buttons",
            )
        return response

    # -- admission ----------------------------------------------------------------------------

    def admit(self, turn: TurnRequest, received_s: float | None) -> bool:
        """Admit and start a turn from a listener (the form); False when it was not started."""
        return self._admit(turn, received_s, private=True)[1]

    def _admit(
        self, turn: TurnRequest, received_s: float | None, *, private: bool, command: bool = False
    ) -> tuple[BoltResponse, bool]:
        """Record the turn (pending, leased to this process) and start it; or say why not."""
        try:
            admission = self.store.admit(
                turn.id,
                turn.to_payload(),
                owner=self.runner.owner,
                lease_s=self.runner.lease_s,
                rate_key=f"user:{turn.user_id}",  # Slack user ids are unique across workspaces
                limit=self.settings.rate_limit_per_minute,
                window_s=RATE_WINDOW_S,
                keep_s=turns.KEEP_S,
            )
        except StoreUnavailable as exc:
            self.metrics.errors.labels(kind="store_unavailable").inc()
            log.warning("state store unavailable while admitting %s: %s", turn.id, exc)
            if command:
                return ok(notice("store_down", turn.lang)), False
            self.runner.tell("store_down", turn, private=False)
            return ok(), False
        if admission is Admission.DUPLICATE:
            self.metrics.duplicates.inc()
            log.info("dropped a repeated delivery of %s", turn.id)
            return ok(), False
        if admission in (Admission.LIMITED, Admission.LIMITED_QUIET):
            self.metrics.rate_limited.inc()
            if command:  # the ack's own text: private and free, so said every time
                return ok(notice("rate_limited", turn.lang)), False
            if admission is Admission.LIMITED:
                self.runner.tell("rate_limited", turn, private=private)
            return ok(), False
        self.recent.add(turn.session_id)
        self.runner.start(turn, received_s)
        return ok(), True

    def _session_exists(self, session_id: str) -> bool:
        if self.store.exists(session_id):
            self.recent.add(session_id)
            return True
        return False

    def _store_down(self, event: dict[str, Any], team: str) -> None:
        """Routing needed the store and it is down: tell those who were talking to the bot."""
        self.metrics.errors.labels(kind="store_unavailable").inc()
        log.warning("state store unavailable while routing an event")
        if event.get("subtype") or event.get("bot_id") or not event.get("user") or not event.get("channel"):
            return
        where = where_during_outage(team, event)
        direct = event.get("type") == "app_mention" or event.get("channel_type") == "im"
        if direct or where.session_id in self.recent:
            lang = detect_lang(event.get("text"))
            turn = TurnRequest(
                "", turns.MESSAGE, where.session_id, where.channel, where.thread_ts, None, "", lang
            )
            self.runner.tell("store_down", turn, private=False)


def where_during_outage(team: str, event: dict[str, Any]) -> Where:
    """Best-effort reply place when the store cannot tell us about sessions."""
    if event.get("channel_type") in sessions.DIRECT_CHANNEL_TYPES:
        return sessions.for_dm(team, event, thread_exists=bool(event.get("thread_ts")))
    return sessions.for_mention(team, event)


def ok(text: str = "") -> BoltResponse:
    return BoltResponse(status=200, body=text)
