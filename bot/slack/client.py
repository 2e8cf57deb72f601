"""The one Slack WebClient of the process, with retries and back-off that are counted in metrics."""

from __future__ import annotations

from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
    ServerErrorRetryHandler,
)
from slack_sdk.http_retry.handler import RetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState

from bot.config import Settings
from bot.ops.metrics import Metrics

# Attempts after the first: 429s honour Retry-After; 5xx and connection errors back off exponentially
# (slack_sdk BackoffRetryIntervalCalculator: 0.5 s, 1 s, 2 s ... with jitter).
RATE_LIMIT_RETRIES = 3
SERVER_ERROR_RETRIES = 2
CONNECTION_RETRIES = 2
# Seconds per Web API call; Slack usually answers in well under a second.
API_TIMEOUT_S = 15


class CountingRetryHandler(RetryHandler):
    """Wraps a slack_sdk retry handler and counts each retry it decides to make."""

    def __init__(self, inner: RetryHandler, reason: str, metrics: Metrics) -> None:
        super().__init__(max_retry_count=inner.max_retry_count, interval_calculator=inner.interval_calculator)
        self.inner = inner
        self.reason = reason
        self.metrics = metrics

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        return self.inner._can_retry(state=state, request=request, response=response, error=error)

    def prepare_for_next_attempt(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        self.metrics.slack_api_retries.labels(reason=self.reason).inc()
        self.inner.prepare_for_next_attempt(state=state, request=request, response=response, error=error)


def build_client(settings: Settings, metrics: Metrics) -> WebClient:
    token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
    handlers: list[RetryHandler] = [
        CountingRetryHandler(
            RateLimitErrorRetryHandler(max_retry_count=RATE_LIMIT_RETRIES), "rate_limited", metrics
        ),
        CountingRetryHandler(
            ServerErrorRetryHandler(max_retry_count=SERVER_ERROR_RETRIES), "server_error", metrics
        ),
        CountingRetryHandler(
            ConnectionErrorRetryHandler(max_retry_count=CONNECTION_RETRIES), "connection_error", metrics
        ),
    ]
    if settings.slack_api_url:
        # slack_sdk joins base_url + method name, so the URL must end with a slash.
        base_url = settings.slack_api_url.rstrip("/") + "/"
    else:
        base_url = WebClient.BASE_URL
    return WebClient(token=token, base_url=base_url, timeout=API_TIMEOUT_S, retry_handlers=handlers)
