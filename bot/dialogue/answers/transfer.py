""" "How long does it take to upload 2TB to the cloud?", "下载 Llama 3 70B 的权重要多久": the time to move a
dataset or a model's weights at the link rates people have, computed, instead of the planning form.

Time = bytes × 8 / line rate, at the full line rate (the answer says real transfers reach less). The
rates shown: the one the message states ("千兆带宽", "over a 1Gbps link"), else an office line, a gigabit
uplink and a 10 GbE link; and the in-region rate sizing.fixed assumes for a job's own download.
"""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu.links import named_speed_gbps
from sizing.fixed import DOWNLOAD_GB_PER_S
from sizing.storage import WEIGHT_FILE_BYTES_PER_PARAM

NEEDS = ("data_bytes",)  # or a named model, whose BF16 weights are moved
DEFAULTS: dict[str, Any] = {"link": "100 Mb/s, 1 Gb/s and 10 Gb/s"}
# Lines people move data over when they do not say theirs [our choice of reference points]: a small
# office's 100 Mb/s uplink, a gigabit uplink, a 10 GbE link in a lab or datacenter.
REFERENCE_GBPS = (0.1, 1.0, 10.0)
FAQ_ID = "faq.storage_tiers"  # where data should live, and what moving it out costs

# A line rate in bits ("1Gbps", "100 Mbit/s", "10Gb/s") or the Chinese names of Ethernet speeds (百兆,
# 千兆, 万兆: bot.nlu.links owns those). A capital "GB/s" is bytes and is read as such.
_RATE = re.compile(r"(\d+(?:\.\d+)?)\s*(gbps|gbit/s|gbit|gb/s|mbps|mbit/s|mbit|mb/s)(?![a-z])", re.IGNORECASE)


def stated_gbps(text: str) -> float | None:
    """The line rate the message states, in Gb/s, if it states one."""
    named = named_speed_gbps(text)
    if named is not None:
        return named
    m = _RATE.search(text)
    if m is None:
        return None
    value, unit = float(m.group(1)), m.group(2)
    bits_per_unit = 8.0 if unit in ("GB/s", "MB/s") else 1.0  # written with a capital B: bytes
    giga = 1.0 if unit.lower().startswith("g") else 1e-3
    gbps = value * giga * bits_per_unit
    return gbps if 0 < gbps <= 10_000 else None


def answer(q: Question, reply: Reply) -> bool:
    size_bytes = q.slot("data_bytes")
    name = None
    if size_bytes is None:
        card = q.kb.find_model(str(q.slot("model"))) if q.slot("model") else None
        arch = q.kb.model_architecture(card.id) if card is not None else None
        params = float(arch.params_total) if arch is not None else q.slot("params")
        if params is None:
            return False
        size_bytes = float(params) * WEIGHT_FILE_BYTES_PER_PARAM["bf16"]
        name = card.name if card is not None else None
    size_bytes = float(size_bytes)
    if size_bytes <= 0:
        return False
    stated = stated_gbps(q.text)
    rates = (stated,) if stated is not None else REFERENCE_GBPS
    reply.add(
        "transfer_time",
        size_bytes=size_bytes,
        name=name,
        stated=stated is not None,
        rows=[{"gbps": gbps, "days": _days(size_bytes, gbps)} for gbps in rates],
        in_region_gb_s=DOWNLOAD_GB_PER_S,
        in_region_days=size_bytes / (DOWNLOAD_GB_PER_S * 1e9) / 86400,
    )
    reply.add_faq(FAQ_ID)
    return True


def _days(size_bytes: float, gbps: float) -> float:
    return size_bytes * 8 / (gbps * 1e9) / 86400
