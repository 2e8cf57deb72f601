from __future__ import annotations

import math

from bot.render.sizing_words import worded
from sizing import Budget, SizingRequest, plan
from sizing.types import Catalog


def _top(catalog: Catalog, **kw: object) -> dict[str, object]:
    result = worded(plan(SizingRequest(**kw), catalog).to_dict())  # type: ignore[arg-type]
    options = result["options"]
    assert isinstance(options, list) and options
    return options[0]


def test_70b_full_finetune_does_not_fit_on_one_h100(catalog: Catalog) -> None:
    top = _top(catalog, params=70e9, method="full_finetune", gpu="h100-sxm", gpus=1)
    assert top["gpu"] == "h100-sxm" and top["gpus"] == 1 and top["fits"] is False


def test_7b_qlora_fits_one_t4_and_falls_back_to_fp16(catalog: Catalog) -> None:
    result = plan(SizingRequest(params=7e9, method="qlora", gpu="t4", gpus=1, seq_len=1024), catalog)
    d = result.to_dict()
    assert d["options"][0]["fits"] is True
    assert "no_bf16" in [w["code"] for w in d["warnings"]]


def test_requested_hardware_comes_first_even_when_it_does_not_fit(catalog: Catalog) -> None:
    top = _top(catalog, params=175e9, gpu="a100-80gb", gpus=8, seq_len=2048)
    assert (top["gpu"], top["gpus"], top["fits"]) == ("a100-80gb", 8, False)


def test_gpu_family_keeps_every_option_inside_the_family(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=13e9, tokens=2e11, gpu="a100"), catalog).to_dict())
    assert {o["gpu"] for o in d["options"]} <= {"a100-40gb", "a100-80gb"}


def test_a_shorter_deadline_gives_more_gpus_of_the_same_type(catalog: Catalog) -> None:
    slow = _top(catalog, params=7e9, tokens=1e12, days=20, gpu="h100-sxm")
    fast = _top(catalog, params=7e9, tokens=1e12, days=5, gpu="h100-sxm")
    assert fast["gpus"] > slow["gpus"] and fast["days"] <= 5


def test_an_impossible_deadline_says_so_and_suggests_alternatives(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=400e9, tokens=15e12, days=1), catalog).to_dict())
    codes = {w["code"]: w for w in d["warnings"]}
    assert "deadline_impossible" in codes
    # Pre-training has no adapter to train: the advice is less work or more time, never LoRA.
    message = str(codes["deadline_impossible"]["message"])
    assert "LoRA" not in message
    assert "fewer tokens" in message and "longer timeline" in message


def test_lora_trains_far_fewer_parameters_than_full_finetuning(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=8e9, method="lora"), catalog).to_dict())
    wl = d["workload"]
    assert wl["trainable_params"] < 0.01 * wl["params_exact"]


def test_data_bytes_become_tokens_at_five_bytes_per_token_for_chinese(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=1e9, data_bytes=5e11, data_language="zh"), catalog).to_dict())
    assert math.isclose(d["workload"]["tokens"], 1e11)
    assert any("/ 5 bytes per token" in line for line in d["explain"])


def test_a_tiny_budget_is_reported_as_over_budget(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=7e9, tokens=1e12, budget=Budget(100, "USD")), catalog).to_dict())
    assert "over_budget" in [w["code"] for w in d["warnings"]]


def test_cny_budget_reports_cost_in_cny(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=7e9, method="lora", budget=Budget(50000, "CNY")), catalog).to_dict())
    cost = d["options"][0]["cost"]
    assert cost["currency"] == "CNY"
    assert math.isclose(cost["amount"], cost["on_demand_usd"] * catalog.usd_to_cny, rel_tol=1e-3)


def test_capacity_block_only_offerings_are_never_quoted(catalog: Catalog) -> None:
    d = worded(plan(SizingRequest(params=7e9, tokens=1e11, gpu="h200"), catalog).to_dict())
    assert all(o["cost"]["instance"] != "p5e.48xlarge" for o in d["options"])


def test_old_prices_warn_when_today_is_far_past_their_date(catalog: Catalog) -> None:
    import datetime as dt

    d = worded(plan(SizingRequest(params=7e9, method="lora", today=dt.date(2027, 6, 1)), catalog).to_dict())
    assert "stale_prices" in [w["code"] for w in d["warnings"]]


def test_the_fastest_option_is_a_current_training_gpu_within_the_batch_and_cost_limits(
    catalog: Catalog,
) -> None:
    from sizing.workload import GLOBAL_BATCH_TOKENS

    d = worded(plan(SizingRequest(params=7e9, tokens=1e12, days=7), catalog).to_dict())
    options = d["options"]
    cheapest = options[0]
    quick = min(options, key=lambda o: o["days"])
    assert quick["gpu"] not in {"t4", "v100-32gb", "l4", "a10g"}
    assert quick["layout"]["dp"] * quick["layout"]["micro_batch"] * 4096 <= GLOBAL_BATCH_TOKENS["pretrain"]
    assert quick["cost"]["on_demand_usd"] <= 1.5 * cheapest["cost"]["on_demand_usd"]


def test_when_two_plans_take_about_as_long_the_fewer_newer_gpus_are_offered(catalog: Catalog) -> None:
    # On this catalog 2,048 × A100-40GB finish in 2.26 days and 640 × H200 in 2.29: similar time,
    # so the quick plan offered is the H200 one, not three times as many older GPUs.
    d = worded(plan(SizingRequest(params=7e9, tokens=1e12, days=7), catalog).to_dict())
    quick = min(d["options"], key=lambda o: o["days"])
    assert (quick["gpu"], quick["gpus"]) == ("h200", 640)
    assert all(o["gpus"] < 2048 for o in d["options"])


def test_our_own_assumptions_are_stated_as_ours_in_the_explanation(catalog: Catalog) -> None:
    open_ended = worded(plan(SizingRequest(params=7e9, method="lora"), catalog).to_dict())["explain"]
    with_deadline = worded(plan(SizingRequest(params=7e9, method="lora", days=3), catalog).to_dict())[
        "explain"
    ]
    said = " ".join(open_ended)
    assert "within 30 days" in said and "our assumption" in said
    assert "~30% less than on-demand" in said and "90 days" in said
    assert not any("No deadline given" in line for line in with_deadline)
