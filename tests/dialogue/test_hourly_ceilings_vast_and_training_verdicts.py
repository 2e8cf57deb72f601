"""One-message questions of round ten's red-team: an hourly price ceiling said as "一小时 2 美元以内" or
"under $3 an hour" lists the GPUs within it (not a budget that asks for the model size), "Vast 上 3090"
asks about Vast, and "MI300X 跑训练靠谱吗" gets the training verdict, not the datasheet."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_an_hourly_ceiling_said_with_its_period_word_lists_the_gpus_within_it(real: Consultant) -> None:
    zh = ask(real, "显存 48G 以上、一小时 2 美元以内的卡有哪些")
    assert zh.startswith("*按需每卡时 $2.00 以内能租到 2 款 GPU*：NVIDIA RTX A6000、NVIDIA L40S。")
    en = ask(real, "list GPUs with at least 80GB under $3 an hour")
    assert en.startswith("*1 GPU rents for $3.00/GPU-hour or less* (on demand): NVIDIA A100 80GB (SXM4).")
    assert not any(f in zh + en for f in FORM)


def test_an_at_most_word_before_a_price_caps_the_price_not_the_memory() -> None:
    for text in ("list GPUs with at least 80GB under $3 an hour", "gpus with 80gb under 2 dollars an hour"):
        memory = parse(text).gpu_memory
        assert memory is not None and memory.op == ">="
    memory = parse("which GPUs have 48GB or less?").gpu_memory
    assert memory is not None and memory.op == "<="


def test_vast_before_a_chinese_word_for_on_is_the_provider(real: Consultant) -> None:
    assert parse("Vast 上 3090 一小时多少").providers_mentioned == ("vast",)
    assert ask(real, "Vast 上 3090 一小时多少").startswith("*目录里没有 Vast.ai 的价格*")
    assert parse("pretrain on a vast corpus of 10B tokens").providers_mentioned == ()


def test_running_training_on_a_gpu_judged_gets_the_training_verdict(real: Consultant) -> None:
    assert ask(real, "MI300X 跑训练靠谱吗").startswith("*适合*。AMD Instinct MI300X 是训练卡")
    assert ask(real, "is the MI300X reliable for training?").startswith(
        "*Yes.* The AMD Instinct MI300X is a training"
    )


def test_a_gpu_size_with_its_price_between_is_still_the_gpus_memory(real: Consultant) -> None:
    text = ask(real, "what GPUs can I rent for under $1.50 an hour with at least 24GB?")
    assert text.startswith("*4 GPUs rent for $1.50/GPU-hour or less* (on demand): NVIDIA L4")
    assert parse("I have 2 GPUs and want to train with 24GB of text").slots.data_bytes == 24e9


def test_more_for_the_money_and_an_upgrade_to_another_size_get_the_value_verdict(real: Consultant) -> None:
    en = ask(real, "H100 NVL or H100 PCIe, which gives more for the money?")
    assert en.startswith("*The NVIDIA H100 PCIe is better value for training.*")
    zh = ask(real, "从 A100 40GB 升级到 80GB 值不值")
    assert zh.startswith("*不值得：NVIDIA A100 40GB (SXM4) 训练性价比更高*") and "没有 80GB 的 A100" not in zh


def test_which_of_two_gpus_suits_a_serving_job_compares_them(real: Consultant) -> None:
    zh = ask(real, "H20 和 4090 哪个适合推理 Qwen2.5 32B")
    # no global cloud price for either: both are priced from the mainland marketplaces, picked on cost
    assert zh.startswith("*选 NVIDIA GeForce RTX 4090*：两者都满足延迟目标，它按 token 算更便宜。")
    assert "每百万输出 token ¥4.74（算家云，国内人民币标价）" in zh and "所以这是按速度选的" not in zh
    assert "*NVIDIA H20 和 NVIDIA GeForce RTX 4090 部署 Qwen2.5 32B" in zh


def test_what_offload_is_gets_the_faq_not_the_planning_form(real: Consultant) -> None:
    en = ask(real, "what is ZeRO-3 offload and when should I use it?")
    assert en.startswith("*What are ZeRO and FSDP, and when do I need them?*") and not any(
        f in en for f in FORM
    )


def test_how_many_gpu_hours_is_answered_per_reference_data_not_how_many_gpus_hold_the_model(
    real: Consultant,
) -> None:
    # no data said: the compute-optimal tokens from scratch, stated, with the GPU-hours on each GPU
    zh = ask(real, "训练 7B 模型需要多少 GPU 小时")
    assert zh.startswith("*70亿参数模型的预训练，最划算的是") and "卡时）" in zh and "需要的显存" not in zh
    assert "*训练数据有多少？*" not in zh
    assert ask(real, "70B 全参微调要几张 H100").startswith("*24 张 NVIDIA H100 SXM5*")


def test_an_amd_training_verdict_names_the_software_stack_with_its_source(real: Consultant) -> None:
    en = ask(real, "is the MI300X good for training?")
    assert "Software: AMD GPUs need the ROCm build of PyTorch" in en and "rocm.docs.amd.com" in en
    assert "Software:" not in ask(real, "is the H100 good for training?")
