"""The training software a user names ("we use DeepSpeed", "我们用 LLaMA-Factory") changes the plan and
is said back like any other change."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_naming_the_training_software_after_a_plan_is_reported_as_a_change(real: Consultant) -> None:
    real.handle("s", "full fine-tune Llama 3 8B on 16M tokens, no deadline")
    turn = real.handle("s", "we use DeepSpeed")
    changed = next(x for x in turn.text.splitlines() if x.startswith("*What changed*"))
    assert "now DeepSpeed" in changed


def test_cpu_offload_said_in_a_memory_question_shrinks_the_model_state_on_the_gpu(real: Consultant) -> None:
    plain = real.handle("a", "How much memory to full fine-tune Llama 3 70B?").text
    offloaded = real.handle(
        "b", "How much memory to full fine-tune Llama 3 70B with ZeRO-3 CPU offload?"
    ).text
    assert "~15.9 bytes per parameter" in plain
    assert "~2.0 bytes per parameter" in offloaded


def test_a_question_about_a_technique_answers_it_and_leaves_the_plan_alone(real: Consultant) -> None:
    real.handle("s", "LoRA 13B on 1B tokens, 1 week")
    turn = real.handle("s", "What is the difference between ZeRO-2 and ZeRO-3?")
    assert "What changed" not in turn.text and "ZeRO-1" in turn.text
    assert "DeepSpeed" not in str(turn.payload["slots"].get("stack"))


def test_plain_ddp_that_cannot_hold_the_job_is_told_zero_3_fits_the_same_gpus(real: Consultant) -> None:
    # 13B: plain DDP holds the whole model on every GPU, 8 B/param in the Trainer's pure bf16 (104 GB) before
    # activations, so it cannot; an 8B (64 GB) only just can on an 80 GB H100 (see test_training_stack.py)
    text = ask(real, "we use plain DDP on 4 H100s, full fine-tune 13B, does it fit?")
    assert text.startswith("*Not as plain DDP; yes with DeepSpeed ZeRO-3.*")
    assert "with DeepSpeed ZeRO-3" in text.split("*What does fit:*")[1]


def test_plain_ddp_that_only_just_holds_the_job_is_told_the_room_zero_3_leaves(real: Consultant) -> None:
    text = ask(real, "we use plain DDP on 4 H100s, full fine-tune 8B, does it fit?")
    assert text.startswith("*Yes, but only just.*")
    tight, roomy = text.split("With DeepSpeed ZeRO-3", 1)
    assert "stays free" in tight
    per_gpu_gb = float(roomy.split("~", 1)[1].split(" GB per GPU", 1)[0])
    assert per_gpu_gb < 80 * 0.85  # the sharded state leaves the recommended room on an 80 GB card


def test_a_tight_fit_on_a_sharded_stack_is_not_told_to_shard(real: Consultant) -> None:
    text = ask(real, "我们用 DeepSpeed ZeRO-3，4 张 A100 40GB 全参微调 8B，放得下吗")
    assert "用 DeepSpeed ZeRO-3（模型状态切分" not in text


def test_llama_factory_on_several_gpus_is_sized_with_its_deepspeed_zero_configs(real: Consultant) -> None:
    text = ask(real, "我们用 LLaMA-Factory 在 8 张 A100 上 LoRA 微调 70B，显存够吗")
    assert text.startswith("*放得下*") and "DeepSpeed ZeRO-3" in text
