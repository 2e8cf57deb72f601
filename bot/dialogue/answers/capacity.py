"""The "capacity" turn: the largest model each training method fits on the user's own GPUs, or, asked about
inference, the largest model they serve in each precision."""

from __future__ import annotations

import datetime as dt

from bot.dialogue.hardware import capacity, serving_capacity
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
    serving = u.task == "serve"  # "how big a model can one L4 serve?", "2 张 4090 能跑多大的模型推理"
    try:
        if serving:
            gpu_id, rows = serving_capacity(str(gpu), int(count), catalog)
        else:
            gpu_id, rows = capacity(str(gpu), int(count), catalog, today)
    except SizingError:
        return False
    state.slots["gpu"], state.slots["gpu_count"] = gpu, count
    state.owned = True
    name = catalog.gpu(gpu_id).name
    reply.add("capacity", gpu=name, gpus=int(count), rows=rows, serving=serving)
    return True
