"""A serving answer for an MoE model on several GPUs says which replica layout it assumed when it
spreads the experts over the GPUs (attention data parallel) or keeps them tensor parallel for a small
batch, and why (TensorRT-LLM's recipes: data parallel from 16 requests per GPU), in English and in
Chinese."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "serve Qwen3-235B-A22B in FP8 on 8 H200s",
            "experts spread over its 8 GPUs and attention data parallel",
        ),
        ("用 8 张 H200 部署 Qwen3-235B-A22B FP8 推理服务", "专家分到 8 张卡上、注意力数据并行"),
    ],
)
def test_the_answer_says_it_assumed_the_experts_spread_over_the_gpus(
    real: Consultant, text: str, said: str
) -> None:
    assert said in ask(real, text)


def test_a_dense_model_answer_does_not_talk_about_experts(real: Consultant) -> None:
    reply = ask(real, "serve Llama 3.3 70B in FP8 on 8 H200s")
    assert "experts spread" not in reply


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "Can 8 H200s serve Qwen3-235B-A22B FP8 to 500 concurrent users?",
            "the experts spread over the 8 GPUs with attention data parallel",
        ),
        ("8 张 H200 跑 Qwen3-235B-A22B FP8，500 个并发用户够吗", "专家分到 8 张卡上、注意力数据并行"),
    ],
)
def test_a_fit_answer_says_why_each_gpu_holds_more_than_its_share_of_the_weights(
    real: Consultant, text: str, said: str
) -> None:
    reply = ask(real, text)
    assert reply.splitlines()[0].startswith(("Yes.", "*Yes.", "能。", "*能。")) and said in reply


def test_a_layout_the_user_names_is_the_one_planned_and_said_back(real: Consultant) -> None:
    named = ask(real, "serve Qwen3-235B-A22B in FP8 on 8 H200s, tensor parallel")
    picked = ask(real, "serve Qwen3-235B-A22B in FP8 on 8 H200s")
    assert "tensor parallel across its GPUs, as asked" in named and "experts spread" not in named

    def tokens_per_second(reply: str) -> int:
        line = next(x for x in reply.splitlines() if "output tokens/s" in x)
        return int(line.split(" output tokens/s")[0].split()[-1].replace(",", ""))

    assert tokens_per_second(named) < tokens_per_second(picked)


@pytest.mark.parametrize(
    "text, said",
    [
        ("serve Qwen3-235B-A22B in FP8 on 8 H200s", "TensorRT-LLM's recipes switch to this from 16 per GPU"),
        ("用 8 张 H200 部署 Qwen3-235B-A22B FP8 推理服务", "TensorRT-LLM 的推荐配置从每卡 16 个请求起这样跑"),
        (
            "serve DeepSeek-V3 for 8 concurrent users",
            "tensor parallel across its GPUs (8 requests in flight on 4 GPUs; TensorRT-LLM's recipes keep "
            "attention tensor parallel below 16 per GPU)",
        ),
        ("部署 DeepSeek-V3，8 个并发用户", "TensorRT-LLM 的推荐配置在每卡少于 16 个请求时注意力用张量并行"),
    ],
)
def test_the_answer_says_why_it_chose_the_layout_from_the_batch_per_gpu(
    real: Consultant, text: str, said: str
) -> None:
    assert said in ask(real, text)
