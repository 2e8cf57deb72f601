"""Asked how many cards a deep MoE model needs, the chat answers with one copy of the model for a small
load, not one copy per request, and its Assumed line says why the default per-token target was raised."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_small_load_of_qwen3_235b_on_h20_is_one_eight_card_replica(real: Consultant) -> None:
    text = real.handle("f1", "Qwen3-235B-A22B 推理要几张 H20").text
    assert "8 张 NVIDIA H20" in text
    assert "个副本" not in text.splitlines()[1]
    assert "默认的 50 毫秒放宽到" in text
    assert "达不到" not in text


def test_the_english_answer_says_the_floor_in_its_assumptions(real: Consultant) -> None:
    text = real.handle("f2", "how many H200 to serve Qwen3-235B-A22B for 20 users?").text
    line = next(line for line in text.splitlines() if "Assumed" in line)
    assert "the default of 50 ms is raised to 1.5 times" in line
    assert "(8 GPUs)" in text or "8 × NVIDIA H200" in text


def test_the_cheapest_answer_states_the_target_its_plans_were_held_to(real: Consultant) -> None:
    text = real.handle("f3", "cheapest way to serve Qwen3-235B-A22B").text
    line = next(line for line in text.splitlines() if "Assumed" in line)
    assert "the per-token default of 50 ms raised to 1.5 times" in line
    assert "at most 2 s to the first token and 50 ms per token" not in line
