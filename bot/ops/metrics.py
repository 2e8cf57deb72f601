"""Prometheus metrics for the Slack app, on a registry per app instance (tests build several apps).

Exposed at GET /metrics by bot.ops.http. Names follow the Prometheus naming guide (unit suffixes, _total).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

# Reply latency buckets (seconds): Slack wants an ack in 3 s; replies over ~5 s feel broken to users.
REPLY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.requests = Counter(
            "gpu_advisor_slack_requests",
            "Signed Slack requests by kind (event, command, action, view)",
            ["kind"],
            registry=r,
        )
        self.reply_latency = Histogram(
            "gpu_advisor_reply_latency_seconds",
            "From receiving a Slack request to the first visible reply (the placeholder, if any)",
            ["surface"],
            buckets=REPLY_BUCKETS_S,
            registry=r,
        )
        self.answer_latency = Histogram(
            "gpu_advisor_answer_latency_seconds",
            "From receiving a Slack request to the consultant's answer being shown",
            ["surface"],
            buckets=REPLY_BUCKETS_S,
            registry=r,
        )
        self.replies = Counter("gpu_advisor_replies", "Replies posted to Slack", ["surface"], registry=r)
        self.recommendations = Counter(
            "gpu_advisor_recommendations", "Replies that carried a sizing recommendation", registry=r
        )
        self.errors = Counter("gpu_advisor_errors", "Errors by kind", ["kind"], registry=r)
        self.slack_api_retries = Counter(
            "gpu_advisor_slack_api_retries",
            "Slack Web API calls retried by the client, by reason",
            ["reason"],
            registry=r,
        )
        self.duplicates = Counter(
            "gpu_advisor_duplicate_events", "Event deliveries dropped as already handled", registry=r
        )
        self.rate_limited = Counter(
            "gpu_advisor_rate_limited", "Requests refused by the per-user limit", registry=r
        )

    def exposition(self) -> tuple[bytes, str]:
        """The text exposition format and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
