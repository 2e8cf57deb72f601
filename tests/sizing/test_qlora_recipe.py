"""QLoRA plans assume activation checkpointing, as PEFT's prepare_model_for_kbit_training and the
QLoRA paper do; torchtune measured Llama-2-7B QLoRA at 9.29 GB on one RTX 4090."""

from __future__ import annotations

from sizing_catalog import CATALOG

from sizing import SizingRequest, plan

TORCHTUNE_LLAMA2_7B_QLORA_4090_GB = 9.29  # pytorch/torchtune README (2024-04 revision)


def _first(**kw: object) -> dict[str, object]:
    return plan(SizingRequest(**kw), CATALOG).to_dict()["options"][0]  # type: ignore[arg-type,index,no-any-return]


def test_a_qlora_plan_uses_activation_checkpointing_by_default() -> None:
    top = _first(params=6.74e9, method="qlora", gpu="rtx4090", gpus=1)
    assert top["layout"]["recompute"] == "full"  # type: ignore[index]


def test_7b_qlora_on_one_4090_is_predicted_within_a_quarter_of_torchtunes_measurement() -> None:
    top = _first(params=6.74e9, method="qlora", gpu="rtx4090", gpus=1)
    predicted = float(top["memory_per_gpu_gb"])  # type: ignore[arg-type]
    assert abs(predicted / TORCHTUNE_LLAMA2_7B_QLORA_4090_GB - 1) <= 0.25


def test_turning_checkpointing_off_for_qlora_costs_memory_and_saves_time() -> None:
    on = _first(params=6.74e9, method="qlora", gpu="rtx4090", gpus=1)
    off = _first(params=6.74e9, method="qlora", gpu="rtx4090", gpus=1, recompute="none")
    assert off["layout"]["recompute"] != "full"  # type: ignore[index]
    assert off["memory_per_gpu_gb"] > on["memory_per_gpu_gb"]  # type: ignore[operator]
    assert off["days"] < on["days"]  # type: ignore[operator]


def test_lora_keeps_choosing_the_cheapest_recompute_mode_that_fits() -> None:
    top = _first(params=6.74e9, method="lora", gpu="a100-80gb", gpus=1)
    assert top["layout"]["recompute"] != "full"  # type: ignore[index]
