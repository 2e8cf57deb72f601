"""Slot precision/recall on tests/nlu/cases_redteam.yaml, scored like shared/checks/nlu (relative
tolerances per slot, budget period must match) but stricter: a budget, GPU or sequence length
that the case does not expect also counts as a false positive.

Run `python -m tests.nlu.redteam` for the score and the misses.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.nlu import parse

CASES = Path(__file__).with_name("cases_redteam.yaml")
TOLERANCE = {"params": 0.025, "tokens": 0.025, "days": 0.025, "data_bytes": 0.11}
SCORED = ("params", "tokens", "data_bytes", "precision", "method", "days", "budget", "gpu", "gpu_count")


@dataclass
class Score:
    true_pos: int = 0
    false_pos: int = 0
    false_neg: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def f1(self) -> float:
        precision = self.true_pos / max(self.true_pos + self.false_pos, 1)
        recall = self.true_pos / max(self.true_pos + self.false_neg, 1)
        return 2 * precision * recall / max(precision + recall, 1e-9)


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = yaml.safe_load(CASES.read_text(encoding="utf-8"))
    return cases


def _close(got: float, want: float, tolerance: float) -> bool:
    return abs(got - want) <= tolerance * abs(want)


def _matches(slot: str, got: Any, want: Any) -> bool:
    if got is None:
        return False
    if slot in TOLERANCE:
        return isinstance(got, int | float) and _close(float(got), float(want), TOLERANCE[slot])
    if slot == "budget":
        return (
            _close(float(got["amount"]), float(want["amount"]), 0.01)
            and got["currency"] == want["currency"]
            and got["period"] == want.get("period", "total")
        )
    if slot == "gpu":
        return isinstance(got, str) and got.startswith(str(want))
    return bool(got == want)


def score(cases: list[dict[str, Any]]) -> Score:
    result = Score()
    for case in cases:
        today = case.get("today")
        when = dt.date.fromisoformat(str(today)) if today else None
        got = parse(case["text"], today=when).slots.to_json()
        want: dict[str, Any] = case["expect"]
        for slot in SCORED:
            if slot in want:
                if _matches(slot, got.get(slot), want[slot]):
                    result.true_pos += 1
                else:
                    result.false_neg += 1
                    result.misses.append(f"{case['text']!r}: {slot}={got.get(slot)!r} want {want[slot]!r}")
            elif got.get(slot) is not None:
                result.false_pos += 1
                result.misses.append(f"{case['text']!r}: +{slot}={got.get(slot)!r}")
    return result


if __name__ == "__main__":
    s = score(load_cases())
    print("\n".join(s.misses))
    print(f"F1 {s.f1:.3f}  TP {s.true_pos} FP {s.false_pos} FN {s.false_neg}  ({len(load_cases())} cases)")
