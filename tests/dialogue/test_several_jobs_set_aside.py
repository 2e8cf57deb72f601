"""Two new requests in one conversation keep both earlier jobs: "back to the first one" reaches the
first, "back to the other one" (or "回到刚才那个") the one just set aside, and a tip read once in the
conversation is not shown again under the next job."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

FIRST = "LoRA fine-tune a 7B model on 1B tokens in 3 days"
SECOND = "different project: pretrain a 1B model on 20B tokens in 2 weeks"
THIRD = "another one: QLoRA a 70B model on 100M tokens, no deadline"


def _three_jobs(real: Consultant, session: str) -> None:
    for text in (FIRST, SECOND, THIRD):
        real.handle(session, text)


def test_back_to_the_first_one_after_two_new_requests_is_the_first_job(real: Consultant) -> None:
    _three_jobs(real, "j1")
    turn = real.handle("j1", "go back to the first one")
    assert turn.text.startswith("Back to the earlier request (the 7B LoRA fine-tuning)")
    slots = turn.payload["slots"]
    assert (slots["params"], slots["method"], slots["days"]) == (7e9, "lora", 3.0)


def test_the_other_one_after_that_is_the_job_just_set_aside(real: Consultant) -> None:
    _three_jobs(real, "j2")
    real.handle("j2", "go back to the first one")
    turn = real.handle("j2", "back to the other one")
    assert (turn.payload["slots"]["params"], turn.payload["slots"]["method"]) == (7e10, "qlora")


def test_the_second_new_request_names_both_ways_back(real: Consultant) -> None:
    real.handle("j3", FIRST)
    real.handle("j3", SECOND)
    turn = real.handle("j3", THIRD)
    assert '"back to the other one" to return to it, or "back to the first one"' in turn.text


def test_just_now_in_chinese_returns_to_the_job_just_set_aside_and_keeps_the_first(real: Consultant) -> None:
    for text in (
        "LoRA微调7B，数据10亿 tokens，三天",
        "换个项目：预训练1B模型，200亿 tokens，两周",
        "另一个任务：QLoRA 70B，1亿 tokens，不急",
    ):
        real.handle("j4", text)
    back = real.handle("j4", "回到刚才那个")
    assert back.text.startswith("回到之前的需求（10亿参数的预训练）")
    first = real.handle("j4", "回到第一个")
    assert first.payload["slots"]["params"] == 7e9 and first.payload["slots"]["method"] == "lora"


def test_a_tip_read_under_the_first_job_is_not_repeated_under_the_next(real: Consultant) -> None:
    tip = "💡 *How do I keep GPU rental costs down?"
    assert tip in real.handle("j5", FIRST).text
    assert tip not in real.handle("j5", SECOND).text
