""" "What does the LoRA rank change here?" after a plan asks about the setting (the FAQ answers it), not for a
change of the plan; "change it to 13B" and "and with QLoRA?" still change it."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

PLAN = "LoRA fine-tune Mistral 7B on 40k samples of 1.2k tokens, 2 epochs, 3 days"


def test_what_the_lora_rank_changes_gets_the_rank_answer(real: Consultant) -> None:
    real.handle("r1", PLAN)
    turn = real.handle("r1", "and what does the LoRA rank change here?")
    assert turn.text.startswith("*What LoRA rank (r) should I use")
    assert turn.payload["faq"][0] == "faq.lora_rank"


def test_a_change_asked_for_still_changes_the_plan(real: Consultant) -> None:
    real.handle("r2", PLAN)
    turn = real.handle("r2", "can you change the model to 13B?")
    assert turn.payload["slots"]["params"] == 13e9
    assert turn.payload["changes"]
    other = real.handle("r2", "and with QLoRA?")
    assert other.payload["slots"]["method"] == "qlora"
