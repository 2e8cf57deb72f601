"""A family name with a size and no generation ("通义千问7B", "Qwen 7B", "Llama 70B") finds the newest card of
that family with that size, says so, and never hides a card's own name."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge import KnowledgeBase, load_knowledge
from knowledge.base import KnowledgeError
from knowledge.models import load_models


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_knowledge()


@pytest.mark.parametrize(
    "said, model_id",
    [
        ("通义千问7B", "qwen2.5-7b"),
        ("Qwen 7B", "qwen2.5-7b"),
        ("千问14B", "qwen3-14b"),
        ("Llama 70B", "llama-3.3-70b"),
        ("llama 8b", "llama-3.1-8b"),
        ("Gemma 9B", "gemma-2-9b"),
    ],
)
def test_a_family_and_a_size_find_the_newest_card_with_that_size(
    kb: KnowledgeBase, said: str, model_id: str
) -> None:
    card = kb.find_model(said)
    assert card is not None and card.id == model_id
    assert kb.family_default(f"部署{said}做客服") == model_id


def test_a_named_generation_is_never_read_as_the_default(kb: KnowledgeBase) -> None:
    for said in ("Qwen2.5-7B", "Llama 3 70B", "Qwen2-7B", "llama-2-70b", "Qwen 72B"):
        assert kb.family_default(said) is None, said
    assert kb.find_model("Qwen2-7B").id == "qwen2-7b"  # type: ignore[union-attr]
    assert kb.find_model("Llama 3 70B").id == "llama-3-70b"  # type: ignore[union-attr]


def test_a_default_name_is_found_only_as_a_whole_name(kb: KnowledgeBase) -> None:
    assert kb.family_default("serve qwen 7b please") == "qwen2.5-7b"
    assert kb.family_default("qwen 7.5b") is None
    assert kb.family_default("llama 70b vs qwen 14b") == "llama-3.3-70b"  # the first named


def test_newest_first_naming_an_unknown_family_fails_at_load(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[2] / "knowledge" / "data" / "models.yaml"
    broken = tmp_path / "models.yaml"
    broken.write_text(
        source.read_text(encoding="utf-8").replace("newest_first:\n", "newest_first:\n  nosuch: [x]\n", 1),
        encoding="utf-8",
    )
    with pytest.raises(KnowledgeError, match="newest_first"):
        load_models(broken)
