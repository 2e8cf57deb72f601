"""Follow-ups that must leave the plan where the user expects it (issue 11, conversations): a budget
corrected with a bare amount keeps its period, the data said with a fit question on owned GPUs is kept,
a sequence length no one trains at is asked back (and the next bare number answers it), and a bare
number right after a plan ("and 20?") says which slot it was read as, with the other reading one
message away."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def _slots(real: Consultant, session: str, *turns: str) -> dict:
    out: dict = {}
    for text in turns:
        out = real.handle(session, text).payload
    return out["slots"]


def test_a_monthly_budget_corrected_with_a_bare_amount_stays_per_month(real: Consultant) -> None:
    real.handle("mb1", "fine-tune a 7B model on 10GB of text, 2 epochs, within a week")
    real.handle("mb1", "budget is $5,000 per month")
    turn = real.handle("mb1", "actually make that $8,000")
    assert turn.payload["slots"]["budget"] == {"amount": 8000.0, "currency": "USD", "period": "month"}
    assert "$5,000 per month → a budget of $8,000 per month" in turn.text


def test_a_chinese_monthly_budget_changed_to_another_amount_stays_per_month(real: Consultant) -> None:
    slots = _slots(real, "mb2", "全参微调70亿模型，10亿token，五天", "预算每月5万元", "改成8万")
    assert slots["budget"] == {"amount": 80000.0, "currency": "CNY", "period": "month"}


def test_a_new_budget_said_as_a_total_after_a_monthly_one_is_a_total(real: Consultant) -> None:
    slots = _slots(
        real,
        "mb3",
        "pretrain a 1B model on 20B tokens, 2 weeks",
        "budget $5k per month",
        "budget $3000 total",
    )
    assert slots["budget"] == {"amount": 3000.0, "currency": "USD", "period": "total"}


def test_a_budget_in_a_new_complete_request_does_not_take_the_old_period(real: Consultant) -> None:
    slots = _slots(
        real,
        "mb4",
        "pretrain a 1B model on 20B tokens, 2 weeks, budget $5k per month",
        "new project: LoRA a 7B model on 1GB of data in 3 days with $2,000",
    )
    assert slots["budget"]["period"] == "total"


def test_the_data_said_with_a_fit_question_on_owned_gpus_is_not_asked_again(real: Consultant) -> None:
    real.handle("fd1", "我们有4张4090，能LoRA微调一个70亿模型吗？数据1GB")
    turn = real.handle("fd1", "三天内")
    slots = turn.payload["slots"]
    assert slots["data_bytes"] == 1e9 and slots["gpu"] == "rtx4090" and slots["gpu_count"] == 4
    assert turn.payload["recommendation"] is not None and "训练数据有多少" not in turn.text
    assert "按中文语料" in turn.text  # the data was said in Chinese: its bytes per token are Chinese


def test_lora_after_a_no_on_owned_gpus_answers_about_your_gpus(real: Consultant) -> None:
    real.handle("fd2", "we've got 8 A100 80GB in our rack, can we full fine-tune a 70B?")
    turn = real.handle("fd2", "ok, LoRA then")
    assert turn.text.startswith("*Yes.* Your 8 × NVIDIA A100 80GB")


def test_lora_after_a_fit_question_on_gpus_not_owned_does_not_say_yours(real: Consultant) -> None:
    real.handle("fd3", "can I full fine-tune a 70B model on 8 A100s?")
    turn = real.handle("fd3", "ok, LoRA then")
    assert "Yes." in turn.text and "your" not in turn.text.lower().split("can hold")[0]


def test_a_sequence_length_too_short_to_train_on_is_asked_back_not_dropped(real: Consultant) -> None:
    real.handle("sl1", "Pretrain a 1B model on 20B tokens, 14 days")
    turn = real.handle("sl1", "seq len 5")
    assert "sequence length of 5 tokens is too short" in turn.text
    assert "the plan uses 4,096" in turn.text and turn.payload["slots"]["seq_len"] is None


def test_a_bare_number_after_the_length_asked_back_is_the_length(real: Consultant) -> None:
    real.handle("sl2", "Pretrain a 1B model on 20B tokens, 14 days")
    real.handle("sl2", "seq len 5")
    turn = real.handle("sl2", "sorry, 4096")
    assert turn.payload["slots"]["seq_len"] == 4096 and "sequence length 4,096" in turn.text


def test_a_complete_chinese_request_with_a_too_short_length_is_planned_and_the_length_asked(
    real: Consultant,
) -> None:
    turn = real.handle("sl3", "预训练10亿模型，200亿token，序列长度8，两周")
    assert "序列长度 8 个 token 太短" in turn.text and turn.payload["recommendation"] is not None
    assert real.handle("sl3", "4k").payload["slots"]["seq_len"] == 4096


def test_and_20_right_after_a_plan_with_slack_is_read_as_gpus_and_says_so(real: Consultant) -> None:
    real.handle("n1", "Pretrain a 1B model on 20B tokens in bf16, 14 days")
    turn = real.handle("n1", "and 20?")
    assert turn.payload["slots"]["gpu_count"] == 20 and turn.payload["slots"]["days"] == 14
    assert turn.text.startswith("_I read “20” as 20 GPUs") and "say `20 days`" in turn.text


def test_the_other_reading_said_next_takes_the_first_one_back(real: Consultant) -> None:
    real.handle("n2", "Pretrain a 1B model on 20B tokens in bf16, 14 days")
    real.handle("n2", "and 20?")
    slots = real.handle("n2", "20 days").payload["slots"]
    assert slots["days"] == 20 and slots["gpu_count"] is None


def test_a_bare_number_after_a_plan_sized_by_its_deadline_is_another_deadline(real: Consultant) -> None:
    real.handle("n3", "全参微调130亿模型，100亿token，3天")
    turn = real.handle("n3", "那20呢")
    assert turn.payload["slots"]["days"] == 20 and turn.payload["slots"]["gpu_count"] is None
    assert "理解为 20 天的期限" in turn.text and "`20张卡`" in turn.text


def test_a_bare_number_after_a_gpu_what_if_is_gpus_without_a_note(real: Consultant) -> None:
    real.handle("n4", "full fine-tune a 7B model on 1B tokens, 1 week")
    real.handle("n4", "make it 8 GPUs")
    turn = real.handle("n4", "and 16?")
    assert turn.payload["slots"]["gpu_count"] == 16 and "I read" not in turn.text


def test_a_bare_gpu_model_number_after_a_plan_is_the_gpu_not_a_count(real: Consultant) -> None:
    for session, follow_up in (
        ("m1", "what about 4090?"), ("m2", "4090"), ("m3", "and 3090?"), ("m4", "use 4090 instead"),
        ("m5", "那 4090 呢"), ("m6", "那就用 3090 吧"), ("m7", "那 4090 呢？"),
    ):  # fmt: skip
        real.handle(session, "Pretrain a 1B model on 20B tokens in bf16, 14 days")
        turn = real.handle(session, follow_up)
        top = turn.payload["recommendation"]["options"][0]
        assert top["gpu"] in ("rtx4090", "rtx3090") and top["gpus"] < 100, follow_up
        assert "I read" not in turn.text and "GPUs (the plan" not in turn.text, follow_up
        assert "理解为" not in turn.text, follow_up


def test_a_bare_count_that_names_no_gpu_is_still_read_as_a_count(real: Consultant) -> None:
    real.handle("m8", "Pretrain a 1B model on 20B tokens in bf16, 14 days")
    turn = real.handle("m8", "and 1000?")
    assert turn.payload["slots"]["gpu_count"] == 1000


def test_a_correction_of_the_data_unit_alone_keeps_the_number_in_the_unit_meant(real: Consultant) -> None:
    for session, first, follow_up, line in (
        ("u1", "pretrain 7B on 300GB, 30 days", "I meant tokens, not GB", "300 GB of data → 300B tokens"),
        ("u2", "pretrain 7B on 300GB, 30 days", "it's tokens, not gigabytes", "300 GB of data → 300B tokens"),
        ("u3", "pretrain 7B on 300B tokens, 30 days", "sorry, GB not tokens", "300B tokens → 300 GB of data"),
        ("u4", "预训练 7B，数据 300GB，30 天", "不是GB，是tokens", "数据 300 GB → 3000亿 tokens：仍是"),
        ("u5", "預訓練 7B，資料 2TB，30 天", "單位錯了，是 token 不是 TB", "資料 2 TB → 2萬億 tokens"),
    ):  # fmt: skip
        real.handle(session, first)
        assert line in real.handle(session, follow_up).text, follow_up


def test_a_question_about_tokens_and_gigabytes_is_not_a_unit_correction(real: Consultant) -> None:
    real.handle("u6", "pretrain 7B on 300GB, 30 days")
    turn = real.handle("u6", "how many tokens is a GB?")
    assert "What changed" not in turn.text and turn.payload["slots"]["data_bytes"] == 300e9


def test_how_long_on_fewer_of_the_gpus_is_the_time_on_that_count(real: Consultant) -> None:
    for session, follow_up in (
        ("c1", "how long on 8 of them?"), ("c2", "and with only 8 of them, how long?"),
        ("c3", "如果只用 8 张要多久？"), ("c4", "只能用 8 張的話要多久"),
    ):  # fmt: skip
        real.handle(session, "pretrain a 1B model on 50B tokens on 16 L40S")
        turn = real.handle(session, follow_up)
        top = turn.payload["recommendation"]["options"][0]
        assert (top["gpu"], top["gpus"]) == ("l40s", 8), follow_up
        assert "16 → 8 × NVIDIA L40S" in turn.text, follow_up


def test_a_bare_gpu_name_right_after_a_plan_is_the_plan_on_that_gpu_in_the_threads_language(
    real: Consultant,
) -> None:
    for session, job, follow_up, line in (
        ("b1", "Pretrain a 1B model on 20B tokens, 14 days", "A100?", "now A100: 1 × NVIDIA B200 → 8 ×"),
        ("b2", "Pretrain a 1B model on 20B tokens, 14 days", "H100 then?", "now H100: 1 × NVIDIA B200 → 4 ×"),
        ("b3", "预训练 1B 模型，20B tokens，两周", "A100?", "改用 A100：1 × NVIDIA B200 → 8 ×"),
        ("b4", "預訓練 1B 模型，20B tokens，兩週", "H100 then?", "改用 H100：1 × NVIDIA B200 → 4 ×"),
    ):  # fmt: skip
        real.handle(session, job)
        assert line in real.handle(session, follow_up).text, follow_up


def test_a_bare_gpu_name_after_an_faq_answer_asks_the_same_question_about_it(real: Consultant) -> None:
    real.handle("b5", "Pretrain a 1B model on 20B tokens in bf16, 14 days")
    real.handle("b5", "what is an A100?")
    turn = real.handle("b5", "H100 then?")
    assert "What changed" not in turn.text and turn.payload["slots"]["gpu"] is None
