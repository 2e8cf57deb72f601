"""A message is a question before it is a form: every kind in tests/nlu/question_kinds.yaml (zh-Hans,
zh-Hant, en) is recognised at or above its bar, and yes/no questions are flagged as such."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from bot.nlu import parse
from bot.nlu.intents import FAQ_GATE_SAFETY

from .faq_gate import MESSAGES, gated, report

CASES_FILE = Path(__file__).with_name("question_kinds.yaml")
# Share of each kind's questions that must get that kind; every kind is held to it separately so a
# rare kind cannot hide behind a common one.
PER_KIND_BAR = 0.9
YES_NO_BAR = 0.9


def _cases() -> list[tuple[str, str, bool | None]]:
    data = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    return [(kind, item["text"], item.get("yes_no")) for kind, items in data.items() for item in items]


CASES = _cases()


def test_the_labelled_set_is_large_and_covers_every_new_kind_in_three_scripts() -> None:
    kinds = Counter(kind for kind, _, _ in CASES)
    assert len(CASES) >= 150
    new = ("feasibility", "memory", "price", "provider_compare", "figure_check", "cheapest_gpu", "serve")
    assert all(kinds[k] >= 10 for k in new), kinds
    scripts = Counter(parse(text).script for _, text, _ in CASES)
    assert all(scripts[s] >= 30 for s in ("zh-Hans", "zh-Hant", "en")), scripts


@pytest.mark.parametrize("kind", sorted({kind for kind, _, _ in CASES}))
def test_each_kind_is_recognised_at_its_bar(kind: str) -> None:
    texts = [text for k, text, _ in CASES if k == kind]
    misses = [(text, got) for text in texts if (got := parse(text).intent) != kind]
    assert 1 - len(misses) / len(texts) >= PER_KIND_BAR, misses


def test_yes_no_questions_are_flagged_and_open_questions_are_not() -> None:
    labelled = [(text, want) for _, text, want in CASES if want is not None]
    misses = [text for text, want in labelled if parse(text).yes_no != want]
    assert 1 - len(misses) / len(labelled) >= YES_NO_BAR, misses
    open_questions = [
        text for kind, text, want in CASES if kind in ("memory", "price", "serve") and want is None
    ]
    assert not [text for text in open_questions if parse(text).yes_no]


def _gate_misses() -> set[str]:
    return set(yaml.safe_load(MESSAGES.read_text(encoding="utf-8"))["misses"])


def test_every_faq_entrys_own_questions_pass_the_faq_gate() -> None:
    own = [g for g in gated() if g.source.startswith("own ")]
    assert own and all(g.right for g in own), [g.text for g in own if not g.right]


def test_no_labelled_message_sits_within_the_safety_band_of_the_faq_gate() -> None:
    """A new FAQ entry shifts every score a little: a labelled message this close to a line of the gate
    (FAQ_CONFIDENT, FAQ_MARGIN, FAQ_SURE and the sized pair) would cross it with the next one."""
    close = [g.text for g in gated() if 0 <= g.slack < FAQ_GATE_SAFETY]
    assert not close, report()


def test_the_faq_gate_misses_only_the_listed_messages() -> None:
    new_misses = [g.text for g in gated() if not g.right and g.text not in _gate_misses()]
    assert not new_misses, report()
