"""The topics buyers asked about and found unanswered (issue 14): each answered in both languages,
sourced and dated, found by its questions, and rendered in Taiwan's vocabulary for zh-Hant."""

from __future__ import annotations

import pytest

from bot.render.text import to_script
from knowledge import load_knowledge

TOPICS = {
    "faq.serving_basics": [
        "部署一个 32B 模型做在线推理要几张卡",
        "how many gpus to serve a model to many users",
    ],
    "faq.china_providers": ["阿里云、火山引擎和AutoDL怎么选", "how do chinese gpu clouds compare"],
    "faq.china_gpus_available": ["现在国内能租到H800吗", "which nvidia gpus can be rented in china"],
    "faq.storage_tiers": [
        "训练数据放对象存储还是并行文件系统",
        "how much do egress fees cost for checkpoints",
    ],
    "faq.quotas_capacity": ["GPU配额不够，开不出H100怎么办", "how do aws capacity blocks work"],
}


@pytest.mark.parametrize("entry_id", sorted(TOPICS))
def test_each_buyer_topic_answers_in_both_languages_with_dated_sources(entry_id: str) -> None:
    entry = next(f for f in load_knowledge().faq if f.id == entry_id)
    assert len(entry.answer.zh) > 150 and len(entry.answer.en) > 300
    assert len(entry.sources) >= 2 and all(s.as_of.year >= 2026 for s in entry.sources)


@pytest.mark.parametrize(("entry_id", "question"), [(k, q) for k, qs in TOPICS.items() for q in qs])
def test_each_buyer_topic_is_the_first_answer_to_its_questions(entry_id: str, question: str) -> None:
    hits = load_knowledge().search(question, limit=1)
    assert hits and hits[0].id == entry_id


def test_the_china_rental_entry_dates_every_export_rule_it_states() -> None:
    entry = next(f for f in load_knowledge().faq if f.id == "faq.china_gpus_available")
    for date in ("2023 年 10 月 17 日", "2025 年 4 月", "2025 年 12 月"):
        assert date in entry.answer.zh
    for date in ("17 October 2023", "April 2025", "December 2025"):
        assert date in entry.answer.en


@pytest.mark.parametrize("entry_id", sorted(TOPICS))
def test_traditional_chinese_uses_taiwan_cloud_words(entry_id: str) -> None:
    entry = next(f for f in load_knowledge().faq if f.id == entry_id)
    hant = to_script(entry.answer.zh, "zh-Hant")
    assert "例項" not in hant and "網絡" not in hant and "百度智慧雲" not in hant
    if "实例" in entry.answer.zh:
        assert "執行個體" in hant
    if "网络" in entry.answer.zh:
        assert "網路" in hant
