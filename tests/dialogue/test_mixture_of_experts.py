"""A mixture-of-experts model in chat: its active parameters reach the engine and the reply."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

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
