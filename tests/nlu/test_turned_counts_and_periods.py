"""Counts of GPUs taken instead of a turned-down one, servers grouped in racks, loads said over a period,
and sizes of data listed after a GPU's name: what a sizing request means, not the first number it says."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("6 张卡不够，换成 24 张 A800 吧，训 30B", 24),
        ("不是 4 卡，是 12 卡", 12),
        ("20 GPUs is overkill, just 6 L40S for a 7B LoRA", 6),
        ("32 張 H100 太多了，還是 16 張吧", 16),
        ("ten H100s are too few, let's say 40 H100s", 40),
    ],
)
def test_a_gpu_count_turned_down_gives_way_to_the_one_taken_instead(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


def test_a_gpu_count_turned_down_with_nothing_else_said_stays() -> None:
    assert parse("8 张 H100 是不是太少了").slots.gpu_count == 8


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("3 pods × 2 servers × 8 GPUs of H200, pretrain 13B", 48),
        ("5 racks of 4 nodes with 8 A100s each", 160),
        ("两个机柜，每个 4 台 8 卡 H800", 64),
        ("4 nodes of 8 H100, fine-tune 70B", 32),
        ("三台機器，每台 8 張 H100", 24),
    ],
)
def test_groups_of_servers_multiply_the_servers_and_their_gpus(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


@pytest.mark.parametrize(
    ("text", "daily_users"),
    [
        ("一天 8000 个用户用我们的 14B 客服模型，要几张卡", 8000),
        ("每天大约 2 万个用户，部署 7B", 20000),
        ("we have 12k users a day on a 13B chatbot", 12000),
    ],
)
def test_users_over_a_day_are_daily_users_and_never_a_deadline(text: str, daily_users: int) -> None:
    slots = parse(text).slots
    assert slots.daily_users == daily_users
    assert slots.days is None
    assert slots.concurrency is None


def test_users_over_a_month_are_spread_over_the_month_and_never_a_deadline() -> None:
    slots = parse("一个月 30 万个用户，部署 Qwen2.5-14B 要什么卡").slots
    assert slots.days is None
    assert slots.daily_users is not None and 9_000 < slots.daily_users < 11_000


@pytest.mark.parametrize(
    "text",
    ["每月 500 万次访问，部署 Llama 3.1 8B 用什么卡", "about 4M visits a month, serving a 7B model on L40S"],
)
def test_visits_over_a_month_are_a_request_volume_never_money(text: str) -> None:
    slots = parse(text).slots
    assert slots.budget is None
    assert slots.days is None
    assert slots.daily_requests is not None and slots.daily_requests > 100_000


def test_a_deadline_said_beside_a_daily_load_is_still_the_deadline() -> None:
    slots = parse("三周内上线，每天 5000 个用户用 7B 模型").slots
    assert slots.days == pytest.approx(21.0)
    assert slots.daily_users == 5000


@pytest.mark.parametrize(
    ("text", "data_bytes"),
    [
        ("QLoRA 13B on H100, 30GB and 60GB datasets", 3e10),
        ("full fine-tune 7B on an H100 80GB dataset", 8e10),
        ("L40S 48GB data, LoRA 7B", 4.8e10),
    ],
)
def test_a_size_before_a_word_for_data_is_the_data_not_a_gpu_board(text: str, data_bytes: float) -> None:
    assert parse(text).slots.data_bytes == pytest.approx(data_bytes)


def test_memory_sizes_listed_after_a_gpu_name_are_still_its_boards() -> None:
    slots = parse("A100 comes in 40GB and 80GB, right?").slots
    assert slots.data_bytes is None
    assert slots.gpu is not None and slots.gpu.startswith("a100")


@pytest.mark.parametrize(
    ("text", "count"),
    [("全参微调 13B，8 卡 * 3 机", 24), ("LoRA 7B，4 卡 × 2 機", 8), ("两机十六卡，预训练 1B", 16)],
)
def test_cards_times_machines_multiply_and_machines_before_cards_are_a_total(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


@pytest.mark.parametrize(
    ("text", "count"),
    [("3 servers (4 GPUs each), LoRA 13B", 12), ("pretrain 7B on 4 x DGX A100 (8 GPUs each)", 32),
     ("2 nodes, 8 H800s each", 16)],
)  # fmt: skip
def test_a_count_of_gpus_said_to_be_each_servers_is_times_the_servers(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


def test_gpus_each_doing_something_with_no_servers_counted_stay_as_said() -> None:
    assert parse("8 H100s each running at 700 W, pretrain 3B").slots.gpu_count == 8
