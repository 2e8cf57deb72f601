from __future__ import annotations

import pytest

from knowledge.search import Searcher, default_searcher


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return default_searcher()
