"""The start-up warm-up (bot.bootstrap.warm_up) answers throwaway messages and keeps nothing."""

from __future__ import annotations

from bot.bootstrap import WARM_UP_MESSAGES, warm_up
from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import load_knowledge


def test_the_warm_up_writes_nothing_into_the_served_store_and_the_first_user_is_answered_as_usual() -> None:
    store = MemoryStore(session_ttl_s=3600)
    consultant = Consultant(load_knowledge(), store)

    warm_up(consultant)
    turn = consultant.handle("T1:C1:1700000000.1", "pretrain a 7B model on 1TB of text, bf16, in a month")

    assert all(not store.exists(f"warm-up:{n}") for n in range(len(WARM_UP_MESSAGES)))
    assert store.get("home:warm-up") is None
    assert turn.payload["recommendation"] is not None
