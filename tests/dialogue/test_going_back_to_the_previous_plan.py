""" "Go back to the previous plan" / "撤销" restores the conversation as it stood before the last change,
said as a change; saying it again returns; with no earlier plan the reply says so."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu import parse


def test_going_back_restores_the_plan_before_a_what_if_and_again_returns(real: Consultant) -> None:
    real.handle("u1", "Train 13B from scratch on 260B tokens, no deadline")
    first = real.handle("u1", "what if we use A100s?").text
    assert "A100" in first.split("*Recommended:*")[1].splitlines()[0]
    back = real.handle("u1", "go back to the previous plan").text
    assert back.startswith("*Back to the plan before the last change.*")
    assert "A100 → any GPU" in back and "B200" in back.split("*Recommended:*")[1].splitlines()[0]
    again = real.handle("u1", "undo").text
    assert "A100" in again.split("*Recommended:*")[1].splitlines()[0]


def test_undoing_a_budget_in_chinese_takes_the_budget_back(real: Consultant) -> None:
    real.handle("u2", "预训练 7B，数据 100B token，两周")
    real.handle("u2", "预算改成 5 万美元")
    text = real.handle("u2", "撤销").text
    assert text.startswith("*已回到上一次改动之前的方案。*") and "预算 $50,000 → 不限预算" in text
    assert "预算 $50,000" not in text.split("*理解的需求*")[1].splitlines()[0]


def test_with_no_earlier_plan_undo_says_so(real: Consultant) -> None:
    assert "no earlier plan" in real.handle("u3", "undo").text


def test_undo_words_with_a_value_are_a_correction_not_an_undo() -> None:
    assert parse("回到上一个方案").intent == "undo"
    assert parse("go back to 7B").intent != "undo"
    assert parse("revert to the H100").intent != "undo"


def test_undoing_data_said_in_the_other_unit_is_one_change_back_to_the_unit_before(real: Consultant) -> None:
    for session, turns, line in (
        (
            "u9",
            ("pretrain 7B on 300GB, 30 days", "I meant tokens, not GB", "undo"),
            "300B tokens → 300 GB of data:",
        ),
        (
            "u10",
            ("预训练 7B，数据 2TB，30 天", "不对，是 2T tokens 不是 2TB", "撤销"),
            "2万亿 tokens → 数据 2 TB：",
        ),
    ):
        text = ""
        for said in turns:
            text = real.handle(session, said).text
        assert line in text and "not set" not in text and "未设置" not in text, turns
