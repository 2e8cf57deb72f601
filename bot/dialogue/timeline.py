"""Answers about time and data in their natural forms, applied to the conversation's slots.

The NLU reads them (Parse.no_deadline, .asap, .deadline_date, slots.samples/.tokens_per_sample);
this module decides what they change: "no deadline" in any form plans a sensible cluster (the
timeline counts as answered), "ASAP" plans the fastest option within the budget, a calendar
deadline keeps its date to show beside its days, and a sample count waits for its length per
sample ("50k conversations" ... "each is about 1k tokens") before it becomes tokens.
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.state import DialogueState, SlotChange
from bot.dialogue.understand import Understood
from sizing.workload import DEFAULT_SEQ_LEN


def timeline(state: DialogueState, u: Understood) -> list[SlotChange]:
    """Apply a deadline, "no deadline" or "ASAP"; the change to report when a plan exists."""
    slots = state.slots
    if u.kind == "cheapest_gpu":
        state.cheapest, state.asap = True, False  # "…, cheapest please": the lowest total cost first
    if u.said.get("days") is not None:
        state.asap = False
        state.deadline_date = u.deadline_date
        state.sprints = u.sprints
        return []
    if not (u.no_deadline or u.asap):
        if slots.get("days") is None and open_timeline(u):
            if "days" not in state.skipped:
                state.skipped.append("days")
            if state.pending == "days":
                state.pending = None
        return []
    old = slots.get("days")
    was_asap = state.asap
    slots["days"] = None
    state.deadline_date = None
    state.sprints = None
    state.asap = bool(u.asap)
    state.cheapest = state.cheapest and not u.asap
    if "days" not in state.skipped:
        state.skipped.append("days")
    if state.pending == "days":
        state.pending = None
    if old is None and state.last and was_asap != state.asap:
        # "其實不急" on the fastest plan made for "越快越好" (or "actually ASAP" on one with no deadline):
        # the other plan, said as a change, not "the plan above still stands"
        return [SlotChange("days", True, None, old_slot="asap" if was_asap else "no_deadline",
                           new_slot="asap" if state.asap else None)]  # fmt: skip
    if old is None or not state.last:
        return []
    return [SlotChange("days", old, None, new_slot="asap" if u.asap else None)]  # "ASAP" is said as such


def tighten(state: DialogueState, changes: list[SlotChange]) -> None:
    """Keep in the state whether this turn lowered the deadline of a plan that still meets it ("what if
    only 1 week?", "其实十天就要", "工期改成一週"): time matters more than the plan assumed, so while the
    deadline stays (or is lowered again) a faster plan that costs about the same goes first
    (dialogue.recommend.run_plan). A deadline the plan misses is planned by the engine as before, and any
    other new deadline, or none, forgets it."""
    change = next((c for c in changes if c.slot == "days"), None)
    if change is None:
        return
    old, new, last = change.old, change.new, state.last or {}
    state.tightened = (
        change.old_slot in (None, "days")
        and _days(old)
        and _days(new)
        and float(new) < float(old)
        and bool(last.get("fits"))
        and _days(last.get("days"))
        and float(last["days"]) <= float(new) * 1.001
    )


def _days(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value > 0


def open_timeline(u: Understood) -> bool:
    """A message whose plan needs no deadline: it asks how long the job takes ("…on 8 A100s, how
    long?": the time is the answer), what it costs ("how much would it cost to pretrain 7B on 2T
    tokens?": about the same GPU-hours at any cluster size), or it gives a budget and no date
    ("budget $20k, what should we rent?": the plan that fits the budget), or it asks for the
    cheapest way (the lowest total cost), or, saying the model, which GPUs to rent ("1B on 20B tokens, 该租啥
    卡": a sensible cluster size is the answer; "which GPUs should we rent?" before any job is said still
    goes through the form's questions)."""
    return (
        u.asks_time
        or u.asks_cost
        or (u.asks_gpu and u.said.get("params") is not None)
        or u.said.get("budget") is not None
        or u.kind == "cheapest_gpu"
    )


def count_samples(state: DialogueState, u: Understood, said: dict[str, Any]) -> dict[str, Any]:
    """The slots to merge once sample counts are resolved: samples x tokens per sample become
    `tokens`. What is said of them first waits in the state for the rest, in either order: a count for
    its length ("8 千组对话" … "每组 1000 token"), a length for its count ("each is about 1.5k tokens" …
    "20k of them"), half of a dialogue's length for the other half ("每组 5 轮" … "每轮 200 token").
    Once tokens came from a count and a length, a new count ("数据其实是 5 万条") or a new length
    ("each is 2k tokens", "每轮 300 token" with the turns held) changes that factor of them."""
    if said.get("tokens") is not None or said.get("data_bytes") is not None:
        state.samples = None
        state.sample_parts = None
        tokens = said.get("tokens")
        if u.samples and isinstance(tokens, int | float) and said.get("text_unit") is None:
            state.sample_basis = {"samples": u.samples, "per_sample": float(tokens) / u.samples}
            if u.sample_word:
                state.sample_basis["word"] = u.sample_word
            if u.sample_media:  # "30 万张图片，每张约 700 token": the plan counts them as images
                state.sample_basis["media"] = u.sample_media
            if u.turns_per_sample:  # "8 千组对话，每组 5 轮，每轮 200 token" in one message
                state.sample_basis["turns"] = float(u.turns_per_sample)
        else:
            state.sample_basis = None
        return said
    held = state.slots.get("tokens") is not None
    basis = state.sample_basis if held else None
    waiting = dict(state.sample_parts or {}) if not held else {}
    turns = u.turns_per_sample or waiting.get("turns") or (basis or {}).get("turns")
    per_turn = u.tokens_per_turn or waiting.get("per_turn")
    per_sample = u.tokens_per_sample
    if per_sample is None and turns and per_turn and (u.turns_per_sample or u.tokens_per_turn):
        per_sample = float(turns) * float(per_turn)  # "每组 5 轮" + "每轮 200 token": 1,000 per dialogue
    per_sample = per_sample or waiting.get("per_sample")
    samples = u.samples or state.samples
    if not (samples and per_sample) and basis and state.samples is None and (u.samples or per_sample):
        # "数据其实是 5 万条", "each is 2k tokens": one factor of the tokens held, the other kept
        samples, per_sample = samples or basis.get("samples"), per_sample or basis.get("per_sample")
    if samples and per_sample:
        state.samples = None
        state.sample_parts = None
        state.sample_basis = {"samples": float(samples), "per_sample": float(per_sample)}
        word = u.sample_word or waiting.get("word") or (basis or {}).get("word")
        if word:
            state.sample_basis["word"] = word  # "2 万笔": the understood line counts them in 笔 too
        media = u.sample_media or waiting.get("media") or (basis or {}).get("media")
        if media:
            state.sample_basis["media"] = media  # "100万张图片" … "每张 700 token": images × their tokens
        if turns and (per_turn or u.tokens_per_sample):
            state.sample_basis["turns"] = float(turns)  # so a later length per turn changes one factor
        unit = said.get("text_unit") or waiting.get("text_unit")  # "每条两千字" then "3 万条": said in 字
        return {**said, "tokens": float(samples) * float(per_sample), **({"text_unit": unit} if unit else {})}
    if samples and not per_sample and not held and unlengthed_cheapest(u, turns, per_turn):
        # "1.2萬筆資料，最便宜怎麼做": a count with no length, asked for the cheapest way, is planned at
        # its upper end, each record one full training sequence (longer ones are cut to it), and the
        # understood line says so and asks for the real length; a later "每筆 500 token" changes that factor.
        method = said.get("method") or state.slots.get("method") or "full_finetune"
        length = float(said.get("seq_len") or state.slots.get("seq_len") or DEFAULT_SEQ_LEN[str(method)])
        state.samples = None
        state.sample_parts = None
        state.sample_basis = {"samples": float(samples), "per_sample": length}
        if u.sample_word:
            state.sample_basis["word"] = u.sample_word
        return {**said, "tokens": float(samples) * length, "text_unit": "record_sequence"}
    if u.samples:
        state.samples = u.samples
        if u.sample_word:  # "2 万笔": the question about them says 笔 (筆 in a zh-Hant thread)
            state.sample_parts = {**(state.sample_parts or {}), "word": u.sample_word}
        if u.sample_media:  # "100万张图片": the question asks the tokens per image, with its caption
            state.sample_parts = {**(state.sample_parts or {}), "media": u.sample_media}
        elif state.sample_parts and "media" in state.sample_parts:
            state.sample_parts = {k: v for k, v in state.sample_parts.items() if k != "media"}
    if not held and (per_sample or u.turns_per_sample or u.tokens_per_turn):
        # A length (or half of one) with no count yet: kept for the count that follows.
        parts: dict[str, Any] = {"turns": turns, "per_turn": per_turn}
        if per_sample:  # "4 turns" and "250 tokens per turn": 1,000 per sample, and how it was made
            parts = {"per_sample": per_sample, **(parts if turns and per_turn else {})}
        state.sample_parts = {k: float(v) for k, v in parts.items() if v}
        unit = said.get("text_unit") or waiting.get("text_unit")
        if unit:
            state.sample_parts["text_unit"] = unit
    return said


def unlengthed_cheapest(u: Understood, turns: Any = None, per_turn: Any = None) -> bool:
    """A count of text records said with no length, in a question for the cheapest way to train on them
    ("有 1.2萬筆資料，最便宜怎麼做", "12k records, what's the cheapest way?"): no images or video (their
    tokens per item are asked), no dialogue turns (half a length waits for the other half)."""
    return bool(
        u.kind == "cheapest_gpu"
        and u.samples
        and u.tokens_per_sample is None
        and not u.sample_media
        and not (turns or per_turn)
        and u.said.get("tokens") is None
        and u.said.get("data_bytes") is None
    )
