"""Price questions in plain wordings."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_an_h100_price_on_one_cloud_lists_what_that_cloud_rents_and_nothing_it_lacks(
    real: Consultant,
) -> None:
    text = ask(real, "what does AWS charge per hour for one H100?")
    assert text.startswith("*NVIDIA H100 SXM5") and "AWS" in text
    assert "has no" not in text.split("\n")[0] and "H100 NVL" not in text


def test_a_price_asked_of_an_unpriced_chinese_cloud_says_so_first(real: Consultant) -> None:
    zh = ask(real, "阿里云租 A100 一个小时多少钱")
    assert zh.startswith("*目录里没有阿里云的价格*") and "作为参考" in zh
    en = ask(real, "What does Tencent Cloud charge for an A100?")
    assert en.startswith("*No prices for Tencent Cloud")


def test_what_a_gpu_goes_for_per_hour_is_a_price_question(real: Consultant) -> None:
    text = ask(real, "what does an L4 go for per hour?")
    assert text.startswith("*NVIDIA L4, on demand, per GPU*") and "$" in text


def test_what_a_gpu_rents_for_is_a_price_question(real: Consultant) -> None:
    for text, head in (
        ("what does an A100 rent for per hour?", "*NVIDIA A100 80GB (SXM4), on demand, per GPU*"),
        ("H100s rent for how much a month?", "*NVIDIA H100 SXM5, on demand, per GPU*"),
    ):
        reply = ask(real, text)
        assert reply.startswith(head) and "$" in reply, text


def test_a_provider_without_a_price_for_the_gpu_is_said_before_the_list(real: Consultant) -> None:
    text = ask(real, "Is Google Cloud cheaper than Lambda for the B200?")
    assert text.startswith("*Google Cloud (GCP) has no price for that GPU in the catalogue*")


def test_a_gpu_and_a_rate_per_period_is_a_price_question(real: Consultant) -> None:
    assert ask(real, "H100 SXM per hour on aws").startswith("*NVIDIA H100 SXM5, on demand, per GPU*:\n• AWS")


def test_a_gpu_and_a_period_with_a_bare_how_much_is_a_price_not_a_deadline(real: Consultant) -> None:
    text = ask(real, "請問 H200 在 Azure 一個月要多少？")
    assert text.startswith("*NVIDIA H200 SXM 按需價（每卡）*") and "模型有多少參數" not in text


def test_a_gpu_kept_running_24_7_is_priced_per_month_not_read_as_a_budget(real: Consultant) -> None:
    # "24/7" is around the clock, never 24 ÷ 7 = a budget of $3.43
    for text in (
        "how much is an H100 per month 24/7",
        "whats an H100 going for per hour these days, and per month if we keep it 24/7",
        "what does an A100 cost if we run it 24/7",
        "H100 price per month if we leave it on 24/7",
    ):
        reply = ask(real, text)
        assert reply.startswith("*NVIDIA ") and "per GPU-month" in reply, text
        assert "3.43" not in reply.split("\n")[0] and "How many parameters" not in reply, text


def test_a_gpu_kept_running_is_priced_in_chinese_too(real: Consultant) -> None:
    for text, head in (
        ("如果 7x24 小时开着，H100 一个月多少钱", "*NVIDIA H100 SXM5 按需价（每卡）*"),
        ("要是一直开着，A100 一個月多少錢", "*NVIDIA A100 80GB (SXM4) 按需價（每卡）*"),
        ("H100 24/7 一个月多少钱", "*NVIDIA H100 SXM5 按需价（每卡）*"),
    ):
        assert ask(real, text).startswith(head), text


def test_a_what_if_on_another_gpu_with_its_cost_is_still_a_what_if(real: Consultant) -> None:
    text = ask(
        real,
        "LoRA llama 3 8b on 100M tokens in 3 days",
        "what if we run it on H100s, how much would it cost?",
    )
    assert "now H100" in text and "H100 SXM5" in text


def test_a_gpu_and_one_period_with_no_price_word_is_its_rent_not_a_deadline(real: Consultant) -> None:
    for message, head in (
        ("what's an H100 a month?", "*NVIDIA H100 SXM5, on demand, per GPU*"),
        ("what is a B200 a month", "*NVIDIA B200, on demand, per GPU*"),
        ("what's an H100 an hour?", "*NVIDIA H100 SXM5, on demand, per GPU*"),
        ("what's an A100 for a week?", "*1 × NVIDIA A100 80GB (SXM4) for a week (168 hours), on demand*"),
        ("H200 一个月多少？", "*NVIDIA H200 SXM 按需价（每卡）*"),
    ):
        text = ask(real, message)
        assert text.startswith(head), message
        assert "How many parameters" not in text and "模型有多少参数" not in text


def test_a_gpu_and_in_a_month_stays_a_deadline(real: Consultant) -> None:
    text = ask(real, "can I train a 7B on an H100 in a month?")
    assert "per GPU-month" not in text and "7B" in text


def test_a_gpus_price_asked_beside_the_data_is_answered_first_then_the_model_size_is_asked(
    real: Consultant,
) -> None:
    for text, head, kept, asked in (
        (
            "how much is an H100 per hour? we have 500GB of data",
            "*NVIDIA H100 SXM5, on demand, per GPU*",
            "Got it: 500 GB of data, H100.",
            "How many parameters",
        ),
        (
            "we've got roughly 300B tokens, what's an H200 cost per hour?",
            "*NVIDIA H200 SXM, on demand, per GPU*",
            "300B tokens",
            "How many parameters",
        ),
        (
            "what does an A100 rent for per hour? our corpus is about 1.2TB",
            "*NVIDIA A100 80GB (SXM4), on demand, per GPU*",
            "Got it: 1.2 TB of data, A100.",
            "How many parameters",
        ),
        (
            "H100 多少钱一小时？我们数据有 500GB",
            "*NVIDIA H100 SXM5 按需价（每卡）*",
            "数据 500 GB",
            "模型有多少参数",
        ),
        (
            "A100 一個月租金多少？資料大概 2TB",
            "*NVIDIA A100 80GB (SXM4) 按需價（每卡）*",
            "資料 2 TB",
            "模型有多少參數",
        ),
    ):
        reply = ask(real, text)
        assert reply.startswith(head), text
        assert reply.index(kept) > reply.index("$") and asked in reply, text
        assert "GPU-hours of training" not in reply and "卡时）" not in reply.split("\n")[0], text


def test_the_data_said_beside_a_price_stays_for_the_plan_the_model_size_completes(real: Consultant) -> None:
    reply = ask(real, "how much is an H100 per hour? we have 500GB of data", "70B", "no rush")
    assert "500 GB" in reply and "H100" in reply and "How much training data" not in reply
    zh = ask(real, "H100 多少钱一小时？我们数据有 500GB", "70B")
    assert "好的：700亿参数" in zh and "训练数据有多少" not in zh
