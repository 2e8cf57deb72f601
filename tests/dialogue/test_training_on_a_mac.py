"""A Mac asked about for training ("can I train on a Mac M3 Max?", "Mac 能跑微调吗", "我的 MacBook Pro 能微調
模型嗎？") gets an honest answer instead of "no answer" or the planning form: not in the rental catalogue,
unified memory shared with the CPU (with Apple's figures), MLX and PyTorch MPS, what is realistic
(LoRA/QLoRA of small models) and what is not (multi-GPU training, CUDA-only kernels)."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    "question",
    [
        "can I train on a Mac M3 Max?",
        "could I fine-tune a model on my MacBook Pro?",
        "is apple silicon any good for training LLMs?",
    ],
)
def test_an_english_mac_question_gets_what_a_mac_can_and_cannot_do(real: Consultant, question: str) -> None:
    turn = real.handle("m1", question)
    assert turn.payload["faq"] == ["faq.apple_silicon"]
    text = turn.text
    assert "unified memory shared by the CPU and GPU" in text and "up to 128 GB" in text
    assert "MLX" in text and "MPS" in text
    assert "LoRA or QLoRA of 7B–13B models" in text and "multi-GPU or multi-node training" in text
    assert turn.payload["slots"].get("method") is None  # no planning form started


@pytest.mark.parametrize(
    ("question", "memory", "stacks"),
    [
        ("Mac 能跑微调吗", "CPU 和 GPU 共用的统一内存", "MLX"),
        ("苹果电脑可以训练大模型吗？", "CPU 和 GPU 共用的统一内存", "MPS 后端"),
        ("我的 MacBook Pro 能微調模型嗎？", "CPU 和 GPU 共用的統一記憶體", "MPS 後端"),
    ],
)
def test_a_chinese_mac_question_gets_the_same_answer(
    real: Consultant, question: str, memory: str, stacks: str
) -> None:
    turn = real.handle("m2", question)
    assert turn.payload["faq"] == ["faq.apple_silicon"]
    assert memory in turn.text and stacks in turn.text
    assert "模型有多少参数" not in turn.text


@pytest.mark.parametrize(
    ("question", "memory"),
    [
        ("can I fine-tune llama 8b on my m2 max?", "GPU memory to train an 8B-parameter model"),
        ("m3 max能微调7b模型吗", "训练 70亿参数模型需要的显存"),
    ],
)
def test_a_sized_job_on_a_mac_gets_its_memory_then_what_a_mac_can_do(
    real: Consultant, question: str, memory: str
) -> None:
    turn = real.handle("m3", question)
    assert memory in turn.text and "faq.apple_silicon" in turn.payload["faq"]
    assert turn.text.index(memory) < turn.text.index(
        "MLX"
    )  # the job's memory first, to hold against the Mac's


@pytest.mark.parametrize(
    ("question", "memory", "inference"),
    [
        (
            "Mac Studio 能跑 70B 吗",
            "部署 700亿参数的模型需要的显存",
            "单个请求每秒的 token 数约为内存带宽 ÷ 权重大小",
        ),
        ("M2 Ultra 能跑 Qwen2.5-72B 吗？", "部署 Qwen2.5 72B 需要的显存", "128 GB 的 M3 Max 也放不下"),
        ("Mac mini 跑得動 7B 模型嗎", "部署 70億參數的模型需要的顯存", "適合自己用，不適合多人同時用的服務"),
        ("can my mac studio run a 70b model?", "Memory to serve 70B", "bandwidth ÷ weight size"),
    ],
)
def test_a_model_to_run_on_a_mac_gets_its_serving_memory_then_what_a_mac_can_do(
    real: Consultant, question: str, memory: str, inference: str
) -> None:
    turn = real.handle("m4", question)
    assert "faq.apple_silicon" in turn.payload["faq"]
    assert memory in turn.text and inference in turn.text
    assert turn.text.index(memory) < turn.text.index(inference)
