"""The user's situation: a mainland-China cloud or the mainland (region cn), the providers named,
and GPUs the user already owns."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    "text", ["在阿里云上租8张H800", "腾讯云有H20吗", "國內哪家雲便宜", "Volcano Engine pricing for H20"]
)
def test_a_mainland_china_cloud_sets_region_cn(text: str) -> None:
    assert parse(text).region == "cn"


def test_no_china_cloud_leaves_region_unset() -> None:
    assert parse("AWS or GCP for 8 H100s?").region is None


@pytest.mark.parametrize(
    "text", ["我们有16张H100", "手里有两张4090，7B LoRA", "we already own 32 A100s", "We have 4 L40S"]
)
def test_gpus_the_user_already_has_are_marked_owned(text: str) -> None:
    assert parse(text).owned


@pytest.mark.parametrize(
    "text",
    ["we have to rent 8 H100s", "我们有100B tokens的数据", "租8张A100要多少钱", "我们有预算租 64 张 H100",
     "我們有錢租 8 張 A100", "我有经费租用 16 张 A800"],
)  # fmt: skip
def test_renting_or_owning_data_is_not_owning_gpus(text: str) -> None:
    assert not parse(text).owned


@pytest.mark.parametrize(
    ("text", "gpu", "count"),
    [("我哋自己有8張H100，夠唔夠？", "h100", 8), ("我地有32張A100 80GB", "a100-80gb", 32),
     ("我們自己有 2 張 4090，想微調 7B", "rtx4090", 2)],
)  # fmt: skip
def test_cantonese_and_taiwan_possession_cues_mean_the_gpus_are_owned(
    text: str, gpu: str, count: int
) -> None:
    got = parse(text)
    assert got.owned is True
    assert (got.slots.gpu, got.slots.gpu_count) == (gpu, count)


@pytest.mark.parametrize(
    "text",
    [
        "We have 500 GB of data, pretrain 7B on 8 H100",
        "we have 2TB of logs and want to rent 16 A100s",
        "我们有500GB数据，想在8张H100上预训练7B",
    ],
)
def test_owning_the_data_is_not_owning_the_gpus_named_later(text: str) -> None:
    assert not parse(text).owned


@pytest.mark.parametrize(
    ("text", "providers"),
    [
        ("is Lambda cheaper than AWS for H100s?", ("lambda", "aws")),
        ("阿里云和腾讯云哪个便宜？", ("aliyun", "tencent")),
        ("AutoDL靠谱吗", ("autodl",)),
        ("火山引擎、百度智能云和華為雲的 H20 价格", ("volcano", "baidu", "huawei")),
        ("火山的H800一卡时多少钱啊", ("volcano",)),
        ("GCP vs Azure vs CoreWeave for 64 H100s", ("gcp", "azure", "coreweave")),
        ("our AWS Lambda functions call the model", ("aws",)),
        ("阿里的Qwen2.5-72B LoRA微调", ()),
        ("Is RunPod or Vast cheaper for an RTX 4090?", ("runpod", "vast")),
        # "或者" joins Vast to another provider's name since providers took knowledge.names.JOINERS
        ("RunPod 或者 Vast 租 4090 哪个便宜", ("runpod", "vast")),
        ("4090 on vast, how much?", ("vast",)),
        ("we have a vast amount of data on AWS", ("aws",)),
        ("pretrain 1B on a vast corpus", ()),
    ],
)
def test_providers_are_named_by_id_in_the_order_written(text: str, providers: tuple[str, ...]) -> None:
    assert parse(text).providers_mentioned == providers


@pytest.mark.parametrize(("text", "region"), [("AutoDL靠谱吗", "cn"), ("Lambda vs AWS", None)])
def test_a_chinese_marketplace_is_a_mainland_cloud(text: str, region: str | None) -> None:
    assert parse(text).region == region


@pytest.mark.parametrize(
    ("text", "providers"),
    [
        ("算家云和晨涧云的4090哪个便宜", ("suanjiayun", "chenjianyun")),
        ("優雲智算租 A100 穩嗎", ("ucloud",)),
        ("恒源云 vs 矩池云 vs AutoDL", ("gpushare", "matpool", "autodl")),
    ],
)
def test_the_chinese_marketplaces_in_the_price_data_are_named(text: str, providers: tuple[str, ...]) -> None:
    got = parse(text)
    assert got.providers_mentioned == providers and got.region == "cn"


def test_every_provider_id_and_spelling_comes_from_the_providers_data_file() -> None:
    from bot.nlu.providers import providers
    from knowledge import load_knowledge

    records = load_knowledge().providers
    assert {p.id: p.names for p in providers()} == {r.id: r.aliases for r in records.values()}
    assert all(p.names for p in providers())


def test_sequence_said_before_a_length_is_the_sequence_length() -> None:
    assert parse("QLoRA 70B 需要多少显存，序列 8k").slots.seq_len == 8192


def test_a_mainland_city_answers_which_cloud_but_does_not_move_a_plan_to_mainland_gpus() -> None:
    assert parse("我们公司在上海，用什么云比较好").intent == "china_providers"
    assert parse("我们在上海，训练一个 7B 模型，数据 500GB，两周").region is None
