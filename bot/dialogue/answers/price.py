""" "What does an H200 cost?": per GPU-hour and per GPU-month at each provider the catalogue prices,
cheapest first, each with its snapshot date. With a count ("8卡H100"), a period ("一天", "per
year", "跑一个月") or a budget ("预算10万够吗") the answer is the total for that many GPUs over that
time, rented as whole instances, with the verdict on the budget first; a quoted hourly price ("is
$2/hr for an H100 a good price?") is judged against the range the catalogue lists. GPUs the global
clouds do not rent (RTX 4090, H20, A800...) are quoted from the public Chinese marketplace prices
(kb.china_catalog, CNY, date unknown), and a provider without prices is named as such."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from typing import Any

from bot.dialogue.answers import compare
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.offering import family_name
from bot.dialogue.answers.prices import (
    HOURS_PER_MONTH,
    PERIOD_HOURS,
    cheapest,
    cheapest_per_cloud,
    flagged_listings,
    price_range,
    priced_clouds,
    quote,
    rent_per_cloud,
)
from bot.dialogue.answers.provider import checklist
from bot.dialogue.hardware import CHINA_GPUS, main_variant
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import PRICE, find_phrase, has_cue, unpriced_currency
from bot.nlu.providers import china_providers
from bot.nlu.question_cues import (
    DIFFERENCE,
    IN_STOCK,
    OFFERS,
    PRICE_GAP,
    PRICE_HISTORY,
    PRICE_IS_DEAR,
    WORTH_ASKS,
)
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry, pick, resolve_gpus
from knowledge.currencies import other_currencies
from sizing.types import Catalog, GpuSpec

NEEDS: tuple[str, ...] = ()  # without a GPU named, the catalogue's cheapest price per GPU
DEFAULTS = {"billing": "on_demand", "hours_per_month": HOURS_PER_MONTH, "gpus": 1}
# A GPU without any price ("H800 多少钱") is followed by this many priced GPUs closest to it in compute and
# memory, each with its own dated price: the nearest answer the catalogue can give, never a guess.
NEAREST = 2
# Compute and memory this close (summed log ratios) count as the same as the unpriced GPU's.
SAME_PART = 0.02
# What can be rented in mainland China: said before the listings abroad when a GPU asked about there has none.
CHINA_AVAILABLE = "faq.china_gpus_available"
# A quoted price this close to the lowest listed one is "about the lowest", not below it.
SAME_PRICE = 0.02
# What a GPU's price may be asked beside that a plan keeps ("H100 多少钱一小时？我们数据有 500GB"): the data.
OFFERED_DATA = ("tokens", "data_bytes", "data_language")
# A price quoted as approximate ("around $10/hr", "3 美元左右") is about right this close to the listing.
ABOUT_PRICE = 0.10


def answer(q: Question, reply: Reply) -> bool:
    catalog, china = q.catalog, q.kb.china_catalog
    clouds = priced_clouds(catalog)
    china_clouds = priced_clouds(china)
    providers = providers_asked(q)
    named = [p for p in providers if p in clouds]
    named_cn = [p for p in providers if p in china_clouds]
    unpriced = [p for p in providers if p not in clouds and p not in china_clouds]
    count = int(q.u.said.get("gpu_count") or 1)
    budget = q.u.said.get("budget") if isinstance(q.u.said.get("budget"), Mapping) else None
    quoted = budget if budget is not None and budget.get("period") == "hour" else None
    if quoted is not None:
        budget = None  # "$2/hr for an H100": a price to judge, not a budget for a job
    elif q.u.quoted_rate is not None:
        # "Lambda rents H100s at $1 an hour, correct?": the market price the user quotes, to check
        quoted = {"amount": q.u.quoted_rate[0], "currency": q.u.quoted_rate[1], "period": "hour"}
    # "聽說 A100 現在一小時只要 0.3 美元，真的嗎？": whether the quote is true, not whether it is a good deal
    premise = quoted is not None and _asks_if_true(q.text)
    period = q.u.price_period
    if period is None and budget is not None and budget.get("period") == "month":
        period = "month"
    hours = PERIOD_HOURS.get(str(period)) if period else None
    days = q.u.said.get("days")
    if hours is None and isinstance(days, int | float) and days > 0:
        hours = float(days) * 24  # "4 A100s for 2 weeks", "8 H100 for a week under $5k": the rental
    else:
        days = None
    # A listing per GPU answers "per hour" and "per month" (each row has both); a count, another
    # period or a budget asks for the total.
    totals = count > 1 or period in ("day", "week", "year") or budget is not None or days is not None
    cn_asked = q.u.region == "cn" or bool(named_cn) or any(p in china_providers() for p in q.u.providers)
    specs = resolve_gpus(catalog, gpus_asked(q))
    if quoted is not None and len(specs) > 1:
        # "$2/hr for an H100": judged against the part the family name means (the SXM board)
        main = {m.id for name in q.u.gpus if (m := main_variant(catalog, name)) is not None}
        specs = [s for s in specs if s.id in main] or specs
    if len(specs) > 1:
        # "A100 PCIe 每小时多少钱": a family with a board named; the NLU keeps the family (two PCIe A100s).
        specs = [s for s in specs if _board_named(q.text, s)] or specs
    if len(specs) > 1:
        # A family name ("H100"): the part it means first (the SXM board), its other boards after.
        main = {m.id for name in q.u.gpus if (m := main_variant(catalog, name)) is not None}
        specs.sort(key=lambda s: s.id not in main)
    items = [_item(q, spec, count, named, named_cn, cn_asked) for spec in specs]
    if named and len(items) > 1 and any(not i["missing_at"] for i in items):
        # "H100 per hour on AWS": the boards that cloud lists, not "AWS has no H100 NVL price".
        items = [i for i in items if not i["missing_at"]]
    if len(items) > 1 and any(i["rows"] or i["cn_rows"] for i in items):
        # A family name ("8卡H100"): the variants with a price for the shape asked about; a GPU named
        # beside it with no price at all ("H800 和 H100 多少钱") keeps its own line (no price, and why).
        priced = [i for i in items if i["rows"] or i["cn_rows"]]
        kept = {i["id"] for i in priced}
        for name in gpus_asked(q):
            family = {s.id for s in resolve_gpus(catalog, (name,))}
            board = main_variant(catalog, name)
            if family and not family & kept and board is not None:
                kept.add(board.id)
        items = [i for i in items if i["id"] in kept]
    overview = []
    if not items:
        overview = [r for spec in catalog.gpus if (r := cheapest(catalog, spec)) is not None]
        overview.sort(key=lambda r: r["usd_per_gpu_hour"])
    region = region_asked(q.text)
    if region is not None:
        # "H100 in Tokyo": the listings there; the snapshot keeps each instance at its cheapest region,
        # so where none is there the answer says so and shows what is listed.
        for item in items:
            there = [r for r in item["rows"] if _in_region(r, region["codes"])]
            region["found"] = region.get("found") or bool(there)
            if there:
                item["rows"] = there
    budget_usd = _usd(budget, catalog) if budget is not None else None
    for item in items:
        item["verdict"] = _verdict(item, hours or HOURS_PER_MONTH, budget_usd) if budget_usd else None
        item["judged"] = (
            _judge(item, quoted, catalog, named, china, approximate=_approximate(q.text))
            if quoted is not None
            else None
        )
        if item["judged"] is not None:
            item["judged"]["premise"] = premise
    # "Does Lambda have the B200?", "AWS 有 H200 吗": yes first where every provider named lists it (a
    # provider without a listing gets the catalogue's "no price for it there" line, never a bare no).
    history = has_cue(normalise(q.text).lower, PRICE_HISTORY)
    offered = (
        not history  # "Has the price of H100s on AWS gone down?" asks no "does AWS have it"
        and q.u.yes_no
        and bool(named)
        and quoted is None
        and budget is None
        and has_cue(normalise(q.text).lower, OFFERS)
        and bool(items)
        and all(not i["missing_at"] for i in items)
    )
    low_text = normalise(q.text).lower
    if items and quoted is None and budget is None and not totals and has_cue(low_text, PRICE_IS_DEAR):
        # "Is the H100 on AWS expensive?": the price placed in the catalogue's range for that GPU
        items[0]["dear"] = _placed(items[0], catalog, named)
    gap = _gap(items, named) if len(items) >= 2 and quoted is None and has_cue(low_text, PRICE_GAP) else None
    asked_apart = _difference_asked(q.text) if quoted is None and budget is None else None
    if asked_apart is not None and len(set(q.u.gpus)) >= 2:
        # "H800 跟 H100 差在哪？各自租一小时多少钱": how they differ first (the comparison's verdict), then
        # the prices, each part in the order asked
        compare.answer(dataclasses.replace(q, text=asked_apart), reply, brief=True)
    if _abroad_only(q, items, named, named_cn):
        # "国内有哪些云能租H100": what can be rented in China (with its dates and sources) before the listings
        entry = find_entry(q.kb, CHINA_AVAILABLE)
        names = [str(i["name"]) for i in items]
        # "A100 一卡时多少钱，国内的": the answer (no listing there) first, then why, then the prices abroad
        reply.add("price_abroad_only", gpus=names, family=family_name(names), why=entry is not None)
        if entry is not None:
            reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
            reply.add_faq(CHINA_AVAILABLE)
    reply.add(
        "price",
        gap=gap,
        # "H100 比上个月便宜了吗": no price history is kept, said before today's dated prices
        history=history,
        available=named if offered else [],
        # "有现货吗": a listing is no stock; the "yes" says it lists the GPU, and capacity is checked live
        stock=offered and has_cue(low_text, IN_STOCK),
        items=items,
        overview=overview,
        period=period,
        hours=hours,
        days=days,
        count=count,
        totals=totals,
        budget=budget,
        quoted=quoted,
        # "每卡每天 20 块" with no GPU named: the rate said back per GPU-hour above the cheapest of each GPU
        rate_said=q.u.rate_said if overview and quoted is not None else None,
        unpriced=unpriced,
        # "腾讯云 A100 多少钱": what the provider's own price pages say (dated, sourced), and what to
        # check with it before renting; never a guessed price
        unpriced_notes=[
            {"id": p, "note": pick(record.prices_note, q.lang)}
            for p in unpriced
            if (record := q.kb.provider(p)) is not None and record.prices_note is not None
        ],
        checklist=checklist(q, reply.lang) if unpriced else [],
        region=region,
        clouds=list(clouds),
        fx=catalog.usd_to_cny,
        hours_per_month=HOURS_PER_MONTH,
        # "多少台幣": the catalogue has USD and CNY; the answer says so rather than guess a rate, and where a
        # dated, sourced rate is on file (TWD, HKD) converts the cheapest listing at it
        other_currency=(code := unpriced_currency(low_text)),
        converted=_converted(code, items, totals, hours or HOURS_PER_MONTH),
        # "per GPU and per node?", "整台 8 卡的节点呢": each multi-GPU listing's whole-instance price too
        node_asked=not totals and has_cue(low_text, NODE_PRICE_ASKS),
    )
    if items and period is not None and quoted is None and has_cue(low_text, WORTH_ASKS):
        # "按周租 A800 划不划算", "A800 包月划算吗": the rent for that term, then how to choose a billing term
        entry = find_entry(q.kb, BILLING_TERMS)
        if entry is not None:
            reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
            reply.add_faq(BILLING_TERMS)
    if items and has_cue(low_text, BUY_ASKS):
        # "租一个月要多少？跟买一张比哪个划算": the rent, then when renting or owning pays (no purchase
        # prices are on file, so no break-even is computed)
        entry = find_entry(q.kb, CLOUD_OR_OWN)
        if entry is not None:
            reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
            reply.add_faq(CLOUD_OR_OWN)
    return True


def offered(q: Question) -> dict[str, Any]:
    """The data said beside a GPU's price, and that GPU: the form starts from them, so the price is
    followed by the model size the plan still needs (nothing when no data was said)."""
    slots = {name: q.u.said[name] for name in OFFERED_DATA if q.u.said.get(name) is not None}
    if not (slots.keys() - {"data_language"}):
        return {}
    if q.u.said.get("gpu") is not None:
        slots["gpu"] = q.u.said["gpu"]
    return slots


def _converted(
    code: str | None, items: list[dict[str, Any]], totals: bool, span: float
) -> dict[str, Any] | None:
    """ "H100 一小時多少台幣", "A100 一个月多少港币": each GPU's cheapest listing in that currency at the
    dated, sourced rate a budget in it is read at (knowledge.currencies); None for a currency without one."""
    rate = other_currencies().get(code) if code is not None else None
    if rate is None:
        return None
    lines = []
    for item in items:
        rows = item["rows"] + item["cn_rows"]
        if not rows:
            continue
        # a count or a period asks the total (the whole instances rented, as listed); else per GPU
        key = "usd_per_hour" if totals else "usd_per_gpu_hour"
        best = min(rows, key=lambda r: float(r[key]))
        hour = float(best[key]) * rate.per_usd
        lines.append(
            {
                "name": item["name"],
                "row": best,
                "hour": hour,
                "month": hour * HOURS_PER_MONTH,
                "total": hour * span,
            }
        )
    if not lines:
        return None
    return {
        "code": rate.code,
        "per_usd": rate.per_usd,
        "as_of": rate.source.as_of.isoformat(),
        "cite": rate.source.citation,
        "lines": lines,
    }


# Where one question of a message ends and the next begins ("差在哪？各多少钱", "差多少，租金呢").
_CLAUSE_END = re.compile(r"[?？。；;!！,，]")
# A gap asked with these is the price's ("便宜多少", "贵多少", "how much cheaper").
DEARNESS = ("便宜", "贵", "划算", "cheap", "expensive", "pricier", "costlier", "dearer")


def _difference_asked(text: str) -> str | None:
    """The part of a price question that asks how the GPUs differ ("H800 跟 H100 差在哪", "H100 和 A100
    差多少？租金各是多少"); None when the only gap asked is the price's ("价格差多少", "哪个便宜")."""
    low = normalise(text).lower
    clauses = [c.strip() for c in _CLAUSE_END.split(low) if c.strip()]
    for clause in clauses:
        # up to the cue: "A100 和 H100 的區別跟價格" asks the difference, and the price after it
        ends = [i + len(cue) for cue in DIFFERENCE if (i := find_phrase(clause, cue)) != -1]
        asked = clause[: min(ends)] if ends else ""
        if asked and not has_cue(asked, PRICE) and not has_cue(asked, DEARNESS):
            return asked  # not "price difference", "价格区别": the price answer says that gap
    if len(clauses) < 2:
        return None
    for clause in clauses:
        if has_cue(clause, PRICE_GAP) and not has_cue(clause, PRICE) and not has_cue(clause, DEARNESS):
            return clause
    return None


# Whether a billing term pays ("按周租划不划算", "包月划算吗"): the FAQ on 按量 against 包月 follows the rent.
BILLING_TERMS = "faq.cost_control"
# Renting weighed against buying the GPU: the FAQ on cloud against owned servers follows the prices.
CLOUD_OR_OWN = "faq.cloud_vs_physical"
BUY_ASKS = ("buy", "buying", "purchase", "own one", "买", "買", "购买", "購買", "自购", "自購", "自建")


# A whole server's price asked beside the per-GPU one ("whats the per node price", "整台 8 卡的節點呢").
NODE_PRICE_ASKS = (
    "per node", "a node", "the node", "node price", "whole node", "whole server", "per server",
    "per instance", "whole instance", "full node",
    "节点", "節點", "整台", "整机", "整機", "一台机器", "一台機器", "每台",
)  # fmt: skip


def region_asked(text: str) -> dict[str, Any] | None:
    """The cloud region a price question names ("H100 in Tokyo", "东京区"), with its region-code fragments."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import CLOUD_REGIONS
    from bot.nlu.text import normalise

    low = normalise(text).lower
    for en, zh, words, codes in CLOUD_REGIONS:
        if has_cue(low, words):
            return {"en": en, "zh": zh, "codes": codes}
    return None


def _in_region(row: Mapping[str, Any], codes: tuple[str, ...]) -> bool:
    region = str(row.get("region") or "").lower()
    return any(c in region for c in codes)


def providers_asked(q: Question) -> tuple[str, ...]:
    """The providers the message names; a follow-up naming neither a provider nor a GPU ("what about 8 of
    them" after "and on AWS?") asks about the providers the last price was for."""
    if q.u.providers or q.u.gpus or q.u.kind not in ("whatif", "correction"):
        return tuple(q.u.providers)
    return tuple(q.context.get("topic_providers") or ())


# A message this short that names a provider and nothing else ("azure?", "gcp then", "lambda?") is a
# follow-up: the last price asked of that provider (policy.kind_of), as "那 AWS 呢" is.
BARE_PROVIDER_CHARS = 24


def bare_provider(q: Question) -> bool:
    """A provider named alone: no GPU or slot said, and a few characters in all."""
    return (
        bool(q.u.providers)
        and not q.u.gpus
        and not q.u.said
        and len(q.text.strip(" ?？.!！")) <= BARE_PROVIDER_CHARS
    )


def gpus_asked(q: Question) -> tuple[str, ...]:
    """The GPUs the message names; a follow-up naming only a provider ("那 AWS 呢", "azure?") asks about
    the GPUs the last price was for."""
    if q.u.gpus or (q.u.kind not in ("whatif", "correction", "china_providers") and not bare_provider(q)):
        return q.u.gpus
    return tuple(q.context.get("topic_gpus") or ())


def _item(
    q: Question,
    spec: GpuSpec,
    count: int,
    named: list[str],
    named_cn: list[str],
    cn_asked: bool,
) -> dict[str, Any]:
    catalog, china = q.catalog, q.kb.china_catalog
    rows = _rows(catalog, spec, count, named or None)
    missing_at = [p for p in named if not any(r["cloud"] == p for r in rows)]
    if named and not rows:
        rows = _rows(catalog, spec, count, None)  # not at the cloud asked: say so, show the others
    cn_rows = _rows(china, spec, count, named_cn or None, singles=True) if (cn_asked or not rows) else []
    if named_cn and not named and cn_rows:
        rows = []  # "矩池云的 T4 多少钱": the marketplace asked about, not every global cloud's price
    if named_cn and not cn_rows:
        cn_rows = _rows(china, spec, count, None, singles=True)
    for r in cn_rows:
        record = q.kb.provider(r["cloud"])
        r["provider_name"] = pick(record.name, q.lang) if record is not None else r["cloud"]
    return {
        "name": spec.name,
        "id": spec.id,
        "rows": rows,
        "cn_rows": cn_rows,
        "nearest": [] if rows or cn_rows else nearest_priced(q, spec),
        "missing_at": missing_at,
        "flagged": flagged_listings(catalog, spec),
        "china": spec.id in CHINA_GPUS,
        "consumer": spec.segment == "consumer",
    }


def _abroad_only(q: Question, items: list[dict[str, Any]], named: list[str], named_cn: list[str]) -> bool:
    """Asked about mainland China with no provider named, and no GPU asked about has a Chinese listing
    (the China-market parts say so on their own line)."""
    if q.u.region != "cn" or named or named_cn or q.u.providers or not items:
        return False
    return all(not i["cn_rows"] and not i["china"] for i in items)


def nearest_priced(q: Question, spec: GpuSpec) -> list[dict[str, Any]]:
    """The priced GPUs closest to an unpriced one in dense BF16 compute and memory (H800: the H100 SXM,
    the same compute and memory), each with the price the answers headline for it."""

    def apart(g: GpuSpec) -> float:
        ours, theirs = spec.tflops.bf16 or spec.tflops.fp16, g.tflops.bf16 or g.tflops.fp16
        if not ours or not theirs:
            return math.inf
        return abs(math.log(theirs / ours)) + abs(math.log(g.memory_gb / spec.memory_gb))

    near: list[dict[str, Any]] = []
    for g in sorted((g for g in q.catalog.gpus if g.id != spec.id), key=lambda g: (apart(g), g.id)):
        if len(near) == NEAREST or apart(g) == math.inf:
            break
        found = quote(q.kb, g, cn=spec.id in CHINA_GPUS)
        if found is not None:
            record = q.kb.provider(found["cloud"])
            near.append(
                {
                    **found,
                    "name": g.name,
                    "provider_name": pick(record.name, q.lang) if record is not None else found["cloud"],
                    "bf16": g.tflops.bf16 or g.tflops.fp16,
                    "memory_gb": g.memory_gb,
                    "same": apart(g) < SAME_PART,
                }
            )
    return near


def _rows(
    catalog: Catalog, spec: GpuSpec, count: int, clouds: list[str] | None, *, singles: bool = False
) -> list[dict[str, Any]]:
    """Per provider: one GPU's cheapest listing, or for several GPUs the cheapest whole instances
    that hold them (eight one-GPU machines are not an 8-GPU server). `singles`: the Chinese
    marketplaces list a price per GPU of a host, so with no multi-GPU listing several GPUs are
    that price times the count (`per_gpu_listing` says so)."""
    if count <= 1:
        rows = cheapest_per_cloud(catalog, spec, clouds)
        return [{**r, "instances": 1, "usd_per_hour": r["usd_per_gpu_hour"]} for r in rows]
    found = rent_per_cloud(catalog, spec, count, clouds, split=not singles)
    if found or not singles:
        return found
    return [
        {**r, "instances": count, "usd_per_hour": r["usd_per_gpu_hour"] * count, "per_gpu_listing": True}
        for r in cheapest_per_cloud(catalog, spec, clouds)
    ]


def _usd(budget: Mapping[str, Any], catalog: Catalog) -> float | None:
    amount = budget.get("amount")
    if not isinstance(amount, int | float) or amount <= 0:
        return None
    return float(amount) / catalog.usd_to_cny if budget.get("currency") == "CNY" else float(amount)


def _verdict(item: Mapping[str, Any], hours: float, budget_usd: float) -> dict[str, Any] | None:
    """The cheapest total for the period against the budget: within it or over, by how much."""
    rows = list(item["rows"]) + list(item["cn_rows"])
    if not rows:
        return None
    best = min(rows, key=lambda r: r["usd_per_hour"])
    total = best["usd_per_hour"] * hours
    return {"row": best, "total_usd": total, "within": total <= budget_usd, "ratio": total / budget_usd}


def _gap(items: list[dict[str, Any]], named: list[str]) -> dict[str, Any] | None:
    """ "price difference between A100 40GB and 80GB on Lambda": the first two GPUs' cheapest on-demand
    prices per GPU-hour (at the same provider where both are listed there) and what one costs more."""

    def usd_rows(item: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return [r for r in item["rows"] if r.get("currency", "USD") == "USD"]

    a, b = usd_rows(items[0]), usd_rows(items[1])
    if not a or not b:
        return None
    shared = {r["cloud"] for r in a} & {r["cloud"] for r in b}
    if shared:
        a = [r for r in a if r["cloud"] in shared]
        b = [r for r in b if r["cloud"] in shared]
    ra = min(a, key=lambda r: float(r["usd_per_gpu_hour"]))
    if shared:
        b = [r for r in b if r["cloud"] == ra["cloud"]] or b
    rb = min(b, key=lambda r: float(r["usd_per_gpu_hour"]))
    pa, pb = float(ra["usd_per_gpu_hour"]), float(rb["usd_per_gpu_hour"])
    dear, cheap = (
        ((items[0], ra, pa), (items[1], rb, pb)) if pa >= pb else ((items[1], rb, pb), (items[0], ra, pa))
    )
    return {
        "dear": dear[0]["name"],
        "dear_usd": dear[2],
        "dear_cloud": dear[1]["cloud"],
        "cheap": cheap[0]["name"],
        "cheap_usd": cheap[2],
        "cheap_cloud": cheap[1]["cloud"],
        "same_cloud": dear[1]["cloud"] == cheap[1]["cloud"],
        "usd": dear[2] - cheap[2],
        "month_usd": (dear[2] - cheap[2]) * HOURS_PER_MONTH,
        "ratio": dear[2] / cheap[2] if cheap[2] else None,
    }


def _placed(item: Mapping[str, Any], catalog: Catalog, named: list[str]) -> dict[str, Any] | None:
    """The GPU's on-demand range per GPU-hour over the catalogue and, with a provider named, where its
    price sits in it: "lowest", "lower" or "upper" half, "highest"."""
    spec = catalog.gpu_or_none(item["id"])
    span = price_range(catalog, spec) if spec is not None else None
    if span is None:
        return None
    low, high = float(span["low"]), float(span["high"])
    listed = [r for r in item["rows"] if r["cloud"] in named and r.get("currency", "USD") == "USD"]
    at = None
    if listed:
        usd = min(float(r["usd_per_gpu_hour"]) for r in listed)
        if usd <= low * (1 + SAME_PRICE):
            place = "lowest"
        elif usd >= high * (1 - SAME_PRICE):
            place = "highest"
        else:
            place = "lower" if usd <= (low + high) / 2 else "upper"
        at = {"cloud": listed[0]["cloud"], "usd": usd, "place": place}
    first = cheapest(catalog, spec) if spec is not None else None
    return {**span, "at": at, "cheapest_cloud": first["cloud"] if first else None}


def _approximate(text: str) -> bool:
    """The quoted price is said as approximate ("around", "左右", "~")."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import APPROXIMATE

    return has_cue(normalise(text).lower, APPROXIMATE)


def _asks_if_true(text: str) -> bool:
    """A quoted price asked to be confirmed ("才 1 美元一小时吧？", "真的嗎", "correct?"), not weighed as a
    deal ("划算吗", "good price?")."""
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import PRICE_AS_DEAL, PRICE_AS_FACT

    low = normalise(text).lower
    if has_cue(low, PRICE_AS_DEAL):
        return False
    return has_cue(low, PRICE_AS_FACT) or low.rstrip(" ?？!！。.~").endswith("吧")


def _judge(
    item: Mapping[str, Any],
    quoted: Mapping[str, Any],
    catalog: Catalog,
    named: list[str] | None = None,
    china: Catalog | None = None,
    *,
    approximate: bool = False,
) -> dict[str, Any] | None:
    """A quoted price per GPU-hour against the on-demand range the catalogue lists for the GPU; with a
    provider named ("H100 在 Lambda 一小時是 2 美元嗎"), first against that provider's own listing
    (`at`: whether the quote is its price). A GPU the global clouds do not rent ("4090 租一小时才 5 毛钱")
    is judged against the Chinese marketplaces' prices (`market` "cn": said in yuan)."""
    spec = catalog.gpu_or_none(item["id"])
    span = price_range(catalog, spec) if spec is not None else None
    market = "global"
    if span is None and china is not None:
        cn_spec = china.gpu_or_none(item["id"])
        span = price_range(china, cn_spec) if cn_spec is not None else None
        market = "cn"
    rate = _usd(quoted, catalog)
    if span is None or rate is None:
        return None
    low, high = span["low"], span["high"]
    if rate < low * (1 - SAME_PRICE):
        level = "below"
    elif rate <= low * (1 + SAME_PRICE):
        level = "lowest"
    elif rate <= (low + high) / 2:
        level = "fair"
    elif rate <= high:
        level = "high"
    else:
        level = "above"
    at = None
    listed = [r for r in item["rows"] if named and r["cloud"] in named and r.get("currency", "USD") == "USD"]
    if listed:
        r = min(listed, key=lambda x: float(x["usd_per_gpu_hour"]))
        usd = float(r["usd_per_gpu_hour"])
        at = {
            "cloud": r["cloud"],
            "usd": usd,
            "as_of": r["as_of"],
            "same": abs(rate - usd) <= SAME_PRICE * usd,
            # "around $10/hr, right?" against $10.60: about right, said so with the exact price
            "close": approximate and abs(rate - usd) <= ABOUT_PRICE * usd,
        }
    return {"rate_usd": rate, "level": level, "at": at, "market": market, **span}


# Board words a family name may carry ("A100 PCIe", "H100 NVL", "H100 SXM").
_BOARDS = {"pcie": "pcie", "sxm": "sxm", "nvl": "nvl"}


def _board_named(text: str, spec: GpuSpec) -> bool:
    """Whether `spec` is the board the text names after its family (True when it names none)."""
    from bot.nlu.lexicon import find_phrase
    from bot.nlu.text import normalise

    low = normalise(text).lower
    named = [b for b in _BOARDS if find_phrase(low, b) != -1]
    if not named:
        return True
    board = "nvl" if "nvl" in spec.id else spec.form_factor
    return board in named
