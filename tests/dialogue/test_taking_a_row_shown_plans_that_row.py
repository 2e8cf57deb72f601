"""After "8 or 16 GPUs?" shows both counts on the plan's board, taking one ("16 then", "就 16 张吧", "16 A100s
then") plans that row: the same board, not the cheapest board of the family at that count. Two times that
read the same are not said to differ."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

JOB = "Full fine-tune a 7B on 2B tokens within 10 days, on A100s"


def _top(turn: object) -> dict:
    return turn.payload["recommendation"]["options"][0]  # type: ignore[attr-defined]


@pytest.mark.parametrize("take", ["16 then", "就 16 张吧", "16 A100s then", "go with 16 GPUs"])
def test_taking_the_sixteen_row_plans_sixteen_of_the_board_shown(real: Consultant, take: str) -> None:
    first = real.handle("r-" + take, JOB)
    board = _top(first)["gpu_name"]
    assert board == "NVIDIA A100 40GB (SXM4)"
    pair = real.handle("r-" + take, "8 or 16 GPUs?")
    assert f"16 × {board}" in pair.text
    taken = real.handle("r-" + take, take)
    assert (_top(taken)["gpus"], _top(taken)["gpu_name"]) == (16, board)


def test_the_offer_lasts_one_turn(real: Consultant) -> None:
    real.handle("r2", JOB)
    real.handle("r2", "8 or 16 GPUs?")
    real.handle("r2", "what is LoRA?")
    turn = real.handle("r2", "16 A100s then")
    # Not a taking of the row any more: the family's cheapest board at 16, as for any new count
    assert (_top(turn)["gpus"], _top(turn)["gpu_name"]) == (16, "NVIDIA A100 80GB (SXM4)")


def test_two_times_that_read_the_same_are_the_same_time(real: Consultant) -> None:
    real.handle("r3", JOB)
    pair = real.handle("r3", "8 or 16 GPUs?")
    assert "29 hours against 29 hours" not in pair.text
    # 16 A100 40GB are one a2-megagpu-16g instance (one node), so they finish in about half the time
    assert "the 16 GPUs plan finishes sooner (15 hours against 29 hours)" in pair.text
