"""A question about training speed on named hardware is answered with the throughput per GPU on it (and
per node), the MFU and FLOPs per token it rests on and what a reference amount of data takes, never with
the planning form; on GPUs counted that cannot hold the job, whether it fits leads."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant


def _speed_line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


def test_a_speed_question_gets_tokens_per_second_and_the_time_for_a_billion_tokens(real: Consultant) -> None:
    text = real.handle("s", "how fast can one A100 80GB LoRA a 7B model? tokens per second?").text

    line = text.splitlines()[0]
    tokens_per_s = float(re.search(r"~([\d,]+) tokens/s per GPU", line).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert 1_000 < tokens_per_s < 20_000
    assert "MFU × dense peak" in text and "1B tokens take about" in text
    assert "How much training data" not in text


def test_when_the_asked_method_does_not_fit_the_speed_is_that_of_what_fits_on_the_same_gpus(
    real: Consultant,
) -> None:
    text = real.handle("s", "How many tokens/s does a single H100 train a 7B model at?").text

    assert text.startswith("*No, not in full; yes with LoRA.*")  # no method said: the adapters that fit lead
    assert "for LoRA on one NVIDIA H100" in _speed_line(text, "*Speed:*")


def test_a_throughput_question_with_a_training_verb_is_about_training_not_serving(real: Consultant) -> None:
    text = real.handle("s", "8張H100預訓練1B模型，吞吐多少？").text

    assert "部署" not in text and "推理" not in text
    assert text.startswith("*每卡約 ") and "8 張卡合計約" in text


@pytest.mark.parametrize(
    ("message", "lead", "method"),
    [
        ("how many tokens/s does an H100 do training a 7B",
         "tokens/s per GPU* for full fine-tuning of a 7B model", "6N for the forward and backward passes"),
        ("what throughput does an A100 80GB get doing LoRA on llama 3 8B?",
         "tokens/s per GPU* for LoRA of an 8B", "4N for the frozen model's forward"),
        ("H100 训 7B 每秒多少 token",
         "tokens/s*：NVIDIA H100 SXM5 上跑70亿参数模型的全参数微调", "前向加反向 6N"),
        ("訓練速度：4090 跑 QLoRA 7B 每秒幾個 token",
         "tokens/s*：NVIDIA GeForce RTX 4090 上跑70億參數模型的 QLoRA", "完整激活檢查點會再算一遍前向"),
    ],
)  # fmt: skip
def test_a_speed_asked_of_a_gpu_leads_with_tokens_per_second_and_shows_the_flops_it_comes_from(
    real: Consultant, message: str, lead: str, method: str
) -> None:
    text = real.handle("s", message).text
    assert lead in text.splitlines()[0] and method in text
    assert "No, not in full" not in text and "不能全参" not in text


def test_the_speed_per_gpu_is_the_achieved_flops_over_the_flops_per_token(real: Consultant) -> None:
    text = real.handle("s", "how many tokens/s does an H100 do training a 7B").text
    achieved = float(re.search(r"≈ \*?([\d,.]+) TFLOP/s", text).group(1).replace(",", ""))  # type: ignore[union-attr]
    per_token = float(re.search(r"~([\d.]+) GFLOPs", text).group(1))  # type: ignore[union-attr]
    per_gpu = float(re.search(r"~([\d,]+) tokens/s per GPU", text).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert abs(achieved * 1e12 / (per_token * 1e9) - per_gpu) / per_gpu < 0.01
    per_node = float(re.search(r"~([\d,]+) tokens/s per 8-GPU node", text).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert abs(per_node - 8 * per_gpu) <= 8


@pytest.mark.parametrize(
    ("text", "header"),
    [("A100 80G 跟 H100 比，訓練 13B 哪個比較快？",
      "*130億參數模型的預訓練，每卡對比*（沒說訓練方法，按從零預訓練估算"),
     ("H20 和 A800 训练 32B 哪个快", "*320亿参数模型的预训练，每卡对比*（没说训练方法，按从零预训练估算"),
     ("A100 80GB vs H100 for training a 13B, which is faster?",
      "*Pretraining of a 13B-parameter model, per GPU* (no method said, so pretraining from scratch")],
)  # fmt: skip
def test_two_gpus_compared_on_a_job_with_no_method_say_the_method_the_rows_assume(
    real: Consultant, text: str, header: str
) -> None:
    reply = real.handle("s-" + str(abs(hash(text))), text).text
    assert header in reply, reply


def test_two_gpus_compared_on_a_stated_method_say_no_assumed_method(real: Consultant) -> None:
    reply = real.handle("s-ft", "A100 80G 和 H100 微调 13B 哪个快？").text
    assert "*130亿参数模型的全参微调，每卡对比*：" in reply and "没说训练方法" not in reply


@pytest.mark.parametrize(
    "message",
    [
        "how long to QLoRA a 70b on one A100 80GB?",
        "how many days would it take to fine-tune an 8b with lora on a single H100",
        "用一张 A100 80G 做 70b 的 QLoRA 要多久",
        "一張 A100 80G 做 70b 的 QLoRA 要跑幾天",
    ],
)
def test_a_how_long_question_without_data_leads_with_the_time_per_reference_amount(
    real: Consultant, message: str
) -> None:
    text = real.handle("s", message).text

    first = text.splitlines()[0]
    assert first.startswith(("*Speed:*", "*速度*：")), first
    assert "1B tokens take about" in first or "10亿 tokens" in first or "10億 tokens" in first
