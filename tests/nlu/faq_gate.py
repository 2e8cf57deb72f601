"""The labelled messages that reach the FAQ-confidence gate, with the FAQ's score and margin for each.

Positives: every FAQ entry's own questions and title, the labelled paraphrases of tests/knowledge, the
faq kind of tests/nlu/question_kinds.yaml and the faq list of faq_gate_messages.yaml. Negatives: the
plan list of faq_gate_messages.yaml. A message reaches the
gate when parsing it asks the FAQ how sure it is (bot/nlu/parser.faq_confidence).

`python -m tests.nlu.faq_gate` prints the messages closest to the gate's lines and the misses; the
constants in bot/nlu/intents.py were chosen from that report.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

import bot.nlu.parser as parser
from bot.nlu import parse
from bot.nlu.intents import faq_gate_slack

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = Path(__file__).with_name("faq_gate_messages.yaml")


@dataclass(frozen=True, slots=True)
class Gated:
    source: str
    text: str
    wants_faq: bool
    score: float
    margin: float
    sized: bool

    @property
    def slack(self) -> float:
        """Signed distance inside (>= 0) or outside the gate, on the side the label wants positive."""
        s = faq_gate_slack(self.score, self.margin, sized=self.sized)
        return s if self.wants_faq else -s - 1e-9

    @property
    def right(self) -> bool:
        return self.slack >= 0


@contextmanager
def _asked() -> Iterator[list[tuple[float, float]]]:
    calls: list[tuple[float, float]] = []
    original = parser.faq_confidence

    def recorded(text: str) -> tuple[float, float]:
        calls.append(original(text))
        return calls[-1]

    parser.faq_confidence = recorded
    try:
        yield calls
    finally:
        parser.faq_confidence = original


def _labelled() -> Iterator[tuple[str, str, bool]]:
    faq = yaml.safe_load((ROOT / "knowledge/data/faq.yaml").read_text(encoding="utf-8"))["faq"]
    for entry in faq:
        for lang in ("zh", "en"):
            for text in [*(entry.get("questions") or {}).get(lang, []), entry["title"][lang]]:
                yield "own " + entry["id"], text, True
    for path in sorted((ROOT / "tests/knowledge").glob("faq_queries*.yaml")):
        queries = yaml.safe_load(path.read_text(encoding="utf-8")).get("queries") or {}
        for entry_id, texts in queries.items():
            if entry_id.startswith("faq."):
                yield from ((f"{path.stem} {entry_id}", text, True) for text in texts)
    kinds = yaml.safe_load(Path(__file__).with_name("question_kinds.yaml").read_text(encoding="utf-8"))
    # The faq kind only: the other kinds are settled by rules before or after the gate, which their own
    # bar in test_question_kinds.py holds.
    yield from (("question_kinds faq", item["text"], True) for item in kinds["faq"])
    messages = yaml.safe_load(MESSAGES.read_text(encoding="utf-8"))
    yield from (("faq_gate_messages faq", text, True) for text in messages["faq"])
    yield from (("faq_gate_messages plan", text, False) for text in messages["plan"])


@functools.cache
def gated() -> tuple[Gated, ...]:
    """Every labelled message that reaches the gate, scored with the shipped FAQ."""
    found: list[Gated] = []
    with _asked() as calls:
        for source, text, wants_faq in _labelled():
            calls.clear()
            parsed = parse(text)
            if calls:
                score, margin = calls[-1]
                found.append(Gated(source, text, wants_faq, score, margin, parsed.slots.params is not None))
    return tuple(found)


def report(closest: int = 12) -> str:
    rows = gated()
    right = [g for g in rows if g.right]
    lines = [f"{len(right)} of {len(rows)} labelled messages at the gate are on their side"]
    lines += ["closest to a line:"]
    lines += [
        f"  {g.slack:+.3f} {g.score:.3f}/{g.margin:.3f} {g.text[:70]!r} ({g.source})"
        for g in sorted(right, key=lambda g: g.slack)[:closest]
    ]
    lines += ["on the wrong side:"]
    lines += [
        f"  {g.slack:+.3f} {g.score:.3f}/{g.margin:.3f} {'faq' if g.wants_faq else 'plan'} {g.text[:70]!r}"
        for g in sorted(rows, key=lambda g: g.slack)
        if not g.right
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
