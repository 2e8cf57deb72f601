"""The one Slack WebClient of the process, with retries and back-off that are counted in metrics.

Retried: 429 after its Retry-After when that is at most MAX_RETRY_AFTER_S (a longer wait is not
slept on a worker thread: the call fails, and the turn is shown again once its lease runs out);
500/503 for every method; 502/504 and read timeouts only for idempotent methods, where a repeat
cannot post a message twice (an edit, a view publish, a lookup); connection failures before the
request was sent.
"""

from __future__ import annotations

import logging
from urllib.error import URLError

from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import (
    ConnectionErrorRetryHandler,
    RateLimitErrorRetryHandler,
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
TIMEOUT_RETRIES = 1
# Seconds per Web API call; Slack usually answers in well under a second.
API_TIMEOUT_S = 15
# The longest Retry-After slept on; Slack's per-method limits usually ask for 1-30 s.
MAX_RETRY_AFTER_S = 5
# Methods whose repeat changes nothing (docs.slack.dev/reference/methods): safe to retry after a
# 502/504 or a read timeout, when Slack may already have done the first attempt.
IDEMPOTENT_METHODS = frozenset(
    {"chat.update", "chat.delete", "views.publish", "views.update", "users.info", "auth.test", "files.info"}
)


def method_of(request: HttpRequest) -> str:
    return request.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]


def retry_after_s(response: HttpResponse) -> float | None:
    for name, values in response.headers.items():
        if name.lower() == "retry-after" and values:
            try:
                return float(values[0])
            except ValueError:
                return None
    return None


class CappedRateLimitRetryHandler(RateLimitErrorRetryHandler):
    """429: wait Retry-After and retry, unless Slack asks for more than MAX_RETRY_AFTER_S."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if response is None or response.status_code != 429:
            return False
        wait_s = retry_after_s(response)
        return wait_s is None or wait_s <= MAX_RETRY_AFTER_S


class ServerErrorRetryHandler(RetryHandler):
    """5xx: 500/503 for every method (Slack did not do the call); 502/504, where a proxy gave up
    and Slack may have done it, only for IDEMPOTENT_METHODS. Backs off between attempts."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        if response is None:
            return False
        if response.status_code in (500, 503):
            return True
        return response.status_code in (502, 504) and method_of(request) in IDEMPOTENT_METHODS


class ReadTimeoutRetryHandler(RetryHandler):
    """A read timeout (the request went out, the answer did not come): retried for idempotent methods."""

    def _can_retry(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        timed_out = isinstance(error, TimeoutError) or (
            isinstance(error, URLError) and isinstance(error.reason, TimeoutError)
        )
        return timed_out and response is None and method_of(request) in IDEMPOTENT_METHODS


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


def sdk_logger() -> logging.Logger:
    """The WebClient's logger at the level configured for the process (bot.ops.logs), as Bolt sets its own.

    slack_sdk formats its debug lines (every request and response, bodies included) whenever its
    logger's *own* level is NOTSET, the default, however the handlers would filter them: ~0.2 ms of
    CPU per call. With the configured level set on it, they are built only when they are kept."""
    logger = logging.getLogger("slack_sdk.web.base_client")
    logger.setLevel(logging.getLogger().getEffectiveLevel())
    return logger


def build_client(settings: Settings, metrics: Metrics, *, timeout_s: float = API_TIMEOUT_S) -> WebClient:
    token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
    handlers: list[RetryHandler] = [
        CountingRetryHandler(
            CappedRateLimitRetryHandler(max_retry_count=RATE_LIMIT_RETRIES), "rate_limited", metrics
        ),
        CountingRetryHandler(
            ServerErrorRetryHandler(max_retry_count=SERVER_ERROR_RETRIES), "server_error", metrics
        ),
        CountingRetryHandler(ReadTimeoutRetryHandler(max_retry_count=TIMEOUT_RETRIES), "timeout", metrics),
        CountingRetryHandler(
            ConnectionErrorRetryHandler(max_retry_count=CONNECTION_RETRIES), "connection_error", metrics
        ),
    ]
    if settings.slack_api_url:
        # slack_sdk joins base_url + method name, so the URL must end with a slash.
        base_url = settings.slack_api_url.rstrip("/") + "/"
    else:
        base_url = WebClient.BASE_URL
    return WebClient(
        token=token, base_url=base_url, timeout=int(timeout_s), retry_handlers=handlers, logger=sdk_logger()
    )
