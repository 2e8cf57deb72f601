"""Warnings with stable codes and params (templates render zh/en); English message for logs/CLI."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sizing import compute, cost, lowmem
from sizing.assumptions import RESERVED_DISCOUNT
from sizing.layout import HEADROOM
from sizing.result import Option, SizingWarning
from sizing.types import Catalog, GpuSpec, SizingRequest
from sizing.workload import CHINCHILLA_TOKENS_PER_PARAM, Workload

TOP_ARCHITECTURES = ("hopper", "blackwell", "cdna3")
# A job this small does not need a top-tier GPU: ≤ 100 GPU-hours and ≤ 13B parameters
# (seed guide pitfall 1, "盲目追求高端GPU") [threshold: assumption].
SMALL_JOB_GPU_HOURS = 100.0
SMALL_JOB_PARAMS = 13e9


def top_tier(g: GpuSpec) -> bool:
    return g.architecture in TOP_ARCHITECTURES and g.segment == "datacenter"


def _overbuying(top: Option, options: list[Option], req: SizingRequest, w: Workload) -> bool:
    """A small job on a top-tier GPU the user asked for, or one a listed non-top plan undercuts.
    Not when the engine chose top tier itself because it was the cheapest that works."""
    if not (top_tier(top.gpu) and top.gpu_hours <= SMALL_JOB_GPU_HOURS and w.params <= SMALL_JOB_PARAMS):
        return False
    if req.gpu is not None:
        return True
    price = top.cost_usd
    return price is not None and any(
        o.fits and not top_tier(o.gpu) and o.cost_usd is not None and o.cost_usd < price for o in options
    )


def _w(code: str, message: str, **params: object) -> SizingWarning:
    return SizingWarning(code, message, tuple(params.items()))


def _option_codes(
    o: Option, w: Workload, budget: float | None, spent: float | None, deadline: float | None
) -> list[str]:
    codes = []
    if not o.fits:
        codes.append("does_not_fit")
    elif o.fitted.headroom < HEADROOM:
        codes.append("memory_tight")
    if deadline is not None and o.days > deadline * 1.0001:
        codes.append("deadline_impossible")
    if budget is not None and spent is not None and spent > budget:
        codes.append("over_budget")
    prec = compute.effective_precision(o.gpu, w.precision)
    if w.precision == "bf16" and prec != "bf16":
        codes.append("no_bf16")
    if w.precision == "fp8" and prec != "fp8":
        codes.append("no_fp8")
    if o.gpu.segment == "consumer":
        codes.append("consumer_gpu")
    if o.gpus > 1 and o.gpu.scale_up_gbs is None:
        codes.append("pcie_multi_gpu")
    if o.quote is None:
        codes.append("no_price")
    else:
        if o.quote.unused_gpus > 0:
            codes.append("unused_gpus")
        if o.network.multi_node and not o.quote.network_known:
            codes.append("network_unknown")
        elif o.network.adequate is False:
            codes.append("network_below_need")
    return codes


def _days(d: float) -> str:
    return "1 day" if d == 1 else f"{d:g} days"


def _deadline(
    w: Workload, deadline: float, shown: list[Option], fastest_possible: list[Option]
) -> SizingWarning:
    """The first option misses the deadline. When a listed plan makes it (the user's GPU count was
    too small), say so with that plan; otherwise name the fastest plan among those listed and the
    per-GPU-type fastest the engine found, so the message never contradicts the options shown."""
    top = shown[0] if shown else None
    on_time = [o for o in shown[1:] if o.fits and "deadline_impossible" not in o.codes]
    if top is not None and on_time:
        alt = on_time[0]
        return _w(
            "requested_misses_deadline",
            f"{top.gpus} × {top.gpu.id} takes {top.days:.1f} days, over the deadline of {_days(deadline)}; "
            f"{alt.gpus} × {alt.gpu.id}, listed below, finishes in {alt.days:.1f} days.",
            gpu=top.gpu.id,
            gpus=top.gpus,
            days=round(top.days, 2),
            deadline_days=deadline,
            alt_gpu=alt.gpu.id,
            alt_gpus=alt.gpus,
            alt_days=round(alt.days, 2),
        )
    plans = [*fastest_possible, *shown]
    best = min([o for o in plans if o.fits] or plans, key=lambda o: o.days, default=None)
    advice = (
        "a longer timeline, fewer tokens or a smaller model"
        if w.is_peft
        else "a longer timeline, LoRA/QLoRA instead of full training, or a smaller model"
    )
    return _w(
        "deadline_impossible",
        f"No plan finishes within {_days(deadline)}"
        + (f"; the fastest is {best.days:.1f} days on {best.gpus} × {best.gpu.id}" if best else "")
        + f". Consider {advice}.",
        days=deadline,
        fastest_days=round(best.days, 2) if best else None,
        fastest_gpu=best.gpu.id if best else None,
        fastest_gpus=best.gpus if best else None,
        peft=w.is_peft,
    )


def collect(
    w: Workload,
    req: SizingRequest,
    catalog: Catalog,
    options: list[Option],
    fastest_possible: list[Option],
    budget: float | None,
    spend: Callable[[Option, SizingRequest], float | None],
) -> tuple[list[SizingWarning], list[Option]]:
    tagged = [replace(o, codes=tuple(_option_codes(o, w, budget, spend(o, req), req.days))) for o in options]
    out: list[SizingWarning] = []
    top = tagged[0] if tagged else None
    if req.days is not None and (top is None or "deadline_impossible" in top.codes):
        out.append(_deadline(w, req.days, tagged, fastest_possible))
    if top is None:
        out.append(
            _w("no_plan", "No GPU in the catalog can hold this job; try LoRA/QLoRA or a smaller model.")
        )
        return out, tagged
    if "does_not_fit" in top.codes:
        out.append(
            _w(
                "does_not_fit",
                f"{top.gpus} × {top.gpu.id} needs ~{top.fitted.memory.total_gb:.0f} GB per GPU but has "
                f"{top.gpu.memory_gb:g} GB; use more GPUs"
                + ("" if w.is_peft else ", LoRA/QLoRA")
                + " or a bigger GPU.",
                gpu=top.gpu.id,
                gpus=top.gpus,
                memory_gb=round(top.fitted.memory.total_gb, 1),
                gpu_memory_gb=top.gpu.memory_gb,
            )
        )
    if "memory_tight" in top.codes:
        out.append(
            _w(
                "memory_tight",
                f"Fits with only {top.fitted.headroom:.0%} of memory free (20-30% headroom recommended).",
                headroom=round(top.fitted.headroom, 3),
                gpu=top.gpu.id,
            )
        )
    if "over_budget" in top.codes and budget is not None:
        spot = top.quote.spot_usd if top.quote else None
        out.append(
            _w(
                "over_budget",
                f"The cheapest plan costs ${spend(top, req) or 0:,.0f} against a budget of ${budget:,.0f}"
                + (f"; spot capacity would be ${spot:,.0f}" if spot else "")
                + ". Consider LoRA/QLoRA, fewer tokens, a smaller model or spot instances.",
                cost_usd=round(spend(top, req) or 0.0, 2),
                budget_usd=round(budget, 2),
                spot_usd=round(spot, 2) if spot else None,
            )
        )
    for code, message in (
        ("no_bf16", f"{top.gpu.id} has no BF16 units; training falls back to FP16 with loss scaling."),
        ("no_fp8", f"{top.gpu.id} has no FP8 tensor cores; FP8 was planned as BF16/FP16."),
        (
            "consumer_gpu",
            f"{top.gpu.id} is a consumer card: no ECC, limited multi-GPU links, "
            "and datacenter use may breach the driver licence.",
        ),
        ("pcie_multi_gpu", f"{top.gpu.id} has no NVLink/Infinity Fabric: multi-GPU sync goes over PCIe."),
        ("no_price", f"No usable price for {top.gpu.id} in the catalog; cost not estimated."),
    ):
        if code in top.codes:
            out.append(_w(code, message, gpu=top.gpu.id, gpus=top.gpus))
    if _overbuying(top, tagged, req, w):
        out.append(
            _w(
                "overbuying_top_gpu",
                f"This job needs only ~{top.gpu_hours:.0f} GPU-hours; a mid-range GPU with enough memory is "
                f"likely cheaper than {top.gpu.id}.",
                gpu=top.gpu.id,
                gpu_hours=round(top.gpu_hours, 1),
            )
        )
    if w.method == "pretrain" and w.tokens < CHINCHILLA_TOKENS_PER_PARAM * w.params:
        out.append(
            _w(
                "tokens_below_chinchilla",
                f"{w.tokens:.3g} tokens is under Chinchilla's ~20 tokens/param ({20 * w.params:.3g}) "
                "for pre-training; the model will be under-trained.",
                tokens=w.tokens,
                chinchilla_tokens=20 * w.params,
            )
        )
    if w.method == "qlora":
        out.append(
            _w(
                "qlora_slower",
                "QLoRA saves weight memory but runs ~1.3× slower than LoRA "
                "(dequantisation; torchtune measurements).",
                slowdown=1.28,
            )
        )
    if "unused_gpus" in top.codes and top.quote is not None:
        q = top.quote
        paid = top.gpus + q.unused_gpus
        out.append(
            _w(
                "unused_gpus",
                f"{top.gpus} × {top.gpu.id} is not sold as such: the plan rents {q.instances} × "
                f"{q.offering.instance_type} ({paid} GPUs) and pays for {q.unused_gpus} idle GPUs; "
                f"using all {paid} costs the same per hour and finishes sooner.",
                gpu=top.gpu.id,
                gpus=top.gpus,
                paid_gpus=paid,
                unused_gpus=q.unused_gpus,
                instance=q.offering.instance_type,
                instances=q.instances,
            )
        )
    if "network_unknown" in top.codes and top.quote is not None:
        out.append(
            _w(
                "network_unknown",
                f"The catalog does not list the scale-out network of {top.quote.offering.instance_type}; "
                f"{top.gpus} GPUs over {top.quote.instances} instances need "
                f"~{top.network.required_gbps:,.0f} Gb/s per node between them: confirm the provider "
                "offers a cluster network (InfiniBand/RoCE) for this instance type before renting.",
                gpu=top.gpu.id,
                instance=top.quote.offering.instance_type,
                required_gbps=round(top.network.required_gbps, 1),
                required_gbps_per_gpu=round(top.network.required_gbps_per_gpu, 1),
            )
        )
    if "network_below_need" in top.codes and top.quote is not None:
        net = top.network
        out.append(
            _w(
                "network_below_need",
                f"{top.quote.offering.instance_type} lists {net.offered_gbps or 0:,.0f} Gb/s per node, "
                f"below the ~{net.required_gbps:,.0f} Gb/s this layout's gradient sync needs; the time "
                f"includes a ×{net.comm_slowdown:.2f} slowdown for it.",
                gpu=top.gpu.id,
                instance=top.quote.offering.instance_type,
                offered_gbps=net.offered_gbps,
                required_gbps=round(net.required_gbps, 1),
                slowdown=round(net.comm_slowdown, 3),
            )
        )
    low_memory = lowmem.suggestion(w, top)
    if low_memory is not None:
        out.append(low_memory)
    stale = cost.stale(catalog, top.gpu.id, req.today)
    if stale is not None:
        out.append(
            _w(
                "stale_prices",
                f"Prices for {top.gpu.id} are from {stale.isoformat()}; re-check before buying.",
                as_of=stale.isoformat(),
                gpu=top.gpu.id,
            )
        )
    if top.quote is not None and top.quote.billing == "monthly_or_reserved":
        out.append(
            _w(
                "billing_reserved",
                "The GPUs run most of the month: monthly or reserved billing is likely cheaper than "
                f"pay-as-you-go (break-even ~{1 - RESERVED_DISCOUNT:.0%} utilisation at our assumed "
                f"~{RESERVED_DISCOUNT:.0%} discount; check your provider's).",
                days=round(top.days, 2),
                assumed_discount=RESERVED_DISCOUNT,
            )
        )
    return out, tagged
