"""Long requests met on unseen text (round 12): a team's history, hardware kept for serving, data counted in
files, rows, pages or hours of recordings. Each class of miss, in other words than the ones that found it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.nlu import parse
from tests.nlu.said import said

WEDNESDAY = dt.date(2026, 12, 2)


def approx(expected: dict[str, Any]) -> dict[str, Any]:
    return {k: pytest.approx(v) if isinstance(v, float) else v for k, v in expected.items()}


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("训练集是 2 万小时的客服录音转写，约 3 亿字，LoRA 7B", 1.8e8),
        ("會議逐字稿共 1200 小時，約 2000 萬字，微調 8B", 1.2e7),
        ("LoRA a 7B on 500 hours of meeting recordings, roughly 4.5M words, in 3 days", 6e6),
    ],
)
def test_hours_of_recordings_are_data_not_the_timeline(text: str, tokens: float) -> None:
    got = said(text)
    assert got["tokens"] == pytest.approx(tokens, rel=0.03)
    assert got.get("days") in (None, 3.0)


def test_the_months_a_dataset_covers_are_no_timeline() -> None:
    assert "days" not in said("用过去两年（2024 年 1 月到 12 月）的工单数据微调 7B")
    assert "days" not in said("fine-tune a 7B on the last 3 months of support chats")
    assert said("fine-tune a 7B on the last 3 months of support chats, in 10 days")["days"] == 10.0


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("日志 50 万行，每行大约 200 token，微调 1.5B", 1e8),
        ("資料 120 萬列，每列約 90 token", 1.08e8),
        ("语料 2 千万句，每句 40 token 左右", 8e8),
        ("We have 200k lines of logs at ~120 tokens/line", 2.4e7),
    ],
)
def test_rows_lines_and_sentences_count_samples(text: str, tokens: float) -> None:
    assert said(text)["tokens"] == pytest.approx(tokens)


def test_rows_are_counted_only_before_a_clause_end() -> None:
    got = said("预算 3 万行不行，LoRA 7B")
    assert got["budget"]["amount"] == pytest.approx(3e4)
    assert "samples" not in got


def test_words_in_chinese_are_words_not_tokens() -> None:
    assert said("2 万篇英文报告，每篇约 3000 单词")["tokens"] == pytest.approx(2e4 * 3000 * 1.33, rel=0.03)


@pytest.mark.parametrize(
    ("text", "data_bytes"),
    [
        ("Dataset: 800k Parquet files, about 15 KB each; LoRA on a 7B", 1.2e10),
        ("训练数据 2000 万个 json 文件，平均每个 2KB", 4e10),
        ("埋点数据 10 亿行，每行约 200 字节，训练 1B 模型", 2e11),
    ],
)
def test_a_count_of_files_or_rows_times_each_ones_size_is_the_data(text: str, data_bytes: float) -> None:
    assert said(text)["data_bytes"] == pytest.approx(data_bytes)


def test_pages_of_each_document_times_each_pages_length_are_its_length() -> None:
    assert said("语料 1 万本电子书，每本约 300 页，每页 400 字")["tokens"] == pytest.approx(
        1e4 * 300 * 400 * 0.6
    )
    assert said("5 万份报告，每份 12 页")["samples"] == pytest.approx(5e4)


def test_a_sample_length_in_brackets_with_a_slash_is_per_sample() -> None:
    assert said("SFT on 80k chats (~900 tokens/chat)")["tokens"] == pytest.approx(7.2e7)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("8 卡 A800 x 4 台，全参微调 70B", 32),
        ("4x H100 * 2 nodes", 8),
        ("pretraining on twelve thousand H100s", 12000),
    ],
)
def test_servers_after_a_counted_gpu_and_counts_in_thousands_multiply_out(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


def test_a_gpu_kept_for_serving_is_not_the_training_hardware() -> None:
    got = parse("公司有 2 张 A10 用来做推理，这次想租 A100 全参微调 13B")
    assert (got.task, got.slots.gpu, got.slots.gpu_count) == ("train", "a100", None)
    english = parse("we run two L40S for inference already; want to LoRA a 34B on rented H100s")
    assert (english.task, english.slots.gpu, english.slots.gpu_count) == ("train", "h100", None)


def test_a_run_already_done_is_history_and_the_new_plan_is_the_request() -> None:
    assert said("上个月用 16 张 H800 训了 20 天的 3B，这次想训 14B，数据 8000 亿 token") == approx(
        {"params": 1.4e10, "tokens": 8e11}
    )
    assert said(
        "Last year we trained a 2B on 500B tokens; this time we want a 9B on 3T tokens in bf16"
    ) == approx({"params": 9e9, "tokens": 3e12, "precision": "bf16"})


def test_the_model_and_data_of_a_past_run_carry_over_when_the_plan_does_not_restate_them() -> None:
    got = said("We trained a 13B on 600B tokens earlier this year; now we need the same on 64 H200s")
    assert (got["params"], got["tokens"], got["gpu_count"]) == (1.3e10, 6e11, 64)


def test_a_change_from_one_value_to_another_keeps_the_new_one() -> None:
    assert said("模型不变 7B，数据从 500 亿 token 提高到 1200 亿 token")["tokens"] == pytest.approx(1.2e11)


def test_a_market_rate_is_a_price_when_the_budget_is_said_elsewhere() -> None:
    got = said("A100 行情价约 1.5 美元每小时，我们的预算是 3 万美元，预训练 1B")
    assert got["budget"] == {"amount": 3e4, "currency": "USD", "period": "total"}
    assert said("rates are about $2 an hour, our budget is $8k, LoRA 13B")["budget"]["amount"] == 8000


def test_money_already_spent_is_no_budget() -> None:
    got = said("数据清洗已经花了 5 万，剩下预算 12 万，微调 32B")
    assert got["budget"]["amount"] == pytest.approx(1.2e5)


def test_a_precision_ruled_out_is_not_the_precision() -> None:
    assert "precision" not in said("fp8 先不考虑，LoRA 13B")
    assert said("fp8 is off the table, so bf16 for a 7B")["precision"] == "bf16"


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("instruction-tune Qwen2.5-7B on 30k samples", "full_finetune"),
        ("a 3B model pre-trained on 600B tokens", "pretrain"),
    ],
)
def test_more_ways_to_name_a_method(text: str, method: str) -> None:
    assert said(text)["method"] == method


def test_a_deadline_after_qixian_in_month_slash_day() -> None:
    assert said("LoRA 8B，期限 1/8", today=WEDNESDAY)["days"] == 37.0


def test_parts_of_the_data_listed_with_the_enumeration_comma_add_up() -> None:
    assert said("语料：新闻 400GB、书籍 100GB、代码 250GB")["data_bytes"] == pytest.approx(7.5e11)
    assert said("数据 300GB、模型 7B")["data_bytes"] == pytest.approx(3e11)


def test_tinyllama_is_a_known_size() -> None:
    assert said("继续预训练 TinyLlama，数据 50GB")["params"] == pytest.approx(1.1e9)


# Left from round 11.


def test_a_price_per_million_tokens_is_neither_data_nor_a_budget() -> None:
    got = said("inference at $0.8/1M tokens is fine; budget $20k to LoRA a 70B on 2B tokens")
    assert (got["tokens"], got["budget"]["amount"]) == (2e9, 2e4)
    assert said("每百万 token 3 元，预算 8 万，微调 7B")["budget"]["amount"] == pytest.approx(8e4)


def test_a_quarter_million_is_a_number_not_a_quarter_of_a_year() -> None:
    got = said("SFT a 7B on a quarter million examples of ~2k tokens")
    assert got["tokens"] == pytest.approx(5e8)
    assert "days" not in got
    assert said("three quarters of a billion tokens")["tokens"] == pytest.approx(7.5e8)


def test_taiwans_zhao_bytes_are_terabytes() -> None:
    assert said("資料約 2 兆位元組，預訓練 7B")["data_bytes"] == pytest.approx(2e12)
    assert said("資料 800 百萬位元組")["data_bytes"] == pytest.approx(8e8)


def test_the_days_of_a_week_are_a_schedule_not_the_timeline() -> None:
    assert said("机器一周七天都在跑，训 3B，十天内")["days"] == 10.0
    assert said("we can use the cluster 5 days a week, for 4 weeks")["days"] == 28.0


def test_the_weekend_is_a_deadline_after_by() -> None:
    assert said("LoRA 13B by the weekend", today=WEDNESDAY)["days"] == 4.0


def test_a_bare_size_added_to_the_data_is_a_further_part() -> None:
    got = said("预训练数据 3000亿 token，另外 800亿，模型 13B")
    assert (got["tokens"], got["params"]) == (pytest.approx(3.8e11), 1.3e10)


# Found by the hold-out.


def test_what_is_said_of_a_past_run_up_to_the_new_plan_is_history_too() -> None:
    got = said("以前训练过一个 1B，数据是 3000 亿 token；现在打算训 3B，数据 6000 亿 token")
    assert (got["params"], got["tokens"]) == (3e9, pytest.approx(6e11))


def test_a_gpu_kept_for_inference_in_taiwan_wording_is_not_the_training_hardware() -> None:
    got = parse("公司 8 張 L40S 專門推論用，訓練想租 H100，LoRA 微調 70B")
    assert (got.task, got.slots.gpu, got.slots.gpu_count) == ("train", "h100", None)


def test_a_plan_that_repeats_a_past_pretraining_at_another_size_is_pretraining() -> None:
    assert (
        said("Last time we pre-trained a 350M on 20B tokens; now a 1.3B on 100B tokens")["method"]
        == "pretrain"
    )


def test_the_data_left_after_cleaning_is_the_data_trained_on() -> None:
    assert said("爬下来 4TB，过滤后大概 1.5TB，预训练 7B")["data_bytes"] == pytest.approx(1.5e12)
    assert said("6T tokens raw, 4T tokens after deduplication, 13B")["tokens"] == pytest.approx(4e12)
    assert said("语料 5000 亿 token，清洗后剩 3000 亿，训 7B")["params"] == 7e9


def test_a_part_taken_out_of_the_data_comes_off_it() -> None:
    assert said("資料共 2TB，其中 500GB 是重複資料要刪掉，訓練 13B")["data_bytes"] == pytest.approx(1.5e12)
    assert said("数据 1TB，其中 200GB 是代码")["data_bytes"] == pytest.approx(1e12)


# Found by probing more written forms after the hold-out.


def test_each_of_the_files_counted_times_its_size_is_the_data() -> None:
    assert said("语料是 40 个 jsonl 文件，每个大约 5GB")["data_bytes"] == pytest.approx(2e11)


def test_servers_times_gpus_each_before_the_gpu_name() -> None:
    assert said("4 x 8 A800 nodes, full fine-tune 13B")["gpu_count"] == 32


def test_a_past_year_makes_a_run_history() -> None:
    got = said("2025 年我们用 32 张 H800 训了 40 天的 7B，现在想训 14B", today=WEDNESDAY)
    assert got == approx({"params": 1.4e10})


def test_a_previous_runs_cost_is_no_budget() -> None:
    assert said("the last run cost us $90k; now $60k for a 13B on 300B tokens")["budget"]["amount"] == 6e4


def test_the_part_of_the_data_used_is_the_data() -> None:
    got = said("手上 5 万亿 token，只用其中 2 万亿训 13B")
    assert (got["tokens"], got["params"]) == (pytest.approx(2e12), 1.3e10)


def test_days_a_week_with_words_between_are_a_schedule() -> None:
    assert said("每周大概只能用 4 天机器，计划 6 周训完 3B")["days"] == 42.0


def test_a_further_part_named_with_its_unit_word_adds_up() -> None:
    assert said("语料 2000 亿 token，再加上 300 亿数学 token，训 7B")["tokens"] == pytest.approx(2.3e11)


def test_a_method_ruled_out_with_buKaolv_is_not_the_method() -> None:
    assert said("不考虑全参，LoRA 微调 34B")["method"] == "lora"


def test_a_gpu_that_serves_named_before_it_is_not_the_training_hardware() -> None:
    got = parse("we already serve on 2 A10Gs; how long to LoRA a 13B on 4 A100s?")
    assert (got.task, got.slots.gpu, got.slots.gpu_count) == ("train", "a100", 4)


def test_the_counts_after_a_serving_gpu_belong_to_the_next_one() -> None:
    got = said("one L4 for inference and four H100s for training, full fine-tune 8B")
    assert (got["gpu"], got["gpu_count"]) == ("h100", 4)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("截止 2027/1/2，微调 7B", 31.0),
        ("12/20 之前训完 3B", 18.0),
        ("by the end of this weekend, LoRA 7B", 4.0),
    ],
)
def test_more_deadline_forms(text: str, days: float) -> None:
    assert said(text, today=WEDNESDAY)["days"] == days


def test_a_fraction_before_qianmian_is_no_deadline() -> None:
    assert "days" not in said("比例大概 2/3 前面是中文", today=WEDNESDAY)


def test_a_price_quoted_without_a_period_beside_a_budget_is_no_budget() -> None:
    assert (
        said("RunPod's A100 is $1.64/hr and Azure's is $3; our budget is $12k, LoRA 70B")["budget"]["amount"]
        == 1.2e4
    )


def test_what_was_already_trained_is_history() -> None:
    got = said("we've already trained our 3B on 500B tokens; now we want 100B more tokens of code")
    assert (got["params"], got["tokens"]) == (3e9, pytest.approx(1e11))


def test_data_from_the_last_years_is_no_timeline() -> None:
    got = said("300k chats from the past three years, ~500 tokens each, LoRA 8B, in 10 days")
    assert (got["tokens"], got["days"]) == (pytest.approx(1.5e8), 10.0)


def test_how_fast_the_data_grows_is_not_its_size() -> None:
    assert said("日志每天新增约 5GB，现在一共 900GB，继续预训练 7B")["data_bytes"] == pytest.approx(9e11)
    got = said("our corpus grows by 10GB a week; it is 2TB today; pretrain 3B")
    assert got["data_bytes"] == pytest.approx(2e12)
    assert "days" not in got


def test_a_month_before_qian_is_a_deadline_not_months() -> None:
    assert said("希望 2 月前训完 LoRA 13B", today=WEDNESDAY)["days"] == 60.0  # January 31


@pytest.mark.parametrize(
    "text",
    [
        "今年 Q1 我们用 16 张 A100 训了一个 1.3B，跑了 40 天；下一版想训 7B",
        "第二季度训练了一个 3B，用了 64 张 H800；现在打算训 7B",
        "In February we trained a 1B on 32 A100s for 40 days; now we want a 7B",
        "上半年我们预训练了一个 1B，用了 40 天，接下来想训 7B",
        "今年第一季我們用 16 張 A100 訓練了 1B，花了 40 天；現在想訓 7B",
    ],
)
def test_a_run_in_a_quarter_or_month_already_begun_is_history(text: str) -> None:
    got = said(text, WEDNESDAY)
    assert got["params"] == 7e9
    assert "days" not in got
    assert "gpu_count" not in got


def test_a_time_ago_is_no_timeline() -> None:
    assert "days" not in said("两个月前整理的数据 10GB，LoRA 7B", WEDNESDAY)
    assert "days" not in said("LoRA 7B on the logs we exported 3 weeks ago", WEDNESDAY)
    assert said("LoRA 7B, 3 weeks", WEDNESDAY)["days"] == 21.0


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Our customer pilot starts Jan 12, 2027; the 7B must be tuned before then", 40.0),
        ("客户试点 1 月 12 号开始，在那之前要把 7B 训完", 40.0),
        ("The new quarter's review is on 2027-01-12 and we want the 7B tuned by then", 41.0),
    ],
)
def test_a_date_said_plainly_and_pointed_at_later_is_the_deadline(text: str, days: float) -> None:
    assert said(text, WEDNESDAY)["days"] == days


@pytest.mark.parametrize(
    "text",
    [
        "PaLM 540B took 2.5e24 FLOPs; we want a 13B on 260B tokens",
        "Falcon 40B was trained on 1T tokens. We plan a 13B on 260B tokens.",
    ],
)
def test_a_published_run_cited_before_the_plan_is_not_the_plan(text: str) -> None:
    got = parse(text).slots
    assert (got.params, got.tokens) == (1.3e10, 2.6e11)


def test_a_past_run_told_after_the_question_is_history_too() -> None:
    got = said(
        "想问一下：用 16 张 H800 全参微调 14B，数据 30GB，两轮要多久？"
        "上次我们用 A100 训过一个差不多的，跑了 12 天。"
    )
    assert "days" not in got
    assert (got["params"], got["gpu"], got["gpu_count"], got["epochs"]) == (1.4e10, "h800", 16, 2)
    english = said(
        "How long to LoRA a 70B on 200M tokens with 8 H100s? We ran something similar before, took 5 days."
    )
    assert "days" not in english
    assert (english["params"], english["gpu_count"]) == (7e10, 8)


def test_what_a_past_run_cost_is_history_and_the_plan_after_it_is_the_request() -> None:
    got = said(
        "去年我们预训练一个 1B 花了 6 天、烧了 8 万块。这次打算预训练 13B，数据 500B token，预算 80 万元"
    )
    assert "days" not in got
    assert (got["params"], got["tokens"], got["budget"]["amount"]) == (1.3e10, 5e11, 8e5)


def test_a_past_run_told_after_a_plan_with_no_question_is_history_too() -> None:
    got = said("QLoRA a 70B on one A100 with 4GB of data. Last time a 34B on a 4090 took 6 days.")
    assert "days" not in got
    assert (got["params"], got["gpu"], got["gpu_count"]) == (7e10, "a100", 1)


def test_gpus_rented_for_a_past_run_are_history() -> None:
    got = said("We rented 32 A100s last quarter for $50k. Now we plan to LoRA a 70B, budget $20k.")
    assert "gpu_count" not in got
    assert got["budget"]["amount"] == 2e4
    assert said("我们租了 16 张 H100，想 LoRA 70B")["gpu_count"] == 16


def test_a_precision_that_is_more_than_needed_is_not_the_precision() -> None:
    assert said("full fine-tune a 13B; fp32 is overkill, so bf16")["precision"] == "bf16"
    assert said("单精度太慢了，用 fp16，LoRA 7B")["precision"] == "fp16"


@pytest.mark.parametrize(
    ("text", "prompt"),
    [("RAG 场景，检索回来的上下文有 3 万 token，70B 模型 10 个并发", 30_000),
     ("部署 70B，检索的上下文约 30k token，10 个并发", 30_000),
     ("RAG 場景，檢索回來的上下文有 2 萬 token，70B 模型 10 個並發", 20_000),
     ("RAG, each prompt carries about 20k tokens of retrieved context, 70B, 10 users", 20_000),
     ("serve Llama 3.1 70B for RAG with 12k tokens of retrieved context, 30 users", 12_000)],
)  # fmt: skip
def test_retrieved_context_is_the_prompt_every_request_carries(text: str, prompt: int) -> None:
    slots = parse(text).slots
    assert slots.input_tokens == prompt
    assert slots.context_tokens is None


def test_a_context_said_with_a_filler_is_the_window() -> None:
    slots = parse("部署 Llama 3.1 8B，上下文有 16000 token，20 个并发").slots
    assert slots.context_tokens == 16_000


@pytest.mark.parametrize(
    ("text", "prompt"),
    [("serve Llama 3.1 8B to 20 users with 8k-token requests", 8_000),
     ("How much KV cache does one 128k-token request take on Qwen2.5-72B?", 128_000),
     ("Qwen2.5-72B 一个 32k 的请求 KV cache 占多少显存", 32_000)],
)  # fmt: skip
def test_a_requests_length_said_before_the_word_request_is_its_prompt(text: str, prompt: int) -> None:
    assert parse(text).slots.input_tokens == prompt


@pytest.mark.parametrize(
    "text",
    [
        "one request of 8,000 tokens on 2 H100, does llama 70b fit?",
        "serving llama 3 70b: 3 requests of 8000 tokens each at once, 2 H100s enough?",
    ],
)
def test_a_count_of_requests_is_not_the_length_of_each(text: str) -> None:
    assert said(text).get("input_tokens") == 8000
