"""The pitfall trigger language: every operator, the key contract, and each shipped pitfall's trigger."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from knowledge import load_knowledge
from knowledge.faq import load_pitfalls
from knowledge.triggers import TRIGGER_KEYS, fired, parse_trigger, unknown_context_keys

CONTRACT_KEYS = {
    "params", "tokens", "data_bytes", "method", "precision", "days", "seq_len", "budget_usd_total",
    "user_gpu", "user_gpu_count", "user_gpu_top_tier", "user_gpu_segment", "user_gpu_memory_gb",
    "plan_gpu", "plan_gpus", "plan_nodes", "plan_fits", "plan_memory_headroom", "plan_gpu_top_tier",
    "plan_gpu_segment", "plan_scale_up", "plan_multi_node", "plan_network_gbps", "plan_checkpoint_gb",
    "plan_spot_saving", "mentions_spot", "over_budget", "deadline_missed",
}  # fmt: skip

# A modest, healthy plan: 7B LoRA in BF16 on one A100 80GB with room to spare.
NEUTRAL: Mapping[str, object] = {
    "params": 7e9, "tokens": 2e8, "data_bytes": 1e9, "method": "lora", "precision": "bf16", "days": 2.0,
    "seq_len": 2048, "budget_usd_total": 2000.0, "user_gpu": None, "user_gpu_count": None,
    "user_gpu_top_tier": None, "user_gpu_segment": None, "user_gpu_memory_gb": None,
    "plan_gpu": "a100-80gb", "plan_gpus": 1, "plan_nodes": 1, "plan_fits": True, "plan_memory_headroom": 0.4,
    "plan_gpu_top_tier": False, "plan_gpu_segment": "datacenter", "plan_scale_up": True,
    "plan_multi_node": False, "plan_network_gbps": 0.0, "plan_checkpoint_gb": 0.1, "plan_spot_saving": 0.3,
    "mentions_spot": False, "over_budget": False, "deadline_missed": False,
}  # fmt: skip

# For each pitfall, the few facts of a situation where it applies (laid over NEUTRAL).
SITUATIONS: Mapping[str, Mapping[str, object]] = {
    "pitfall.overbuying_top_gpu": {"params": 3e8, "user_gpu": "h100-sxm", "user_gpu_top_tier": True},
    "pitfall.vram_ignored": {"plan_fits": False},
    "pitfall.network_storage_ignored": {"plan_multi_node": True, "plan_nodes": 4, "plan_gpus": 32},
    "pitfall.provider_selection": {"plan_gpus": 64, "plan_nodes": 8},
    "pitfall.sparse_tflops": {"precision": "fp8"},
    "pitfall.consumer_multi_gpu": {
        "user_gpu": "rtx4090",
        "user_gpu_segment": "consumer",
        "user_gpu_count": 4,
    },
    "pitfall.checkpoint_storage_forgotten": {"method": "full_finetune", "plan_checkpoint_gb": 98.0},
    "pitfall.spot_without_checkpointing": {"mentions_spot": True},
    "pitfall.qlora_long_sequence": {"method": "qlora", "seq_len": 16384},
    "pitfall.memory_headroom": {"plan_memory_headroom": 0.05},
    "pitfall.deadline_too_tight": {"deadline_missed": True},
    "pitfall.budget_too_small": {"over_budget": True},
    "pitfall.fp16_without_loss_scaling": {"precision": "fp16"},
    "pitfall.rocm_compatibility": {"plan_gpu": "mi300x"},
    "pitfall.h20_for_training": {"user_gpu": "h20"},
    "pitfall.no_nvlink_multi_gpu": {"plan_gpu": "l40s", "plan_gpus": 4, "plan_scale_up": False},
}


def holds(raw: object, **context: object) -> bool:
    return parse_trigger(raw).holds(context)


def test_trigger_keys_are_exactly_the_dialogue_contract() -> None:
    assert TRIGGER_KEYS == CONTRACT_KEYS


@pytest.mark.parametrize(
    ("op", "bound", "below", "equal", "above"),
    [("lt", 10, True, False, False), ("le", 10, True, True, False), ("gt", 10, False, False, True),
     ("ge", 10, False, True, True), ("eq", 10, False, True, False), ("ne", 10, True, False, True)],
)  # fmt: skip
def test_each_numeric_comparison(op: str, bound: int, below: bool, equal: bool, above: bool) -> None:
    raw = {"key": "plan_gpus", op: bound}
    assert [holds(raw, plan_gpus=9), holds(raw, plan_gpus=10), holds(raw, plan_gpus=11)] == [
        below,
        equal,
        above,
    ]


def test_in_matches_any_listed_value() -> None:
    raw = {"key": "method", "in": ["lora", "qlora"]}
    assert holds(raw, method="qlora") and not holds(raw, method="pretrain")


def test_is_true_needs_a_real_true() -> None:
    raw = {"key": "plan_multi_node", "is_true": True}
    assert holds(raw, plan_multi_node=True)
    assert not holds(raw, plan_multi_node=False) and not holds(raw, plan_multi_node=1)


def test_all_any_and_not_combine() -> None:
    small = {"key": "params", "lt": 1e9}
    top = {"key": "user_gpu_top_tier", "is_true": True}
    assert holds({"all": [small, top]}, params=5e8, user_gpu_top_tier=True)
    assert not holds({"all": [small, top]}, params=5e8, user_gpu_top_tier=False)
    assert holds({"any": [small, top]}, params=7e10, user_gpu_top_tier=True)
    assert holds({"not": small}, params=7e10)


def test_a_missing_or_unknown_value_makes_a_comparison_false() -> None:
    for raw in ({"key": "params", "lt": 1e9}, {"key": "params", "ne": 1e9}, {"key": "method", "eq": "lora"}):
        assert not holds(raw)
        assert not holds(raw, params=None, method=None)


def test_text_never_compares_as_a_number() -> None:
    assert not holds({"key": "params", "gt": 1}, params="seven billion")


@pytest.mark.parametrize(
    ("raw", "complaint"),
    [({"key": "gpu", "eq": "h100"}, "unknown key 'gpu'"),
     ({"key": "params", "lt": 1, "gt": 0}, "exactly one operator"),
     ({"key": "params", "approx": 1}, "exactly one operator"),
     ({"key": "plan_fits", "is_true": False}, "is_true needs"),
     ({"key": "method", "in": []}, "non-empty list"),
     ({"key": "method", "eq": 3}, "not a text value"),
     ({"every": []}, "unknown node 'every'"),
     ({"any": [{"key": "days", "lt": 1}, {"key": "weather", "eq": "rain"}]}, "any[1]: unknown key 'weather'"),
     ("params < 1e9", "expected a mapping")],
)  # fmt: skip
def test_malformed_triggers_are_rejected_with_the_node_path(raw: object, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint.replace("[", r"\[").replace("]", r"\]")):
        parse_trigger(raw)


def test_context_keys_outside_the_contract_can_be_spotted() -> None:
    assert unknown_context_keys({"params": 1, "plan_gpu_count": 8}) == ["plan_gpu_count"]


def test_a_healthy_modest_plan_fires_no_pitfall() -> None:
    assert fired(load_pitfalls(), NEUTRAL) == []


def test_an_empty_context_fires_no_pitfall() -> None:
    assert fired(load_pitfalls(), {}) == []


def test_every_shipped_pitfall_has_a_situation_here() -> None:
    assert {p.id for p in load_pitfalls()} == set(SITUATIONS)


@pytest.mark.parametrize("pitfall_id", sorted(SITUATIONS))
def test_each_pitfall_fires_in_the_situation_it_warns_about(pitfall_id: str) -> None:
    assert pitfall_id in fired(load_pitfalls(), {**NEUTRAL, **SITUATIONS[pitfall_id]})


def test_a_small_model_on_an_h100_is_flagged_as_overbuying_but_a_70b_one_is_not() -> None:
    top = {**NEUTRAL, "user_gpu": "h100-sxm", "user_gpu_top_tier": True, "method": "full_finetune"}
    assert "pitfall.overbuying_top_gpu" in fired(load_pitfalls(), {**top, "params": 5e8})
    assert "pitfall.overbuying_top_gpu" not in fired(load_pitfalls(), {**top, "params": 7e10})


def test_qlora_at_short_sequences_is_not_flagged() -> None:
    short = {**NEUTRAL, "method": "qlora", "seq_len": 1024}
    assert "pitfall.qlora_long_sequence" not in fired(load_pitfalls(), short)


def test_the_knowledge_base_answers_each_situation_as_the_triggers_do_however_often_asked() -> None:
    kb = load_knowledge()
    for situation in [NEUTRAL, *({**NEUTRAL, **facts} for facts in SITUATIONS.values())] * 2:
        answer = kb.fired_pitfalls(situation)
        assert answer == fired(kb.pitfalls, situation)
        answer.append("changed by a caller")  # never seen by the next caller


def test_a_remembered_answer_for_a_real_true_is_not_given_for_a_one() -> None:
    kb = load_knowledge()
    small_on_h100 = {**NEUTRAL, "params": 3e8, "user_gpu": "h100-sxm"}

    assert "pitfall.overbuying_top_gpu" in kb.fired_pitfalls({**small_on_h100, "user_gpu_top_tier": True})
    assert "pitfall.overbuying_top_gpu" not in kb.fired_pitfalls({**small_on_h100, "user_gpu_top_tier": 1})
