"""Shared pieces of the retrieval tests: the labelled query files and how a miss is counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from knowledge.search import Searcher

HERE = Path(__file__).parent
# The seed guide's FAQ and pitfalls, whose ids DESIGN.md fixes.
SEED_IDS = {
    "faq.cloud_vs_physical", "faq.single_vs_multi_gpu", "faq.cost_control", "faq.data_security",
    "pitfall.overbuying_top_gpu", "pitfall.vram_ignored", "pitfall.network_storage_ignored",
    "pitfall.provider_selection",
}  # fmt: skip


def labelled(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    return data


def pairs(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(query, expected id) for every labelled query."""
    return [(query, expected) for expected, queries in data["queries"].items() for query in queries]


def top_id(searcher: Searcher, text: str) -> str | None:
    hits = searcher.search(text, limit=1)
    return hits[0].id if hits else None


def misses(searcher: Searcher, cases: list[tuple[str, str]]) -> list[tuple[str, str, str | None]]:
    """(query, expected, found) for every query whose best hit is not the expected entry."""
    found = [(q, want, top_id(searcher, q)) for q, want in cases]
    return [(q, want, got) for q, want, got in found if got != want]
