"""The training stack a message names ("we use DeepSpeed ZeRO-3", "我们用 LLaMA-Factory", "FSDP",
"unsloth", "Megatron") and activation recomputation ("gradient checkpointing", "selective recompute").

Stacks are the engine's five (issue 12): megatron | deepspeed | fsdp | hf | unsloth. Frameworks map onto
the parallelism they run with across GPUs: torchtune and torchtitan shard with FSDP; LLaMA-Factory, TRL,
PEFT, axolotl, ms-swift and XTuner run on the Hugging Face Trainer / Accelerate and ship DeepSpeed ZeRO
configs for multi-GPU jobs (LLaMA-Factory examples/deepspeed/ds_z3_config.json, TRL
examples/accelerate_configs/deepspeed_zero3.yaml, axolotl deepspeed_configs/zero3.json, ms-swift and XTuner
`--deepspeed zero3`), so they are deepspeed, with the ZeRO stage the job needs. Plain DDP said as such
("DDP", "HF Trainer without DeepSpeed") is hf: every GPU holds the whole model. NeMo is Megatron. A
parallelism engine named beside a framework wins ("LLaMA-Factory + FSDP" is fsdp): it decides memory and
speed.
"""

from __future__ import annotations

import re

from bot.nlu import lexicon

# (stack, rank, phrases): the lowest rank named wins; inside a rank, the first in the text.
STACKS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("megatron", 0, ("megatron-lm", "megatron-core", "megatron", "mcore", "nemo", "nvidia nemo")),
    ("deepspeed", 0, ("deepspeed", "zero-3", "zero3", "zero 3", "zero-2", "zero2", "zero stage 3",
                      "zero stage 2", "zero-infinity", "zero++")),
    ("fsdp", 0, ("fsdp2", "fsdp", "fully sharded data parallel", "torchtitan")),
    ("unsloth", 1, ("unsloth",)),
    ("torchtune", 1, ("torchtune",)),
    ("hf", 0, ("ddp", "plain ddp", "distributeddataparallel", "distributed data parallel",
               "without deepspeed", "no deepspeed", "不用 deepspeed", "不用deepspeed")),
    ("deepspeed", 1, ("llama-factory", "llamafactory", "llama factory", "trl", "peft", "axolotl", "ms-swift",
                      "hugging face", "huggingface", "hf trainer", "transformers trainer", "xtuner")),
)  # fmt: skip
# (value, phrases), most specific first: "no gradient checkpointing" before "gradient checkpointing".
RECOMPUTE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("none", ("no recompute", "no recomputation", "without recompute", "without recomputation",
              "no activation checkpointing", "no gradient checkpointing", "without gradient checkpointing",
              "without activation checkpointing", "recompute off", "不开重计算", "关闭重计算", "不用重计算",
              "关闭梯度检查点", "不开梯度检查点", "不用梯度检查点")),
    ("selective", ("selective recompute", "selective recomputation", "selective activation recomputation",
                   "selective activation checkpointing", "选择性重计算", "部分重计算")),
    ("full", ("full recompute", "full recomputation", "full activation checkpointing",
              "activation checkpointing", "gradient checkpointing", "activation recomputation", "recompute",
              "重计算", "激活重计算",
              "梯度检查点", "激活检查点")),
)  # fmt: skip


def find_stack(s: str) -> tuple[str | None, list[tuple[int, int]]]:
    """(stack, spans of every stack phrase named, in text order), or (None, [])."""
    best: tuple[int, int, str] | None = None  # rank, position, stack
    spans: list[tuple[int, int]] = []
    for stack, rank, phrases in STACKS:
        for m in lexicon.phrases_in(s, phrases):
            spans.append((m.start(), m.end()))
            if best is None or (rank, m.start()) < best[:2]:
                best = (rank, m.start(), stack)
    return (best[2] if best else None), _merged(spans)


# CPU offload of optimizer states, gradients and master weights (ZeRO-Offload, FSDP CPU offload).
OFFLOAD = (
    "offload", "cpu offload", "zero-offload", "zero offload", "offload to cpu", "offloading", "卸载到cpu",
    "卸载到 cpu", "卸载到内存", "offload到cpu", "offload 到 cpu", "放到cpu", "放到 cpu", "放到内存",
)  # fmt: skip


def find_offload(s: str) -> bool | None:
    return True if lexicon.has_cue(s, OFFLOAD) else None


# The low-memory full fine-tuning recipe (sizing.lowmem): an 8-bit or paged optimizer named as such.
# "8-bit" alone is not one: in a training message it is as often QLoRA (bot.nlu.serving).
LOW_MEMORY = (
    "8-bit adam", "8bit adam", "8 bit adam", "8-bit adamw", "8bit adamw", "8 bit adamw", "paged adamw",
    "paged adamw8bit", "paged 8-bit adamw", "paged 8bit adamw", "paged 8-bit adam", "adam 8-bit", "adam 8bit",
    "adamw8bit", "adamw 8bit", "adamw_8bit", "adamw 8-bit", "adamw_bnb_8bit", "paged adam", "paged_adamw",
    "pagedadamw", "paged optimizer", "8-bit optimizer", "8bit optimizer", "8 bit optimizer",
    "low-memory recipe", "low memory recipe", "optimizer in backward", "optimizer_in_bwd",
    "8-bit 优化器", "8bit 优化器", "8位优化器", "8 比特优化器", "分页优化器", "分页 adamw",
    "低显存方案", "省显存方案", "低显存配方",
)  # fmt: skip


# The training objective when it is preference or RL tuning ("DPO on a 7B", "用 ORPO 训", "GRPO on Qwen 7B"):
# DPO, IPO and KTO train against a frozen reference model; ORPO and SimPO need none; GRPO and PPO (RLHF)
# generate rollouts as they train. One search over the lower-cased message; each phrase names its objective.
OBJECTIVES = {
    "dpo": "dpo", "direct preference optimization": "dpo", "direct preference optimisation": "dpo",
    "直接偏好优化": "dpo", "ipo": "ipo", "kto": "kto", "orpo": "orpo", "simpo": "simpo", "grpo": "grpo",
    "ppo": "ppo", "rlhf": "ppo",
}  # fmt: skip
_OBJECTIVE = re.compile(
    r"(?<![a-z0-9])(" + "|".join(sorted(map(re.escape, OBJECTIVES), key=len, reverse=True)) + r")(?![a-z0-9])"
)


_OBJECTIVE_PHRASES = tuple(OBJECTIVES)


def find_objective(s: str) -> str | None:
    if not lexicon.has_cue(s, _OBJECTIVE_PHRASES):
        return None  # the cheap precondition: a phrase of its own table as a whole word
    found = _OBJECTIVE.search(s)
    return OBJECTIVES[found.group(1)] if found is not None else None


def find_low_memory(s: str) -> bool | None:
    return True if lexicon.has_cue(s, LOW_MEMORY) else None


def find_recompute(s: str) -> str | None:
    for value, phrases in RECOMPUTE:
        if lexicon.has_cue(s, phrases):
            return value
    return None


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


__all__ = [
    "LOW_MEMORY",
    "OFFLOAD",
    "RECOMPUTE",
    "STACKS",
    "find_low_memory",
    "find_objective",
    "find_offload",
    "find_recompute",
    "find_stack",
]
