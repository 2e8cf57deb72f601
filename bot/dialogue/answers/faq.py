"""FAQ and pitfall answers from knowledge retrieval."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.dialogue.answers.stored import tokens_in_text
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import has_cue
from bot.nlu.numerals_zh import zh_integer
from bot.nlu.question_cues import PAPERWORK_ASKS
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry

if TYPE_CHECKING:
    from knowledge import KnowledgeBase
    from knowledge.search import Hit

# Search hits scoring this close to the best are shown with it (a second, related entry).
SECOND_HIT_RATIO = 0.9
# The FAQ entry on FP8 names the A100 as a GPU without it; the user's own card is named when it has none.
FP8_FAQ = "faq.fp8"
# The FAQ entry on tokens per gigabyte, led by the tokens in the amount of text asked about ("10GB").
TOKENS_PER_GB_FAQ = "faq.tokens_per_gb"


def answer_search(
    kb: KnowledgeBase,
    hits: Sequence[Hit],
    reply: Reply,
    *,
    explicit: bool,
    card: Any = None,
    data_bytes: float | None = None,
    text: str = "",
) -> bool:
    """Answer from the FAQ/pitfalls with `hits` (kb.search) for a text the NLU took for an FAQ
    question; True when something was answered. `explicit` (the parser saw a question) also says so
    when nothing matched. `card` (a catalogue GPU: the one named, else the plan's) is named where an
    entry speaks of a feature it lacks ("FP8 训练能省多少" on a T4: the T4 has no FP8 either);
    `data_bytes`, an amount of text said in `text`, is counted in tokens where the entry gives the rule."""
    if explicit and has_cue(normalise(text).lower, PAPERWORK_ASKS):
        reply.add("faq_answer", entries=[], paperwork=True)  # "能开发票吗": not the advisor's to issue
        return True
    if not hits:
        if explicit:
            reply.add("faq_answer", entries=[])
        return explicit
    best = hits[0].score
    chosen = [h for h in hits[:2] if h.score >= best * SECOND_HIT_RATIO]
    entries: list[dict[str, Any]] = [
        entry_view(e, reply.lang) for h in chosen if (e := find_entry(kb, h.id)) is not None
    ]
    if not entries:
        return False
    tflops = getattr(card, "tflops", None)
    if tflops is not None and not tflops.fp8:
        for e in entries:
            if e["id"] == FP8_FAQ:
                e["card_without_fp8"] = card.name
                e["card_trains_in"] = "BF16" if tflops.bf16 else "FP16"
    if data_bytes:
        for e in entries:
            if e["id"] == TOKENS_PER_GB_FAQ:
                e["counted"] = tokens_in_text(float(data_bytes), text, reply.lang)
    reply.add("faq_answer", entries=entries)
    reply.add_faq(*(e["id"] for e in entries))
    return True


def pooled_memory(catalog: Any, gpus: Sequence[str], count: Any, reply: Reply) -> None:
    """ "4090 有 24 GB，两张就是 48GB，能当一张卡用吗": no; the memories stay separate, a model larger than
    one card is split across them, over NVLink or PCIe (said before the FAQ entry on multi-GPU cards)."""
    from bot.dialogue.hardware import main_variant

    spec = main_variant(catalog, gpus[0]) if gpus else None
    if spec is None:
        return
    n = int(count) if isinstance(count, int | float) and count >= 2 else None
    reply.add(
        "pooled_memory",
        name=spec.name,
        count=n,
        memory_gb=spec.memory_gb,
        total_gb=spec.memory_gb * n if n else None,
        link_gbs=spec.scale_up_gbs,
        domain=spec.scale_up_domain,
    )


# "spot got preempted 3 times today, switch to on-demand?": the interruptions counted, and a question
# about moving to on-demand. The advice weighs the work they cost against what spot saves.
# Interruptions that happened, not the kind of instance ("抢占式实例", "preemptible"): a past tense or a
# passive, or their count.
_INTERRUPTED = re.compile(
    r"preempted|interrupted|reclaimed|evicted|killed|preemptions|interruptions"
    r"|被抢占|被搶佔|被搶占|被回收|被中断|被中斷|被踢|中断了|中斷了"
)
_ON_DEMAND = re.compile(r"on[- ]?demand|按需|按量|包月|reserved|dedicated")
_TIMES = re.compile(r"(\d{1,3}|[一二两兩三四五六七八九十]{1,3})\s*(?:x\b|times|次|回)")
_PER_WEEK = re.compile(r"week|周|週|星期|礼拜|禮拜")
_COUNT_WORDS = (("once", 1), ("twice", 2), ("thrice", 3))
# Assumed, and said: a checkpoint every 30 minutes loses half of that on average at each interruption,
# plus about 10 minutes to get a machine back, reload the checkpoint and warm up.
CHECKPOINT_MIN = 30.0
RESTART_MIN = 10.0
# The FAQ's "often half price or less": spot stays cheaper until the lost time reaches that share.
SPOT_DISCOUNT = 0.5


def spot_interruptions(low: str) -> tuple[int | None, str] | None:
    """(how many interruptions were said, "day" or "week") when a message reports spot interruptions
    and asks about on-demand; None otherwise."""
    if not (_INTERRUPTED.search(low) and _ON_DEMAND.search(low)):
        return None
    m = _TIMES.search(low)
    word = m.group(1) if m else ""
    count = int(word) if word.isdigit() else int(zh_integer(word.replace("兩", "两")) or 0) or None
    if count is None:
        count = next((n for word, n in _COUNT_WORDS if re.search(rf"\b{word}\b", low)), None)
    return count, "week" if _PER_WEEK.search(low) else "day"


def spot_switch(low: str, reply: Reply) -> bool:
    """Whether moving a preempted spot job to on-demand pays: each interruption costs half a checkpoint
    interval of work plus the restart, against spot's discount."""
    said = spot_interruptions(low)
    if said is None:
        return False
    count, period = said
    per_loss_min = CHECKPOINT_MIN / 2 + RESTART_MIN
    hours = 24.0 * (7 if period == "week" else 1)
    lost_share = (count or 0) * per_loss_min / (hours * 60)
    reply.add(
        "spot_switch",
        count=count,
        period=period,
        checkpoint_min=CHECKPOINT_MIN,
        restart_min=RESTART_MIN,
        per_loss_min=per_loss_min,
        lost_hours=(count or 0) * per_loss_min / 60,
        lost_share=lost_share,
        discount=SPOT_DISCOUNT,
        break_even=int(SPOT_DISCOUNT * hours * 60 / per_loss_min),
        stay=lost_share < SPOT_DISCOUNT,
    )
    return True
