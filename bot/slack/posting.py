"""Turning a consultant Turn into Slack messages: text first, in the thread, then the chart.

Every string leaving here passes `defuse`: the consultant escapes user text already, and defusing
"<!" on top guarantees that no <!channel>/<!here>/<!everyone> ping goes out live whatever a template does.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Executor
from typing import Any, TypeVar

from slack_sdk import WebClient

from bot.metrics import Metrics
from bot.slack.ports import ConsultantLike, TurnLike
from bot.slack.sessions import Where

log = logging.getLogger(__name__)

T = TypeVar("T")
CHART_FILENAME = "cost-vs-time.png"
CHART_TITLE = {"en": "Cost vs. time", "zh-Hans": "成本与工期", "zh-Hant": "成本與工期"}


def defuse(value: T) -> T:
    """Neutralise Slack special mentions (<!channel>, <!here>, <!everyone>, <!subteam^…>) in any string."""
    if isinstance(value, str):
        return value.replace("<!", "&lt;!")  # type: ignore[return-value]
    if isinstance(value, list):
        return [defuse(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: defuse(v) for k, v in value.items()}  # type: ignore[return-value]
    return value


def message_args(turn: TurnLike) -> dict[str, Any]:
    args: dict[str, Any] = {"text": defuse(turn.text)}
    if turn.blocks:
        args["blocks"] = defuse(turn.blocks)
    return args


class Replier:
    def __init__(self, consultant: ConsultantLike, metrics: Metrics, background: Executor) -> None:
        self.consultant = consultant
        self.metrics = metrics
        self.background = background

    def answer(
        self,
        client: WebClient,
        where: Where,
        text: str,
        *,
        user_id: str | None,
        surface: str,
        received_s: float | None,
    ) -> None:
        turn = self.consultant.handle(where.session_id, text, user_id=user_id)
        self.post(client, where, turn, surface=surface, received_s=received_s)

    def post(
        self, client: WebClient, where: Where, turn: TurnLike, *, surface: str, received_s: float | None
    ) -> str | None:
        """Post the turn in its thread; returns the message ts. The chart follows in the background."""
        response = client.chat_postMessage(
            channel=where.channel,
            thread_ts=where.thread_ts,
            unfurl_links=False,
            unfurl_media=False,
            **message_args(turn),
        )
        self.observe(turn, surface, received_s)
        self.background.submit(self.upload_chart, client, where, turn)
        ts = response.get("ts")
        return str(ts) if ts else None

    def observe(self, turn: TurnLike, surface: str, received_s: float | None) -> None:
        self.metrics.replies.labels(surface=surface).inc()
        if received_s is not None:
            self.metrics.reply_latency.labels(surface=surface).observe(time.perf_counter() - received_s)
        if turn.payload.get("recommendation"):
            self.metrics.recommendations.inc()

    def upload_chart(self, client: WebClient, where: Where, turn: TurnLike) -> None:
        try:
            png = turn.chart_png()
            if not png:
                return
            client.files_upload_v2(
                channel=where.channel,
                thread_ts=where.thread_ts,
                content=png,
                filename=CHART_FILENAME,
                title=CHART_TITLE.get(turn.lang, CHART_TITLE["en"]),
            )
        except Exception:
            # The text answer is already out; a missing chart is logged, not shown as an error.
            self.metrics.errors.labels(kind="chart").inc()
            log.exception("chart upload failed for %s", where.session_id)
