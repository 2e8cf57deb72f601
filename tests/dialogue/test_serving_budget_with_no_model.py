"""A serving budget with no model named ("our budget is $500/month for inference, what's the biggest model
we can serve to ~20 users?") gets what the budget serves: open models of growing size, each on its cheapest
option at the load, against the budget, and the biggest within it; never the training form's question."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "with $1000 a month, what model can we host for 50 people?",
            "*What $1,000 a month serves to 50 concurrent",
        ),
        (
            "we have $3k/month for serving, what can we deploy?",
            "*What $3,000 a month serves at 10 requests at once",
        ),
        (
            "what's the largest model we can serve to 20 users for $500 a month?",
            "*What $500 a month serves to 20",
        ),
        (
            "每月预算 3000 块，能部署多大的模型给 30 个人用？",
            "*每月 ¥3,000 的预算能部署多大的模型（30 个并发用户）",
        ),
        (
            "每月預算 2 萬元，能部署多大的模型給 30 個人用？",
            "*每月 ¥20,000 的預算能部署多大的模型（30 個併發使用者）",
        ),
    ],
)
def test_a_serving_budget_without_a_model_says_the_biggest_model_it_serves(
    real: Consultant, text: str, says: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(says)
    assert "Llama 3.1 8B" in reply and "Llama 3.3 70B" in reply
    assert not any(f in reply for f in FORM)


def test_the_biggest_model_within_the_budget_is_named_first(real: Consultant) -> None:
    reply = ask(real, "we have $3k/month for serving, what can we deploy?")
    first = reply.split("\n")[0]
    assert "up to *Qwen2.5 32B*" in first
    assert "• Llama 3.3 70B:" in reply and reply.split("• Llama 3.3 70B:")[1].split("\n")[0].endswith(
        "over the budget"
    )


def test_a_budget_too_small_for_any_says_what_the_smallest_costs(real: Consultant) -> None:
    reply = ask(
        real, "our budget is $500/month for inference, what's the biggest model we can serve to ~20 users?"
    )
    assert "none of these open models running all month: the smallest, Llama 3.1 8B, costs $" in reply


def test_is_a_budget_enough_names_the_cheapest_option_in_any_precision(real: Consultant) -> None:
    no = ask(real, "is $500 a month enough to serve Mistral 7B?")
    assert no.startswith(
        "*No: the budget does not cover it.* The cheapest option that carries this load, 1 × "
    )
    assert " in FP8, costs" in no.split("\n")[0]
    yes = ask(real, "is $600 a month enough to serve Mistral 7B?")
    assert (
        yes.startswith("*Yes: the budget covers it.*") and " in FP8 carries this load" in yes.split("\n")[0]
    )
