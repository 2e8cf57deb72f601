"""Repairs at any time (CALM patterns): corrections, what-ifs, digressions, reset, ask-backs."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.types import Ask

from .fakes import ScriptedParse


def _plan_a_1b_run(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands(
        "Pretrain 1B params on 20B tokens, bf16, 2 weeks",
        params=1e9,
        tokens=2e10,
        precision="bf16",
        days=14.0,
    )
    consultant.handle("s", "Pretrain 1B params on 20B tokens, bf16, 2 weeks")


def test_a_shorter_deadline_gives_more_gpus_and_says_what_changed(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("Pretrain 7B on 300B tokens in 30 days", params=7e9, tokens=3e11, days=30.0)
    nlu.understands("what if we only have 10 days?", intent="whatif", days=10.0)

    before = consultant.handle("s", "Pretrain 7B on 300B tokens in 30 days")
    after = consultant.handle("s", "what if we only have 10 days?")

    old, new = before.payload["recommendation"]["options"][0], after.payload["recommendation"]["options"][0]
    assert new["days"] <= 10.0
    if old["gpu"] == new["gpu"]:
        assert new["gpus"] > old["gpus"]
    assert after.payload["slots"]["days"] == 10.0
    assert "What changed" in after.text and "30 days → 10 days" in after.text
    assert after.payload["changes"] == [{"slot": "days", "old": 30.0, "new": 10.0}]


def test_a_correction_after_the_recommendation_recomputes_with_the_new_value(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    _plan_a_1b_run(consultant, nlu)
    nlu.understands("actually it's 3B", intent="correction", params=3e9)

    turn = consultant.handle("s", "actually it's 3B")

    assert turn.payload["slots"]["params"] == 3e9
    assert turn.payload["recommendation"]["workload"]["params"] == 3e9
    assert "1B parameters → 3B parameters" in turn.text


def test_an_faq_question_midway_is_answered_and_the_pending_question_asked_again(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA微调一个70亿参数模型", params=7e9, method="lora")
    nlu.understands("按量付费和包年包月怎么选？", intent="faq")

    consultant.handle("s", "LoRA微调一个70亿参数模型")
    turn = consultant.handle("s", "按量付费和包年包月怎么选？")

    assert turn.payload["faq"][0] == "faq.cost_control"
    assert turn.payload["slots"]["params"] == 7e9 and turn.payload["slots"]["method"] == "lora"
    assert "包年包月" in turn.text
    assert turn.text.rstrip().endswith("`200亿 tokens`。")  # the data question again, last


def test_reset_forgets_every_slot(consultant: Consultant, nlu: ScriptedParse) -> None:
    _plan_a_1b_run(consultant, nlu)
    nlu.understands("start over", intent="reset")

    turn = consultant.handle("s", "start over")

    assert all(v is None for v in turn.payload["slots"].values())
    assert turn.payload["recommendation"] is None
    assert "Starting over" in turn.text


def test_an_implausible_value_is_asked_back_and_never_used(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands(
        "70T parameters, 1TB",
        data_bytes=1e12,
        asks=(Ask(slot="params", reason="out_of_range", value=7e13, text="70T"),),
    )
    nlu.understands(
        "训练 70B，数据 70B",
        script="zh-Hans",
        params=7e10,
        asks=(Ask(slot="tokens", reason="ambiguous_unit", value=7e10, text="70B"),),
    )

    en = consultant.handle("en", "70T parameters, 1TB")
    zh = consultant.handle("zh", "训练 70B，数据 70B")

    assert en.payload["slots"]["params"] is None and en.payload["recommendation"] is None
    assert "implausible" in en.text and "70T" in en.text
    assert "参数" in zh.text and "tokens" in zh.text and "70B" in zh.text
    assert zh.payload["slots"]["tokens"] is None


def test_a_value_the_parser_let_through_but_out_of_range_is_asked_back(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("1e308 parameters", params=1e308)

    turn = consultant.handle("s", "1e308 parameters")

    assert turn.payload["slots"]["params"] is None
    assert turn.payload["asks"][0]["slot"] == "params"
