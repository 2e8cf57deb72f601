"""Every model card holds together: its shape builds the parameter count it publishes, its names
find it and nothing else, and its sources are dated."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase, load_knowledge
from knowledge.models import architecture
from knowledge.schema import ModelCardRecord


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_knowledge()


def cards() -> list[ModelCardRecord]:
    return list(load_knowledge().models)


def test_the_catalogue_covers_at_least_forty_popular_open_models(kb: KnowledgeBase) -> None:
    assert len(kb.models) >= 40
    families = {c.family for c in kb.models}
    expected = {
        "llama",
        "qwen",
        "deepseek",
        "mistral",
        "gemma",
        "glm",
        "baichuan",
        "yi",
        "internlm",
        "minicpm",
        "phi",
    }
    assert expected <= families


@pytest.mark.parametrize("card", cards(), ids=lambda c: c.id)
def test_the_shape_builds_the_published_parameter_count(card: ModelCardRecord) -> None:
    arch = architecture(card)
    assert arch.computed_params() == pytest.approx(card.params_total, rel=0.05)
    if card.params_active is not None:
        # Published "active" counts differ on whether embeddings count (gpt-oss leaves them out).
        assert arch.computed_params(active_only=True) == pytest.approx(card.params_active, rel=0.2)


@pytest.mark.parametrize("card", cards(), ids=lambda c: c.id)
def test_attention_heads_group_evenly_and_head_width_is_plausible(card: ModelCardRecord) -> None:
    assert card.heads % card.kv_heads == 0
    assert card.head_dim in (64, 80, 96, 128, 256)
    if card.mla is None:  # MLA projects queries and keys through its own latent widths
        assert 0.5 <= card.heads * card.head_dim / card.hidden <= 3.0  # GLM-4.5-Air: 96 x 128 on 4096


@pytest.mark.parametrize("card", cards(), ids=lambda c: c.id)
def test_every_card_names_a_dated_source_and_finds_itself_by_every_name(
    card: ModelCardRecord, kb: KnowledgeBase
) -> None:
    assert card.source.ref and card.params_source.ref
    assert card.source.as_of.year >= 2024
    for name in (card.id, card.name, card.hf_id, *card.aliases):
        found = kb.find_model(name)
        assert found is not None and found.id == card.id, name


def test_mixture_of_experts_cards_hold_every_expert_but_run_a_few(kb: KnowledgeBase) -> None:
    for card in kb.models:
        if card.moe is None:
            continue
        arch = architecture(card)
        assert arch.active_params < 0.5 * arch.params_total
        assert arch.expert_params > 0


@pytest.mark.parametrize(
    "said, model_id",
    [
        ("Llama-3.1-8B", "llama-3.1-8b"),
        ("meta-llama/Llama-3.3-70B-Instruct", "llama-3.3-70b"),
        ("Qwen2.5-72B", "qwen2.5-72b"),
        ("qwen2.5 72b instruct awq", "qwen2.5-72b"),
        ("Qwen3-235B-A22B", "qwen3-235b-a22b"),
        ("Mixtral-8x7B", "mixtral-8x7b"),
        ("DeepSeek-V3", "deepseek-v3"),
        ("deepseek r1", "deepseek-r1"),
        ("通义千问2.5-72B", "qwen2.5-72b"),
        ("千问2.5 7B", "qwen2.5-7b"),
        ("深度求索V3", "deepseek-v3"),
        ("glm-4-9b-chat", "glm-4-9b"),
        ("LLAMA 3 70B", "llama-3-70b"),
        ("DeepSeek-R1-Distill-Qwen-32B", "deepseek-r1-distill-qwen-32b"),
        ("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", "deepseek-r1-distill-llama-70b"),
        ("r1 distill qwen 1.5b", "deepseek-r1-distill-qwen-1.5b"),
    ],
)
def test_names_people_type_find_the_model(said: str, model_id: str, kb: KnowledgeBase) -> None:
    found = kb.find_model(said)
    assert found is not None and found.id == model_id


def test_a_near_miss_finds_nothing_but_offers_the_close_names(kb: KnowledgeBase) -> None:
    assert kb.find_model("Llama 3.1 7B") is None
    close = kb.close_models("Llama 3.1 7B")
    assert "llama-3.1-8b" in close and "llama-3.1-70b" in close
    assert kb.find_model("") is None and kb.close_models("") == []


@pytest.mark.parametrize(
    "distill, base",
    [
        ("DeepSeek-R1-Distill-Qwen-7B", "qwen2.5-7b"),
        ("DeepSeek-R1-Distill-Qwen-14B", "qwen2.5-14b"),
        ("DeepSeek-R1-Distill-Qwen-32B", "qwen2.5-32b"),
        ("DeepSeek-R1-Distill-Llama-8B", "llama-3.1-8b"),
        ("DeepSeek-R1-Distill-Llama-70B", "llama-3.3-70b"),
    ],
)
def test_an_r1_distill_is_its_own_card_with_its_base_models_shape(
    distill: str, base: str, kb: KnowledgeBase
) -> None:
    found, of = kb.find_model(distill), kb.find_model(base)
    assert found is not None and of is not None and found.id != of.id
    shape = ("layers", "hidden", "heads", "kv_heads", "head_dim", "ffn", "vocab")
    assert [getattr(found, f) for f in shape] == [getattr(of, f) for f in shape]


def test_version_numbers_are_never_confused(kb: KnowledgeBase) -> None:
    for said, not_this in (
        ("Llama 3 8B", "llama-3.1-8b"),
        ("Qwen2 72B", "qwen2.5-72b"),
        ("DeepSeek-V2", "deepseek-v3"),
    ):
        found = kb.find_model(said)
        assert found is not None and found.id != not_this


def test_the_kv_layout_of_named_architectures_is_read_from_the_config(kb: KnowledgeBase) -> None:
    llama70 = kb.model_architecture("llama-3-70b")
    assert (llama70.layers, llama70.kv_heads, llama70.head_dim) == (80, 8, 128)
    v3 = kb.model_architecture("deepseek-v3")
    assert v3.mla is not None and v3.mla.kv_lora_rank == 512 and v3.mla.qk_rope_head_dim == 64
    gemma = kb.model_architecture("gemma-2-27b")
    assert gemma.sliding_window is not None and gemma.sliding_window.layers == gemma.layers // 2
