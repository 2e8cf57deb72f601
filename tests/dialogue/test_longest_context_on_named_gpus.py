"""A question for the longest context a model can be served with on the GPUs named ("what context
length can we serve on 1 H100 with llama 3.1 8b?", "上下文能开多长") gets, after the model's window,
what the KV cache holds beside the weights and runtime buffers on those GPUs (BF16 and FP8), and
whether one request can use the whole window; without a GPU it is the window alone."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("what context length can we serve on 1 H100 with llama 3.1 8b?",
         "On 1 × NVIDIA H100 SXM5 (85.5 GB), the KV cache has room for ~465,014 tokens beside the BF16"
         " weights and runtime buffers: one request can use the whole window (3 such requests at once)"),
        ("what's the longest context llama 3.1 70b can handle on 2 H100s?",
         "one request can use up to ~68,193 tokens, less than the full window; in FP8"),
        ("how much context can we fit for llama 3.1 8b on a single L40S?",
         "one request can use the whole window (1 such request at once)"),
        ("what is the max context llama 3.1 70b supports on one L40S?",
         "the BF16 weights (141 GB) and runtime buffers alone do not fit; nor do the FP8 weights"),
        ("Qwen2.5-72B 在 4 张 A100 80G 上上下文能开多长",
         "在 4 × NVIDIA A100 80GB (SXM4)（每张 85.9 GB）上，放下 BF16 权重和运行时缓冲后，KV cache 还能装约"),
        ("Llama 3.1 70B 在一張 L40S 上最長上下文多少", "BF16 權重（141 GB）加執行時緩衝就放不下"),
    ],
)  # fmt: skip
def test_the_longest_context_on_the_gpus_named_is_computed(real: Consultant, message: str, said: str) -> None:
    text = real.handle("c", message).text.replace("*", "")
    assert said in text.split("\n")[0], text


def test_the_context_window_asked_without_a_gpu_is_the_window_alone(real: Consultant) -> None:
    first = (
        real.handle("c", "what's the context window of llama 3.1 8b?").text.replace("*", "").split("\n")[0]
    )
    assert first == "Its context window is 131,072 tokens."
