"""The Slack app's thread pools, all carrying the request's log context into their threads.

- listeners: Bolt runs listener functions here. They only acknowledge and hand off (no Web API
  call ever runs here), so a slash command's ack() (which Bolt waits for on this pool) is never
  queued behind a consultant turn or a slow Slack.
- api: Slack Web API calls: placeholders, answers (chat.update / respond), notices, modals. Bounded;
  a hung Slack fills this pool and nothing else.
- notices: one-off Web API calls outside turns (rate-limit and outage notices, the /gpu modal,
  App Home, removing clicked buttons), so they never queue behind a burst of turn traffic.
- work: consultant turns (CPU).
- charts: rendering and uploading the cost-vs-time chart (~75 ms of matplotlib CPU each, measured
  2026-11-29), one at a time, after the answer is out; drawn in `renderer` processes when given, so
  that CPU does not compete for the GIL with the threads that ack and post. On shutdown, charts not
  yet started are dropped: answers are what users wait for; a chart backlog must not hold up SIGTERM.

Thread pools do not inherit contextvars, so each submit runs the task in a copy of the submitter's
context (contextvars.copy_context().run): records logged by a task carry the request id of the Slack
request that caused it (bot.ops.logs.bind_request_id).
"""

from __future__ import annotations

import contextvars
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

# Listener threads only ack and hand off (microseconds); 4 is plenty.
LISTENER_THREADS = 4
# Web API calls take ~100-300 ms to Slack; 8 keep a burst of mentions from queueing behind each other.
API_THREADS = 8
NOTICE_THREADS = 2
# Consultant turns are CPU-bound under the GIL (sizing is ~95% of a turn) and the SQLite store
# serialises them under its write lock, so more threads add contention, not throughput; 4 lets the
# Web API waits of finished turns (chat.update) overlap with the next turn.
WORK_THREADS = 4
# One renderer: charts are CPU-bound and matplotlib is not thread-safe beyond one figure per thread.
CHART_THREADS = 1


class ContextExecutor(Executor):
    """Runs each task in a copy of the submitting thread's contextvars (log request ids).

    After shutdown, submissions are dropped (logged) instead of raising: a queued turn that cannot
    be scheduled any more stays in the store and is resumed after its lease runs out.
    """

    def __init__(self, inner: Executor) -> None:
        self.inner = inner

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        context = contextvars.copy_context()

        def run() -> T:
            return context.run(fn, *args, **kwargs)

        try:
            return self.inner.submit(run)
        except RuntimeError:
            log.info("shutting down: %s not scheduled", getattr(fn, "__name__", "a task"))
            dropped: Future[T] = Future()
            dropped.cancel()
            return dropped

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@dataclass(frozen=True)
class Pools:
    listeners: Executor
    api: Executor
    notices: Executor
    work: Executor
    charts: Executor
    renderer: Executor | None = None  # processes that draw charts; None draws them on the chart thread

    def shutdown(self) -> None:
        """Stop every pool without waiting for queued work: turns not finished stay in the store and
        are resumed from there (bot.slack.keeper); charts not started are dropped."""
        for pool in (self.listeners, self.work, self.api, self.notices, self.charts):
            pool.shutdown(wait=False, cancel_futures=True)
        if self.renderer is not None:
            self.renderer.shutdown(wait=True, cancel_futures=True)


def new_pools(
    *, listener_threads: int = LISTENER_THREADS, work_threads: int = WORK_THREADS, render_processes: int = 0
) -> Pools:
    renderer = (
        # spawn, not fork: the server already runs threads, and forking a threaded process can deadlock.
        ProcessPoolExecutor(
            max_workers=render_processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=exit_with_parent,
            initargs=(os.getpid(),),
        )
        if render_processes
        else None
    )
    return Pools(
        listeners=ContextExecutor(
            ThreadPoolExecutor(max_workers=listener_threads, thread_name_prefix="slack-listener")
        ),
        api=ContextExecutor(ThreadPoolExecutor(max_workers=API_THREADS, thread_name_prefix="slack-api")),
        notices=ContextExecutor(
            ThreadPoolExecutor(max_workers=NOTICE_THREADS, thread_name_prefix="slack-notice")
        ),
        work=ContextExecutor(ThreadPoolExecutor(max_workers=work_threads, thread_name_prefix="slack-work")),
        charts=ContextExecutor(
            ThreadPoolExecutor(max_workers=CHART_THREADS, thread_name_prefix="slack-chart")
        ),
        renderer=renderer,
    )


# How often a renderer process checks that the server that started it is still alive.
PARENT_CHECK_S = 1.0


def exit_with_parent(parent_pid: int) -> None:
    """Renderer initializer: exit when the parent is gone. A SIGKILLed server runs no clean-up, and
    its renderers would otherwise wait on their task queue forever (they are re-parented, so the
    parent pid changes)."""

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
