"""Asking for the next required slot, once, in the form's order (Rasa `requested_slot`).

Re-asking the same slot counts re-prompts; after ESCALATE_TO_MODAL the question offers the /gpu
form (Dialogflow CX no-match-N escalation, reference/slack-and-nlu.md §4.3).
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.reply import QUICK_SLOTS, Reply
from bot.dialogue.state import missing

# Stating any of these starts a sizing form (the required slots: model, data, deadline).
WORKLOAD_SLOTS = ("params", "tokens", "data_bytes", "days")
ESCALATE_TO_MODAL = 2  # re-prompts before suggesting the /gpu form (Dialogflow CX no-match-N)


def ask_next(
    state: dict[str, Any],
    reply: Reply,
    *,
    said: bool,
    understood: dict[str, Any] | None = None,
    quiet: bool = False,
    invite: bool = True,
) -> dict[str, Any]:
    open_slots = missing(state)
    if not open_slots or (quiet and state.get("pending") is None):
        return state
    if invite and reply.parts and not_started(state):
        # A standalone question (a fact, a GPU, an FAQ) was answered before any sizing began:
        # end with one short invitation, not a slot question nobody asked for.
        reply.add("invite")
        return state
    slot = open_slots[0]
    repeat = state.get("pending") == slot and not said and not reply.parts
    count = state["reprompts"].get(slot, 0) + 1 if repeat else state["reprompts"].get(slot, 0)
    state["reprompts"][slot] = count
    fresh = not any(v is not None for v in state["slots"].values()) and not reply.parts
    reply.add(
        f"ask_{slot}",
        understood=understood or {},
        slots=state["slots"],
        reprompt=count,
        modal=count >= ESCALATE_TO_MODAL,
        intro=fresh and state.get("pending") is None,
        samples=state.get("samples"),
    )
    if slot in QUICK_SLOTS:
        reply.quick_choices(slot)
    state["pending"] = slot
    return state


def not_started(state: dict[str, Any]) -> bool:
    """No sizing form in progress: nothing asked, no workload stated, no plan yet (a method or GPU
    named in a question, "what is LoRA?", does not start one)."""
    no_values = all(state["slots"].get(name) is None for name in WORKLOAD_SLOTS)
    return no_values and state.get("pending") is None and state.get("last") is None
