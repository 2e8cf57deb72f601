"""Bolt's error handler: errors raised in listeners are logged (one record, traceback included)
and told to the user briefly in their language; requests nothing handles are acknowledged quietly.

Turns (messages, `/gpu TEXT`, buttons, the form) handle their own errors in bot.slack.runner:
their placeholder or private answer becomes the apology.
"""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import App, BoltResponse
from slack_bolt.error import BoltUnhandledRequestError

from bot.ops.metrics import Metrics
from bot.slack.messages import detect_lang, notice
from bot.slack.runner import TurnRunner

log = logging.getLogger(__name__)


def register(app: App, runner: TurnRunner, metrics: Metrics) -> None:
    # Bolt passes arguments by parameter name, so this is a plain function.
    def on_error(error: Exception, body: dict[str, Any], response: BoltResponse | None) -> None:
        if isinstance(error, BoltUnhandledRequestError):
            # Signed, well-formed, and nothing here handles it (an event type or action the app was
            # subscribed to elsewhere): acknowledged, so Slack neither retries nor shows an error.
            log.info("acknowledged an unhandled %s request", body.get("type") or "Slack")
            if response is not None:
                response.status, response.body = 200, ""
            return
        metrics.errors.labels(kind="unhandled").inc()
        log.error("error handling a Slack %s request", body.get("type") or "command", exc_info=error)
        text = notice("error", detect_lang(str(body.get("text") or "")))
        channel = (body.get("channel") or {}).get("id") if isinstance(body.get("channel"), dict) else None
        user = (body.get("user") or {}).get("id") if isinstance(body.get("user"), dict) else None
        if channel and user:
            client = runner.client
            runner.later(
                lambda: client.chat_postEphemeral(channel=channel, user=user, text=text), "error notice"
            )

    app.error(on_error)
