"""The low-memory single-GPU full fine-tuning recipe: a suggestion next to the plan, never the plan."""

from __future__ import annotations

import pytest

from sizing import SizingRequest, plan
from sizing.lowmem import single_gpu_gb
from sizing.types import Catalog
from sizing.workload import normalise

GIB = 2**30 / 1e9


def _codes(d: dict[str, object]) -> dict[str, dict[str, object]]:
    warnings = d["warnings"]
    assert isinstance(warnings, list)
    return {w["code"]: w for w in warnings}


def test_the_recipe_needs_about_what_torchtune_measured_for_llama_8b_on_an_a6000() -> None:
    # torchtune README: Llama 3.1 8B full fine-tune, batch 2, 2,048 tokens, one A6000: 37.4 GiB.
    w = normalise(SizingRequest(params=8e9, method="full_finetune"))
    assert single_gpu_gb(w, paged=False) / GIB == pytest.approx(37.4, rel=0.10)


def test_paging_the_optimizer_out_comes_near_torchtunes_rtx_4090_figure() -> None:
    # Same recipe with a paged optimizer on a 24 GB RTX 4090: 18.9 GiB measured.
    w = normalise(SizingRequest(params=8e9, method="full_finetune"))
    assert single_gpu_gb(w, paged=True) / GIB == pytest.approx(18.9, rel=0.20)


def test_a_12b_full_finetune_on_one_a100_still_does_not_fit_but_the_recipe_is_suggested(
    catalog: Catalog,
) -> None:
    d = plan(
        SizingRequest(params=12.9e9, method="full_finetune", seq_len=512, gpu="a100-80gb", gpus=1), catalog
    ).to_dict()
    assert d["options"][0]["fits"] is False
    hint = _codes(d)["low_memory_full_finetune"]
    assert hint["params"]["optimizer"] == "adamw_8bit"
    assert hint["params"]["memory_gb"] < 80


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
