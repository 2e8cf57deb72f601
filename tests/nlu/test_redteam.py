"""The red-team set (tests/nlu/cases_redteam.yaml): Duckling-corpus numerals, durations and amounts
in budget, timeline and parameter contexts, zh-Hans / zh-Hant / en / mixed."""

from __future__ import annotations

from tests.nlu.redteam import load_cases, score


def test_the_red_team_set_has_at_least_150_requests_in_every_script() -> None:
    texts = [c["text"] for c in load_cases()]
    assert len(texts) >= 150
    assert any("們" in t or "億" in t or "週" in t for t in texts)  # traditional Chinese present


def test_slot_f1_on_the_red_team_set_is_at_least_0_97() -> None:
    result = score(load_cases())
    assert result.f1 >= 0.97, "\n".join(result.misses)
