"""Follow-ups a team lead types in a thread after a plan: a range said (which end was planned), an earlier
job to go back to, what the plan costs (in RMB too), a cheaper plan, its pitfalls, an event date as the
deadline and "before then", and their own GPUs beside a deadline already said."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse
from bot.nlu.scan import written_ranges


def _understood(text: str, marker: str = "*Understood:*") -> str:
    return text.split(marker)[1].splitlines()[0]


def test_a_range_of_samples_is_planned_at_its_upper_end_and_the_understood_line_says_so(
    real: Consultant,
) -> None:
    text = real.handle("r1", "QLoRA 微调 14B，数据 4 到 6 万条，每条 1k token，十天").text
    line = _understood(text, "*理解的需求*")
    assert "6000万 tokens（6万条 × 1,000 token）" in line
    assert "（范围按上限算：4 到 6 万条）" in line


def test_a_deadline_range_in_english_names_the_end_used(real: Consultant) -> None:
    line = _understood(real.handle("r2", "pretrain 1B on 40B tokens, bf16, 3-5 weeks").text)
    assert "35 days" in line and "(ranges taken at their upper end: 3-5 weeks)" in line


def test_the_range_note_goes_once_the_value_changes(real: Consultant) -> None:
    real.handle("r3", "LoRA fine-tune 8B on 30-40M tokens, 10 days")
    line = _understood(real.handle("r3", "what if we double the data?").text)
    assert "80M tokens" in line and "upper end" not in line


def test_a_budget_range_quotes_its_whole_currency_word(real: Consultant) -> None:
    real.handle("r4", "全参微调 3B，数据 2 亿 token，BF16，一周")
    line = _understood(real.handle("r4", "预算 1 到 2 万人民币").text, "*理解的需求*")
    assert "预算 ¥20,000（范围按上限算：1 到 2 万人民币）" in line


def test_model_names_dates_and_board_names_are_no_ranges() -> None:
    for text in ("fine-tune qwen2.5-7b", "deadline 2026-12-15", "a100-80g x8", "llama 3 - 8b"):
        assert written_ranges(text) == []


def test_back_to_the_first_job_changes_that_job_not_the_newer_one(real: Consultant) -> None:
    real.handle("b1", "LoRA 微调 13B，数据 3 万条，每条 1k token，一周")
    new = real.handle("b1", "另外一个：预训练 1B，数据 30B token，BF16，三周").text
    assert "说 “回到第一个” 可以切回" in new
    text = real.handle("b1", "回到第一个，改成 2 个 epoch").text
    assert text.startswith(
        "回到之前的需求（130亿参数的 LoRA 微调），刚才的需求（10亿参数的预训练）先放一边："
    )
    line = _understood(text, "*理解的需求*")
    assert "130亿参数" in line and "训练 2 轮" in line and "LoRA 微调" in line


def test_back_to_the_earlier_one_alone_shows_its_plan_and_sets_the_newer_aside(real: Consultant) -> None:
    real.handle("b2", "pretrain 1B on 20B tokens, bf16, 3 weeks")
    real.handle("b2", "different project: LoRA 8B on 40M tokens, 1 week")
    text = real.handle("b2", "ok, back to the first one").text
    assert text.startswith("Back to the earlier request (the 1B pre-training); the other one (the 8B LoRA")
    assert "1B parameters, 20B tokens" in _understood(text)
    again = real.handle("b2", "back to the other one").text
    assert "8B parameters, 40M tokens" in _understood(again)


def test_the_plans_cost_asked_in_rmb_is_given_in_yuan_with_the_rate(real: Consultant) -> None:
    real.handle("c1", "LoRA 13B on 60M tokens, 1 week")
    text = real.handle("c1", "how much is that in RMB?").text
    assert text.startswith("*This plan (") and "in total on demand* (about $" in text
    assert "costs about ¥" in text and "at $1 ≈ ¥" in text


def test_the_total_cost_with_a_monthly_budget_says_where_it_stands(real: Consultant) -> None:
    real.handle("c2", "LoRA 微調 13B，資料 1 億 token，一個月，預算每個月 3000 美元")
    text = real.handle("c2", "那總共要花多少錢？").text
    assert "按需一共約 $" in text and "在預算 $3,000/月以內" in text


def test_cheaper_after_a_plan_says_when_it_already_is_the_cheapest(real: Consultant) -> None:
    real.handle("p1", "pretrain 1B on 20B tokens, bf16, 3 weeks")
    text = real.handle("p1", "cheaper?").text
    assert text.startswith(
        "*This is already the lowest total on-demand cost among plans that meet the deadline"
    )
    assert "LoRA/QLoRA" not in text  # pre-training has no LoRA to switch to


def test_cheaper_after_choosing_a_gpu_finds_the_cheaper_plan_on_another(real: Consultant) -> None:
    real.handle("p2", "LoRA 微调 7B，数据 2 万条，每条 1k token，两周")
    real.handle("p2", "那 H200 呢")
    text = real.handle("p2", "便宜点的呢").text
    assert "*变化*：新增 按总费用最低选方案" in text or "*变化*：新增按总费用最低选方案" in text
    assert "H200" not in text.split("*推荐方案*")[1].splitlines()[0]


def test_which_pitfalls_does_this_plan_have_lists_the_plans_own(real: Consultant) -> None:
    real.handle("w1", "全参微调 8B，数据 2 亿 token，BF16，十天")
    text = real.handle("w1", "这个方案有哪些坑？").text
    assert "ROCm" not in text and "checkpoint" in text


def test_a_demo_on_a_date_is_the_deadline_the_day_before(real: Consultant) -> None:
    real.handle("d1", "LoRA 微调 8B，数据 2 万条，每条 1k token")
    text = real.handle("d1", "我们 12 月 20 号要给老板演示").text
    assert "2026-12-19 前，约 20 天" in _understood(text, "*理解的需求*")
    then = real.handle("d1", "在那之前训完就行").text
    assert then.startswith("*赶得上*：") and "2026-12-19 前" in then


def test_before_then_in_english_confirms_the_plan_makes_the_deadline(real: Consultant) -> None:
    real.handle("d2", "full fine-tune 3B on 200M tokens, bf16")
    real.handle("d2", "our launch is on Dec 10")
    assert real.handle("d2", "it needs to be done before then").text.startswith("*Yes, in time*:")


def test_own_gpus_that_miss_the_deadline_say_the_plan_rents_all_of_it(real: Consultant) -> None:
    real.handle("o2", "全参微调 13B，数据 10 亿 token，BF16，两天")
    text = real.handle("o2", "我们自己有 4 张 A100 80G，不够的话再租一些").text
    assert "⚠️ 您自有的 4 × NVIDIA A100 80GB (SXM4) 约需 2.6 天，赶不上 2 天的期限" in text
    assert "要么全部租用，要么用自己的卡跑约 2.6 天" in text
    # renting anyway: the cheapest plan that makes the deadline, not more of their GPU type
    assert "（赶不上期限，改按其他卡规划）：仍是 2 × NVIDIA B200" in text


def test_own_gpus_after_a_deadline_keep_it_and_say_nothing_more_is_rented(real: Consultant) -> None:
    real.handle("o1", "full fine-tune 7B on 400M tokens, bf16, 10 days")
    text = real.handle("o1", "we already own 4 A100 80GB, we'd rent the rest if needed").text
    assert "on your own GPUs (no rental cost)" in text.split("\n")[0] and "(+" not in text.split("\n")[0]
    assert "within the deadline of 10 days, so nothing more to rent" in text
    assert "10 days" in _understood(text)


def test_a_budget_raised_by_a_percentage_in_traditional_chinese_is_raised(real: Consultant) -> None:
    real.handle("q1", "預訓練 1B，資料 30B token，BF16，三週，預算 2000 美元")
    text = real.handle("q1", "預算多給 20%").text
    assert text.startswith("*變化*：預算 $2,000 → 預算 $2,400")


def test_whats_the_catch_after_a_plan_lists_what_to_watch_out_for(real: Consultant) -> None:
    real.handle("q2", "QLoRA 32B on 20M tokens, 5 days")
    assert real.handle("q2", "what's the catch?").text.startswith("*What to watch out for in this plan")


def test_data_corrected_from_bytes_to_tokens_is_one_change(real: Consultant) -> None:
    real.handle("q3", "预训练 3B，数据 600G，BF16，两个月")
    line = real.handle("q3", "不是 600GB，是 600B tokens").text.splitlines()[0]
    assert line.startswith("*变化*：数据 600 GB → 6000亿 tokens：") and "新增" not in line


def test_back_to_the_plan_just_before_a_what_if_is_an_undo_not_the_job_set_aside(real: Consultant) -> None:
    real.handle("b3", "LoRA 微调 13B，数据 3 万条，每条 1k token，一周")
    real.handle("b3", "另外一个：预训练 1B，数据 30B token，BF16，三周")
    real.handle("b3", "换成 FP8 呢")
    text = real.handle("b3", "回到刚才的方案").text
    assert not text.startswith("回到之前的需求")
    assert "10亿参数" in _understood(text, "*理解的需求*") and "BF16" in _understood(text, "*理解的需求*")


def test_two_neighbouring_chinese_digits_are_a_rough_range_planned_at_its_upper_end(real: Consultant) -> None:
    text = real.handle("r30", "LoRA 微調 8B，資料五六萬筆，每筆 800 token，一週").text
    line = _understood(text, "*理解的需求*")
    assert "（6萬筆 × 800 token）" in line
    assert "（範圍按上限算：五六萬筆）" in line


def test_two_digits_that_are_not_neighbours_are_no_rough_range() -> None:
    assert written_ranges("数据三五万条") == []
    assert written_ranges("一二三") == []
    assert [r[2] for r in written_ranges("两三百gb 语料")] == ["两百gb 语料"]


def test_the_cost_of_a_run_repeated_every_week_is_totalled_over_the_month_asked(real: Consultant) -> None:
    real.handle("c3", "lora 8b on 10m tokens in 1 day")
    text = real.handle("c3", "how much is that per month if we do it every week").text
    assert text.startswith("*Run every week, this plan comes to about $") and "a month on demand*" in text
    assert "about 4.3 runs a month of $" in text and "¥" not in text
    yearly = real.handle("c3", "and per year if we run it every day?").text
    assert (
        yearly.startswith("*Run every day, this plan comes to about $") and "about 365 runs a year" in yearly
    )
    real.handle("c4", "LoRA微调8B，1000万token，一天")
    zh = real.handle("c4", "每周跑一次的话一个月多少钱").text
    assert zh.startswith("*每周跑一次，这个方案每月按需约 $") and "每月约 4.3 次" in zh and "约 ¥" in zh


def test_an_english_total_in_dollars_leaves_out_the_yuan_nobody_asked_for(real: Consultant) -> None:
    real.handle("c5", "lora 8b on 10m tokens in 1 day")
    text = real.handle("c5", "how much is that in total").text
    assert text.startswith("*This plan (") and "in total on demand*." in text and "¥" not in text


def test_how_much_a_month_after_a_plan_totals_the_repeated_runs_and_keeps_the_deadline(
    real: Consultant,
) -> None:
    real.handle("c6", "lora finetune llama 3 8b on 30m tokens, done in 2 days")
    turn = real.handle("c6", "how much a month if we rerun it weekly?")
    assert (
        turn.text.startswith("*Run every week, this plan comes to about $")
        and "a month on demand*" in turn.text
    )
    assert "30 days" not in turn.text and "*What changed*" not in turn.text
    assert turn.payload["slots"]["days"] == 2


def test_a_first_message_asking_the_monthly_cost_of_a_weekly_retrain_gets_that_total_above_the_plan(
    real: Consultant,
) -> None:
    text = real.handle("c7", "cost per month vs per run for lora 7b retrained weekly on 5m tokens").text
    assert text.startswith("*Run every week, this plan comes to about $") and "*Recommended:*" in text
    assert "How long can training take?" not in text
    budget = real.handle(
        "c8", "what should we budget per month to lora llama 3 8b on 20m tokens every week"
    ).text
    assert budget.startswith("*Run every week, this plan comes to about $") and "*Recommended:*" in budget


def test_a_budget_asked_for_is_a_cost_question_with_no_deadline_asked(real: Consultant) -> None:
    for text in (
        "ballpark budget for a qlora run on qwen 32b with 50m tokens?",
        "whats a reasonable budget for finetuning a 34b model with qlora on 10m tokens",
        "how much budget do we need to pretrain a 1b model on 20b tokens",
    ):
        reply = real.handle("c9-" + str(len(text)), text).text
        assert reply.startswith("*Recommended:*") and "How long can training take?" not in reply, text
    assert not parse("budget 5k, lora 8b on 10m tokens").asks_cost  # a budget said, not asked


def test_the_hourly_rate_asked_after_a_plan_is_its_price_per_hour_then_the_total(real: Consultant) -> None:
    for i, (ask, hourly, total) in enumerate(
        (
            ("一小时多少钱？", "这个方案按需每小时约 $", "按需一共约 $"),
            ("多少錢一小時", "這個方案按需每小時約 $", "按需一共約 $"),
            ("每个小时多少钱", "这个方案按需每小时约 $", "按需一共约 $"),
            ("what's the hourly rate?", "On demand this plan costs about $", "in total on demand"),
            ("how much per hour?", "On demand this plan costs about $", "in total on demand"),
        )
    ):
        cid = f"hourly{i}"
        real.handle(cid, "LoRA fine-tune Llama 3 70B on 200M tokens, finish within 5 days")
        text = real.handle(cid, ask).text
        assert hourly in text and total in text, text
        assert text.index(hourly) < text.index(total)
        assert ("per GPU-hour" in text) or ("每卡每小时" in text) or ("每卡每小時" in text)
        assert "2026-" in text  # the price's date


def test_the_total_asked_without_an_hour_says_no_hourly_rate(real: Consultant) -> None:
    real.handle("hourly-total", "LoRA fine-tune Llama 3 70B on 200M tokens, finish within 5 days")
    text = real.handle("hourly-total", "那一共要花多少钱？").text
    assert "按需一共约 $" in text and "每小时约" not in text


KEPT = "Kept a whole month (730 hours), this plan's GPUs"


def test_the_plans_gpus_kept_a_month_are_its_hourly_price_times_730_then_the_jobs_total(
    real: Consultant,
) -> None:
    for i, (ask, monthly, total) in enumerate(
        (
            ("如果一直租着这些卡，一个月多少钱？", "这些卡整月租着（按 730 小时计），按需每月约 $",
             "按需一共约 $"),
            ("要是租一整個月要多少錢", "這些卡整月租著（按 730 小時計），按需每月約 $", "按需一共約 $"),
            ("長期租著每個月多少錢", "這些卡整月租著（按 730 小時計），按需每月約 $", "按需一共約 $"),
            ("这些卡一直开着一个月要多少", "这些卡整月租着（按 730 小时计），按需每月约 $", "按需一共约 $"),
            ("how much per month if we keep them running?", KEPT, "in total on demand"),
            ("what's the monthly cost of these GPUs?", KEPT, "in total on demand"),
        )
    ):  # fmt: skip
        cid = f"monthly{i}"
        planned = real.handle(cid, "LoRA 微调 8B，数据 1 亿 tokens，三天").payload["recommendation"]
        plan = planned["options"][0]
        turn = real.handle(cid, ask)
        text = turn.text
        assert monthly in text and total in text and text.index(monthly) < text.index(total), text
        month = plan["cost"]["hourly_usd"] * 730
        assert f"${month:,.0f}" in text
        assert any(w in text for w in ("rent by the hour", "按小时租", "按小時租"))
        assert turn.payload["slots"]["days"] == 3  # a question: the plan stands


def test_a_monthly_commitment_asked_is_still_the_reserved_pricing_answer(real: Consultant) -> None:
    real.handle("monthly-reserved", "LoRA 微调 8B，数据 1 亿 tokens，三天")
    text = real.handle("monthly-reserved", "包月的話每個月要多少錢").text
    assert "包月 / 預留" in text and "整月租著" not in text
