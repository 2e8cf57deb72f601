"""A plan on the clouds the user named ("LoRA 8B on AWS", "GCP only", "我们想在 AWS 上…").

The user's providers (Parse.providers_mentioned) restrict the offerings a plan is priced from: the
engine runs on the catalogue with only those clouds' offerings. A provider the catalogue holds no
price for cannot restrict anything and is said so; a named cloud with no offering that fits the job
leaves the plan to the whole catalogue, and the reply says that cloud had none.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import replace

from bot.dialogue.answers.prices import priced_clouds
from bot.dialogue.state import DialogueState, SlotChange
from bot.dialogue.understand import Understood
from bot.nlu.intents import worded_as_question
from bot.nlu.text import normalise
from sizing.types import Catalog

# Restricted catalogues are kept per (catalogue, clouds): the same objects come back, so the plan
# memo (bot/dialogue/memo.py), which keys results by catalogue identity, keeps hitting.
_RESTRICTED: dict[tuple[int, tuple[str, ...]], tuple[Catalog, Catalog]] = {}
_MAX_KEPT = 32
_LOCK = threading.Lock()


def restricted(catalog: Catalog, clouds: Iterable[str]) -> Catalog:
    """`catalog` with only the offerings of `clouds` (the same object for the same arguments)."""
    key = (id(catalog), tuple(sorted(set(clouds))))
    with _LOCK:
        kept = _RESTRICTED.get(key)
        if kept is not None and kept[0] is catalog:
            return kept[1]
    wanted = set(key[1])
    narrowed = replace(catalog, offerings=tuple(o for o in catalog.offerings if o.cloud in wanted))
    with _LOCK:
        if len(_RESTRICTED) >= _MAX_KEPT:
            _RESTRICTED.clear()
        _RESTRICTED[key] = (catalog, narrowed)
    return narrowed


# Words that make a message naming providers a standing restriction ("we only use Lambda", "我们只用阿里云",
# "Lambda only"), not a question about them. Matched on the lower-cased message.
ONLY_WORDS = (
    "only",
    "exclusively",
    "just use",
    "只用",
    "只在",
    "只租",
    "只考虑",
    "仅用",
    "僅用",
    "只選",
    "只选",
)


# Words that lift the providers a conversation keeps ("any provider is fine", "cheapest anywhere",
# "哪家云都行", "不限雲廠商"): the job is priced on every cloud again. Matched on the lower-cased, simplified
# message, and only read when providers are kept.
ANY_PROVIDER_WORDS = (
    "any provider",
    "any cloud",
    "anywhere",
    "all providers",
    "all clouds",
    "every provider",
    "every cloud",
    "whichever provider",
    "whichever cloud",
    "other providers",
    "other clouds",
    "哪家都",
    "哪家云都",
    "哪个云都",
    "任何云",
    "所有云",
    "不限云",
    "不限厂商",
    "不限平台",
    "不限供应商",
)


def any_provider(text: str) -> bool:
    """Whether the message lifts the providers kept ("any provider", "cheapest anywhere", "哪家都行")."""
    lowered = normalise(text).lower
    return any(word in lowered for word in ANY_PROVIDER_WORDS)


def restriction(
    state: DialogueState, u: Understood, text: str, catalog: Catalog
) -> dict[str, list[str]] | None:
    """A message that only restricts the providers ("remember that we only use lambda", "我们只用阿里云"):
    the priced ones become the plans' clouds for the rest of the conversation (take_clouds), the
    others are kept to be said unpriced. What to acknowledge, or None when the message is not one."""
    if not u.providers or u.said or u.gpus or u.intent not in ("unknown", "faq"):
        return None
    lowered = normalise(text).lower
    # "does Lambda only bill by the hour?" asks about the provider; it restricts nothing.
    if not any(word in lowered for word in ONLY_WORDS) or worded_as_question(lowered):
        return None
    priced = set(priced_clouds(catalog))
    clouds = [p for p in u.providers if p in priced]
    unpriced = [p for p in u.providers if p not in priced]
    if clouds:
        state.clouds = clouds
    state.unpriced_clouds = unpriced
    return {"clouds": clouds, "unpriced": unpriced}


def take_clouds(state: DialogueState, u: Understood, catalog: Catalog) -> list[SlotChange]:
    """Apply the providers a planning message names: the priced ones become the plan's clouds, the
    others are kept to be said unpriced. The change to report once a plan exists."""
    if not u.providers or state.region == "cn":
        return []  # mainland plans price from the Chinese list prices (bot/dialogue/hardware.py)
    priced = set(priced_clouds(catalog))
    clouds = [p for p in u.providers if p in priced]
    state.unpriced_clouds = [p for p in u.providers if p not in priced]
    if not clouds or clouds == state.clouds:
        return []
    old = list(state.clouds) or None
    state.clouds = clouds
    return [SlotChange("clouds", old, clouds)] if state.last else []
