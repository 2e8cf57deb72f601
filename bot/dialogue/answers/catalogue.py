"""The GPU catalogue: one GPU's card, a side-by-side comparison, or the list of every GPU."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.offering import holds
from bot.dialogue.answers.prices import quote
from bot.dialogue.hardware import CHINA_GPUS
from bot.dialogue.reply import Reply
from bot.nlu import question_cues as cues
from bot.nlu.gpus import unknown_gpu_names
from bot.nlu.lexicon import find_phrase, has_cue
from bot.nlu.providers import china_providers
from bot.nlu.question_cues import AT_LEAST, CPU_ONLY, LIST_GPUS, OTHER_ACCELERATORS, WHICH_GPUS
from bot.nlu.slots import power_bound
from bot.nlu.text import normalise
from bot.render.views import entry_view, gpu_view, pick, resolve_gpus
from knowledge.quotes import dtypes_named
from sizing.types import GpuSpec

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

MAX_LISTED_GPUS = 40  # the whole catalogue (33 GPUs) fits


def answer_gpus(
    kb: KnowledgeBase,
    intent: str,
    names: tuple[str, ...],
    reply: Reply,
    memory: Mapping[str, Any] | None = None,
    at: str | None = None,
    only: frozenset[str] | None = None,
    power: tuple[str, float] | None = None,
    asked: tuple[str, ...] = (),
    china: bool = False,
) -> None:
    """`asked`: figures the question names that the card does not show (ASKED_FIGURES: "MI355X 的 FP64
    多少", "5090 的 FP32", "usable memory in nvidia-smi"), each said under its card; `memory`: the
    memory asked for ({"op", "gb"}: "which GPUs have more than 100GB?"), a filter on the list; `at`:
    a provider whose priced GPUs only are listed ("Lambda 有哪些 GPU"); `only`: the GPU ids to list
    (the nearest parts to one the catalogue lacks); `power`: a TDP bound (op, watts), "GPUs under
    100W"; `china`: asked of mainland China ("显存 48G 的卡有哪些？国内能租到的"), the ones a Chinese cloud
    or marketplace rents, at its price, and the others named as rented only abroad."""
    catalog = kb.catalog
    records = {r.id: r for r in kb.gpu_records}
    if intent == "list_gpus" or not names:
        order = {"top": 0, "high": 1, "mid": 2, "entry": 3}
        offered = _offered_at(kb, at) if at else None
        specs = sorted(
            (
                g
                for g in catalog.gpus
                if (memory is None or holds(g, memory))
                and (offered is None or g.id in offered)
                and (only is None or g.id in only)
                and (power is None or _within_power(g, power))
            ),
            # A memory filter ("显存 ≥ 80GB 的卡") lists the largest memory first; otherwise by tier.
            key=lambda g: (
                -g.memory_gb if memory is not None else 0,
                (g.tdp_w or 0) if power is not None else 0,
                order.get(getattr(records.get(g.id), "tier", ""), 9),
                g.id,
            ),
        )
        abroad: list[str] = []
        if china:
            abroad = [g.name for g in specs if not rented_in_china(kb, g.id)]
            specs = [g for g in specs if rented_in_china(kb, g.id)]
        views = [
            _with_china_price(kb, g, gpu_view(g, catalog, records.get(g.id)), cn=china)
            for g in specs[:MAX_LISTED_GPUS]
        ]
        if at:  # that provider's own cheapest price for each GPU listed, in the currency it lists
            for v in views:
                row = (offered or {}).get(v["id"])
                cny = row is not None and row["currency"] == "CNY"
                v["cheapest"] = None if cny else row
                v["cn_price"] = (
                    {**row, "per_gpu_hour": row["usd_per_gpu_hour"] * catalog.usd_to_cny}
                    if row and cny
                    else None
                )
        reply.add(
            "gpu_list",
            gpus=views,
            memory=memory,
            at=at,
            power={"op": power[0], "watts": power[1]} if power else None,
            china=china,
            abroad=abroad,
        )
        return
    specs = resolve_gpus(catalog, names)
    views = [_with_china_price(kb, g, gpu_view(g, catalog, records.get(g.id))) for g in specs]
    if not views:
        reply.add("gpu_list", gpus=[])
    elif intent == "gpu_compare" and len(views) > 1:
        reply.add("gpu_compare", gpus=views)
    else:
        for spec, v in zip(specs, views, strict=True):
            v["asked"] = asked_figures(records.get(spec.id), spec, asked, reply.lang)
        reply.add("gpu_info", gpus=views)


APPLE_FAQ = "faq.apple_silicon"


# Figures a card question may name that the card line leaves out (it shows memory, bandwidth and the
# BF16/FP16/FP8/FP4 rates, INT8 where published): said under the card, or that the catalogue has none.
ASKED_FIGURES = ("fp32", "tf32", "fp64", "int8", "usable_memory")


# A number type that names the accumulator of another rate ("fp16 with fp32 accumulate", "FP32 累加") asks
# for that rate, not for this type's.
_ACCUMULATOR = re.compile(r"(?:fp32|fp16|单精度|半精度)\s*(?:accumulat\w*|acc\b|累加)")


def figures_asked(text: str) -> tuple[str, ...]:
    """The ASKED_FIGURES a question names: number types ("FP64", "单精度") and the usable memory."""
    low = normalise(text).lower
    named = [d for d in dtypes_named(_ACCUMULATOR.sub(" ", low)) if d in ASKED_FIGURES]
    if has_cue(low, cues.USABLE_MEMORY):
        named.append("usable_memory")  # "usable memory in nvidia-smi": its figure, or that none is sourced
    elif asks_card_memory(low):
        # Any question for the card's memory ("price and VRAM of an H100?", "H100 显存多大"): the memory
        # nvidia-smi reports beside the nominal one, as plans are sized against it, where one is sourced
        named.append(SOURCED_USABLE_MEMORY)
    return tuple(named)


# The usable memory shown only where the catalogue has a sourced nvidia-smi/rocm-smi total: a question
# for the card's memory that did not ask for the usable figure is not told that none is sourced.
SOURCED_USABLE_MEMORY = "usable_memory_sourced"
# "memory bandwidth", "显存带宽" ask for the bandwidth, which the card line shows, not for the memory.
_BANDWIDTH = re.compile(r"(?:memory|显存|內存|内存)?\s*(?:bandwidth|带宽|帶寬)")


def asks_card_memory(low: str) -> bool:
    """The card's memory asked for by name or by its unit ("VRAM", "显存", "memory", "how many GB")."""
    from bot.nlu.intents import GPU_MEMORY_WORDS, asks_memory_size

    low = _BANDWIDTH.sub(" ", low)
    return has_cue(low, (*GPU_MEMORY_WORDS, "memory", "内存")) or asks_memory_size(low)


def asked_figures(record: Any, spec: GpuSpec, asked: tuple[str, ...], lang: str) -> list[dict[str, Any]]:
    """One line per asked figure of a card: its value (FP64 vector and matrix), or None with the
    record's note on why the catalogue lists none (the B300's INT8)."""
    if record is None:
        return []
    out: list[dict[str, Any]] = []
    for kind in asked:
        if kind == "fp64":
            vector, tensor = record.fp64.vector.value, record.fp64.tensor.value
            out.append({"kind": kind, "value": vector, "tensor": tensor if tensor != vector else None})
        elif kind in ("usable_memory", SOURCED_USABLE_MEMORY):
            mib = getattr(record.usable_memory_mib, "value", None)
            if mib is not None or kind == "usable_memory":
                out.append({"kind": "usable_memory", "value": mib, "gb": spec.usable_memory_gb})
        else:
            figure = getattr(record.tflops, kind, None)
            value = getattr(figure, "value", None)
            if kind == "int8" and value:
                continue  # the card line shows a published INT8 rate already
            note = pick(record.note, lang) if value is None and record.note is not None else None
            out.append({"kind": kind, "value": value, "note": note})
    return out


def _within_power(g: GpuSpec, power: tuple[str, float]) -> bool:
    """The GPU's TDP meets the bound; a GPU with no published TDP is left out."""
    op, watts = power
    if g.tdp_w is None:
        return False
    return g.tdp_w <= watts if op == "<=" else g.tdp_w > watts if op == ">" else g.tdp_w >= watts


def _offered_at(kb: KnowledgeBase, cloud: str) -> dict[str, dict[str, Any]]:
    """GPU id -> its cheapest usable listing per GPU-hour at `cloud` (global or Chinese market)."""
    from bot.dialogue.answers.prices import cheapest_per_cloud, every_market

    market = every_market(kb)
    out: dict[str, dict[str, Any]] = {}
    for g in kb.catalog.gpus:
        rows = cheapest_per_cloud(market, g, [cloud])
        if rows:
            r = rows[0]
            out[g.id] = {**r, "usd_per_gpu_hour": r["usd_per_gpu_hour"], "instance": r["instance"]}
    return out


def lists_at_provider(q: Question) -> bool:
    """ "what gpus does AWS have?", "Lambda 有哪些 GPU": the GPUs one priced provider lists."""

    low = normalise(q.text).lower
    return _provider_priced(q) is not None and (has_cue(low, WHICH_GPUS) or has_cue(low, LIST_GPUS))


def _provider_priced(q: Question) -> str | None:
    """The one provider a catalogue question names that the catalogue prices ("Lambda 有哪些 GPU")."""
    from bot.dialogue.answers.prices import every_market, priced_clouds

    named = [p for p in q.u.providers if p in priced_clouds(every_market(q.kb))]
    return named[0] if len(named) == 1 else None


def _priced(kb: KnowledgeBase) -> frozenset[str]:
    """The catalogue GPUs the price answer has a price for (a cloud's or a Chinese marketplace's)."""
    return frozenset(g.id for g in kb.catalog.gpus if quote(kb, g) is not None)


def rented_in_china(kb: KnowledgeBase, gpu_id: str) -> bool:
    """Whether a Chinese cloud or marketplace rents this GPU, as the catalogue knows: NVIDIA's China-market
    parts (A800, H800, H20), and any GPU whose record lists a mainland cloud (L20 on Alibaba Cloud, the
    RTX A6000 on 恒源云)."""
    if gpu_id in CHINA_GPUS:
        return True
    record = next((r for r in kb.gpu_records if r.id == gpu_id), None)
    clouds = getattr(getattr(record, "clouds", None), "value", None) or ()
    return any(c in china_providers() for c in clouds)


def _with_china_price(
    kb: KnowledgeBase, spec: GpuSpec, view: dict[str, Any], cn: bool = False
) -> dict[str, Any]:
    """A card of a GPU the global clouds do not rent (RTX 4090, H20) quotes the price the price
    answer quotes for it: the public Chinese marketplace price (prices.quote); asked of mainland China
    (`cn`), that price for every card that has one, not a global cloud's."""
    view["cn_price"] = None
    if cn:
        view["cheapest"] = None
    if view.get("cheapest") is None:
        found = quote(kb, spec, cn=cn)
        if found is not None and found["market"] == "cn":
            record = kb.provider(found["cloud"])
            view["cn_price"] = {**found, "provider": record.name if record is not None else found["cloud"]}
    return view


def _rentable_in_china(q: Question) -> dict[str, list[str]]:
    """The catalogue's cards rentable in mainland China: NVIDIA's China-market parts (A800, H800, H20) and
    the other GPUs the public marketplace list prices per card (RTX 4090…), cheapest first."""
    sold = [g.name for g in q.catalog.gpus if g.id in CHINA_GPUS]
    china = q.kb.china_catalog
    cheapest: dict[str, float] = {}
    for o in china.offerings:
        if o.gpu_id not in CHINA_GPUS and o.price_usd_per_hour is not None and o.gpu_count >= 1:
            per_gpu = o.price_usd_per_hour / o.gpu_count
            cheapest[o.gpu_id] = min(cheapest.get(o.gpu_id, per_gpu), per_gpu)
    names = {g.id: g.name for g in china.gpus}
    listed = [names[g] for g in sorted(cheapest, key=cheapest.__getitem__) if g in names]
    return {"sold": sold, "marketplace": listed}


def _exact_size(q: Question, gb: float) -> bool:
    """A size said with no floor ("至少", "or more") that some GPU has exactly: a list of that size."""

    if has_cue(normalise(q.text).lower, AT_LEAST):
        return False
    return any(abs(g.memory_gb - gb) < 0.5 for g in q.kb.catalog.gpus)


def _memory_asked(q: Question) -> Mapping[str, Any] | None:
    """The memory filter the message asks for; a size some GPU has exactly, said with no floor, is
    that size: "24G 显存的卡有哪些", "which 80GB cards support FP8?"."""
    memory = q.u.gpu_memory if isinstance(q.u.gpu_memory, Mapping) else None
    if memory is not None and memory.get("op") == ">=" and _exact_size(q, float(memory.get("gb") or 0)):
        return {**memory, "op": "="}
    return memory


def answer_list(q: Question, reply: Reply) -> bool:
    """ "列出所有 GPU", "what GPUs do you know about?": the whole catalogue; "which GPUs support FP8?"
    the GPUs that compute in that format."""
    most = superlative(q.text)
    if most is not None:
        return _most(q, most, reply)
    if lists_linked(q.text):
        return _linked(q, reply)
    if lists_mig(q.text):
        return _mig_list(q, reply)
    fmt = number_format(q.text)
    if fmt is None:
        other = other_accelerator(q.text)
        unknown = unknown_gpu(q.text) if other is None else None
        near = nearest_parts(q.kb.catalog, unknown, _priced(q.kb)) if unknown is not None else None
        if other is not None and has_cue(normalise(q.text).lower, cues.CHINA_ACCELERATORS):
            # "海光DCU靠谱吗", "寒武纪 MLU370 多少钱", "那用国产卡呢": not in the catalogue, and what it can
            # still do there: the job on the cards rentable in China that it holds, not its whole list
            reply.add("not_in_catalogue", name=other, china=_rentable_in_china(q))
            return True
        if other is not None and has_cue(normalise(q.text).lower, cues.APPLE_SILICON):
            # "can I train on a Mac M3 Max?", "Mac 能跑微调吗": not in the catalogue, and what a Mac can do
            # locally (unified memory, MLX / PyTorch MPS, what is realistic), not the GPU list
            entry = q.kb.entry(APPLE_FAQ)
            if entry is not None:
                reply.add("not_in_catalogue", name=other, apple=True)
                reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
                reply.add_faq(APPLE_FAQ)
                return True
        if other is not None or unknown is not None:
            # "Do you support TPUs?", "RTX 5090 多少钱": not in the catalogue, said first; for a GPU-like
            # name ("GB200", "H300"), the catalogue's nearest parts rather than all of it
            reply.add("not_in_catalogue", name=other or unknown, gpu=unknown is not None, nearest=bool(near))
        at = _provider_priced(q)
        power = power_bound(normalise(q.text).lower)
        # "显存 48G 的卡有哪些？国内能租到的": the cards a Chinese cloud rents (not with a provider named)
        china = q.u.region == "cn" and at is None
        answer_gpus(
            q.kb, "list_gpus", (), reply, memory=_memory_asked(q), at=at, only=near, power=power, china=china
        )
        return True
    catalog = q.kb.catalog
    # "显存超过 100G 又支持 FP8 的卡": the memory asked for filters the list too
    memory = _memory_asked(q)
    supported = [g for g in catalog.gpus if getattr(g.tflops, fmt)]
    shown = [g for g in supported if memory is None or holds(g, memory)]
    views = [gpu_view(g, catalog) for g in sorted(shown, key=lambda g: -(getattr(g.tflops, fmt) or 0))]
    reply.add(
        "gpu_format_list",
        fmt=fmt,
        gpus=views,
        others=len(catalog.gpus) - len(supported),
        memory=memory,
        left_out=len(supported) - len(shown),
    )
    return True


# The catalogue's extremes a question may ask for, and the figure each ranks by.
SUPERLATIVES = ("memory", "compute", "bandwidth")
SUPERLATIVE_SHOWN = 5


def superlative(text: str) -> str | None:
    """ "显存最大的卡是哪张" -> "memory", "fastest gpu" -> "compute", "带宽最高" -> "bandwidth"; else None."""

    low = normalise(text).lower
    # Bandwidth before memory: "highest memory bandwidth" holds "highest memory".
    for name, words in (
        ("value", cues.MOST_VALUE),
        ("bandwidth", cues.MOST_BANDWIDTH),
        ("memory", cues.MOST_MEMORY),
        ("compute", cues.MOST_COMPUTE),
    ):
        if has_cue(low, words):
            return name
    return None


def _most(q: Question, most: str, reply: Reply) -> bool:
    """The catalogue ranked by the figure asked for, the top one first (the GPU boards, not variants)."""
    if most == "value":
        return _best_value(q, reply)

    def figure(g: GpuSpec) -> float:
        if most == "memory":
            return g.memory_gb
        if most == "bandwidth":
            return g.memory_bandwidth_tbs or 0.0
        return g.tflops.bf16 or g.tflops.fp16 or 0.0

    catalog = q.kb.catalog
    ranked = sorted((g for g in catalog.gpus if g.variant_of is None), key=lambda g: (-figure(g), g.id))
    records = {r.id: r for r in q.kb.gpu_records}
    views = [
        _with_china_price(q.kb, g, gpu_view(g, catalog, records.get(g.id)))
        for g in ranked[:SUPERLATIVE_SHOWN]
    ]
    # GPUs level with the top one (the B300 and MI355X both have 288 GB) share the headline
    tied = sum(1 for g in ranked[:SUPERLATIVE_SHOWN] if figure(g) == figure(ranked[0])) if ranked else 0
    reply.add("gpu_superlative", most=most, gpus=views, tied=max(tied, 1))
    return True


def _best_value(q: Question, reply: Reply) -> bool:
    """The GPUs the clouds price, ranked by work per dollar: dense BF16 (else FP16) TFLOPS per $/GPU-hour for
    training, memory bandwidth per $/GPU-hour when the message is about inference (the figures the value
    verdicts weigh, answers/compare.figures). Chinese marketplace prices are another market, not ranked."""
    from bot.dialogue.answers.compare import figures

    key = "bw_per_usd" if q.u.task == "serve" else "tflops_per_usd"
    views = [figures(q, g) for g in q.kb.catalog.gpus if g.variant_of is None]
    ranked = sorted((v for v in views if v[key] and v["market"] == "global"), key=lambda v: -float(v[key]))
    reply.add("gpu_superlative", most="value", key=key, gpus=ranked[:SUPERLATIVE_SHOWN])
    return True


def lists_linked(text: str) -> bool:
    """ "哪些卡有 NVLink", "which gpus have nvlink?": the GPUs with a GPU-to-GPU link (no GPU named)."""
    from bot.dialogue.answers.capability import topic

    low = normalise(text).lower
    # The plain word first: most messages do not say it, and the topic reads every topic's cues.
    return "nvlink" in low and topic(text) in ("nvlink", "multi") and has_cue(low, WHICH_GPUS)


def _linked(q: Question, reply: Reply) -> bool:
    """The GPUs with NVLink / Infinity Fabric, fastest link first, and how many GPUs each link joins."""
    catalog = q.kb.catalog
    linked = sorted(
        (g for g in catalog.gpus if g.scale_up_gbs and g.variant_of is None),
        key=lambda g: (-(g.scale_up_gbs or 0), g.id),
    )
    views = [gpu_view(g, catalog) for g in linked]
    reply.add("gpu_link_list", gpus=views, others=sum(1 for g in catalog.gpus if not g.scale_up_gbs))
    return True


def lists_mig(text: str) -> bool:
    """ "哪些卡支持MIG", "which GPUs support MIG?": the GPUs that split into MIG instances (no GPU named)."""
    from bot.dialogue.answers.capability import topic

    low = normalise(text).lower
    return topic(text) == "mig" and has_cue(low, WHICH_GPUS)


def lists_by_power(text: str) -> bool:
    """ "list GPUs under 100W", "功耗 300 瓦以下的卡有哪些": GPUs asked for by a TDP bound (no GPU named)."""
    low = normalise(text).lower
    return power_bound(low) is not None and (
        has_cue(low, WHICH_GPUS) or has_cue(low, LIST_GPUS) or "哪些" in low
    )


def _mig_list(q: Question, reply: Reply) -> bool:
    """The GPUs with MIG, most instances first, each with its smallest instance's memory."""
    from bot.dialogue.answers.capability import mig_split

    catalog = q.kb.catalog
    records = {r.id: r for r in q.kb.gpu_records}
    rows = []
    for g in catalog.gpus:
        split = mig_split(g, records.get(g.id))
        if split is not None:
            rows.append({**gpu_view(g, catalog), **split})
    rows.sort(key=lambda r: (-r["instances"], -r["slice_gb"], r["name"]))
    reply.add("gpu_mig_list", gpus=rows, others=len(catalog.gpus) - len(rows))
    return True


def number_format(text: str) -> str | None:
    """The number format a catalogue question filters on ("which GPUs support FP8?"), if any."""
    from bot.dialogue.answers.capability import topic

    found = topic(text)
    return found if found in ("fp8", "bf16") else None


@functools.cache
def _any_other_accelerator() -> re.Pattern[str]:
    """Any OTHER_ACCELERATORS cue anywhere (as plain substrings): one search, not a test per cue."""

    return re.compile("|".join(map(re.escape, OTHER_ACCELERATORS + CPU_ONLY)))


def other_accelerator(text: str, low: str | None = None) -> str | None:
    """The non-GPU accelerator a message names ("TPU", "Gaudi 3", "昇腾"), as written, or "CPU" for a
    job on the CPU alone ("只用 CPU 部署"), if any: the catalogue holds NVIDIA and AMD GPUs only, and the
    answer says so before listing them. `low`: the text already normalised and lower-cased, when the
    caller has it."""

    low = normalise(text).lower if low is None else low
    if _any_other_accelerator().search(low) is None:
        return None  # a plain substring test first: find_phrase only finds what it contains
    for cue in OTHER_ACCELERATORS:
        at = find_phrase(low, cue)
        if at != -1:
            return text[at : at + len(cue)] if len(text) == len(low) else cue.upper()
    return "CPU" if any(find_phrase(low, cue) != -1 for cue in CPU_ONLY) else None


def unknown_gpu(text: str, low: str | None = None) -> str | None:
    """A GPU-like name the catalogue does not know ("RTX 5090", "H300"), as the user wrote it."""

    low = normalise(text).lower if low is None else low
    names = unknown_gpu_names(low)
    if not names:
        return None
    at = low.find(names[0])
    return text[at : at + len(names[0])] if len(text) == len(low) and at != -1 else names[0].upper()


# How alike a name must be to a catalogue part's ("GB200" and "B200", "RTX 5090" and "RTX 4090") for
# that part to be listed as the nearest; parts within NEAR_SPREAD of the best are listed beside it.
NEAR_CUTOFF = 0.6
NEAR_SPREAD = 0.05


def nearest_parts(catalog: Any, name: str, priced: Collection[str] = ()) -> frozenset[str] | None:
    """The ids of the catalogue GPUs whose model name is nearest to `name`, one the catalogue lacks
    ("GB300" → the B300; "RTX 5080" → the RTX 5090; "H300" → the H100s, H200, H800), or None when none
    is alike (then the whole list is the answer). `priced`: the GPUs with a price; when none of the
    nearest has one, the nearest of those join them, so a price question gets a price ("RTX 5080 多少钱"
    → the RTX 5090, unpriced, and the RTX 4090)."""
    from difflib import SequenceMatcher

    def core(s: str) -> str:  # the model name: "NVIDIA H100 SXM5" → "h100", "GeForce RTX 4090" → "rtx4090"
        s = re.sub(r"\b(nvidia|amd|instinct|geforce)\b|\(.*?\)", " ", s.lower())
        m = re.search(r"[a-z]*\s*[a-z]*\s*\d+[a-z]?", s)
        return re.sub(r"\s+", "", m.group() if m else s)

    def nearest(scored: list[tuple[float, str]]) -> frozenset[str]:
        best = max((s for s, _ in scored), default=0.0)
        return frozenset(gid for s, gid in scored if best >= NEAR_CUTOFF and s >= best - NEAR_SPREAD)

    asked = core(name)
    scored = [(SequenceMatcher(None, asked, core(g.name)).ratio(), g.id) for g in catalog.gpus]
    near = nearest(scored)
    if not near:
        return None
    if priced and not near & set(priced):
        near |= nearest([(s, gid) for s, gid in scored if gid in priced])
    return near


def outside_catalogue(text: str) -> str | None:
    """An accelerator or GPU the catalogue does not hold, named in `text`."""

    low = normalise(text).lower
    return other_accelerator(text, low) or unknown_gpu(text, low)
