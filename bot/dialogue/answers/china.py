""" "AutoDL靠谱吗", "国内有哪些 GPU 云": Chinese clouds and GPU rental platforms. What the catalogue covers
for them (the China-market GPUs, the public marketplace prices it holds and an operator's own),
how to judge a
provider (the checklist), and the knowledge base's entry on them when it has one. Never a price
or a verdict on a provider that no source supports."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.prices import cheapest_per_cloud, priced_clouds
from bot.dialogue.answers.provider import checklist
from bot.dialogue.hardware import CHINA_GPUS
from bot.dialogue.reply import Reply
from bot.nlu.providers import china_providers
from bot.render.views import entry_view, find_entry, pick, resolve_gpus

NEEDS: tuple[str, ...] = ()
DEFAULTS: dict[str, Any] = {}
# Knowledge entries on choosing a provider, quoted when retrieval finds nothing closer.
PROVIDER_ENTRY = "pitfall.provider_selection"
# Public Chinese prices listed when no provider is named: the cheapest few, one per GPU.
MAX_ROWS = 6


def answer(q: Question, reply: Reply) -> bool:
    named = [p for p in q.u.providers if p in china_providers()]
    # Mainland prices: the public Chinese list prices and an operator's own (GPU_ADVISOR_OFFERINGS).
    china = q.kb.china_catalog
    clouds = priced_clouds(china)
    loaded = [p for p in named if p in clouds]
    # The providers asked about, or without one named the cheapest public price per GPU.
    wanted = loaded if named else None
    # "any chinese cloud providers with H20?": every public listing of the GPUs asked about, if any
    asked = {s.id for s in resolve_gpus(china, q.u.gpus)} if q.u.gpus else set()
    rows = [r for spec in china.gpus if spec.id in asked for r in cheapest_per_cloud(china, spec, wanted)]
    rows = rows or [
        r
        for spec in china.gpus
        for r in cheapest_per_cloud(china, spec, wanted)[: 1 if wanted is None else None]
    ]
    rows = sorted(rows, key=lambda r: r["usd_per_gpu_hour"])[: MAX_ROWS if wanted is None else None]
    for r in rows:
        record = q.kb.provider(r["cloud"])
        r["provider_name"] = pick(record.name, q.lang) if record is not None else r["cloud"]
    notes = [
        {"id": p, "note": pick(record.prices_note, q.lang)}
        for p in named
        if p not in clouds and (record := q.kb.provider(p)) is not None and record.prices_note is not None
    ]
    gpus = [
        {"name": g.name, "memory_gb": g.memory_gb, "bf16": g.tflops.bf16, "link_gbs": g.scale_up_gbs}
        for g in q.catalog.gpus
        if g.id in CHINA_GPUS
    ]
    entry = related(q)
    if entry is not None:
        reply.add_faq(entry["id"])
    reply.add(
        "china_providers",
        named=named,
        unpriced=[p for p in named if p not in clouds],
        rows=rows,
        gpus=gpus,
        clouds=list(clouds),
        checklist=checklist(q, reply.lang),
        entry=entry,
        notes=notes,
        fx=q.catalog.usd_to_cny,
    )
    return True


def related(q: Question) -> dict[str, Any] | None:
    """The knowledge entry on Chinese providers when retrieval finds one, else provider selection."""
    for hit in q.kb.search(q.text, limit=3):
        if "china" in hit.id or "provider" in hit.id:
            entry = find_entry(q.kb, hit.id)
            if entry is not None:
                return entry_view(entry, q.lang)
    entry = find_entry(q.kb, PROVIDER_ENTRY)
    return entry_view(entry, q.lang) if entry is not None else None


def offered(q: Question) -> dict[str, Any]:
    """ "which Chinese cloud should we use to fine-tune Qwen 7B?": the job said stays for the plan that
    follows (its data or a deadline); nothing when no model was said."""
    if q.slot("params") is None:
        return {}
    slots: dict[str, Any] = {"params": float(q.slot("params"))}
    for name in ("method", "active_params", "precision"):
        if q.slot(name) is not None:
            slots[name] = q.slot(name)
    return slots
