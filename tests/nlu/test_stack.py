"""The training stack and activation recomputation a message names (issue 12: the stack is an input)."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "stack", "said"),
    [("we use DeepSpeed ZeRO-3", "deepspeed", "DeepSpeed + ZeRO-3"),
     ("我们用 LLaMA-Factory", "deepspeed", "LLaMA-Factory"), ("FSDP", "fsdp", "FSDP"),
     ("fine-tuning with unsloth on a 4090", "unsloth", "unsloth"),
     ("Megatron-LM for pretraining", "megatron", "Megatron-LM"),
     ("torchtune recipes", "torchtune", "torchtune"),
     ("LLaMA-Factory + DeepSpeed ZeRO-3", "deepspeed", "LLaMA-Factory + DeepSpeed + ZeRO-3"),
     ("我們用 TRL 的 SFTTrainer", "deepspeed", "TRL"),
     ("LLaMA-Factory + FSDP", "fsdp", "LLaMA-Factory + FSDP"),
     ("plain DDP with the HF Trainer", "hf", "plain DDP + HF Trainer"),
     ("HF Trainer without DeepSpeed", "hf", "HF Trainer + without DeepSpeed")],
)  # fmt: skip
def test_the_stack_said_maps_onto_the_engines_five(text: str, stack: str, said: str) -> None:
    got = parse(text)
    assert got.slots.stack == stack
    assert got.stack_said == said


@pytest.mark.parametrize(
    ("text", "recompute"),
    [("with gradient checkpointing", "full"), ("selective recompute", "selective"),
     ("no activation checkpointing", "none"), ("开启重计算", "full"), ("关闭梯度检查点", "none")],
)  # fmt: skip
def test_recomputation(text: str, recompute: str) -> None:
    assert parse(text).slots.recompute == recompute


def test_no_stack_named_is_none_and_a_question_about_one_is_an_faq() -> None:
    assert parse("LoRA 7B on 2GB").slots.stack is None
    assert parse("What is DeepSpeed ZeRO-3?").intent == "faq"


@pytest.mark.parametrize(
    "text", ["ZeRO-3 with CPU offload", "we offload the optimizer to CPU", "优化器状态卸载到 CPU"]
)
def test_cpu_offload_is_read(text: str) -> None:
    assert parse(text).slots.offload is True


def test_no_offload_word_leaves_offload_unsaid() -> None:
    assert parse("we use DeepSpeed ZeRO-3").slots.offload is None


@pytest.mark.parametrize(
    "text",
    ["full fine-tune 8B on a 4090 with paged AdamW", "use 8-bit Adam", "bitsandbytes adamw8bit please",
     "torchtune's low-memory recipe", "全参微调用 8-bit 优化器", "用低显存方案全参微调"],
)  # fmt: skip
def test_an_8_bit_or_paged_optimizer_asks_for_the_low_memory_recipe(text: str) -> None:
    assert parse(text).slots.low_memory is True


@pytest.mark.parametrize(
    "text", ["QLoRA 8-bit on a 4090", "full fine-tune 8B on one 4090", "serve Llama 8B in 8-bit"]
)
def test_8_bit_alone_or_nothing_said_leaves_the_recipe_unset(text: str) -> None:
    assert parse(text).slots.low_memory is None


def test_a_model_named_nemo_is_no_nemo_stack() -> None:
    assert parse("QLoRA Mistral-Nemo-Instruct-12B on 2 GB of chats").slots.stack is None
    assert parse("QLoRA Mistral-Nemo-12B with NeMo").slots.stack == "megatron"
