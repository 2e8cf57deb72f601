"""Questions about one topic of running a cluster that its FAQ entry answers whatever the wording:
the network between nodes ("Is 100 Gb Ethernet enough between nodes for 16 A100s?", "两台8卡a100之间用万兆网
够不够") and spot capacity ("用spot跑微调划算吗"). The NLU decides the topic (intents "network", "spot");
the entry is named here, so a question worded far from the entry's own questions still gets it.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from bot.dialogue.answers.base import Question, planned
from bot.dialogue.answers.faq import spot_switch
from bot.dialogue.answers.feasibility import DEFAULT_GPU, REFERENCE_TOKENS, job_request
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.intents import asks_scale_up
from bot.nlu.lexicon import RESERVED_WORDS, WEEKLY_TERM, has_cue
from bot.nlu.links import link_speeds
from bot.nlu.question_cues import SAVING_ASKS
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry
from sizing.assumptions import DAYS_PER_MONTH, RESERVED_DISCOUNT
from sizing.cost import cheapest_spot, quotable_spot_usd_per_hour, reserved_usd, usable, usable_offerings
from sizing.network import GPUS_PER_NODE, TRAINING_INSTANCE_GBPS_PER_GPU, link_verdict, scale_up_need
from sizing.types import GpuSpec, Method

NEEDS: tuple[str, ...] = ()
DEFAULTS: dict[str, Any] = {}
ENTRIES = {
    "network": "faq.infiniband_roce",
    "scale_up": "faq.nvlink_vs_pcie",
    "spot": "faq.spot_checkpointing",
    "reserved": "faq.cost_control",
}


def answer(kind: str, q: Question, reply: Reply) -> bool:
    entry = find_entry(q.kb, ENTRIES[kind])
    if entry is None:
        return False
    view = entry_view(entry, reply.lang)
    reply.add("faq_answer", entries=[view])
    reply.add_faq(view["id"])
    return True


def network(q: Question, reply: Reply) -> bool:
    """With a link speed stated ("万兆", "100 Gb Ethernet"), the verdict on it comes first; of several
    ("do I need 400G InfiniBand, or is 100G Ethernet ok?") the slowest, whose sufficiency is in doubt.
    With the GPUs counted: on one node, that no scale-out fabric is needed; across nodes, the seed tier
    for that many, and with a model named the bandwidth per node that job needs (the engine's gradient
    sync on exactly those GPUs: it does not depend on the data)."""
    speeds = link_speeds(q.text)
    offered = min(speeds) if speeds else None
    count = q.slot("gpu_count")
    gpus = int(count) if isinstance(count, int | float) and count > 0 else None
    if offered is None and asks_scale_up(normalise(q.text).lower):
        if scale_up(q, reply, gpus):
            return True
        if gpus is None or gpus <= GPUS_PER_NODE:
            # "whats nvlink and do i need it for 4 gpus": no job to size, so NVLink against PCIe in general,
            # not the network between nodes that one box does not use
            return answer("scale_up", q, reply)
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    spec = main_variant(q.catalog, str(gpu)) if gpu else None
    need = _job_need(q, spec, gpus) if spec is not None and gpus and gpus > GPUS_PER_NODE else None
    if gpus and (offered is None or need is not None):
        tier = link_verdict(offered or 0.0, gpus)[2]
        reply.add(
            "network_need",
            gpus=gpus,
            one_node=gpus <= GPUS_PER_NODE,
            gpu=spec.name if spec is not None else None,
            scale_up=(spec.scale_up_gbs if spec is not None else None),
            link_name="Infinity Fabric" if spec is not None and spec.vendor == "amd" else "NVLink",
            need=need,
            offered=offered,
            low=tier[0],
            high=tier[1],
            instance_per_gpu=TRAINING_INSTANCE_GBPS_PER_GPU,
            sized=q.slot("params") is not None,
        )
        return answer("network", q, reply)
    if offered is not None:
        verdict, per_gpu, tier = link_verdict(offered, gpus)
        reply.add(
            "network_verdict",
            verdict=verdict,
            offered=offered,
            per_gpu=per_gpu,
            gpus=gpus,
            low=tier[0],
            high=tier[1],
            instance_per_gpu=TRAINING_INSTANCE_GBPS_PER_GPU,
        )
    return answer("network", q, reply)


def scale_up(q: Question, reply: Reply, gpus: int | None) -> bool:
    """ "Do we need NVLink for LoRA 13B on 2 GPUs?", "is PCIe enough for …": on one box, whether the
    named job's gradient sync (the engine's plan on exactly those GPUs) fits over PCIe or needs NVLink;
    the GPU unnamed is the usual training card, the count unsaid one 8-GPU box. False: no model named,
    the GPUs span several boxes (the network between nodes answers), or no plan on them."""
    if q.slot("params") is None or (gpus is not None and gpus > GPUS_PER_NODE):
        return False
    count = gpus or GPUS_PER_NODE
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    spec = main_variant(q.catalog, str(gpu or DEFAULT_GPU))
    if spec is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    result = planned(q, job_request(q, spec, count, method, REFERENCE_TOKENS))
    if result is None or result.options[0].gpus != count:
        return False
    need = scale_up_need(spec, result.options[0].network)
    reply.add(
        "scale_up_need",
        gpus=count,
        gpu=spec.name,
        gpu_named=gpu is not None,
        params=float(q.slot("params")),
        method=method,
        method_default=q.slot("method") is None,
        sync_gb=need.sync_gb,
        need_gbs=need.need_gbs,
        pcie_gbs=need.pcie_gbs,
        pcie_enough=need.pcie_enough,
        has_nvlink=spec.scale_up_gbs is not None,
        link_name="Infinity Fabric" if spec.vendor == "amd" else "NVLink",
    )
    return True


def _job_need(q: Question, spec: GpuSpec, gpus: int) -> dict[str, Any] | None:
    """The inter-node bandwidth per node the named training job needs on `gpus` × `spec` (None: no
    model named, or the engine finds no plan on them)."""
    if q.slot("params") is None:
        return None
    method: Method = q.slot("method") or "full_finetune"
    request = job_request(q, spec, gpus, method, REFERENCE_TOKENS)
    result = planned(q, request)
    if result is None:
        return None
    net = result.options[0].network
    return {
        "gbps": float(net.required_gbps),
        "params": float(q.slot("params")),
        "method": method,
        "method_default": q.slot("method") is None,
    }


def spot(q: Question, reply: Reply) -> bool:
    # "spot got preempted 3 times today, switch to on-demand?": the advice first, then the FAQ entry
    low = normalise(q.text).lower
    spot_switch(low, reply)
    if has_cue(low, SAVING_ASKS):
        spot_range(q, reply)  # "竞价实例比按需便宜多少": the catalogue's own range, before the notes
    return answer("spot", q, reply)


def spot_range(q: Question, reply: Reply) -> None:
    """How much cheaper spot is than on demand across the catalogue's instances that list both (the
    quotable spot prices only), with the snapshots' dates: "竞价实例比按需便宜多少" with no GPU or plan."""
    rows = [
        (1 - spot / on_demand, o)
        for o in q.catalog.offerings
        if usable(o)
        and (spot := quotable_spot_usd_per_hour(o)) is not None
        and (on_demand := o.price_usd_per_hour) is not None
    ]
    if not rows:
        return
    cuts = sorted(cut for cut, _ in rows)
    dates = sorted({o.as_of for _, o in rows if o.as_of is not None})
    reply.add(
        "spot_range",
        count=len(cuts),
        low=cuts[0],
        high=cuts[-1],
        median=statistics.median(cuts),
        clouds=sorted({o.cloud for _, o in rows}),
        first=dates[0] if dates else None,
        last=dates[-1] if dates else None,
        undated=any(o.as_of is None for _, o in rows),
    )


def spot_advice(q: Question, reply: Reply) -> None:
    """Spot beside a job still being sized: the switch advice when interruptions are counted, else the
    FAQ entry on training on spot."""
    if not spot_switch(normalise(q.text).lower, reply):
        answer("spot", q, reply)


# What a spot question may say of its run ("plan LoRA 13B, 3 days; is spot OK for this?"), kept for the
# plan that follows: the form then asks what is still missing, not for the model and deadline said.
SPOT_JOB_SLOTS = ("params", "active_params", "method", "precision", "days", "gpu", "gpu_count", "seq_len")


def spot_job(q: Question) -> dict[str, Any]:
    """The run a spot question describes, for the form that follows its answer (empty: none said)."""
    if q.slot("params") is None:
        return {}
    return {k: q.u.said[k] for k in SPOT_JOB_SLOTS if q.u.said.get(k) is not None}


def spot_on_plan(
    q: Question,
    reply: Reply,
    options: list[dict[str, Any]],
    at_scale: Any,
    engine: list[dict[str, Any]] | None = None,
) -> bool:
    """ "How much would spot save?" on a plan: each option shown (views.option_view) with its spot
    price where its quoted offering has one, else the same GPUs on spot where another provider lists a
    spot price (`engine`: the engine's options shown, for the hours billed), the saving, the risk in one
    line and the FAQ entry's title to read on. `at_scale`: the engine's spot_at_scale warning view,
    when spot is unrealistic there."""
    entry = find_entry(q.kb, ENTRIES["spot"])
    if entry is None or not options:
        return False
    rows = []
    for i, o in enumerate(options):
        cost, spot_cost = o.get("cost"), o.get("spot_cost")
        elsewhere = None
        if spot_cost is None and cost is not None and at_scale is None and engine and i < len(engine):
            elsewhere = _spot_elsewhere(q, o, engine[i])
            if elsewhere is not None:
                spot_cost = elsewhere["spot"]
        saving = cost - spot_cost if cost is not None and spot_cost is not None else None
        rows.append(
            {
                "name": o.get("name"),
                "gpus": o.get("gpus"),
                "top": i == 0,
                "currency": o.get("currency"),
                "cost": cost,
                "spot": spot_cost if saving is not None else None,
                "saving": saving,
                "percent": round(100 * saving / cost) if saving is not None and cost else None,
                "spot_cloud": elsewhere["cloud"] if elsewhere and saving is not None else None,
                "spot_instance": elsewhere["instance"] if elsewhere and saving is not None else None,
            }
        )
    view = entry_view(entry, reply.lang)
    reply.add("spot_saving", rows=rows, at_scale=at_scale, entry=view)
    reply.add_faq(view["id"])
    return True


def _spot_elsewhere(q: Question, view: dict[str, Any], option: dict[str, Any]) -> dict[str, Any] | None:
    """The option's GPUs on spot where another provider lists a spot price, for the hours the option
    bills (its on-demand cost over its hourly price), in the option's display currency; None when no
    provider lists one below its on-demand price."""
    cost = option.get("cost") or {}
    hourly, usd, amount = cost.get("hourly_usd"), cost.get("on_demand_usd"), view.get("cost")
    gpus = option.get("gpus")
    if not (isinstance(hourly, int | float) and hourly > 0 and isinstance(usd, int | float) and usd > 0):
        return None
    if not isinstance(gpus, int) or amount is None:
        return None
    offers = usable_offerings(q.catalog).get(str(option.get("gpu")), ())
    found = cheapest_spot(offers, gpus, float(usd) / float(hourly))
    if found is None or found[1] >= float(usd):
        return None
    offering, spot_usd = found
    return {
        "spot": spot_usd * float(amount) / float(usd),
        "cloud": offering.cloud,
        "instance": offering.instance_type,
    }


def reserved(q: Question, reply: Reply) -> bool:
    return answer("reserved", q, reply)


def reserved_on_plan(
    q: Question, reply: Reply, options: list[dict[str, Any]], views: list[dict[str, Any]]
) -> bool:
    """ "包月能省多少" on a plan: each option shown reserved by the month against its on-demand cost for
    this run. The catalogue has no reserved prices, so the engine's stated discount
    (sizing.assumptions.RESERVED_DISCOUNT) is used and said; a run shorter than the months it would pay
    for costs more reserved. `options`: the engine's options shown, `views` their views."""
    entry = find_entry(q.kb, ENTRIES["reserved"])
    if entry is None or not options:
        return False
    low = normalise(q.text).lower
    if has_cue(low, WEEKLY_TERM) and RESERVED_WORDS.search(low) is None:
        return _weekly_on_plan(reply, options, views, entry_view(entry, reply.lang))
    rows = []
    for i, (o, v) in enumerate(zip(options, views, strict=True)):
        cost = o.get("cost") or {}
        hourly, usd, amount = cost.get("hourly_usd"), cost.get("on_demand_usd"), v.get("cost")
        row: dict[str, Any] = {
            "name": v.get("name"),
            "gpus": v.get("gpus"),
            "top": i == 0,
            "days": v.get("days"),
        }
        if isinstance(hourly, int | float) and isinstance(usd, int | float) and usd and amount is not None:
            total_usd, months = reserved_usd(float(hourly), float(o.get("days") or 0.0))
            rate = float(amount) / float(usd)  # the display currency per USD of this option
            row |= {
                "currency": v.get("currency"),
                "cost": amount,
                "reserved": total_usd * rate,
                "months": months,
                "saving": float(amount) - total_usd * rate,
            }
        rows.append(row)
    view = entry_view(entry, reply.lang)
    reply.add(
        "reserved_saving",
        rows=rows,
        discount=RESERVED_DISCOUNT,
        busy_days=DAYS_PER_MONTH * (1 - RESERVED_DISCOUNT),
        entry=view,
    )
    reply.add_faq(view["id"])
    return True


def _weekly_on_plan(
    reply: Reply, options: list[dict[str, Any]], views: list[dict[str, Any]], entry: dict[str, Any]
) -> bool:
    """ "按周付费行不行" on a plan: a weekly term pays for whole weeks, and the catalogue has no weekly
    price, so each option shown says how many weeks its run needs and what the weeks must cost in all
    (below the run's on-demand cost) for the term to pay."""
    rows = []
    for i, (o, v) in enumerate(zip(options, views, strict=True)):
        days = float(o.get("days") or 0.0)
        weeks = max(1, math.ceil(days / 7 - 1e-9))
        rows.append(
            {
                "name": v.get("name"),
                "gpus": v.get("gpus"),
                "top": i == 0,
                "days": v.get("days"),
                "weeks": weeks,
                "cost": v.get("cost"),
                "currency": v.get("currency"),
                # the discount on the on-demand rate a weekly price needs to cost less for this run
                "break_even": 1 - days / (7 * weeks),
            }
        )
    reply.add("weekly_on_plan", rows=rows, entry=entry)
    reply.add_faq(entry["id"])
    return True
