""" "DeepSeek-V3 全参微调要多少显存？": the memory a training job needs, from the engine's memory model,
in the least-memory configuration it states (micro-batch 1, full activation checkpointing): the
whole model state, the total on one GPU, and the smallest GPU class that holds it with room to
spare, or the fewest GPUs of the large classes when no single GPU does. One row per method asked
(pre-training alone when that is asked), or full fine-tuning, LoRA and QLoRA side by side when none
is named."""

from __future__ import annotations

from typing import Any

from bot.dialogue.answers import feasibility
from bot.dialogue.answers.base import LIGHTER, Question, fewest_that_fit, model_state_gb, probe
from bot.dialogue.answers.feasibility import assumptions
from bot.dialogue.answers.prices import cheapest
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import FINE_TUNE_UNQUALIFIED, METHODS, has_cue
from bot.nlu.question_cues import CONFIRM_ASKS, MEMORY_CLAIMED, METHOD_ASKS
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry
from sizing.assumptions import MIN_HEADROOM
from sizing.calibration import QLORA_SLOWDOWN
from sizing.types import Catalog, GpuSpec, Method

NEEDS = ("params",)
DEFAULTS = {
    "method": "full fine-tuning, LoRA and QLoRA",
    "precision": "bf16",
    "micro_batch": 1,
    "recompute": "full",
}
# When no single GPU holds the job it is sharded over the large classes: the 80 GB class everyone
# rents, then the largest-memory NVIDIA parts in the catalogue.
REFERENCE_GPUS = ("h100-sxm", "h200", "b200")
ALL_METHODS: tuple[Method, ...] = ("full_finetune", "lora", "qlora")
# A job that needs a GPU larger than this is also shown sharded over several GPUs.
SHARD_ABOVE_GB = 80.0
# Sharding over the GPUs counted is worth a line when it leaves at most this share on each.
SHARDING_SAVES = 0.9
# GPUs named as examples of a memory class.
EXAMPLES = 3


def answer(q: Question, reply: Reply) -> bool:
    if q.slot("params") is None:
        return False
    if q.slot("gpu") or q.u.gpus:
        # "LoRA 70B on 8x A100, memory per GPU?": the memory on exactly that hardware, with the
        # verdict and what fits instead, is the feasibility answer.
        return feasibility.answer(q, reply, memory_asked=True)
    said: Method | None = q.slot("method")
    # The method asked, then the lighter ones that would need less ("7B 全参" also shows LoRA/QLoRA);
    # pre-training is its own question (its data and memory are not a fine-tune's).
    weighed = weighed_methods(q.text) if said is None else ()
    # "想微调 7B，用什么方法比较好": which method to take, no method chosen ("微调" alone is no choice)
    choosing = (
        not weighed and has_cue(normalise(q.text).lower, METHOD_ASKS) and said in (None, "full_finetune")
    )
    if choosing:
        said = None
    if said == "pretrain":
        methods: tuple[Method, ...] = ("pretrain",)
    elif weighed:
        methods = weighed  # "lora or qlora for a 13b?": the two weighed, side by side
    else:
        methods = (said, *LIGHTER.get(said, ())) if said else ALL_METHODS
    references = [g for gid in REFERENCE_GPUS if (g := q.catalog.gpu_or_none(gid)) is not None]
    if not references:
        return False
    rows: list[dict[str, Any]] = []
    assumed: dict[str, Any] = {}
    for method in methods:
        single = probe(q, references[-1], 1, method, minimal=True)
        if single is None:
            continue
        assumed = assumed or assumptions(q, single)
        need_gb = float(single["memory_per_gpu_gb"])
        smallest = smallest_class(q.catalog, need_gb)
        # Past the 80 GB class, sharding over 80 GB GPUs is the usual alternative to one big GPU.
        sharded = smallest is None or smallest["memory_gb"] > SHARD_ABOVE_GB
        rows.append(
            {
                "method": method,
                "state_gb": model_state_gb(single),
                "one_gpu_gb": need_gb,
                "smallest": smallest,
                "layouts": [v for v in layouts(q, references, method) if v["gpus"] > 1] if sharded else [],
                "counted": _on_count(q, references[0], method, need_gb),
            }
        )
    if not rows:
        return False
    assumed["method_default"] = False
    assumed["count_default"] = False
    # "Is 24GB enough to fine-tune 7B?": the size asked, and for each method whether it holds the job.
    asked_gb = q.memory_floor_gb
    # "13B full fine-tune on 4x 24GB cards": with a count, each card holds its sharded share.
    for row in rows:
        need = row["counted"]["per_gpu_gb"] if row["counted"] else row["one_gpu_gb"]
        row["fits_asked"] = asked_gb is not None and need <= asked_gb * (1 - MIN_HEADROOM)
    claim = _claimed(q, asked_gb, rows[0]["one_gpu_gb"]) if asked_gb is not None else None
    reply.add(
        "memory",
        min_free=MIN_HEADROOM,
        # "7B 全参大概要 112G 显存，对吧": the user's estimate of the need checked, not a card's memory
        claim=claim,
        asked_gb=None if claim is not None else asked_gb,
        params=float(q.slot("params")),
        active_params=q.slot("active_params"),
        rows=rows,
        assumed=assumed,
        all_methods=said is None and not weighed,
        weighed=bool(weighed),
        qlora_slowdown=QLORA_SLOWDOWN,
    )
    entry = find_entry(q.kb, CHOOSING_FAQ) if choosing else None
    if entry is not None:
        reply.add("faq_answer", entries=[entry_view(entry, reply.lang)])
        reply.add_faq(CHOOSING_FAQ)
        reply.add("method_choice_next")
    return True


# A stated memory need this close to the estimate (either way) is about right: activations, buffers and
# fragmentation move the real figure by more than this.
CLAIM_CLOSE = 0.15


def _claimed(q: Question, asked_gb: float, need_gb: float) -> dict[str, Any] | None:
    """The memory need the user states to be checked ("大概要 112G 显存，对吧", "needs about 112GB, right?"):
    the size said right after a need word, put up to be confirmed; with how it compares to the estimate
    ("close", "over": more than it needs, "under": less)."""
    t = normalise(q.text).lower
    if not (q.u.yes_no or has_cue(t, CONFIRM_ASKS)):
        return None
    said = [float(m.group(1)) for m in MEMORY_CLAIMED.finditer(t)]
    if not any(abs(gb - asked_gb) < 0.5 for gb in said):
        return None
    ratio = asked_gb / need_gb
    verdict = "close" if abs(ratio - 1) <= CLAIM_CLOSE else ("over" if ratio > 1 else "under")
    return {"gb": asked_gb, "verdict": verdict}


# How to choose between full fine-tuning and adapters (quality, cost), said after the memory of each when
# the method is asked for.
CHOOSING_FAQ = "faq.lora_vs_full"


def weighed_methods(text: str) -> tuple[Method, ...]:
    """The methods named outright in `text` when it names two or more ("lora vs qlora", "全参还是 LoRA"),
    in ALL_METHODS order; () otherwise (plain "fine-tune" names no method here)."""
    t = normalise(text).lower
    named = {
        method
        for method, phrases in METHODS
        if phrases is not FINE_TUNE_UNQUALIFIED and method in ALL_METHODS and has_cue(t, phrases)
    }
    return tuple(m for m in ALL_METHODS if m in named) if len(named) >= 2 else ()


def _on_count(q: Question, spec: GpuSpec, method: Method, one_gpu_gb: float) -> dict[str, Any] | None:
    """ "8 卡 ZeRO-3，每张卡要多少": the memory per GPU sharded over the GPUs counted (no type named: the
    80 GB class), and the smallest memory class that holds that share; None where sharding saves
    nothing (QLoRA's 4-bit weights are replicated)."""
    count = q.slot("gpu_count")
    if not count or int(count) < 2:
        return None
    option = probe(q, spec, int(count), method, minimal=True)
    if option is None:
        return None
    per_gpu = float(option["memory_per_gpu_gb"])
    if per_gpu > one_gpu_gb * SHARDING_SAVES:
        return None
    return {"gpus": int(count), "per_gpu_gb": per_gpu, "smallest": smallest_class(q.catalog, per_gpu)}


def smallest_class(catalog: Catalog, need_gb: float) -> dict[str, Any] | None:
    """The smallest GPU memory size among rentable GPUs that holds `need_gb` with MIN_HEADROOM of it
    free, with a few GPUs of that size as examples (cheapest first); None when no single GPU does."""
    classes: dict[float, list[tuple[float, GpuSpec]]] = {}
    for g in catalog.gpus:
        price = cheapest(catalog, g)
        if price is not None:
            classes.setdefault(g.memory_gb, []).append((price["usd_per_gpu_hour"], g))
    for memory_gb in sorted(classes):
        fitting = [(p, g) for p, g in classes[memory_gb] if need_gb <= g.capacity_gb * (1 - MIN_HEADROOM)]
        if fitting:
            names = [g.name for _, g in sorted(fitting, key=lambda x: (x[0], x[1].id))[:EXAMPLES]]
            return {"memory_gb": memory_gb, "examples": names}
    return None


def layouts(q: Question, references: list[GpuSpec], method: Method) -> list[dict[str, Any]]:
    """The fewest GPUs of each large size that hold the job; larger GPUs stop once one GPU does."""
    out: list[dict[str, Any]] = []
    for spec in references:
        option = fewest_that_fit(q, spec, method, min_free=MIN_HEADROOM, minimal=True)
        if option is not None:
            out.append(view(spec, option))
            if int(option["gpus"]) == 1:
                break
    return out


def view(spec: GpuSpec, option: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": spec.name,
        "memory_gb": spec.memory_gb,
        "gpus": int(option["gpus"]),
        "per_gpu_gb": option["memory_per_gpu_gb"],
    }
