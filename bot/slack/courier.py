"""A turn's own Slack Web API calls (the placeholder, the answer) made in a child process: the courier.

A Web API call is ~1 ms of Python (slack_sdk, urllib, http.client's header parsing) on each side of
Slack's answer. In the server's process that CPU competes for the GIL with the consultant computing
the same turn, so the placeholder's post and the answer's computation took turns instead of running
side by side. The courier has its own interpreter and GIL: the server hands it the call (one pickled
tuple on a pipe, tens of microseconds), the turn computes at once, and the placeholder's ts comes
back while it does.

The courier makes each call with the same WebClient as the server (bot.slack.client.build_client:
the same retries and back-off), on its own threads so a slow Slack holds back no other call, and
sends back the response's data, or the failure as one line. The retries it made travel back with the
result and are counted in the server's metrics. Only the calls of turns go through it; everything
else (notices, modals, App Home, users.info, charts) stays on the server's own client.

If the courier dies, the calls waiting on it fail (the runner treats them as any failed Web API call:
the placeholder is skipped, an answer is shown again after the turn's lease) and later calls are made
in the server's process. The courier exits when its pipe closes (the server stopped) or, checked
every PARENT_CHECK_S, when the server is gone (killed with no clean-up).
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from slack_sdk import WebClient

from bot.config import Settings
from bot.ops.metrics import Metrics

log = logging.getLogger(__name__)

# Calls the courier makes at once (as bot.slack.pools.API_THREADS: a burst of turns, each waiting on
# Slack's ~100-300 ms, must not queue behind each other).
COURIER_THREADS = 8
# How long the server waits for a call's result: past the WebClient's own timeout and retries
# (bot.slack.client: 15 s per attempt, a few attempts), so only a courier that hangs reaches it.
CALL_TIMEOUT_S = 120.0
# What a new courier says once it takes calls.
READY = "ready"
# How long close() waits for the courier to exit before killing it.
CLOSE_WAIT_S = 2.0
# How often the courier checks that the server that started it is still alive.
PARENT_CHECK_S = 1.0


class CourierError(Exception):
    """A call the courier could not make (Slack refused it, the network failed, the courier died)."""


@dataclass(frozen=True)
class ClientSettings:
    """What the courier needs to build the server's WebClient (bot.slack.client.build_client)."""

    token: str | None
    api_url: str | None
    log_level: str


def client_settings(settings: Settings) -> ClientSettings:
    return ClientSettings(
        token=settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None,
        api_url=settings.slack_api_url,
        log_level=settings.log_level,
    )


class Courier:
    """The server's side: `call` sends one Web API call to the courier and waits for its data."""

    def __init__(self, fallback: WebClient, metrics: Metrics, conn: Connection, process: Any) -> None:
        self.fallback = fallback
        self.metrics = metrics
        self._conn = conn
        self._process = process
        self._send_lock = threading.Lock()
        self._pending: dict[int, Future[dict[str, Any]]] = {}
        self._pending_lock = threading.Lock()
        self._ids = itertools.count()
        self._alive = True
        threading.Thread(target=self._read, name="courier-results", daemon=True).start()

    @classmethod
    def start(cls, settings: ClientSettings, fallback: WebClient, metrics: Metrics) -> Courier:
        """A new courier process (spawned: the server already runs threads), taking calls at once."""
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=courier_main, args=(theirs, settings, os.getpid()), name="slack-courier", daemon=True
        )
        process.start()
        theirs.close()
        # Not waited for: calls queue in the pipe while it starts (an interpreter and slack_sdk's import,
        # beside the server's own start-up); one that dies starting is gone (its error is on stderr).
        return cls(fallback, metrics, ours, process)

    @property
    def alive(self) -> bool:
        return self._alive

    def submit(self, method: str, args: dict[str, Any]) -> Future[dict[str, Any]]:
        """Hand one call to the courier (JSON args, as WebClient.api_call sends them); its data later."""
        future: Future[dict[str, Any]] = Future()
        args = {k: v for k, v in args.items() if v is not None}  # as slack_sdk's methods leave None out
        if not self._alive:
            return self._here(future, method, args)
        call_id = next(self._ids)
        with self._pending_lock:
            self._pending[call_id] = future
        try:
            with self._send_lock:
                self._conn.send((call_id, method, args))
        except (OSError, ValueError):
            with self._pending_lock:
                self._pending.pop(call_id, None)
            self._gone()
            return self._here(Future(), method, args)  # a new one: _gone may have failed this one
        return future

    def call(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        return self.submit(method, args).result(CALL_TIMEOUT_S)

    def close(self) -> None:
        """Stop the courier: calls it has not answered fail (their turns are shown after the lease).
        The pipe itself is closed by the results thread once the courier has gone (closing it under
        that thread's read could hand the descriptor's number to another file while it reads)."""
        self._alive = False
        try:
            with self._send_lock:
                self._conn.send(None)  # the courier exits at once
        except (OSError, ValueError):
            pass
        self._process.join(timeout=CLOSE_WAIT_S)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=CLOSE_WAIT_S)

    def _here(
        self, future: Future[dict[str, Any]], method: str, args: dict[str, Any]
    ) -> Future[dict[str, Any]]:
        """The call in this process, on the caller's thread (the courier is gone)."""
        try:
            future.set_result(dict(self.fallback.api_call(method, json=args).data))  # type: ignore[arg-type]
        except Exception as exc:
            future.set_exception(exc)
        return future

    def _read(self) -> None:
        while True:
            try:
                message = self._conn.recv()
            except (EOFError, OSError, ValueError):
                self._gone()
                self._conn.close()
                return
            if message == READY:
                continue
            call_id, data, error, retries = message
            for reason, count in retries.items():
                self.metrics.slack_api_retries.labels(reason=reason).inc(count)
            with self._pending_lock:
                future = self._pending.pop(call_id, None)
            if future is None:
                continue
            if error is None:
                future.set_result(data)
            else:
                future.set_exception(CourierError(error))

    def _gone(self) -> None:
        if self._alive:
            log.error("the Slack courier is gone; Web API calls are made in this process from now on")
        self._alive = False
        with self._pending_lock:
            waiting, self._pending = list(self._pending.values()), {}
        for future in waiting:
            future.set_exception(CourierError("the Slack courier is gone"))


# -- the courier process ------------------------------------------------------------------------


class _RetryTally:
    """Stands in for Metrics in the courier's client: the retries of the call on this thread."""

    def __init__(self) -> None:
        self._local = threading.local()
        self.slack_api_retries = self

    def labels(self, *, reason: str) -> _RetryTally:
        self._local.reason = reason
        return self

    def inc(self, amount: float = 1) -> None:
        counts: dict[str, int] = self.counts()
        counts[self._local.reason] = counts.get(self._local.reason, 0) + int(amount)

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] | None = getattr(self._local, "counts", None)
        if counts is None:
            counts = self._local.counts = {}
        return counts

    def take(self) -> dict[str, int]:
        counts = self.counts()
        self._local.counts = {}
        return counts


def courier_main(conn: Connection, settings: ClientSettings, parent_pid: int) -> None:
    """The courier: read calls from the pipe, make each on a thread, send back (id, data, error, retries)."""
    from pydantic import SecretStr

    from bot.ops.logs import configure_logging
    from bot.slack.client import build_client

    # The server stops the courier (its pipe closes, or None arrives): Ctrl-C or a SIGTERM sent to the
    # whole process group is the server's to handle.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    configure_logging(settings.log_level, json=not sys.stderr.isatty())
    tally = _RetryTally()
    client = build_client(
        Settings(
            slack_bot_token=SecretStr(settings.token) if settings.token else None,
            slack_api_url=settings.api_url,
        ),
        tally,  # type: ignore[arg-type]
    )
    send_lock = threading.Lock()
    pool = ThreadPoolExecutor(max_workers=COURIER_THREADS, thread_name_prefix="courier")

    def answer(call_id: int, method: str, args: dict[str, Any]) -> None:
        data: dict[str, Any] | None = None
        error: str | None = None
        try:
            data = dict(client.api_call(method, json=args).data)  # type: ignore[arg-type]
        except Exception as exc:
            error = failure(exc)
        try:
            with send_lock:
                conn.send((call_id, data, error, tally.take()))
        except (OSError, ValueError):
            os._exit(0)  # the server is gone

    watch_parent(parent_pid, os._exit)
    conn.send(READY)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            message = None  # the server died: its pipe closed
        if message is None:
            os._exit(0)  # calls not made yet are the server's to redo (their turns stay queued)
        call_id, method, args = message
        pool.submit(answer, call_id, method, args)


def failure(exc: Exception) -> str:
    """A failed call in one line for the server's log: the exception, and Slack's answer if any."""
    first = str(exc).splitlines()[0] if str(exc) else ""
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    if status is None:
        return f"{type(exc).__name__}: {first}"
    data = getattr(response, "data", None)
    error = data.get("error") if isinstance(data, dict) else None
    return f"{type(exc).__name__}: {first} (HTTP {status}{f', {error}' if error else ''})"


def watch_parent(parent_pid: int, exit_now: Callable[[int], object]) -> None:
    def watch() -> None:
        import time

        while os.getppid() == parent_pid:
            time.sleep(PARENT_CHECK_S)
        exit_now(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


if __name__ == "__main__":  # pragma: no cover
    sys.exit("bot.slack.courier runs as a child of `gpu-advisor serve`")
