"""A question the parser calls an FAQ but knowledge retrieval calls a sizing or datasheet question is
answered by the engine or the catalogue, with the best FAQ hit named only as related reading."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse


def test_a_sizing_question_worded_as_a_question_fills_the_form_instead_of_quoting_the_faq(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("训练7B模型需要几张A100？", intent="faq", params=7e9)

    turn = consultant.handle("s", "训练7B模型需要几张A100？")

    assert turn.payload["slots"]["params"] == 7e9 and turn.payload["pending"] == "data"
    assert "相关问题" in turn.text and len(turn.payload["faq"]) == 1
    assert "单卡和多卡" not in turn.text.split("相关问题")[0]


def test_a_datasheet_question_is_answered_from_the_catalogue(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("How much memory does an L40S have?", intent="faq", gpus=("l40s",))

    turn = consultant.handle("s", "How much memory does an L40S have?")

    assert "L40S" in turn.text and "48 GB" in turn.text
    assert turn.payload["slots"]["gpu"] is None and "Related:" in turn.text


def test_a_real_faq_question_is_still_answered_in_full(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("按量付费和包年包月怎么选？", intent="faq")

    turn = consultant.handle("s", "按量付费和包年包月怎么选？")

    assert turn.payload["faq"][0] == "faq.cost_control" and "相关问题" not in turn.text
