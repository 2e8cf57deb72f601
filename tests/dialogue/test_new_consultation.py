"""A conversation that gets a complete new request starts a new consultation and says so in one
line; what-ifs and answers to the bot's questions keep the current one. A new conversation whose
first message does not show its script follows the surface's language hint."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from sizing.types import Budget

from .fakes import ScriptedParse

FIRST = "full fine-tune a 7B model on 1B tokens in 5 days on H100 under $5000"


def planned(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands(
        FIRST,
        params=7e9,
        tokens=1e9,
        method="full_finetune",
        days=5.0,
        gpu="h100",
        budget=Budget(5000.0, "USD"),
    )
    assert consultant.handle("s", FIRST).payload["recommendation"] is not None


def test_a_different_project_starts_a_new_plan_and_says_so(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    planned(consultant, nlu)
    text = "ok, another project now: pretrain a 1B model on 100B tokens within 2 weeks"
    nlu.understands(text, params=1e9, tokens=1e11, method="pretrain", days=14.0)
    turn = consultant.handle("s", text)
    assert turn.text.startswith("A new request, so a new plan")
    slots = turn.payload["slots"]
    assert (slots["params"], slots["tokens"], slots["days"], slots["method"]) == (1e9, 1e11, 14.0, "pretrain")
    assert slots["budget"] is None and slots["gpu"] is None  # nothing of the old project survives
    assert turn.payload["changes"] == []


def test_a_new_model_with_its_own_data_is_a_new_request_without_any_cue(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    planned(consultant, nlu)
    text = "训练一个13B模型，数据500GB，一个月"
    nlu.understands(text, params=13e9, data_bytes=5e11, days=30.0)
    turn = consultant.handle("s", text)
    assert turn.text.startswith("这是新的需求，重新估算")
    assert turn.payload["slots"]["gpu"] is None


def test_a_what_if_about_the_model_keeps_the_consultation(consultant: Consultant, nlu: ScriptedParse) -> None:
    planned(consultant, nlu)
    text = "what if it were a 13B model on 2B tokens?"
    nlu.understands(text, intent="whatif", params=13e9, tokens=2e9)
    turn = consultant.handle("s", text)
    assert "new plan" not in turn.text
    assert turn.payload["slots"]["gpu"] == "h100"
    assert {c["slot"] for c in turn.payload["changes"]} >= {"params"}


def test_answering_the_data_question_with_the_model_repeated_is_not_a_new_request(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA a 7B model", params=7e9, method="lora")
    consultant.handle("s", "LoRA a 7B model")
    nlu.understands("the 7B model has 2B tokens of data", params=7e9, tokens=2e9)
    turn = consultant.handle("s", "the 7B model has 2B tokens of data")
    assert "new plan" not in turn.text
    assert turn.payload["slots"]["method"] == "lora"


def test_an_ambiguous_first_message_follows_the_surface_language(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("7B", script="zh-Hans", params=7e9)
    turn = consultant.handle("new", "7B", lang_hint="zh-Hant")
    assert turn.lang == "zh-Hant"
    assert "參數" in turn.text or "資料" in turn.text
