"""A small LRU memo in front of the sizing engine: `plan` is pure, and one conversation re-plans
the same request often (explain, a what-if and back, the optimistic-commit retry)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sizing.result import SizingResult
from sizing.types import Catalog, SizingRequest

Planner = Callable[[SizingRequest, Catalog], SizingResult]

# Enough for the requests of the conversations active at once on one instance; a result and its
# dict (as_dict) are a few KB each, so this stays around a megabyte.
PLAN_CACHE_SIZE = 256
_NOT_HELD = object()  # a result not remembered (MemoPlanner.__call__)


class MemoPlanner:
    """`plan(request, catalog)` with results remembered per (catalog, request).

    Keyed by the request (frozen and hashable) and the catalog's identity: the knowledge base's
    catalog and the few restricted to the clouds a user named (bot/dialogue/clouds.py) are the same
    objects each time. A catalog not seen before (an operator reload) beyond MAX_CATALOGS clears
    the memo. Errors are not remembered. The lock guards the dict only, never a call to the engine.
    """

    MAX_CATALOGS = 16

    def __init__(self, plan: Planner, size: int = PLAN_CACHE_SIZE) -> None:
        self._plan = plan
        self._size = size
        self._results: OrderedDict[tuple[int, SizingRequest], SizingResult] = OrderedDict()
        # Per remembered result, its to_dict() (see as_dict); dropped with the result.
        self._snapshots: dict[tuple[int, SizingRequest], tuple[SizingResult, dict[str, Any]]] = {}
        # The catalogs keyed by id, kept alive so an id is never reused for another catalog.
        self._catalogs: dict[int, Catalog] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __call__(self, request: SizingRequest, catalog: Catalog) -> SizingResult:
        key = (id(catalog), request)
        with self._lock:
            if self._catalogs.get(id(catalog)) is not catalog:
                if len(self._catalogs) >= self.MAX_CATALOGS:
                    self._results.clear()
                    self._catalogs.clear()
                self._results = OrderedDict((k, v) for k, v in self._results.items() if k[0] != id(catalog))
                self._snapshots = {k: v for k, v in self._snapshots.items() if k in self._results}
                self._catalogs[id(catalog)] = catalog
            else:
                found = self._results.get(key, _NOT_HELD)  # one look-up: each compares the request
                if found is not _NOT_HELD:
                    self._results.move_to_end(key)
                    self.hits += 1
                    return found  # type: ignore[return-value]
        result = self._plan(request, catalog)
        with self._lock:
            self.misses += 1
            if self._catalogs.get(id(catalog)) is catalog:
                self._results[key] = result
                while len(self._results) > self._size:
                    self._snapshots.pop(self._results.popitem(last=False)[0], None)
        return result

    def as_dict(self, request: SizingRequest, catalog: Catalog) -> dict[str, Any]:
        """`self(request, catalog).to_dict()` for a caller that may reorder, add or drop options and
        set keys of an option (run_plan puts "ASAP" first, china_options names the provider).

        Built once per remembered result. Each call gets its own top-level dict, options list and
        option dicts; what lies below them (cost, memory, layout, warnings) is shared by every
        caller and is only read: copying all of it (pickle) was ~5% of a chat turn.
        tests/dialogue/test_plan_memo.py checks that whole conversations leave it as it was built."""
        result = self(request, catalog)
        key = (id(catalog), request)
        with self._lock:
            snapshot = self._snapshots.get(key)
        if snapshot is not None and snapshot[0] is result:
            return own_options(snapshot[1])
        built = result.to_dict()
        with self._lock:
            if self._results.get(key) is result:
                self._snapshots[key] = (result, built)
        return own_options(built)


def own_options(rec: dict[str, Any]) -> dict[str, Any]:
    """`rec` with a top-level dict, options list and option dicts of its own."""
    copied = dict(rec)
    options = rec.get("options")
    if isinstance(options, list):
        copied["options"] = [dict(o) for o in options]
    return copied


def plan_dict(plan: Planner, request: SizingRequest, catalog: Catalog) -> dict[str, Any]:
    """The engine's answer as a dict of the caller's own: from the memo's snapshot when `plan` is one."""
    if isinstance(plan, MemoPlanner):
        return plan.as_dict(request, catalog)
    return plan(request, catalog).to_dict()
