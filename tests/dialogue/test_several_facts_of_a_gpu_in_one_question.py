"""A question for several facts of one GPU ("price and VRAM of an H100?", "H100 的显存和价格", "H200 多少钱，
显存多 大？") gets all of them in one reply: the datasheet card (memory, with the total nvidia-smi reports,
bandwidth, dense TFLOPS) and its cheapest listing, not the price list alone."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "memory", "usable", "price"),
    [
        ("price and VRAM of an H100?", "80 GB memory", "81,559 MiB", "Cheapest on-demand: $3.99/GPU-hour"),
        (
            "what does an H100 cost per hour, and how much memory does it have?",
            "80 GB memory",
            "81,559 MiB",
            "$3.99",
        ),
        ("H100 的显存和价格", "显存 80 GB", "nvidia-smi 显示 81,559 MiB", "最低按需价 $3.99/卡时"),
        ("H200 多少钱，显存多大？", "显存 141 GB", "nvidia-smi 显示 143,771 MiB", "最低按需价 $7.91/卡时"),
        ("H100 價格和顯存多少？", "顯存 80 GB", "nvidia-smi 顯示 81,559 MiB", "最低按需價 $3.99/卡時"),
    ],
)
def test_price_and_memory_of_a_gpu_come_together(
    real: Consultant, question: str, memory: str, usable: str, price: str
) -> None:
    text = real.handle("g1", question).text
    assert memory in text and usable in text and price in text
    assert "TFLOPS" in text


def test_a_price_question_alone_is_still_the_price_list(real: Consultant) -> None:
    text = real.handle("g2", "how much is an H100 per hour?").text
    assert "Lambda" in text and "AWS" in text and "memory" not in text


def test_a_figure_stated_beside_a_price_question_asks_only_the_price(real: Consultant) -> None:
    text = real.handle("g3", "RTX 4090 显存 24G，租一天多少钱").text
    assert "nvidia-smi" not in text


@pytest.mark.parametrize("question", ["What's the memory bandwidth of the H200?", "H100 显存带宽多少"])
def test_a_bandwidth_question_is_not_answered_with_the_usable_memory(real: Consultant, question: str) -> None:
    text = real.handle("g4", question).text
    assert "TB/s" in text and "nvidia-smi" not in text


def test_a_memory_question_names_the_nvidia_smi_total_only_where_one_is_sourced(real: Consultant) -> None:
    assert "nvidia-smi" not in real.handle("g5", "How much memory does an A10 have?").text
    asked = real.handle("g6", "A10 usable memory in nvidia-smi?").text
    assert "no sourced nvidia-smi total" in asked


@pytest.mark.parametrize(
    ("question", "memory"),
    [("H100 显存多大 价格多少", "显存 80 GB"), ("H100 顯存多大 價格多少", "顯存 80 GB")],
)
def test_two_chinese_questions_without_a_comma_get_both_answers(
    real: Consultant, question: str, memory: str
) -> None:
    text = real.handle("g7", question).text
    assert memory in text and "$3.99" in text


@pytest.mark.parametrize(
    ("question", "memory", "price"),
    [
        ("H100 多少钱一小时 显存呢", "显存 80 GB", "$3.99"),
        ("H100 显存多大，价格呢？", "显存 80 GB", "$3.99"),
        ("H100 一小時租金多少？功耗呢？", "功耗（TDP）700 W", "$3.99"),
        ("H100 多少錢一小時 顯存呢", "顯存 80 GB", "$3.99"),
    ],
)
def test_a_second_thing_asked_with_ne_alone_is_answered_too(
    real: Consultant, question: str, memory: str, price: str
) -> None:
    text = real.handle("g8", question).text
    assert memory in text and price in text


@pytest.mark.parametrize("question", ["H100 多少钱呢", "H100 显存 80G 多少钱呢"])
def test_a_price_question_closed_with_ne_is_still_the_price_list(real: Consultant, question: str) -> None:
    text = real.handle("g9", question).text
    assert "Lambda" in text and "AWS" in text and "TFLOPS" not in text
