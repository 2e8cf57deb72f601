"""Spot interruptions reported with a question about on-demand get advice: the work each interruption
costs, weighed against spot's saving, and when to move."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_few_interruptions_a_day_keep_the_job_on_spot_with_the_loss_counted(real: Consultant) -> None:
    text = real.handle("s1", "we got preempted 5 times today on spot, is it time to go on-demand?").text
    assert text.startswith("*Stay on spot, and checkpoint often.* 5 interruptions a day at ~25 minutes each")
    assert "lose ~2.08 hours a day" in text and "Checkpoint every 15–30 minutes" in text


def test_interruptions_that_eat_more_than_the_saving_move_the_job_to_on_demand(real: Consultant) -> None:
    text = real.handle("s2", "spot 今天被抢占了三十次，要不要换成按需？").text
    assert text.startswith("*这种情况换按需更划算*。每天被抢占 30 次")


def test_a_weekly_count_is_weighed_over_the_week(real: Consultant) -> None:
    text = real.handle("s3", "Spot got interrupted 6 times this week. Switch to on-demand?").text
    assert "6 interruptions a week" in text and "lose ~2.5 hours a week" in text


def test_a_spot_question_without_interruptions_gets_the_faq_alone(real: Consultant) -> None:
    text = real.handle("s4", "can I train on spot instances?").text
    assert "interruptions a day" not in text and "Stay on spot" not in text


def test_interruptions_on_a_named_gpu_get_the_advice_before_its_spot_prices(real: Consultant) -> None:
    text = real.handle(
        "s5", "Our spot A100s got preempted twice this week, should we pay for on-demand?"
    ).text
    assert text.startswith("*Stay on spot, and checkpoint often.* 2 interruptions a week")
    assert "lose ~50 minutes a week" in text and "on spot" in text.split("\n\n")[1]


def test_a_spot_question_beside_a_run_is_answered_and_the_run_is_kept_for_its_plan(real: Consultant) -> None:
    session = "spot-beside-a-run"
    first = real.handle(session, "plan LoRA 13B, 3 days; is spot OK for this?").text
    assert first.startswith("*Can I train on spot / preemptible instances?*")
    assert "*How much training data?*" in first and "tell me the model size" not in first
    plan = real.handle(session, "20M tokens").text
    assert plan.startswith("*Recommended:*") and "13B parameters" in plan and "3 days" in plan
    zh = real.handle("spot-beside-a-run-zh", "全参微调 7B，5 天内完成，用竞价实例可以吗").text
    assert zh.startswith("*抢占式 / Spot 实例能用来训练吗？*") and "*训练数据有多少？*" in zh


def test_a_spot_question_beside_a_job_the_form_still_asks_about_is_answered_first(real: Consultant) -> None:
    session = "spot-beside-the-form"
    first = real.handle(session, "8B LoRA，1 万条，spot 一天被抢占了三十次，要不要换按需").text
    assert first.startswith("*这种情况换按需更划算*。每天被抢占 30 次")
    assert "每条大约多少 token" in first and "80亿参数" in first
    en = real.handle("spot-beside-the-form-en", "LoRA 13B on 20M tokens, is spot ok?").text
    assert en.startswith("*Can I train on spot / preemptible instances?*")
    assert "*How long can training take?*" in en


def test_a_spot_question_beside_a_complete_job_comes_with_its_plan(real: Consultant) -> None:
    text = real.handle("spot-beside-a-plan", "LoRA 13B on 20M tokens in 3 days, is spot ok?").text
    assert text.startswith("*Recommended:*")
    assert "*Can I train on spot / preemptible instances?*" not in text.split("\n\n")[0]
