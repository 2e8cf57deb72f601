""" "Sorry, 7B, and 200B tokens" after a plan sets the job right (the deadline and the rest stay), not a new
request that asks for the deadline again; "sorry, what does LoRA mean?" is still a question."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_sorry_with_two_values_changes_the_job_held(real: Consultant) -> None:
    real.handle("a1", "Pretrain 3B on 100B tokens in a month")
    turn = real.handle("a1", "sorry, 7B, and 200B tokens")
    assert turn.text.startswith("*What changed*: 3B parameters → 7B parameters; 100B tokens → 200B tokens")
    assert turn.payload["slots"]["days"] == 30
    assert "new request" not in turn.text


def test_an_apology_in_chinese_changes_the_job_held(real: Consultant) -> None:
    real.handle("a2", "LoRA 微调 7B，数据 5 万条每条 1000 token，一周内")
    turn = real.handle("a2", "不好意思，13B")
    assert turn.text.startswith("*变化*：70亿参数 → 130亿参数")
    assert turn.payload["slots"]["days"] == 7


def test_an_apology_before_a_question_is_still_the_question(real: Consultant) -> None:
    real.handle("a3", "Pretrain 3B on 100B tokens in a month")
    turn = real.handle("a3", "sorry, what does LoRA mean?")
    assert "What changed" not in turn.text
    assert turn.payload["slots"]["params"] == 3e9 and turn.payload["slots"]["method"] == "pretrain"
