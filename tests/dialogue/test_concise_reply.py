"""The recommendation is concise; the details wait behind `explain`; no line contradicts another."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.dialogue.consultant import Consultant
from bot.render.formats import fmt_duration
from bot.render.text import render_text

from .fakes import ScriptedParse

BIG_PRETRAIN = "Pretrain a 13B model on 1T tokens in 3 weeks"
LORA_70B = "LoRA微调一个700亿参数模型，数据10亿tokens，两周内完成"


@pytest.fixture
def scripted(nlu: ScriptedParse) -> ScriptedParse:
    nlu.understands(BIG_PRETRAIN, params=1.3e10, tokens=1e12, days=21.0)
    nlu.understands(LORA_70B, params=7e10, tokens=1e9, method="lora", days=14.0)
    nlu.understands("explain", intent="explain")
    nlu.understands("计算过程", intent="explain")
    return nlu


def _top(payload: dict[str, Any]) -> dict[str, Any]:
    top: dict[str, Any] = payload["recommendation"]["options"][0]
    return top


def test_fired_pitfalls_are_one_line_each_and_at_most_three(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    turn = consultant.handle("s", BIG_PRETRAIN)

    lines = [line for line in turn.text.splitlines() if line.startswith("⚠️ *")]
    assert turn.payload["pitfalls"], "this plan should fire pitfalls"
    assert 1 <= len(lines) <= 3
    for line in lines:
        title, _, advice = line.partition("* — ")
        assert advice.endswith((".", "…")) and advice.count(". ") == 0
    assert "Also check" not in turn.text


def test_at_most_one_faq_snippet_is_shown_but_every_related_id_is_in_the_payload(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    turn = consultant.handle("s", BIG_PRETRAIN)

    assert sum(line.startswith("💡") for line in turn.text.splitlines()) == 1
    assert {"faq.cost_control", "faq.single_vs_multi_gpu"} <= set(turn.payload["faq"])


def test_explain_shows_the_full_pitfall_advice_and_memory_breakdown(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    first = consultant.handle("s", BIG_PRETRAIN)
    turn = consultant.handle("s", "explain")

    assert "weights" in turn.text and "weights" not in first.text
    network_advice = "check checkpoint write bandwidth"
    if "pitfall.network_storage_ignored" in first.payload["pitfalls"]:
        assert network_advice in turn.text and network_advice not in first.text


def test_the_network_line_gives_the_need_and_the_guide_tier_as_two_facts(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    for session, text in (("en", BIG_PRETRAIN), ("zh", LORA_70B)):
        turn = consultant.handle(session, text)
        top = _top(turn.payload)
        network = next(line for line in turn.text.splitlines() if "Network" in line or "网络" in line)
        if top["nodes"] <= 1:
            continue
        low, high = top["network"]["tier_gbps"]
        assert "档" not in network and "class" not in network
        assert f"{top['gpus']}" in network and f"{low:g}–{high:g} Gb/s" in network
        exceeded = top["network"]["required_gbps"] > high
        assert exceeded == ("above" in network or "超过" in network)


def test_the_price_date_is_said_once(consultant: Consultant, scripted: ScriptedParse) -> None:
    for session, text in (("en", BIG_PRETRAIN), ("zh", LORA_70B)):
        turn = consultant.handle(session, text)

        dated = [line for line in turn.text.splitlines() if re.search(r"20\d\d-\d\d-\d\d", line)]
        assert len(dated) == 1, dated
        stale = any(w["code"] == "stale_prices" for w in turn.payload["recommendation"]["warnings"])
        assert dated[0].startswith("⚠️") == stale


def test_times_under_a_day_are_said_in_hours(consultant: Consultant, scripted: ScriptedParse) -> None:
    turn = consultant.handle("zh", LORA_70B)

    for option in turn.payload["recommendation"]["options"][:3]:
        assert fmt_duration(option["days"], "zh") in turn.text
    assert fmt_duration(0.669) == "16 hours" and fmt_duration(0.669, "zh") == "16 小时"
    assert fmt_duration(16.877) == "17 days" and fmt_duration(3.28, "zh") == "3.3 天"


def test_the_concise_reply_is_much_shorter_than_the_explanation(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    turn = consultant.handle("zh", LORA_70B)
    explained = consultant.handle("zh", "计算过程")

    assert len(turn.text.splitlines()) <= 20
    assert "需要注意的误区" in explained.text or not turn.payload["pitfalls"]


def test_consumer_cards_are_never_said_to_use_nvlink_and_a_missing_price_is_said_plainly(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "fine-tune 8B with LoRA on 30M tokens in two weeks on RTX 4090s"
    nlu.understands(text, params=8e9, tokens=3e7, method="lora", days=14.0, gpu="rtx4090")

    turn = consultant.handle("s", text)

    top = _top(turn.payload)
    network = next(line for line in turn.text.splitlines() if line.startswith("*Network:*"))
    assert top["gpu"] == "rtx4090"
    if top["gpus"] > 1 and top["nodes"] == 1:
        assert "PCIe" in network and "NVLink" not in network
    first_line = turn.text.splitlines()[0]
    assert "?" not in first_line
    if top["cost"]["amount"] is None:
        assert "no price in the catalogue" in first_line and "Prices as of" not in turn.text


def test_a_change_that_keeps_the_shown_duration_does_not_print_it_twice() -> None:
    before = {"gpu": "rtx4090", "name": "RTX4090", "gpus": 4, "days": 0.046, "cost": None, "currency": "USD"}
    after = {
        "gpu": "a100-40gb",
        "name": "NVIDIA A100 40GB",
        "gpus": 2,
        "days": 0.047,
        "cost": 4.48,
        "currency": "USD",
    }
    changes = [{"slot": "gpu", "old": "rtx4090", "new": "a100"}]

    en = render_text("changes", "en", changes=changes, before=before, after=after)
    longer = render_text("changes", "zh", changes=changes, before=before, after={**after, "days": 0.5})

    assert "1.1 hours" not in en and "RTX4090 → A100" in en
    assert "1.1 小时 → 12 小时" in longer


def test_a_cost_change_that_rounds_away_says_the_figures_without_a_zero_percentage() -> None:
    before = {"gpu": "b200", "name": "NVIDIA B200", "gpus": 1, "days": 5.3, "cost": 882.4, "currency": "USD"}
    after = {**before, "gpus": 2, "days": 2.7, "cost": 881.1}
    changes = [{"slot": "days", "old": None, "new": 3}]

    en = render_text("changes", "en", changes=changes, before=before, after=after)
    zh = render_text("changes", "zh", changes=changes, before=before, after={**after, "cost": 1058.0})

    assert "cost $882 → $881." in en and "0%" not in en
    assert "（+20%）" in zh


def test_a_plan_on_several_gpus_says_its_gpu_hours_beside_the_time(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    en = consultant.handle("en", BIG_PRETRAIN)
    zh = consultant.handle("zh", LORA_70B)

    for turn, unit in ((en, "GPU-hours"), (zh, "卡时")):
        top = _top(turn.payload)
        headline = turn.text.splitlines()[0]
        if top["gpus"] > 1:
            assert f"{top['gpu_hours']:,.0f} {unit}" in headline
        else:
            assert unit not in headline
    assert _top(en.payload)["gpus"] > 1


def test_a_short_job_says_how_much_of_its_time_is_setup_not_training(real: Consultant) -> None:
    en = real.handle("short-en", "LoRA fine-tune a 13B model on 50M tokens, no deadline")
    zh = real.handle("short-zh", "LoRA 微调 13B 模型，5000万 tokens，不急")
    for turn, words in ((en, "setup, evaluation and checkpoints"), (zh, "准备、评估和存检查点")):
        top = _top(turn.payload)
        fixed_days = top["days"] - top["training_days"]
        assert fixed_days > 0.1 * top["days"]  # an hour of setup on a job of a few hours
        headline = turn.text.splitlines()[0]
        assert words in headline
        assert fmt_duration(fixed_days, turn.lang) in headline


def test_a_long_job_does_not_mention_its_setup_hours_in_the_headline(
    consultant: Consultant, scripted: ScriptedParse
) -> None:
    headline = consultant.handle("long", BIG_PRETRAIN).text.splitlines()[0]
    assert "GPU-hours of training" in headline and "setup" not in headline
