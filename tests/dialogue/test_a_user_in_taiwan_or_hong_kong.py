"""A user who says they are in Taiwan or Hong Kong means their own region by 国内/本地: the answer says the
catalogue has no local prices there and what applies (the global clouds' regions near them, the checklist),
never the mainland's clouds as if they were theirs."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse


@pytest.mark.parametrize(
    "message",
    [
        "我在台灣，國內哪家雲便宜",
        "我在台湾，国内哪家云便宜",
        "我們是香港公司，本地哪家GPU雲便宜",
        "人在台北，租 GPU 哪家比較划算",
        "我在台灣，國內有哪些GPU雲",
        "we are in Taiwan, which local cloud is cheapest for GPUs?",
        "I'm based in Hong Kong, what GPU providers can I use?",
    ],
)
def test_home_in_taiwan_or_hong_kong_gets_the_regions_near_them_not_mainland_clouds(
    real: Consultant, message: str
) -> None:
    text = real.handle("s", message).text
    assert "asia-east1" in text and "ap-east-2" in text  # Google Cloud's Taiwan region, AWS Taipei
    assert any(w in text for w in ("沒有台灣或香港", "没有台湾或香港", "no local Taiwan or Hong Kong"))
    assert not any(w in text for w in ("AutoDL", "阿里雲", "阿里云", "恆源雲", "恒源云"))


@pytest.mark.parametrize(
    "message",
    ["我在台灣，國內哪家雲便宜", "人在香港，境內的GPU雲哪家好", "我們公司在台北，不能用境外的雲"],
)
def test_domestic_said_from_taiwan_or_hong_kong_is_not_the_mainland(message: str) -> None:
    assert parse(message).region is None


@pytest.mark.parametrize(
    "message",
    [
        "我们在国内，想用LoRA微调一个7B模型",
        "我在台灣，想比較一下大陸的雲哪家便宜",
        "我们在国内，租在台湾还是日本",
    ],
)
def test_the_mainland_said_outright_or_from_the_mainland_is_still_the_mainland(message: str) -> None:
    assert parse(message).region == "cn"


def test_weighing_taiwan_against_japan_from_the_mainland_is_the_region_question(real: Consultant) -> None:
    turn = real.handle("s", "我们在国内，租在台湾还是日本")
    assert turn.payload["faq"][:1] == ["faq.choose_region"]


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("我在台灣，國內租 H100 哪家便宜", "目錄裡沒有台灣的價格"),
        ("台北租 A100 哪家最便宜", "目录里没有台湾的价格"),
        ("香港租 A100 哪家最便宜", "目录里没有香港的价格"),
        ("cheapest H100 in Taipei?", "The catalogue has no Taiwan price"),
        ("台北 A100 一小時多少錢", "目錄裡沒有台灣的價格"),
    ],
)
def test_prices_asked_from_taiwan_or_hong_kong_say_the_catalogue_has_none_there_first(
    real: Consultant, question: str, note: str
) -> None:
    text = real.handle("s", question).text
    assert text.lstrip("*").startswith(note)
    assert "AutoDL" not in text and "国内算力市场" not in text and "國內算力市場" not in text


@pytest.mark.parametrize(
    ("message", "no_local_price", "gpu"),
    [
        ("想在台灣找雲端租 H100，有推薦的嗎", "目錄裡沒有台灣的價格", "NVIDIA H100"),
        ("想在台湾找云租 A100，有推荐的吗", "目录里没有台湾的价格", "NVIDIA A100"),
        ("我在香港，想租 H200，推荐哪家", "目录里没有香港的价格", "NVIDIA H200"),
        ("在台灣要租 L40S 去哪家", "目錄裡沒有台灣的價格", "NVIDIA L40S"),
        ("any cloud in Taiwan that rents H100s?", "The catalogue has no Taiwan price", "NVIDIA H100"),
        (
            "we're in Taipei, any recommendation where to rent A100s?",
            "The catalogue has no Taiwan price",
            "A100",
        ),
    ],
)
def test_where_to_rent_a_gpu_from_taiwan_or_hong_kong_lists_its_dated_prices_after_saying_none_are_local(
    real: Consultant, message: str, no_local_price: str, gpu: str
) -> None:
    text = real.handle("s", message).text
    assert text.startswith("*" + no_local_price), message
    assert gpu in text and "$" in text, message
    assert any(w in text for w in ("快照", "as of", "snapshot date")), message  # each price dated
    assert not any(w in text for w in ("TFLOPS", "顯存 80 GB", "显存 80 GB")), message  # not the datasheet
