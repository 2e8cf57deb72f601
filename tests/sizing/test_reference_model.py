"""Preference tuning against a frozen reference model (DPO, IPO, KTO): outside PEFT the reference's weights
sit beside the policy's, and its forward pass runs on every trained token (2N more FLOPs on 6N: ~4/3 of the
GPU-hours); with LoRA the base with the adapters off is the reference, so only the forward is added."""

from __future__ import annotations

from sizing import SizingRequest, plan
from sizing.types import Catalog

JOB = dict(params=7e9, tokens=40e6, gpu="h100-sxm", gpus=8, seq_len=2048, micro_batch=1, recompute="none")


def _top(catalog: Catalog, **kw: object) -> dict[str, object]:
    return plan(SizingRequest(**kw), catalog).to_dict()["options"][0]  # type: ignore[arg-type,index,no-any-return]


def test_a_full_dpo_holds_the_reference_weights_and_runs_its_forward(catalog: Catalog) -> None:
    plain = _top(catalog, method="full_finetune", **JOB)
    dpo = _top(catalog, method="full_finetune", reference_model=True, **JOB)
    weights = dpo["memory"]["weights_gb"] / plain["memory"]["weights_gb"]  # type: ignore[index]
    assert abs(weights - 2.0) < 0.01
    speed = dpo["tokens_per_gpu_s"] / plain["tokens_per_gpu_s"]  # type: ignore[operator]
    assert 0.70 < speed < 0.80  # 6N against 8N a token, attention aside


def test_a_lora_dpo_adds_the_reference_forward_but_no_second_copy_of_the_weights(catalog: Catalog) -> None:
    plain = _top(catalog, method="lora", **JOB)
    dpo = _top(catalog, method="lora", reference_model=True, **JOB)
    assert dpo["memory"]["weights_gb"] == plain["memory"]["weights_gb"]  # type: ignore[index]
    assert dpo["tokens_per_gpu_s"] < plain["tokens_per_gpu_s"] * 0.75  # type: ignore[operator]
