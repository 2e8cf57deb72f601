"""The search skips fuzzy matching where it cannot change the answer; what it answers must be what
a full ranking of every entry gives (knowledge.search.Searcher._shown)."""

from __future__ import annotations

import random

import pytest
from search_cases import labelled, pairs

from knowledge.search import MIN_SCORE, Hit, Retrieval, Searcher


def full_ranking(searcher: Searcher, text: str) -> list[tuple[float, str]]:
    """Every entry scored, best first (score, lexical score, catalogue order), without the twins
    of better ones: the ranking the pruned search must agree with."""
    entries = searcher._entries
    ranked = sorted(
        ((score, lexical, i) for i, (score, lexical) in enumerate(searcher._ranked(text))),
        key=lambda s: (-s[0], -s[1], s[2]),
    )
    kept: list[tuple[float, str]] = []
    twins_of_kept: set[str] = set()
    for score, _, i in ranked:
        if entries[i].id not in twins_of_kept:
            kept.append((score, entries[i].id))
            twins_of_kept.update(entries[i].twins)
    return kept


def expected_hits(searcher: Searcher, text: str, limit: int) -> list[tuple[str, float]]:
    return [
        (entry_id, round(score, 4))
        for score, entry_id in full_ranking(searcher, text)[:limit]
        if score >= MIN_SCORE
    ]


def queries(searcher: Searcher) -> list[str]:
    """The labelled paraphrases, plus word salads and halves of two queries glued together, which
    put many entries close to each other and to MIN_SCORE."""
    texts = [q for q, _ in pairs(labelled("faq_queries.yaml"))]
    rng = random.Random(20261201)
    words = " ".join(texts).split()
    salads = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 6))) for _ in range(150)]
    glued = [
        (a := rng.choice(texts))[: len(a) // 2] + (b := rng.choice(texts))[len(b) // 2 :] for _ in range(150)
    ]
    return texts + salads + glued


def as_pairs(hits: list[Hit]) -> list[tuple[str, float]]:
    return [(h.id, h.score) for h in hits]


@pytest.mark.parametrize("limit", [1, 3, 5])
def test_search_finds_exactly_the_hits_of_a_full_ranking(searcher: Searcher, limit: int) -> None:
    wrong = [
        (text, as_pairs(searcher.search(text, limit)), expected_hits(searcher, text, limit))
        for text in queries(searcher)
        if as_pairs(searcher.search(text, limit)) != expected_hits(searcher, text, limit)
    ]
    assert not wrong, wrong[:3]


def test_retrieve_measures_the_margin_against_the_exact_runner_up(searcher: Searcher) -> None:
    wrong = []
    for text in queries(searcher):
        found: Retrieval = searcher.retrieve(text, limit=2)
        ranking = full_ranking(searcher, text)
        if not found.hits:
            continue
        second = ranking[1][0] if len(ranking) > 1 else 0.0
        if found.margin != round(ranking[0][0] - second, 4):
            wrong.append((text, found.margin, ranking[:2]))
    assert not wrong, wrong[:3]


def test_search_and_retrieve_agree_on_the_hits(searcher: Searcher) -> None:
    for text in queries(searcher)[:200]:
        assert as_pairs(searcher.search(text, 3)) == as_pairs(searcher.retrieve(text, 3).hits), text
