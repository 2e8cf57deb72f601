"""GPUs in a message: names from the catalogue, counts (servers x cards), and the memory sizes and
tiers that describe a GPU rather than the training data."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "count"),
    [("2 8-GPU nodes", 16), ("两台8卡机器", 16), ("2 nodes of 8 H100", 16), ("兩台八卡H100", 16),
     ("单卡T4能跑吗", 1), ("a single H100", 1)],
)  # fmt: skip
def test_servers_times_cards_per_server_is_the_gpu_count(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize(
    "text", ["H200 有 282GB 版本吗", "is there a 160GB version of the H100?", "A100 40GB 和 80GB 差多少钱"]
)
def test_a_memory_size_next_to_a_gpu_name_is_not_training_data(text: str) -> None:
    assert "data_bytes" not in said(text)


def test_a_dataset_size_after_the_gpus_is_still_data() -> None:
    assert said("用8张H100训练600GB数据")["data_bytes"] == pytest.approx(6e11)


@pytest.mark.parametrize(
    "text",
    [
        "4090 適合24GB檔位嗎",
        "A6000 算 40-48GB 档位吗",
        "is the L40S in the 48GB tier?",
        "A100 属于80GB级别吗",
    ],
)
def test_a_gb_tier_label_is_no_training_data_and_the_message_is_a_gpu_question(text: str) -> None:
    got = parse(text)
    assert got.slots.data_bytes is None
    assert got.intent == "gpu_info"


def test_data_described_as_terabyte_scale_is_still_data() -> None:
    assert parse("10TB级的数据，训练7B").slots.data_bytes == pytest.approx(10e12)


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("A100 80G", "a100-80gb"), ("an 8×A100-80GB node, 7B model", "a100-80gb"), ("H100 80GB x8", "h100"),
     ("8 x 80GB GPUs for a 13B model", None), ("租24G的卡跑7B", None), ("A800 80G 四张", "a800")],
)  # fmt: skip
def test_hardware_descriptions_are_never_data_sizes(text: str, gpu: str | None) -> None:
    got = said(text)
    assert "data_bytes" not in got
    assert got.get("gpu") == gpu


def test_a_gpu_name_written_every_way_is_the_catalogue_gpu() -> None:
    assert parse("8xH100").slots.gpu == "h100"
    assert parse("2 x h100sxm").slots.gpu == "h100-sxm"
    assert parse("four H200s").gpus_mentioned == ("h200",)
