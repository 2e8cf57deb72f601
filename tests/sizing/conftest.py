from __future__ import annotations

import pytest
from sizing_catalog import CATALOG

from sizing.types import Catalog


@pytest.fixture
def catalog() -> Catalog:
    return CATALOG
