"""The low-memory full fine-tuning recipe (paged 8-bit AdamW, bf16 weights, optimizer step in backward):
an option with its memory and speed cost next to a plan that does not fit, and the plan itself when asked."""

from __future__ import annotations

import pytest

from sizing import SizingRequest, plan
from sizing.calibration import LOW_MEMORY_SLOWDOWN
from sizing.types import Catalog

GIB = 2**30 / 1e9
LLAMA_8B_ON_ONE = dict(params=8.03e9, method="full_finetune", seq_len=2048, micro_batch=2, gpus=1)


def _codes(d: dict[str, object]) -> dict[str, dict[str, object]]:
    warnings = d["warnings"]
    assert isinstance(warnings, list)
    return {w["code"]: w for w in warnings}


def _top(catalog: Catalog, **kw: object) -> dict[str, object]:
    return plan(SizingRequest(**kw), catalog).to_dict()["options"][0]  # type: ignore[arg-type,index,no-any-return]


def test_asked_for_the_recipe_fits_llama_8b_on_one_rtx_4090_near_torchtunes_18_9_gib(
    catalog: Catalog,
) -> None:
    top = _top(catalog, gpu="rtx4090", low_memory=True, **LLAMA_8B_ON_ONE)
    assert top["fits"] is True and top["layout"]["recompute"] == "full"  # type: ignore[index]
    assert float(top["memory_per_gpu_gb"]) == pytest.approx(18.9 * GIB, rel=0.15)  # type: ignore[arg-type]
    assert top["memory"]["optimizer_gb"] == 0  # type: ignore[index]  # paged out


def test_without_checkpointing_the_recipe_comes_near_torchtunes_a6000_figure(catalog: Catalog) -> None:
    # torchtune README: 37.4 GiB on one A6000, where activation checkpointing is not needed
    top = _top(catalog, gpu="rtx-a6000", low_memory=True, recompute="none", **LLAMA_8B_ON_ONE)
    assert float(top["memory_per_gpu_gb"]) == pytest.approx(37.4 * GIB, rel=0.15)  # type: ignore[arg-type]


def test_the_recipe_costs_a_quarter_more_time_than_plain_adamw_on_the_same_layout(catalog: Catalog) -> None:
    kw = dict(gpu="h100-sxm", recompute="full", **LLAMA_8B_ON_ONE)
    plain, low = _top(catalog, **kw), _top(catalog, low_memory=True, **kw)
    assert float(plain["mfu"]) / float(low["mfu"]) == pytest.approx(LOW_MEMORY_SLOWDOWN, rel=0.01)  # type: ignore[arg-type]
    assert float(low["gpu_hours"]) > float(plain["gpu_hours"])  # type: ignore[arg-type]


def test_the_plan_names_the_recipe_it_was_asked_for(catalog: Catalog) -> None:
    d = plan(SizingRequest(gpu="rtx4090", low_memory=True, **LLAMA_8B_ON_ONE), catalog).to_dict()  # type: ignore[arg-type]
    assert d["workload"]["optimizer"] == "paged_adamw_8bit" and d["workload"]["low_memory"] is True  # type: ignore[index]


def test_a_12b_full_finetune_on_one_a100_still_does_not_fit_but_the_recipe_is_offered_with_its_cost(
    catalog: Catalog,
) -> None:
    # PEFT README: OOM with its plain recipe; the verdict stays on plain AdamW
    result = plan(
        SizingRequest(params=12.9e9, method="full_finetune", seq_len=512, gpu="a100-80gb", gpus=1), catalog
    )
    d = result.to_dict()
    assert d["options"][0]["fits"] is False
    hint = _codes(d)["low_memory_full_finetune"]
    assert hint["params"]["optimizer"] == "paged_adamw_8bit"
    assert hint["params"]["memory_gb"] < 80 and hint["params"]["slowdown"] == LOW_MEMORY_SLOWDOWN
    assert result.feasibility is not None
    first = result.feasibility.options[0]
    assert first.kind == "low_memory" and first.days is not None and first.slowdown == LOW_MEMORY_SLOWDOWN


def test_an_8b_full_finetune_on_one_rtx_4090_is_pointed_at_the_paged_recipe(catalog: Catalog) -> None:
    d = plan(SizingRequest(params=8e9, method="full_finetune", gpu="rtx4090", gpus=1), catalog).to_dict()
    assert d["options"][0]["fits"] is False
    assert _codes(d)["low_memory_full_finetune"]["params"]["paged"] is True


def test_nothing_is_suggested_when_plain_adamw_already_fits_on_one_gpu(catalog: Catalog) -> None:
    d = plan(SizingRequest(params=3e9, method="full_finetune", gpu="a100-80gb", gpus=1), catalog).to_dict()
    assert "low_memory_full_finetune" not in _codes(d)


def test_nothing_is_suggested_when_even_the_recipe_cannot_fit(catalog: Catalog) -> None:
    d = plan(SizingRequest(params=70e9, method="full_finetune", gpu="h100-sxm", gpus=1), catalog).to_dict()
    assert "low_memory_full_finetune" not in _codes(d)


def test_adapters_ignore_the_recipe_their_optimizer_state_is_already_small(catalog: Catalog) -> None:
    kw = dict(params=8e9, method="lora", gpu="rtx4090", gpus=1)
    assert (
        _top(catalog, low_memory=True, **kw)["memory_per_gpu_gb"] == _top(catalog, **kw)["memory_per_gpu_gb"]
    )


def test_the_recipe_steps_the_optimizer_every_micro_batch_so_it_accumulates_no_gradients(
    catalog: Catalog,
) -> None:
    top = _top(catalog, gpu="rtx4090", low_memory=True, **LLAMA_8B_ON_ONE)
    plain = _top(catalog, gpu="h100-sxm", **LLAMA_8B_ON_ONE)
    assert top["layout"]["grad_accum"] == 1 and plain["layout"]["grad_accum"] > 1  # type: ignore[index]


def test_the_low_memory_hint_carries_both_the_sold_and_the_usable_memory_of_the_gpu(catalog: Catalog) -> None:
    d = plan(SizingRequest(params=8e9, method="full_finetune", gpu="rtx4090", gpus=1), catalog).to_dict()
    params = _codes(d)["low_memory_full_finetune"]["params"]
    assert params["gpu_sold_memory_gb"] == 24 and params["gpu_memory_gb"] >= params["gpu_sold_memory_gb"]
