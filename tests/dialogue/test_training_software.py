"""The training software a user names ("we use DeepSpeed", "我们用 LLaMA-Factory") changes the plan and
is said back like any other change."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


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
