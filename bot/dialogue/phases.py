"""Two-phase hardware plans: "先用 A100 试跑，之后上 H100", "prototype on A100s first, then move to H100s".

The job is planned on the GPU of the full run (the later one named), and a short trial on the first is
sized beside it: a small share of the data on that GPU, with its time and cost, so both phases are
priced, not only the first GPU named.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.dialogue.hardware import main_variant
from bot.dialogue.memo import Planner
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.nlu.text import normalise

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# The share of the data a trial run trains on: enough to check the pipeline, loss and throughput.
TRIAL_SHARE = 0.01
_PHASED = re.compile(
    r"先.{0,20}(?:之后|以后|然后|再|后面|随后|接着|正式|最后)"
    r"|\b(?:first|start(?:ing)? (?:on|with)|prototyp\w*|pilot|trial|debug\w*|experiment\w*)\b"
    r".{0,80}\b(?:then|later|after(?:wards| that)?|move (?:over )?to|switch(?:ing)? to"
    r"|scale (?:up )?(?:to|on)|migrate to|for the (?:full|real|main|actual|production) (?:run|training))\b"
)

# A message that weighs the two GPUs ("A100 or H100?", "哪个好") compares them: no phases.
_WEIGHS = re.compile(r"\bvs\.?\b|\bversus\b|\bor\b|还是|哪个|哪张|哪种|\bwhich\b|对比|比较")


def phased(text: str, gpus: tuple[str, ...], kb: KnowledgeBase) -> tuple[str, str] | None:
    """(trial GPU, full-run GPU) as named, when the message names two GPUs one after the other in phases."""
    names = tuple(dict.fromkeys(gpus))
    t = normalise(text).lower
    if len(names) != 2 or not _PHASED.search(t) or _WEIGHS.search(t):
        return None
    first, then = (main_variant(kb.catalog, name) for name in names)
    if first is None or then is None or first.id == then.id:
        return None
    return names[0], names[1]


def trial(
    state: DialogueState, reply: Reply, kb: KnowledgeBase, plan: Planner, today: dt.date, gpu: str
) -> None:
    """Prepend the trial phase on `gpu`: TRIAL_SHARE of the data, planned with no deadline."""
    from bot.dialogue.recommend import plan_options

    slots: dict[str, Any] = {**state.slots, "gpu": gpu, "gpu_count": None, "days": None, "budget": None}
    for name in ("tokens", "data_bytes"):
        if isinstance(slots.get(name), int | float):
            slots[name] = float(slots[name]) * TRIAL_SHARE
    small = replace(state, slots=slots, skipped=[*state.skipped, "days"], asap=False, count_limit=False)
    options = plan_options(small, kb, plan, today)
    if not options or not options[0].get("fits", True):
        return
    top = options[0]
    cost = top.get("cost") or {}
    reply.prepend(
        "trial_phase",
        share=TRIAL_SHARE,
        gpus=top.get("gpus"),
        name=top.get("gpu_name") or gpu,
        days=top.get("days"),
        cost=cost.get("amount"),
        currency=cost.get("currency"),
        then=(state.last or {}).get("name"),
    )
