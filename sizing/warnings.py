"""Warnings with stable codes and params (templates render zh/en); English message for logs/CLI."""

from __future__ import annotations

import math
from collections.abc import Callable

from sizing import calibration as cal, compute, cost, lowmem
from sizing.assumptions import RESERVED_DISCOUNT
from sizing.layout import HEADROOM
from sizing.network import GPUS_PER_NODE
from sizing.result import Option, SizingWarning
from sizing.types import Catalog, GpuSpec, SizingRequest
from sizing.workload import BEYOND_CORPORA, CHINCHILLA_TOKENS_PER_PARAM, LARGEST_PUBLISHED_TOKENS, Workload

TOP_ARCHITECTURES = ("hopper", "blackwell", "cdna3", "cdna4")
# A job this small does not need a top-tier GPU: ≤ 100 GPU-hours and ≤ 13B parameters
# (seed guide pitfall 1, "盲目追求高端GPU") [threshold: assumption].
SMALL_JOB_GPU_HOURS = 100.0
SMALL_JOB_PARAMS = 13e9
# Beyond 4 nodes a spot quote gets a caveat [our assumption]: spot capacity is spare capacity,
# and a synchronous data-parallel job stops when any node is reclaimed (AWS: Spot Instances can be
# interrupted with a two-minute notice; GCP: Spot VMs can be preempted at any time), so the chance
# of a stop grows with the node count and many nodes at once are seldom free.
SPOT_AT_SCALE_NODES = 4


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


def _w(code: str, **params: object) -> SizingWarning:
    """A warning as a code and its numbers; bot/render/templates word it (zh, en)."""
    return SizingWarning(code, params=tuple(params.items()))


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
    stated_net = w.network_gbps is not None and o.network.multi_node
    if stated_net and o.network.adequate is False and o.network.comm_slowdown > 1.005:
        codes.append("cluster_network_slow")  # the user's own network, not a listing
    if not w.global_batch_default and o.gpus * w.seq_len > w.global_batch_tokens * 1.0001:
        codes.append("batch_short_of_gpus")  # fewer sequences a step than GPUs
    if o.quote is None:
        codes.append("no_price")
    else:
        if o.quote.unused_gpus > 0:
            codes.append("unused_gpus")
        # (a network the user states is theirs: no listing is unknown or short then)
        if not stated_net and o.network.multi_node and not o.quote.network_known:
            codes.append("network_unknown")
        elif not stated_net and o.network.adequate is False:
            codes.append("network_below_need")
    return codes


def spot_at_scale(o: Option) -> bool:
    """Spot is quoted, but on more nodes than SPOT_AT_SCALE_NODES: on-demand is the advice."""
    return o.quote is not None and o.quote.spot_usd is not None and o.quote.instances > SPOT_AT_SCALE_NODES


def advice_codes(w: Workload, include_spot: bool, include_timeline: bool = True) -> list[str]:
    """What could bring a job within budget or time: LoRA/QLoRA only for full fine-tuning (a LoRA
    job already is one; pre-training has no adapter to train), else less work or more time (which
    lowers a total cost only where a deadline or a per-month budget forced a bigger cluster)."""
    codes = ["lora_qlora"] if w.method == "full_finetune" else []
    codes += ["fewer_tokens", "smaller_model"]
    if w.method == "pretrain" and include_timeline:
        codes.append("longer_timeline")
    return codes + (["spot"] if include_spot else [])


def _over_budget(
    top: Option, w: Workload, req: SizingRequest, catalog: Catalog, budget: float, spent: float
) -> SizingWarning:
    """The first option is the plan closest to the budget; say by how much it is over, per the
    budget's period, in USD and CNY (the bot renders the user's currency)."""
    period = req.budget.period if req.budget else "total"
    # No spot advice where spot_at_scale fires: that warning says to plan on on-demand capacity.
    at_scale = spot_at_scale(top)
    spot = top.quote.spot_usd if top.quote and not at_scale else None
    spot_offering = None
    if top.quote is not None and spot is None and not at_scale:
        # The quoted provider sells no spot: the same GPUs on spot where another one does.
        offers = cost.usable_offerings(catalog).get(top.gpu.id, ())
        found = cost.cheapest_spot(offers, top.gpus, top.quote.billed_hours)
        if found is not None:
            spot_offering, spot = found
    ratio = spent / max(budget, 1e-9)
    timeline = req.days is not None or period != "total"
    advice = advice_codes(w, include_spot=spot is not None, include_timeline=timeline)
    return _w(
        "over_budget",
        period=period,
        cost_usd=round(spent, 2),
        budget_usd=round(budget, 2),
        cost_cny=round(spent * catalog.usd_to_cny, 2),
        budget_cny=round(budget * catalog.usd_to_cny, 2),
        ratio=round(ratio, 3),
        over_usd=round(spent - budget, 2),
        spot_usd=round(spot, 2) if spot else None,
        spot_cloud=spot_offering.cloud if spot_offering is not None else None,
        spot_instance=spot_offering.instance_type if spot_offering is not None else None,
        gpu=top.gpu.id,
        gpus=top.gpus,
        advice=advice,
    )


def faster_gpus(catalog: Catalog, than: GpuSpec, w: Workload) -> list[str]:
    """Catalog GPUs with more dense TFLOPS at the job's precision than `than`, fastest first: the
    only ones worth naming as "a faster GPU" (none when the plan already runs on the fastest)."""
    base = than.tflops.for_precision(compute.effective_precision(than, w.precision)) or 0.0

    def rate(g: GpuSpec) -> float:
        return g.tflops.for_precision(compute.effective_precision(g, w.precision)) or 0.0

    quicker = [g for g in catalog.gpus if g.segment == "datacenter" and rate(g) > base * 1.0001]
    return [g.id for g in sorted(quicker, key=lambda g: (-rate(g), g.id))]


def _deadline(
    w: Workload,
    catalog: Catalog,
    deadline: float,
    shown: list[Option],
    fastest_possible: list[Option],
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
    codes = ["longer_timeline"] + [c for c in advice_codes(w, include_spot=False) if c != "longer_timeline"]
    faster = faster_gpus(catalog, best.gpu, w) if best else []
    return _w(
        "deadline_impossible",
        advice=codes,
        faster_gpus=faster,
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
    fits: Callable[[GpuSpec, int], bool] | None = None,
) -> tuple[list[SizingWarning], list[Option]]:
    """The answer's warnings, and the options tagged with their codes. `fits`: lowmem.suggestion's."""
    tagged = [o.with_codes(tuple(_option_codes(o, w, budget, spend(o, req), req.days))) for o in options]
    out: list[SizingWarning] = []
    top = tagged[0] if tagged else None
    if req.days is not None and (top is None or "deadline_impossible" in top.codes):
        out.append(_deadline(w, catalog, req.days, tagged, fastest_possible))
    if top is None:
        out.append(
            _w(
                "no_plan",
            )
        )
        return out, tagged
    if "does_not_fit" in top.codes:
        out.append(
            _w(
                "does_not_fit",
                gpu=top.gpu.id,
                gpus=top.gpus,
                memory_gb=round(top.fitted.memory.total_gb, 1),
                gpu_memory_gb=round(top.gpu.capacity_gb, 1),
            )
        )
    if "memory_tight" in top.codes:
        out.append(
            _w(
                "memory_tight",
                headroom=round(top.fitted.headroom, 3),
                gpu=top.gpu.id,
                fixed_hardware=req.gpu is not None and req.gpus is not None,
            )
        )
    if "over_budget" in top.codes and budget is not None:
        out.append(_over_budget(top, w, req, catalog, budget, spend(top, req) or 0.0))
    for code in ("no_bf16", "no_fp8", "consumer_gpu", "pcie_multi_gpu", "no_price"):
        if code in top.codes:
            out.append(_w(code, gpu=top.gpu.id, gpus=top.gpus))
    if _overbuying(top, tagged, req, w):
        out.append(
            _w(
                "overbuying_top_gpu",
                gpu=top.gpu.id,
                gpu_hours=round(top.gpu_hours, 1),
            )
        )
    # Chinchilla's ~20 tokens per parameter is a rule for training from scratch, on the parameters
    # a token runs through (active ones for MoE: DeepSeek-V3 37B of 671B); continued pre-training and
    # fine-tuning start from a trained model and get no such advice.
    optimal = CHINCHILLA_TOKENS_PER_PARAM * w.compute_params
    if w.from_scratch and w.tokens < optimal:
        out.append(
            _w(
                "tokens_below_chinchilla",
                tokens=w.tokens,
                chinchilla_tokens=optimal,
                active=w.active_params is not None,
            )
        )
    if w.dataset_tokens > BEYOND_CORPORA * LARGEST_PUBLISHED_TOKENS:
        out.append(
            _w(
                "tokens_beyond_corpora",
                tokens=w.dataset_tokens,
                largest_tokens=LARGEST_PUBLISHED_TOKENS,
                data_bytes=w.data_bytes,
            )
        )
    if w.method == "qlora":
        # the dequantisation, and the activation checkpointing its recipe turns on (the plan's layout)
        recompute = compute.recompute_factor(w, top.fitted.layout.recompute) if top is not None else 1.0
        out.append(
            _w(
                "qlora_slower",
                slowdown=cal.QLORA_SLOWDOWN,
                recompute=round(recompute, 2),
            )
        )
    if "unused_gpus" in top.codes and top.quote is not None:
        q = top.quote
        paid = top.gpus + q.unused_gpus
        out.append(
            _w(
                "unused_gpus",
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
                gpu=top.gpu.id,
                instance=top.quote.offering.instance_type,
                required_gbps=round(top.network.required_gbps, 1),
                required_gbps_per_gpu=round(top.network.required_gbps_per_gpu, 1),
            )
        )
    if "cluster_network_slow" in top.codes:
        net, lay = top.network, top.fitted.layout
        out.append(
            _w(
                "cluster_network_slow",
                gpu=top.gpu.id,
                gpus=top.gpus,
                nodes=math.ceil(top.gpus / GPUS_PER_NODE),
                offered_gbps=net.offered_gbps,
                required_gbps=round(net.required_gbps, 1),
                slowdown=round(net.comm_slowdown, 3),
                zero3=lay.zero_stage >= 3,
                pipeline=lay.pp > 1,
            )
        )
    if "batch_short_of_gpus" in top.codes:
        lay = top.fitted.layout
        out.append(
            _w(
                "batch_short_of_gpus",
                gpu=top.gpu.id,
                gpus=top.gpus,
                batch_tokens=w.global_batch_tokens,
                sequences=int(w.global_batch_tokens * 1.0001 // w.seq_len),
                seq_len=w.seq_len,
                dp=lay.dp,
                tp=lay.tp,
                pp=lay.pp,
                micro_batch=lay.micro_batch,
                grad_accum=lay.grad_accum,
                step_tokens=lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len,
            )
        )
    if "network_below_need" in top.codes and top.quote is not None:
        net = top.network
        out.append(
            _w(
                "network_below_need",
                gpu=top.gpu.id,
                instance=top.quote.offering.instance_type,
                offered_gbps=net.offered_gbps,
                required_gbps=round(net.required_gbps, 1),
                slowdown=round(net.comm_slowdown, 3),
            )
        )
    low_memory = lowmem.suggestion(w, top, fits)
    if low_memory is not None:
        out.append(low_memory)
    # One rule (cost.price_is_stale) over every price the options quote, not one GPU's catalogue.
    quoted = [o for o in tagged if o.quote is not None]
    stale = cost.staleness([o.quote.offering.as_of for o in quoted if o.quote], req.today)
    if stale is not None:
        out.append(
            _w(
                "stale_prices",
                as_of=stale.oldest.isoformat() if stale.oldest else None,
                undated=stale.undated,
                gpu=top.gpu.id,
            )
        )
    if top.quote is not None and top.quote.billing == "monthly_or_reserved":
        out.append(
            _w(
                "billing_reserved",
                days=round(top.days, 2),
                assumed_discount=RESERVED_DISCOUNT,
            )
        )
    if top.quote is not None and spot_at_scale(top):
        q = top.quote
        out.append(
            _w(
                "spot_at_scale",
                nodes=q.instances,
                instance=q.offering.instance_type,
                spot_usd=round(q.spot_usd or 0.0, 2),
                on_demand_usd=round(q.on_demand_usd, 2),
                limit_nodes=SPOT_AT_SCALE_NODES,
            )
        )
    return out, tagged
