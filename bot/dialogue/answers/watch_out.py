""" "有什么要注意的？", "anything we should watch out for?", "有问题吗？" after a plan: the pitfalls
that fire for that plan and the engine's warnings on it (the plan reply shows each in one line; here
with its whole advice). A plan that fires none gets the guide's provider checklist, which every
rental needs. In a mainland-China conversation the plan named is the first of the mainland's.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.render.views import entry_view, find_entry
from sizing.errors import SizingError

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# Advice for any rental, when the plan fires no pitfall (the seed guide's provider checklist).
EVERY_RENTAL = "pitfall.provider_selection"


def answer(state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date) -> bool:
    from bot.dialogue.recommend import plan_context

    try:
        _rec, _fired, context = plan_context(state, kb, plan, today, reply.lang)
    except SizingError:
        return False
    pitfalls = [dict(p) for p in context["pitfalls"]]
    general = []
    if not pitfalls and (entry := find_entry(kb, EVERY_RENTAL)) is not None:
        general = [entry_view(entry, reply.lang)]
    reply.add(
        "watch_out",
        pitfalls=pitfalls,
        general=general,
        warnings=context["warnings"],
        slots=context["slots"],
        top=(context.get("china") or context["options"])[0],
    )
    reply.add_faq(*(p["id"] for p in [*pitfalls, *general]))
    return True
