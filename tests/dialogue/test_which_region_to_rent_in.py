"""A region question ("租在台灣還是日本比較好？", "which region should we rent GPUs in?", "国内还是海外租卡")
gets a consultant's answer instead of "no answer" or a cloud-vs-owning note: latency rarely matters for
training; data residency (PIPL, with the CAC's thresholds; GDPR), whether the GPU is sold there, price by
region, and moving the data."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "says"),
    [
        (
            "which region should we rent GPUs in?",
            ("distance to your users rarely matters", "PIPL Articles 38–40"),
        ),
        ("should we train in the US or in Europe?", ("GDPR Chapter V", "1 TB takes about 2.2 hours")),
        ("国内还是海外租卡", ("离用户远近基本无所谓", "《个人信息保护法》第 38–40 条")),
        ("租在台灣還是日本比較好？", ("離使用者遠近基本無所謂", "H100/H200/B200 不能合法出口到中國大陸")),
    ],
)
def test_a_region_question_gets_what_decides_the_region(
    real: Consultant, question: str, says: tuple[str, ...]
) -> None:
    turn = real.handle("r1", question)
    assert turn.payload["faq"][0] == "faq.choose_region"
    assert all(s in turn.text for s in says)
    assert "faq.cloud_vs_physical" not in turn.payload["faq"]


@pytest.mark.parametrize(
    ("question", "listing"),
    [
        ("should we rent H100s in Japan or the US?", "1 GPU per instance, us-east-1"),
        ("H100 租在日本还是美国好？", "每台 1 卡，us-east-1"),
    ],
)
def test_a_region_question_naming_a_gpu_lists_where_the_catalogue_prices_it(
    real: Consultant, question: str, listing: str
) -> None:
    turn = real.handle("r2", question)
    assert turn.payload["faq"][0] == "faq.choose_region"
    text = turn.text
    assert listing in text
    assert text.index(listing) > text.index("(1)")  # the listings follow the advice


@pytest.mark.parametrize(
    "message",
    [
        "rent a p4d instance",
        "how do I keep training data private on rented gpus",
        "is there a risk our model weights get stolen on a rented server",
        "amd的gpu训练大模型靠谱吗",
    ],
)
def test_a_message_about_renting_without_a_place_gets_no_region_or_mac_advice(
    real: Consultant, message: str
) -> None:
    faq = real.handle("r3", message).payload.get("faq") or []
    assert "faq.choose_region" not in faq and "faq.apple_silicon" not in faq


def test_gpus_rentable_in_china_are_the_china_answer_not_the_catalogue(real: Consultant) -> None:
    turn = real.handle("r4", "which nvidia gpus are available to rent in china")
    assert turn.payload["faq"][0] == "faq.china_gpus_available"
    assert "GPU catalogue" not in turn.text
