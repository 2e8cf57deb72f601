""" "Which provider is cheapest for this?", "哪家云最便宜？" after a plan: the job planned on each cloud of
the catalogue alone (the GPU the user chose kept), cheapest first, instead of the provider checklist.
"What would it cost on CoreWeave?", "RunPod 上呢" after a plan: the catalogue has no prices there (which
providers it has), and the plan's GPU-hours to multiply by that provider's price; the plan stands.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.clouds import restricted
from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.render.views import option_view
from sizing.errors import SizingError

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

# What a follow-up naming only a provider asks of the plan: its price there ("RunPod 上呢" is a what-if).
REPRICE_INTENTS = ("whatif", "price_coverage", "china_providers")
# Which NVIDIA GPUs are sold in mainland China and why (US export rules, dated): knowledge/data/faq.yaml.
EXPORT_FAQ = "faq.h800_h20_export"


def answer(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    clouds = sorted({o.cloud for o in kb.catalog.offerings})
    rows: list[dict[str, Any]] = []
    for cloud in clouds:
        catalog = restricted(kb.catalog, [cloud])
        try:
            result = plan(build_request(replace(state, clouds=[cloud]), catalog, today), catalog)
        except SizingError:
            continue
        fitting = [o for o in result.options if o.fits]
        if not fitting:
            continue
        row = option_view(fitting[0].to_dict(result.currency), kb.catalog)
        if row.get("cost") is None:
            continue
        rows.append({**row, "provider": cloud})
    if len(rows) < 2:
        return False
    rows.sort(key=lambda r: float(r["cost"]))
    deadline = state.slots.get("days")
    reply.add("plan_clouds", rows=rows, deadline=deadline, slots=state.slots)
    return True


def unpriced_provider(
    state: DialogueState, u: Understood, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> bool:
    """The plan re-priced on providers the catalogue has no prices for: said so (the providers it prices,
    each named provider's own note on its prices), the plan's GPU-hours to multiply by their price, and
    its price where the catalogue has one; the plan stands. False when a named provider is priced (the
    plan is then priced there, as planning does) or the message asks anything else."""
    from bot.dialogue.answers.prices import priced_clouds
    from bot.dialogue.recommend import plan_options
    from bot.render.views import pick

    if not u.providers or u.said or u.gpus or state.owned:
        return False
    if not (u.asks_cost or u.intent in REPRICE_INTENTS):
        return False
    priced = set(priced_clouds(kb.catalog)) | set(priced_clouds(kb.china_catalog))
    if any(p in priced for p in u.providers):
        return False
    options = plan_options(state, kb, plan, today)
    if not options:
        return False
    top = option_view(options[0], kb.catalog)
    if not top.get("gpu_hours"):
        return False
    mainland = _mainland_instead(state, u, top, kb, plan, today)
    reply.add(
        "plan_unpriced_cloud",
        mainland=mainland,
        unpriced=list(u.providers),
        notes=[
            {"id": p, "note": pick(record.prices_note, reply.lang)}
            for p in u.providers
            if (record := kb.provider(p)) is not None and record.prices_note is not None
        ],
        clouds=list(priced_clouds(kb.catalog)),
        top=top,
    )
    if mainland is not None:
        reply.add_faq(EXPORT_FAQ)  # the export rules, dated and sourced
    return True


def _mainland_instead(
    state: DialogueState, u: Understood, top: dict[str, Any], kb: KnowledgeBase, plan: Planner, today: dt.date
) -> dict[str, Any] | None:
    """ "在 AutoDL 上多少钱" on a B200 plan: mainland providers do not rent that GPU (US export controls,
    faq.h800_h20_export), so the job on a card they do rent (bot.dialogue.hardware.china_options on the
    China catalogue, deadline kept) and its GPU-hours. None when no named provider is a mainland one,
    the plan's GPU is rented there, or no mainland card holds the job."""
    from bot.dialogue.hardware import CHINA_GPUS, china_options, rented_in_china

    if not any((r := kb.provider(p)) is not None and r.market == "cn" for p in u.providers):
        return None
    catalog = kb.china_plan_catalog
    if rented_in_china(catalog, str(top.get("gpu") or "")):
        return None
    slots = {**state.slots, "gpu": None, "gpu_count": None}
    options = china_options(replace(state, slots=slots, owned=False), catalog, plan, today)
    if not options:
        return None
    names = {g.id: g.name for g in catalog.gpus}
    return {"option": options[0], "cards": [names[g] for g in CHINA_GPUS if g in names]}
