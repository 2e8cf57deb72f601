"""Explain lines for our own assumptions and for the trade-offs behind the first option's pick."""

from __future__ import annotations

from sizing import assumptions as asm
from sizing.explain_format import item as _i
from sizing.result import ExplainItem, Option
from sizing.warnings import top_tier
from sizing.workload import GLOBAL_BATCH_TOKENS


def assumption_lines(
    deadline_days: float | None, o: Option | None, fastest_ruled: bool, small_model: bool = False
) -> tuple[ExplainItem, ...]:
    """Our own planning assumptions (sizing.assumptions), said plainly, where the answer used them."""
    out = []
    if deadline_days is None:
        out.append(
            _i(
                "assume_no_deadline",
                target_days=asm.DEFAULT_TARGET_DAYS,
            )
        )
    if o is not None and o.quote is not None:
        d = asm.RESERVED_DISCOUNT
        busy = asm.DAYS_PER_MONTH * (1 - d)
        out.append(
            _i(
                "assume_reserved_discount",
                discount=d,
                breakeven=1 - d,
                busy_days=busy,
            )
        )
        out.append(
            _i(
                "assume_stale_prices",
                days=asm.STALE_AFTER_DAYS,
            )
        )
    if small_model:
        # The rule held (a GPU below top tier went first) or a top-tier plan was cheaper by more
        # than the premium, or cheaper and faster: the answer says which.
        kept_top = o is not None and top_tier(o.gpu)
        out.append(
            _i(
                "assume_small_model_top_cheaper" if kept_top else "assume_small_model",
                params_limit=asm.SMALL_MODEL_PARAMS,
                premium=asm.SMALL_JOB_COST_PREMIUM - 1,
            )
        )
    if fastest_ruled:
        pretrain, finetune = GLOBAL_BATCH_TOKENS["pretrain"], GLOBAL_BATCH_TOKENS["full_finetune"]
        out.append(
            _i(
                "assume_fastest",
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
                saving=saving,
                margin=asm.AMD_PREFERENCE_MARGIN,
                **_plan_params("first", first),
                **_plan_params("other", other),
            ),
        )
    return ()
