"""The network speed a message states between nodes, in Gb/s per node: "万兆" (10 GbE), "千兆", "25G 网卡",
"100 Gb Ethernet", "100GbE", "200Gbps InfiniBand", "3.2 Tb/s", "400G IB". A speed in bytes ("50 GB/s",
with a capital B) counts eight times. Only a number next to a network word is a link speed: "A100 40G" is
a GPU's memory, "100G 数据" a dataset."""

from __future__ import annotations

import re

from bot.nlu.text import normalise
from knowledge.hardware_words import NETWORK_WORDS
from knowledge.names import alternation

# Chinese names of Ethernet speeds, longest first: 十万兆 holds 万兆.
NAMED_SPEEDS = (("十万兆", 100.0), ("万兆", 10.0), ("千兆", 1.0), ("百兆", 0.1))
_SPEED = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*(t|g)(b|bit|bits)?(?:e\b|ps\b|/s|it/s)?(?![a-z0-9])", re.IGNORECASE
)
# The network words, and more that only a speed takes: any 网 ("网速"), a fabric, a rate's unit.
_NETWORK_NEAR = re.compile(
    alternation(NETWORK_WORDS)
    + r"|网|網|eth\b|以太|乙太|rdma|efa|link|interconnect|互联|互聯|gbe|gbps|tbps|gb/s|tb/s",
    re.IGNORECASE,
)
# How far a network word may be from the number (characters either side).
NEAR = 14


def named_speed_gbps(text: str) -> float | None:
    """The Ethernet speed a message names in Chinese ("万兆", "千兆", zh-Hant too), in Gb/s, or None."""
    low = normalise(text).lower
    return next((gbps for word, gbps in NAMED_SPEEDS if word in low), None)


def link_gbps(text: str) -> float | None:
    """The first link speed the message states, in Gb/s, or None."""
    speeds = link_speeds(text)
    return speeds[0] if speeds else None


def link_speeds(text: str) -> list[float]:
    """Every link speed the message states, in Gb/s, in order ("do I need 400G InfiniBand, or is 100G
    Ethernet ok?": both); a Chinese speed name alone stands for the message's."""
    named = named_speed_gbps(text)
    if named is not None:
        return [named]
    t = normalise(text)
    low = t.lower
    out = []
    for m in _SPEED.finditer(low):
        window = low[max(0, m.start() - NEAR) : m.end() + NEAR]
        if not _NETWORK_NEAR.search(window):
            continue
        value = float(m.group(1)) * (1000.0 if m.group(2) == "t" else 1.0)
        written = t.original[m.start(3) : m.end(3)] if m.group(3) else ""
        out.append(value * 8 if written == "B" else value)
    return out
