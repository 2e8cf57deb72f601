""" "What's the cheapest GPU that can QLoRA a 7B model?": every GPU the catalogue prices, the fewest
of it (within one 8-GPU node) that hold the job with room to spare, ranked by the on-demand price
of that many per hour, with the price date. Without a data size the answer is per hour; the total
depends on how long the job runs, which is what a full plan adds. Asked on spot ("cheapest gpu for lora
on a 13b on spot", or "and with spot?" after this answer), only listings sold on spot, by spot price.
Renting in mainland China, only the cards with a Chinese list price, in yuan."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.dialogue.answers.base import LIGHTER, Question, fewest_that_fit
from bot.dialogue.answers.feasibility import ONE_NODE, assumptions
from bot.dialogue.answers.prices import cheapest, rent, rent_per_cloud
from bot.dialogue.answers.serve import in_china, lifted_clouds
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import SPOT_WORDS
from bot.nlu.text import normalise
from bot.render.views import resolve_gpus
from sizing.assumptions import MIN_HEADROOM
from sizing.types import Catalog, Method

NEEDS = ("params",)
DEFAULTS = {"method": "full_finetune", "gpus": "at most one 8-GPU node", "billing": "on_demand"}
SHOWN = 3


def answer(q: Question, reply: Reply) -> bool:
    if q.slot("params") is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    # Renting in mainland China ("国内租，QLoRA 7B 最便宜用什么"): the cards with a Chinese list price, in
    # yuan, as a China plan rents them (a marketplace's per-GPU price times the GPUs of one host).
    china = in_china(q)
    # "用 A800 跑 32B 的 LoRA，一小时多少钱": the GPU named, as few of it as hold the job, at its price
    # ("有没有比 H100 便宜但够用的卡" names the GPU to beat: every GPU then)
    text = normalise(q.text).lower
    on_named = q.u.gpus and not any(w in text for w in _CHEAP_WORDS)
    named = {g.id for g in resolve_gpus(q.catalog, q.u.gpus)} if on_named else set()
    market = only(q.kb.china_plan_catalog if china else q.market, named)
    spot = SPOT_WORDS.search(normalise(q.text).lower) is not None
    rows, assumed = ranked(q, method, market, spot=spot)
    fallback = bool(q.clouds) and not rows
    china_fallback = china and not rows
    if fallback or china_fallback:
        # None of the named clouds (or Chinese listings) sells a GPU that holds it: the whole
        # catalogue, said so.
        market = only(q.catalog, named)
        rows, assumed = ranked(q, method, market, spot=spot)
    if named and not rows and not china:
        # A GPU only Chinese marketplaces list (A800, RTX 4090): their prices, said as such
        rows, assumed = ranked(q, method, only(q.kb.china_plan_catalog, named), spot=spot)
        china = bool(rows)
    if named and not rows:
        return False  # none of it holds the job in one machine, or it is priced nowhere: the form goes on
    # Fine-tuning has lighter ways than training every weight: the cheapest of them is named when
    # it costs less per hour (QLoRA of a 70B model fits one 80 GB GPU; full fine-tuning needs 8).
    lighter: list[dict[str, Any]] = []
    if method == "full_finetune":
        for other in LIGHTER[method]:
            found, _ = ranked(q, other, market, spot=spot)
            if found and (not rows or found[0]["usd_per_hour"] < rows[0]["usd_per_hour"]):
                lighter.append({**found[0], "method": other})
        lighter = sorted(lighter, key=lambda r: r["usd_per_hour"])[:1]
    assumed["count_default"] = False
    assumed["precision"] = None  # per GPU: BF16, or FP16 where a GPU has no BF16
    reply.add(
        "cheapest_gpu",
        min_free=MIN_HEADROOM,
        params=float(q.slot("params")),
        method=method,
        rows=rows[:SHOWN],
        lighter=lighter,
        assumed=assumed,
        fx=q.catalog.usd_to_cny,
        clouds=list(q.clouds),
        clouds_fallback=fallback,
        clouds_kept=bool(q.kept_clouds),
        clouds_lifted=lifted_clouds(q),
        spot=spot,
        china=china,
        china_fallback=china_fallback,
        named=bool(named),
    )
    return True


# Words that ask for cheapness: with a GPU named, the cheapest GPUs rather than the one named.
_CHEAP_WORDS = (
    "便宜",
    "划算",
    "省钱",
    "实惠",
    "性价比",
    "cheap",
    "afford",
    "budget",
    "cost-effective",
    "value",
)


def only(market: Catalog, gpu_ids: set[str]) -> Catalog:
    """`market` with only the GPUs `gpu_ids` (all of them when it is empty)."""
    if not gpu_ids:
        return market
    return replace(market, gpus=tuple(g for g in market.gpus if g.id in gpu_ids))


def ranked(
    q: Question, method: Method, market: Catalog, *, spot: bool = False
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every GPU `market` prices with the fewest of it (within one node) that hold the job,
    cheapest per hour first (`spot`: only those sold on spot, by the spot price); and the
    assumptions of the first engine run."""
    rows: list[dict[str, Any]] = []
    assumed: dict[str, Any] = {}
    for spec in market.gpus:
        if cheapest(market, spec) is None:
            continue
        option = fewest_that_fit(q, spec, method, limit=ONE_NODE, min_free=MIN_HEADROOM)
        if option is None:
            continue
        gpus = int(option["gpus"])
        if spot:
            on_spot = rent_per_cloud(market, spec, gpus, spot=True)
            price = {**on_spot[0], "usd_per_hour": on_spot[0]["spot_usd_per_hour"]} if on_spot else None
        else:
            price = rent(market, spec, gpus)
        if price is None:
            continue  # not sold with that many GPUs in one machine (or not on spot)
        assumed = assumed or assumptions(q, option)
        rows.append(
            {
                "name": spec.name,
                "gpus": gpus,
                "per_gpu_gb": option["memory_per_gpu_gb"],
                "gpu_memory_gb": spec.memory_gb,
                "usable_gb": spec.capacity_gb,  # what nvidia-smi reports (shown past the nominal size)
                "usd_per_hour": price["usd_per_hour"],
                "price": price,
            }
        )
    rows.sort(key=lambda r: (r["usd_per_hour"], r["gpus"]))
    return rows, assumed
