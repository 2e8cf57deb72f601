"""Serving slots: concurrency, request rate, prompt and answer lengths, latency targets, precision."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from bot.nlu.serving import latency_percentile
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "expected"),
    [("serve Llama 3 70B to 100 concurrent users", {"concurrency": 100}),
     ("部署Qwen2.5-72B，50个并发", {"concurrency": 50}), ("a chatbot for 100 users", {"concurrency": 100}),
     ("并发数 64，推理 13B", {"concurrency": 64}), ("20 requests per second", {"qps": 20}),
     ("QPS 20", {"qps": 20}), ("峰值QPS为35", {"qps": 35}), ("每秒 10 个请求，部署7B", {"qps": 10}),
     ("1k-token prompts, 500-token answers", {"input_tokens": 1000, "output_tokens": 500}),
     ("输入2000 token 输出500", {"input_tokens": 2000, "output_tokens": 500}),
     ("serve with 1000 in / 300 out", {"input_tokens": 1000, "output_tokens": 300}),
     ("first token under 500 ms", {"ttft_ms": 500}), ("TTFT < 300ms", {"ttft_ms": 300}),
     ("推理，首token延迟1秒以内", {"ttft_ms": 1000}), ("30 tokens/s per user", {"tpot_ms": 1000 / 30}),
     ("inference with per-token latency 50 ms", {"tpot_ms": 50}),
     ("serve 8b at 100 req/s, latency under 30ms per token", {"tpot_ms": 30}),
     ("serve 8b, 200ms TTFT, 40 ms/token", {"ttft_ms": 200, "tpot_ms": 40}),
     ("serve a 70B, under 2 seconds to the first token", {"ttft_ms": 2000}),
     ("部署 8b，每秒 100 个请求，每个 token 30 毫秒以内", {"tpot_ms": 30})],
)  # fmt: skip
def test_serving_slots(text: str, expected: dict[str, float]) -> None:
    got = said(text)
    for slot, value in expected.items():
        assert got.get(slot) == pytest.approx(value), (slot, got)


@pytest.mark.parametrize(
    ("text", "precision"),
    [("serve Llama 3 70B in int4", "int4"), ("AWQ 量化部署 Qwen2.5-32B", "int4"), ("GPTQ 4-bit", "int4"),
     ("inference in 8-bit", "int8"), ("部署，INT8 量化", "int8"), ("serve it in FP8", "fp8")],
)  # fmt: skip
def test_serving_precision_includes_integer_formats(text: str, precision: str) -> None:
    assert parse(text).slots.precision == precision


@pytest.mark.parametrize(
    "text", ["4-bit LoRA on 13B", "QLoRA 70B with an 8-bit optimizer", "train 7B in 8-bit Adam"]
)
def test_training_bit_widths_are_not_serving_precisions(text: str) -> None:
    assert parse(text).slots.precision is None


def test_a_serving_message_is_task_serve_and_its_token_lengths_are_no_dataset() -> None:
    got = parse("serve Llama 3 8B with 4k tokens of context per request, 20 users")
    assert got.task == "serve"
    assert got.slots.tokens is None and not got.asks
    assert parse("LoRA 7B on 2GB").task == "train"
    assert parse("hello").task is None


def test_an_aggregate_throughput_is_no_per_user_latency() -> None:
    assert parse("we need 5000 tokens/s in total").slots.tpot_ms is None


def test_users_of_a_product_are_no_serving_load_outside_a_serving_question() -> None:
    got = parse("our platform has 2000 users and we want to fine-tune a 7B model on their chats")
    assert got.slots.concurrency is None and got.task == "train"


@pytest.mark.parametrize(
    "text",
    [
        "serve Llama 3.1 8B for 20 users, p99 under 2s",
        "latency under 2 seconds?",
        "推理部署 8B，延迟 2 秒以内",
    ],
)
def test_a_bare_latency_of_whole_seconds_bounds_the_first_token(text: str) -> None:
    got = parse(text).slots
    assert got.ttft_ms == pytest.approx(2000) and got.tpot_ms is None


def test_a_bare_latency_in_milliseconds_is_not_guessed() -> None:
    got = parse("serve Llama 3.1 8B for 20 users, latency under 50 ms").slots
    assert got.ttft_ms is None and got.tpot_ms is None


def test_seconds_are_a_latency_or_nothing_never_a_training_timeline() -> None:
    assert parse("the model should answer in under 2 seconds").slots.days is None
    assert parse("推理，首字延迟2秒以内").slots.ttft_ms == pytest.approx(2000)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("serve Qwen2.5-14B, 2k in 400 out", {"input_tokens": 2000, "output_tokens": 400}),
     ("部署 7B，输入3k，输出1k", {"input_tokens": 3000, "output_tokens": 1000}),
     ("prompts 1.5k, answers 300, serve llama 3 8b", {"input_tokens": 1500, "output_tokens": 300}),
     ("并发2k，部署 Qwen2.5-7B", {"concurrency": 2000}), ("QPS 1.5k for a 7B chatbot", {"qps": 1500})],
)  # fmt: skip
def test_a_k_after_a_labelled_length_or_load_counts_once(text: str, expected: dict[str, float]) -> None:
    got = said(text)
    assert {k: got.get(k) for k in expected} == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "input_tokens"),
    [
        ("serve Llama 3.1 70B at 16k context to 20 users", 16384),
        ("推理 Qwen2.5-72B，上下文 8k，输出 1k", 7192),
        ("vLLM for Mistral 7B, 4k context window, answers of 512 tokens", 3584),
    ],
)
def test_a_context_length_in_a_serving_message_is_the_requests_window(text: str, input_tokens: int) -> None:
    got = parse(text)
    assert got.task == "serve" and got.slots.input_tokens == input_tokens and got.slots.seq_len is None


def test_a_context_length_in_a_training_message_stays_the_sequence_length() -> None:
    got = parse("LoRA 7B with 8k context on 20M tokens")
    assert got.task == "train" and got.slots.seq_len == 8192 and got.slots.input_tokens is None


@pytest.mark.parametrize(
    ("text", "ttft_ms"),
    [("serve 8B, TTFT under 0.5s", 500), ("time to first token below 2s for Qwen2.5-7B", 2000)],
)  # fmt: skip
def test_seconds_written_as_s_are_a_latency(text: str, ttft_ms: float) -> None:
    assert parse(text).slots.ttft_ms == pytest.approx(ttft_ms)


@pytest.mark.parametrize(
    "text",
    [
        "serve Llama 3.1 8B, 100 users, each token under 40 ms",
        "host Qwen2.5-7B for 30 people, every token within 40ms",
    ],
)
def test_a_time_after_each_token_is_the_per_token_target(text: str) -> None:
    assert parse(text).slots.tpot_ms == pytest.approx(40)


@pytest.mark.parametrize(
    ("text", "concurrency"),
    [("部署 Qwen2.5-14B，30 人同时使用", 30), ("Llama 3 8B 給 15 個人用夠嗎", 15),
     ("host Mistral 7B for 40 people on one L40S", 40), ("部署 Qwen2.5-7B，50 人并发", 50),
     ("上線 Llama 3.1 8B，預計 80 個人並發", 80)],
)  # fmt: skip
def test_people_using_a_served_model_are_its_concurrency(text: str, concurrency: int) -> None:
    assert parse(text).slots.concurrency == concurrency


@pytest.mark.parametrize(
    "text",
    [
        "can I run Qwen2.5-32B on two 4090s?",
        "一张 L20 跑得动 Llama 3.1 8B 吗",
        "does Gemma 2 27B fit on an A100 40GB?",
        "how many tokens/s does Mistral 7B get on a T4",
        "想上线一个 Qwen2.5-7B 的客服，日活5000",
        "兩張 A6000 能跑 Llama 3.3 70B 的 int4 嗎",
    ],
)
def test_running_fitting_or_generating_with_a_named_model_is_serving(text: str) -> None:
    assert parse(text).task == "serve"


@pytest.mark.parametrize(
    "text",
    [
        "can I run LoRA on Qwen2.5-32B with two 4090s?",
        "一张 L20 跑得动 Llama 3.1 8B 的 QLoRA 微调吗",
        "does a 13B full fine-tune fit on 4 A100s?",
        "run a 7B pretraining on 100B tokens",
        "微调一个推理模型，7B，数据2GB",
    ],
)
def test_a_training_verb_or_a_dataset_keeps_the_task_training(text: str) -> None:
    assert parse(text).task == "train"


def test_running_without_a_model_is_no_serving() -> None:
    got = parse("租8张A100跑一个月要多少钱")
    assert got.task is None and got.intent == "price"


def test_a_price_per_million_tokens_is_no_dataset() -> None:
    assert parse("serving cost per million tokens for Qwen2.5-72B on H200").slots.tokens is None


@pytest.mark.parametrize(
    ("text", "users"),
    [("a support bot for 8k daily active users on Mistral 7B", 8000), ("Qwen2.5 14B, DAU of 30k", 30000),
     ("serve Llama 3 8B to 12,000 users a day", 12000), ("日活 3 万的客服机器人，Qwen2.5 7B", 30000),
     ("每天大约 2000 个用户使用，部署 13B", 2000), ("日活跃用户 1.5万 部署 Llama 3 70B", 15000),
     ("1万日活，推理用哪张卡", 10000)],
)  # fmt: skip
def test_daily_users_are_a_serving_load_not_concurrency_nor_a_deadline(text: str, users: int) -> None:
    p = parse(text)
    assert p.slots.daily_users == users, p.slots
    assert p.slots.concurrency is None and p.slots.days is None, p.slots
    assert p.task == "serve"


def test_taiwan_users_served_at_once_are_a_serving_load() -> None:
    parsed = parse("一個 Qwen2.5 32B 要同時服務 40 位使用者，要幾張卡？")
    assert parsed.task == "serve" and parsed.slots.concurrency == 40


def test_a_bit_width_after_in_is_the_precision_not_a_prompt_length() -> None:
    parsed = parse("serve Qwen2.5 32B in 4-bit on one L40S")
    assert parsed.slots.precision == "int4" and parsed.slots.input_tokens is None


def test_users_a_day_without_a_measure_word_are_daily_users_not_concurrent_ones() -> None:
    assert said("Qwen2.5 72B 用 vLLM 部署，每天 5000 用户，要几张 H20").get("daily_users") == 5000
    assert said("Llama 3 70B 部署，100 用户同时在线").get("concurrency") == 100
    got = said("我们有 2000 用户，想微调一个模型")
    assert got.get("concurrency") is None and got.get("daily_users") is None


@pytest.mark.parametrize(
    "text",
    ["each user sends ~10 requests a day, deploying Mistral 7B",
     "serve a 13B; our agents make about 40 calls per user a day",
     "we'd deploy a 34B to 600 users, each sending ~20 messages a day"],
)  # fmt: skip
def test_requests_a_day_are_how_often_users_ask_not_a_timeline(text: str) -> None:
    got = said(text)
    assert "days" not in got
    assert "samples" not in got


@pytest.mark.parametrize(
    ("text", "expected"),
    [("prompts are long, usually around 6k tokens", {"input_tokens": 6000}),
     ("answers are short, 300 tokens", {"output_tokens": 300}),
     ("輸入很長，大概 8k token，每秒 5 個請求", {"input_tokens": 8000, "qps": 5}),
     ("输入比较长，一般 6k token，部署 8B", {"input_tokens": 6000})],
)  # fmt: skip
def test_a_side_described_before_a_comma_still_names_the_length_after_it(
    text: str, expected: dict[str, float]
) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    for slot, value in expected.items():
        assert getattr(parsed.slots, slot) == value


@pytest.mark.parametrize(
    "text",
    ["翻译服务 用 7B 模型", "翻譯服務，Qwen2.5 7B，要幾張卡", "做个客服机器人要几张卡",
     "we want a chatbot for our support team, how many GPUs", "support chatbot on an 8B, 200 users"],
)  # fmt: skip
def test_a_service_the_model_answers_in_is_a_serving_request(text: str) -> None:
    assert parse(text).task == "serve"


@pytest.mark.parametrize(
    "text",
    ["翻译服务的模型想微调一下，7B，数据 5 万条", "LoRA 微调 7B 做客服机器人，数据 5 万条",
     "fine-tune an 8B support chatbot on 20k tickets"],
)  # fmt: skip
def test_a_model_trained_for_a_service_is_still_trained(text: str) -> None:
    assert parse(text).task == "train"


@pytest.mark.parametrize(
    "text",
    ["we need to serve 50 users, 4k tokens each, llama 3 8b. which gpu?",
     "部署 Qwen 7B 给 50 个用户，每人 4k token", "部署 Qwen 7B 給 50 個用戶，每個請求大約 4k token",
     "serve qwen 7b to 50 users, per request 4k tokens",
     "serving mistral 7b for 50 users, around 4k tokens per request"],
)  # fmt: skip
def test_the_tokens_each_user_or_request_sends_are_the_prompt_length(text: str) -> None:
    got = parse(text)
    assert got.task == "serve" and got.slots.input_tokens == 4000
    assert got.slots.tokens_per_sample is None and got.slots.concurrency == 50


def test_tokens_each_after_a_sample_count_stay_a_training_sample_length() -> None:
    got = parse("LoRA 7B，1 万条数据，每条 4k token")
    assert got.task == "train" and got.slots.tokens_per_sample == 4000 and got.slots.input_tokens is None


def test_people_a_deployment_must_carry_are_its_concurrency_only_when_serving() -> None:
    from bot.nlu.parser import parse

    assert parse("mistral 7b 部署在 L40S 上，延遲大概多少？能撐 50 個人嗎").slots.concurrency == 50
    assert parse("我们团队 5 个人，想微调 7B").slots.concurrency is None


@pytest.mark.parametrize(
    ("text", "engine"),
    [
        ("we serve with vLLM", "vllm"),
        ("用 sglang 部署", "sglang"),
        ("我們用 SGLang 部署服務", "sglang"),
        ("deploying on trtllm", "tensorrt-llm"),
        ("sglang", "sglang"),
    ],
)
def test_a_message_that_names_only_the_engine_it_serves_with_is_a_serving_request(
    text: str, engine: str
) -> None:
    got = parse(text)
    assert (got.intent, got.task, got.slots.serve_engine) == ("serve", "serve", engine)


@pytest.mark.parametrize(
    "text",
    ["docs.vllm.ai", "sgl-project/sglang", "see https://github.com/vllm-project/vllm", "vllm.readthedocs.io"],
)
def test_an_engine_name_inside_a_web_address_or_repository_path_is_no_engine_stated(text: str) -> None:
    assert parse(text).slots.serve_engine is None


@pytest.mark.parametrize(
    "text",
    [
        "how do I install vllm?",
        "vllm 怎么开 fp8 kv cache",
        "why is my vllm server OOM?",
        "what does paged attention do",
        "vllm vs sglang for llama 3.1 70b on H100s?",
        "SGLang 啟動參數怎麼調",
        "what does --gpu-memory-utilization do",
    ],
)
def test_an_engine_how_to_or_trouble_question_is_an_faq_question_not_a_sizing_request(text: str) -> None:
    assert parse(text).intent == "faq"


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("200 QPS, p95 under 500ms, how many L4s?", 500),
        ("serve llama 8B for 50 users, latency under 300 ms", 300),
        ("部署 8B，P99 延迟 800 毫秒以内", 800),
        ("部署 8B，響應時間 400 毫秒以內", 400),
    ],
)
def test_a_bare_latency_of_a_few_hundred_ms_bounds_the_first_token(text: str, ms: float) -> None:
    got = parse(text).slots
    assert got.ttft_ms == pytest.approx(ms) and got.tpot_ms is None


def test_a_bare_latency_of_tens_of_ms_is_not_guessed() -> None:
    got = parse("serve llama 8B for 50 users, latency under 50ms").slots
    assert got.ttft_ms is None and got.tpot_ms is None


@pytest.mark.parametrize(
    "text",
    [
        "we serve with vLLM",
        "用 vllm 部署 Llama 3.1 70B 要几张 H100",
        "serve llama 3.1 8b with sglang for 50 users",
        "按 SGLang 的默认设置规划",  # "设置" alone is no how-to, nor "配置" (hardware) or "参数" (model size)
    ],
)
def test_an_engine_named_beside_a_model_or_a_load_is_still_a_serving_request(text: str) -> None:
    assert parse(text).intent == "serve"


@pytest.mark.parametrize(
    ("text", "percentile"),
    [
        ("p99 under 2s?", 99.0),
        ("P95 延迟 3 秒以内", 95.0),
        ("99th percentile latency below 1 s", 99.0),
        ("99分位延迟", 99.0),
        ("p99.9 under 5 s", 99.9),
        ("rent a p4d instance", None),
        ("H100 80GB", None),
    ],
)
def test_a_latency_percentile_is_read_from_p99_and_percentile_words(
    text: str, percentile: float | None
) -> None:
    assert latency_percentile(text) == percentile


@pytest.mark.parametrize(
    "text", ["serve Llama 3.1 8B for 20 users at 30 tokens/s each", "部署 8B 给 30 人，每人 30 token/s"]
)
def test_a_speed_said_of_each_user_is_a_per_token_latency(text: str) -> None:
    assert parse(text).slots.tpot_ms == pytest.approx(1000 / 30)


def test_a_speed_of_each_gpu_is_no_per_user_latency() -> None:
    assert parse("8 GPUs each doing 3000 tokens/s").slots.tpot_ms is None


@pytest.mark.parametrize(
    ("text", "use", "requests", "days"),
    [("run offline batch inference with Llama 3.1 70B over 3M support tickets, done within 2 days",
      "batch", 3_000_000, 2.0),
     ("we need to batch-process 800k documents through Qwen2.5-14B by Friday next week, say 6 days",
      "batch", 800_000, 6.0),
     ("label 4M product reviews with Qwen2.5-7B", "batch_label", 4_000_000, None),
     ("classify 1.5M emails with a 13B model, no rush", "batch_label", 1_500_000, None),
     ("generate 300k synthetic conversations with Llama 3.3 70B", "batch_generate", 300_000, None),
     ("用 Qwen2.5-32B 做离线推理，200 万篇文章，一周内跑完", "batch", 2_000_000, 7.0),
     ("批量推理：用 Llama 3.1 8B 给 500 万条评论打标签", "batch_label", 5_000_000, None),
     ("用 Qwen2.5-72B 批量生成 20 万条合成数据，不着急", "batch_generate", 200_000, None),
     ("離線推論 Qwen2.5-7B，300 萬筆資料，兩天內跑完", "batch", 3_000_000, 2.0),
     ("用 Llama 3 8B 批次推論 80 萬則評論，幫它們分類", "batch_label", 800_000, None)],
)  # fmt: skip
def test_an_offline_batch_job_is_a_serving_request_of_a_counted_set_with_its_deadline(
    text: str, use: str, requests: int, days: float | None
) -> None:
    got = parse(text)
    assert got.task == "serve", got
    assert (got.slots.serve_use, got.slots.batch_requests, got.slots.days) == (use, requests, days)


@pytest.mark.parametrize(
    ("text", "side", "tokens"),
    [("offline inference with Llama 3.1 8B over 2M documents of 3k tokens each", "input_tokens", 3000),
     ("generate 100k synthetic samples of 800 tokens with Qwen2.5-72B", "output_tokens", 800),
     ("用 Qwen2.5-72B 生成 10 万条合成数据，每条约 600 token", "output_tokens", 600),
     ("離線推論 50 萬份合約，每份大約 4k token，用 Qwen2.5-14B", "input_tokens", 4000)],
)  # fmt: skip
def test_the_length_said_per_item_is_the_prompt_unless_the_job_writes_the_items(
    text: str, side: str, tokens: int
) -> None:
    assert said(text)[side] == tokens


@pytest.mark.parametrize(
    "text",
    ["fine-tune Llama 3 8B on 50k labelled samples",
     "用 100 万条标注数据微调 Qwen2.5-7B",
     "serve Llama 3.1 8B to 200 users, 2k prompts and 500-token answers"],
)  # fmt: skip
def test_training_on_labelled_data_and_a_live_service_are_no_batch_job(text: str) -> None:
    got = parse(text)
    assert got.slots.batch_requests is None and not str(got.slots.serve_use or "").startswith("batch")


def test_a_count_of_prompts_is_a_job_size_and_a_short_one_is_still_a_prompt_length() -> None:
    assert said("score 2M prompts with an 8B model")["batch_requests"] == 2_000_000
    assert said("serve Llama 3.1 8B, 2k prompts and 500 token answers, 50 users")["input_tokens"] == 2000


@pytest.mark.parametrize(
    "text",
    [
        "13B 全参 8 张 A100 跑到一半报错",
        "7B 全参数 4 张 4090 跑不起来",
        "13B 全參在 8 張 A100 上跑到一半掛了",
    ],
)
def test_full_parameter_work_that_runs_is_training_not_serving(text: str) -> None:
    assert parse(text).task == "train"


@pytest.mark.parametrize(
    "text",
    [
        "how much does it cost per month to keep a 70B endpoint up 24/7 on H100s?",
        "we need a private endpoint for llama 3.1 8b, which GPU?",
        "what's a cheap endpoint for mistral 7b?",
    ],
)
def test_an_endpoint_for_a_model_is_serving_it(text: str) -> None:
    assert parse(text).task == "serve"


def test_an_endpoint_with_no_model_is_no_serving_request() -> None:
    assert parse("does Lambda have an API endpoint to launch instances?").task != "serve"


def test_a_model_trained_before_its_serving_is_said_to_come_first() -> None:
    assert parse("we fine-tune a 8B model every month and then serve it to ~200 users").trains_first
    assert parse("QLoRA fine-tune Mistral 7B on our chats then host it for 40 concurrent users").trains_first
    assert not parse("we fine-tuned llama 8b and want to deploy it").trains_first
    assert not parse("serve llama 3.1 8b with 20 lora adapters to 100 users").trains_first


@pytest.mark.parametrize(
    ("text", "params", "ttft", "tpot"),
    [
        ("Our 30B model needs first token under 500ms", 30e9, 500, None),
        ("a 13B we trained needs time to first token below 300 ms", 13e9, 300, None),
        ("our 34B model needs each token in 40 ms", 34e9, None, 40),
        ("我们的 30B 模型首 token 要在 500ms 内", 30e9, 500, None),
        ("我們自己訓的 30B 模型，要求每個 token 40ms 以內", 30e9, None, 40),
    ],
)
def test_a_model_size_before_a_latency_target_is_the_model_not_a_token_count(
    text: str, params: float, ttft: float | None, tpot: float | None
) -> None:
    got = parse(text)
    assert got.slots.params == pytest.approx(params) and got.slots.tokens is None, got.slots
    assert got.slots.ttft_ms == (pytest.approx(ttft) if ttft else None), got.slots
    assert got.slots.tpot_ms == (pytest.approx(tpot) if tpot else None), got.slots


def test_a_token_count_after_the_model_still_counts_when_a_latency_follows() -> None:
    got = parse("fine tune a 7B on 2B tokens, first token latency matters")
    assert got.slots.params == pytest.approx(7e9) and got.slots.tokens == pytest.approx(2e9)


@pytest.mark.parametrize(
    ("text", "requests", "count", "period"),
    [
        ("serve llama 3.1 8b, 50 million tokens per day", 33_333, 50_000_000, "day"),
        (
            "deploy Qwen2.5-14B for inference, ~30M tokens a day, 2k-token prompts and 1k answers",
            10_000,
            30_000_000,
            "day",
        ),
        ("部署 Qwen3-235B-A22B 做线上服务，每天大概 5 亿 tokens", 333_333, 500_000_000, "day"),
        ("推理部署 Qwen2.5-72B，每月 30 億 token", 65_753, 3_000_000_000, "month"),
    ],
)
def test_a_token_volume_over_a_period_in_a_serving_message_is_requests_a_day(
    text: str, requests: int, count: int, period: str
) -> None:
    got = parse(text)
    assert got.task == "serve" and got.slots.tokens is None, got.slots
    assert got.slots.daily_requests == requests, got.slots
    assert got.slots.volume_said == (count, period, "tokens", requests)


def test_a_token_volume_beside_a_load_said_leaves_the_load_alone() -> None:
    got = parse("serve llama 8b to 100 users, 50M tokens a day")
    assert got.slots.concurrency == 100 and got.slots.daily_requests is None and got.slots.tokens is None


def test_a_token_count_to_train_on_is_still_the_dataset() -> None:
    assert parse("pretrain a 7B on 500M tokens").slots.tokens == pytest.approx(5e8)


@pytest.mark.parametrize(
    ("text", "prompt", "answer"),
    [
        ("部署 Mixtral 8x7B，每個請求 1500 輸入 300 輸出", 1500, 300),
        ("部署 Qwen2.5-7B，每个请求 2000 输入 400 输出", 2000, 400),
        ("serve llama 3 8b with 1000 input 250 output per request", 1000, 250),
        ("serve llama 3 8b, input 1000 output 250", 1000, 250),
        ("推理部署 7B，输入2000输出500", 2000, 500),
    ],
)
def test_each_request_length_takes_the_side_word_said_after_it(text: str, prompt: int, answer: int) -> None:
    got = parse(text)
    assert (got.slots.input_tokens, got.slots.output_tokens) == (prompt, answer), got.slots


@pytest.mark.parametrize(
    ("text", "users"),
    [("gpu for a rag chatbot w/ 20 ppl using it", 20), ("serve qwen2.5 7b to 50 ppl", 50),
     ("llama 3 8b for 300 ppl at once, how many l40s", 300)],
)  # fmt: skip
def test_ppl_are_people_a_model_is_served_to(text: str, users: int) -> None:
    got = parse(text)
    assert got.task == "serve" and got.slots.concurrency == users


@pytest.mark.parametrize(
    ("text", "busy"),
    [("Our traffic is busy 9am to 6pm on weekdays; what do we save scaling down a 13B model?", (9.0, 5.0)),
     ("我们白天 9 点到 6 点才有流量，晚上能关机省多少钱？", (9.0, 7.0)),
     ("工作日 9:00-18:00 才有人用，Qwen2.5-7B 晚上关掉能省多少", (9.0, 5.0)),
     ("朝九晚六的客服机器人，部署 Llama 3.1 8B，晚上关机省多少", (9.0, 7.0)),
     ("我們只有早上 8 點到晚上 10 點有流量，部署 Qwen2.5-32B", (14.0, 7.0)),
     ("serve Llama 3.1 8B, traffic only from 10pm to 2am", (4.0, 7.0))],
)  # fmt: skip
def test_the_hours_a_service_is_busy_are_read_and_count_nothing_else(
    text: str, busy: tuple[float, float]
) -> None:
    parsed = parse(text)
    assert parsed.task == "serve"
    assert parsed.busy_hours == busy
    assert parsed.slots.gpu_count is None and parsed.slots.days is None


def test_hours_said_without_a_busy_word_or_in_training_are_no_busy_window() -> None:
    assert parse("serve Llama 3.1 8B to 9-6 users").busy_hours is None
    assert parse("fine-tune a 7B, the cluster is busy 9am to 6pm").busy_hours is None
    assert parse("serve Llama 3.1 8B, traffic scales from 3 to 5 replicas").busy_hours is None
    assert parse("部署 Qwen2.5-7B，白天流量高峰要 4 到 8 张卡").busy_hours is None
