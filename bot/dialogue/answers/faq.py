"""FAQ and pitfall answers from knowledge retrieval."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.dialogue.reply import Reply
from bot.render.views import entry_view, find_entry

if TYPE_CHECKING:
    from knowledge import KnowledgeBase
    from knowledge.search import Hit

# Search hits scoring this close to the best are shown with it (a second, related entry).
SECOND_HIT_RATIO = 0.9


def answer_search(kb: KnowledgeBase, hits: Sequence[Hit], reply: Reply, *, explicit: bool) -> bool:
    """Answer from the FAQ/pitfalls with `hits` (kb.search) for a text the NLU took for an FAQ
    question; True when something was answered. `explicit` (the parser saw a question) also says so
    when nothing matched."""
    if not hits:
        if explicit:
            reply.add("faq_answer", entries=[])
        return explicit
    best = hits[0].score
    chosen = [h for h in hits[:2] if h.score >= best * SECOND_HIT_RATIO]
    entries = [entry_view(e, reply.lang) for h in chosen if (e := find_entry(kb, h.id)) is not None]
    if not entries:
        return False
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
