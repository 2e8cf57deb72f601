from __future__ import annotations

import os

import pytest
from hypothesis import settings
from sizing_catalog import CATALOG

from sizing.types import Catalog

# CI replays one fixed sequence of examples, so a landing never fails on a draw no one can repeat; a
# run on a developer's machine draws new ones, and a counterexample it finds becomes a fix and a test.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def catalog() -> Catalog:
    return CATALOG
