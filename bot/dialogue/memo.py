"""A small LRU memo in front of the sizing engine: `plan` is pure, and one conversation re-plans
the same request often (explain, a what-if and back, the optimistic-commit retry)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from sizing.result import SizingResult
from sizing.types import Catalog, SizingRequest

Planner = Callable[[SizingRequest, Catalog], SizingResult]

# Enough for the requests of the conversations active at once on one instance; a result is a few
# KB, so this stays well under a megabyte.
PLAN_CACHE_SIZE = 256


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
                self._catalogs[id(catalog)] = catalog
            elif key in self._results:
                self._results.move_to_end(key)
                self.hits += 1
                return self._results[key]
        result = self._plan(request, catalog)
        with self._lock:
            self.misses += 1
            if self._catalogs.get(id(catalog)) is catalog:
                self._results[key] = result
                while len(self._results) > self._size:
                    self._results.popitem(last=False)
        return result
