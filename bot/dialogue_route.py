"""What one understood message may change in the working slots, and how it is routed."""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue_input import Understood

# Slots a question (FAQ digression) may never set: naming a GPU in a question is not choosing it.
QUESTION_NEVER_SETS = ("gpu", "gpu_count")
# "能训多大的模型" / "how big a model can we train": for parsers without the "capacity" intent.
CAPACITY_WORDS = re.compile(r"多大的?模型|多大模型|最大.{0,6}模型|how (big|large) a model", re.IGNORECASE)


def count_on_current_gpu(state: dict[str, Any], u: Understood) -> dict[str, Any]:
    """ "What if only 8 GPUs?" after a plan means 8 of the plan's GPU type (the engine plans a
    count only for a named GPU), not a fresh search that repeats the previous plan."""
    last = state.get("last") or {}
    if (
        u.intent != "whatif"
        or u.said.get("gpu_count") is None
        or u.said.get("gpu")
        or state["slots"].get("gpu")
        or not last.get("gpu")
    ):
        return u.said
    return {**u.said, "gpu": last["gpu"]}


def asks_capacity(text: str) -> bool:
    return bool(CAPACITY_WORDS.search(text))


def fills_only(state: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """What a question may add to the working slots: values for empty slots, never a GPU choice."""
    slots = state["slots"]
    has_data = slots.get("tokens") is not None or slots.get("data_bytes") is not None
    return {
        name: value
        for name, value in said.items()
        if name not in QUESTION_NEVER_SETS
        and slots.get(name) is None
        and not (name in ("tokens", "data_bytes") and has_data)
    }
