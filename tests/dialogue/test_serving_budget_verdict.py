"""Asking whether a budget is enough to serve a model is answered yes or no first, then the plan."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_budget_too_small_to_serve_a_model_is_a_no_first(real: Consultant) -> None:
    text = ask(real, "is $500 a month enough to serve mistral 7b for a small team?")
    assert text.startswith("*No: the budget does not cover it.* The cheapest option that carries this load")
    assert "($500 for a month of serving)" in text
    assert text.count("over the budget") == 0  # the warning below is not said a second time


def test_a_budget_that_covers_serving_is_a_yes_first(real: Consultant) -> None:
    text = ask(real, "is $3000 a month enough to serve llama 3 8b?")
    assert text.startswith("*Yes: the budget covers it.*") and "*Serving Llama 3 8B" in text


def test_a_chinese_budget_question_is_answered_in_its_currency(real: Consultant) -> None:
    hant = ask(real, "每月預算 2000 美金，夠不夠跑 Llama 3 70B 的推理服務")
    assert hant.startswith("*不夠*：能承載這個負載的最便宜方案") and "$2,000" in hant.split("\n")[0]
    yuan = ask(real, "预算每月2万人民币，部署 Qwen2.5 7B 够吗")
    assert yuan.startswith("*够*：") and "¥20,000" in yuan.split("\n")[0]


def test_a_serving_plan_with_a_budget_but_no_question_about_it_has_no_verdict(real: Consultant) -> None:
    text = ask(real, "serve llama 3 8b, budget $3000 a month")
    assert text.startswith("*Serving Llama 3 8B")
