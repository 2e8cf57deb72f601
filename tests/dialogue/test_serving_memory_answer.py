"""The memory to serve a model leads with the total at the precision asked, then its split per GPU."""

from __future__ import annotations

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
        assert "per GPU, ~" in lines[1] and "on each of 8 × NVIDIA H200 SXM" in lines[1]
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
