"""The "capacity" turn: the largest model each training method fits on the user's own GPUs."""

from __future__ import annotations

import datetime as dt

from bot.dialogue.hardware import capacity
from bot.dialogue.reply import Reply
from bot.dialogue.state import DialogueState
from bot.dialogue.understand import Understood
from sizing.errors import SizingError
from sizing.types import Catalog


def capacity_answer(
    state: DialogueState, u: Understood, reply: Reply, catalog: Catalog, today: dt.date
) -> bool:
    """Answer "我们有8张A100，能训多大的模型？"; False when the GPU type or count is unknown
    (the turn then goes on as an ordinary one and asks for what is missing)."""
    gpu = u.said.get("gpu") or state.slots.get("gpu")
    count = u.said.get("gpu_count") or state.slots.get("gpu_count")
    if not gpu or not count:
        return False
    try:
        gpu_id, rows = capacity(str(gpu), int(count), catalog, today)
    except SizingError:
        return False
    state.slots["gpu"], state.slots["gpu_count"] = gpu, count
    state.owned = True
    name = catalog.gpu(gpu_id).name
    reply.add("capacity", gpu=name, gpus=int(count), rows=rows)
    return True
