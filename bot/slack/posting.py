"""Turning a consultant Turn into Slack messages: the message arguments, the chart, reply metrics.

Slack best practice for slow replies is an immediate acknowledgement that is then edited into the
answer (reference/slack-and-nlu.md §7, recommendation 3), so a user message gets exactly one visible
reply; bot.slack.runner runs those steps, the chart follows here on the chart pool (bot.slack.pools).

Every string leaving here passes `defuse`: the consultant escapes user text already, and defusing
"<!" on top guarantees that no <!channel>/<!here>/<!everyone> ping goes out live whatever a template does.
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from slack_sdk import WebClient

from bot.ops.metrics import Metrics
from bot.ports import ConsultantLike, TurnLike
from bot.slack.pools import Pools
from bot.slack.sessions import Where

log = logging.getLogger(__name__)

T = TypeVar("T")
CHART_FILENAME = "cost-vs-time.png"
CHART_TITLE = {"en": "Cost vs. time", "zh-Hans": "成本与工期", "zh-Hant": "成本與工期"}


# Values JSON writes as they are: the walk below passes them without a look.
_PLAIN = frozenset({int, float, bool, type(None)})


def defuse(value: T) -> T:
    """Neutralise Slack special mentions (<!channel>, <!here>, <!everyone>, <!subteam^…>) in any string.
    Block Kit is mostly strings inside dicts and lists: those are defused in place of a call each, and
    only when one of its strings has a "<!" at all (an answer's blocks almost never do: then they go as
    they are)."""
    kind = type(value)
    if (kind is dict or kind is list) and _clean(value):
        return value
    return _defused(value)


def _clean(value: object) -> bool:
    """No "<!" in any string of plain JSON (dicts with plain keys, lists, tuples, strings, numbers): it can go
    as it is. Anything else (a subclass, an object JSON cannot write) is not clean, and _defused copies it.
    A walk that builds nothing: about half the instructions of encoding the blocks to look for "<!"."""
    kind = type(value)
    if kind is str:
        return "<!" not in value  # type: ignore[operator]
    if kind is dict:
        for key, item in value.items():  # type: ignore[attr-defined]
            if type(key) is str:
                if "<!" in key:
                    return False
            elif type(key) not in _PLAIN:
                return False
            if type(item) not in _PLAIN and not _clean(item):
                return False
        return True
    if kind is list or kind is tuple:
        for item in value:  # type: ignore[attr-defined]  # a loop, not all(<generator>): no frame to resume
            if type(item) not in _PLAIN and not _clean(item):
                return False
        return True
    return kind in _PLAIN


def _defused(value: T) -> T:
    kind = type(value)
    if kind is dict:
        return {k: v.replace("<!", "&lt;!") if type(v) is str else _defused(v) for k, v in value.items()}  # type: ignore[attr-defined, return-value]
    if kind is list:
        return [v.replace("<!", "&lt;!") if type(v) is str else _defused(v) for v in value]  # type: ignore[attr-defined, return-value]
    if isinstance(value, str):
        return value.replace("<!", "&lt;!")  # type: ignore[return-value]
    if isinstance(value, list):
        return [_defused(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: _defused(v) for k, v in value.items()}  # type: ignore[return-value]
    return value


def message_args(turn: TurnLike) -> dict[str, Any]:
    args: dict[str, Any] = {"text": defuse(turn.text)}
    if turn.blocks:
        args["blocks"] = defuse(turn.blocks)
    return args


# Charts waiting to be drawn before new ones are skipped; each costs ~75 ms of CPU (see bot.slack.pools).
MAX_CHART_BACKLOG = 2


class Replier:
    """Latency and reply metrics, and the chart that follows an answer (on the chart pool)."""

    def __init__(self, consultant: ConsultantLike, metrics: Metrics, pools: Pools) -> None:
        self.consultant = consultant
        self.metrics = metrics
        self.charts = pools.charts
        self.renderer = pools.renderer
        self._chart_slots = threading.BoundedSemaphore(MAX_CHART_BACKLOG)

    def first_reply(self, surface: str, received_s: float | None) -> None:
        """The first thing the user sees (the placeholder, or the answer when there is none)."""
        if received_s is not None:
            self.metrics.reply_latency.labels(surface=surface).observe(time.perf_counter() - received_s)

    def answered(self, surface: str, recommended: bool, received_s: float | None) -> None:
        self.metrics.replies.labels(surface=surface).inc()
        if received_s is not None:
            self.metrics.answer_latency.labels(surface=surface).observe(time.perf_counter() - received_s)
        if recommended:
            self.metrics.recommendations.inc()

    def chart_later(self, client: WebClient, where: Where, turn: TurnLike) -> None:
        """Queue the chart unless MAX_CHART_BACKLOG are already waiting: under a burst, charts are shed
        (counted as errors{kind="chart_shed"}) so their CPU never delays the answers themselves.
        An answer without a chart (no new plan, or charts not installed) queues nothing."""
        if not turn.has_chart:
            return
        if not self._chart_slots.acquire(blocking=False):
            self.metrics.errors.labels(kind="chart_shed").inc()
            log.info("chart skipped for %s: chart backlog full", where.session_id)
            return

        def run() -> None:
            try:
                self.upload_chart(client, where, turn)
            finally:
                self._chart_slots.release()

        self.charts.submit(run)

    def upload_chart(self, client: WebClient, where: Where, turn: TurnLike) -> None:
        try:
            png = self._render(turn)
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

    def _render(self, turn: TurnLike) -> bytes | None:
        if self.renderer is None:
            return turn.chart_png()
        try:
            return self.renderer.submit(chart_png_of, turn).result()
        except (BrokenProcessPool, pickle.PicklingError, TypeError, AttributeError):
            # A turn that cannot travel to another process (or a renderer that died) is drawn here.
            log.warning("chart renderer unavailable; drawing in-process", exc_info=True)
            return turn.chart_png()


def chart_png_of(turn: TurnLike) -> bytes | None:
    """Runs in a renderer process (module-level, so it pickles by name)."""
    return turn.chart_png()
