"""The cheapest way to serve a model may quantise it below its own precision: then the heading names the
precision the plan uses, not the model's, and the answer says why and what keeping it would mean. A
precision the user asks for is kept."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_quantised_cheapest_plan_names_its_precision_and_why(real: Consultant) -> None:
    text = real.handle("p1", "cheapest way to serve DeepSeek-R1").text
    heading = text.splitlines()[0]
    assert "in INT4" in heading and "(FP8)" not in heading
    assert "not the FP8 the model ships in" in text
    assert "check it on your own prompts" in text


def test_the_chinese_heading_agrees_with_the_plan(real: Consultant) -> None:
    text = real.handle("p2", "部署 DeepSeek-R1 最便宜的方案").text
    heading = text.splitlines()[0]
    assert "（INT4）" in heading and "（FP8）" not in heading
    assert "而不是模型发布时的 FP8" in text


def test_a_precision_the_user_asks_for_is_kept(real: Consultant) -> None:
    text = real.handle("p3", "cheapest way to serve Llama 3.1 8B in FP8").text
    assert "(FP8)" in text.splitlines()[0]
    assert "INT4" not in text
