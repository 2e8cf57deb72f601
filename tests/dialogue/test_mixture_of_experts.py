"""A mixture-of-experts model in chat: its active parameters reach the engine and the reply."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask
from .fakes import ScriptedParse


def test_a_moe_model_is_planned_on_its_active_parameters_until_a_plain_size_replaces_it(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("47B MoE, 13B active", params=47e9, active_params=13e9, method="pretrain")
    nlu.understands("1T tokens in 30 days", tokens=1e12, days=30)
    nlu.understands("actually 70B", intent="correction", params=70e9)

    asked = consultant.handle("s", "47B MoE, 13B active")
    planned = consultant.handle("s", "1T tokens in 30 days")
    corrected = consultant.handle("s", "actually 70B")

    assert "47B total / 13B active parameters" in asked.text
    assert planned.payload["recommendation"]["workload"]["active_params"] == 13e9
    assert "47B total / 13B active parameters" in planned.text
    assert corrected.payload["recommendation"]["workload"]["active_params"] is None
    assert "70B parameters" in corrected.text and "active parameters" not in corrected.text


def test_which_parameters_the_compute_follows_is_answered_from_the_model_card(real: Consultant) -> None:
    text = ask(real, "does DeepSeek-V3 need 671B worth of compute per token?")
    assert text.startswith("*Only its 37B active parameters compute per token, not all 671B")
    zh = ask(real, "Mixtral 8x7B 激活参数多少 训练算力按哪个算")
    assert "训练算力按激活参数 129亿算" in zh


def test_serving_memory_of_a_mixture_of_experts_says_all_experts_stay_in_memory(real: Consultant) -> None:
    text = ask(real, "how much vram to serve deepseek v3")
    assert "each token uses 37B of its 671B parameters, but all 671B stay in GPU memory" in text
