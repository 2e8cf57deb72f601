"""What-ifs that scale a value the plan holds ("预算砍半呢", "what if we double the data?"): the held value
times the factor, re-planned, with the change stated, on the real parser and engine."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_halving_the_budget_replans_on_half_of_the_held_budget(real: Consultant) -> None:
    real.handle("s", "预训练一个1B模型，100B token，预算5万美元")
    turn = real.handle("s", "预算砍半呢")

    assert turn.payload["slots"]["budget"] == {"amount": 25000.0, "currency": "USD", "period": "total"}
    assert "$50,000 → 预算 $25,000" in turn.text
    assert turn.payload["recommendation"]


def test_doubling_the_data_doubles_the_tokens_and_says_so(real: Consultant) -> None:
    real.handle("s", "pretrain 1B on 100B tokens in 2 weeks")
    turn = real.handle("s", "what if we double the data?")

    assert turn.payload["slots"]["tokens"] == 2e11
    assert "100B tokens → 200B tokens" in turn.text


def test_cutting_the_budget_in_half_never_reads_half_as_the_amount(real: Consultant) -> None:
    real.handle("s", "pretrain 1B on 100B tokens in 2 weeks, budget $50k")
    turn = real.handle("s", "cut the budget in half")

    assert turn.payload["slots"]["budget"]["amount"] == 25000.0
    assert "$0.50" not in turn.text


def test_a_budget_said_to_be_only_half_or_half_that_is_half_the_held_budget_not_fifty_cents(
    real: Consultant,
) -> None:
    for opening, what_if in (
        ("pretrain 1B on 100B tokens, budget $40k", "and if the budget were half that?"),
        ("pretrain 1B on 100B tokens, budget $40k", "what if our budget is only half?"),
        ("预训练一个1B模型，100B token，预算4万美元", "如果预算只剩一半呢"),
        ("預訓練一個 1B 模型，100B token，預算 4 萬美元", "要是預算只有一半呢？"),
    ):
        real.handle(what_if, opening)
        turn = real.handle(what_if, what_if)
        assert turn.payload["slots"]["budget"]["amount"] == 20000.0, what_if
        assert "$0.50" not in turn.text and "$1.00" not in turn.text


def test_only_half_of_the_data_being_of_one_kind_is_a_share_not_a_scale(real: Consultant) -> None:
    real.handle("s", "预训练一个1B模型，100B token，两周")
    turn = real.handle("s", "数据只有一半是中文")
    assert turn.payload["slots"]["tokens"] == 1e11


def test_halving_the_time_of_a_held_timeline(real: Consultant) -> None:
    real.handle("s", "LoRA 微调 7B，数据 2 万条，每条 1k token，一周，训 2 轮")
    assert real.handle("s", "轮数翻倍呢").payload["slots"]["epochs"] == 4
    assert real.handle("s", "時間減半呢").payload["slots"]["days"] == 3.5


def test_a_scale_with_nothing_held_changes_nothing(real: Consultant) -> None:
    turn = real.handle("s", "what if we double the budget?")
    assert turn.payload["slots"].get("budget") is None


def test_a_length_per_sample_said_as_one_sample_completes_a_pending_count(real: Consultant) -> None:
    real.handle("s", "LoRA 微调 Qwen2.5-14B，我们有 3w 条对话")
    turn = real.handle("s", "平均一条 1500 token 左右")
    assert turn.payload["slots"]["tokens"] == 4.5e7


def test_doubling_the_gpus_doubles_the_count_of_the_plan_shown(real: Consultant) -> None:
    first = real.handle("s", "pretrain 7B on 1T tokens in 30 days")
    top = first.payload["recommendation"]["options"][0]
    turn = real.handle("s", "double the GPUs?")
    new = turn.payload["recommendation"]["options"][0]
    assert new["gpu"] == top["gpu"] and new["gpus"] == 2 * top["gpus"]
    assert f"{top['gpus']} GPUs → {2 * top['gpus']} GPUs" in turn.text


def test_asking_whether_the_held_time_can_be_halved_replans_on_half_of_it(real: Consultant) -> None:
    real.handle("zh", "训练一个70亿参数的模型，数据1TB，一个月")
    real.handle("en", "Pretrain a 7B model on 200B tokens in 30 days")

    zh = real.handle("zh", "时间减半可以吗？")
    en = real.handle("en", "can we halve the time?")

    assert zh.payload["slots"]["days"] == 15 and "30 天 → 15 天" in zh.text
    assert en.payload["slots"]["days"] == 15 and "30 days → 15 days" in en.text


def test_a_conditional_about_scaling_in_general_still_gets_the_faq_inside_a_plan(real: Consultant) -> None:
    real.handle("s", "Pretrain a 7B model on 200B tokens in 30 days")
    turn = real.handle("s", "If I double the GPUs, does training take half as long?")

    assert turn.payload["slots"]["days"] == 30 and "*What changed*" not in turn.text


def test_halving_the_time_with_no_deadline_halves_the_plans_duration(real: Consultant) -> None:
    real.handle("h", "full fine-tune 7B on 2B tokens, bf16, $20k budget")
    text = real.handle("h", "what if we need it in half the time?").text
    assert text.startswith(
        "*What changed*: no deadline set, so the current plan's 1.6 days → a deadline of 19 hours"
    )
    real.handle("z", "预训练 7B，数据 100B token，BF16，不急")
    assert real.handle("z", "时间减半呢").text.startswith(
        "*变化*：不限工期，按当前方案的 9.6 天 → 期限 4.8 天"
    )


def test_twice_as_fast_halves_the_plans_time_but_a_question_about_speed_changes_nothing(
    real: Consultant,
) -> None:
    real.handle("f", "预训练 1B，数据 50B token，预算 2000 美元")
    assert real.handle("f", "时间能不能再快一倍").text.startswith(
        "*变化*：不限工期，按当前方案的 3.3 天 → 期限 1.6 天"
    )
    real.handle("q", "预训练 1B，数据 50B token，预算 2000 美元")
    turn = real.handle("q", "加倍 GPU 数量，训练时间能减半吗？")
    assert turn.payload["slots"].get("days") is None and "*变化*" not in turn.text


def test_could_it_run_twice_as_fast_after_a_plan_halves_its_time_not_the_fp8_faq(real: Consultant) -> None:
    real.handle("tf", "Pretrain 7B on 100B tokens, 2 weeks")
    text = real.handle("tf", "could it run twice as fast?").text
    assert text.startswith("*What changed*: 14 days → 7 days")
    assert "FP8" not in text.splitlines()[0]


def test_a_new_count_on_a_count_the_plan_chose_says_the_old_count_too(real: Consultant) -> None:
    for user, opening, follow_up, said in [
        (
            "en1",
            "pretrain a 7B model on 20B tokens, no deadline",
            "ok and on 16 of them?",
            "{} GPUs → 16 GPUs",
        ),
        (
            "en2",
            "pretrain a 7B model on 20B tokens, no deadline",
            "what if I use 8 GPUs?",
            "{} GPUs → 8 GPUs",
        ),
        ("zh", "预训练 7B 模型，20B tokens，不限时间", "那 16 张卡呢", "{} 张卡 → 16 张卡"),
        ("hant", "預訓練 7B 模型，20B tokens，不限時間", "換成 16 張卡呢", "{} 張卡 → 16 張卡"),
    ]:
        first = real.handle(user, opening)
        chosen = first.payload["recommendation"]["options"][0]["gpus"]
        turn = real.handle(user, follow_up)
        assert said.format(chosen) in turn.text, user
        assert "now 16 GPUs" not in turn.text and "改为 16 张卡" not in turn.text
