"""The consultant remembers engine results per request, so repeats cost no re-planning."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from bot.dialogue.consultant import Consultant
from bot.dialogue.memo import MemoPlanner
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase
from sizing import plan
from sizing.types import Catalog, SizingRequest

from .conftest import TODAY
from .fakes import ScriptedParse


class CountingPlanner:
    def __init__(self) -> None:
        self.calls: list[SizingRequest] = []

    def __call__(self, request: SizingRequest, catalog: Catalog) -> Any:
        self.calls.append(request)
        return plan(request, catalog)


def test_explain_and_a_what_if_back_reuse_the_earlier_plans(kb: KnowledgeBase, nlu: ScriptedParse) -> None:
    engine = CountingPlanner()
    consultant = Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, parse=nlu, plan=engine)
    nlu.understands("Pretrain 1B on 20B tokens in 14 days", params=1e9, tokens=2e10, days=14.0)
    nlu.understands("what if 7 days?", intent="whatif", days=7.0)
    nlu.understands("what if 14 days?", intent="whatif", days=14.0)
    nlu.understands("explain", intent="explain")

    for text in ("Pretrain 1B on 20B tokens in 14 days", "what if 7 days?", "what if 14 days?", "explain"):
        consultant.handle("s", text)

    assert len(engine.calls) == 2
    assert {r.days for r in engine.calls} == {14.0, 7.0}


def test_the_memo_forgets_the_least_recently_used_request_first(kb: KnowledgeBase) -> None:
    engine = CountingPlanner()
    memo = MemoPlanner(engine, size=2)
    a, b, c = (SizingRequest(params=p, tokens=2e10, days=14.0) for p in (1e9, 2e9, 3e9))

    for request in (a, b, a, c, a, b):
        memo(request, kb.catalog)

    assert [r.params for r in engine.calls] == [1e9, 2e9, 3e9, 2e9]


def test_another_catalog_is_planned_afresh(kb: KnowledgeBase) -> None:
    engine = CountingPlanner()
    memo = MemoPlanner(engine)
    request = SizingRequest(params=1e9, tokens=2e10, days=14.0)
    pricier = dataclasses.replace(kb.catalog, usd_to_cny=kb.catalog.usd_to_cny * 2)

    first = memo(request, kb.catalog)
    again = memo(request, kb.catalog)
    other = memo(request, pricier)

    assert again is first and other is not first
    assert len(engine.calls) == 2


def test_every_caller_gets_the_remembered_plan_as_a_dict_of_its_own(kb: KnowledgeBase) -> None:
    engine = CountingPlanner()
    memo = MemoPlanner(engine)
    request = SizingRequest(params=1e9, tokens=2e10, days=14.0)

    first = memo.as_dict(request, kb.catalog)
    first["options"][0]["provider"] = "changed by the first caller"
    first["options"].append({})
    again = memo.as_dict(request, kb.catalog)

    assert again == plan(request, kb.catalog).to_dict()
    assert again is not first and again["options"][0] is not first["options"][0]
    assert len(engine.calls) == 1


# Conversations whose turns reorder the remembered options ("as fast as possible", "cheapest please")
# and add to them (the China options' provider names, in the reply's language).
CONVERSATIONS = (
    (
        "Pretrain a 350M model on 10B tokens, no deadline, cheapest please",
        "explain",
        "as fast as possible",
        "explain",
    ),
    ("我们在国内，想用LoRA微调一个7B模型，数据2GB，5天内完成", "越快越好", "计算过程", "如果用8张A100呢？"),
    (
        "We are in China: LoRA fine-tune a 7B model on 2GB of data within 5 days",
        "as fast as possible",
        "explain",
    ),
)


def _replies(consultant: Consultant, session: str, texts: tuple[str, ...]) -> list[str]:
    # Serialised at once: a later turn that changed a shared plan would not change these.
    return [
        json.dumps([t.text, t.blocks, t.payload], ensure_ascii=False, sort_keys=True, default=str)
        for t in (consultant.handle(session, text) for text in texts)
    ]


def test_a_conversation_says_the_same_after_others_reused_and_reordered_its_plans(kb: KnowledgeBase) -> None:
    shared = Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)
    for round_ in range(2):
        for n, texts in enumerate(CONVERSATIONS):
            alone = Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)
            assert _replies(shared, f"{round_}-{n}", texts) == _replies(alone, "s", texts)
