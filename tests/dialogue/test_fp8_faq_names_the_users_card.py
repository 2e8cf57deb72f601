""" "FP8 训练能省多少？" with a plan on a T4: the FAQ says FP8 needs Hopper/Ada and names the A100 as a card
without it; the user's own card is named too, with the precision it trains in."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_the_fp8_faq_on_a_t4_plan_names_the_t4(real: Consultant) -> None:
    real.handle("f1", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 T4")
    turn = real.handle("f1", "FP8 训练能快多少？")
    assert "你的 NVIDIA T4 也没有 FP8 张量核心：在它上面训练用 FP16。" in turn.text


def test_the_fp8_faq_in_english_names_the_v100_the_plan_is_on(real: Consultant) -> None:
    real.handle("f2", "full fine-tune Qwen2.5 7B on 2B tokens within two weeks on V100")
    turn = real.handle("f2", "does fp8 training help?")
    assert "Your NVIDIA V100 32GB (SXM2) has no FP8 tensor cores either: on it, train in FP16." in turn.text


def test_the_fp8_faq_on_an_h100_plan_adds_nothing(real: Consultant) -> None:
    real.handle("f3", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 H100")
    turn = real.handle("f3", "FP8 训练能快多少？")
    assert "也没有 FP8 张量核心" not in turn.text
