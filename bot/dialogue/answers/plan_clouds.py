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
    reply.add(
        "plan_unpriced_cloud",
        unpriced=list(u.providers),
        notes=[
            {"id": p, "note": pick(record.prices_note, reply.lang)}
            for p in u.providers
            if (record := kb.provider(p)) is not None and record.prices_note is not None
        ],
        clouds=list(priced_clouds(kb.catalog)),
        top=top,
    )
    return True
