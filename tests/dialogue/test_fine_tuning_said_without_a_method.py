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
    ("message", "memory", "choose", "next_step"),
    [
        ("想微调 7B，用什么方法比较好", "训练 70亿参数模型需要的显存", "LoRA 和全参数微调怎么选？",
         "选好方法后"),
        ("想微調 Qwen2.5-7B，該用哪種方法", "訓練 70億參數模型需要的顯存", "LoRA 和全參數微調怎麼選？",
         "選好方法後"),
        ("打算微调一个 14B，哪种方案比较好", "训练 140亿参数模型需要的显存", "LoRA 和全参数微调怎么选？",
         "选好方法后"),
        ("我們想微調 13B 模型，用什麼微調方法合適", "訓練 130億參數模型需要的顯存",
         "LoRA 和全參數微調怎麼選？", "選好方法後"),
    ],
)  # fmt: skip
def test_which_method_with_no_hardware_gets_each_methods_memory_and_how_to_choose_then_the_offer_to_plan(
    real: Consultant, message: str, memory: str, choose: str, next_step: str
) -> None:
    text = real.handle("f4", message).text.replace("*", "")
    assert text.startswith(memory)
    assert all(m in text for m in ("全参数微调：", "LoRA：", "QLoRA：")) or all(
        m in text for m in ("全參數微調：", "LoRA：", "QLoRA：")
    )
    assert text.index(memory) < text.index(choose) < text.index(next_step)
    assert "训练数据有多少" not in text and "訓練資料有多少" not in text


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("6 个人共用 2 张 4090，能同时跑两个 QLoRA 吗", "2 个任务同时跑，每个 1 张卡"),
        ("我們 2 張 4090，想同時跑兩個 QLoRA 實驗", "2 個任務同時跑，每個 1 張卡"),
    ],
)
def test_jobs_run_at_once_are_planned_one_share_each_and_said_so(
    real: Consultant, message: str, said: str
) -> None:
    assert said in real.handle("f5", message).text


def test_a_job_run_beside_another_is_judged_on_its_own_share_of_the_gpus(real: Consultant) -> None:
    text = real.handle("f6", "我们组 6 个人共用 2 张 4090，能同时跑两个 7B 的 QLoRA 实验吗").text.replace(
        "*", ""
    )
    assert text.startswith("能。单张 NVIDIA GeForce RTX 4090 放得下 70亿参数模型的 QLoRA")


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
    real.handle("f14", plan)
    text = real.handle("f14", what_if).text
    assert method in text and "full fine-tuning" not in text and "全参" not in text and "全參" not in text


def test_a_full_fine_tune_said_in_a_what_if_still_switches_the_method(real: Consultant) -> None:
    real.handle("f15", "we're planning a LoRA of llama 3 8b on 20M tokens, no deadline")
    assert (
        "LoRA fine-tuning → full fine-tuning"
        in real.handle("f15", "what if we do a full fine-tune instead?").text
    )


def test_fine_tune_said_after_a_pre_training_plan_is_a_fine_tune(real: Consultant) -> None:
    real.handle("f16", "pretrain a 1B model from scratch on 20B tokens in 2 weeks")
    text = real.handle("f16", "what if we fine-tune it instead on 20M tokens?").text
    assert "pre-training → full fine-tuning" in text, text
