"""The Slack app factory: one Bolt App over the consultant, with the durable turn queue behind it.

`build_app` wires the gate (admits turns before the ack), the runner (answers them off the ack
path), the keeper (renews leases, resumes turns a dead worker left) and the few plain listeners
(App Home, the `/gpu` form). `AdvisorApp.start_keeper()` starts resuming; `close()` stops it all.
"""

from __future__ import annotations

from typing import Any

from slack_bolt import App, BoltRequest, BoltResponse
from slack_sdk import WebClient

from bot.config import Settings
from bot.ops.logs import bind_request_id
from bot.ops.metrics import Metrics
from bot.ports import ConsultantLike, StoreLike
from bot.slack import commands, errors, events, sessions, views
from bot.slack.client import build_client
from bot.slack.gate import Gate
from bot.slack.keeper import SWEEP_EVERY_S, Keeper
from bot.slack.pools import Pools, new_pools
from bot.slack.runner import TurnRunner
from bot.slack.turns import LEASE_S


class SlackConfigError(Exception):
    """A setting the Slack app cannot start without is missing or wrong (one line, no traceback)."""


class AdvisorApp(App):
    """Bolt's App with every request handled under its own log request id, and the turn machinery.

    dispatch() is the one entry point of both the HTTP adapter and Socket Mode; the gate and the
    listener submissions happen inside it, and the pools copy the context into their threads.
    """

    runner: TurnRunner
    keeper: Keeper
    pools: Pools

    def dispatch(self, req: BoltRequest) -> BoltResponse:
        body: dict[str, Any] = req.body if isinstance(req.body, dict) else {}
        event = body.get("event") if isinstance(body.get("event"), dict) else None
        event_id = body.get("event_id") or body.get("trigger_id")
        with bind_request_id(
            event_id=str(event_id) if event_id else None, team=sessions.team_of(body, event)
        ):
            return super().dispatch(req)

    def start_keeper(self) -> None:
        """Resume turns left unfinished (by a crash, or another instance that died), now and then
        every second; renew the leases of the turns this process answers."""
        self.keeper.start()

    def close(self) -> None:
        """Stop taking turns over and stop the pools; unfinished turns stay queued in the store."""
        self.keeper.close()
        self.pools.shutdown()


def build_app(
    settings: Settings,
    consultant: ConsultantLike,
    *,
    client: WebClient | None = None,
    store: StoreLike | None = None,
    metrics: Metrics | None = None,
    pools: Pools | None = None,
    owner: str | None = None,
    lease_s: float = LEASE_S,
    sweep_every_s: float = SWEEP_EVERY_S,
) -> AdvisorApp:
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
        # Signed requests nothing handles are acknowledged quietly by the error handler (not a 404).
        raise_error_for_unhandled_request=True,
    )
    runner = TurnRunner(store, consultant, client, metrics, pools, owner=owner, lease_s=lease_s)
    gate = Gate(settings, store, metrics, runner)
    app.runner, app.keeper, app.pools = runner, Keeper(runner, sweep_every_s=sweep_every_s), pools
    app.use(gate)
    events.register(app, runner, consultant)
    commands.register(app, runner)
    views.register(app, gate, consultant)
    errors.register(app, runner, metrics)
    return app
