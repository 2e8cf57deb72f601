"""The Slack app's thread pools, all carrying the request's log context into their threads.

- listeners: Bolt runs listener functions here. They only acknowledge, post the "working" placeholder
  and hand off, so a slash command's ack() (which Bolt waits for on this pool) is never queued behind
  a consultant turn.
- work: consultant turns, then chat.update / respond.
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
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

# Listener threads do Web API I/O only (one placeholder post, an ack, a button update): a few ms on
# loopback, ~100-300 ms to Slack; 8 keeps a burst of mentions from queueing behind each other.
LISTENER_THREADS = 8
# Consultant turns are CPU-bound under the GIL (sizing is ~95% of a turn) and the SQLite store
# serialises them under its write lock, so more threads add contention, not throughput; 4 lets the
# Web API waits of finished turns (chat.update) overlap with the next turn.
WORK_THREADS = 4
# One renderer: charts are CPU-bound and matplotlib is not thread-safe beyond one figure per thread.
CHART_THREADS = 1


class ContextExecutor(Executor):
    """Runs each task in a copy of the submitting thread's contextvars (log request ids)."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        context = contextvars.copy_context()

        def run() -> T:
            return context.run(fn, *args, **kwargs)

        return self.inner.submit(run)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@dataclass(frozen=True)
class Pools:
    listeners: Executor
    work: Executor
    charts: Executor
    renderer: Executor | None = None  # processes that draw charts; None draws them on the chart thread

    def shutdown(self) -> None:
        """Finish the answers in flight (listeners first: they hand work on); drop charts not started."""
        self.listeners.shutdown(wait=True, cancel_futures=False)
        self.work.shutdown(wait=True, cancel_futures=False)
        self.charts.shutdown(wait=True, cancel_futures=True)
        if self.renderer is not None:
            self.renderer.shutdown(wait=True, cancel_futures=True)


def new_pools(
    *, listener_threads: int = LISTENER_THREADS, work_threads: int = WORK_THREADS, render_processes: int = 0
) -> Pools:
    # spawn, not fork: the server already runs threads, and forking a threaded process can deadlock.
    renderer = (
        ProcessPoolExecutor(max_workers=render_processes, mp_context=multiprocessing.get_context("spawn"))
        if render_processes
        else None
    )
    return Pools(
        listeners=ContextExecutor(
            ThreadPoolExecutor(max_workers=listener_threads, thread_name_prefix="slack-listener")
        ),
        work=ContextExecutor(ThreadPoolExecutor(max_workers=work_threads, thread_name_prefix="slack-work")),
        charts=ContextExecutor(
            ThreadPoolExecutor(max_workers=CHART_THREADS, thread_name_prefix="slack-chart")
        ),
        renderer=renderer,
    )
