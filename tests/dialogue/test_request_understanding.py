"""What a message asks for is read right: a request, continued pre-training, a heading, a script."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_request_to_the_bot_is_still_a_request(real: Consultant) -> None:
    text = ask(real, "can you size a 7B fine-tune on 1B tokens")
    assert "How long can training take" in text


def test_naming_the_model_after_the_typical_answer_sizes_it_for_the_same_load(real: Consultant) -> None:
    real.handle("t", "serve a chatbot to 2000 daily users, how many gpus?")
    text = real.handle("t", "it's Qwen2.5 14B").text
    assert text.startswith("*Serving Qwen2.5 14B (BF16) for 2,000 daily users")


def test_continued_pre_training_is_named_as_such_in_both_understood_lines(real: Consultant) -> None:
    first = real.handle("c", "在 Qwen2.5-7B 基础上继续预训练，语料 80GB").text
    assert first.startswith("好的：") and "继续预训练" in first and "预训练，继续预训练" not in first
    plan = real.handle("c", "不急").text
    assert "，继续预训练，" in plan
    en = real.handle("e", "continue pretraining Llama 3 8B on 30B tokens of medical text, 3 weeks").text
    assert "continued pre-training" in en and ", pre-training," not in en


def test_a_context_heading_with_a_team_size_is_not_a_sequence_length(real: Consultant) -> None:
    text = ask(real, "Context: 8 person startup. QLoRA on Llama 3 8B with 20k examples")
    assert "sequence length" not in text.lower() and "looks implausible" not in text
    assert "About how many tokens is each of the 20K samples?" in text


def test_an_implausible_sequence_length_is_asked_back_and_the_answer_is_taken(real: Consultant) -> None:
    first = real.handle("s", "Context: 4 people. QLoRA 13B, seq len 6, 2M tokens").text
    assert (
        first.startswith("A sequence length of 6 tokens is too short")
        and "how many tokens per training sequence" in first
    )
    assert "Got it: sequence length 4,096." in real.handle("s", "seq len 4096").text
    zh = real.handle("z", "全参微调 3B，序列长度 12，数据 3GB").text
    assert zh.startswith("序列长度 12 个 token 太短")


def test_a_message_mixing_both_scripts_keeps_the_conversations_script(real: Consultant) -> None:
    real.handle("h", "LoRA 微调 14B")
    turn = real.handle("h", "数据1.2萬條，每條1500 token")
    assert turn.payload["lang"] == "zh-Hans" and "训练周期多长" in turn.text


def test_a_quoted_nvlink_figure_is_confirmed_or_corrected_against_the_link(real: Consultant) -> None:
    assert ask(real, "H800 的 NVLink 是 400GB/s 对吧").startswith(
        "*对*。NVIDIA H800 SXM 是 400 GB/s 的 NVLink"
    )
    en = ask(real, "the A800 has 600GB/s NVLink, right?")
    assert en.startswith("*No.*") and "400" in en


def test_wanting_to_rent_gpus_to_train_starts_the_plan(real: Consultant) -> None:
    assert "模型有多少参数" in ask(real, "我们想租卡训练一个模型")
    assert "How many parameters" in ask(real, "we'd like to rent GPUs to train a model")
    assert "模型有多少参数" not in ask(real, "租卡训练要注意什么？")


def test_a_workload_on_a_known_gpu_or_an_unknown_accelerator_is_planned_on_the_known_one(
    real: Consultant,
) -> None:
    text = ask(real, "pretrain 7B on 100B tokens on H100 or TPU v5e")
    assert text.startswith("*No TPU in the catalogue*") and "plan this on the GPUs it holds" in text
