"""Which precision to train in on a named GPU ("should I train my 13B in fp16 or bf16 on V100s?", "T4 上微調用
fp16 還是 bf16", "which precision should we fine-tune in on an A100?") is answered from the catalogue's
tensor-core figures, with their source: FP16 with loss scaling where the GPU has no BF16 units, BF16 where
it has, FP8 beside it on GPUs with FP8 units. No question about the training data comes first."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    "text",
    [
        "should I train my 13B in fp16 or bf16 on V100s?",
        "we have 8 V100s, fp16 or bf16 for a 7B lora?",
        "bf16 vs fp16 on a T4 for fine-tuning?",
    ],
)
def test_a_gpu_without_bf16_gets_fp16_with_loss_scaling(real: Consultant, text: str) -> None:
    turn = real.handle("pr-en", text)
    assert turn.text.startswith("*FP16 with loss scaling on the NVIDIA ")
    assert "It has no BF16 units" in turn.text and "GradScaler" in turn.text
    assert "(Tensor-core figures: " in turn.text
    assert "How much training data" not in turn.text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("T4 上微調用 fp16 還是 bf16", "*NVIDIA T4 上用 FP16，並開啟損失縮放*"),
        ("V100 训练选 bf16 还是 fp16？", "*NVIDIA V100 32GB (SXM2) 上用 FP16，并开启损失缩放*"),
        ("A100 用什么精度训练", "*NVIDIA A100 80GB (SXM4) 上用 BF16*"),
        ("RTX 4090 上訓練用 bf16 還是 fp16 好", "*NVIDIA GeForce RTX 4090 上用 BF16*"),
    ],
)
def test_the_precision_is_answered_in_chinese(real: Consultant, text: str, start: str) -> None:
    turn = real.handle("pr-zh", text)
    assert turn.text.startswith(start), turn.text
    assert "来源：" in turn.text or "來源：" in turn.text
    assert "多少训练数据" not in turn.text and "模型有多少參數" not in turn.text


def test_a_gpu_with_bf16_gets_bf16_and_no_fp8_where_it_has_none(real: Consultant) -> None:
    turn = real.handle("pr1", "which precision should we fine-tune in on an A100?")
    assert turn.text.startswith("*BF16 on the NVIDIA A100 80GB (SXM4).*")
    assert "needs no loss scaling" in turn.text
    fp8 = real.handle("pr2", "fp8 or bf16 on an A100?")
    assert "It has no FP8 tensor cores (they came with Hopper and Ada)" in fp8.text


def test_fp8_on_hopper_says_what_it_gains_from_the_fp8_faq(real: Consultant) -> None:
    turn = real.handle("pr3", "fp8 or bf16 on H100?")
    assert turn.text.startswith("*BF16 on the NVIDIA H100 SXM5.*")
    assert "It also has FP8 tensor cores (1,979 dense TFLOPS)" in turn.text
    assert "_Does FP8 training make things twice as fast?_" in turn.text
    zh = real.handle("pr4", "H100 上训练用 FP8 还是 BF16？")
    assert "FP8 训练能快一倍吗？" in zh.text


def test_on_amd_they_are_matrix_cores(real: Consultant) -> None:
    turn = real.handle("pr5", "MI300X: bf16 vs fp16 for pretraining?")
    assert turn.text.startswith("*BF16 on the AMD Instinct MI300X.*")
    assert "matrix cores" in turn.text and "tensor cores" not in turn.text


def test_the_gpus_figures_asked_stay_a_datasheet(real: Consultant) -> None:
    turn = real.handle("pr6", "H100 BF16 and FP8 TFLOPS")
    assert "dense TFLOPS: BF16 989" in turn.text


@pytest.mark.parametrize(
    "text",
    [
        "fp8 or bf16 for serving 70B on H100?",
        "用 H100 部署 70B，FP8 还是 BF16？",
        "H100 上推理 70B 模型用 FP8 還是 BF16？",
    ],
)
def test_a_precision_asked_for_serving_gets_the_serving_plan_which_weighs_fp8(
    real: Consultant, text: str
) -> None:
    turn = real.handle("pr7", text)
    assert "FP8" in turn.text and ("tokens/s" in turn.text or "token/s" in turn.text), turn.text[:200]
    assert not turn.text.startswith("*BF16 on the")
