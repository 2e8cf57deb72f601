"""Explain wording, network tier overflow, and warnings that keep their params."""

from __future__ import annotations

import dataclasses

from sizing_catalog import CATALOG

from bot.render.sizing_words import worded
from sizing import SizingRequest, plan
from sizing.evaluate import Evaluator
from sizing.plan import _fewer_is_faster
from sizing.result import Option
from sizing.types import GpuSpec
from sizing.workload import normalise


def test_the_tokens_line_names_the_data_size_in_gb_once() -> None:
    d = worded(plan(SizingRequest(params=7e9, data_bytes=1e10, method="lora"), CATALOG).to_dict())
    line = next(x for x in d["explain"] if x.startswith("Tokens = "))  # type: ignore[attr-defined]
    assert "10 GB of data / 4 bytes per token" in line and "BB" not in line


def test_lora_is_spelled_lora_in_the_explanation() -> None:
    d = worded(plan(SizingRequest(params=7e9, method="lora"), CATALOG).to_dict())
    assert any(x.startswith("LoRA rank 16") for x in d["explain"])  # type: ignore[attr-defined]


def test_a_network_need_above_the_guides_tier_says_so() -> None:
    d = worded(plan(SizingRequest(params=7e10, tokens=2e12, days=20, gpu="h100-sxm"), CATALOG).to_dict())
    top = d["options"][0]  # type: ignore[index]
    net = top["network"]
    assert net["multi_node"] and net["required_gbps"] > net["tier_gbps"][1]
    assert net["exceeds_tier"] is True and "above the guide's" in net["message"]
    assert any("the need exceeds it" in x for x in d["explain"])  # type: ignore[attr-defined]


def test_a_need_inside_the_tier_is_not_flagged() -> None:
    d = worded(plan(SizingRequest(params=1e9, tokens=1e9, gpu="a100-80gb", gpus=1), CATALOG).to_dict())
    assert d["options"][0]["network"]["exceeds_tier"] is False  # type: ignore[index]


class _FakeEvaluator:
    """Real plans for 1 and 2 GPUs, where the requested 2 are made slower than 1."""

    def __init__(self, plans: dict[int, Option]) -> None:
        self.plans = plans

    def ladder(self, gpu: GpuSpec) -> tuple[int, ...]:
        return tuple(sorted(self.plans))

    def __call__(self, gpu: GpuSpec, gpus: int) -> Option:
        return self.plans[gpus]


def test_a_requested_count_that_fewer_gpus_beat_gets_a_warning() -> None:
    ev = Evaluator(normalise(SizingRequest(params=1e9, tokens=1e9)), CATALOG)
    gpu = CATALOG.gpu("a100-80gb")
    one = ev(gpu, 1)
    slow_two = dataclasses.replace(ev(gpu, 2), days=one.days * 1.5)
    warnings = _fewer_is_faster(_FakeEvaluator({1: one, 2: slow_two}), slow_two)  # type: ignore[arg-type]
    assert [w.code for w in warnings] == ["fewer_gpus_faster"]
    assert dict(warnings[0].params)["better_gpus"] == 1


def test_a_requested_count_that_no_smaller_count_beats_gets_no_such_warning() -> None:
    d = worded(plan(SizingRequest(params=7e9, tokens=1e11, gpu="h100-sxm", gpus=8), CATALOG).to_dict())
    assert "fewer_gpus_faster" not in [w["code"] for w in d["warnings"]]  # type: ignore[attr-defined]


def test_the_low_memory_full_finetune_warning_keeps_its_params() -> None:
    d = worded(
        plan(SizingRequest(params=8e9, method="full_finetune", gpu="rtx-a6000", gpus=1), CATALOG).to_dict()
    )
    w = next(x for x in d["warnings"] if x["code"] == "low_memory_full_finetune")  # type: ignore[attr-defined]
    assert w["params"]["gpu"] == "rtx-a6000" and w["params"]["optimizer"] == "paged_adamw_8bit"
    assert 0 < w["params"]["memory_gb"] <= w["params"]["gpu_memory_gb"]
