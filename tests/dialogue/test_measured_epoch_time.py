"""A time per epoch the user measured ("每个 epoch 3 小时", "每輪大概 90 分鐘", "3 hours per epoch") opens the
reply: the run's hours from it and the epochs said, and on the GPUs named their GPU-hours and on-demand cost,
said to go by the measurement rather than the model's estimate; with no GPU named, which GPUs it ran on."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "hours", "cost"),
    [
        ("单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱", "每个 epoch 3 小时 × 3 轮 = 约 9 小时",
         "1 张 NVIDIA A100 80GB (SXM4) 共 9 卡时，按需约 $25.11"),
        ("4 張 A100 跑 8B 全參，每輪大概 90 分鐘，要訓 2 輪", "每個 epoch 1.5 小時 × 2 輪 = 約 3 小時",
         "4 張 NVIDIA A100 80GB (SXM4) 共 12 卡時，按需約 $33.48"),
        ("我们用 4 张 4090 训 13B QLoRA，一个 epoch 要 10 小时", "约 10 小时", "共 40 卡时，按需约 ¥49.60"),
        ("8 H100s, 3 hours per epoch, 4 epochs on a 70B LoRA: cost?",
         "3 hours per epoch × 4 epochs = about 12 hours", "96 GPU-hours, about $383 on demand"),
    ],
)  # fmt: skip
def test_a_measured_epoch_time_on_named_gpus_is_priced_by_the_measurement(
    real: Consultant, message: str, hours: str, cost: str
) -> None:
    text = real.handle("e1", message).text.replace("*", "")
    assert hours in text and cost in text
    assert text.index(hours) < 60  # it opens the reply
    assert (
        "实测时间比我的模型估算更准" in text
        or "實測時間比我的模型估算更準" in text
        or "beats my model" in text
    )


def test_a_measured_epoch_time_without_gpus_asks_which_gpus(real: Consultant) -> None:
    text = real.handle("e2", "7B LoRA 每个 epoch 3 小时，总共 3 个 epoch，要多少钱").text
    assert "每个 epoch 3 小时 × 3 轮 = 约 9 小时" in text and "用的是什么卡、几张？" in text


def test_one_epochs_size_is_not_its_time(real: Consultant) -> None:
    assert "实测" not in real.handle("e3", "一个 epoch 大约 5 亿 token，7B LoRA 要多久").text


@pytest.mark.parametrize(
    ("message", "offer"),
    [
        ("单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱", "想看换别的卡或多加几张卡要多久"),
        ("我們用 2 張 4090 微調 8B，一個 epoch 要 5 小時，跑 4 個 epoch 大概多少錢",
         "想看換別的卡或多加幾張卡要多久"),
        ("2 张 H100 全参 7B，一个 epoch 跑了 6 小时，3 个 epoch 花多少", "想看换别的卡或多加几张卡要多久"),
    ],
)  # fmt: skip
def test_a_measured_time_priced_on_the_gpus_named_offers_the_data_instead_of_asking_for_it(
    real: Consultant, message: str, offer: str
) -> None:
    text = real.handle("e4", message).text
    assert offer in text
    assert "训练数据有多少" not in text and "訓練資料有多少" not in text


def test_one_epoch_said_with_its_time_is_no_count_of_epochs(real: Consultant) -> None:
    text = real.handle("e5", "我們用 2 張 4090 微調 8B，一個 epoch 要 5 小時，跑 4 個 epoch 大概多少錢").text
    assert "每個 epoch 5 小時 × 4 輪 = 約 20 小時" in text.replace("*", "")


def test_the_data_said_after_a_measured_time_is_taken(real: Consultant) -> None:
    real.handle("e6", "单卡 A100 跑 7B LoRA，每个 epoch 3 小时，训 3 轮要多少钱")
    assert "500 GB" in real.handle("e6", "500GB").text.replace(",", "")
