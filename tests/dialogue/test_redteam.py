"""The red-team conversations (dialogues_redteam.yaml) through the real parser, engine and knowledge,
judged the way ../shared/checks/dialogue judges a conversation: final slots, no recommendation before
the expected turn, FAQ ids with the slots kept, fired pitfalls, the deadline met, and more GPUs (or
another GPU) after a shorter deadline that the earlier plan missed."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase

from .conftest import TODAY

DIALOGUES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "dialogues_redteam.yaml").read_text(encoding="utf-8")
)
# Relative tolerances of the contract check: numbers said in words round differently.
TOLERANCE = {"params": 0.025, "tokens": 0.025, "days": 0.025, "data_bytes": 0.11}


def _close(got: Any, want: float, tolerance: float) -> bool:
    return isinstance(got, int | float) and math.isclose(float(got), want, rel_tol=tolerance)


def _same(slot: str, got: Any, want: Any) -> bool:
    if slot in TOLERANCE:
        return _close(got, float(want), TOLERANCE[slot])
    if slot == "gpu" and isinstance(got, str):
        return got == want or got.startswith(f"{want}-")
    if isinstance(want, dict) and isinstance(got, dict):
        return all(_same(k, got.get(k), v) for k, v in want.items())
    if isinstance(want, int | float) and isinstance(got, int | float):
        return math.isclose(float(got), float(want), rel_tol=1e-6)
    return bool(got == want)


def problems(dialogue: dict[str, Any], replies: list[dict[str, Any]]) -> list[str]:
    """What a user would call wrong in this conversation; empty when it ended right."""
    why: list[str] = []
    last = replies[-1]
    slots = last["slots"]
    why += [f"{k}={slots.get(k)!r}" for k, v in dialogue["final"].items() if not _same(k, slots.get(k), v)]
    why += [
        f"{k} survived a reset" for k, v in (dialogue.get("not_final") or {}).items() if slots.get(k) == v
    ]
    at = dialogue.get("expect_recommendation_at")
    if at is not None:
        early = [n for n, r in enumerate(replies[:at]) if r["recommendation"]]
        why += [f"recommended at turn {early[0]}, before all slots"] if early else []
        why += [] if replies[at]["recommendation"] else [f"no recommendation at turn {at}"]
    for turn, entry in (dialogue.get("faq_at") or {}).items():
        reply = replies[int(turn)]
        why += [] if entry in reply["faq"] else [f"turn {turn} faq={reply['faq']}"]
        kept = _close(reply["slots"].get("params"), dialogue["final"]["params"], TOLERANCE["params"])
        why += [] if kept else [f"turn {turn} lost the slots"]
    for turn, pitfall in (dialogue.get("pitfalls_at") or {}).items():
        fired = replies[int(turn)]["pitfalls"]
        why += [] if pitfall in fired else [f"turn {turn} pitfalls={fired}"]
    rec = last["recommendation"]
    if not rec or not rec.get("options"):
        return [*why, "no final recommendation"]
    top = rec["options"][0]
    if slots.get("days") and float(top["days"]) > float(slots["days"]) * 1.001:
        why.append(f"top option takes {top['days']:.1f} days for a {slots['days']}-day deadline")
    before_turn = dialogue.get("more_gpus_than_turn")
    if before_turn is not None:
        before = replies[before_turn]["recommendation"]["options"][0]
        # A shorter deadline needs more (or other) GPUs, unless the plan already finished inside it.
        kept = before["gpu"] == top["gpu"] and not top["gpus"] > before["gpus"]
        if kept and not float(before["days"]) <= float(slots["days"]) * 1.001:
            why.append(f"shorter deadline kept {before['gpus']} -> {top['gpus']} x {top['gpu']}")
    return why


def converse(kb: KnowledgeBase, turns: list[str]) -> list[dict[str, Any]]:
    consultant = Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)
    return [consultant.handle("red-team", text).payload for text in turns]


@pytest.mark.parametrize("dialogue", DIALOGUES, ids=[d["id"] for d in DIALOGUES])
def test_red_team_conversation_ends_right(kb: KnowledgeBase, dialogue: dict[str, Any]) -> None:
    replies = converse(kb, dialogue["turns"])

    assert problems(dialogue, replies) == []


def test_the_red_team_set_covers_every_script_and_repair() -> None:
    ids = " ".join(d["id"] for d in DIALOGUES)

    assert len(DIALOGUES) >= 40
    assert all(f"-{script}-" in ids for script in ("hans", "hant", "en"))
    assert all(any(key in d for d in DIALOGUES) for key in ("faq_at", "pitfalls_at", "more_gpus_than_turn"))
    assert any("not_final" in d for d in DIALOGUES)
