"""Right after a question answered from the notes ("什麼是 LoRA？"), "那 QLoRA 呢？" / "and QLoRA?" asks the
same about QLoRA: the QLoRA answer, the plan unchanged. After a plan, "and QLoRA?" is still a what-if."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

JOB = "LoRA 微調 Llama 3 8B，資料 3 萬筆，每筆 2000 token，3 個 epoch，五天內"


def test_and_qlora_after_what_is_lora_is_the_qlora_answer(real: Consultant) -> None:
    real.handle("q1", JOB)
    real.handle("q1", "什麼是 LoRA？")
    turn = real.handle("q1", "那 QLoRA 呢？")
    assert turn.text.startswith("*QLoRA 是什麼？能省多少顯存？*")
    assert turn.payload["changes"] == [] and turn.payload["slots"]["method"] == "lora"
    taken = real.handle("q1", "好，那就用 QLoRA")
    assert taken.payload["changes"] == [{"slot": "method", "old": "lora", "new": "qlora"}]


def test_the_english_follow_up_reads_the_same_way(real: Consultant) -> None:
    real.handle("q2", "what is bf16?")
    turn = real.handle("q2", "what about fp8?")
    assert "faq.fp8" in turn.payload["faq"]


def test_and_qlora_after_a_plan_is_still_a_what_if(real: Consultant) -> None:
    real.handle("q3", "LoRA fine-tune a 13B on 100M tokens within a week")
    turn = real.handle("q3", "and QLoRA?")
    assert turn.text.startswith("*What changed*: LoRA fine-tuning → QLoRA fine-tuning")
