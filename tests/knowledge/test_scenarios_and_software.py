"""The seed's scenario packages, corrected, and software notes by GPU architecture."""

from __future__ import annotations

import pytest

from knowledge import load_knowledge


@pytest.mark.parametrize(
    ("params", "scenario"),
    [
        (3e7, "scenario.small"),
        (3e8, "scenario.small"),
        (1e9, "scenario.medium"),
        (13e9, "scenario.medium"),
        (70e9, "scenario.medium"),
        (175e9, "scenario.large"),
        (1.8e12, "scenario.large"),
    ],
)
def test_a_model_size_falls_into_one_package(params: float, scenario: str) -> None:
    assert load_knowledge().scenario_for(params).id == scenario


def test_packages_pass_the_bots_own_fact_check() -> None:
    kb = load_knowledge()
    for s in kb.scenarios:
        assert "a30" not in s.gpus
        for text in (s.summary.zh, s.summary.en, s.title.zh, s.title.en):
            assert kb.factcheck(text) == [], text
        for gpu_id in s.gpus:
            assert kb.gpu_record(gpu_id).memory_gb.value <= s.memory_per_gpu_gb[1]


def test_packages_tile_the_parameter_axis_without_gaps() -> None:
    scenarios = load_knowledge().scenarios
    for lower, upper in zip(scenarios, scenarios[1:], strict=False):
        assert lower.params_max == upper.params_min
    assert scenarios[-1].params_max is None


def notes_en(gpu: str, method: str | None, precision: str | None) -> str:
    return " ".join(n.en for n in load_knowledge().software_notes(gpu, method, precision))


def test_bf16_on_a_t4_suggests_fp16_with_loss_scaling() -> None:
    assert "loss scaling" in notes_en("t4", "lora", "bf16")
    assert "no BF16" not in notes_en("a100-80gb", "lora", "bf16")


def test_fp8_needs_hopper_ada_blackwell_or_mi300() -> None:
    assert "no FP8" in notes_en("a100-80gb", "pretrain", "fp8")
    assert "Transformer Engine" in notes_en("h100-sxm", "pretrain", "fp8")
    assert "no FP8" not in notes_en("l40s", "pretrain", "fp8")


def test_flashattention_3_is_offered_only_on_hopper() -> None:
    assert "FlashAttention-3" in notes_en("h200", "full_finetune", "bf16")
    assert "FlashAttention-3" not in notes_en("a100-40gb", "full_finetune", "bf16")
    assert "FlashAttention-2 needs" in notes_en("v100-32gb", "full_finetune", "fp16")


def test_amd_gpus_get_rocm_notes_and_qlora_caveats() -> None:
    assert "ROCm" in notes_en("mi300x", "qlora", "bf16")
    assert "uncertain" in notes_en("mi250x", "qlora", "bf16")


def test_the_checklist_covers_the_seed_and_what_teams_miss() -> None:
    ids = {item.id for item in load_knowledge().checklist}
    assert {"check.support", "check.data_security", "check.capacity_quota", "check.infiniband_roce"} <= ids
    assert {"check.spot_policy", "check.data_residency"} <= ids


def test_every_seed_error_has_an_erratum_with_the_right_value() -> None:
    errata = {e.id: e for e in load_knowledge().errata}
    assert (errata["erratum.t4_fp16_89"].claimed, errata["erratum.t4_fp16_89"].correct) == (89, 65)
    assert errata["erratum.h100_fp16_3351"].correct == 989
    assert errata["erratum.mi250x_fp16_4800"].correct == 383
    assert {"erratum.h100_160gb", "erratum.h100_infiniband", "erratum.rtx3090_tier"} <= set(errata)
    assert {"erratum.a30_entry_level", "erratum.sparse_as_dense", "erratum.a100_fp16_624"} <= set(errata)


def plan_notes(gpu: str, method: str, gpus: int = 1, sharded: bool | None = None) -> str:
    found = load_knowledge().software_notes(gpu, method, "bf16", gpus=gpus, sharded=sharded)
    return " ".join(n.en for n in found)


def test_an_a100_plan_does_not_carry_the_blackwell_cuda_note() -> None:
    assert "CUDA 12.8" not in plan_notes("a100-80gb", "full_finetune", gpus=8)
    assert "CUDA 12.8" in plan_notes("b200", "full_finetune", gpus=8)


def test_a_single_gpu_lora_plan_is_not_told_to_shard_with_zero3() -> None:
    assert "ZeRO-3" not in plan_notes("a100-80gb", "lora")
    assert "ZeRO-3" not in plan_notes("a100-80gb", "lora", gpus=4)
    assert "ZeRO-3" not in plan_notes("h100-sxm", "full_finetune", gpus=1)


def test_full_training_sharded_across_gpus_gets_the_zero3_fsdp_note() -> None:
    assert "ZeRO-3" in plan_notes("h100-sxm", "full_finetune", gpus=8)
    assert "ZeRO-3" not in plan_notes("h100-sxm", "full_finetune", gpus=8, sharded=False)


def test_megatron_is_suggested_for_multi_node_pretraining_not_for_one_gpu() -> None:
    assert "Megatron" in plan_notes("h100-sxm", "pretrain", gpus=64)
    assert "Megatron" not in plan_notes("h100-sxm", "pretrain", gpus=1)


def test_the_old_three_argument_call_still_answers_for_one_gpu() -> None:
    notes = load_knowledge().software_notes("t4", "qlora", "fp16")
    assert any("bitsandbytes" in n.en for n in notes)


def test_software_notes_asked_again_are_the_same_and_a_callers_changes_stay_its_own() -> None:
    kb = load_knowledge()
    first = kb.software_notes("h100-sxm", "pretrain", "fp8", gpus=16)
    first.clear()
    again = kb.software_notes("h100-sxm", "pretrain", "fp8", gpus=16)
    assert again and again == kb.software_notes("h100-sxm", "pretrain", "fp8", gpus=16, sharded=True)
