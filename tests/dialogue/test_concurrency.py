"""Turns are computed outside the store lock and committed with a compare-and-set, so a slow plan
never blocks other turns and two turns of one session never lose an update."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.dialogue.consultant import Consultant
from bot.store.base import SessionState
from bot.store.memory import MemoryStore
from bot.store.sqlite import SQLiteStore
from knowledge import KnowledgeBase
from sizing import plan
from sizing.types import Catalog, SizingRequest

from .conftest import TODAY
from .fakes import ScriptedParse

R = TypeVar("R")
WAIT_S = 10.0  # only ever waited out when the behaviour under test is broken

FIRST = "Pretrain 1B params on 20B tokens, bf16, 2 weeks"


class SlowPlanner:
    """The real engine, except that planning a 3B model waits (once) until released."""

    def __init__(self) -> None:
        self.planning = threading.Event()
        self.release = threading.Event()
        self.released_in_time: bool | None = None

    def __call__(self, request: SizingRequest, catalog: Catalog) -> Any:
        if request.params == 3e9 and self.released_in_time is None:
            self.planning.set()
            self.released_in_time = self.release.wait(WAIT_S)
        return plan(request, catalog)


def _script(nlu: ScriptedParse) -> None:
    nlu.understands(FIRST, params=1e9, tokens=2e10, precision="bf16", days=14.0)
    nlu.understands("actually it's 3B", intent="correction", params=3e9)
    nlu.understands("make it 30 days", intent="correction", days=30.0)


def _in_thread(fn: Callable[[], object]) -> threading.Thread:
    thread = threading.Thread(target=fn)
    thread.start()
    return thread


def test_two_interleaved_turns_of_one_session_both_keep_their_changes(
    kb: KnowledgeBase, nlu: ScriptedParse
) -> None:
    slow = SlowPlanner()
    store = MemoryStore(session_ttl_s=3600)
    consultant = Consultant(kb, store, clock=lambda: TODAY, parse=nlu, plan=slow, chart=None)
    _script(nlu)
    consultant.handle("s", FIRST)

    slower = _in_thread(lambda: consultant.handle("s", "actually it's 3B"))
    assert slow.planning.wait(WAIT_S)
    faster = consultant.handle("s", "make it 30 days")  # commits while the 3B turn is still planning
    slow.release.set()
    slower.join(WAIT_S)

    assert slow.released_in_time is True
    assert faster.payload["slots"]["days"] == 30.0
    state = store.get("s")
    assert state is not None
    assert state["slots"]["params"] == 3e9 and state["slots"]["days"] == 30.0
    assert state["last"]["days"] <= 30.0


def test_a_slow_plan_does_not_hold_the_sqlite_write_lock(
    kb: KnowledgeBase, nlu: ScriptedParse, tmp_path: Path
) -> None:
    slow = SlowPlanner()
    store = SQLiteStore(tmp_path / "state.db", session_ttl_s=3600)
    consultant = Consultant(kb, store, clock=lambda: TODAY, parse=nlu, plan=slow, chart=None)
    _script(nlu)
    consultant.handle("s", FIRST)

    slower = _in_thread(lambda: consultant.handle("s", "actually it's 3B"))
    assert slow.planning.wait(WAIT_S)
    claimed = store.claim_event("evt-1")  # the Slack layer's de-dup write, mid-plan
    other = consultant.handle("other", FIRST)
    slow.release.set()
    slower.join(WAIT_S)

    assert claimed and slow.released_in_time is True
    assert other.payload["recommendation"] is not None
    state = store.get("s")
    assert state is not None and state["slots"]["params"] == 3e9
    store.close()


class ConflictingStore(MemoryStore):
    """Every snapshot it hands out is already stale, so no optimistic commit can succeed."""

    def __init__(self) -> None:
        super().__init__(session_ttl_s=3600)
        self.updates = 0

    def get(self, session_id: str) -> SessionState | None:
        state = super().get(session_id)
        return None if state is None else {**state, "rev": -1}

    def update(
        self, session_id: str, fn: Callable[[SessionState | None], tuple[SessionState | None, R]]
    ) -> R:
        self.updates += 1
        return super().update(session_id, fn)


def test_a_turn_still_lands_when_every_optimistic_commit_conflicts(
    kb: KnowledgeBase, nlu: ScriptedParse
) -> None:
    store = ConflictingStore()
    consultant = Consultant(kb, store, clock=lambda: TODAY, parse=nlu, plan=plan, chart=None)
    _script(nlu)
    consultant.handle("s", FIRST)
    store.updates = 0

    turn = consultant.handle("s", "make it 30 days")

    assert turn.payload["slots"]["days"] == 30.0 and turn.payload["slots"]["params"] == 1e9
    assert turn.payload["recommendation"] is not None
    state = store.get("s")
    assert state is not None and state["slots"]["days"] == 30.0
    assert store.updates > 1  # the conflicts were retried, then the turn ran under the lock
