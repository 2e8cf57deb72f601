"""Words for a server's parts that are not a GPU's memory: the network between nodes, link speeds and the
server's own RAM and disks. A byte size or a speed next to one of them is a link speed or storage ("100G
网卡", "400Gb InfiniBand", "2TB NVMe"), never GPU memory and never the training data. One list per concept,
simplified Chinese and lower-case English, for every reader: the NLU (bot/nlu: the memory filter, hardware
sizes, link speeds) and the quotes of GPU specs (knowledge.quotes), which also reads Taiwan's spellings."""

from __future__ import annotations

# The network between nodes.
NETWORK_WORDS = (
    "网络", "网路", "以太", "乙太", "网卡", "network", "networks", "networking", "infiniband", "ib",
    "roce", "rocev2", "ethernet", "nic", "nics",
)  # fmt: skip
# The same words as Taiwan writes them, for text read before simplification (knowledge.quotes).
NETWORK_WORDS_HANT = ("網路", "網絡", "網卡")
# A transfer rate between GPUs or nodes: a size next to these is a speed.
LINK_SPEED_WORDS = ("nvlink", "带宽", "bandwidth")
# The GPU-to-GPU links of knowledge/schema.py's scale_up.kind, as a reader writes them.
SCALE_UP_LINK_NAMES = {
    "nvlink": "NVLink",
    "nvlink_bridge": "NVLink bridge",
    "infinity_fabric": "Infinity Fabric",
}
# The server's RAM and disks.
# (记忆体 is how Taiwan's 記憶體 reads once simplified: RAM, or a GPU's memory where a GPU owns it)
STORAGE_WORDS = (
    "内存", "记忆体", "ram", "disk", "disks", "硬盘", "存储", "storage", "ssd", "ssds", "nvme", "hdd", "nas",
    "nfs", "lustre", "gpfs", "固态", "磁盘", "云盘",
)  # fmt: skip
STORAGE_WORDS_HANT = ("存儲", "硬碟", "記憶體")
# 记忆体 said of a GPU ("GPU 記憶體 80GB 以上", "顯示記憶體", "顯卡的記憶體"): the GPU's memory, never the
# server's RAM, wherever the size stands.
GPU_OWNED_MEMORY = (
    "显示记忆体", "gpu记忆体", "gpu 记忆体", "gpu的记忆体", "gpu 的记忆体", "显卡记忆体", "显卡的记忆体",
    "卡的记忆体",
)  # fmt: skip

# A verb of having right before a byte size that is some GPU's memory, later in a sentence that names a
# GPU ("the L4 does 121 TFLOPS and has 24GB, right?"): the size is that GPU's memory, not data.
HAS_WORDS = ("has", "have", "with", "带", "帶")


def has_before(text: str, pos: int) -> bool:
    """`text` (lower-case) ends in one of HAS_WORDS, as a word, right before `pos`."""
    head = text[:pos].rstrip()
    return any(
        head.endswith(w) and (not w.isascii() or not head[: -len(w)][-1:].isalnum()) for w in HAS_WORDS
    )
