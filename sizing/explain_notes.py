"""Explain lines for our own assumptions and for the trade-offs behind the first option's pick."""
# ruff: noqa: E501

from __future__ import annotations

from sizing import assumptions as asm
from sizing.explain_format import item as _i, num, usd
from sizing.result import ExplainItem, Option
from sizing.workload import GLOBAL_BATCH_TOKENS


def _days(d: float) -> str:
    return f"{d * 24:.1f} hours" if d < 1.5 else f"{d:.1f} days"


def assumption_lines(
    deadline_days: float | None, o: Option | None, fastest_ruled: bool, small_model: bool = False
) -> tuple[ExplainItem, ...]:
    """Our own planning assumptions (sizing.assumptions), said plainly, where the answer used them."""
    out = []
    if deadline_days is None:
        out.append(
            _i(
                "assume_no_deadline",
                f"No deadline given: planned to finish within {asm.DEFAULT_TARGET_DAYS:g} days. This is our "
                "assumption (a one-month rental and billing horizon), not a requirement; a deadline replaces it.",
                target_days=asm.DEFAULT_TARGET_DAYS,
            )
        )
    if o is not None and o.quote is not None:
        d = asm.RESERVED_DISCOUNT
        busy = asm.DAYS_PER_MONTH * (1 - d)
        out.append(
            _i(
                "assume_reserved_discount",
                f"Billing advice assumes monthly/reserved capacity costs ~{d:.0%} less than on-demand: our "
                f"assumption, as discounts vary by provider and term, so check yours. At that discount reserving "
                f"pays off above ~{1 - d:.0%} utilisation (~{busy:.0f} busy days a month).",
                discount=d,
                breakeven=1 - d,
                busy_days=busy,
            )
        )
        out.append(
            _i(
                "assume_stale_prices",
                f"Prices older than {asm.STALE_AFTER_DAYS} days are flagged as stale: our assumption, because GPU "
                "prices move by tens of percent within months (AWS P4/P5 fell 33-44% between two 2025 catalog "
                "snapshots).",
                days=asm.STALE_AFTER_DAYS,
            )
        )
    if small_model:
        out.append(
            _i(
                "assume_small_model",
                f"Under {num(asm.SMALL_MODEL_PARAMS)} parameters the first option avoids top-tier GPUs (H100/H200/B200/"
                "MI300X class) when a smaller GPU fits, meets the deadline and the budget: the buying guide warns "
                "against renting top GPUs for small models (§4.1) and puts 1e8-class models on T4/A30 and 1e9-class "
                "on A100 (§3); a top-tier plan, if listed, follows as the alternative.",
                params_limit=asm.SMALL_MODEL_PARAMS,
            )
        )
    if fastest_ruled:
        pretrain, finetune = GLOBAL_BATCH_TOKENS["pretrain"], GLOBAL_BATCH_TOKENS["full_finetune"]
        out.append(
            _i(
                "assume_fastest",
                "The quickest option is kept sensible: current datacenter training GPUs only (2020 or later, "
                "NVLink/Infinity Fabric), no more data-parallel ranks than the global batch allows "
                f"({num(pretrain)} tokens for pre-training as in Llama 2, {num(finetune)} for fine-tuning), at most "
                f"{asm.FASTEST_COST_CAP:g}x the cheapest plan's cost without a budget, and within "
                f"{asm.SIMILAR_DAYS - 1:.0%} of the quickest time fewer, then newer, GPUs win "
                "(the cost cap and the 10% are our assumptions).",
                pretrain_batch_tokens=pretrain,
                finetune_batch_tokens=finetune,
                cost_cap=asm.FASTEST_COST_CAP,
                similar=asm.SIMILAR_DAYS - 1,
            )
        )
    return tuple(out)


def _plan_params(prefix: str, o: Option) -> dict[str, object]:
    return {
        f"{prefix}_gpu": o.gpu.id,
        f"{prefix}_gpus": o.gpus,
        f"{prefix}_usd": o.cost_usd,
        f"{prefix}_days": o.days,
    }


def tradeoffs(options: list[Option] | tuple[Option, ...]) -> tuple[ExplainItem, ...]:
    """When a rule put a dearer plan first (small model, small job; NVIDIA by default), what the
    cheaper one saves."""
    if len(options) < 2 or options[0].cost_usd is None or options[1].cost_usd is None:
        return ()
    first, other = options[0], options[1]
    f_usd, o_usd = first.cost_usd, other.cost_usd
    assert f_usd is not None and o_usd is not None
    if first.label == "recommended" and other.label == "cheapest_top_tier":
        return (
            _i(
                "tradeoff_top_tier",
                f"Trade-off: the recommended {first.gpus} × {first.gpu.id} costs {usd(f_usd)} over "
                f"{_days(first.days)}; the cheapest plan is the top-tier {other.gpus} × {other.gpu.id} at "
                f"{usd(o_usd)} over {_days(other.days)} ({usd(f_usd - o_usd)} less). "
                "The guide's advice against top GPUs for small models is about value: when a top-tier GPU is "
                "also the cheaper rental, as here, take it if it is available to you.",
                saving_usd=f_usd - o_usd,
                **_plan_params("first", first),
                **_plan_params("other", other),
            ),
        )
    if first.label == "right_sized" and other.label == "cheapest_top_tier":
        share = other.fitted.memory.total_gb / other.gpu.capacity_gb
        return (
            _i(
                "tradeoff_small_job",
                f"Right-sized: this job peaks at {other.fitted.memory.total_gb:.1f} GB per GPU, {share:.0%} of a "
                f"{other.gpu.id}'s {other.gpu.memory_gb:g} GB, so the first option is {first.gpus} × {first.gpu.id} "
                f"at {usd(f_usd)} over {_days(first.days)}; the top-tier {other.gpus} × {other.gpu.id} costs "
                f"{usd(o_usd)} over {_days(other.days)} ({usd(f_usd - o_usd)} less, "
                f"{_days(first.days - other.days) + ' sooner' if first.days > other.days else 'no sooner'}). The buying "
                "guide warns against renting top GPUs for small jobs (§4.1); below "
                f"{asm.SMALL_JOB_MEMORY_SHARE:.0%} of a top-tier GPU's memory we put a GPU sized to the job first "
                f"if it costs at most {asm.SMALL_JOB_COST_PREMIUM:g}x the top-tier plan (both numbers are our "
                "assumptions). If the top-tier GPU is available to you and time matters, take it.",
                saving_usd=f_usd - o_usd,
                memory_share=share,
                share_limit=asm.SMALL_JOB_MEMORY_SHARE,
                premium_limit=asm.SMALL_JOB_COST_PREMIUM,
                **_plan_params("first", first),
                **_plan_params("other", other),
            ),
        )
    if other.label == "cheapest_amd":
        saving = (f_usd - o_usd) / f_usd
        return (
            _i(
                "tradeoff_amd",
                f"Vendor: the first option is NVIDIA ({first.gpus} × {first.gpu.id}, {usd(f_usd)}, "
                f"{_days(first.days)}) because CUDA is what most training code, kernels and recipes assume; the "
                f"cheapest AMD plan, {other.gpus} × {other.gpu.id} on ROCm, costs {usd(o_usd)} over "
                f"{_days(other.days)} ({saving:.0%} less), under the {asm.AMD_PREFERENCE_MARGIN:.0%} saving at "
                "which we put AMD first (our threshold; the buying guide §2.1/§2.6 calls AMD's compatibility "
                "weaker than NVIDIA's and suits it to cost-sensitive teams that know ROCm). If your stack runs "
                "on ROCm, take the AMD plan.",
                saving=saving,
                margin=asm.AMD_PREFERENCE_MARGIN,
                **_plan_params("first", first),
                **_plan_params("other", other),
            ),
        )
    if first.gpu.vendor == "amd" and other.label == "best_nvidia":
        saving = (o_usd - f_usd) / o_usd
        return (
            _i(
                "tradeoff_amd_first",
                f"Vendor: the first option is AMD ({first.gpus} × {first.gpu.id}, {usd(f_usd)}) because it costs "
                f"{saving:.0%} less than the best NVIDIA plan, {other.gpus} × {other.gpu.id} at {usd(o_usd)}: more "
                f"than the {asm.AMD_PREFERENCE_MARGIN:.0%} saving at which we put AMD first. It needs a ROCm "
                "build of your stack (PyTorch, FlashAttention, bitsandbytes): check each before renting "
                "(buying guide §2.1/§2.6); otherwise take the NVIDIA plan.",
                saving=saving,
                margin=asm.AMD_PREFERENCE_MARGIN,
                **_plan_params("first", first),
                **_plan_params("other", other),
            ),
        )
    return ()
