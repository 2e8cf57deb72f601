"""The Slack app factory: one Bolt App over the consultant, with listeners per surface."""

from __future__ import annotations

from concurrent.futures import Executor, ThreadPoolExecutor

from slack_bolt import App
from slack_sdk import WebClient

from bot.config import Settings
from bot.metrics import Metrics
from bot.slack import actions, commands, errors, events, views
from bot.slack.client import build_client
from bot.slack.gate import Gate
from bot.slack.ports import ConsultantLike, StoreLike
from bot.slack.posting import Replier

# Listener threads: Bolt's default is 5 (slack_bolt/app/app.py); a sizing turn is CPU-light but
# waits on the store and the Web API, so more threads keep one slow reply from queueing others.
LISTENER_THREADS = 16


class SlackConfigError(Exception):
    """A setting the Slack app cannot start without is missing or wrong (one line, no traceback)."""


def build_app(
    settings: Settings,
    consultant: ConsultantLike,
    *,
    client: WebClient | None = None,
    store: StoreLike | None = None,
    metrics: Metrics | None = None,
    executor: Executor | None = None,
) -> App:
    if settings.slack_bot_token is None and (client is None or not client.token):
        raise SlackConfigError("SLACK_BOT_TOKEN is not set (the app's bot token, xoxb-...)")
    metrics = metrics or Metrics()
    if store is None:
        from bot.store import open_store

        store = open_store(settings)
    client = client or build_client(settings, metrics)
    executor = executor or ThreadPoolExecutor(
        max_workers=LISTENER_THREADS, thread_name_prefix="slack-listener"
    )
    secret = settings.slack_signing_secret.get_secret_value() if settings.slack_signing_secret else None
    app = App(
        client=client,
        signing_secret=secret,
        # Socket Mode needs no signing secret; HTTP mode refuses to start without one (bot.http).
        request_verification_enabled=secret is not None,
        listener_executor=executor,
    )
    replier = Replier(consultant, metrics, executor)
    app.use(Gate(settings, store, metrics, executor))
    events.register(app, replier, consultant)
    commands.register(app, replier, consultant)
    actions.register(app, replier, consultant)
    views.register(app, replier, consultant)
    errors.register(app, metrics)
    return app
