"""The memory to serve a model leads with the total at the precision asked, then its split per GPU."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_the_total_at_the_precision_asked_comes_right_after_the_title_with_the_per_gpu_split(
    real: Consultant,
) -> None:
    for message in (
        "how much VRAM to serve DeepSeek V3 in fp8?",
        "DeepSeek-V3 FP8 inference: how much GPU memory in total?",
    ):
        lines = ask(real, message).splitlines()
        assert lines[0].startswith("*Memory to serve DeepSeek-V3*"), message
        assert lines[1].startswith("*In all: ~675 GB of GPU memory at FP8*: weights 673 GB + KV cache"), (
            message
        )
        assert "GB per GPU of 141 GB on 8 × NVIDIA H200 SXM" in lines[1] and "per GPU, ~" not in lines[1]
    zh = ask(real, "部署 DeepSeek V3 FP8 需要多少显存？").splitlines()
    assert zh[1].startswith("*合计：FP8 下共约 675 GB 显存*") and "按卡分摊" in zh[1]
    hant = ask(real, "DeepSeek V3 用 FP8 推理要多少顯存？").splitlines()
    assert hant[1].startswith("*合計：FP8 下共約 675 GB 顯存*")


def test_with_no_precision_said_the_total_names_the_default(real: Consultant) -> None:
    lines = ask(real, "how much memory to serve llama 70B?").splitlines()
    assert lines[1].startswith("*In all: ~144 GB of GPU memory at BF16* (default precision)")


def test_a_size_asked_keeps_its_verdict_first(real: Consultant) -> None:
    text = ask(real, "is 24GB enough to serve Llama 3.1 8B?")
    assert text.startswith("*Yes: 24 GB holds") and "*In all:" not in text


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "How much KV cache does one 128k-token request take on Qwen2.5-72B?",
            "One request of 128,000 tokens holds",
        ),
        (
            "長上下文 128k 的推論，Qwen2.5-72B 一個請求要吃多少 KV cache？",
            "一個 131,072 token 的請求佔 42.9 GB KV 快取",
        ),
        ("Qwen2.5-72B 一个 32k 的请求 KV cache 占多少显存", "一个 32,000 token 的请求占 10.5 GB KV 缓存"),
    ],
)
def test_the_kv_cache_of_one_long_request_is_answered_for_that_length(
    real: Consultant, text: str, line: str
) -> None:
    reply = real.handle("s-" + text, text).text
    assert line in reply.split("\n")[0], reply
