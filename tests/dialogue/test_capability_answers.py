"""Questions about what a GPU can do get the verdict first: 'Is the L40S good for training?' / 'T4 適合訓練嗎'
(NVLink for sharding, BF16, memory, then the largest model each method fits on one card), 'Does the A10
have NVLink?'; and a memory question phrased with the memory last gets the memory answer."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant, Turn


def ask(consultant: Consultant, text: str) -> Turn:
    return consultant.handle("s", text)


def _largest(text: str, method: str) -> str:
    match = re.search(rf"{method}: up to about ([\d.]+[BM])", text)
    assert match, text
    return match.group(1)


def test_a_gpu_with_nvlink_is_a_training_gpu(real: Consultant) -> None:
    turn = ask(real, "Is the H100 good for fine-tuning?")
    assert turn.text.startswith("*Yes.*") and "NVLink at 900 GB/s" in turn.text
    assert "How many parameters" not in turn.text


def test_a_pcie_only_gpu_suits_jobs_that_fit_on_one_card_and_says_how_large(real: Consultant) -> None:
    turn = ask(real, "Is an L40S good for training?")
    assert turn.text.startswith("*For jobs that fit on one card, yes; for sharding a large model, no.*")
    # QLoRA holds a larger model than LoRA, and LoRA a larger one than full fine-tuning.
    sizes = [float(_largest(turn.text, m)[:-1]) for m in ("full fine-tuning", "LoRA", "QLoRA")]
    assert sizes == sorted(sizes)


def test_a_gpu_without_bf16_is_only_for_small_jobs_in_traditional_chinese(real: Consultant) -> None:
    turn = ask(real, "T4 適合訓練嗎")
    assert turn.text.startswith("*只適合小任務*") and "不支援 BF16" in turn.text


def test_a_suitability_question_with_a_model_size_is_a_feasibility_question(real: Consultant) -> None:
    turn = ask(real, "Is the H100 good for fine-tuning a 70B model?")
    assert "70B-parameter model" in turn.text and "What does fit" in turn.text


def test_asking_whether_a_gpu_has_nvlink_gets_yes_or_no_about_the_link(real: Consultant) -> None:
    assert ask(real, "Does the A10 have NVLink?").text.startswith("*No.* The NVIDIA A10 has no NVLink")
    bridged = ask(real, "A6000 有没有 NVLink").text
    assert bridged.startswith("*有*") and "两张卡之间的桥接" in bridged


def test_nvlink_asked_of_an_amd_gpu_is_not_a_yes_but_names_infinity_fabric(real: Consultant) -> None:
    en = ask(real, "Does the MI325X have NVLink?").text
    assert en.startswith("*No NVLink, but its equivalent.*") and "Infinity Fabric at 896 GB/s" in en
    zh = ask(real, "MI300X 有 NVLink 吗").text
    assert zh.startswith("*没有 NVLink，但有同类的互联*") and "Infinity Fabric" in zh


def test_a_verdict_on_one_gpu_starts_its_sentence_with_a_capital(real: Consultant) -> None:
    # fits, but 20B tokens take ~35 days on one 4090: a no on the week asked, then the memory sentence
    text = ask(real, "Can I pre-train a 1B model on a single 4090 with 20B tokens in a week?").text
    assert text.startswith("*No — it fits, but not in time.* One NVIDIA GeForce RTX 4090 can hold")


def test_a_question_ending_in_memory_gets_the_memory_answer(real: Consultant) -> None:
    text = ask(real, "Mixtral 8x7B full fine-tune memory?").text
    assert "How much training data" not in text and "Full fine-tuning" in text


def test_asking_whether_one_can_train_with_a_gpu_gets_the_training_verdict(real: Consultant) -> None:
    zh = ask(real, "能用 4090 训练吗").text
    assert zh.startswith("*单卡放得下的任务适合") and "能训的最大模型" in zh
    en = ask(real, "can we train with 4 A10s?").text
    assert en.startswith("*For jobs that fit on one card, yes") and "How many parameters" not in en


def test_a_what_fits_line_above_the_nominal_size_shows_the_usable_bytes_and_says_it_is_tight(
    real: Consultant,
) -> None:
    text = ask(real, "We have 2 H100 80GB of our own. Can we fine-tune a 70B model?").text
    lines = [line for line in text.split("What does fit")[1].splitlines() if "2 × NVIDIA H100" in line]
    over = [
        line
        for line in lines
        if "of 85.5 GB (the total nvidia-smi reports; the card is sold as 80 GB)" in line
    ]
    assert over, text
    assert all("% free: tight" in line for line in over)


def test_in_chinese_only_the_what_fits_line_near_full_memory_is_called_tight(real: Consultant) -> None:
    text = ask(real, "我们自己有2张H100 80G，能全参微调700亿参数的模型吗").text
    lines = text.split("放得下的方案")[1].splitlines()
    lora = [line for line in lines if "做 LoRA" in line]
    roomy = [line for line in lines if "24 张" in line]
    assert (
        lora and "很紧" in lora[0] and "/ 85.5 GB（nvidia-smi 报告的实际容量；这张卡标称 80 GB）" in lora[0]
    )
    assert roomy and "很紧" not in roomy[0]


def test_a_gpu_weighed_for_training_or_inference_gets_both_verdicts_not_a_serving_plan(
    real: Consultant,
) -> None:
    en = ask(real, "is the L40S good for inference or training?").text
    assert en.startswith(
        "*For training:* *For jobs that fit on one card, yes; for sharding a large model, no.*"
    )
    assert "*For inference:* *Yes, for models up to about" in en and "Which model do you mean?" not in en
    hans = ask(real, "H20 能拿来训练吗 还是只适合推理").text
    assert hans.startswith("*训练*：*能训，但慢*。") and "*推理*：*适合，单卡可以推理约" in hans
    assert "你用的是哪个模型" not in hans
    hant = ask(real, "4090 適合訓練還是推論").text
    assert hant.startswith("*訓練*：*單卡放得下的任務適合") and "*推理*：*適合" in hant
    # "both" said outright
    assert ask(real, "is the A100 good for both training and inference?").text.startswith(
        "*For training:* *Yes.*"
    )


def test_a_yes_no_question_after_a_casual_lead_in_still_gets_its_verdict_first(real: Consultant) -> None:
    assert ask(real, "btw is fp8 supported on the A100?").text.startswith(
        "*No.* The NVIDIA A100 80GB (SXM4) has no FP8"
    )
    assert ask(real, "ok so does the L4 have NVLink").text.startswith("*No.* The NVIDIA L4 has no NVLink")


def test_a_method_named_instead_of_training_still_asks_about_the_gpu_not_a_job_to_size(
    real: Consultant,
) -> None:
    for n, (text, opening) in enumerate(
        (
            ("H100 適合做 LoRA 微調嗎", "*適合*"),
            ("MI300X 支持 LoRA 微调吗", "*适合*"),
            ("MI300X 跑 LoRA 行不行", "*适合*"),
            ("MI300X 能不能用 ROCm 跑 LoRA", "*可以。*"),
            ("can the MI300X run LoRA with ROCm?", "*Yes.*"),
        )
    ):
        reply = real.handle(f"m{n}", text).text
        assert reply.startswith(opening), reply[:120]
        assert (
            "模型有多少参数" not in reply
            and "模型有多少參數" not in reply
            and "How many parameters" not in reply
        )
    sized = real.handle("m-sized", "H100 跑 7B 的 LoRA 行不行").text
    assert sized.startswith("*能*。单张 NVIDIA H100 SXM5 放得下 70亿参数模型的 LoRA"), sized[:120]
