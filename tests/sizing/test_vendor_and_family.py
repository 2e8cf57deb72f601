"""NVIDIA first unless AMD is clearly cheaper; a family's priced variant before an unpriced one; the
deadline message agrees with the options shown."""

from __future__ import annotations

import dataclasses
from typing import Any

from sizing_catalog import CATALOG, OFFERINGS, _gpu, _offer

from bot.render.sizing_words import worded
from sizing import plan
from sizing.assumptions import AMD_PREFERENCE_MARGIN
from sizing.types import Catalog, SizingRequest, TensorTflops

PRETRAIN_7B = SizingRequest(params=7e9, tokens=2e11, days=20)


def _with_mi300x(usd_per_node_hour: float) -> Catalog:
    mi300x = _offer("azure", "ND96isr_MI300X_v5", "mi300x", 8, usd_per_node_hour, None, 3200)
    return dataclasses.replace(CATALOG, offerings=OFFERINGS + (mi300x,))


def _cost(option: dict[str, Any]) -> float:
    return float(option["cost"]["on_demand_usd"])


def _codes(d: dict[str, Any], key: str = "explain_items") -> list[str]:
    return [str(i["code"]) for i in d[key]]


def test_nvidia_comes_first_when_amd_saves_less_than_the_margin() -> None:
    d = worded(plan(PRETRAIN_7B, _with_mi300x(56.0)).to_dict())
    first = d["options"][0]
    amd = next(o for o in d["options"] if o["label"] == "cheapest_amd")
    assert first["gpu"] != "mi300x" and amd["gpu"] == "mi300x"
    # the case is a real trade-off: AMD is cheaper, but by less than the margin
    assert _cost(first) * (1 - AMD_PREFERENCE_MARGIN) <= _cost(amd) < _cost(first)
    assert "tradeoff_amd" in _codes(d)


def test_amd_comes_first_when_it_undercuts_nvidia_by_more_than_the_margin() -> None:
    d = worded(plan(PRETRAIN_7B, _with_mi300x(30.0)).to_dict())
    first, second = d["options"][0], d["options"][1]
    assert first["gpu"] == "mi300x"
    assert second["label"] == "best_nvidia" and second["gpu"] != "mi300x"
    assert _cost(first) < _cost(second) * (1 - AMD_PREFERENCE_MARGIN)
    assert "tradeoff_amd_first" in _codes(d)


def test_a_user_who_asks_for_an_mi300x_gets_only_mi300x_plans() -> None:
    d = worded(plan(dataclasses.replace(PRETRAIN_7B, gpu="mi300x"), _with_mi300x(48.0)).to_dict())
    assert {o["gpu"] for o in d["options"]} == {"mi300x"}


def _with_unpriced_h100_pcie() -> Catalog:
    pcie = _gpu("h100-pcie", "hopper", 80, 2.0, TensorTflops(51, 378, 756, 756, 1513), "pcie", None, 1, 2022)
    return dataclasses.replace(CATALOG, gpus=(pcie, *CATALOG.gpus))


def test_a_family_request_puts_the_priced_variant_first() -> None:
    catalog = _with_unpriced_h100_pcie()
    d = worded(
        plan(SizingRequest(params=7e9, tokens=5e9, method="full_finetune", gpu="h100"), catalog).to_dict()
    )
    assert d["options"][0]["gpu"] == "h100-sxm"
    assert all(o["cost"]["amount"] is not None for o in d["options"] if o["label"] != "alternative")


def test_a_family_request_with_a_count_uses_the_priced_variant_at_that_count() -> None:
    catalog = _with_unpriced_h100_pcie()
    req = SizingRequest(params=7e9, tokens=5e9, method="full_finetune", gpu="h100", gpus=4)
    first = worded(plan(req, catalog).to_dict())["options"][0]
    assert (first["gpu"], first["gpus"], first["label"]) == ("h100-sxm", 4, "requested")
    assert first["cost"]["amount"] is not None


def test_a_requested_count_that_misses_the_deadline_points_at_a_listed_plan_that_meets_it() -> None:
    req = SizingRequest(params=7e9, tokens=5e9, method="full_finetune", gpu="h100-sxm", gpus=4, days=1)
    d = worded(plan(req, CATALOG).to_dict())
    assert d["options"][0]["days"] > 1
    warning = next(w for w in d["warnings"] if w["code"] == "requested_misses_deadline")
    alt = warning["params"]
    shown = {(o["gpu"], o["gpus"]): o["days"] for o in d["options"]}
    assert (alt["alt_gpu"], alt["alt_gpus"]) in shown and shown[(alt["alt_gpu"], alt["alt_gpus"])] <= 1
    assert "No plan finishes" not in " ".join(str(w["message"]) for w in d["warnings"])


def test_an_impossible_deadline_names_a_plan_no_slower_than_any_shown() -> None:
    d = worded(
        plan(SizingRequest(params=7e9, tokens=2e12, gpu="a100-80gb", gpus=8, days=2), CATALOG).to_dict()
    )
    warning = next(w for w in d["warnings"] if w["code"] == "deadline_impossible")
    assert warning["params"]["fastest_days"] <= min(o["days"] for o in d["options"]) + 0.01


def test_deadline_advice_for_a_lora_job_does_not_suggest_lora() -> None:
    d = worded(plan(SizingRequest(params=70e9, tokens=5e10, method="lora", days=0.01), CATALOG).to_dict())
    warning = next(w for w in d["warnings"] if w["code"] == "deadline_impossible")
    assert "LoRA" not in str(warning["message"])


def test_a_family_at_a_fixed_count_takes_the_board_with_room_over_a_nearly_full_one() -> None:
    from knowledge import load_knowledge
    from sizing.assumptions import MIN_HEADROOM

    catalog = load_knowledge().catalog
    request = SizingRequest(params=8e9, tokens=5e7, method="full_finetune", days=3, gpu="a100", gpus=4)
    first = plan(request, catalog).options[0]
    assert first.gpus == 4 and first.gpu.id.startswith("a100-80gb")
    assert first.fitted.headroom >= MIN_HEADROOM


def test_a_family_and_form_factor_names_the_familys_boards_of_that_form() -> None:
    from knowledge import load_knowledge
    from sizing.plan import resolve_gpus

    catalog = load_knowledge().catalog
    assert {g.id for g in resolve_gpus(catalog, "a100-pcie")} == {"a100-40gb-pcie", "a100-80gb-pcie"}
    assert {g.id for g in resolve_gpus(catalog, "h100-pcie")} == {"h100-pcie"}


def test_without_a_deadline_a_board_that_would_take_years_is_no_plan_when_another_finishes_in_time() -> None:
    from knowledge import load_knowledge
    from sizing.assumptions import DEFAULT_TARGET_DAYS

    catalog = load_knowledge().catalog
    # H100 NVL is sold at most two to an instance: 7B on 2T tokens would take years on it.
    for gpu in ("h100", None):
        result = plan(SizingRequest(params=7e9, tokens=2e12, gpu=gpu), catalog)
        assert result.options and all(o.days <= DEFAULT_TARGET_DAYS for o in result.options), gpu
        if gpu is not None:
            assert result.options[0].gpu.id == "h100-sxm"
            slow = next(e for e in result.excluded if e.gpu == "h100-nvl")
            assert slow.reason == "deadline" and "no deadline given" in slow.message


def test_without_a_deadline_the_slow_boards_stay_when_no_board_finishes_in_time() -> None:
    from knowledge import load_knowledge

    # One two-GPU board is all there is: its plan is the answer, however long it takes.
    result = plan(SizingRequest(params=7e9, tokens=2e12, gpu="h100-nvl"), load_knowledge().catalog)
    assert result.options and result.options[0].gpu.id == "h100-nvl" and result.options[0].days > 365
