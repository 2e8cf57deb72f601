""" "What would it cost on GCP?" after a plan whose GPU that cloud lists only at a price the catalogue
flags (GCP's one B200 row, a4-highgpu-8g, is unverified): the plan's GPUs at that listed price, with
what is uncertain about it and its source, then the cheapest plan on the cloud's verified prices. A
one-turn comparison: the plan held and its clouds do not change (saying "on GCP" plans there).

A cloud that lists the plan's GPU at a usable price, or not at all, is no case for this answer: the
message is a what-if on that cloud, as before (bot/dialogue/clouds.take_clouds).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.answers import plan_cost
from bot.dialogue.answers.prices import per_gpu_hour, priced_clouds
from bot.dialogue.clouds import restricted
from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState, missing
from bot.nlu.lexicon import has_cue
from bot.nlu.text import normalise
from bot.render.views import option_view
from sizing.cost import quote, usable
from sizing.errors import SizingError
from sizing.types import Offering

if TYPE_CHECKING:
    from bot.dialogue.understand import Understood
    from knowledge import KnowledgeBase

# A cost asked in a word or two beside the cloud ("how much on Google Cloud?", "price on GCP?"), which
# the plan's cost cues (answers/plan_cost.asks) leave to the what-if: here a cloud is named as well.
CLOUD_COST_WORDS = ("how much", "price", "cost", "多少钱", "多少錢", "价格", "價格", "费用", "費用")


def asks(state: DialogueState, u: Understood, text: str) -> bool:
    """One cloud named in a question about cost, nothing else said, after a rented plan abroad."""
    if len(u.providers) != 1 or u.said or u.gpus or state.last is None or state.owned or state.region == "cn":
        return False
    if missing(state):
        return False
    return u.asks_cost or plan_cost.asks(text) or has_cue(normalise(text).lower, CLOUD_COST_WORDS)


def flagged_only(offerings: tuple[Offering, ...], cloud: str, gpu_id: str) -> Offering | None:
    """The cheapest per GPU-hour of this cloud's listings of the GPU, when each has a price the engine
    refuses (sizing.cost.usable); None when one is usable or none has a price."""
    rows = [o for o in offerings if o.cloud == cloud and o.gpu_id == gpu_id and o.price_usd_per_hour]
    if not rows or any(usable(o) for o in rows):
        return None
    return min(rows, key=per_gpu_hour)


def answer(
    state: DialogueState, u: Understood, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date
) -> bool:
    last = state.last or {}
    cloud, gpu_id, gpus, days = u.providers[0], last.get("gpu"), last.get("gpus"), last.get("days")
    if not (isinstance(gpu_id, str) and isinstance(gpus, int) and isinstance(days, (int, float))):
        return False
    if last.get("cloud") == cloud or cloud not in priced_clouds(kb.catalog):
        return False
    row = flagged_only(kb.catalog.offerings, cloud, gpu_id)
    if row is None:
        return False
    # The plan's GPUs for its days on that listing, billed as the engine bills any (whole instances).
    at_listed = quote(kb.catalog, gpu_id, gpus, float(days), (replace(row, flags=()),))
    if at_listed is None:
        return False
    listed: dict[str, Any] = {
        "instance": row.instance_type,
        "usd_per_gpu_hour": per_gpu_hour(row),
        "cost_usd": at_listed.on_demand_usd,
        "flags": list(row.flags),
        "source": (row.source or "").split("@")[0] or None,
        "as_of": row.as_of.isoformat() if row.as_of else None,
    }
    reply.add(
        "flagged_cloud_price",
        cloud=cloud,
        plan=last,
        listed=listed,
        verified=_cheapest_verified(state, kb, plan, today, cloud),
    )
    return True


def _cheapest_verified(
    state: DialogueState, kb: KnowledgeBase, plan: Planner, today: dt.date, cloud: str
) -> dict[str, Any] | None:
    """The plan recommended for the job on this cloud's usable prices, any GPU (the one held has none)."""
    catalog = restricted(kb.catalog, [cloud])
    slots = {**state.slots, "gpu": None, "gpu_count": None}
    try:
        result = plan(build_request(replace(state, clouds=[cloud], slots=slots), catalog, today), catalog)
    except SizingError:
        return None
    top = next((o for o in result.options if o.fits and o.quote is not None), None)
    if top is None:
        return None
    return option_view(top.to_dict(result.currency), kb.catalog)
