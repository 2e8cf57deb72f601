"""The FAQ and pitfall files: every entry complete and sourced, and bad files fail with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.base import KnowledgeError
from knowledge.faq import check_related, load_faq, load_pitfalls

SEED_FAQ = {"faq.cloud_vs_physical", "faq.single_vs_multi_gpu", "faq.cost_control", "faq.data_security"}
SEED_PITFALLS = {
    "pitfall.overbuying_top_gpu",
    "pitfall.vram_ignored",
    "pitfall.network_storage_ignored",
    "pitfall.provider_selection",
}

PITFALL_TEMPLATE = """
pitfalls:
  - id: pitfall.example
    title: {zh: 例子, en: Example}
    description: {zh: 描述, en: Description}
    advice: {zh: 建议, en: Advice}
    trigger: TRIGGER
    questions: {zh: [问题], en: [question]}
    sources: [{ref: test, as_of: 2026-11-29}]
"""


def write_pitfall(tmp_path: Path, trigger: str) -> Path:
    path = tmp_path / "pitfalls.yaml"
    path.write_text(PITFALL_TEMPLATE.replace("TRIGGER", trigger), encoding="utf-8")
    return path


def test_the_seed_faq_and_pitfall_ids_are_all_present() -> None:
    assert SEED_FAQ <= {e.id for e in load_faq()}
    assert SEED_PITFALLS <= {p.id for p in load_pitfalls()}


def test_there_are_at_least_eighteen_faq_entries_and_ten_pitfalls() -> None:
    assert len(load_faq()) >= 18
    assert len(load_pitfalls()) >= 10


def test_ids_are_unique_across_faq_and_pitfalls() -> None:
    ids = [e.id for e in (*load_faq(), *load_pitfalls())]
    assert len(ids) == len(set(ids))


def test_every_entry_speaks_both_languages_and_names_a_dated_source() -> None:
    for entry in (*load_faq(), *load_pitfalls()):
        assert entry.title.zh and entry.title.en
        assert entry.body.zh and entry.body.en
        assert entry.questions.zh and entry.questions.en, entry.id
        assert entry.sources and all(s.ref and s.as_of for s in entry.sources), entry.id


def test_answers_are_concise() -> None:
    for entry in load_faq():
        sentences = [s for s in entry.answer.en.replace("e.g.", "eg").split(". ") if s.strip()]
        assert 2 <= len(sentences) <= 6, (entry.id, len(sentences))


def test_chinese_entries_say_ka_shi_for_gpu_hours_as_every_plan_does() -> None:
    # 卡时 is the unit of every zh template (plans, comparisons, explain); an FAQ or pitfall shown under
    # a plan says the same, never "GPU 小时".
    for entry in (*load_faq(), *load_pitfalls()):
        assert "GPU 小时" not in entry.body.zh and "GPU小时" not in entry.body.zh, entry.id


def test_no_answer_repeats_a_sparse_figure_as_if_it_were_dense() -> None:
    # A100 624 and H100 1,979 BF16 are 2:4 sparse rates (reference/hardware.md §1.2); only the
    # sparse-TFLOPS pitfall may quote them, and it says they are sparse.
    for entry in (*load_faq(), *load_pitfalls()):
        if entry.id == "pitfall.sparse_tflops":
            continue
        assert "624" not in entry.body.en, entry.id
        assert "3351" not in entry.body.en and "160 GB" not in entry.body.en, entry.id


def test_related_ids_all_exist() -> None:
    check_related((*load_faq(), *load_pitfalls()))


def test_a_missing_field_is_reported_on_one_line_naming_file_entry_and_field(tmp_path: Path) -> None:
    path = tmp_path / "faq.yaml"
    path.write_text(
        "faq:\n  - id: faq.broken\n    title: {zh: 标题, en: Title}\n    questions: {zh: [问], en: [q]}\n"
        "    sources: [{ref: test, as_of: 2026-11-29}]\n",
        encoding="utf-8",
    )
    with pytest.raises(KnowledgeError) as exc:
        load_faq(path)
    message = str(exc.value)
    assert "\n" not in message
    assert str(path) in message and "faq.broken" in message and "answer" in message


def test_a_duplicate_id_is_rejected(tmp_path: Path) -> None:
    entry = (
        "  - id: faq.twice\n    title: {zh: 标题, en: Title}\n    answer: {zh: 答, en: Answer.}\n"
        "    questions: {zh: [问], en: [q]}\n    sources: [{ref: test, as_of: 2026-11-29}]\n"
    )
    path = tmp_path / "faq.yaml"
    path.write_text("faq:\n" + entry + entry, encoding="utf-8")
    with pytest.raises(KnowledgeError, match="faq.twice.*duplicate id"):
        load_faq(path)


def test_an_entry_without_sources_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "faq.yaml"
    path.write_text(
        "faq:\n  - id: faq.unsourced\n    title: {zh: 标题, en: Title}\n    answer: {zh: 答, en: A.}\n"
        "    questions: {zh: [问], en: [q]}\n    sources: []\n",
        encoding="utf-8",
    )
    with pytest.raises(KnowledgeError, match="faq.unsourced.*'sources'"):
        load_faq(path)


def test_an_unknown_trigger_key_is_rejected_when_the_file_loads(tmp_path: Path) -> None:
    path = write_pitfall(tmp_path, "{key: gpu_colour, eq: green}")
    with pytest.raises(KnowledgeError) as exc:
        load_pitfalls(path)
    message = str(exc.value)
    assert "\n" not in message
    assert "pitfall.example" in message and "'trigger'" in message and "gpu_colour" in message


def test_a_comparison_of_the_wrong_kind_is_rejected_when_the_file_loads(tmp_path: Path) -> None:
    path = write_pitfall(tmp_path, "{key: method, lt: 3}")
    with pytest.raises(KnowledgeError, match="lt needs a numeric key"):
        load_pitfalls(path)


def test_a_valid_pitfall_file_loads(tmp_path: Path) -> None:
    (pitfall,) = load_pitfalls(write_pitfall(tmp_path, "{all: [{key: params, ge: 1e9}]}"))
    assert pitfall.trigger.holds({"params": 7e9})


def test_a_required_concept_that_is_no_synonym_group_fails_with_the_entry_named() -> None:
    from knowledge.search import Searcher

    entry = load_faq()[0].model_copy(update={"requires": ("no_such_group",)})
    with pytest.raises(KnowledgeError) as exc:
        Searcher([entry])
    message = str(exc.value)
    assert "faq.yaml" in message and entry.id in message and "requires" in message


def test_the_chinese_cloud_entries_require_a_china_cue() -> None:
    by_id = {f.id: f for f in load_faq()}
    assert by_id["faq.china_providers"].requires == ("china",)
    assert by_id["faq.china_gpus_available"].requires == ("china",)
