"""Serving questions get a serving answer in the language asked: GPUs, replicas, speed, cost, the
assumptions stated, and "show the math" or a what-if on it; never the training form."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse

TRAINING_FORM = ("how much training data", "how many parameters", "训练数据", "多少参数")


def test_a_named_model_and_users_get_gpus_replicas_speed_and_cost(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "how many GPUs to serve Llama 3 70B to 100 concurrent users?"
    nlu.understands(text, "serve", model="llama-3-70b", params=70e9, concurrency=100)
    reply = consultant.handle("s1", text).payload["reply"]
    assert "to serve Llama 3 70B (BF16) to 100 concurrent users" in reply.split("\n")[0]
    assert "KV cache" in reply and "tokens/s" in reply and "/hour" in reply
    assert "1,000-token prompts and 500-token answers (defaults)" in reply
    assert not any(q in reply.lower() for q in TRAINING_FORM)


def test_a_chinese_question_is_answered_in_chinese(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "部署Qwen2.5-72B做推理，50个并发，需要几张卡？"
    nlu.understands(text, "serve", model="qwen2.5-72b", params=72e9, concurrency=50)
    reply = consultant.handle("s2", text).payload["reply"]
    assert "推理部署 Qwen2.5 72B" in reply and "50 个并发用户" in reply
    assert "KV 缓存" in reply and "每小时" in reply
    assert "Serving" not in reply


def test_show_the_math_after_a_serving_answer_explains_the_serving_numbers(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "serve Mixtral 8x7B for 20 users"
    nlu.understands(text, "serve", model="mixtral-8x7b", params=46.7e9, concurrency=20)
    consultant.handle("s3", text)
    nlu.understands("show the math", "explain")
    math = consultant.handle("s3", "show the math").payload["reply"]
    assert "How this was computed" in math
    assert "KV cache per token and layer" in math and "Decode with" in math


def test_a_what_if_changes_the_load_of_the_same_deployment(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "serve Qwen2.5 7B to 10 users"
    nlu.understands(text, "serve", model="qwen2.5-7b", params=7e9, concurrency=10)
    consultant.handle("s4", text)
    nlu.understands("what about 2000 users?", "whatif", concurrency=2000)
    reply = consultant.handle("s4", "what about 2000 users?").payload["reply"]
    assert "Serving Qwen2.5 7B (BF16) to 2,000 concurrent users" in reply


def test_hardware_too_small_for_the_model_is_a_plain_no_with_what_fits(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "can we serve DeepSeek-V3 on 8 A100s?"
    nlu.understands(text, "serve", model="deepseek-v3", params=671e9, gpu="a100-80gb", gpu_count=8)
    reply = consultant.handle("s5", text).payload["reply"]
    assert "*No:*" in reply and "8 × NVIDIA A100 80GB" in reply
    assert "Smaller precision" in reply or "Recommended" in reply


def test_a_size_without_a_name_is_served_with_a_standard_shape_and_says_so(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "how many H100s to serve a 13B model at 20 requests per second?"
    nlu.understands(text, "serve", params=13e9, qps=20.0, gpu="h100")
    reply = consultant.handle("s6", text).payload["reply"]
    assert (
        "to serve a 13B-parameter model (BF16) at 20 requests/s" in reply and "standard dense shape" in reply
    )
    assert "H100" in reply


def test_without_a_load_the_answer_asks_for_one_and_a_rate_then_replaces_users(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "deploy Llama 3.1 8B for inference"
    nlu.understands(text, "serve", model="llama-3.1-8b", params=8e9)
    reply = consultant.handle("s7", text).payload["reply"]
    assert "How many users at once, or requests per second" in reply and "no load given" in reply
    nlu.understands("at 5 requests per second", "whatif", qps=5.0)
    assert "at 5 requests/s" in consultant.handle("s7", "at 5 requests per second").payload["reply"]
    nlu.understands("make it 300 users", "whatif", concurrency=300)
    reply = consultant.handle("s7", "make it 300 users").payload["reply"]
    headline = next(line for line in reply.split("\n") if line.startswith("*Serving"))
    assert "to 300 concurrent users" in headline and "requests/s" not in headline


def test_a_deployment_in_mainland_china_is_planned_on_a_gpu_rentable_there(real: Consultant) -> None:
    turn = real.handle("s", "国内部署 Qwen2.5-72B，50个并发")
    assert "按国内部署规划" in turn.text
    recommended = next(line for line in turn.text.splitlines() if line.startswith("*推荐"))
    assert any(name in recommended for name in ("H800", "H20", "A800")), recommended


def test_the_same_deployment_without_a_china_cue_is_planned_on_the_global_clouds(real: Consultant) -> None:
    turn = real.handle("s", "deploy Qwen2.5-72B for 50 concurrent users")
    assert "mainland China" not in turn.text
