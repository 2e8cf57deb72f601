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
    """`plan(request, catalog)` with results remembered per request.

    Keyed by the request alone (frozen and hashable) while the catalog is the same object;
    a different catalog (an operator reload) clears the memo. Errors are not remembered.
    The lock guards the dict only, never a call to the engine.
    """

    def __init__(self, plan: Planner, size: int = PLAN_CACHE_SIZE) -> None:
        self._plan = plan
        self._size = size
        self._results: OrderedDict[SizingRequest, SizingResult] = OrderedDict()
        self._catalog: Catalog | None = None
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __call__(self, request: SizingRequest, catalog: Catalog) -> SizingResult:
        with self._lock:
            if catalog is not self._catalog:
                self._results.clear()
                self._catalog = catalog
            elif request in self._results:
                self._results.move_to_end(request)
                self.hits += 1
                return self._results[request]
        result = self._plan(request, catalog)
        with self._lock:
            self.misses += 1
            if catalog is self._catalog:
                self._results[request] = result
                while len(self._results) > self._size:
                    self._results.popitem(last=False)
        return result
