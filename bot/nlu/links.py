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
# Right before a size, a GPU's model ("A100 80G", "H100 80GB", "4090 24G", "MI300X 192G"): the size is that
# GPU's memory, not a link speed, even with a network word near ("A100 80G，集群是 25G 以太网").
_GPU_BEFORE = re.compile(r"(?:\b[a-z]{1,3}\d{2,4}[a-z]{0,2}|\b\d{4})\s*$")


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
        if not _NETWORK_NEAR.search(window) or _GPU_BEFORE.search(low[max(0, m.start() - 10) : m.start()]):
            continue
        value = float(m.group(1)) * (1000.0 if m.group(2) == "t" else 1.0)
        written = t.original[m.start(3) : m.end(3)] if m.group(3) else ""
        out.append(value * 8 if written == "B" else value)
    return out


# The speed said of each GPU ("400G IB per GPU", "每卡 400G"): one link per GPU (multi-rail), not per node.
_PER_GPU = (
    "per gpu", "each gpu", "a gpu", "per card", "每卡", "每张卡", "每块卡", "每个gpu", "每张 gpu", "每 gpu",
)  # fmt: skip
# Words that say the speed is the node's ("3.2 Tbps per node", "每节点"): a per-GPU word then does not count.
_PER_NODE = ("per node", "each node", "a node", "per server", "每节点", "每个节点", "每台")
# A word that any stated network speed comes with (a cheap precondition before the regexes).
_FABRIC_HINTS = (
    "infiniband", " ib", "roce", "rdma", "efa", "ethernet", "gbe", "gbps", "tbps", "gb/s", "tb/s", "nic",
    "network", "interconnect", "网", "網", "万兆", "千兆",
)  # fmt: skip
# A count of links before the speed ("8x400G IB", "8 × 400 Gb/s", "8 张 400G 网卡"): the node's links.
_COUNT_BEFORE = re.compile(
    r"(?<![\w.])(\d{1,2})\s*(?:[x×]|张|块|个|条)\s*(\d+(?:\.\d+)?)\s*(t|g)", re.IGNORECASE
)


def node_link_gbps(text: str, gpus_per_node: int) -> tuple[float, bool] | None:
    """The cluster network a message says it has, in Gb/s per node, and whether it was said per GPU
    (then × gpus_per_node): "3.2 Tbps InfiniBand per node" is 3,200; "8x400G IB" 3,200; "400G IB per GPU"
    400 × gpus_per_node; "400G IB" alone 400 (a node's, as the plan's need is per node). None: none said."""
    raw = text.lower()
    if not any(w in raw for w in _FABRIC_HINTS):
        return None  # one pass of substring tests: most messages name no network
    low = normalise(text).lower
    counted = [
        m for m in _COUNT_BEFORE.finditer(low) if _NETWORK_NEAR.search(low[m.start() : m.end() + NEAR])
    ]
    if counted:
        m = counted[0]
        value = float(m.group(2)) * (1000.0 if m.group(3) == "t" else 1.0)
        return int(m.group(1)) * value, False
    speeds = link_speeds(text)
    if not speeds:
        return None
    speed = max(speeds)
    per_gpu = any(w in low for w in _PER_GPU) and not any(w in low for w in _PER_NODE)
    return (speed * gpus_per_node, True) if per_gpu else (speed, False)
