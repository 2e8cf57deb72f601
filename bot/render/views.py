"""Template contexts built from engine results and knowledge records: plain dicts of display-ready
values, so the templates hold wording only."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.render.formats import NUMBER
from knowledge.hardware_words import SCALE_UP_LINK_NAMES
from sizing.cost import staleness, usable
from sizing.errors import SizingError
from sizing.plan import resolve_gpus as engine_gpus
from sizing.types import Catalog, GpuSpec, Offering

SNIPPET_CHARS = 160
# The engine's in-node GPU link ids (sizing/network.py) as users know them; anything else is PCIe.
# A full scale-up fabric (a bridge joins two or four cards only); names from knowledge.hardware_words.
SCALE_UP_LINKS = {k: SCALE_UP_LINK_NAMES[k] for k in ("nvlink", "infinity_fabric")}
# A one-line pitfall or FAQ sentence longer than this is cut at a clause boundary.
SENTENCE_CHARS = {"zh": 90, "en": 200}
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "etc.", "approx.")
# What first_sentence looks at: parentheses, and the marks that can end a sentence (. ! ? only
# before a space or at the end; the rest of the text is skipped at C speed).
_SENTENCE_MARKS = re.compile(r"[(（)）。！？]|[.!?](?= |\Z)")


def num(value: Any) -> float | None:
    return float(value) if isinstance(value, NUMBER) and not isinstance(value, bool) else None


def number_at(section: object, key: str) -> float | None:
    """A number of a `size` option section (network, storage: flat dicts of sizing.result), if any."""
    # A dict first: an isinstance test against the Mapping ABC is a Python-level call each time.
    return num(section.get(key)) if type(section) is dict or isinstance(section, Mapping) else None


def pick(text: Any, lang: str) -> str:
    """A Bilingual's text in the user's language; plain strings pass through."""
    if hasattr(text, "pick"):
        return str(text.pick(lang))
    return "" if text is None else str(text)


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    first = text.strip().split("\n")[0]
    return first if len(first) <= limit else first[: limit - 1] + "…"


@functools.lru_cache(maxsize=1024)
def first_sentence(text: str, lang: str) -> str:
    """The first sentence of `text` (outside parentheses), cut at a clause when too long. Memoised:
    its texts are the knowledge base's answers and advice, quoted again and again."""
    text = " ".join(text.split())
    limit = SENTENCE_CHARS["zh" if lang.startswith("zh") else "en"]
    depth, end = 0, len(text)
    for found in _SENTENCE_MARKS.finditer(text):
        ch, i = found.group(), found.start()
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth -= depth > 0
        elif not depth and (ch in "。！？" or not text.endswith(_ABBREVIATIONS, 0, i + 1)):
            end = i + 1
            break
    sentence = text[:end].strip()
    if len(sentence) <= limit:
        return sentence
    for mark, stop in (("；", "。"), ("; ", "."), ("，", "…"), (", ", "…")):
        cut = sentence.rfind(mark, 0, limit)
        if cut > limit // 3:
            return sentence[:cut].rstrip() + stop
    return sentence[: limit - 1].rstrip() + "…"


def stale_view(options: Sequence[Mapping[str, Any]], today: dt.date) -> dict[str, Any] | None:
    """sizing.cost.staleness over the prices these option views quote (the one staleness rule):
    {"oldest": ISO date | None, "undated": bool}, or None when every quoted price is fresh."""
    dates: list[dt.date | None] = []
    for o in options:
        if o.get("cost") is None:
            continue  # no price quoted, nothing to date
        as_of = o.get("prices_as_of")
        dates.append(dt.date.fromisoformat(str(as_of)) if as_of else None)
    found = staleness(dates, today)
    if found is None:
        return None
    return {"oldest": found.oldest.isoformat() if found.oldest else None, "undated": found.undated}


def cheapest_offering(catalog: Catalog, gpu_id: str) -> Offering | None:
    """The cheapest offering the sizing engine would price (sizing.cost.usable), so cards and plans agree."""
    priced = [o for o in catalog.offerings if o.gpu_id == gpu_id and usable(o)]
    return min(priced, key=lambda o: (o.price_usd_per_hour or 0) / o.gpu_count, default=None)


def unpriced_offering(catalog: Catalog, gpu_id: str) -> dict[str, Any] | None:
    """A listed price the engine refuses (flagged data), so the card can say why it quotes none."""
    flagged = [o for o in catalog.offerings if o.gpu_id == gpu_id and o.price_usd_per_hour and o.flags]
    if not flagged or cheapest_offering(catalog, gpu_id) is not None:
        return None
    o = flagged[0]
    return {"cloud": o.cloud, "instance": o.instance_type, "flags": list(o.flags)}


def _dense(figure: Any) -> float | None:
    return getattr(figure, "value", None) or None


def gpu_view(spec: GpuSpec, catalog: Catalog, record: Any | None = None) -> dict[str, Any]:
    offer = cheapest_offering(catalog, spec.id)
    return {
        "id": spec.id,
        "name": spec.name,
        "memory_gb": spec.memory_gb,
        "bandwidth_tbs": spec.memory_bandwidth_tbs,
        "fp16": spec.tflops.fp16,
        "bf16": spec.tflops.bf16,
        "fp8": spec.tflops.fp8,
        "fp32": spec.tflops.fp32,
        # dense FP4 TFLOPS and INT8 TOPS where the datasheet record holds them (the card names them)
        "fp4": _dense(getattr(getattr(record, "tflops", None), "fp4", None)),
        "int8": _dense(getattr(getattr(record, "tflops", None), "int8", None)),
        "scale_up_gbs": spec.scale_up_gbs,
        "scale_up_domain": spec.scale_up_domain,
        "tdp_w": spec.tdp_w,
        "vendor": spec.vendor,
        "segment": spec.segment,
        "tier": getattr(record, "tier", None),
        "unpriced": unpriced_offering(catalog, spec.id),
        "cheapest": None
        if offer is None
        else {
            "cloud": offer.cloud,
            "instance": offer.instance_type,
            "usd_per_gpu_hour": (offer.price_usd_per_hour or 0) / offer.gpu_count,
            "as_of": offer.as_of.isoformat() if offer.as_of else None,  # None: date unknown
        },
    }


def resolve_gpus(catalog: Catalog, names: Iterable[str]) -> list[GpuSpec]:
    """Catalog GPUs for ids, families ("a100" -> every A100) or a family's boards of one form factor
    ("a100-pcie"), as the engine reads them, in the order named, no repeats."""
    out: list[GpuSpec] = []
    for name in names:
        try:
            specs = engine_gpus(catalog, name)
        except SizingError:
            continue
        out.extend(spec for spec in specs if spec not in out)
    return out


def option_view(option: Mapping[str, Any], catalog: Catalog) -> dict[str, Any]:
    gpu_id = str(option.get("gpu"))
    name, memory_gb = option.get("gpu_name"), option.get("gpu_memory_gb")
    spec = None
    if not (name and memory_gb):  # an engine option names its GPU; the catalog fills in for one that does not
        spec = _spec(catalog, gpu_id)
        name = name or (spec.name if spec else gpu_id)
        memory_gb = memory_gb or (spec.memory_gb if spec else None)
    usable_gb = memory_gb
    used_gb = option.get("memory_per_gpu_gb")
    if isinstance(used_gb, NUMBER) and isinstance(memory_gb, NUMBER) and used_gb > memory_gb:
        # What the engine compared with (GpuSpec.capacity_gb): an "80 GB" H100 holds 85.5e9 bytes, so a
        # plan can use more than the nominal size and still fit.
        spec = spec or _spec(catalog, gpu_id)
        usable_gb = spec.capacity_gb if spec else memory_gb
    cost, network, storage = (_mapping(option.get(key)) for key in ("cost", "network", "storage"))
    return {
        "gpu": gpu_id,
        "name": name,
        "label": str(option.get("label") or ""),
        "gpu_memory_gb": memory_gb,
        "gpu_usable_gb": usable_gb,
        "gpus": option.get("gpus"),
        "nodes": option.get("nodes"),
        "days": option.get("days"),
        "training_days": option.get("training_days"),  # `days` less the fixed hours (sizing.fixed)
        "gpu_hours": option.get("gpu_hours"),
        "gpu_hours_range": option.get("gpu_hours_range") or [None, None],
        "memory_per_gpu_gb": option.get("memory_per_gpu_gb"),
        "fits": bool(option.get("fits")),
        "precision": option.get("precision"),  # what the plan runs: FP16 on a GPU with no BF16
        "cost": cost.get("amount"),
        "cost_usd": cost.get("on_demand_usd"),  # the same cost in USD ("≈ $" beside a yuan marketplace price)
        "spot_cost": spot_in_currency(cost),
        "currency": cost.get("currency") or "USD",
        "cloud": cost.get("cloud"),
        "instance": cost.get("instance"),
        "region": cost.get("region"),  # "cn": a mainland-China listing (the plan is not one abroad)
        "billing": cost.get("billing"),
        "reserved_cost": reserved_in_currency(cost),
        "reserved_months": cost.get("reserved_months"),
        "reserved_discount": cost.get("reserved_discount"),
        "instances": cost.get("instances"),
        "prices_as_of": cost.get("prices_as_of"),
        "prices_date_unknown": bool(cost.get("prices_date_unknown")),
        "price_currency": cost.get("price_currency") or "USD",
        "price_source": cost.get("price_source"),
        "layout": option.get("layout") if isinstance(option.get("layout"), Mapping) else {},
        "network_gbps": number_at(network, "required_gbps"),
        "network_tier_gbps": network.get("tier_gbps"),
        "comm_slowdown": number_at(network, "comm_slowdown"),
        "infiniband": network.get("infiniband"),
        "scale_up": network.get("scale_up") in SCALE_UP_LINKS,
        "scale_up_link": SCALE_UP_LINKS.get(str(network.get("scale_up")), "PCIe"),
        "scale_up_pairs": network.get("scale_up") == "nvlink_pairs",
        "dataset_gb": number_at(storage, "dataset_gb"),
        "checkpoint_gb": number_at(storage, "checkpoint_gb"),
        "storage_tier": storage.get("tier"),
        "read_mb_s": number_at(storage, "read_mb_s"),
        "checkpoint_write_gb_s": number_at(storage, "checkpoint_write_gb_s"),
    }


def _spec(catalog: Catalog, gpu_id: str) -> GpuSpec | None:
    return catalog.gpu_or_none(gpu_id)


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if type(value) is dict or isinstance(value, Mapping) else {}


def reserved_in_currency(cost: Mapping[str, Any]) -> float | None:
    """The reservation's cost (sizing.cost.reserved_usd) in the option's display currency."""
    return _in_currency(cost, "reserved_usd")


def spot_in_currency(cost: Mapping[str, Any]) -> float | None:
    """The spot cost in the option's display currency (the engine gives spot in USD)."""
    return _in_currency(cost, "spot_usd")


def _in_currency(cost: Mapping[str, Any], key: str) -> float | None:
    """A USD figure of the option's cost (`key`) at the rate its on-demand amount was shown at."""
    value, usd, amount = cost.get(key), cost.get("on_demand_usd"), cost.get("amount")
    if isinstance(value, NUMBER) and isinstance(usd, NUMBER) and isinstance(amount, NUMBER) and usd:
        return float(value) * float(amount) / float(usd)
    return None


# entry_view's results per (entry, language): entries are frozen knowledge records, and one
# recommendation quotes the same few again and again. Keyed by the entry's identity, the entry kept
# in the value so its id is never reused by another; a knowledge reload's new entries start afresh
# once this many are remembered.
_ENTRY_VIEWS: dict[tuple[int, str], tuple[Any, dict[str, str]]] = {}
ENTRY_VIEWS_SIZE = 1024


def entry_view(entry: Any, lang: str) -> dict[str, str]:
    """A FAQ entry's or pitfall's title, text, snippet and first sentence in `lang`, as a dict of
    the caller's own."""
    key = (id(entry), lang)
    remembered = _ENTRY_VIEWS.get(key)
    if remembered is None or remembered[0] is not entry:
        if len(_ENTRY_VIEWS) >= ENTRY_VIEWS_SIZE:
            _ENTRY_VIEWS.clear()
        remembered = _ENTRY_VIEWS[key] = (entry, _entry_view(entry, lang))
    return dict(remembered[1])


def _entry_view(entry: Any, lang: str) -> dict[str, str]:
    # A pitfall has no `answer`: the getattr goes through pydantic's exception path, once per entry.
    body = pick(getattr(entry, "answer", None) or getattr(entry, "advice", None), lang)
    return {
        "id": entry.id,
        "title": pick(entry.title, lang),
        "answer": body,
        "snippet": snippet(body),
        "sentence": first_sentence(body, lang),
    }


def find_entry(kb: Any, entry_id: str) -> Any | None:
    return kb.entry(entry_id)


def warning_views(warnings: Sequence[Any], names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The engine's warnings for the templates; `names` (catalogue id -> display name) gives the GPU a
    warning is about its name ("NVIDIA GeForce RTX 4090", not "RTX4090")."""
    out = []
    for w in warnings:
        if isinstance(w, Mapping):
            raw = w.get("params")
            params: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
            view = {"code": str(w.get("code")), "message": str(w.get("message") or ""), "params": params}
            gpu = params.get("gpu")
            if names and isinstance(gpu, str) and gpu in names:
                view["gpu_name"] = names[gpu]
            out.append(view)
    return out


def explain_items(rec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The engine's explain lines as {code, params, text} for the templates; a result without
    `explain_items` (an older stored plan) keeps its English lines, which render as they are."""
    items = rec.get("explain_items")
    if isinstance(items, list) and items:
        return [
            {
                "code": str(i.get("code")),
                "params": _mapping(i.get("params")),
                "text": str(i.get("text") or ""),
            }
            for i in items
            if isinstance(i, Mapping)
        ]
    return [{"code": "", "params": {}, "text": str(line)} for line in rec.get("explain") or []]
