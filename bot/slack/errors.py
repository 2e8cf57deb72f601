"""The one error handler: log the traceback, tell the user briefly in their language.

Bolt calls it for errors raised in listeners; the work pool calls it for errors in consultant turns,
passing the "working" placeholder's ts so the placeholder itself becomes the apology (one visible
reply per user message, never a spinner left behind).
"""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt import App, BoltContext
from slack_sdk import WebClient
from slack_sdk.webhook import WebhookClient

from bot.ops.metrics import Metrics
from bot.slack.messages import detect_lang, notice
from bot.slack.sessions import Where
from bot.store.base import StoreUnavailable

log = logging.getLogger(__name__)


def user_text_of(body: dict[str, Any]) -> str:
    return str((body.get("event") or {}).get("text") or body.get("text") or "")


class ErrorReporter:
    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def report(
        self,
        error: Exception,
        body: dict[str, Any],
        context: BoltContext,
        client: WebClient,
        *,
        placeholder_ts: str | None = None,
    ) -> None:
        kind = "store_unavailable" if isinstance(error, StoreUnavailable) else "unhandled"
        self.metrics.errors.labels(kind=kind).inc()
        log.error("error handling a Slack %s request", body.get("type") or "command", exc_info=error)
        text = notice(
            "store_down" if kind == "store_unavailable" else "error", detect_lang(user_text_of(body))
        )
        try:
            self._tell(text, body, context, client, placeholder_ts)
        except Exception:
            log.exception("could not tell the user about the error")

    @staticmethod
    def _tell(
        text: str, body: dict[str, Any], context: BoltContext, client: WebClient, placeholder_ts: str | None
    ) -> None:
        where: Where | None = context.get("where")
        if where is not None and placeholder_ts:
            client.chat_update(channel=where.channel, ts=placeholder_ts, text=text, blocks=[])
        elif where is not None:
            client.chat_postMessage(channel=where.channel, thread_ts=where.thread_ts, text=text)
        elif body.get("response_url"):
            WebhookClient(body["response_url"]).send(text=text, response_type="ephemeral")
        elif (body.get("channel") or {}).get("id") and (body.get("user") or {}).get("id"):
            thread_ts = (body.get("message") or {}).get("thread_ts")
            client.chat_postEphemeral(
                channel=body["channel"]["id"], user=body["user"]["id"], thread_ts=thread_ts, text=text
            )


def register(app: App, reporter: ErrorReporter) -> None:
    # Bolt passes arguments by parameter name, so this is a plain function, not the bound method.
    def on_error(error: Exception, body: dict[str, Any], context: BoltContext, client: WebClient) -> None:
        reporter.report(error, body, context, client)

    app.error(on_error)
