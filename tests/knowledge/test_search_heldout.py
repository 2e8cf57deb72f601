"""Retrieval on paraphrases never used to write the entries (issue 14): the kinds of miss the audit
found (indirect "should we just…" questions, billing words, "will the cheapest cloud do", "when do
we need several machines") and off-topic shopping that must find nothing.

The held-out files are measured, not tuned on: faq_queries_heldout3.yaml (round 1) and
faq_queries_heldout6.yaml (round 2) were written after the last retrieval change of their round and
carry the reported figures; the floors below guard against regressions."""

from __future__ import annotations

import pytest
from search_cases import labelled, misses, pairs, top_id

from knowledge.faq import load_faq, load_pitfalls
from knowledge.query_text import names_money, normalize
from knowledge.search import Searcher

TUNED_ON = (
    "faq_queries_heldout.yaml",
    "faq_queries_heldout2.yaml",
    "faq_queries_heldout4.yaml",
    "faq_queries_heldout5.yaml",
    "faq_queries_heldout7.yaml",
    "faq_queries_heldout8.yaml",
)
HELDOUT = {name: labelled(name) for name in TUNED_ON}
FRESH = labelled("faq_queries_heldout3.yaml")
FRESH_ROUND2 = labelled("faq_queries_heldout6.yaml")
# Measured top-1 at the time of writing: heldout 0.925 (tuned on after reading), heldout2 0.847
# (tuned on after reading; 0.814 before), heldout3 0.937 (never tuned on); round 2: heldout4 0.841
# before its changes, 0.929 after (tuned on), heldout5 0.821 when written, 0.857 after (tuned on),
# heldout6 0.955 (never tuned on; 0.946 on the round-1 code); round 3: heldout7 (technique questions)
# 0.318 untuned (six of its topics had no entry), 0.909 after (tuned on); round 5: heldout8 (one or more
# per entry, three scripts) 0.918 untuned, 0.984 after (tuned on).
FLOORS = {
    "faq_queries_heldout.yaml": 0.90,
    "faq_queries_heldout2.yaml": 0.80,
    "faq_queries_heldout4.yaml": 0.90,
    "faq_queries_heldout5.yaml": 0.83,
    "faq_queries_heldout7.yaml": 0.88,
    "faq_queries_heldout8.yaml": 0.96,
}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Whether to simply take the best GPU, or whether a small job needs a top one.
        ("should we just take the best GPU?", "pitfall.overbuying_top_gpu"),
        ("does a small model's fine-tuning need an H100 at all?", "pitfall.overbuying_top_gpu"),
        ("我们是不是直接上最好的卡就行", "pitfall.overbuying_top_gpu"),
        ("小模型微调需要H100吗", "pitfall.overbuying_top_gpu"),
        # Billing words: off-peak, monthly, reserved, committed.
        ("are there off-peak prices for gpus?", "faq.cost_control"),
        ("有没有闲时优惠", "faq.cost_control"),
        ("monthly or reserved billing for gpus", "faq.cost_control"),
        ("包月还是包年", "faq.cost_control"),
        ("can we get a cheaper rate for a monthly commitment", "faq.cost_control"),
        # Whether the cheapest cloud will do.
        ("will the cheapest cloud do?", "pitfall.provider_selection"),
        ("最便宜的云行不行", "pitfall.provider_selection"),
        # When several machines are needed: the single-vs-multi question, not the consumer-card pitfall.
        ("when do we need several machines?", "faq.single_vs_multi_gpu"),
        ("什么时候需要多台机器", "faq.single_vs_multi_gpu"),
    ],
)
def test_the_audited_kinds_of_question_find_their_entry(
    searcher: Searcher, question: str, expected: str
) -> None:
    assert top_id(searcher, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # A comparison names two things; "difference" says nothing about which entry answers.
        ("What is the difference between ZeRO-2 and ZeRO-3?", "faq.zero_fsdp"),
        ("zero2 和 zero3 有什么区别", "faq.zero_fsdp"),
        ("ZeRO-1、ZeRO-2、ZeRO-3 差別在哪", "faq.zero_fsdp"),
        ("what's the difference between lora and qlora", "faq.qlora"),
        # Versioned names meet their entry however they are written.
        ("is FlashAttention-2 supported on the T4?", "faq.flash_attention"),
        ("flash-attn 装不上 V100 怎么办", "faq.flash_attention"),
        # Technique questions that had no entry before round 3.
        ("does gradient checkpointing slow training down?", "faq.gradient_checkpointing"),
        ("梯度累积步数和全局 batch 是什么关系", "faq.batch_size"),
        ("LoRA rank 设 8 还是 64", "faq.lora_rank"),
        ("訓練 NCCL timeout 怎麼查", "faq.nccl_errors"),
    ],
)
def test_technique_questions_find_their_entry_whatever_the_comparison_or_version_wording(
    searcher: Searcher, question: str, expected: str
) -> None:
    assert top_id(searcher, question) == expected


@pytest.mark.parametrize("text", ["Which GPUs do you support?", "你们支持哪些GPU？"])
def test_a_catalogue_question_is_not_taken_by_a_technique_entry_that_names_gpus(
    searcher: Searcher, text: str
) -> None:
    assert top_id(searcher, text) not in ("faq.flash_attention", "faq.fp8")


@pytest.mark.parametrize(
    "text", ["best laptop for gaming", "推荐一款打游戏的笔记本", "打遊戲用什麼筆電比較好"]
)
def test_shopping_for_a_personal_device_finds_nothing(searcher: Searcher, text: str) -> None:
    assert searcher.search(text) == []


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_tuned_on_heldout_sets_stay_above_their_floor(searcher: Searcher, name: str) -> None:
    cases = pairs(HELDOUT[name])
    assert 1 - len(misses(searcher, cases)) / len(cases) >= FLOORS[name]
    assert [t for t in HELDOUT[name]["negatives"] if searcher.search(t)] == []


def test_the_fresh_heldout_set_scores_at_least_90_percent_top_1(searcher: Searcher) -> None:
    cases = pairs(FRESH)
    assert 1 - len(misses(searcher, cases)) / len(cases) >= 0.90


def test_the_fresh_heldout_negatives_find_nothing_but_the_one_known_gaming_pc_miss(
    searcher: Searcher,
) -> None:
    answered = [t for t in FRESH["negatives"] if searcher.search(t)]
    assert answered in ([], ["which gaming pc should i build"])


def test_the_round_2_fresh_set_scores_at_least_93_percent_top_1_and_its_negatives_find_nothing(
    searcher: Searcher,
) -> None:
    cases = pairs(FRESH_ROUND2)
    assert 1 - len(misses(searcher, cases)) / len(cases) >= 0.93
    assert [t for t in FRESH_ROUND2["negatives"] if searcher.search(t)] == []


def test_the_round_5_holdout_asks_about_every_entry_in_english_and_both_chinese_scripts() -> None:
    queries = HELDOUT["faq_queries_heldout8.yaml"]["queries"]
    assert set(queries) == {e.id for e in (*load_faq(), *load_pitfalls())}
    texts = [t for ts in queries.values() for t in ts]
    assert sum(t.isascii() for t in texts) >= len(texts) // 3
    traditional = [t for t in texts if not t.isascii() and normalize(t) != t.lower()]
    assert len(traditional) >= len(texts) // 4


@pytest.mark.parametrize(
    "question",
    ["what can I train with 300 bucks", "只有5000块能训练点什么", "is €800 enough to fine-tune a 7b model"],
)
def test_a_question_that_names_an_amount_of_money_finds_the_budget_pitfall(
    searcher: Searcher, question: str
) -> None:
    assert top_id(searcher, question) == "pitfall.budget_too_small"


@pytest.mark.parametrize(
    ("text", "is_money"),
    [
        ("$500", True),
        ("5000块", True),
        ("2万元", True),
        ("5k usd", True),
        ("300 bucks", True),
        ("8块卡", False),
        ("8块h100", False),
        ("10gb", False),
        ("4090", False),
    ],
)
def test_an_amount_of_money_is_told_from_a_count_of_cards_or_a_size(text: str, is_money: bool) -> None:
    assert names_money(text) is is_money
