"""Retrieval scores only the entries that can still reach the head of the ranking: its hits and
margin must be exactly those of scoring every entry and ranking them all."""

from __future__ import annotations

import pytest
from search_cases import labelled, pairs

from knowledge.search import MIN_SCORE, Searcher

FILES = (
    "faq_queries.yaml",
    "faq_queries_heldout.yaml",
    "faq_queries_heldout2.yaml",
    "faq_queries_heldout3.yaml",
    "faq_queries_redteam.yaml",
)
QUERIES = [q for name in FILES for q, _ in pairs(labelled(name))] + [
    q for name in FILES for q in labelled(name).get("negatives") or []
]


def everything_ranked(searcher: Searcher, text: str, limit: int) -> tuple[list[tuple[str, float]], float]:
    """(hits as (id, score), margin) from every entry's score, the twins of better entries left out."""
    ranked = sorted(
        zip(searcher._ranked(text), searcher._entries, strict=True), key=lambda pair: pair[0], reverse=True
    )
    shown: list[tuple[float, object]] = []
    for (score, _), entry in ranked:
        if not any(entry.id in kept.twins for _, kept in shown):  # type: ignore[attr-defined]
            shown.append((score, entry))
    hits = [(e.id, round(s, 4)) for s, e in shown[:limit] if s >= MIN_SCORE]  # type: ignore[attr-defined]
    margin = round(shown[0][0] - shown[1][0], 4) if hits else 0.0
    return hits, margin


def test_the_queries_cover_confident_answers_near_ties_and_nothing_found(searcher: Searcher) -> None:
    found = [searcher.retrieve(q, limit=3) for q in QUERIES]
    assert sum(1 for f in found if f.hits) >= 300
    assert sum(1 for f in found if not f.hits) >= 50
    assert sum(1 for f in found if f.hits and f.margin < 0.05) >= 10


@pytest.mark.parametrize("limit", [1, 3, 5])
def test_retrieval_gives_the_hits_and_margin_of_ranking_every_entry(searcher: Searcher, limit: int) -> None:
    for text in QUERIES:
        found = searcher.retrieve(text, limit=limit)
        got = ([(h.id, h.score) for h in found.hits], found.margin)
        assert got == everything_ranked(searcher, text, limit), text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A generic "which supplier is reliable" question is the provider pitfall's, not the entry on
        # Chinese clouds, which needs a China cue (`requires: [china]`)...
        ("red flags when picking a gpu rental company", "pitfall.provider_selection"),
        ("找哪家算力平台比较靠谱", "pitfall.provider_selection"),
        # ...which a question naming a Chinese cloud or China gives it.
        ("阿里云和火山引擎租卡哪个好", "faq.china_providers"),
        ("which gpu rental platforms in china are reliable", "faq.china_providers"),
    ],
)
def test_the_chinese_cloud_entry_answers_only_questions_with_a_china_cue(
    searcher: Searcher, question: str, expected: str
) -> None:
    hits = searcher.search(question, limit=1)
    assert hits and hits[0].id == expected


def test_a_leaking_tap_is_no_data_leak(searcher: Searcher) -> None:
    # The security concept takes "data leak" and "leaked", not every "leak".
    assert searcher.search("how to fix a leaking kitchen tap") == []
    hits = searcher.search("could our dataset be leaked by the gpu provider", limit=1)
    assert hits and hits[0].id == "faq.data_security"
