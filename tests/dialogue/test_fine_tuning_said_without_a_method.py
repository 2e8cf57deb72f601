"""A job said as plain fine-tuning ("微调 8B", "想微调一个 8B 模型", "微調 Llama 3.1 8B", "fine-tune an 8B")
is sized as full fine-tuning, and the echo says that is a default and that LoRA/QLoRA are the cheaper choice;
a method the user named is echoed as said."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "echo"),
    [
        ("微调 8B", "全参数微调（你只说了“微调”，默认按最保守的全参数估算；LoRA/QLoRA 显存和费用都低得多"),
        ("想微调一个 8B 模型", "默认按最保守的全参数估算"),
        ("微調 Llama 3.1 8B，資料 5 萬條", "全參數微調（你只說了“微調”，預設按最保守的全參數估算"),
        (
            "fine-tune an 8B",
            "full fine-tuning (you said fine-tune only, so the most conservative default; LoRA or QLoRA",
        ),
    ],
)
def test_plain_fine_tuning_is_echoed_as_a_default_with_lora_offered(
    real: Consultant, message: str, echo: str
) -> None:
    assert echo in real.handle("f1", message).text


@pytest.mark.parametrize(
    ("message", "echo"),
    [("全参微调 8B", "全参数微调。"), ("LoRA 微调 8B", "LoRA 微调。"), ("fine-tune an 8B in 4-bit", "QLoRA")],
)
def test_a_named_method_is_echoed_as_said(real: Consultant, message: str, echo: str) -> None:
    text = real.handle("f2", message).text
    assert echo in text and "默认按最保守" not in text and "conservative default" not in text


@pytest.mark.parametrize(
    ("message", "verdict", "fits"),
    [
        ("公司有 4 張 V100 32G，想微調 Qwen2.5-14B，該用什麼方法", "不能全參訓練；用 LoRA 可以。",
         "4 張 NVIDIA V100 32GB (SXM2) 做 LoRA"),
        ("我们有 8 张 4090，想微调 Llama 3.1 70B，用哪种方法", "不能全参训练；用 QLoRA 可以。",
         "8 张 NVIDIA GeForce RTX 4090 做 QLoRA"),
        ("we have 2 A100 40GB, want to fine-tune a 32B, which method should we use?",
         "No, not in full; yes with LoRA.", "LoRA on 2 × NVIDIA A100 40GB (SXM4)"),
    ],
)  # fmt: skip
def test_which_method_on_the_gpus_at_hand_gets_what_fits_them(
    real: Consultant, message: str, verdict: str, fits: str
) -> None:
    text = real.handle("f3", message).text.replace("*", "")
    assert text.startswith(verdict) and fits in text


@pytest.mark.parametrize(
    ("plan", "what_if", "method"),
    [
        ("we're planning a LoRA of llama 3 8b on 20M tokens, no deadline",
         "what if we need the fine-tune done in 6 hours?", "LoRA fine-tuning, 6 hours"),
        ("QLoRA a 70B on 100M tokens in 5 days", "what if the finetuning had to finish in 2 days",
         "QLoRA fine-tuning, 2 days"),
        ("LoRA 微调 8B，数据 2000 万 token，三天内", "如果微调必须 6 小时内完成呢？", "LoRA 微调，6 小时"),
        ("LoRA 微調 8B，資料 2000 萬 token，三天內", "如果微調必須在 6 小時內完成呢？", "LoRA 微調，6 小時"),
    ],
)  # fmt: skip
def test_fine_tune_said_as_the_job_in_a_what_if_keeps_the_method_of_the_plan(
    real: Consultant, plan: str, what_if: str, method: str
) -> None:
    real.handle("f4", plan)
    text = real.handle("f4", what_if).text
    assert method in text and "full fine-tuning" not in text and "全参" not in text and "全參" not in text


def test_a_full_fine_tune_said_in_a_what_if_still_switches_the_method(real: Consultant) -> None:
    real.handle("f5", "we're planning a LoRA of llama 3 8b on 20M tokens, no deadline")
    assert (
        "LoRA fine-tuning → full fine-tuning"
        in real.handle("f5", "what if we do a full fine-tune instead?").text
    )


def test_fine_tune_said_after_a_pre_training_plan_is_a_fine_tune(real: Consultant) -> None:
    real.handle("f6", "pretrain a 1B model from scratch on 20B tokens in 2 weeks")
    text = real.handle("f6", "what if we fine-tune it instead on 20M tokens?").text
    assert "pre-training → full fine-tuning" in text, text
