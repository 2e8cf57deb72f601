"""Follow-ups that change what the conversation holds: a GPU count said as a ceiling, a count with no GPU
type, halving a budget nobody set, a currency corrected alone, and a length per sample after "each one"."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.ports import TurnLike


def say(consultant: Consultant, *texts: str, session: str = "s") -> TurnLike:
    turn = None
    for text in texts:
        turn = consultant.handle(session, text)
    assert turn is not None
    return turn


def top(turn: TurnLike) -> dict:
    return turn.payload["recommendation"]["options"][0]


def test_only_16_cards_after_a_32_card_plan_plans_16_and_says_the_deadline_is_missed(
    real: Consultant,
) -> None:
    first = say(real, "预训练 13B 模型，600B token，BF16，一个月内完成")
    assert top(first)["gpus"] > 16
    turn = say(real, "如果只能用 16 张卡呢")
    assert top(turn)["gpus"] == 16
    assert "最多 16 张卡赶不上 30 天的期限" in turn.text
    assert f"要按期完成需要 {top(first)['gpus']} ×" in turn.text


def test_a_ceiling_that_misses_the_deadline_names_one_count_that_makes_it(real: Consultant) -> None:
    """The engine's line with a second, larger count ("160 × H100-SXM, listed below, finishes in 5.7 days")
    stood beside the limit's "meeting the deadline takes 64 × NVIDIA H100 SXM5"."""
    say(real, "fine-tune a 70B model on 50B tokens in 3 weeks")
    turn = say(real, "what if we only had 32 H100s?")
    assert "meeting the deadline takes 64 × NVIDIA H100 SXM5" in turn.text
    assert "listed below, finishes in" not in turn.text


def test_a_ceiling_above_the_plan_changes_nothing_and_says_so(real: Consultant) -> None:
    first = say(real, "Pretrain a 7B model on 140B tokens in 30 days")
    turn = say(real, "what if we can use at most 16 GPUs?")
    assert top(turn)["gpus"] == top(first)["gpus"] <= 16
    assert f"This plan uses {top(first)['gpus']} GPUs, within your limit of 16" in turn.text


def test_a_gpu_count_without_a_type_plans_that_count_and_asks_for_the_type(real: Consultant) -> None:
    turn = say(real, "我们有 8 个 GPU，想 LoRA 微调一个 13B 模型，数据 1 万条每条 2k token，一周内")
    assert top(turn)["gpus"] == 8
    assert "你说了 8 张卡，没说型号" in turn.text


def test_halving_a_budget_nobody_set_halves_the_plans_cost_and_says_so(real: Consultant) -> None:
    first = say(real, "pretrain a 1B model on 20B tokens in 10 days")
    cost = top(first)["cost"]["amount"]
    turn = say(real, "can we cut the budget in half?")
    assert turn.payload["slots"]["budget"]["amount"] == round(cost / 2, 2)
    assert "no budget set, so the current plan's cost of" in turn.text
    zh = say(real, "预训练 1B 模型，20B token，十天内", "能不能把预算砍半", session="zh")
    assert "没有预算，按当前方案的费用" in zh.text and "上面的方案仍然有效" not in zh.text


def test_a_currency_said_alone_re_denominates_the_budget_held(real: Consultant) -> None:
    turn = say(real, "LoRA fine-tune 7B on 3GB in a week, budget 20k", "that's RMB, not dollars")
    assert turn.payload["slots"]["budget"] == {"amount": 20000.0, "currency": "CNY", "period": "total"}
    assert "a budget of $20,000 → a budget of ¥20,000" in turn.text


def test_each_one_after_a_sample_count_is_the_length_of_each(real: Consultant) -> None:
    turn = say(
        real, "QLoRA a 70B model on about 25k dialogues", "each one is roughly 3k tokens", "by mid-January"
    )
    assert turn.payload["slots"]["tokens"] == 7.5e7
    assert turn.payload["recommendation"]


def test_a_budget_in_an_unpriced_currency_is_asked_back_and_the_plan_still_shown(real: Consultant) -> None:
    turn = say(
        real, "QLoRA 微調 14B，資料 2 萬筆", "每筆大概 1200 tokens", "農曆年前完成，預算每月 50 萬日圓"
    )
    assert "50 萬日圓" in turn.text and turn.payload["recommendation"]
    assert "2027-02-05" in turn.text and turn.payload["slots"]["budget"] is None


def test_one_more_epoch_adds_to_the_epochs_held_and_absent_epochs_count_as_one(real: Consultant) -> None:
    turn = say(real, "LoRA 微调 13B，数据 2 万条每条 2k，训 2 轮，一周", "再多训一轮呢")
    assert turn.payload["slots"]["epochs"] == 3 and "训练 2 轮 → 训练 3 轮" in turn.text
    en = say(real, "pretrain 3B on 60B tokens in 3 weeks", "what about doubling the epochs", session="en")
    assert en.payload["slots"]["epochs"] == 2


def test_more_weeks_extend_the_deadline_held(real: Consultant) -> None:
    turn = say(real, "pretrain 3B on 60B tokens in 3 weeks", "give us 2 more weeks")
    assert turn.payload["slots"]["days"] == 35


def test_a_new_budget_without_a_currency_keeps_the_currency_held(real: Consultant) -> None:
    turn = say(real, "預訓練 3B 模型，資料 60B tokens，BF16，三週，預算 2 萬美元", "如果預算只有一萬呢")
    assert turn.payload["slots"]["budget"] == {"amount": 10000.0, "currency": "USD", "period": "total"}
    assert "預算 $10,000。" in turn.text  # the conversation's currency: nothing assumed, nothing to say


def test_a_bare_budget_after_one_said_in_yuan_stays_in_yuan_without_assuming_mainland_china(
    real: Consultant,
) -> None:
    for first, then, said in (
        ("全参微调 7B，数据 20GB，两周，预算 ¥5万", "预算改10万", "预算 ¥100,000。"),
        ("全參微調 7B，資料 20GB，兩週，預算 5 萬人民幣", "那預算改成 8 萬呢", "預算 ¥80,000。"),
        (
            "full fine-tune 7B on 20GB in two weeks, budget ¥50k",
            "make the budget 100k",
            "a budget of ¥100,000.",
        ),
    ):
        turn = say(real, first, then, session=first)
        assert turn.payload["slots"]["budget"]["currency"] == "CNY"
        assert said in turn.text
        assert "币种" not in turn.text and "幣種" not in turn.text and "no currency" not in turn.text
    # Still assumed, and said, when no currency was ever given.
    turn = say(real, "全参微调 7B，数据 20GB，两周，预算 5万", "预算改10万", session="none")
    assert "（没说币种，按人民币算" in turn.text


def test_a_monthly_cap_with_no_currency_word_is_a_budget_in_yuan_said_as_assumed(real: Consultant) -> None:
    turn = say(real, "我们想对 7B 模型做 LoRA 微调，数据 5 万条，每条 2k token，两周内完成", "一个月 1w 以内")
    assert turn.payload["slots"]["budget"] == {"amount": 10000.0, "currency": "CNY", "period": "month"}
    assert "预算 ¥10,000/月（没说币种，按人民币算，并按在国内租卡规划）" in turn.text
    said = say(real, "LoRA a 7B model on 100M tokens in 2 weeks", "budget is 5000 usd")
    assert "no currency said" not in said.text


def test_a_gpu_no_instance_can_run_the_job_on_says_why_and_plans_on_any_gpu(real: Consultant) -> None:
    turn = say(real, "预训练 7B，300B token，一个月内", "如果用 A10 呢")
    assert "A10 跑不了这个任务：目录里的实例规格装不下" in turn.text
    assert turn.payload["recommendation"]["options"]


def test_a_gpu_too_slow_on_any_count_says_how_long_and_plans_on_any_gpu(real: Consultant) -> None:
    turn = say(real, "pretrain 7B on 300B tokens in 30 days", "what about 4 T4s?")
    assert "4 × T4 cannot run this job (about" in turn.text
    assert top(turn)["days"] <= 30
