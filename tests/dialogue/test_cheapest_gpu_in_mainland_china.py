"""The cheapest GPU for a job asked by a team renting in mainland China ("国内租，QLoRA 7B 最便宜用什么",
"在國內租卡，7B QLoRA 最便宜的方案", "cheapest GPU to QLoRA a 7B in China") is ranked from the cards with a
Chinese list price, in yuan, and says plainly that the big Chinese clouds have no GPU prices in the catalogue;
asked without a place, the overseas clouds as before."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "first", "note"),
    [
        (
            "国内租，QLoRA 7B 最便宜用什么",
            "最便宜的 GPU：NVIDIA GeForce RTX 3090，按需约 ¥0.76/小时起",
            "阿里云、腾讯云等大厂",
        ),
        (
            "在國內租卡，7B QLoRA 最便宜的方案",
            "最便宜的 GPU：NVIDIA GeForce RTX 3090，按需約 ¥0.76/小時起",
            "阿里雲、騰訊雲等大廠",
        ),
        ("国内有什么便宜的卡可以跑 QLoRA 7B", "按需约 ¥0.76/小时起", "只列目录里有国内公开标价的卡"),
        (
            "在大陆租卡做 LoRA 13B，哪张卡最便宜",
            "2 张 NVIDIA GeForce RTX 3090，按需约 ¥1.52/小时起",
            "国内算力市场的单卡标价",
        ),
        ("cheapest GPU to QLoRA a 7B in China", "from ¥0.76/hour (~$0.11)", "Renting in mainland China"),
    ],
)
def test_renting_in_china_ranks_the_cards_with_a_chinese_price_in_yuan(
    real: Consultant, question: str, first: str, note: str
) -> None:
    text = real.handle("cn1", question).text.replace("*", "")
    assert first in text and note in text
    assert "AWS" not in text and "Google Cloud" not in text


def test_without_a_place_the_cheapest_gpu_is_still_from_the_overseas_clouds(real: Consultant) -> None:
    text = real.handle("cn2", "QLoRA 7B 最便宜用什么").text.replace("*", "")
    assert "NVIDIA T4，按需约 $0.53/小时起" in text and "国内" not in text


def test_a_lighter_method_in_china_is_priced_in_yuan_too(real: Consultant) -> None:
    text = real.handle("cn3", "在国内，全参微调 7B 最便宜用什么卡").text.replace("*", "")
    assert "更便宜的做法：LoRA，用 NVIDIA GeForce RTX 3090，每小时 ¥0.76 起" in text
