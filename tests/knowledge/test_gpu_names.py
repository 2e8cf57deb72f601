"""GPU names from the catalogue: every id, alias and family is found in running text, as itself."""

from __future__ import annotations

import pytest

from knowledge.gpu_names import GpuNames, catalogue_names
from knowledge.schema import GpuRecord

NAMES = catalogue_names()


@pytest.mark.parametrize("record", NAMES.records, ids=lambda r: r.id)
def test_every_id_and_alias_names_its_own_gpu_in_a_sentence(record: GpuRecord) -> None:
    for name in {record.id, *record.aliases}:
        (m,) = NAMES.find(f"we want 8 {name.lower()} for training")
        assert m.ids == (record.id,), name


def test_a_family_names_every_member_and_a_memory_size_picks_one() -> None:
    (family,) = NAMES.find("a100 please")
    assert set(family.ids) == {"a100-40gb", "a100-80gb", "a100-40gb-pcie", "a100-80gb-pcie"}
    (sized,) = NAMES.find("a100 80g please", memory=True)
    assert sized.ids == ("a100-80gb",) and sized.end == len("a100 80g")

    (still,) = NAMES.find("h100 80gb please", memory=True)
    assert len(still.ids) > 1 and still.end == len("h100 80gb")


def test_a_memory_size_picks_the_card_not_its_form_factor_variant_with_the_same_memory() -> None:
    # Without the "a100 80g" aliases the size is read after the family name; the A100 80GB PCIe
    # (variant_of a100-80gb) has the same 80 GB and must not make the pick ambiguous.
    records = [r.model_copy(update={"aliases": ()}) if r.family == "a100" else r for r in NAMES.records]
    (sized,) = GpuNames(records).find("a100 80gb please", memory=True)
    assert sized.ids == ("a100-80gb",)
    (pcie,) = NAMES.find("an a100 pcie 80gb please", memory=True)
    assert pcie.ids == ("a100-80gb-pcie",)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("8xh100 and h100sxm", ["8xh100"[2:], "h100sxm"]),
        ("h20 is not h200s", ["h20", "h200s"]),
        ("gpt4 on a t4", ["t4"]),
        ("a 100b model, ah100, h1000", []),
        ("rtx 4090 vs 3090", ["rtx 4090", "3090"]),
    ],
)
def test_names_match_whole_words_with_optional_separators_and_plurals(text: str, found: list[str]) -> None:
    assert [text[m.start : m.end] for m in NAMES.find(text)] == found


def test_a_bare_number_name_is_marked_numeric() -> None:
    assert [m.numeric for m in NAMES.find("rtx 4090 vs 4090")] == [False, True]


def test_a_form_factor_after_a_family_names_that_familys_boards_of_that_form() -> None:
    (pcie,) = NAMES.find("2 a100 pcie for lora", memory=True)
    assert set(pcie.ids) == {"a100-40gb-pcie", "a100-80gb-pcie"} and pcie.name == "a100-pcie"
    (sxm,) = NAMES.find("an a100 sxm node", memory=True)
    assert sxm.name == "a100-sxm"


def test_a_form_factor_and_a_memory_size_in_either_order_name_one_board() -> None:
    for text in ("a100 80g pcie", "a100 pcie 40g", "a100 40gb pcie"):
        (m,) = NAMES.find(text, memory=True)
        assert m.end == len(text) and len(m.ids) == 1 and m.ids[0].endswith("-pcie"), text
