"""A job's price per hour on a GPU named, with nothing said of its length ("用 A800 跑 32B 的 LoRA，
一小时多少钱", "用 4090 做 7B 的 QLoRA 一個小時多少錢", "how much per hour to QLoRA a 70B on H100s"): as
few of that GPU as hold the job, at its cheapest listing per hour (a Chinese marketplace's, in yuan, for a
GPU only they list); it asked for the data size."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "answer"),
    [
        ("AutoDL 上租 A800 跑 Qwen2.5-32B 的 LoRA，一小时多少钱",
         "LoRA 320亿参数模型，用 2 张 NVIDIA A800 80GB SXM，按需约 ¥10.30/小时起"),
        ("用 4090 做 7B 的 QLoRA 一個小時多少錢",
         "QLoRA 70億參數模型，用 1 張 NVIDIA GeForce RTX 4090，按需約 ¥1.24/小時起"),
        ("how much per hour to QLoRA a 70B on H100s",
         "QLoRA of a 70B-parameter model on 1 × NVIDIA H100 PCIe, from $3.29/hour on demand"),
    ],
)  # fmt: skip
def test_a_jobs_price_per_hour_on_a_named_gpu_is_the_fewest_that_hold_it(
    real: Consultant, message: str, answer: str
) -> None:
    text = real.handle("h1", message).text.replace("*", "")
    assert text.startswith(answer)
    assert "训练数据有多少" not in text and "訓練資料有多少" not in text


def test_the_same_with_a_data_size_is_still_a_plan(real: Consultant) -> None:
    text = real.handle("h2", "用 A800 跑 32B 的 LoRA，数据 1 亿 token，一小时多少钱").text
    assert "用 2 张 NVIDIA A800 80GB SXM，按需约" not in text
