"""Daily active users reach the serving engine: the answer is sized for their peak-hour rate and
says it (users, requests/s, the usage assumed); said before the model, they are kept and not asked
again, and the model named next is sized for them."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_daily_users_size_the_serving_plan_at_their_peak_rate(real: Consultant) -> None:
    turn = real.handle("s", "support chatbot on Qwen2.5 7B for 40k daily users — how many GPUs?")
    text = turn.text
    first = text.split("\n")[0]  # "how many GPUs?": the count leads, then what it serves
    assert first.startswith("*") and first[1].isdigit(), first
    assert "to serve Qwen2.5 7B (BF16) for 40,000 daily users (~13.9 requests/s" in first
    assert "5 requests a day over 8 busy hours" in text
    assert "How many users at once" not in text  # the load was given
    assert "?" not in text.split("\n")[0]


def test_daily_users_said_before_the_model_are_kept_for_the_follow_up(real: Consultant) -> None:
    first = real.handle("s", "日活两万的客服机器人需要几张卡？")
    assert first.text.startswith("*推理部署（serving），日活 20,000"), first.text
    assert "并发用户数" not in first.text and "你用的是哪个模型" in first.text
    second = real.handle("s", "用 Llama 3 8B")
    assert "日活 20,000（高峰约每秒 6.94 个请求）" in second.text, second.text


def test_more_daily_users_need_more_replicas(real: Consultant) -> None:
    small = real.handle("a", "serve Llama 3 70B for 2k daily users").text
    large = real.handle("b", "serve Llama 3 70B for 200k daily users").text
    assert "replicas" not in small.split("\n")[1], small
    assert "replicas" in large.split("\n")[1], large


def test_daily_users_said_with_a_hedge_and_a_word_for_people_are_daily_not_at_once(real: Consultant) -> None:
    # "日活大概 2000 人" is 2,000 users a day, not 2,000 users at once (which would need far more GPUs)
    for message, opening in (
        (
            "想部署一个 14B 的开源模型，日活大概 2000 人，用什么卡？",
            "*推理部署 140亿参数的模型（BF16），日活 2,000",
        ),
        (
            "部署 14B 模型，每日活躍使用者大約 2000 人，要幾張卡？",
            "推理部署 140億參數的模型（BF16），日活 2,000",
        ),
        (
            "serve a 14B model, DAU around 2000 users, how many GPUs?",
            "serve a 14B-parameter model (BF16) for 2,000 daily users",
        ),
    ):
        text = real.handle(message, message).text
        assert opening in text.split("\n")[0], (message, text[:120])
        assert not any(w in text.split("\n")[0] for w in ("并发", "併發", "concurrent")), message
