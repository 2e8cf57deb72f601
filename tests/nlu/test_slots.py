"""Whole messages to slots: what a sizing request says, and what it must not be mistaken for."""

from __future__ import annotations

from typing import Any

import pytest

from bot.nlu import parse
from tests.nlu.said import said


def approx(expected: dict[str, Any]) -> dict[str, Any]:
    return {k: pytest.approx(v) if isinstance(v, float) else v for k, v in expected.items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("想从零训练一个五十亿参数的模型，语料600GB，BF16，六周以内", {
            "params": 5e9, "data_bytes": 6e11, "precision": "bf16", "method": "pretrain", "days": 42.0}),
        ("我們打算微調一個兩百億參數的模型，資料量120GB，半精度，三週之內", {
            "params": 2e10, "data_bytes": 1.2e11, "precision": "fp16", "method": "full_finetune",
            "days": 21.0}),
        ("LoRA on Qwen2.5-14B with 4 GB of chat logs, bf16, by the end of 10 days", {
            "params": 1.4e10, "data_bytes": 4e9, "precision": "bf16", "method": "lora", "days": 10.0,
            "model": "qwen2.5-14b"}),
        ("continued pretraining of Llama 3.1 8B on 250B tokens over 3 weeks", {
            "params": 8e9, "tokens": 2.5e11, "method": "pretrain", "continued": True, "days": 21.0,
            "model": "llama-3.1-8b"}),
        ("seventy billion parameters, one and a half trillion tokens, a month and a half", {
            "params": 7e10, "tokens": 1.5e12, "days": 45.0}),
        ("模型四百五十亿，一万亿token，预算每月30万元", {
            "params": 4.5e10, "tokens": 1e12,
            "budget": {"amount": 3e5, "currency": "CNY", "period": "month"}}),
        ("QLoRA ChatGLM-6B，数据3G，两天，预算每小时50块", {
            "params": 6e9, "method": "qlora", "data_bytes": 3e9, "days": 2.0,
            "budget": {"amount": 50.0, "currency": "CNY", "period": "hour"}}),
        ("Mixtral 8x7B full fine-tune, 20GB, FP8, budget $12,500 in total", {
            "params": 4.67e10, "active_params": 1.29e10, "method": "full_finetune", "data_bytes": 2e10,
            "model": "mixtral-8x7b",
            "precision": "fp8",
            "budget": {"amount": 12500.0, "currency": "USD", "period": "total"}}),
        ("GPT-2 small (124M) from scratch on 9B tokens, float32, 48 hours", {
            "params": 1.24e8, "method": "pretrain", "tokens": 9e9, "precision": "fp32", "days": 2.0}),
        ("fine-tune BERT-large on 300MB, half precision", {
            "params": 3.4e8, "method": "full_finetune", "data_bytes": 3e8, "precision": "fp16"}),
        ("a GPT-3 sized model on 2T tokens", {"params": 1.75e11, "tokens": 2e12}),
        ("壹佰亿参数，数据量捌佰GB", {"params": 1e10, "data_bytes": 8e11}),
        ("模型规模千亿级，数据5T，增量预训练", {
                "params": 1e11, "data_bytes": 5e12, "method": "pretrain", "continued": True}),
        ("万亿级参数", {"params": 1e12}),
        ("在一个 130 亿参数的 base 上做增量训练，语料 400GB", {
                "params": 1.3e10, "data_bytes": 4e11, "method": "pretrain", "continued": True}),
    ],
)  # fmt: skip
def test_a_whole_request_fills_every_slot_it_names(text: str, expected: dict[str, Any]) -> None:
    assert said(text) == approx(expected)


@pytest.mark.parametrize(
    ("text", "gpu", "count"),
    [
        ("我们有8张A100", "a100", 8),
        ("4x H100 80GB", "h100", 4),
        ("8 x A100 40GB", "a100-40gb", 8),
        ("2台机器16张卡，H800", "h800", 16),
        ("两台8卡H800", "h800", 16),
        ("3 nodes of 8 H200", "h200", 24),
        ("H100 PCIe x 2", "h100-pcie", 2),
        ("A100-80G 四张", "a100-80gb", 4),
        ("六块4090", "rtx4090", 6),
        ("one L40S", "l40s", 1),
        ("an MI300X", "mi300x", None),
    ],
)
def test_gpu_type_and_count(text: str, gpu: str, count: int | None) -> None:
    got = parse(text).slots
    assert (got.gpu, got.gpu_count) == (gpu, count)


@pytest.mark.parametrize(
    ("text", "seq_len"),
    [("seq len 4096", 4096), ("4k context", 4096), ("上下文长度8192", 8192), ("序列长度2048", 2048),
     ("context length of 32k", 32768)],
)  # fmt: skip
def test_sequence_length(text: str, seq_len: int) -> None:
    assert parse(text).slots.seq_len == seq_len


@pytest.mark.parametrize(
    "text",
    [
        "batch size 32, learning rate 3e-4, 3 epochs",
        "Llama-3 or Qwen2.5, version 1.2.3",
        "2026年11月30日开会，准备10%的数据",
        "warmup 500 steps with 8 accumulation",
        "十分重要，千万不要忘了",
        "for months we have been thinking about it, 几个月了",
        "单卡还是多卡？",
        "NVLink 900GB/s and 400Gb InfiniBand",
        "400G网络，显存80GB的卡",
        "128GB内存的服务器",
        "Python 3.11, CUDA 12.1, PyTorch 2.3",
    ],
)
def test_other_numbers_are_not_mistaken_for_workload_slots(text: str) -> None:
    got = said(text)
    for name in ("params", "tokens", "data_bytes", "days", "budget", "gpu_count", "seq_len"):
        assert name not in got, (name, got)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("7B model, 300B tokens, 2TB of text", "params", 7e9),
        ("7B model, 300B tokens, 2TB of text", "tokens", 3e11),
        ("7B model, 300B tokens, 2TB of text", "data_bytes", 2e12),
        ("2T tokens", "tokens", 2e12),
        ("数据 2T", "data_bytes", 2e12),
        ("参数量 13000000000", "params", 1.3e10),
        ("1.5万亿tokens", "tokens", 1.5e12),
        ("3 trillion tokens", "tokens", 3e12),
        ("800G的语料", "data_bytes", 8e11),
        ("train a 7B model on 300B", "tokens", 3e11),
        ("pretrain a 7 B model", "params", 7e9),
        ("训练一个 1.3 B 模型", "params", 1.3e9),
        ("500 M tokens on a 3 B model", "tokens", 5e8),
        ("8 B200s for a 70B model", "params", 7e10),
    ],
)
def test_units_and_nearby_words_decide_between_params_tokens_and_bytes(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    "text",
    [
        "fine-tune 7B on 2T of data",
        "fine-tune a 7B on 2T of training data",
        "train a 7B model on 2T of text data",
        "在 2T 的数据上微调 7B",
        "用 2T 数据微调 7B",
        "在 2T 的資料上微調 7B",
    ],
)
def test_a_t_amount_named_as_data_is_its_size_in_bytes_in_either_language(text: str) -> None:
    got = said(text)
    assert got["data_bytes"] == pytest.approx(2e12)
    assert "tokens" not in got


@pytest.mark.parametrize(
    "text", ["pretrain 7B on 2T", "pretrain 7B on 2T tokens of data", "7B on 300B of data"]
)
def test_an_amount_trained_on_stays_tokens_unless_a_t_is_named_as_data(text: str) -> None:
    got = said(text)
    assert "tokens" in got and "data_bytes" not in got


@pytest.mark.parametrize(
    ("text", "slot", "reason"),
    [
        ("a 70 trillion parameter model", "params", "out_of_range"),
        ("70T params", "params", "out_of_range"),
        ("500 parameters", "params", "out_of_range"),
        ("-7B 参数", "params", "not_positive"),
        ("0 天", "days", "not_positive"),
        ("20 years", "days", "out_of_range"),
        ("1e308 tokens", "tokens", "out_of_range"),
        ("9999999999999999999999999999999999999999999999B parameters", "params", "out_of_range"),
        ("just 2T", "tokens_or_data", "ambiguous_unit"),
        ("预算0元", "budget", "not_positive"),
    ],
)
def test_implausible_or_unclear_values_are_asked_back_not_used(text: str, slot: str, reason: str) -> None:
    result = parse(text)
    assert (slot, reason) in [(a.slot, a.reason) for a in result.asks]
    assert result.slots.to_json().get(slot) is None


@pytest.mark.parametrize(
    ("text", "precision"),
    [("单精度", "fp32"), ("單精度", "fp32"), ("full precision", "fp32"), ("float32", "fp32"),
     ("FP16", "fp16"), ("半精度", "fp16"), ("half precision", "fp16"), ("float16", "fp16"),
     ("BF16", "bf16"), ("bfloat16", "bf16"), ("BF-16", "bf16"), ("FP8", "fp8"), ("float8", "fp8")],
)  # fmt: skip
def test_precision_words(text: str, precision: str) -> None:
    assert parse(text).slots.precision == precision


@pytest.mark.parametrize(
    ("text", "method"),
    [("预训练", "pretrain"), ("預訓練", "pretrain"), ("从头训练", "pretrain"), ("從頭訓練", "pretrain"),
     ("继续预训练", "pretrain"), ("增量预训练", "pretrain"), ("continued pre-training", "pretrain"),
     ("pretrain", "pretrain"), ("全参微调", "full_finetune"), ("全量微调", "full_finetune"),
     ("全參數微調", "full_finetune"), ("full fine-tune", "full_finetune"),
     ("full-parameter tuning", "full_finetune"), ("LoRA", "lora"), ("QLoRA", "qlora"),
     ("微调", "full_finetune"), ("fine-tune", "full_finetune"), ("SFT", "full_finetune"),
     ("指令微调", "full_finetune"), ("在预训练模型上做LoRA", "lora"), ("用预训练模型微调", "full_finetune"),
     ("train a model", None)],
)  # fmt: skip
def test_training_method_words(text: str, method: str | None) -> None:
    assert parse(text).slots.method == method


@pytest.mark.parametrize(
    ("text", "language"),
    [("训练数据是中文", "zh"), ("訓練資料", "zh"), ("English only corpus", "en"), ("7B on 中文 data", "zh")],
)
def test_data_language_follows_the_message_language(text: str, language: str) -> None:
    assert parse(text).slots.data_language == language


@pytest.mark.parametrize(
    ("text", "language"),
    [("微调 7B，200GB 英文语料，两周", "en"), ("微調 7B，資料 300GB，都是英文", "en"),
     ("fine-tune 7B on 2TB of Chinese text in 2 weeks", "zh"), ("300GB of data, mostly Chinese", "zh"),
     ("pretrain a 3B model on 500GB of code", "code"), ("预训练 3B 模型，500GB 代码数据", "code"),
     ("train 7B on 1T tokens of code", "code"), ("預訓練 7B，1TB 中英混合語料", "mixed"),
     ("2TB of English and Chinese web text", "mixed"),
     # each of the table's spellings, in either script, as the data's language
     ("用 800GB 程式碼資料預訓練 3B", "code"), ("微调 7B，数据主要是汉语，两周", "zh"),
     ("fine-tune 13B on a bilingual corpus of 400GB", "mixed"),
     ("微調 13B，資料以英語為主的語料，500GB", "en"),
     ("pretrain 3B on 1TB, the data is mostly English", "en"), ("预训练 3B，1TB 中英双语语料", "mixed"),
     # a language the model should answer in, or a size of nothing, says nothing of the data
     ("we want it to answer in Chinese, 7B, 100GB of data", "en"), ("a coding assistant, 7B, 200GB", "en")],
)  # fmt: skip
def test_the_language_a_message_names_for_its_data_is_the_data_language(text: str, language: str) -> None:
    assert parse(text).slots.data_language == language


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("训练token数三万亿，参数量一千三百亿", {"tokens": 3e12, "params": 1.3e11}),
        ("tokens: 2T, model: 7B", {"tokens": 2e12, "params": 7e9}),
        ("train 3 trillion tokens on a 30B model", {"tokens": 3e12, "params": 3e10}),
        ("6B模型，数据集包含1000万条样本", {"params": 6e9, "samples": 1e7}),
        ("50k examples, 7B", {"params": 7e9, "samples": 5e4}),
    ],
)
def test_the_nearest_label_wins_and_sample_counts_are_not_tokens(text: str, expected: dict[str, Any]) -> None:
    assert said(text) == approx(expected)


def test_mixed_precision_alone_is_bf16_mixed_precision() -> None:
    assert said("混合精度训练7B模型")["precision"] == "bf16"
    assert said("pretrain 1B with mixed precision")["precision"] == "bf16"
    assert said("混合精度 fp16 训练 7B")["precision"] == "fp16"
    assert said("bf16 mixed precision, 7B")["precision"] == "bf16"
    assert said("fp16 mixed precision, 7B")["precision"] == "fp16"


def test_a_size_after_on_with_a_tuning_method_and_no_model_is_the_model() -> None:
    got = said("A10 vs L4 for QLoRA on 13B?")
    assert got["params"] == pytest.approx(13e9)
    assert "tokens" not in got
    assert said("pretrain a 1B on 40B")["tokens"] == pytest.approx(40e9)
    assert said("continued pre-training on 60B")["tokens"] == pytest.approx(60e9)


@pytest.mark.parametrize(
    "text",
    ["Context: we are a 5 person team and want to fine-tune a 7B model",
     "背景：我们团队5个人，想微调一个7B模型", "Context - 3 engineers, 2 GPUs budget, a 13B LoRA"],
)  # fmt: skip
def test_a_heading_is_not_a_number_cue(text: str) -> None:
    got = parse(text)
    assert got.slots.seq_len is None
    assert not [a for a in got.asks if a.slot == "seq_len"]


@pytest.mark.parametrize(
    "text", ["从零开始训练一个1B模型", "從頭開始訓練3B", "train a 350M model from scratch"]
)
def test_from_scratch_is_pretraining(text: str) -> None:
    slots = parse(text).slots
    assert slots.method == "pretrain" and slots.continued is None


@pytest.mark.parametrize(
    "text",
    ["continued pretraining of Qwen2.5-7B on 20B tokens", "在Llama 3 8B上做增量预训练", "繼續預訓練 Yi-34B",
     "we want to continued-pretrain Llama 3.1 8B",
     "domain-adaptive pretraining on our legal corpus", "继续预训练，数据200GB"],
)  # fmt: skip
def test_continued_pretraining_is_pretrain_flagged_continued(text: str) -> None:
    slots = parse(text).slots
    assert slots.method == "pretrain" and slots.continued is True


@pytest.mark.parametrize(
    "text",
    [
        "昆仑芯 P800 能训练吗",
        "Kunlun P800 vs H100",
        "崑崙芯 R200 可以嗎",
        "昇腾910B 多少钱",
        "TPU v5 pods",
        "华为 910B 租一个月多少钱",
        "910C 集群多少钱",
    ],
)
def test_an_accelerators_model_number_is_not_a_model_size(text: str) -> None:
    assert "params" not in said(text)


def test_a_number_after_mongodb_atlas_is_still_read() -> None:
    got = said("pretrain 1B on our export from MongoDB Atlas 20B tokens")
    assert got["tokens"] == pytest.approx(2e10) and got["params"] == pytest.approx(1e9)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("what about two?", 2),
        ("and 4?", 4),
        ("那 8 呢", 8),
        ("what about 8 of them", 8),
        ("how about 16 of those?", 16),
        ("what if we had 4 of them", 4),
        ("how long on 8 of them?", 8),
        ("how long would it take with 16?", 16),
        ("and with only 8 of them, how long?", 8),
        ("what if we only have 8, how long?", 8),
        ("ok and on 16 of them?", 16),
        ("okay, with 4 of those?", 4),
        ("so what about 32 of them?", 32),
        ("alright and how long on 8 of them?", 8),
        ("back to 32", 32),
        ("let's go back to 24", 24),
        ("改回 32", 32),
        ("那就回到16吧", 16),
        ("換回 64 呢", 64),
    ],
)
def test_a_lone_number_in_a_follow_up_is_a_gpu_count(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("what if the context length is changed to 8k?", 8192),
        ("what if the seq len were set to 4096?", 4096),
        ("suppose the max sequence length was increased to 16k, how long then?", 16384),
        ("what happens if the sequence length gets reduced to 2k", 2048),
        ("要是序列長度調整為8k呢", 8192),
        ("假如上下文长度被改成了 16k 呢", 16384),
        ("序列长度如果改成4096呢", 4096),
        ("假如序列长度被调整成了 6k 呢", 6144),
    ],
)
def test_a_long_form_of_a_length_change_reads_the_length(text: str, length: int) -> None:
    assert said(text)["seq_len"] == length


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("what if the context needs to support 32k?", 32768),
        ("the context must support 128k", 131072),
        ("那如果上下文要支持 32k 呢", 32768),
        ("上下文得能支持 64k 的話呢", 65536),
    ],
)
def test_a_context_it_must_support_reads_the_length(text: str, length: int) -> None:
    assert said(text)["seq_len"] == length


@pytest.mark.parametrize("text", ["what about 3 epochs?", "what if 2 weeks?", "what about 2026?"])
def test_a_follow_up_number_with_a_unit_or_a_year_is_no_gpu_count(text: str) -> None:
    assert "gpu_count" not in said(text)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("and bf16 -> fp8", "precision", "fp8"),
        ("把 fp16 换成 bf16", "precision", "bf16"),
        ("from 13B to 30B", "params", 3e10),
        ("7B → 13B", "params", 1.3e10),
    ],
)
def test_a_change_from_one_value_to_another_keeps_the_new_one(text: str, slot: str, value: object) -> None:
    assert said(text)[slot] == value


def test_from_scratch_said_short_and_full_precision_in_chinese() -> None:
    assert parse("从头训 1B").slots.method == "pretrain"
    assert parse("全精度训练 1B").slots.precision == "fp32"


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("机房存储 2PB，32 张 H800 训 70B，数据 1.5T token", None),
        ("the checkpoint is 140GB; fine-tune it on 2GB of text", 2e9),
        ("模型 7B 的权重是 28GB，全参微调，数据 3GB", 3e9),
        ("one DGX A100 (8x 80GB), data 3GB", 3e9),
    ],
)
def test_storage_weights_and_gpu_memory_sizes_are_not_the_training_data(
    text: str, data: float | None
) -> None:
    assert parse(text).slots.data_bytes == data


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("语料 2TB（原始 8TB，清洗后）训 13B", 2e12),
        ("corpus is 1.5TB (originally 6TB before dedup), 7B", 1.5e12),
    ],
)
def test_a_raw_size_in_brackets_does_not_replace_the_data_trained_on(text: str, data: float) -> None:
    assert parse(text).slots.data_bytes == data


@pytest.mark.parametrize(
    ("text", "data", "memory_gb"),
    [
        ("what batch size fits for 7b lora on 24gb", None, 24.0),
        ("how big can the micro-batch be for full fine-tuning 1B on 80GB?", None, 80.0),
        ("QLoRA 13B 在 48G 上 batch 最大能开多少", None, 48.0),
        ("fine-tune 7b on 24gb of text, batch size 8", 24e9, None),
    ],
)
def test_a_size_a_micro_batch_is_asked_to_fit_in_is_gpu_memory_not_data(
    text: str, data: float | None, memory_gb: float | None
) -> None:
    got = parse(text)
    assert got.slots.data_bytes == data
    assert (got.gpu_memory.gb if got.gpu_memory is not None else None) == memory_gb
