"""Asking for the next required slot, once, in the form's order (Rasa `requested_slot`).

Re-asking the same slot counts re-prompts; after ESCALATE_TO_MODAL the question offers the /gpu
form (Dialogflow CX no-match-N escalation, reference/slack-and-nlu.md §4.3).
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.reply import QUICK_SLOTS, Reply
from bot.dialogue.state import DialogueState, missing

# Stating any of these starts a sizing form (the required slots: model, data, deadline).
WORKLOAD_SLOTS = ("params", "tokens", "data_bytes", "days")
# FAQ entries about serving a model: the invitation after one asks what serving needs, not training's.
SERVING_FAQ = (
    "faq.serving_basics", "faq.serving_engine_install", "faq.serving_engine_oom",
    "faq.serving_engine_settings", "faq.paged_attention", "faq.vllm_vs_sglang", "faq.moe_parallel_serving",
    "faq.serving_autoscaling", "faq.serving_load_balancing", "faq.serving_cold_start",
    "faq.serving_quantization",
)  # fmt: skip
# FAQ answers with no invitation to plan a whole training job after them: those that end by asking for what
# they need themselves ("说出模型大小和训练方法…"), and the fixes for an error a run hit (NCCL timeouts, an
# illegal memory access, a NaN loss, a serving engine's OOM), where the fix is the answer and
# a request for data and a deadline reads as not having listened.
NO_INVITE_FAQ = (
    "faq.training_oom", "faq.nccl_errors", "faq.cuda_illegal_memory_access", "faq.loss_nan",
    "faq.serving_engine_oom",
)  # fmt: skip
ESCALATE_TO_MODAL = 2  # re-prompts before suggesting the /gpu form (Dialogflow CX no-match-N)


def ask_next(
    state: DialogueState,
    reply: Reply,
    *,
    said: bool,
    understood: dict[str, Any] | None = None,
    quiet: bool = False,
    invite: bool = True,
) -> DialogueState:
    open_slots = missing(state)
    if not open_slots or (quiet and state.pending is None):
        return state
    if invite and reply.kinds and not_started(state):
        # A standalone question (a fact, a GPU, an FAQ) was answered before any sizing began:
        # end with one short invitation, not a slot question nobody asked for.
        if not (reply.faq and reply.faq[0] in NO_INVITE_FAQ):
            reply.add("invite", serving=any(i in SERVING_FAQ for i in reply.faq))
        return state
    slot = open_slots[0]
    repeat = state.pending == slot and not said and not reply.kinds
    count = state.reprompts.get(slot, 0) + 1 if repeat else state.reprompts.get(slot, 0)
    state.reprompts[slot] = count
    fresh = not any(v is not None for v in state.slots.values()) and not reply.kinds
    reply.add(
        f"ask_{slot}",
        understood=understood or {},
        slots=state.slots,
        reprompt=count,
        modal=count >= ESCALATE_TO_MODAL,
        intro=fresh and state.pending is None,
        samples=state.samples,
        parts=state.sample_parts,
    )
    if slot in QUICK_SLOTS:
        reply.quick_choices(slot)
    state.pending = slot
    return state


def not_started(state: DialogueState) -> bool:
    """No sizing form in progress: nothing asked, no workload stated, no plan yet (a method or GPU
    named in a question, "what is LoRA?", does not start one)."""
    no_values = all(state.slots.get(name) is None for name in WORKLOAD_SLOTS)
    return no_values and state.pending is None and state.last is None
