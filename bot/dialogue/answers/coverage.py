""" "What providers do you have prices for?", "你们有哪些云厂商的价格", "支持哪些平台": which providers the
catalogue prices (the clouds of offerings.yaml, the Chinese marketplaces of offerings_cn.yaml and an
operator's own list), how many GPUs each prices and the snapshot dates; what it does not cover
(the big Chinese clouds publish no citable price list) and how an operator loads its own prices.

Read through kb.prices_for, the one place answers read prices, so the list names exactly the
providers the price answers quote."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.render.views import pick

NEEDS: tuple[str, ...] = ()
DEFAULTS: dict[str, Any] = {}


def answer(q: Question, reply: Reply) -> bool:
    kb = q.kb
    names = {g.id: g.name for g in q.catalog.gpus}
    operator_clouds = {o.cloud for o in kb.offering_records if o.id in kb.operator_offering_ids}
    by_cloud: dict[str, dict[str, Any]] = {}
    for gpu_id in names:
        for r in kb.prices_for(gpu_id):
            entry = by_cloud.setdefault(
                r.cloud,
                {"gpus": [], "dates": set(), "undated": False, "market": r.market, "currency": r.currency},
            )
            if gpu_id not in entry["gpus"]:
                entry["gpus"].append(gpu_id)
            if r.as_of is None:
                entry["undated"] = True
            else:
                entry["dates"].add(r.as_of.isoformat())
    priced = kb.priced_providers()
    # "Lambda prices?", "do you have prices for RunPod?": that provider's list first, or that it has none.
    named = [
        {
            "id": p,
            "name": pick(record.name, q.lang) if (record := kb.provider(p)) is not None else p,
            "note": pick(record.prices_note, q.lang) if record is not None and record.prices_note else None,
            "gpus": _price_list(q, p) if p in by_cloud else [],
        }
        for p in q.u.providers
    ]
    rows = [
        _row(q, cloud, by_cloud[cloud], names, cloud in operator_clouds)
        for cloud in priced
        if cloud in by_cloud
    ]
    unpriced = [p for p in kb.providers.values() if p.id not in by_cloud]
    reply.add(
        "price_coverage",
        clouds=[r for r in rows if r["market"] == "global"],
        marketplaces=[r for r in rows if r["market"] == "cn"],
        # The big Chinese clouds: no citable public list (providers.yaml public_prices: false).
        cn_clouds=[pick(p.name, q.lang) for p in unpriced if p.market == "cn" and p.public_prices is False],
        # Providers people name that the catalogue knows by name only.
        others=[pick(p.name, q.lang) for p in unpriced if p.public_prices is not False],
        gpus=len({g for r in by_cloud.values() for g in r["gpus"]}),
        named=named,
    )
    return True


def _row(
    q: Question, cloud: str, entry: dict[str, Any], names: dict[str, str], operator: bool
) -> dict[str, Any]:
    record = q.kb.provider(cloud)
    return {
        "id": cloud,
        "name": pick(record.name, q.lang) if record is not None else cloud,
        "kind": record.kind if record is not None else "cloud",
        "market": entry["market"],
        "currency": entry["currency"],
        "gpus": len(entry["gpus"]),
        "gpu_names": [names[g] for g in entry["gpus"]],
        "dates": sorted(entry["dates"]),
        "undated": entry["undated"],
        "operator": operator,
    }


def _price_list(q: Question, cloud: str) -> list[dict[str, Any]]:
    """One provider's cheapest on-demand price per GPU it lists, cheapest first."""
    out = []
    for spec in q.catalog.gpus:
        rows = q.kb.prices_for(spec.id, clouds=[cloud])
        if rows:
            r = rows[0]
            out.append(
                {
                    "name": spec.name,
                    "per_gpu_hour": r.per_gpu_hour,
                    "usd_per_gpu_hour": r.usd_per_gpu_hour,
                    "currency": r.currency,
                    "instance": r.instance,
                    "as_of": r.as_of.isoformat() if r.as_of else None,
                }
            )
    return sorted(out, key=lambda r: r["usd_per_gpu_hour"])
