"""Answers that need no sizing: corrections of wrong hardware figures, GPU facts, FAQ hits and the
App Home view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.dialogue_reply import Reply
from bot.dialogue_view import (
    entry_view,
    find_entry,
    gpu_view,
    pick,
    price_date,
    resolve_gpus,
)
from bot.render import render_text, render_view, split_sections

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# Search hits scoring this close to the best are shown with it (a second, related entry).
SECOND_HIT_RATIO = 0.9
MAX_LISTED_GPUS = 30


def corrections(found: list[Any], reply: Reply) -> None:
    """Correct, kindly, any wrong hardware figure the user quoted (kb.factcheck's results)."""
    if not found:
        return
    reply.add(
        "correction",
        corrections=[
            {
                "gpu": c.gpu_id,
                "metric": c.metric,
                "claimed": c.claimed,
                "correct": c.correct,
                "message": pick(c.message, reply.lang),
                "source": c.source,
            }
            for c in found
        ],
    )


def answer_gpus(kb: KnowledgeBase, intent: str, names: tuple[str, ...], reply: Reply) -> None:
    catalog = kb.catalog
    records = {r.id: r for r in kb.gpu_records}
    if intent == "list_gpus" or not names:
        order = {"top": 0, "high": 1, "mid": 2, "entry": 3}
        specs = sorted(
            catalog.gpus, key=lambda g: (order.get(getattr(records.get(g.id), "tier", ""), 9), g.id)
        )
        views = [gpu_view(g, catalog, records.get(g.id)) for g in specs[:MAX_LISTED_GPUS]]
        reply.add("gpu_list", gpus=views, price_date=price_date(catalog) or "?")
        return
    specs = resolve_gpus(catalog, names)
    views = [gpu_view(g, catalog, records.get(g.id)) for g in specs]
    if not views:
        reply.add("gpu_list", gpus=[], price_date=price_date(catalog) or "?")
    elif intent == "gpu_compare" and len(views) > 1:
        reply.add("gpu_compare", gpus=views, price_date=price_date(catalog) or "?")
    else:
        reply.add("gpu_info", gpus=views, price_date=price_date(catalog) or "?")


def answer_search(kb: KnowledgeBase, found: Any, reply: Reply, *, explicit: bool) -> bool:
    """Answer from the FAQ/pitfalls when `found` (kb.retrieve) says the text is an FAQ question;
    True when something was answered. `explicit` (the parser saw a question) also says so when
    nothing matched. A sizing request or a datasheet question is not an FAQ question: the engine
    or the catalogue answers it, and the best hit is quoted only as related."""
    hits = list(found.hits) if found is not None else []
    if found is not None and found.kind not in ("faq", "none"):
        quote_related(kb, hits, reply)
        return False
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


def quote_related(kb: KnowledgeBase, hits: list[Any], reply: Reply) -> None:
    """Name the best knowledge entry as related reading (its title only, never as the answer)."""
    entry = find_entry(kb, hits[0].id) if hits else None
    if entry is None:
        return
    reply.add("related", entry=entry_view(entry, reply.lang))
    reply.add_faq(hits[0].id)


def home_view(kb: KnowledgeBase, last: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
    catalog = kb.catalog
    records = {r.id: r for r in kb.gpu_records}
    gpus = [gpu_view(g, catalog, records.get(g.id)) for g in catalog.gpus]
    top = None
    if last and isinstance(last.get("top"), Mapping):
        spec = next((g for g in catalog.gpus if g.id == last["top"].get("gpu")), None)
        top = {**last["top"], "name": spec.name if spec else last["top"].get("gpu")}
    text = render_text("home", lang, gpus=gpus, last=last, top=top, price_date=price_date(catalog) or "?")
    header, _, body = text.partition("\n")
    return render_view("home", header=header.strip("* "), sections=split_sections(body.strip()), context="")
