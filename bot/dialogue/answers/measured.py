""" "单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱", "8 H100s, 3 hours per epoch, 4 epochs:
cost?": a time the user measured on their own GPUs beats the engine's estimate. The run's hours are the
measured epoch times the epochs said (one when none is), and on the GPUs named, its GPU-hours and on-demand
cost at the cheapest listing; with no GPU named, the hours and the question of which GPUs, before the rest
of the answer."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.prices import quote
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from knowledge import KnowledgeBase


def add_measured_time(kb: KnowledgeBase, said: dict[str, Any], gpus: tuple[str, ...], region: str | None,
                      epoch_hours: float, reply: Reply) -> None:  # fmt: skip
    epochs = float(said.get("epochs") or 1.0)
    gpu_id = said.get("gpu") or (gpus[0] if gpus else None)
    spec = main_variant(kb.catalog, str(gpu_id)) if gpu_id else None
    count = int(said.get("gpu_count") or 1)
    hours = epoch_hours * epochs
    price = quote(kb, spec, cn=region == "cn") if spec is not None else None
    reply.add(
        "measured_time",
        epoch_hours=epoch_hours,
        epochs=epochs,
        epochs_said=said.get("epochs") is not None,
        hours=hours,
        gpu=spec.name if spec is not None else None,
        gpus=count,
        gpu_hours=hours * count,
        price=price,
        cost=hours * count * price["per_gpu_hour"] if price is not None else None,
        currency="CNY" if price is not None and price["currency"] == "CNY" else "USD",
    )
