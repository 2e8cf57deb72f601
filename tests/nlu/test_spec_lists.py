"""Requests written as spec lists, key=value configs and table rows (round 13): the labels say what each value
is. Each class of miss, in other words than the ones that found it."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.nlu import parse
from tests.nlu.said import said

WEDNESDAY = dt.date(2026, 12, 2)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("| 模型 | 7B | | 截止 | 1月8日 |", 37.0),
        ("模型 14B；方法 LoRA；截止：下周二", 6.0),
        ("模型 14B；方法 LoRA；期限：周六", 3.0),
        ("size: 7B, method: lora, deadline: Q1", 119.0),
        ("params=7e9 method=lora deadline=2027-01-15", 44.0),
        ("资料 5GB，截止日期：2027-01-15", 44.0),
        ("交付期限 | Q2", 210.0),
    ],
)
def test_a_deadline_label_makes_the_date_after_it_the_deadline(text: str, days: float) -> None:
    assert said(text, WEDNESDAY)["days"] == days


def test_a_job_done_over_the_weekend_is_due_on_its_sunday() -> None:
    assert said("LoRA a 3B on 1 GB over the weekend", WEDNESDAY)["days"] == 4.0


def test_a_key_in_a_key_value_list_is_no_unit_of_the_number_before_it() -> None:
    got = said("base=qwen2.5-7b lora_r=32 epochs=2 gpu=a100 num_gpus=4")
    assert got["epochs"] == 2.0
    assert got["gpu_count"] == 4
    assert said("train 7B, 3 epochs = 300M tokens trained")["epochs"] == 3.0


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("gpus: 16, gpu: h800, model: 34B", 16),
        ("显卡数量：4；型号：L40S；模型 13B", 4),
        ("model=13b gpu=l40s count=2", 2),
        ("A800 数量 32，预训练 7B", 32),
    ],
)
def test_a_gpu_count_label_counts_the_gpus(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


def test_a_count_label_alone_counts_no_gpus() -> None:
    assert "gpu_count" not in said("model=13b count=2 method=lora")


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("问答对 5 万，平均 600 token，LoRA 7B", 3e7),
        ("样本数：12 万；平均长度 1k token；模型 8B", 1.2e8),
        ("examples: 40k, avg 2k tokens, full fine-tune 3B", 8e7),
    ],
)
def test_a_sample_label_counts_the_samples(text: str, tokens: float) -> None:
    assert said(text)["tokens"] == pytest.approx(tokens)


@pytest.mark.parametrize(
    "text",
    [
        "LoRA 7B, lr 1e-4, rank 16, 2 epochs",
        "LoRA 7B, learning_rate=1e-4 alpha=32 epochs=2",
        "7B 的 LoRA，学习率 2e-5，训 2 轮",
    ],
)
def test_hyperparameters_are_no_slots(text: str) -> None:
    got = parse(text)
    assert got.slots.epochs == 2.0
    assert got.slots.gpu_count is None
    assert not got.asks


def test_a_sequence_length_labelled_seq_is_the_context() -> None:
    assert said("qlora 8B, seq 8192, 20k samples")["seq_len"] == 8192


def test_a_gpu_a_job_runs_on_named_with_an_article_is_one_gpu() -> None:
    assert said("QLoRA a 13B on an L40S")["gpu_count"] == 1
    assert said("full fine-tune 1B with a 4090, 2 GB of data")["gpu_count"] == 1
    assert "gpu_count" not in said("LoRA a 13B on an H100 node")
    assert "gpu_count" not in said("is an L40S faster than an A100 for LoRA?")


def test_the_size_left_after_filtering_replaces_the_raw_size_however_far_its_cue() -> None:
    got = said("raw crawl is 2 PB; after dedup and quality filtering we should keep around 40 TB")
    assert got["data_bytes"] == pytest.approx(4e13)


@pytest.mark.parametrize(
    ("text", "gpu", "count"),
    [
        ("qlora 7b a6000x2", "rtx-a6000", 2),
        ("LoRA 13B，h800x16，一周", "h800", 16),
        ("pretrain 1B on mi300x8", "mi300x", 8),
    ],
)
def test_a_count_glued_after_a_gpu_name_counts_it(text: str, gpu: str, count: int) -> None:
    got = said(text)
    assert got["gpu"] == gpu
    assert got["gpu_count"] == count


def test_a_gpu_ruled_out_is_not_the_one_planned() -> None:
    assert said("LoRA 7B, not with A100s: we have 8 L4")["gpu"] == "l4"
    assert said("不考虑 H800，用 4 张 L40S 做 13B 的 QLoRA")["gpu"] == "l40s"


def test_a_model_version_before_a_size_leaves_the_size_to_the_data() -> None:
    got = said("continue pretraining the 7B variant of Mistral on 2 TB of web text")
    assert got["data_bytes"] == pytest.approx(2e12)
    assert "data_bytes" not in said("rent the 80GB version of the A100")


def test_a_quarter_said_in_taiwan_usage_is_ninety_days() -> None:
    assert said("預訓練 3B，資料 5000 億 token，時程兩季")["days"] == 180.0
    assert "days" not in said("四季酒店的客服資料 2 萬筆，LoRA 7B")


def test_pairs_counted_before_a_parenthesis_are_samples() -> None:
    assert said("问答对 3 万对（每对约 800 token），LoRA 7B")["tokens"] == pytest.approx(2.4e7)


def test_a_settings_list_separated_by_spaces_keeps_each_value_with_its_label() -> None:
    got = parse("13b qlora lr 1e-4 epochs 2 3090").slots
    assert (got.epochs, got.gpu, got.gpu_count) == (2.0, "rtx3090", None)
    assert parse("warmup 300 steps, 3B lora, 1 epoch").slots.tokens is None


def test_a_pasted_json_config_is_read_by_its_keys() -> None:
    got = parse('{"base": "llama3-8b", "method": "qlora", "num_epochs": 2, "gpus": 2}').slots
    assert (got.method, got.epochs, got.gpu_count) == ("qlora", 2.0, 2)


@pytest.mark.parametrize(
    "text", ["samples: 40k @ 1.5k tokens", "40k samples @ 1.5k", "40k samples @ 1.5k tokens"]
)
def test_a_length_after_an_at_sign_is_per_sample(text: str) -> None:
    assert said(text)["tokens"] == pytest.approx(6e7)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "| 参数量 | 140亿 | token数 | 3000亿 | 精度 | bf16 |",
            {"params": 1.4e10, "tokens": 3e11, "precision": "bf16"},
        ),
        ("| model | 8B | data | 200GB | days | 12 |", {"params": 8e9, "data_bytes": 2e11, "days": 12.0}),
        (
            "| GPU | count | model | tokens |\n|---|---|---|---|\n| A100 | 32 | 13B | 600B |",
            {"gpu": "a100", "gpu_count": 32, "params": 1.3e10, "tokens": 6e11},
        ),
        (
            "我们的配置 | 卡 | 数量 | 模型 | |:--|--:|--:| | H800 | 64 | 70B | 请评估",
            {"gpu": "h800", "gpu_count": 64, "params": 7e10},
        ),
    ],
)
def test_a_pasted_table_reads_each_value_under_its_own_label(text: str, want: dict[str, object]) -> None:
    got = said(text)
    assert {k: got.get(k) for k in want} == want


def test_command_line_flags_name_the_gpus_and_the_epochs() -> None:
    got = said("torchrun --nproc_per_node=4 train.py --epochs 2 --lr 1e-5，13B 全参要多久")
    assert got["gpu_count"] == 4 and got["epochs"] == 2


def test_method_full_in_a_spec_list_is_a_full_fine_tune() -> None:
    assert said("tokens: 2.5B, epochs: 4, model: Llama-3.2-3B, method: full")["method"] == "full_finetune"


def test_a_value_before_a_cell_edge_is_not_read_with_the_next_cells_label() -> None:
    got = said("gpu: A800 x4 | model: 34B | tokens: 2B")
    assert (got["params"], got["tokens"]) == (3.4e10, 2e9)
