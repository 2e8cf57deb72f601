"""GPU names typed with look-alike letters for digits ("h10o", "A1OO", "4o90") are read as the catalogue's
GPU, and the understood line says how it was read; names the catalogue knows as written, and words too
short to tell ("h2o", "gpt-4o"), are left alone."""

from __future__ import annotations

import datetime as dt

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

TODAY = dt.date(2026, 12, 2)


def _understood(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(("*Understood:*", "*理解的需求*")))


def test_a_gpu_typed_with_letter_o_for_zero_is_planned_on_that_gpu(real: Consultant) -> None:
    turn = real.handle("t1", "pretrain 1B on 20B tokens on A1OO in 10 days")
    assert "A100" in turn.text.split("\n")[0]
    assert _understood(turn.text).endswith("10 days (GPU read as a1oo → A100).")


def test_a_typo_in_a_what_if_moves_the_plan_to_that_gpu(real: Consultant) -> None:
    real.handle("t2", "pretrain 1B on 20B tokens in 10 days")
    turn = real.handle("t2", "use h10o")
    assert turn.text.startswith("*What changed*: now H100:")
    assert "(GPU read as h10o → H100)" in _understood(turn.text)
    later = real.handle("t2", "what if 5 days?")
    assert "read as" not in _understood(later.text)


def test_the_reading_is_said_in_chinese_too(real: Consultant) -> None:
    turn = real.handle("t3", "预训练 1B，200 亿 tokens，用 4o90，十天")
    assert "（GPU 型号按 4o90 → 4090 理解）" in _understood(turn.text)
    assert turn.payload["slots"]["gpu"] == "rtx4090"


def test_names_known_as_written_and_short_words_are_not_read_as_typos() -> None:
    assert parse("use l40s", TODAY).gpu_typos == ()
    assert parse("fine-tune gpt-4o style model on h2o data", TODAY).gpu_typos == ()
    assert parse("3 epochs, 100 steps", TODAY).gpu_typos == ()
    assert parse("rtx 3o9o or b2oo?", TODAY).gpus_mentioned == ("rtx3090", "b200")
