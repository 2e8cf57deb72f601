"""A stated context window is the longest request a deployment accepts, not every prompt: the chat plans
for the typical prompt of the use, says which lengths were the user's and which assumed, and says what
filling the window would take; a prompt length said with it is planned as said."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def assumed(text: str) -> str:
    return next(line for line in text.splitlines() if "Assumed" in line or "假设" in line)


def test_a_window_alone_is_planned_with_a_typical_chat_prompt_and_says_so(real: Consultant) -> None:
    text = real.handle("w1", "serve Llama 3.1 8B to 500 users, 32k context").text
    line = assumed(text)
    assert "1,000-token prompts, typical for chat" in line
    assert "32,768-token window you gave is the longest request" in line
    assert "32,768-token prompts" not in text
    assert "if every request filled the window" in text


def test_a_chinese_window_alone_says_the_same_in_chinese(real: Consultant) -> None:
    text = real.handle("w2", "200 人同时用 Qwen2.5-72B，上下文 128k，用 H100").text
    assert "聊天的典型长度" in assumed(text)
    assert "如果每个请求都占满窗口" in text
    assert "130,572" not in text


def test_a_prompt_length_said_with_the_window_is_planned_as_said(real: Consultant) -> None:
    text = real.handle("w3", "我们要部署 Qwen2.5-72B 做 RAG，100 个并发，上下文 32k，每次输入大约 8k").text
    line = assumed(text)
    assert "输入 8,000 token" in line and "典型长度" not in line
    assert "32,768 token 的窗口" in line


def test_the_use_said_sets_the_typical_prompt(real: Consultant) -> None:
    text = real.handle("w4", "RAG over our docs with Llama 3.1 70B, 100 concurrent users, 32k context").text
    assert "4,000-token prompts, typical for retrieval (RAG)" in assumed(text)


def test_every_request_filling_the_window_is_planned_full(real: Consultant) -> None:
    text = real.handle("w5", "serve Qwen2.5-7B, 20 users, every request fills the full 32k context").text
    assert "32,268-token prompts" in assumed(text)
    assert "if every request filled the window" not in text


def test_a_prompt_length_said_alone_is_the_prompt(real: Consultant) -> None:
    text = real.handle("w6", "部署 Llama 3.1 8B 给 300 人用，每次输入大约 100k token").text
    assert "输入 100,000 token" in assumed(text)


def test_a_first_token_target_alone_still_plans_a_readable_speed_and_says_the_default(
    real: Consultant,
) -> None:
    text = real.handle("w7", "serve Llama 3.3 70B, 300 users, latency under 3 s to first token").text
    assert "at most 50 ms per token (default: you gave only the time to the first token)" in assumed(text)


def test_a_cheapest_answer_with_no_plan_in_target_shows_the_relaxed_plan_itself(real: Consultant) -> None:
    text = real.handle(
        "w9", "cheapest way to serve Qwen2.5-72B to 200 users, every request fills the 128k context"
    ).text
    assert "Nothing in the catalogue serves" in text
    relaxed = next(line for line in text.splitlines() if "*Relaxed latency target*" in line)
    assert "/hour" in relaxed and "ms per token" in relaxed


def test_hardware_whose_kv_cache_cannot_take_one_whole_window_request_says_that_is_why(
    real: Consultant,
) -> None:
    text = real.handle(
        "w10", "Llama 3.1 70B on 2 H100s with a 128k context for 10 users in BF16, does it fit?"
    ).text
    first = text.splitlines()[0]
    assert first.startswith("*No.*") and "whole 131,072-token window does not fit in its KV cache" in first
    unsaid = real.handle(
        "w12", "Llama 3.1 70B on 2 H100s with a 128k context for 10 users, does it fit?"
    ).text
    assert unsaid.startswith(
        "*Yes, in FP8.* In BF16 one request of the whole 131,072-token window does not fit on 2 × NVIDIA H100"
    )


def test_every_prompt_using_the_whole_window_is_planned_full(real: Consultant) -> None:
    text = real.handle(
        "w11", "serve Llama 3.1 8B for 200 users where every prompt uses the whole 8k context"
    ).text
    assert "7,692-token prompts" in assumed(text)


def assumed_line(text: str) -> str:
    return next(
        line for line in text.splitlines() if line.lstrip("_*").startswith(("Assumed", "假设", "假設"))
    )


WINDOW_FOLLOW_UPS = [
    ("and with 32k context?", "32,768-token window you gave is the longest request"),
    (
        "what if we need to support a 32k context window?",
        "32,768-token window you gave is the longest request",
    ),
    ("上下文 32k 呢", "32,768 token 窗口是每个副本能接受的最长请求"),
    ("如果上下文是 32k 呢", "32,768 token 窗口是每个副本能接受的最长请求"),
    ("上下文長度改成 32k 呢", "32,768 token 視窗是每個副本能接受的最長請求"),
    ("what if the context needs to support 32k?", "32,768-token window you gave is the longest request"),
    ("那如果上下文要支持 32k 呢", "32,768 token 窗口是每个副本能接受的最长请求"),
    ("上下文得能支持 32k 的話呢", "32,768 token 視窗是每個副本能接受的最長請求"),
]


def test_a_context_said_after_a_serving_plan_is_the_longest_request_not_every_prompt(
    real: Consultant,
) -> None:
    for n, (follow_up, window_said) in enumerate(WINDOW_FOLLOW_UPS):
        session = f"wf{n}"
        real.handle(session, "serve Llama 3.3 70B for 200 concurrent users")
        text = real.handle(session, follow_up).text
        line = assumed_line(text)
        assert window_said in line, follow_up
        assert "32,268" not in text and "64 GPUs" not in text.split("⚠️")[0], follow_up
        assert "1,000" in line, follow_up  # the typical chat prompt, unchanged


def test_every_prompt_filling_the_context_said_after_a_plan_is_planned_full(real: Consultant) -> None:
    for n, follow_up in enumerate(
        (
            "what if every request fills the 64k context?",
            "如果每个请求都用满 64k 上下文呢",
            "若每個請求都打滿 64k 上下文呢",
        )
    ):
        session = f"wfull{n}"
        real.handle(session, "部署 Llama 3.1 70B，80 个并发用户")
        line = assumed_line(real.handle(session, follow_up).text)
        assert "65,036" in line and "窗口是" not in line and "window you gave" not in line, follow_up


def test_prompts_said_to_be_that_long_after_a_plan_are_planned_at_that_length(real: Consultant) -> None:
    real.handle("wlong", "serve Llama 3.1 70B to 80 users at once")
    line = assumed_line(real.handle("wlong", "what if each prompt is 32k tokens?").text)
    assert "32,000-token prompts" in line and "window you gave" not in line


def test_a_new_window_after_a_plan_with_a_window_replaces_it_and_keeps_the_typical_prompt(
    real: Consultant,
) -> None:
    real.handle("wnew", "serve Qwen2.5 72B for 100 users at 32k context")
    line = assumed_line(real.handle("wnew", "what about a 128k context window?").text)
    assert "1,000-token prompts, typical for chat" in line and "131,072-token window" in line


def test_a_window_after_a_plan_with_a_prompt_said_keeps_that_prompt(real: Consultant) -> None:
    real.handle("wkeep", "serve Llama 3.1 8B for 50 users, prompts around 3k tokens")
    line = assumed_line(real.handle("wkeep", "and with a 16k context?").text)
    assert "3,000-token prompts" in line and "16,384-token window" in line
