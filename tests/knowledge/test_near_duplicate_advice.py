"""A FAQ and the pitfall that gives the same advice are twins: one answer shows only one of them."""

from __future__ import annotations

import pytest

from knowledge import load_knowledge
from knowledge.base import KnowledgeError
from knowledge.faq import check_related, load_faq, load_pitfalls

# The pairs the audit found shown side by side (issue 14).
AUDITED_PAIRS = [
    ("faq.spot_checkpointing", "pitfall.spot_without_checkpointing"),
    ("faq.checkpoint_storage", "pitfall.checkpoint_storage_forgotten"),
    ("faq.amd_rocm", "pitfall.rocm_compatibility"),
    ("faq.h800_h20_export", "pitfall.h20_for_training"),
    ("faq.nvlink_vs_pcie", "pitfall.no_nvlink_multi_gpu"),
    ("faq.nvlink_vs_pcie", "pitfall.consumer_multi_gpu"),
    ("pitfall.no_nvlink_multi_gpu", "pitfall.consumer_multi_gpu"),
]


@pytest.mark.parametrize(("first", "second"), AUDITED_PAIRS)
def test_each_audited_pair_is_declared_twins_on_both_sides(first: str, second: str) -> None:
    kb = load_knowledge()
    entries = {e.id: e for e in (*kb.faq, *kb.pitfalls)}
    assert second in entries[first].twins and first in entries[second].twins


@pytest.mark.parametrize(("first", "second"), AUDITED_PAIRS)
def test_an_answer_listing_both_twins_keeps_only_the_first(first: str, second: str) -> None:
    kb = load_knowledge()
    assert kb.distinct_advice([first, "faq.cost_control", second]) == [first, "faq.cost_control"]
    assert kb.distinct_advice([second, first]) == [second]


@pytest.mark.parametrize(
    "question",
    [
        "spot实例被回收了，训练进度全丢了",
        "my disk filled up with checkpoints, how much space do they need",
        "rocm上跑训练要注意什么兼容性问题",
        "is the h20 any good for training compared with the h100",
        "4090 multi gpu without nvlink is it slow",
    ],
)
def test_search_never_returns_two_twins_for_one_question(question: str) -> None:
    kb = load_knowledge()
    ids = [h.id for h in kb.retrieve(question).hits]
    entries = {e.id: e for e in (*kb.faq, *kb.pitfalls)}
    for i, hit in enumerate(ids):
        assert not set(entries[hit].twins) & set(ids[:i]), ids


def test_pitfall_texts_point_to_their_faq_twin_instead_of_repeating_its_figures() -> None:
    kb = load_knowledge()
    pitfalls = {p.id: p for p in kb.pitfalls}
    assert "51%" not in pitfalls["pitfall.rocm_compatibility"].body.en
    assert "148" not in pitfalls["pitfall.h20_for_training"].body.en
    assert "30–60 minutes" not in pitfalls["pitfall.spot_without_checkpointing"].body.en


def test_a_twin_listed_on_one_side_only_fails_at_load_naming_the_entry() -> None:
    faq = list(load_faq())
    lopsided = faq[0].model_copy(update={"twins": (faq[1].id,)})
    with pytest.raises(KnowledgeError, match=f"{faq[0].id}.*twins.*does not list it back"):
        check_related([lopsided, *faq[1:], *load_pitfalls()])
