"""The Slack app factory: one Bolt App over the consultant, with listeners per surface."""

from __future__ import annotations

from typing import Any

from slack_bolt import App, BoltRequest, BoltResponse
from slack_sdk import WebClient

from bot.config import Settings
from bot.ops.logs import bind_request_id
from bot.ops.metrics import Metrics
from bot.ports import ConsultantLike, StoreLike
from bot.slack import actions, commands, errors, events, sessions, views
from bot.slack.client import build_client
from bot.slack.gate import Gate
from bot.slack.pools import Pools, new_pools
from bot.slack.posting import Replier


class SlackConfigError(Exception):
    """A setting the Slack app cannot start without is missing or wrong (one line, no traceback)."""


class AdvisorApp(App):
    """Bolt's App with every request handled under its own log request id.

    dispatch() is the one entry point of both the HTTP adapter and Socket Mode; the gate and the
    listener submissions happen inside it, and the pools copy the context into their threads.
    """

    def dispatch(self, req: BoltRequest) -> BoltResponse:
        body: dict[str, Any] = req.body if isinstance(req.body, dict) else {}
        event = body.get("event") if isinstance(body.get("event"), dict) else None
        event_id = body.get("event_id") or body.get("trigger_id")
        with bind_request_id(
            event_id=str(event_id) if event_id else None, team=sessions.team_of(body, event)
        ):
            return super().dispatch(req)


def build_app(
    settings: Settings,
    consultant: ConsultantLike,
    *,
    client: WebClient | None = None,
    store: StoreLike | None = None,
    metrics: Metrics | None = None,
    pools: Pools | None = None,
) -> App:
    if settings.slack_bot_token is None and (client is None or not client.token):
        raise SlackConfigError("SLACK_BOT_TOKEN is not set (the app's bot token, xoxb-...)")
    metrics = metrics or Metrics()
    if store is None:
        from bot.bootstrap import build_store

        store = build_store(settings)
    client = client or build_client(settings, metrics)
    pools = pools or new_pools()
    secret = settings.slack_signing_secret.get_secret_value() if settings.slack_signing_secret else None
    app = AdvisorApp(
        client=client,
        signing_secret=secret,
        # Socket Mode needs no signing secret; HTTP mode refuses to start without one (bot.ops.http).
        request_verification_enabled=secret is not None,
        listener_executor=pools.listeners,
    )
    replier = Replier(consultant, metrics, pools)
    reporter = errors.ErrorReporter(metrics)
    app.use(Gate(settings, store, metrics, pools.listeners))
    events.register(app, replier, consultant, reporter)
    commands.register(app, replier, consultant, reporter)
    actions.register(app, replier, consultant, reporter)
    views.register(app, replier, consultant, reporter)
    errors.register(app, reporter)
    return app
