""" "Is the A100 still worth renting in 2026?", "V100 还值得租吗", "4090 還值得拿來做微調嗎": a verdict on one
GPU that weighs its price per unit of training work (dense BF16 TFLOPS per dollar-hour, in the market
its price is listed in) against the newer GPUs the catalogue prices, with the price at which it breaks
even, and what it is still good for (more memory per dollar, the cheapest GPU-hour)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.dialogue.answers import capability
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.compare import figures
from bot.dialogue.answers.prices import cheapest
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import WORTH_ASKS
from bot.nlu.text import normalise
from sizing.cost import usable
from sizing.types import Catalog, GpuSpec

NEEDS = ("one GPU",)
DEFAULTS = {"price": "the cheapest on-demand list price per GPU-hour, in the market it is listed in"}
# Newer GPUs shown against it, best value first.
SHOWN = 3
# Within this ratio of the best newer GPU's work per dollar it is still good value.
STILL_GOOD = 1.15
# More memory per dollar than every newer GPU shown, by at least this ratio, is worth a sentence.
ROOMIER = 1.2
# Without newer GPUs in its market, the others there with at least this share of its memory.
PEER_MEMORY = 0.5
# The message sizes a job: then a plan or a comparison of plans answers, not this.
JOB_SLOTS = ("params", "tokens", "data_bytes", "days", "budget")


def applies(q: Question, form_in_progress: bool) -> bool:
    """One GPU named, asked whether it is worth it, and no job sized (no spot question either)."""
    if form_in_progress or len(set(q.u.gpus)) != 1 or q.u.mentions_spot:
        return False
    if q.u.price_period is not None:
        return False  # "按周租 A800 划不划算": the billing term weighed (the price answer), not the GPU
    if any(q.u.said.get(k) is not None for k in JOB_SLOTS):
        return False
    return asks(q.text)


def asks(text: str) -> bool:
    """ "is it worth", "still worth renting", "值得", "划算吗": weighing whether something pays off."""
    return has_cue(normalise(text).lower, WORTH_ASKS)


def answer(q: Question, reply: Reply) -> bool:
    spec = main_variant(q.catalog, q.u.gpus[0]) if q.u.gpus else None
    if spec is None:
        return False
    cn = q.u.region == "cn" or cheapest(q.catalog, spec) is None
    own = figures(q, spec, cn=cn)
    # Serving is weighed by memory bandwidth per dollar (it sets decode speed), training by dense compute.
    serving = q.u.task == "serve"
    key = "bw_per_usd" if serving else "tflops_per_usd"
    newer = _rivals(q, spec, own, key, cn, lambda g: g.launch_year > spec.launch_year)
    older = not newer
    if older:
        # Nothing newer is priced in its market (the H20 in China's): the other GPUs priced there with at
        # least half its memory, whatever their age, are what it is weighed against.
        newer = _rivals(q, spec, own, key, cn, lambda g: g.memory_gb >= spec.memory_gb * PEER_MEMORY)
    verdict, ratio, break_even = "unpriced", None, None
    if own[key] and newer:
        ratio = float(newer[0][key]) / float(own[key])
        verdict = "yes" if ratio <= STILL_GOOD else "no"
        # The price per GPU-hour (in the listed currency) at which it buys as much work per dollar.
        break_even = own["price"] / ratio
    elif own[key]:
        verdict = "yes"  # nothing newer is priced in its market
    priced = [v for v in newer if v.get("usd_per_gpu_hour")]
    roomier = bool(own["usd_per_gpu_hour"]) and all(
        own["memory_gb"] / own["usd_per_gpu_hour"] > ROOMIER * v["memory_gb"] / v["usd_per_gpu_hour"]
        for v in priced[:SHOWN]
    )
    catalog = q.kb.china_catalog if own["market"] == "cn" else q.catalog
    smallest = _smallest_instance(catalog, spec)
    for v in newer:
        v["smallest_instance"] = _smallest_instance(catalog, q.catalog.gpu(v["id"]))
    cheapest_hour = bool(own["usd_per_gpu_hour"]) and all(
        own["usd_per_gpu_hour"] <= v["usd_per_gpu_hour"] for v in priced
    )
    reply.add(
        "worth",
        gpu=own,
        newer=newer[:SHOWN],
        older=older,
        verdict=verdict,
        ratio=ratio,
        break_even=break_even,
        roomier=roomier,
        cheapest_hour=cheapest_hour,
        # The best newer GPU rents only as bigger machines: a small job still fits the old one better.
        smaller=bool(newer) and smallest is not None and (newer[0]["smallest_instance"] or 0) > smallest,
        smallest_instance=smallest,
        no_bf16=not spec.tflops.bf16,
        consumer=spec.segment == "consumer",
        nvlink=spec.scale_up_gbs is not None,
        job=capability.topic(q.text) == "training" or q.u.said.get("method") is not None,
        serving=serving,
    )
    return True


def _rivals(
    q: Question, spec: GpuSpec, own: dict[str, Any], key: str, cn: bool, eligible: Callable[[GpuSpec], bool]
) -> list[dict[str, Any]]:
    """The other main GPUs `eligible` keeps that are priced in `own`'s market, best `key` per dollar first."""
    views = (
        figures(q, g, cn=cn)
        for g in q.catalog.gpus
        if g.id != spec.id and g.variant_of is None and eligible(g)
    )
    found = [v for v in views if v[key] and v["market"] == own["market"]]
    return sorted(found, key=lambda v: -float(v[key]))


def _smallest_instance(catalog: Catalog, spec: GpuSpec | None) -> int | None:
    """The fewest GPUs of `spec` one priced instance holds (8 where it is sold only as whole nodes)."""
    sizes = [o.gpu_count for o in catalog.offerings if spec is not None and o.gpu_id == spec.id and usable(o)]
    return int(min(sizes)) if sizes else None
