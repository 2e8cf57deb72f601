"""A serving load said after a serving answer re-runs it with the new load, however the load is said (a
what-if, a change, "and if …"), in English, simplified and traditional Chinese; a load said alone with no
model is a serving question that asks which model, keeping the load."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


def _answer(text: str) -> str:
    """The serving answer, after the line that says what changed."""
    return text.split("\n\n", 1)[1] if text.startswith(("*What changed*", "*变化*", "*變化*")) else text


def test_a_change_to_requests_a_day_re_runs_the_serving_answer_in_simplified_chinese(
    real: Consultant,
) -> None:
    real.handle("s", "部署 Qwen2.5-14B 做内部问答，每天大概 2000 次请求")
    text = _answer(real.handle("s", "改成每天 8 万次请求呢").text)
    assert text.startswith("*推理部署 Qwen2.5 14B（BF16），每天 80,000 次请求"), text


def test_and_if_with_requests_a_day_re_runs_the_serving_answer_in_english(real: Consultant) -> None:
    real.handle("s", "Serve Mistral 7B for 300 users a day")
    text = _answer(real.handle("s", "and if it's 40k requests per day?").text)
    assert text.startswith("*Serving Mistral 7B"), text
    assert "40,000 requests a day" in text.split("\n")[0], text


def test_people_online_at_once_in_a_what_if_re_run_the_serving_answer_in_traditional_chinese(
    real: Consultant,
) -> None:
    real.handle("s", "部署 Llama 3 8B 推論服務，每天 500 個用戶")
    text = _answer(real.handle("s", "要是同時 80 個人在線呢").text)
    assert text.startswith("*推理部署 Llama 3 8B"), text
    assert "80" in text.split("\n")[0], text


def test_an_expected_request_volume_alone_is_a_serving_question_that_asks_for_the_model(
    real: Consultant,
) -> None:
    text = real.handle("s", "預計每天 3 萬次請求").text
    assert "每天 30,000 次請求" in text.split("\n")[0], text
    assert "你用的是哪個模型？" in text, text
    follow = real.handle("s", "用 Qwen2.5-7B").text
    assert "每天 30,000 次請求" in follow.split("\n")[0], follow


def test_an_expected_monthly_volume_in_english_keeps_its_load_for_the_model_named_next(
    real: Consultant,
) -> None:
    text = real.handle("s", "we will get around 600k requests a month").text
    assert "How many parameters" not in text, text
    assert text.startswith("*Serving (inference)"), text
    follow = real.handle("s", "Llama 3.1 8B").text
    assert follow.startswith("*Serving Llama 3.1 8B"), follow


def test_traffic_reported_as_a_fact_is_still_no_serving_load(real: Consultant) -> None:
    text = real.handle("s", "we handle 2 million requests a month on our website").text
    assert not text.startswith("*Serving"), text


def test_a_load_what_if_says_what_changed_from_the_answer_before(real: Consultant) -> None:
    first = real.handle("s", "Serve Mistral 7B at 5 requests per second").text
    text = real.handle("s", "what if it's 60 requests per second?").text
    assert text.startswith("*What changed*: 5 requests/s → 60 requests/s: "), text
    earlier = first.split("\n")[1].split(":")[1].strip(" *")  # "*Recommended*: 1 × NVIDIA …"
    assert earlier.split(":")[0] in text.split("\n")[0], (earlier, text)


def test_a_load_change_says_what_changed_in_simplified_and_traditional_chinese(real: Consultant) -> None:
    real.handle("a", "部署 Qwen2.5-14B 做内部问答，每天大概 2000 次请求")
    hans = real.handle("a", "改成每天 8 万次请求呢").text
    assert hans.startswith("*变化*：每天 2,000 次请求 → 每天 80,000 次请求："), hans
    real.handle("b", "部署 Llama 3 70B 推論服務，日活 1000")
    hant = real.handle("b", "如果每秒 20 個請求呢").text
    assert hant.startswith("*變化*：日活 1,000 → 每秒 20 個請求："), hant


def test_a_new_model_with_its_own_load_is_a_new_answer_without_a_what_changed_line(real: Consultant) -> None:
    real.handle("s", "Serve Mistral 7B at 5 requests per second")
    text = real.handle("s", "Serve Llama 3.1 70B for 300 concurrent users").text
    assert "What changed" not in text, text


def test_a_load_alone_in_a_what_if_with_no_answer_before_asks_which_model_to_serve(real: Consultant) -> None:
    text = real.handle("a", "how about 300k requests a day?").text
    assert (
        text.startswith("*Serving (inference)*, 300,000 requests a day") or "300,000 requests a day" in text
    )
    assert "How many parameters" not in text, text
    hant = real.handle("b", "那每天 5 萬次調用呢？").text
    assert "每天 50,000 次請求" in hant.split("\n")[0], hant
    assert "你用的是哪個模型？" in hant, hant


def test_a_gpu_named_in_the_plural_without_a_count_after_a_serving_answer_is_how_many_of_them(
    real: Consultant,
) -> None:
    real.handle("p1", "how much vram to serve llama 3 70b?")
    plural = real.handle("p1", "and with 4090s?").text
    assert (
        "*Recommended:* 8 × NVIDIA GeForce RTX 4090" in plural and "1 × NVIDIA GeForce RTX 4090" not in plural
    )
    real.handle("p2", "部署 Qwen2.5-72B 需要多少显存")
    english = real.handle("p2", "what about on L40S cards?").text
    assert "*Recommended:* 8 × NVIDIA L40S" in english and "显存" not in english
    one = real.handle("p3", "can L40S serve llama 3 70b?").text  # the L40S's own "S" is no plural
    assert one.startswith(
        "*Yes, in INT4.* BF16 needs 141 GB of weights, more than the 48.3 GB usable on 1 × NVIDIA L40S"
    )


@pytest.mark.parametrize(
    ("plan", "load", "heading"),
    [
        ("LoRA of llama 3 8b on 20M tokens, no deadline", "what about 300 users?",
         "Serving a 8B-parameter model (BF16) to 300 concurrent users (inference, not training)"),
        ("full fine-tune a 7B on 1B tokens in a week", "and for 2000 daily users?",
         "Serving a 7B-parameter model (BF16) for 2,000 daily users"),
        ("QLoRA a 70B on 100M tokens in 5 days", "what about 50 requests per second?",
         "Serving a 70B-parameter model (BF16) at 50 requests/s"),
        ("LoRA 微调 llama 3 8b，2000万 token，不限时间", "那 300 个用户同时用呢？",
         "推理部署 80亿参数的模型（BF16），300 个并发用户"),
        ("LoRA 微調 8B，資料 2000 萬 token，三天內", "那同時 300 個人用呢？",
         "推理部署 80億參數的模型（BF16），300 個併發使用者"),
    ],
)  # fmt: skip
def test_a_load_alone_after_a_training_plan_serves_the_model_of_that_job(
    real: Consultant, plan: str, load: str, heading: str
) -> None:
    real.handle("t", plan)
    text = real.handle("t", load).text.replace("*", "")
    assert text.startswith(heading), text
    assert "Nothing changes" not in text and "typical" not in text


@pytest.mark.parametrize(
    "follow", ["what if 2x users?", "what if we double the users?", "and if traffic doubles?"]
)
def test_a_scaled_load_re_runs_the_serving_answer_with_the_load_held_times_the_factor_in_english(
    real: Consultant, follow: str
) -> None:
    real.handle("s", "serve llama 3.1 8b to 150 concurrent users")
    text = real.handle("s", follow).text
    assert text.startswith("*What changed*: 150 concurrent users → 300 concurrent users"), text
    assert _answer(text).startswith("*Serving Llama 3.1 8B (BF16) to 300 concurrent users*"), text


@pytest.mark.parametrize("follow", ["QPS 翻倍呢", "请求量翻一倍会怎样", "如果每秒请求减半呢"])
def test_a_scaled_request_rate_re_runs_the_serving_answer_in_simplified_chinese(
    real: Consultant, follow: str
) -> None:
    real.handle("s", "部署 Qwen2.5-32B，每秒 6 个请求")
    text = _answer(real.handle("s", follow).text)
    first = text.split("\n")[0]
    assert first.startswith("*推理部署 Qwen2.5 32B（BF16），每秒"), text
    assert ("每秒 12 个请求" in first) or ("每秒 3 个请求" in first), text


@pytest.mark.parametrize("follow", ["如果用戶多一倍呢", "併發翻倍的話", "使用者數加倍呢"])
def test_a_scaled_number_of_users_re_runs_the_serving_answer_in_traditional_chinese(
    real: Consultant, follow: str
) -> None:
    real.handle("s", "我們要上線 Mixtral 8x7B，大約 60 個並發")
    text = _answer(real.handle("s", follow).text)
    assert text.startswith("*推理部署 Mixtral 8x7B（BF16），120 個併發使用者*"), text


def test_doubling_the_traffic_of_a_plan_sized_with_no_load_doubles_its_default_load(real: Consultant) -> None:
    real.handle("s", "how many H200 to serve DeepSeek-V3 in FP8?")
    text = _answer(real.handle("s", "what if we double the traffic?").text)
    # the question was how many H200s: the count still leads
    assert text.startswith("*8 × NVIDIA H200 SXM* to serve DeepSeek-V3 (FP8) to 20 concurrent users"), text
    assert "How many parameters" not in text, text


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "serve llama 3.1 8b, 50 million tokens per day",
            "*Serving Llama 3.1 8B (BF16) for 50M tokens a day ≈ 33,333 requests a day of 1,500 tokens "
            "(prompt + answer)",
        ),
        (
            "部署 Qwen3-235B-A22B 做线上服务，每天大概 5 亿 tokens，要几张 H100？",
            "推理部署 Qwen3 235B-A22B（BF16），每天 5亿 token≈每天 333,333 次请求"
            "（每次输入加输出约 1,500 token）",
        ),
        (
            "推理部署 Qwen2.5-72B，每月 30 億 token，要幾張卡？",
            "推理部署 Qwen2.5 72B（BF16），每月 30億 token≈每天 65,753 次請求"
            "（每次輸入加輸出約 1,500 token）",
        ),
    ],
)
def test_a_token_volume_a_day_or_month_sizes_the_serving_plan_for_that_traffic(
    real: Consultant, text: str, first: str
) -> None:
    reply = real.handle("s", text).text
    assert first in reply.split("\n")[0], reply
    assert "no load given" not in reply and "未给出负载" not in reply and "未給出負載" not in reply, reply
