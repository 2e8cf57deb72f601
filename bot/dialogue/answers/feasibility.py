""" "Can we full fine-tune 72B on 8 H100s?": the verdict first, from the engine's memory model on
exactly the named hardware; then why (the model state against the GPUs' memory, or the largest
per-GPU term) and what does fit: lighter methods on the same GPUs, more of them, larger GPUs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.dialogue.answers.base import (
    Question,
    fewest_that_fit,
    first_option,
    model_state_gb,
    planned,
    precision_for,
    probe,
    probe_plan,
)
from bot.dialogue.answers.catalogue import unknown_gpu
from bot.dialogue.answers.prices import cheapest, rent
from bot.dialogue.hardware import main_variant
from bot.dialogue.plan import training_software
from bot.dialogue.reply import Reply
from bot.nlu.gpus import find_gpus
from bot.nlu.intents import counts_gpus
from bot.nlu.lexicon import has_cue
from bot.nlu.parser import unqualified_fine_tune
from bot.nlu.question_cues import NAMED_FAILURES, NEED_ASKED, OVERKILL_ASKED, RUN_FAILED, TOKENS_ASKED
from bot.nlu.text import normalise
from sizing.assumptions import ASSUMED_TOKENS_PER_SAMPLE, MIN_HEADROOM
from sizing.evaluate import COUNT_LADDER
from sizing.feasibility import Feasibility
from sizing.layout import HEADROOM
from sizing.types import Catalog, GpuSpec, Method, SizingRequest
from sizing.workload import CHINCHILLA_TOKENS_PER_PARAM

NEEDS = ("params", "gpu")
DEFAULTS = {"gpu_count": 1, "method": "full_finetune", "precision": "bf16"}
# GPUs without NVLink are offered only within one 8-GPU box: sharding over PCIe and Ethernet crawls.
ONE_NODE = 8
# A speed question without data: the time is said for this many tokens.
REFERENCE_TOKENS = 1e9
ADAPTERS = ("lora", "qlora")
# Memory savers that keep the method on the same GPUs (sizing.feasibility.FitOption.kind): sharding
# the model state with ZeRO-3 where the stack copied it, the low-memory full fine-tuning recipe
# (sizing.lowmem) and CPU offload of the optimizer state.
RECIPES = ("sharded", "low_memory", "offload")
MEMORY_TERMS = ("weights_gb", "gradients_gb", "optimizer_gb", "activations_gb", "logits_gb")
# The card meant when a count has no model ("4张卡", "8 GPUs"): the usual 80 GB training GPU.
DEFAULT_GPU = "h100-sxm"


# A plural noun right after a GPU's name: "L40S cards", "A100 GPUs", "4090 显卡们" is rare enough to skip.
_PLURAL_NOUN = re.compile(r"\s*(?:cards|gpus|boards)\b")


def plural_uncounted(q: Question) -> bool:
    """The GPU named in the plural with no count ("is it ok to use 4090s for a 13b lora", "and with
    4090s?" after a serving answer): how many of them the job takes is the answer, not a verdict on one.
    The one owner of this reading, for training (here) and serving (serve_fit.feasibility)."""
    if q.slot("gpu_count") is not None:
        return False
    low = normalise(q.text).lower
    for g in find_gpus(low):
        end = g.end if low[g.start : g.end].endswith("s") else g.end + 1  # the name's span may hold the "s"
        if _PLURAL_NOUN.match(low, g.end):
            return True  # "on L40S cards", "with A100 GPUs"
        if g.gpu.endswith("s") and not low[g.start : end].endswith(("ss", "s's")):
            continue  # "L40S" is one card: its "s" is the name's own, not a plural
        if (
            low[end - 1 : end] == "s"
            and low[end - 2 : end - 1].isdigit()
            and not low[end : end + 1].isalnum()
        ):
            return True
    return False


def asks_need(q: Question) -> bool:
    """The message asks whether the GPUs it counts are needed: a NEED_ASKED cue, or 需要/要用 in a
    yes/no question ("需要两张 H100 吗"; the parse decides what is one)."""
    text = normalise(q.text).lower
    return (
        has_cue(text, NEED_ASKED) or (q.u.yes_no and ("需要" in text or "要用" in text)) or asks_overkill(q)
    )


def asks_overkill(q: Question) -> bool:
    """The message asks whether the GPUs it counts are more than the job needs ("is 8xH100 overkill for …",
    "是不是大材小用"): the need question whose answer reads "yes" for fewer GPUs."""
    return has_cue(normalise(q.text).lower, OVERKILL_ASKED)


def answer(q: Question, reply: Reply, *, memory_asked: bool = False) -> bool:
    """`memory_asked`: the question was how much memory the job takes on that hardware, so the
    verdict reads "fits" rather than "yes". Cards counted without their model ("4张卡能不能训70b") are
    taken to be DEFAULT_GPU, and the answer says so."""
    params, gpu = q.slot("params"), q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    # A GPU outside the catalogue ("can a 3060 pretrain 70B?"): the job on DEFAULT_GPU, under the line
    # that says the one named is not in the catalogue (policy.outside_note), not as an unnamed card.
    outside = gpu is None and unknown_gpu(q.text) is not None
    assumed_gpu = gpu is None and q.slot("gpu_count") is not None and not outside
    if assumed_gpu or outside:
        gpu = DEFAULT_GPU
    if params is None or gpu is None:
        return False
    spec = main_variant(q.catalog, str(gpu))
    if spec is None:
        return False
    count = int(q.slot("gpu_count") or 1)
    method: Method = q.slot("method") or "full_finetune"
    planned = probe_plan(q, spec, count, method)
    if planned is None:
        return False
    asked = first_option(planned)
    single = asked if count == 1 else probe(q, spec, 1, method)
    state_gb = model_state_gb(single) if single is not None else None
    options: list[dict[str, Any]] = []
    fewest = None
    lighter = None
    if not asked["fits"]:
        options = what_fits(q, planned.feasibility)
        if q.slot("method") is None or unqualified_fine_tune(q.text):
            # "Can I fine-tune 8B on one T4?" names no method: the adapters that fit these very GPUs
            # are the answer a fine-tuning engineer gives first, with full fine-tuning's "no" beside it.
            lighter = next(
                (
                    o
                    for o in options
                    if o["name"] == spec.name
                    and o["gpus"] == count
                    and o["method"] in ADAPTERS
                    and not o["recipe"]
                ),
                None,
            )
            if lighter is not None:
                options = [lighter, *(o for o in options if o is not lighter)]
        if counts_gpus(normalise(q.text).lower) or plural_uncounted(q):
            # "全参微调 13B 需要几张 A100": the count that holds the job as asked leads the answer.
            fewest = next(
                (o for o in options if o["name"] == spec.name and o["method"] == method and not o["recipe"]),
                None,
            )
            if fewest is None and spec.scale_up_gbs:
                # Past the usual offer (405B in full on H100s): the count asked for is still the answer.
                found = fewest_that_fit(q, spec, method, start=count + 1, min_free=MIN_HEADROOM)
                fewest = (
                    view(q.catalog, spec, found, method, q.kb.china_catalog) if found is not None else None
                )
                options = [fewest, *options] if fewest is not None else options
    # The same method on these very GPUs with a memory saver (ZeRO-3, the low-memory recipe, CPU
    # offload) leads the options: the verdict is then "not as is; yes with it", not a bare "no" that
    # the first option contradicts. A lighter method or more GPUs keep the "no", as does a GPU outside
    # the catalogue (the options are on DEFAULT_GPU, not on the one named).
    head = options[0] if options and lighter is None and fewest is None and not outside else None
    saver = (
        head["recipe"]
        if head is not None
        and head["recipe"] in RECIPES
        and head["name"] == spec.name
        and head["gpus"] == count
        and head["method"] == method
        # offload leads only for full training (its optimizer step runs on the CPU), not a LoRA whose
        # frozen weights would stream from host memory every step where QLoRA is the usual answer. (The
        # engine offers offload only where a listed machine, or the server or workstation assumed for
        # owned GPUs, holds the host memory: one 4090 for a 70B, ~1.1 TB of it, gets no offload option.)
        and (head["recipe"] != "offload" or method not in ("lora", "qlora"))
        else None
    )
    enough = None
    needs_all = None
    if asked["fits"] and count > 1 and not memory_asked and asks_need(q):
        # "Do I need 2 H100s for a 13B LoRA?": fewer of them may hold it with the recommended room.
        fewer = fewest_that_fit(q, spec, method, limit=count - 1, min_free=MIN_HEADROOM)
        enough = _enough(q, spec, method, count, fewer) if fewer is not None else None
        needs_all = "deadline" if fewer is not None and enough is None else None if enough else "memory"
    # with the data said, a job that fits gets its time on these GPUs too (asked or not)
    timing = time_on(q, spec, count, method, with_data=True) if asked["fits"] else None
    timed = not asked["fits"] and _time_options(q, options)
    if (
        not asked["fits"]
        and (q.u.asks_speed or q.u.asks_time)
        and not (timed and q.slot("days") is None and not q.u.asks_speed)
    ):
        # The speed or time asked for, on what fits the same GPUs (a lighter method), said as such.
        same = next(
            (o for o in options if o["name"] == spec.name and o["gpus"] == count and not o["recipe"]), None
        )
        if same is not None:
            timing = time_on(q, spec, count, same["method"])
    tight = asked["fits"] and (asked.get("memory_headroom") or 0) < HEADROOM  # the engine's memory_tight line
    roomier = None
    if tight and count > 1 and asked["workload"].get("stack") == "hf":
        # Plain DDP copies the whole model state to every GPU: on these very GPUs, ZeRO-3 is the room a
        # fine-tuning engineer reaches for first (the engine's own fix when the job does not fit at all).
        sharded = probe(q, spec, count, method, stack_id="deepspeed")
        if sharded is not None and sharded["fits"] and (sharded.get("memory_headroom") or 0) >= HEADROOM:
            roomier = {"per_gpu_gb": sharded["memory_per_gpu_gb"], "headroom": sharded["memory_headroom"]}
    # "13B QLoRA on a 4090, batch 8": when the micro-batch said is what does not fit, the largest that does
    smaller = None
    if not asked["fits"]:
        from bot.dialogue.answers.batch_fit import said_misfit  # batch_fit builds on this module

        smaller = said_misfit(q, spec, count, method)
    reply.add(
        "feasibility",
        fits=asked["fits"],
        smaller_batch=smaller["micro_batch"] if smaller is not None else None,
        gpu=spec.name,
        gpus=count,
        method=method,
        params=float(params),
        active_params=q.slot("active_params"),
        per_gpu_gb=asked["memory_per_gpu_gb"],
        # The same job with full activation checkpointing when the fastest layout keeps more (said beside it).
        checkpointed_gb=planned.feasibility.checkpointed_gb if planned.feasibility is not None else None,
        gpu_memory_gb=spec.memory_gb,
        usable_gb=spec.capacity_gb,  # what nvidia-smi reports: an "80 GB" H100 holds 85.5e9 bytes
        headroom=asked.get("memory_headroom"),
        tight=tight,
        roomier=roomier,
        state_gb=state_gb,
        capacity_gb=count * spec.memory_gb,
        dominant=dominant_term(asked.get("memory") or {}),
        options=options,
        timing=timing,
        # "需要几张 A100": the count is the answer, not an assumed single GPU
        assumed={**assumptions(q, asked), **({"count_default": False} if fewest is not None else {})},
        memory_asked=memory_asked,
        # "how long would it take on 8 H100?": the time is the answer (first), the memory after it
        time_first=bool(q.u.asks_time and not q.u.yes_no and enough is None),
        fewest=fewest,
        enough=enough,
        # "is 8xH100 overkill?": the verdict reads "yes" for fewer GPUs, "no" when all are needed (and why)
        overkill=asks_overkill(q) and bool(enough or needs_all),
        needs_all=needs_all,
        lighter=lighter,
        saver=saver,
        # the data each option's time is for, when the options are timed
        timed_for=_timed_for(q) if timed else None,
        assumed_gpu=assumed_gpu,
        # "we own 8 A100s; can we …" (and "ok, LoRA then" after it): their time, rent only as the alternative
        owned=q.on_owned_gpus,
    )
    if smaller is not None:
        reply.add("batch_said_misfit", gpu=spec.name, gpus=count, **smaller)
    said = normalise(q.text).lower
    if has_cue(said, RUN_FAILED) and not has_cue(said, NAMED_FAILURES):
        # "13B 全参 8 张 A100 跑到一半报错": which error it was, and the usual ones with what fits above
        full = method in ("full_finetune", "pretrain")
        reply.add(
            "run_failed",
            fits=asked["fits"],
            tight=tight,
            gpus=count,
            checkpoint_bytes=params * 14 if full else None,
        )
    return True


def answer_if_misfit(q: Question, reply: Reply) -> bool:
    """ "How long on 8 H100 to fully fine-tune 70B?" is a plan on those GPUs (the time is its answer)
    when the job fits on them; when it does not, the verdict comes first with what does fit, rather
    than a plan headlining GPUs that cannot hold it. False: it fits, the plan answers."""
    params, gpu = q.slot("params"), q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    spec = main_variant(q.catalog, str(gpu)) if params is not None and gpu is not None else None
    if spec is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    asked = probe(q, spec, int(q.slot("gpu_count") or 1), method)
    if asked is None:
        return False
    if asked["fits"]:
        # "8 张 4090 微调 7B 要几天？" with no data: the time per REFERENCE_TOKENS on them answers at once
        # (time_on), where the plan could only ask for the data
        no_data = q.slot("tokens") is None and q.slot("data_bytes") is None and q.slot("days") is None
        tuning = method != "pretrain" or bool(q.slot("continued"))
        return no_data and tuning and answer(q, reply, memory_asked=True)  # "Fits", not "Yes": not a yes/no
    return answer(q, reply)


def _enough(
    q: Question, spec: GpuSpec, method: Method, count: int, fewer: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The fewest of these GPUs, short of `count`, that hold the job with the recommended room and, with
    a deadline and the data said, still finish in time; with the data said, their time and cost beside
    the count asked about. None when only the count asked about makes the deadline."""
    gpus = int(fewer["gpus"])
    per_gpu_gb = fewer["memory_per_gpu_gb"]
    timing = time_on(q, spec, gpus, method, with_data=True)
    if timing is not None and not timing["in_time"]:
        # the deadline, not the memory, sets the count: the next rungs up to the count asked about
        for n in (n for n in COUNT_LADDER if gpus < n < count):
            timing = time_on(q, spec, n, method, with_data=True)
            option = probe(q, spec, n, method) if timing is not None and timing["in_time"] else None
            if option is not None and option["fits"]:
                gpus, per_gpu_gb = n, option["memory_per_gpu_gb"]
                break
        else:
            return None
    return {"gpus": gpus, "per_gpu_gb": per_gpu_gb, "timing": timing}


def time_on(
    q: Question, spec: GpuSpec, count: int, method: Method, *, with_data: bool = False
) -> dict[str, Any] | None:
    """ "…on 8 H100 in a month?": how long the job takes on exactly this hardware, when the question
    gives a deadline or asks the time (`with_data`: or gives the data). The data said, or for
    pre-training from scratch the compute-optimal 20 tokens per parameter (said as assumed); without
    data, None."""
    deadline = q.slot("days")
    # The data said answers with a time when the caller wants one (`with_data`), or when the cost is asked
    # ("how much would that cost on 200k samples?" after "can our 8 H100s fine-tune Mistral 7B": the cost is
    # the time's, on these GPUs)
    data_said = _data(q) != (None, None)
    if (
        deadline is None
        and not q.u.asks_time
        and not q.u.asks_speed
        and not (data_said and (with_data or q.u.asks_cost))
    ):
        return None
    tokens = q.slot("tokens")
    data_bytes = q.slot("data_bytes")
    assumed = False
    per_reference = False
    tokens_asked = deadline is not None and has_cue(normalise(q.text).lower, TOKENS_ASKED)
    samples = q.u.samples
    per_sample: float | None = None
    if tokens is None and data_bytes is None and samples:
        # "how long to LoRA 8B on 10k samples?": the samples × their length, said or assumed (stated)
        per_sample = float(q.u.tokens_per_sample or ASSUMED_TOKENS_PER_SAMPLE)
        tokens = float(samples) * per_sample
    if tokens is None and data_bytes is None:
        if (q.u.asks_speed or q.u.asks_time or tokens_asked) and (
            method != "pretrain" or q.slot("continued")
        ):
            # The speed (or the tokens a deadline holds) needs no data: the time is then said per
            # REFERENCE_TOKENS.
            tokens, per_reference = REFERENCE_TOKENS, True
        elif method != "pretrain" or q.slot("continued"):
            return None
        else:
            tokens, assumed = CHINCHILLA_TOKENS_PER_PARAM * float(q.slot("params")), True
    request = job_request(q, spec, count, method, tokens, data_bytes)
    result = planned(q, request)
    if result is None:
        return None
    top = result.options[0]
    days = float(top.days)
    shown = top.to_dict(result.currency)
    priced = shown.get("cost")
    cost: Mapping[str, Any] = priced if isinstance(priced, Mapping) else {}
    return {
        "method": method,
        # "要几天" with no data is answered by the speed and the time per REFERENCE_TOKENS
        "speed_asked": q.u.asks_speed or (per_reference and not tokens_asked),
        "tokens_per_gpu_s": shown.get("tokens_per_gpu_s"),
        "mfu": shown.get("mfu"),
        "per_reference": per_reference,
        "days": days,
        "deadline": float(deadline) if deadline is not None else None,
        "in_time": deadline is None or days <= float(deadline) * 1.001,
        "tokens": float(tokens) if tokens is not None else None,
        "data_bytes": float(data_bytes) if data_bytes is not None else None,
        "tokens_assumed": assumed,
        # a dataset counted in samples: the count and each one's length (assumed when not said)
        "samples": float(samples) if per_sample is not None and samples else None,
        "per_sample": per_sample,
        "per_sample_assumed": per_sample is not None and not q.u.tokens_per_sample,
        # "…in 2 weeks? how many tokens would that get me?": what the deadline holds at this pace (time
        # scales with the tokens trained), said when the deadline is missed or the tokens are asked
        "tokens_by_deadline": _tokens_by(tokens, q.slot("epochs"), days, deadline),
        "tokens_asked": tokens_asked,
        "epochs": float(q.slot("epochs") or 1.0),  # passes over that data, in the time and cost
        "cost": cost.get("amount"),
        "currency": cost.get("currency") or "USD",
    }


def _data(q: Question) -> tuple[float | None, float | None]:
    """(tokens, data bytes) the question gives, samples counted at their said or assumed length
    (time_on's rule); (None, None) without data."""
    tokens, data_bytes = q.slot("tokens"), q.slot("data_bytes")
    if tokens is None and data_bytes is None and q.u.samples:
        tokens = float(q.u.samples) * float(q.u.tokens_per_sample or ASSUMED_TOKENS_PER_SAMPLE)
    return (
        float(tokens) if tokens is not None else None,
        float(data_bytes) if data_bytes is not None else None,
    )


def _timed_for(q: Question) -> dict[str, Any]:
    tokens, data_bytes = _data(q)
    return {"tokens": tokens, "data_bytes": data_bytes, "epochs": float(q.slot("epochs") or 1.0)}


def _time_options(q: Question, options: list[dict[str, Any]]) -> bool:
    """With the data said, each option that fits gets its time (and rent, shown only where the GPUs are
    not the user's own): the low-memory recipe, offload and ZeRO-3 as the engine sizes them, on exactly
    the option's GPUs. True when any was timed."""
    tokens, data_bytes = _data(q)
    if tokens is None and data_bytes is None:
        return False
    timed = False
    for o in options:
        spec = q.catalog.gpu(o["gpu_id"]) if o.get("gpu_id") else None
        if spec is None:
            continue
        request = job_request(q, spec, int(o["gpus"]), o["method"], tokens, data_bytes)
        recipe = o.get("recipe")
        if recipe == "offload":
            request = replace(request, offload=True)
        elif recipe == "low_memory":
            request = replace(request, low_memory=True)
        elif recipe == "sharded":
            request = replace(request, stack="deepspeed")
        result = planned(q, request)
        if result is None or not result.options[0].fits:
            continue
        top = result.options[0]
        shown = top.to_dict(result.currency)
        priced = shown.get("cost")
        o["days"] = float(top.days)
        o["cost"] = priced.get("amount") if isinstance(priced, Mapping) else None
        o["currency"] = (priced.get("currency") if isinstance(priced, Mapping) else None) or "USD"
        timed = True
    return timed


def job_request(
    q: Question, spec: GpuSpec, count: int, method: Method, tokens: Any, data_bytes: Any = None
) -> SizingRequest:
    """The job the question names, on exactly `count` × `spec`, over `tokens` (or `data_bytes`)."""
    return SizingRequest(
        params=float(q.slot("params")),
        tokens=float(tokens) if tokens is not None else None,
        data_bytes=float(data_bytes) if data_bytes is not None else None,
        epochs=float(q.slot("epochs") or 1.0),
        method=method,
        precision=precision_for(spec, q.slot("precision")),
        gpu=spec.id,
        gpus=count,
        today=q.today,
        active_params=float(q.slot("active_params")) if q.slot("active_params") else None,
        **training_software(
            {
                "stack": q.slot("stack"),
                "recompute": q.slot("recompute"),
                "offload": q.slot("offload"),
                "low_memory": q.slot("low_memory"),
                "micro_batch": q.slot("micro_batch"),
                "method": method,
            }
        ),
    )


def _tokens_by(tokens: Any, epochs: Any, days: float, deadline: Any) -> float | None:
    """The tokens trained in `deadline` days at the pace of `tokens` × `epochs` in `days`."""
    if tokens is None or deadline is None or days <= 0:
        return None
    return float(tokens) * float(epochs or 1.0) * float(deadline) / days


def what_fits(q: Question, verdict: Feasibility | None) -> list[dict[str, Any]]:
    """What the engine found fits instead (sizing.feasibility owns the choice: the low-memory recipe,
    CPU offload and lighter methods on the same GPUs, more of them, larger GPUs), each priced per hour
    here because the question gave no data to time it."""
    if verdict is None:
        return []
    out: list[dict[str, Any]] = []
    for option in verdict.options:
        spec = q.catalog.gpu(option.gpu)
        shown = view(
            q.catalog,
            spec,
            {"gpus": option.gpus, "memory_per_gpu_gb": option.memory_per_gpu_gb},
            option.method,
            q.kb.china_catalog,
        )
        shown |= {"recompute": option.recompute, "micro_batch": option.micro_batch, "kind": option.kind}
        if option.kind in RECIPES:
            shown |= {
                "recipe": option.kind,
                "slowdown": option.slowdown,
                "host_gb": option.host_memory_per_node_gb,
                "offloads_weights": option.offloads_weights,
            }
            if option.kind == "offload" and option.hourly_usd is not None:
                # Priced on a machine whose host RAM holds what is offloaded, not the cheapest one.
                shown["usd_per_hour"] = option.hourly_usd
                # ... and named, with the RAM it has: the cheapest machine with these GPUs may not hold it.
                shown["instance"] = option.host_instance
                shown["cloud"] = option.host_cloud
                shown["host_ram_gb"] = option.host_ram_per_node_gb
        out.append(shown)
    return out


def view(
    catalog: Catalog, spec: GpuSpec, option: Mapping[str, Any], method: str, china: Catalog | None = None
) -> dict[str, Any]:
    gpus = int(option["gpus"])
    price = rent(catalog, spec, gpus)
    # A GPU only China's marketplaces list (H20, A800, RTX 4090): their public price per card × the cards,
    # in CNY ("H20 能不能训 70B，要多少张，多少钱" asks what the cards cost too)
    listed = cheapest(china, spec) if price is None and china is not None else None
    free_share = 1.0 - float(option["memory_per_gpu_gb"]) / spec.capacity_gb
    return {
        "method": method,
        "name": spec.name,
        "gpu_id": spec.id,
        "gpus": gpus,
        "per_gpu_gb": option["memory_per_gpu_gb"],
        "gpu_memory_gb": spec.memory_gb,
        "usable_gb": spec.capacity_gb,  # what nvidia-smi reports, the bytes the fit is judged against
        # Under the stated minimum free the line says so: a longer sequence or a larger batch may not fit.
        "tight": free_share < MIN_HEADROOM,
        "free_share": free_share,
        "usd_per_hour": price["usd_per_hour"] if price else None,
        "as_of": price["as_of"] if price else None,
        "cny_per_hour": listed["usd_per_gpu_hour"] * gpus * catalog.usd_to_cny if listed else None,
        "recipe": None,  # one of RECIPES: a memory saver on the same GPUs
        "slowdown": None,  # its step-time factor
        "instance": None,  # offload: the machine priced for its host RAM, its cloud and RAM
        "cloud": None,
        "host_ram_gb": None,
        "recompute": None,  # the layout its memory figure is for, where the engine chose it
        "micro_batch": None,
        "days": None,  # with the data said: how long the job takes this way, and its rent
        "cost": None,
        "currency": None,
    }


def dominant_term(memory: Mapping[str, Any]) -> str | None:
    terms = {k: float(memory.get(k) or 0.0) for k in MEMORY_TERMS}
    best = max(terms, key=lambda k: terms[k])
    return best.removesuffix("_gb") if terms[best] > 0 else None


def assumptions(q: Question, option: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults the verdict rests on, to be stated with it."""
    workload = option.get("workload") or {}
    layout = option.get("layout") or {}
    return {
        "precision": option.get("precision"),
        # FP16 not asked for: the GPU has no BF16 ("V100 … BF16 支持吗"), said beside the precision
        "no_bf16_on": option.get("gpu_name")
        if option.get("precision") == "fp16" and q.slot("precision") != "fp16"
        else None,
        "method_default": q.slot("method") is None,
        "seq_len": workload.get("seq_len"),
        "micro_batch": layout.get("micro_batch"),
        # "batch 4", "每卡 batch 4": the micro-batch is the user's, said back as theirs
        "micro_batch_said": q.slot("micro_batch") is not None
        and layout.get("micro_batch") == q.slot("micro_batch"),
        "recompute": layout.get("recompute"),
        # Model state sharded over the GPUs (what "fits on 8 × 4090" rests on): ZeRO-3 / FSDP.
        "sharded_over": int(option.get("gpus") or 1) if layout.get("zero_stage") == 3 else None,
        "low_memory": bool(workload.get("low_memory")),
        "stack": workload.get("stack"),
        # The stack and CPU offload the user named, said back with the figure that rests on them.
        "stack_said": None if workload.get("stack_assumed", True) else workload.get("stack"),
        "offload": bool(workload.get("offload")),
        "optimizer": workload.get("optimizer"),
        # "DPO on …": the objective, whose reference model the figures include
        "objective": q.slot("objective"),
        "count_default": q.slot("gpu_count") is None,
        # With the data said, its time and cost are in the answer (or the job does not fit): no ask.
        # Samples count as data too ("on 10k samples"): their time is timed at a stated length.
        "data_given": q.slot("tokens") is not None or q.slot("data_bytes") is not None or bool(q.u.samples),
    }
