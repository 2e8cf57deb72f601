""" "7B 还是 13B" planned side by side: the 13B runs on more GPUs and ends sooner, yet it is a bigger job,
never the "faster" choice; the reply says what it costs more, in money and in GPU-hours."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_two_sizes_on_different_gpu_counts_say_what_the_bigger_costs_more(real: Consultant) -> None:
    turn = real.handle("b1", "7B 还是 13B？全参微调，2B tokens，两周内")
    assert "更快" not in turn.text
    assert "130亿参数的方案多花 $" in turn.text
    assert "卡时（2 卡 " in turn.text


def test_in_english_the_bigger_model_costs_more_gpu_hours(real: Consultant) -> None:
    turn = real.handle("b2", "7B or 13B? full fine-tune, 2B tokens, within two weeks")
    assert "faster" not in turn.text
    assert "finishes sooner" not in turn.text
    assert "The 13B parameters plan costs $" in turn.text
    assert "more GPU-hours (2 GPUs for " in turn.text
