"""The flat pitfall-trigger context (the keys of knowledge/triggers.py TRIGGER_KEYS), built from the
dialogue state and the engine's plan. Values are None when unknown."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.dialogue.plan import budget_usd_total, spot_saving
from bot.dialogue.state import DialogueState
from bot.render.views import number_at
from sizing.types import Catalog


def gpu_record(records: Iterable[Any], gpu: str | None) -> Any | None:
    """The knowledge record for a catalog id, family ("h100") or alias; the top-tier variant of a family."""
    if not gpu:
        return None
    wanted = gpu.lower()
    matches = _by_name(tuple(records)).get(wanted, [])
    exact = [r for r in matches if r.id == wanted]
    if exact:
        return exact[0]
    order = {"top": 0, "high": 1, "mid": 2, "entry": 3}
    return min(matches, key=lambda r: order.get(getattr(r, "tier", ""), 9), default=None)


# Per records tuple (the knowledge base keeps one for its life): the records each name matches.
_NAMES: dict[int, tuple[tuple[Any, ...], dict[str, list[Any]]]] = {}


def _by_name(records: tuple[Any, ...]) -> dict[str, list[Any]]:
    """Each id, family and lower-cased alias -> the records it names, in catalogue order (built once
    per records tuple, as knowledge.quotes keeps its name index)."""
    cached = _NAMES.get(id(records))
    if cached is not None and cached[0] is records:
        return cached[1]
    index: dict[str, list[Any]] = {}
    for r in records:
        names = {r.id, getattr(r, "family", None), *(a.lower() for a in getattr(r, "aliases", ()))}
        for name in names - {None}:
            index.setdefault(name, []).append(r)
    if len(_NAMES) > 8:
        _NAMES.clear()
    _NAMES[id(records)] = (records, index)
    return index


def _memory_gb(record: Any) -> float | None:
    figure = getattr(record, "memory_gb", None)
    value = getattr(figure, "value", figure)
    return float(value) if isinstance(value, int | float) else None


def pitfall_context(
    state: DialogueState,
    effective: Mapping[str, Any],
    rec: Mapping[str, Any] | None,
    records: Iterable[Any],
    catalog: Catalog,
) -> dict[str, object]:
    records = tuple(records)
    slots = state.slots
    user = gpu_record(records, slots.get("gpu"))
    options = (rec or {}).get("options") or []
    top: Mapping[str, Any] = options[0] if options else {}
    top_gpu = top.get("gpu")
    plan = gpu_record(records, top_gpu)
    spec = catalog.gpu_or_none(top_gpu)
    memory_per_gpu = top.get("memory_per_gpu_gb")
    headroom = (
        1.0 - float(memory_per_gpu) / spec.memory_gb
        if spec is not None and isinstance(memory_per_gpu, int | float) and spec.memory_gb
        else None
    )
    plan_days = top.get("days")
    days = effective.get("days")
    # The plan's own length prices a monthly or hourly budget; the deadline only when no plan.
    budget_total = budget_usd_total(slots, plan_days or days, catalog.usd_to_cny)
    warning_codes = {w.get("code") for w in (rec or {}).get("warnings") or [] if isinstance(w, Mapping)}
    # The engine alone decides whether a plan is over budget (sizing.rank.spend knows how each
    # period is billed); recomputing it here disagreed with the engine's own answer.
    over_budget: bool | None = (
        "over_budget" in warning_codes if options and budget_total is not None else None
    )
    nodes = top.get("nodes")
    return {
        "params": effective.get("params"),
        "tokens": effective.get("tokens"),
        "data_bytes": effective.get("data_bytes"),
        "method": effective.get("method"),
        "precision": effective.get("precision"),
        "days": days,
        "seq_len": effective.get("seq_len"),
        "budget_usd_total": budget_total,
        "user_gpu": user.id if user is not None else slots.get("gpu"),
        "user_gpu_count": slots.get("gpu_count"),
        "user_gpu_top_tier": (user.tier == "top") if user is not None else None,
        "user_gpu_segment": getattr(user, "segment", None),
        "user_gpu_memory_gb": _memory_gb(user) if user is not None else None,
        "plan_gpu": top.get("gpu"),
        "plan_gpus": top.get("gpus"),
        "plan_nodes": nodes,
        "plan_fits": top.get("fits"),
        "plan_memory_headroom": headroom,
        "plan_gpu_top_tier": (plan.tier == "top") if plan is not None else None,
        "plan_gpu_segment": getattr(plan, "segment", None) or (spec.segment if spec else None),
        "plan_scale_up": (spec.scale_up_gbs is not None) if spec is not None else None,
        "plan_multi_node": (nodes > 1) if isinstance(nodes, int | float) else None,
        "plan_network_gbps": number_at(top.get("network"), "required_gbps"),
        "plan_checkpoint_gb": number_at(top.get("storage"), "checkpoint_gb"),
        # Own hardware rents nothing, so no spot saving applies to it.
        "plan_spot_saving": spot_saving(top) if top and not state.owned else None,
        "mentions_spot": bool(state.mentions_spot),
        "over_budget": over_budget,
        "deadline_missed": (
            float(plan_days) > float(days) * 1.001
            if isinstance(plan_days, int | float) and isinstance(days, int | float)
            else None
        ),
    }
