"""Which providers the catalogue prices: asked in any script, the answer lists each priced cloud and
Chinese marketplace with how many GPUs it prices and its snapshot date, says which big Chinese clouds
it cannot cover, and how an operator loads its own price list; never a pitfall or a slot question."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import load_knowledge

from .conftest import TODAY


@pytest.mark.parametrize(
    ("question", "lang", "words"),
    [
        (
            "which cloud providers do you have prices for?",
            "en",
            [
                "AWS",
                "Lambda",
                "Azure",
                "Google Cloud",
                "GPUs",
                "as of 2026-05-20",
                "RTX 4090",
                "Alibaba Cloud",
            ],
        ),
        (
            "你们收录了哪些平台的价格？",
            "zh-Hans",
            ["AWS", "Lambda", "恒源云", "算家云", "款 GPU", "2026-05-20 快照", "阿里云", "腾讯云"],
        ),
        ("你們支援哪些雲廠商", "zh-Hant", ["AWS", "Lambda", "款 GPU", "阿里雲", "快照"]),
    ],
)
def test_a_question_about_priced_providers_lists_them_with_counts_and_dates(
    real: Consultant, question: str, lang: str, words: list[str]
) -> None:
    turn = real.handle("s", question)
    assert turn.lang == lang
    assert turn.payload["pending"] is None, turn.text
    for word in words:
        assert word in turn.text, (word, turn.text)
    assert "GPU_ADVISOR_OFFERINGS" in turn.text
    assert "SLA" not in turn.text  # not the provider-selection pitfall


def test_the_listed_counts_are_the_gpus_the_price_answer_quotes(real: Consultant) -> None:
    kb = real.kb
    aws = {g.id for g in kb.catalog.gpus if kb.prices_for(g.id, clouds=["aws"])}
    turn = real.handle("s", "what clouds do you cover?")
    assert f"AWS: {len(aws)} GPUs" in turn.text, turn.text


def test_an_operators_price_list_is_named_as_such(tmp_path: Path) -> None:
    sheet = tmp_path / "ops.yaml"
    sheet.write_text(
        "offerings:\n"
        "  - {id: acme/8xh100, cloud: acme, instance_type: 8xh100, gpu: h100-sxm, gpu_count: 8,\n"
        "     price_usd_per_hour: 20.0, region: eu-1, as_of: 2026-11-01, source: 'price list 2026-11'}\n",
        encoding="utf-8",
    )
    consultant = Consultant(
        load_knowledge(offerings_file=sheet), MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None
    )
    turn = consultant.handle("s", "which providers are in your price list?")
    assert "acme: 1 GPU, as of 2026-11-01 — the operator's price list" in turn.text, turn.text


@pytest.mark.parametrize(
    "question", ["which cloud is cheapest for H100s?", "阿里云和腾讯云哪个便宜", "国内有哪些GPU云平台"]
)
def test_a_provider_comparison_or_china_question_keeps_its_own_answer(
    real: Consultant, question: str
) -> None:
    turn = real.handle("s", question)
    assert not turn.text.startswith(("*Prices in the catalogue", "*目录里有报价的服务商")), turn.text[:80]


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what does Azure charge?", ["*Azure: ", "GPUs priced", "/GPU-hour", "as of 2026-05-20"]),
        ("Lambda 的价格有哪些", ["*Lambda：有 ", "款 GPU 的报价", "/卡时"]),
    ],
)
def test_a_named_priced_provider_gets_its_own_price_list(
    real: Consultant, question: str, words: list[str]
) -> None:
    text = real.handle("s", question).text
    for word in words:
        assert word in text, (word, text)
    assert "Prices in the catalogue" not in text and "目录里有报价的服务商" not in text


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("is Vast.ai in your catalogue?", "*The catalogue has no prices for Vast.ai*"),
        ("有沒有 CoreWeave 的報價", "*目錄裡沒有 CoreWeave 的價格*"),
    ],
)
def test_a_named_provider_without_prices_is_said_first_with_what_is_covered(
    real: Consultant, question: str, opening: str
) -> None:
    text = real.handle("s", question).text
    assert text.startswith(opening), text[:200]
    assert "AWS" in text and "GPU_ADVISOR_OFFERINGS" in text


@pytest.mark.parametrize("question", ["how up to date are your prices?", "你們的報價是什麼時候的？"])
def test_a_question_about_how_recent_the_prices_are_lists_the_snapshot_dates(
    real: Consultant, question: str
) -> None:
    text = real.handle("s", question).text
    assert "2026-05-20" in text and "2026-07-30" in text, text


@pytest.mark.parametrize(
    ("question", "faq"),
    [
        ("云上训练有什么省钱的办法", "faq.cost_control"),
        ("怎麼控制雲端訓練的成本，有什麼技巧", "faq.cost_control"),
        ("any tips for cutting cloud training cost?", "faq.cost_control"),
        ("云服务器和物理机有什么区别", "faq.cloud_vs_physical"),
        ("雲端伺服器有什麼優勢", "faq.cloud_vs_physical"),
    ],
)
def test_advice_about_training_on_clouds_is_the_faq_not_the_list_of_priced_providers(
    real: Consultant, question: str, faq: str
) -> None:
    turn = real.handle("s", question)
    assert not turn.text.startswith(
        ("*Prices in the catalogue", "*目录里有报价的服务商", "*目錄裡有報價的服務商")
    ), turn.text[:80]
    assert faq in turn.payload["faq"], turn.text[:120]
