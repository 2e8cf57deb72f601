"""Charts are a luxury under load: beyond a small backlog they are skipped, never queued behind answers."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_fake_consultant import PNG_BYTES, FakeConsultant, FakeTurn

from bot.ops.metrics import Metrics
from bot.slack.pools import Pools
from bot.slack.posting import MAX_CHART_BACKLOG, Replier
from bot.slack.sessions import Where
from bot.store.memory import MemoryStore


class GatedClient:
    """Records uploads; each upload waits until the test opens the gate."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.uploads: list[dict[str, Any]] = []

    def files_upload_v2(self, **kwargs: Any) -> None:
        self.gate.wait(10)
        self.uploads.append(kwargs)


def test_charts_beyond_the_backlog_are_skipped_and_counted() -> None:
    one = ThreadPoolExecutor(max_workers=1)
    pools = Pools(listeners=one, api=one, notices=one, work=one, charts=ThreadPoolExecutor(max_workers=1))
    metrics = Metrics()
    replier = Replier(FakeConsultant(store=MemoryStore(session_ttl_s=60)), metrics, pools)
    client = GatedClient()
    turn = FakeTurn(text="plan", blocks=[], payload={}, lang="en", chart=PNG_BYTES)
    where = Where(session_id="T1:C1:1.0", channel="C1", thread_ts="1.0")

    for _ in range(MAX_CHART_BACKLOG + 3):
        replier.chart_later(client, where, turn)  # type: ignore[arg-type]
    client.gate.set()
    pools.charts.shutdown(wait=True)

    assert len(client.uploads) == MAX_CHART_BACKLOG
    shed = metrics.errors.labels(kind="chart_shed")._value.get()
    assert shed == 3
