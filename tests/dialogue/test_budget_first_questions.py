"""A budget said first is answered with what it buys."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_budget_first_question_gets_what_the_budget_buys_not_the_model_size_question(
    real: Consultant,
) -> None:
    text = ask(real, "what can I train with $5k?")
    assert text.startswith("*What $5,000 buys*") and "GPU-hours" in text and "LoRA, 7B model" in text
    assert "How many parameters" not in text and "pre-training from scratch, 1B model" in text
    zh = ask(real, "我有 1 万块预算，能训练什么模型")
    assert zh.startswith("*¥10,000 能买到什么*（约 $1,4") and "卡时" in zh and "模型有多少参数" not in zh


def test_can_a_budget_pay_for_a_job_gets_the_verdict_and_the_data_it_trains(real: Consultant) -> None:
    text = ask(real, "只有 2000 块钱，能 LoRA 一个 7B 吗")
    assert text.startswith("*能*。¥2,000 够 70亿参数模型的 LoRA 微调训练约") and "训练数据有多少" not in text


def test_the_budget_stays_for_the_plan_that_follows_the_budget_answer(real: Consultant) -> None:
    text = ask(real, "what can I train with $5k?", "LoRA 13B on 200M tokens, no deadline")
    assert "*Recommended:*" in text and "a budget of $5,000" in text


def test_a_budget_in_mainland_china_is_spent_on_gpus_rentable_there(real: Consultant) -> None:
    text = ask(real, "在国内租卡，预算 1 万，能训练什么")
    assert "B200" not in text and "国内算力市场公开的按卡标价" in text


def test_a_pretraining_budget_shows_which_sizes_it_trains_compute_optimally(real: Consultant) -> None:
    text = ask(real, "we got 10k USD budget, whats the largest model we could pretrain?")
    assert "3B model" in text and "7B model" in text and "beyond the budget" in text


def test_a_budget_said_before_its_word_or_per_month_is_answered_with_what_it_buys(real: Consultant) -> None:
    assert ask(real, "有 5 万预算，想训个自己的模型").startswith("*¥50,000 能买到什么*")
    assert ask(real, "budget is $5k per month, what can we train?").startswith("*What $5,000 per month buys*")
    assert ask(real, "what would $3000 get me for fine-tuning llama 3 70b?").startswith("*What $3,000 buys*")
    assert "How much training data?" in ask(real, "Pretrain 1B params, budget $10k, how long?")


def test_the_largest_model_a_budget_pretrains_in_the_time_is_the_answer_not_a_question_back(
    real: Consultant,
) -> None:
    en = ask(real, "we have 3 weeks and $20k, what's the biggest model we can pretrain?")
    assert en.startswith("*The largest model $20,000 pre-trains from scratch within 21 days: ~")
    assert "compute-optimal" in en and "How many parameters" not in en
    short = ask(real, "how large a model can we pre-train from scratch with $5,000 in 10 days?")
    assert short.startswith("*The largest model $5,000 pre-trains from scratch within 10 days: ~")
    hans = ask(real, "预算 2 万美元，一个月内最大能从头预训练多大的模型？")
    assert hans.startswith("*$20,000 在 30 天内最大能从头预训练约 ") and "模型有多少参数" not in hans
    hant = ask(real, "預算兩萬美元，三週內最大能預訓練多大的模型？")
    assert hant.startswith("*$20,000 在 21 天內最大能從頭預訓練約 ")


def test_a_smaller_budget_or_a_shorter_deadline_pretrains_a_smaller_model(real: Consultant) -> None:
    def size(text: str) -> float:
        found = re.search(r"~([\d.]+)([MB]) parameters", text)
        assert found is not None, text
        return float(found.group(1)) * (1e9 if found.group(2) == "B" else 1e6)

    big = size(ask(real, "we have 3 weeks and $20k, what's the biggest model we can pretrain?"))
    cheap = size(ask(real, "we have 3 weeks and $5k, what's the biggest model we can pretrain?"))
    quick = size(ask(real, "we have 2 days and $20k, what's the biggest model we can pretrain?"))
    assert cheap < big and quick < big


def test_with_a_deadline_every_size_the_budget_pretrains_is_planned_to_finish_within_it(
    real: Consultant,
) -> None:
    en = ask(real, "we have 3 weeks and $20k, what's the biggest model we can pretrain?")
    rows = [line for line in en.splitlines() if "pre-training from scratch, " in line]
    assert len(rows) == 3 and all("(within 21 days)" in row for row in rows), en
    assert "1 × NVIDIA B200" not in en
    other = ask(real, "With $50k and 10 days, how big a model can we train from scratch?")
    assert other.count("(within 10 days)") == 3
    hans = ask(real, "我们有三周和两万美元，最大能从头预训练多大的模型？")
    assert hans.count("（在 21 天内）") == 3
    hant = ask(real, "預算 5000 美元、一週內，最大能從零預訓練多大的模型？")
    assert hant.count("（在 7 天內）") == 3


def test_a_deadline_no_plan_meets_says_each_size_misses_it(real: Consultant) -> None:
    text = ask(real, "We have $1M and 5 hours, what's the biggest model we can pretrain?")
    rows = [line for line in text.splitlines() if "pre-training from scratch, " in line]
    assert rows and all("even on the fastest plan: beyond 5 hours" in row for row in rows), text
