"""Scenarios through the real parser and engine: a corrected GPU figure leaves the plan alone,
owned hardware gets no rental billing advice, what-ifs repeat pitfalls only when they change, and
spot savings are not advertised where spot capacity at that scale is unreliable."""

from __future__ import annotations

import pytest

from bot.consultant import Consultant, Turn
from bot.nlu import parse
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase
from sizing import plan

from .conftest import TODAY

B200_PLAN = "Full fine-tune a 70B model on 2B tokens on B200 in 14 days"


@pytest.fixture
def real(kb: KnowledgeBase) -> Consultant:
    return Consultant(
        kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, parse=parse, plan=plan, chart=None
    )


def say(consultant: Consultant, *texts: str) -> Turn:
    turn = None
    for text in texts:
        turn = consultant.handle("s", text)
    assert turn is not None
    return turn


def test_asking_about_a_160gb_h100_corrects_it_and_keeps_the_b200_plan(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?")
    assert "no 160 GB H100" in turn.text
    assert "What changed" not in turn.text
    assert "× NVIDIA H100" not in turn.text
    assert turn.payload["slots"]["gpu"] == "b200"
    assert turn.payload["recommendation"]["options"][0]["gpu"] == "b200"


def test_a_plan_after_the_correction_still_runs_on_b200(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?", "what if 20 days?")
    assert turn.payload["recommendation"]["options"][0]["gpu"] == "b200"


def test_switching_to_a_real_h100_after_the_correction_changes_the_plan(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?", "switch to H100 80GB")
    assert "What changed" in turn.text
    assert turn.payload["recommendation"]["options"][0]["gpu"].startswith("h100")


@pytest.mark.parametrize("switch", ["换成H100 160GB", "switch to the H100 with 160GB"])
def test_a_switch_that_also_misquotes_memory_corrects_it_and_switches(real: Consultant, switch: str) -> None:
    turn = say(real, B200_PLAN, switch)
    assert "160" in turn.text.split("\n")[0]
    assert turn.payload["slots"]["gpu"].startswith("h100")
