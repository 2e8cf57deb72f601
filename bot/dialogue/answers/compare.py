""" "Is the H20 faster than the H100?", "H800 和 H100 有什么区别": a yes/no question gets Yes or No
first, then the figures that decide it; a "what is the difference" gets the differences that
matter (compute, memory, bandwidth, the GPU-to-GPU link, FP64 where the catalogue has it, price)
and what they mean for training and serving."""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.answers import capability
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.prices import cheapest, cheapest_per_cloud, every_market, quote
from bot.dialogue.hardware import CHINA_GPUS, capacity, main_variant
from bot.dialogue.reply import Reply
from bot.nlu.counts import counts_by_gpu
from bot.nlu.gpus import find_gpus
from bot.nlu.lexicon import find_phrase, has_cue
from bot.nlu.providers import find_providers
from bot.nlu.question_cues import (
    CUT_DOWN,
    DIFFERENCE,
    LLM_WORK,
    SAME_ASKS,
    SAME_MEMORY,
    SAME_SPEED,
    UPGRADE_ASKS,
    VALUE_ASKS,
    WORTH_ASKS,
)
from bot.nlu.text import normalise
from bot.render.views import find_entry, pick
from knowledge.names import BOTH, EITHER_OR, VERSUS, alternation
from sizing.calibration import H_REF
from sizing.compute import base_mfu
from sizing.errors import SizingError
from sizing.types import GpuSpec, Method

NEEDS = ("two GPUs",)
DEFAULTS = {"variant": "the SXM board of a family, or the other GPU's form factor"}
# What a comparison asks about, and in which direction: +1 "more/faster", -1 "less/slower".
ASPECTS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    # A premise that two GPUs are equally fast ("the H100 PCIe and SXM are the same speed, so I should rent
    # the cheaper one, right?"): checked first, whatever else the message weighs.
    ("same_speed", 0, SAME_SPEED),
    # the same bandwidth or link ("the same memory bandwidth as the A100?"): before "same memory" reads it
    ("bandwidth", 0, ("same memory bandwidth", "same bandwidth", "带宽一样", "带宽相同")),
    ("link", 0, ("same nvlink", "same interconnect", "same link", "nvlink 一样", "nvlink一样", "互联一样")),
    ("memory", 0, SAME_MEMORY),
    # Value for money: dense TFLOPS per dollar-hour (before "better", which alone asks about speed).
    ("value", 1, VALUE_ASKS),
    ("price", -1, ("cheaper", "less expensive", "costs less", "cost less", "便宜", "省钱", "价格差", "差价",
                   "价差",
                   "price difference", "price gap")),
    # "价钱差多少", "每小时差多少钱", "how much more per hour": the price, whichever way
    ("price", 1, ("more expensive", "pricier", "costlier", "costs more", "cost more", "贵", "多少钱", "价钱",
                  "价格", "how much more", "per hour", "an hour", "price", "每小时", "一小时")),
    # "more memory bandwidth" is bandwidth, before "more memory" reads it as memory
    ("bandwidth", 1, ("more memory bandwidth", "higher memory bandwidth", "显存带宽更高", "显存带宽更大")),
    ("memory", 1, ("more memory", "more vram", "bigger memory", "larger memory", "显存更大", "显存大",
                   "显存多", "显存更多")),
    ("memory", -1, ("less memory", "less vram", "smaller memory", "显存更小", "显存小", "显存少")),
    ("bandwidth", 1, ("more bandwidth", "higher bandwidth", "带宽更高", "带宽更大", "带宽高")),
    # memory named with "how far apart" ("H100 跟 H200 的記憶體差多少"): that figure, before "差多少" reads
    # as speed
    ("memory", 1, ("显存差", "显存相差", "显存容量差", "记忆体差", "记忆体相差", "memory difference",
                   "difference in memory", "vram difference", "difference in vram", "memory gap")),
    # GPU-to-GPU link, then memory bandwidth, named with "how far apart" ("A100 和 H100 的显存带宽差多少"):
    # that figure, before "差多少" reads as speed
    ("link", 1, ("nvlink 带宽", "nvlink带宽", "nvlink bandwidth", "互联带宽", "卡间带宽",
                 "interconnect bandwidth")),
    ("bandwidth", 1, ("显存带宽", "memory bandwidth", "带宽", "bandwidth")),
    # "差在哪", "强化" are not comparisons of speed: only the comparative forms count.
    ("speed", -1, ("slower", "weaker", "worse", "慢", "更弱", "更差")),
    ("speed", 1, ("faster", "quicker", "more powerful", "stronger", "快", "更强", "性能更", "算力更",
                  "吞吐高", "吞吐更高", "吞吐量高", "吞吐量更高", "higher throughput", "more throughput",
                  # "4090 和 3090 差多少": how far apart, which for GPUs is their speed
                  "差多少", "差距", "差几倍", "how far apart",
                  # the difference named by its figure: "whats the speed diff(erence) between a100 and h100"
                  "speed difference", "difference in speed", "speed gap", "performance difference",
                  "difference in performance", "perf difference", "速度差", "性能差")),
    # Which to pick overall: compute first; with the same compute, memory and bandwidth decide.
    ("overall", 1, ("better", "outperform", "beat", "should i rent", "should i use", "should i pick",
                    "should i choose", "should i go with", "should we rent", "should we use",
                    "which one should", "recommend", "更好", "哪个好", "选哪个", "选哪张", "租哪个", "用哪个",
                    "更适合", "推荐哪",
                    # "L4 比 T4 好吗", "A100 跟 L40S 哪张比较好"
                    "好吗", "好不好", "比较好", "哪张好", "哪款好", "哪一个好", "哪个比较好")),
)  # fmt: skip
# "Which suits / is better for" a job: about inference (Parse.task "serve") the pick is made for serving.
SUITS = ("适合", "合适", "suits", "suited", "better for", "good for", "best for", "more suitable")
# FP64 rates this many times apart are worth a sentence (H800 ~1 TFLOPS against the H100's 67).
FP64_GAP = 4.0
# Within this ratio two figures count as the same ("about the same").
SAME = 0.05
EXPORT_FAQ = "faq.h800_h20_export"


# Memory weighed with the other GPU between ("显存也比 H100 小吧", "显存比 A100 大吗"): the comparative
# after it.
_MEMORY_THAN = re.compile(r"显存[^，,。？?]{0,4}比[^，,。？?]{1,16}?(小|少|大|多)")


def aspect(text: str) -> tuple[str | None, int]:
    low = normalise(text).lower
    memory = _MEMORY_THAN.search(low)
    if memory is not None:
        return "memory", -1 if memory.group(1) in "小少" else 1
    for name, direction, cues in ASPECTS:
        if any(find_phrase(low, c) != -1 for c in cues):
            return name, direction
    return None, 1


# Where a message asks a second thing ("哪个推理快？每小时差多少钱", "which has more bandwidth, and how much
# more per hour is it?"): its clauses.
_CLAUSE = re.compile(r"[，,。;；?？!！]|\band\b|\balso\b|还有|另外|以及|并且|而且|同时")
# A clause that asks which of the two without naming a figure ("哪个推理延迟低", "which is better"): a
# question of its own, answered by the default verdict, before the figure a later clause asks.
_ASKS_WHICH = re.compile(r"哪|\bwhich\b|吗|是否|\bwhether\b|\bis the\b|\bdoes the\b")
# "How far apart" alone: a later clause with only these asks the gap of the figure before it.
_GAP = re.compile(r"差多少倍|差多少|差几倍|差距|相差|how far apart")
# The figures a later clause may ask beside the first verdict (each gets its own verdict).
ALSO_ASPECTS = ("price", "speed", "memory", "bandwidth", "link", "value")


def aspects(text: str) -> list[tuple[str | None, int]]:
    """The aspects a message asks, in the order its clauses ask them: [] or one for a single ask (then
    `aspect` over the whole text decides); a first None where a clause asks "which" with no figure
    before a clause that names one ("A10 和 L4 哪个推理延迟低？价格差多少")."""
    out: list[tuple[str | None, int]] = []
    low = normalise(text).lower
    for part in _CLAUSE.split(low):
        name, direction = aspect(part)
        if name is None:
            if not out and _ASKS_WHICH.search(part):
                out.append((None, 1))
            continue
        if out and name == "speed" and aspect(_GAP.sub(" ", part))[0] is None:
            continue  # "NVLink 带宽各是多少？差几倍？": how far apart the figure just asked, not their speed
        if name not in [n for n, _ in out]:
            out.append((name, direction))
    if out and out[0][0] is None and len(out) == 1:
        return []
    return out if len(out) >= 2 else []


def answer(q: Question, reply: Reply, *, judge: bool = True, brief: bool = False) -> bool:
    """`judge`: False beside a job already sized on both GPUs (which says which to take): the figures
    and what differs, without a second verdict. `brief`: the verdict alone, before another answer to
    the same message ("H800 跟 H100 差在哪？各多少钱": the difference, then the price answer)."""
    low = normalise(q.text).lower
    upgrade = has_cue(low, UPGRADE_ASKS)
    names = upgrade_first(low, q.u.gpus) if upgrade else list(q.u.gpus)
    first = main_variant(q.catalog, names[0]) if names else None
    specs: list[GpuSpec] = [first] if first is not None else []
    named: dict[str, GpuSpec] = {names[0]: first} if first is not None else {}
    for name in names[1:]:
        spec = main_variant(q.catalog, name, like=first)
        if spec is not None and spec not in specs:
            specs.append(spec)
            named[name] = spec
    if len(specs) < 2:
        return False
    # Prices as the price answer quotes them: where one of the GPUs has only a Chinese marketplace
    # price (RTX 4090, H20), the others are priced in that market too where it lists them.
    cn = q.u.region == "cn" or any(cheapest(q.catalog, s) is None for s in specs)
    at = providers_named_with(q.text, named)  # "H100 on Lambda or A100 on GCP": each at its own
    views = [figures(q, s, cn=cn, at=at.get(s.id)) for s in specs]
    asked, direction = aspect(q.text)
    more = [(n, d) for n, d in aspects(q.text) if n is None or n in ALSO_ASPECTS]
    if len(more) >= 2 and asked not in ("same_speed", "same"):
        # Two asks in one message: the first clause's verdict first, then each other figure's.
        (asked, direction), more = more[0], more[1:]
    else:
        more = []
    # the cue list worth.asks reads; "should I upgrade to the SXM?" asks whether the SXM is worth it
    worth = upgrade or has_cue(low, WORTH_ASKS)
    if worth and asked in (None, "overall", "price"):
        asked, direction = "value", 1  # "B200 值得租吗 还是继续用 H100": the first one's work per dollar
    if asked is None and has_cue(normalise(q.text).lower, SAME_ASKS):
        asked = "same"  # "is the A10G the same as the A10?": yes/no over every figure, what differs
    cut = has_cue(low, CUT_DOWN) and asked in (None, "overall", "same")
    if cut:
        asked = "same"  # "H20 是不是阉割版 H100": what was cut, with the verdict on it
    # "A800 和 A100 有什么区别": what differs, said first (the same figures as "is it the same part?")
    # Beside a job sized on both (judge False) the difference is all that is left to say.
    difference = asked is None and not worth and (not judge or (q.u.task != "serve" and not _names_job(q)))
    difference = difference and has_cue(low, DIFFERENCE)
    if difference:
        asked = "same"
    if q.u.task == "serve" and asked == "value" and not worth and all(v.get("bw_per_usd") for v in views):
        # "a100 vs l40s 推論 哪個划算": value for serving, memory bandwidth per dollar (decoding is bound
        # by it)
        asked = "serving_value"
    if q.u.task == "serve" and asked in (None, "overall") and not difference:
        # "L4 跟 T4 哪個比較適合推論", "H100 vs H200 for inference?": memory, then bandwidth decide
        asked, direction = "serving", 1
    elif asked in (None, "overall") and (_names_job(q) or (asked is None and q.u.task == "train")):
        # "L40S 和 A100 哪个比较适合微调", "H100 or A100 for fine-tuning?": two GPUs weighed for a training
        # job, by work per dollar, then what each card holds
        asked = "job"
    fp8 = fp8_gap(views) if q.slot("precision") == "fp8" else None
    if q.u.task == "serve" and asked == "speed" and fp8 is None and decodes_by_bandwidth(views[0], views[1]):
        asked = "decode"  # "L4 和 A10 哪个推理快": decoding reads the weights, so memory bandwidth decides
    verdict: dict[str, Any] | None
    # "8x A100 or 4x H100, which is faster?": the verdict weighs the sets counted (the table stays per GPU)
    sets = _counted_sets(q, named, views, reply.lang) if asked in SET_ASPECTS else None
    if asked == "job":
        verdict = for_job(q, views[0], views[1])
    elif asked == "same":
        verdict = same_part(q, specs[0], specs[1])
        if difference:
            verdict.update(difference=True, yes_no=False)
        if cut:
            verdict.update(cut_down=_cut_down(specs[0], specs[1], verdict["differ"]))
    else:
        a, b = sets or (views[0], views[1])
        verdict = decide(a, b, asked, direction, q.u.yes_no) if asked is not None else None
    if fp8 is not None and asked == "speed":
        verdict = None  # "A100 跟 H100 的 FP8 算力差多少": the FP8 line is the answer, not the BF16 speed
    if verdict is not None and asked == "speed" and not sets and q.u.task != "serve":
        # "whats the speed diff between a100 and h100 for training like 2x?": the peak ratio overstates
        # what training sees; the time model's realised ratio, and the user's guess weighed against it
        verdict.update(_realised(specs[0], specs[1], verdict["ratio"], low))
        if verdict.get("flips") and verdict.get("answer") in ("yes", "no"):
            # "is an L40S faster than an A100 for LoRA?": more peak compute, slower training; the verdict
            # follows the training
            verdict["answer"] = "no" if verdict["answer"] == "yes" else "yes"
            verdict["winner"] = verdict["realised_winner" if direction > 0 else "realised_loser"]
    if worth and verdict is not None and asked == "value":
        verdict["worth"] = True
    if asked in ("price", "value") and verdict is None:
        # "A800 和 H800 哪个便宜" with no price for one: said first, with the price there is.
        verdict = {"answer": "unpriced", "missing": [v["name"] for v in views if not v["price"]]}
        if asked == "value" and q.u.task != "serve":
            verdict.update(_break_even(specs, views, low))
    if not judge and not difference:
        verdict = None
    also = [
        v for v in (_also(q, views, name, d) for name, d in more) if v is not None and v["aspect"] != asked
    ]
    if not brief and any(s.id in CHINA_GPUS for s in specs) and find_entry(q.kb, EXPORT_FAQ) is not None:
        reply.add_faq(EXPORT_FAQ)  # the export variants' FAQ says the same, with its sources
    reply.add(
        "compare",
        gpus=views,
        aspect=asked,
        direction=direction,
        verdict=verdict,
        also=also if judge else [],
        # The FP64 remark is for a bare comparison: a question about LLM training or serving is not
        # decided by it ("A100 vs L40S for training?").
        fp64_gap=None if has_cue(low, LLM_WORK) or q.u.task == "serve" else fp64_gap(views),
        fp8=fp8,
        sets=list(sets) if sets else None,
        # "faster for inference" decided by compute: the figure is about prefill and batched decoding there
        for_serving=q.u.task == "serve",
        brief=brief,
    )
    return True


# Figures that add up over a set of GPUs: "8x A100 or 4x H100, which is faster?" weighs the sets.
SET_ASPECTS = ("speed", "overall", "memory", "bandwidth")
_SUMMED = ("bf16", "fp8", "memory_gb", "bandwidth_tbs")


def _counted_sets(
    q: Question, named: dict[str, GpuSpec], views: list[dict[str, Any]], lang: str
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The two GPUs as the sets the message counts ("8x A100 or 4x H100"): each view with its summed
    figures and its count in the name; None unless both are counted, differently."""
    counts = counts_by_gpu(q.text)
    by_id = {spec.id: counts.get(name) for name, spec in named.items()}
    n = [by_id.get(v["id"]) for v in views[:2]]
    if not all(n) or n[0] == n[1]:
        return None
    out = []
    for view, count in zip(views[:2], n, strict=True):
        summed = {k: (view[k] * count if view.get(k) else view.get(k)) for k in _SUMMED}
        name = f"{count} 张 {view['name']}" if lang.startswith("zh") else f"{count} × {view['name']}"
        out.append({**view, **summed, "name": name})
    return out[0], out[1]


# Compute this many times apart decides inference speed too (prefill and batched decoding run on it), even
# against more bandwidth: the H20 (4 TB/s, 148 TFLOPS) is not "faster for inference" than the H100.
COMPUTE_DECIDES = 1.5


def decodes_by_bandwidth(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether memory bandwidth answers "which is faster for inference": it and compute agree, or the
    compute is within COMPUTE_DECIDES of each other."""
    bw = (a.get("bandwidth_tbs") or 0, b.get("bandwidth_tbs") or 0)
    flops = (a.get("bf16") or 0, b.get("bf16") or 0)
    if not all(bw) or not all(flops):
        return False
    agree = (bw[0] >= bw[1]) == (flops[0] >= flops[1])
    return agree or max(flops) / min(flops) < COMPUTE_DECIDES


def _also(
    q: Question, views: list[dict[str, Any]], name: str | None, direction: int
) -> dict[str, Any] | None:
    """The verdict on a second figure the message asks ("……价格差多少"), never a yes/no (that is the first
    ask's); the price says so where the catalogue has none for one of them."""
    if name is None:
        return None
    if q.u.task == "serve" and name == "speed" and decodes_by_bandwidth(views[0], views[1]):
        name = "decode"
    verdict = decide(views[0], views[1], name, direction, False)
    if name == "price" and verdict is None:
        verdict = {"answer": "unpriced", "missing": [v["name"] for v in views if not v["price"]]}
    return {"aspect": name, "direction": direction, "verdict": verdict} if verdict is not None else None


# The word before the GPU a message moves to: "upgrade to the SXM", "升级到 H100", "my A100 to an H100".
_MOVED_TO = re.compile(r"(?:\bto|\binto|到|成|为)\s*(?:(?:the|an|a)\s+)?$")


def upgrade_first(text: str, gpus: tuple[str, ...]) -> list[str]:
    """The GPUs of an upgrade question, the one moved to first (the one weighed as worth it): the GPU
    named right after "to" / "到" ("I have an H100 PCIe, should I upgrade to the SXM?"); the order
    named when no GPU follows such a word."""
    order = list(dict.fromkeys(gpus))
    for m in find_gpus(text):
        if m.gpu in order and _MOVED_TO.search(text[max(0, m.start - 12) : m.start]):
            order.remove(m.gpu)
            return [m.gpu, *order]
    return order


# The figures that make two GPUs different parts, in the order an answer names them: (view key, the
# GpuRecord figure's path).
PART_FIGURES = (
    ("bf16", ("tflops", "bf16")),
    ("fp8", ("tflops", "fp8")),
    ("memory_gb", ("memory_gb",)),
    ("bandwidth_tbs", ("memory_bandwidth_tbs",)),
    ("link_gbs", ("scale_up",)),
)


def same_part(q: Question, a: GpuSpec, b: GpuSpec) -> dict[str, Any]:
    """Whether two GPUs are the same part: "no" with each figure that differs (beyond SAME), both
    values and the sources the catalogue read them from; "yes" when every figure agrees."""
    records = {r.id: r for r in q.kb.gpu_records}
    sources = q.kb.gpu_sources

    def figure(spec: GpuSpec, path: tuple[str, ...]) -> tuple[float | None, list[str]]:
        node: Any = records.get(spec.id)
        for name in path:
            node = getattr(node, name, None)
        value = getattr(node, "gbs" if path == ("scale_up",) else "value", None)
        cites = [sources[k].citation if k in sources else k for k in getattr(node, "src", ())]
        return (float(value) if value else None), cites

    differ: list[dict[str, Any]] = []
    alike: list[dict[str, Any]] = []  # the figures both have and agree on (the A10G's memory is the A10's)
    for key, path in PART_FIGURES:
        (x, x_src), (y, y_src) = figure(a, path), figure(b, path)
        if (x or 0) == (y or 0) or (x and y and abs(x / y - 1) <= SAME):
            if x:
                alike.append({"key": key, "a": x})
            continue
        differ.append({"key": key, "a": x, "b": y, "sources": list(dict.fromkeys([*x_src, *y_src]))})
    notes = [pick(r.note, q.lang) for r in (records.get(a.id), records.get(b.id)) if r is not None and r.note]
    return {
        "answer": "no" if differ else "yes",
        "differ": differ,
        "alike": alike,
        "notes": notes,
        "yes_no": True,
    }


def _cut_down(a: GpuSpec, b: GpuSpec, differ: list[dict[str, Any]]) -> dict[str, Any]:
    """Whether `a` is a cut-down `b`: the same architecture, and every figure that differs lower on `a`
    ("yes"); lower in some and higher in others ("partly", the H20: more memory, a seventh of the compute);
    "no" across architectures or when nothing is lower."""
    lower = [d for d in differ if (d["a"] or 0) < (d["b"] or 0)]
    higher = [d for d in differ if (d["a"] or 0) > (d["b"] or 0)]
    if a.architecture != b.architecture or not lower:
        answer = "no"
    else:
        answer = "partly" if higher else "yes"
    return {
        "answer": answer,
        "arch": a.architecture,
        "other_arch": b.architecture,
        "lower": lower,
        "higher": higher,
    }


def fp8_gap(views: list[dict[str, Any]]) -> dict[str, Any] | None:
    """FP8 asked of two GPUs. Where one has no FP8 Tensor Cores (A100 against H100), that one runs FP8
    work at its BF16 (else FP16) rate, which is said first; where both have FP8, their FP8 rates
    ("both", with `ratio` first/second and `same` within SAME); None when neither has it."""
    without = [v for v in views if not v["fp8"] and v["bf16"]]
    with_fp8 = [v for v in views if v["fp8"]]
    if len(with_fp8) == len(views) == 2:
        ratio = with_fp8[0]["fp8"] / with_fp8[1]["fp8"]
        return {"both": True, "ratio": ratio, "same": abs(ratio - 1) <= SAME}
    if len(without) != 1 or not with_fp8:
        return None
    best = max(with_fp8, key=lambda v: v["fp8"])
    return {"without": without[0], "with": best, "ratio": best["fp8"] / without[0]["bf16"]}


# What separates the alternatives of a comparison ("H100 on Lambda or A100 on GCP", "阿里云的 A100 还是
# AutoDL 的 4090"), so each GPU is paired with the provider named in its own part.
_PARTS = re.compile(alternation((*EITHER_OR, *VERSUS, *BOTH, "对比")) + "|[,，;；]")


def providers_named_with(text: str, named: dict[str, GpuSpec]) -> dict[str, str]:
    """GPU id -> the provider named in the same part of the message as that GPU, where each part
    names one GPU and at most one provider; {} when the message does not pair them."""
    out: dict[str, str] = {}
    for part in _PARTS.split(normalise(text).lower):
        gpus = {m.gpu for m in find_gpus(part) if m.gpu in named}
        clouds = find_providers(part)
        if len(gpus) > 1 or len(clouds) > 1:
            return {}
        if gpus and clouds:
            out[named[gpus.pop()].id] = clouds[0]
    return out


def figures(q: Question, spec: GpuSpec, *, cn: bool = False, at: str | None = None) -> dict[str, Any]:
    """A GPU's figures and its headline price; `at`: the price at that provider (where the question
    names one with the GPU), None there when that provider does not list it."""
    record = next((r for r in q.kb.gpu_records if r.id == spec.id), None)
    fp64 = getattr(record, "fp64", None)
    price = quote(q.kb, spec, cn=cn) if at is None else quote_at(q.kb, spec, at)
    return {
        "id": spec.id,
        "name": spec.name,
        "memory_gb": spec.memory_gb,
        "bandwidth_tbs": spec.memory_bandwidth_tbs,
        "bf16": spec.tflops.bf16 or spec.tflops.fp16,
        "fp8": spec.tflops.fp8,
        # FP64 vector and Tensor Core rates (gpus.yaml), None where no source gives one.
        "fp64": getattr(getattr(fp64, "vector", None), "value", None),
        "fp64_tensor": getattr(getattr(fp64, "tensor", None), "value", None),
        "fp64_best": max(
            (x for k in ("vector", "tensor") if (x := getattr(getattr(fp64, k, None), "value", None))),
            default=None,
        ),
        "link_gbs": spec.scale_up_gbs or 0.0,
        "link": "Infinity Fabric" if spec.vendor == "amd" else ("NVLink" if spec.scale_up_gbs else "PCIe"),
        "domain": spec.scale_up_domain,
        "segment": spec.segment,
        "usd_per_gpu_hour": price["usd_per_gpu_hour"] if price else None,
        # Dense BF16 TFLOPS per dollar-hour: what a rented hour of training buys.
        "tflops_per_usd": (spec.tflops.bf16 or spec.tflops.fp16 or 0) / price["usd_per_gpu_hour"]
        if price
        else None,
        # Memory bandwidth in GB/s per dollar-hour: what a rented hour of serving (decode) buys.
        "bw_per_usd": spec.memory_bandwidth_tbs * 1000 / price["usd_per_gpu_hour"]
        if price and spec.memory_bandwidth_tbs
        else None,
        "as_of": price["as_of"] if price else None,
        # The price in the currency it is listed in (CNY for a Chinese marketplace) and where.
        "price": price["per_gpu_hour"] if price else None,
        "currency": price["currency"] if price else None,
        "market": price["market"] if price else None,
        "cloud": price["cloud"] if price else None,
        "at": at,  # the provider the question named with this GPU, priced there
    }


def quote_at(kb: Any, spec: GpuSpec, cloud: str) -> dict[str, Any] | None:
    """`quote`'s row for the cheapest on-demand listing of `spec` at one provider (any market)."""
    catalog = every_market(kb)
    rows = cheapest_per_cloud(catalog, spec, (cloud,))
    if not rows:
        return None
    found = rows[0]
    market = "cn" if found["currency"] == "CNY" else "global"
    rate = catalog.usd_to_cny if found["currency"] == "CNY" else 1.0
    return {**found, "market": market, "per_gpu_hour": found["usd_per_gpu_hour"] * rate}


def fp64_gap(views: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The lowest and highest FP64 rate (each GPU's best: Tensor Core where it has one) when they
    are FP64_GAP times apart or more, else None."""
    rated = [v for v in views if v["fp64_best"]]
    if len(rated) < 2:
        return None
    low = min(rated, key=lambda v: v["fp64_best"])
    high = max(rated, key=lambda v: v["fp64_best"])
    ratio = high["fp64_best"] / low["fp64_best"]
    return {"low": low, "high": high, "ratio": ratio} if ratio >= FP64_GAP else None


METRIC = {
    "same_speed": "bf16",
    "value": "tflops_per_usd",
    "serving_value": "bw_per_usd",
    "speed": "bf16",
    "overall": "bf16",
    "memory": "memory_gb",
    "bandwidth": "bandwidth_tbs",
    "decode": "bandwidth_tbs",
    "link": "link_gbs",
    "price": "usd_per_gpu_hour",
}


def _suits(text: str) -> bool:
    low = normalise(text).lower
    return any(find_phrase(low, c) != -1 for c in SUITS)


# A speed-up the user guesses: "like 2x?", "is it really 3x faster", "2 倍吗".
_GUESS = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:x|×|倍)"
    r"(?=\s*(?:faster|slower|quicker|speed|as fast|more|than|or\b|吗|左右|\?|？|,|$))"
)
# Within this share of the realised speed-up a guess is about right.
GUESS_NEAR = 0.15


def _realised(a: GpuSpec, b: GpuSpec, peak: float, low: str) -> dict[str, Any]:
    """The training speed ratio a/b in the time model (dense BF16 × calibrated MFU at a 7B-class width,
    sizing.compute.base_mfu), beside the peak ratio; and a guessed multiple ("like 2x?") judged against
    it: "near" (within GUESS_NEAR), "low", "between" (up to the peak ratio) or "high"."""
    if not a.tflops.bf16 or not b.tflops.bf16:
        return {}
    realised = (a.tflops.bf16 * base_mfu(a, "bf16", int(H_REF))) / (
        b.tflops.bf16 * base_mfu(b, "bf16", int(H_REF))
    )
    fast, fast_peak = max(realised, 1 / realised), max(peak, 1 / peak)
    out: dict[str, Any] = {
        "realised": realised,
        "realised_winner": (a if realised >= 1 else b).name,
        "realised_loser": (b if realised >= 1 else a).name,
        # the faster card by peak keeps a smaller lead in training: it loses more to non-matmul work
        "narrower": (realised >= 1) == (peak >= 1) and fast < fast_peak / (1 + GUESS_NEAR),
        # the card slower at peak trains faster: the other's memory bandwidth holds it back
        "flips": (realised >= 1) != (peak >= 1) and abs(peak - 1) > SAME and abs(realised - 1) > SAME,
    }
    said = _GUESS.search(low)
    if said is not None and float(said.group(1)) > 1:
        guess = float(said.group(1))
        out["guess"] = guess
        out["guess_is"] = (
            "near"
            if abs(guess / fast - 1) <= GUESS_NEAR
            else "low"
            if guess < fast
            else "between"
            if guess <= fast_peak * (1 + GUESS_NEAR)
            else "high"
        )
    return out


def _break_even(specs: list[GpuSpec], views: list[dict[str, Any]], low: str) -> dict[str, Any]:
    """ "A800 和 H800 值不值" with no price for one of them: which trains faster and by how much (the time
    model's ratio, as the speed verdict says it), and the price per GPU-hour at which the unpriced one costs
    as much per unit of work as the priced one: below it the unpriced one is the better buy."""
    priced = [i for i, v in enumerate(views) if v["price"]]
    if len(views) != 2 or len(priced) != 1:
        return {}
    p, m = priced[0], 1 - priced[0]
    ratio = _realised(specs[m], specs[p], 1.0, low).get(
        "realised"
    )  # the unpriced one's speed over the other's
    if not ratio:
        return {}
    return {
        "faster": views[m if ratio >= 1 else p]["name"],
        "times": max(ratio, 1 / ratio),
        "same_speed": abs(ratio - 1) <= SAME,
        "priced": views[p],
        "unpriced_name": views[m]["name"],
        "relative": ratio,
        "break_even": float(views[p]["price"]) * ratio,
    }


def decide(
    a: dict[str, Any], b: dict[str, Any], asked: str, direction: int, yes_no: bool
) -> dict[str, Any] | None:
    """The verdict on the asked figure: for "is A <more/less> than B" yes or no, for "which is
    <more/less>" the winner; `ratio` is A/B, "same" within SAME."""
    if asked == "serving":
        return _for_serving(a, b, yes_no)
    key = METRIC[asked]
    x, y = a.get(key), b.get(key)
    if not x or not y:
        return None
    ratio = float(x) / float(y)
    higher = a if ratio > 1 else b
    lower = b if ratio > 1 else a
    out = {
        "ratio": ratio,
        "key": key,
        "yes_no": yes_no,
        "winner": (higher if direction > 0 else lower)["name"],
    }
    if asked == "same_speed":
        out["answer"] = "yes" if abs(ratio - 1) <= SAME else "no"
        priced = [v for v in (a, b) if v.get("tflops_per_usd")]
        if len(priced) == 2:
            out["value_winner"] = max(priced, key=lambda v: float(v["tflops_per_usd"]))["name"]
        return out
    if direction == 0:
        # "an H100 has the same memory as an H200, right?": the premise of sameness, yes or no
        out.update(answer="yes" if abs(ratio - 1) <= SAME else "no", yes_no=True)
    elif abs(ratio - 1) <= SAME:
        out["answer"] = "same"
        if asked == "overall":
            out.update(_by_memory(a, b))
    else:
        out["answer"] = "yes" if (ratio > 1) == (direction > 0) else "no"
    if asked == "overall" and out.get("basis") != "memory":
        # The slower card with more memory is worth its sentence (H20 against H100, MI300X...).
        slower = lower if direction > 0 else higher
        faster = higher if direction > 0 else lower
        if (slower.get("memory_gb") or 0) > (faster.get("memory_gb") or 0) * (1 + SAME):
            out["roomier"] = slower["name"]
    return out


# What each card holds on its own, by the training job asked about ("微调" reads as full fine-tuning, for
# which LoRA is what most teams run on one card).
JOB_ROWS: dict[str, tuple[Method, ...]] = {
    "full_finetune": ("lora", "full_finetune"),
    "lora": ("lora",),
    "qlora": ("qlora",),
    "pretrain": ("pretrain",),
}


def _names_job(q: Question) -> bool:
    return q.u.said.get("method") is not None or capability.topic(q.text) == "training"


def for_job(q: Question, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Which of two GPUs suits a training job with no model size: the one that buys more training work
    per dollar (dense BF16 TFLOPS per dollar-hour; by compute where one is unpriced), and, where the
    other has clearly more memory, that one for the models the first cannot hold, with the largest model
    each holds on one card for the job's method (the engine's memory)."""
    method = str(q.slot("method") or "full_finetune")
    priced = bool(a["tflops_per_usd"] and b["tflops_per_usd"])
    key = "tflops_per_usd" if priced else "bf16"
    best, other = (a, b) if float(a[key] or 0) >= float(b[key] or 0) else (b, a)
    # Unpriced and the same compute (H100 against H800): the faster GPU-to-GPU link decides, as
    # multi-GPU training scales with it; never "more compute" for equal figures.
    tie = not priced and float(best["bf16"] or 0) <= float(other["bf16"] or 0) * (1 + SAME)
    links = float(a.get("link_gbs") or 0), float(b.get("link_gbs") or 0)
    if tie and links[0] != links[1]:
        best, other = (a, b) if links[0] > links[1] else (b, a)
    roomier = other if other["memory_gb"] > best["memory_gb"] * (1 + SAME) else None
    holds: list[dict[str, Any]] = []
    if roomier is not None:
        largest: dict[str, dict[str, Any]] = {}
        methods = JOB_ROWS.get(method, ("lora",))
        for view in (best, roomier):
            try:
                _, rows = capacity(view["id"], 1, q.catalog, q.today, methods)
            except SizingError:
                rows = []
            largest[view["id"]] = {r["method"]: r["params"] for r in rows}
        for m in methods:
            small, big = largest[best["id"]].get(m), largest[roomier["id"]].get(m)
            if big:
                holds.append({"method": m, "best": small, "roomier": big})
    return {
        "answer": "job",
        "yes_no": q.u.yes_no,  # "Is an H200 better than an H100 for fine-tuning?": about the first one
        "method": method if q.slot("method") else None,  # none said: "for training"
        "priced": priced,
        "same_compute": tie,
        "best": best,
        "other": other,
        "roomier": roomier,
        "holds": holds,
        "ratio": float(best[key] or 0) / float(other[key] or 1),
    }


def _for_serving(a: dict[str, Any], b: dict[str, Any], yes_no: bool) -> dict[str, Any] | None:
    """Serving an LLM: memory holds the weights and the KV cache (how large a model, how many users at
    once), bandwidth sets the decode speed; so memory decides, then bandwidth, then compute."""
    for key in ("memory_gb", "bandwidth_tbs", "bf16"):
        x, y = a.get(key), b.get(key)
        if not x or not y:
            continue
        ratio = float(x) / float(y)
        if abs(ratio - 1) > SAME:
            return {"ratio": ratio, "key": key, "yes_no": yes_no, "answer": "yes" if ratio > 1 else "no",
                    "winner": (a if ratio > 1 else b)["name"], "basis": "serving"}  # fmt: skip
    return {"ratio": 1.0, "key": "memory_gb", "yes_no": yes_no, "answer": "same", "winner": a["name"]}


def _by_memory(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Same compute: the card with more memory (then bandwidth) is the better pick for large models
    (H200 against H100); nothing when those are the same too."""

    def more(key: str) -> float:
        x, y = a.get(key) or 0, b.get(key) or 0
        return float(x) / float(y) if x and y else 1.0

    memory, bandwidth = more("memory_gb"), more("bandwidth_tbs")
    decisive = memory if abs(memory - 1) > SAME else bandwidth
    if abs(decisive - 1) <= SAME:
        return {}
    a_wins = decisive > 1
    return {"answer": "yes" if a_wins else "no", "basis": "memory", "winner": (a if a_wins else b)["name"]}
