from __future__ import annotations

import pytest

from knowledge import KnowledgeBase, load_knowledge


@pytest.fixture(scope="session")
def kb() -> KnowledgeBase:
    return load_knowledge()
