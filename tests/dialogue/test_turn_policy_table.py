"""The turn policy is one ordered table (bot/dialogue/turn_steps.py), and the README shows that table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.dialogue import turn_steps
from bot.dialogue.consultant import Consultant
from bot.dialogue.turn_steps import STEPS, run_steps

ROOT = Path(__file__).resolve().parents[2]


def _architecture_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Architecture")
    return readme[start : readme.index("\n## ", start + 1)]


def test_the_readme_architecture_lists_the_turn_steps_in_the_order_they_run() -> None:
    section = _architecture_section()
    listed = section[section.index("The steps, in order:") :]
    named = re.findall(r"`(\w+)`", listed.split(". The module")[0])
    assert named == [step.__name__ for step in STEPS]


def test_every_step_says_what_it_answers() -> None:
    assert all(step.__doc__ and step.__doc__.strip() for step in STEPS)


def test_the_form_comes_last_so_every_message_gets_an_answer() -> None:
    assert STEPS[-1] is turn_steps.faq_or_form
    assert len({step.__name__ for step in STEPS}) == len(STEPS)


def test_the_first_step_that_answers_decides_the_turn_and_later_steps_never_run() -> None:
    ran: list[str] = []
    answered = object()

    def passes(ctx: object) -> None:
        ran.append("passes")

    def answers(ctx: object) -> object:
        ran.append("answers")
        return answered

    def never(ctx: object) -> object:
        ran.append("never")
        return object()

    assert run_steps(object(), (passes, answers, never)) is answered  # type: ignore[arg-type]
    assert ran == ["passes", "answers"]


def test_a_rewrite_step_changes_the_reading_that_later_steps_see(real: Consultant) -> None:
    # "再加 8 张卡" after a plan on 4 GPUs: the steps after the rewrite read a what-if on 12.
    first = real.handle("s", "full fine-tune a 7B model on 1B tokens in 5 days")
    before = first.payload["recommendation"]["options"][0]["gpus"]
    turn = real.handle("s", "what if we add 8 more of them?")
    assert turn.payload["recommendation"]["options"][0]["gpus"] == before + 8


@pytest.mark.parametrize("more", ["多加 16 张卡呢", "再加 16 張卡呢", "再加16张卡", "追加 16 块卡"])
def test_gpus_added_with_or_without_a_space_before_the_count_are_added_to_the_plans(
    real: Consultant, more: str
) -> None:
    real.handle("s", "用 16 张 H100 预训练 7B，2000亿 tokens，不急")
    turn = real.handle("s", more)
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 32
