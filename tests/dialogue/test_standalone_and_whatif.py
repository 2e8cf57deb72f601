"""Scenarios through the real parser and engine: standalone questions end with an invitation, not a
slot question; over-budget plans speak the user's currency; implausible sizes are asked back with
the two likely readings; budget and GPU-count what-ifs change (or honestly keep) the plan."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant, Turn

INVITE_ZH = "想估算训练配置的话，告诉我模型大小、数据量和工期。"
INVITE_EN = "To size a training run, tell me the model size, the data and the deadline."


def say(consultant: Consultant, *texts: str, session: str = "s") -> Turn:
    turn = None
    for text in texts:
        turn = consultant.handle(session, text)
    assert turn is not None
    return turn


@pytest.mark.parametrize(
    ("question", "invite"),
    [
        ("H100有多少显存？", INVITE_ZH),
        ("A100和H100有什么区别", INVITE_ZH),
        ("The A100 has 624 TFLOPS of BF16, right?", INVITE_EN),
        ("Should I use spot instances for training?", INVITE_EN),
        ("为什么不能用消费级显卡训练？", INVITE_ZH),
    ],
)
def test_a_standalone_question_ends_with_an_invitation_not_a_slot_question(
    real: Consultant, question: str, invite: str
) -> None:
    turn = say(real, question)
    assert turn.text.rstrip().endswith(invite)
    assert "参数" not in turn.text.splitlines()[-1]
    assert "How many parameters" not in turn.text


def test_a_capacity_question_on_owned_gpus_asks_for_no_model_size(real: Consultant) -> None:
    turn = say(real, "We have 8 A100 80GB, how big a model can we train?")
    assert "How many parameters" not in turn.text
    assert turn.payload["recommendation"] is None


def test_a_question_in_the_middle_of_sizing_re_asks_the_pending_question(real: Consultant) -> None:
    turn = say(real, "我想预训练一个7B模型", "H100有多少显存？")
    assert INVITE_ZH not in turn.text
    assert turn.payload["pending"] == "data"
    assert "训练数据" in turn.text or "数据" in turn.text.splitlines()[-1]


def test_an_over_budget_plan_is_priced_in_yuan_with_how_many_times_the_monthly_budget(
    real: Consultant,
) -> None:
    turn = say(real, "预训练70B模型，2万亿token，30天，预算每月20万元")
    line = next(x for x in turn.text.splitlines() if "是预算" in x)
    assert "（¥20 万/月）的" in line and " 倍" in line
    assert "$" not in line
    assert "放宽工期" in line  # the engine's advice for pre-training


def test_an_over_budget_plan_in_dollars_says_the_ratio_and_the_engines_advice(real: Consultant) -> None:
    turn = say(real, "Pretrain a 70B model on 2T tokens in 30 days, budget $28,630 per month")
    line = next(x for x in turn.text.splitlines() if "× the budget of $28,630 per month" in x)
    assert line.startswith("⚠️ This plan costs about $")
    assert "a longer timeline" in line and "¥" not in line


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("70萬億參數", "70 萬億（70T）參數不太可能——您是指 70 億（7B）還是 700 億（70B）？"),
        ("pretrain a 30T parameter model", "30T parameters is implausible — did you mean 3B or 30B?"),
    ],
)
def test_an_implausible_model_size_is_asked_back_with_the_two_likely_slips(
    real: Consultant, text: str, expected: str
) -> None:
    turn = say(real, text)
    assert expected in turn.text
    assert turn.payload["slots"]["params"] is None


def test_an_implausible_data_size_asks_whether_it_was_tokens_or_bytes(real: Consultant) -> None:
    turn = say(real, "预训练7B，数据5万亿TB")
    assert "token 数" in turn.text and "数据大小" in turn.text
    assert turn.payload["recommendation"] is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("budget 5000 EUR", "I budget in CNY or USD; please give the amount in one of those"),
        ("预算1万欧元", "我目前只按人民币或美元估算，请换算后再告诉我预算"),
    ],
)
def test_a_budget_in_another_currency_is_asked_back_in_yuan_or_dollars(
    real: Consultant, text: str, expected: str
) -> None:
    turn = say(real, text)
    assert expected in turn.text
    assert turn.payload["slots"]["budget"] is None


def test_a_bigger_budget_that_changes_nothing_says_the_plan_already_fits(real: Consultant) -> None:
    turn = say(real, "预训练7B模型，1400亿token，30天，预算每月10万元", "如果预算每月20万元呢？")
    assert "已在新预算内" in turn.text
    assert "（+0%）" not in turn.text


def test_what_if_8_gpus_plans_8_of_the_current_gpu_type(real: Consultant) -> None:
    first = say(real, "Pretrain a 7B model on 140B tokens in 30 days")
    gpu = first.payload["recommendation"]["options"][0]["gpu"]
    turn = say(real, "what if we use 8 GPUs?")
    top = turn.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == (gpu, 8)
    # the plan already ran on 8: nothing changes, said as such (never "8 GPUs → 8 GPUs")
    assert "*Nothing changes*: the plan already has 8 GPUs" in turn.text


def test_a_what_if_naming_a_gpu_for_the_first_time_says_what_changed(real: Consultant) -> None:
    first = say(real, "LoRA fine-tune an 8B model on 5GB of data within 3 days")
    assert first.payload["recommendation"]["options"][0]["gpu"] != "h100-sxm"
    turn = say(real, "what if we use H100s?")
    assert turn.payload["recommendation"]["options"][0]["gpu"].startswith("h100")
    assert "What changed" in turn.text
    assert "H100" in turn.text.split("\n")[0]


def test_a_price_from_an_undated_catalogue_snapshot_says_its_date_is_unknown(real: Consultant) -> None:
    turn = say(real, "LoRA fine-tune a 7B model on 2GB of data in 5 days on L40S")
    top = turn.payload["recommendation"]["options"][0]
    assert top["cost"]["cloud"] == "aws" and top["cost"]["prices_date_unknown"] is True
    assert top["cost"]["prices_as_of"] is None
    assert "snapshots of unknown date" in turn.text and "2025-05-31" not in turn.text


def test_owning_the_data_is_not_owning_the_gpus_so_the_plan_prices_them_as_a_rental(real: Consultant) -> None:
    turn = say(real, "We have 500 GB of data, pretrain 7B on 8 H100")
    assert turn.payload["slots"]["days"] is None and turn.payload["recommendation"] is not None
    assert "on demand" in turn.text and "your own hardware" not in turn.text


@pytest.mark.parametrize(
    "what_if",
    ["and if training must finish in 3 hours?", "and if it must be done in 3 hours?",
     "and if the deadline is 3 hours?"],
)  # fmt: skip
def test_a_deadline_opened_with_and_if_re_plans_instead_of_a_pitfall_note(
    real: Consultant, what_if: str
) -> None:
    real.handle("d", "LoRA of llama 3 8b on 60M tokens, 6 hours")
    text = real.handle("d", what_if).text
    assert text.startswith("*What changed*: 6 hours → 3 hours"), text
    assert "Pitfall: a deadline that only linear scaling" not in text.split("\n")[0]


def test_a_gpu_asked_about_that_misses_the_deadline_is_said_to_miss_it_not_to_be_unable_to_run(
    real: Consultant,
) -> None:
    for session, job, what_if, line in (
        ("late1", "full fine-tune a 13B model on 20B tokens in 2 days", "what about A800s?",
         "now NVIDIA A800 80GB SXM (they would miss the deadline, so planned on another GPU)"),
        ("late2", "全参数微调 13B 模型，200亿 tokens，2 天内", "换成 A800 呢",
         "改用 NVIDIA A800 80GB SXM（赶不上期限，改按其他卡规划）"),
        ("late3", "全參數微調 13B 模型，200億 tokens，2 天內", "改用 H20 吧",
         "改用 NVIDIA H20（趕不上期限，改按其他卡規劃）"),
    ):  # fmt: skip
        say(real, job, session=session)
        text = say(real, what_if, session=session).text
        assert line in text and "cannot run the job, so" not in text and "跑不了，改按" not in text, what_if
    # The fastest count of A800s is said, not the one machine a marketplace rents (8 × A800, 20 days).
    assert (
        "64 × A800 cannot run this job (about 2.5 days)"
        in say(real, "what about A800s?", session="late1").text
    )


def test_more_work_on_more_gpus_in_the_same_time_is_not_called_no_faster(real: Consultant) -> None:
    for session, job, what_if, line in (
        ("work1", "LoRA fine-tune Qwen2.5 32B on 2B tokens within a week", "what if we double the data?",
         "2 → 4 × NVIDIA B200, still about 2.3 days"),
        ("work2", "LoRA 微調 Qwen2.5 32B，資料 2B tokens，一週內", "如果資料翻倍呢",
         "2 → 4 × NVIDIA B200，仍約 2.3 天"),
    ):  # fmt: skip
        say(real, job, session=session)
        text = say(real, what_if, session=session).text
        assert line in text and "no faster" not in text and "沒有更快" not in text, what_if


def test_a_sequence_length_said_is_in_the_understood_line_of_the_plan(real: Consultant) -> None:
    say(real, "full fine-tune a 13B model on 20B tokens in 10 days", session="seq1")
    text = say(real, "what if the sequence length is 8k?", session="seq1").text
    assert "now sequence length 8,192" in text and "full fine-tuning, 10 days, sequence length 8,192." in text
    text = say(real, "全參微調 13B，資料 20B tokens，10 天，序列長度 8k", session="seq2").text
    assert "全參數微調，10 天，序列長度 8,192。" in text
