""" "DeepSeek-V3 能在一台 8卡H200 上推理吗", "how much memory does the KV cache take for Llama 2 7B at 4k
tokens?": the inference versions of "does it fit" and "how much memory". Serving memory is the weights
at the serving precision, the KV cache of the requests in flight (per-token size × tokens × requests)
and the server's runtime buffers, never the gradients and optimizer states of training.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.feasibility import plural_uncounted
from bot.dialogue.answers.serve import (
    add_adapter_note,
    lengths_said,
    long_context_note,
    read_as,
    refused,
    serve_request,
    serving_answer,
)
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.gpus import memory_cards
from bot.nlu.serving import holds_weights
from bot.nlu.text import normalise
from sizing.assumptions import MIN_HEADROOM
from sizing.errors import SizingError
from sizing.serve_layout import LARGE_BATCH_PER_GPU
from sizing.serve_load import DEFAULT_CONCURRENCY
from sizing.serve_memory import (
    KV_FRACTION,
    fewest_gpus,
    kv_bytes_per_request,
    kv_bytes_per_token_layer,
    overhead_gb,
    serve_memory,
    shape_memory,
    weight_bytes,
)
from sizing.serve_plan import plan_serving
from sizing.serve_precision import deployed_below, serving_precision
from sizing.serve_types import (
    DEFAULT_TPOT_MS,
    DEFAULT_TTFT_MS,
    RELAXED_TPOT_FACTOR,
    ServePrecision,
    ServeRequest,
)
from sizing.types import GpuSpec

NEEDS = ("model",)
DEFAULTS = {"concurrency": 1, "precision": "the model's published precision", "lengths": "1,000 + 500 tokens"}
# The precisions a serving team chooses between; the one asked is shown first.
PRECISIONS: tuple[ServePrecision, ...] = ("bf16", "fp8", "int4")
# GPUs a memory answer lays the need out on: the 24, 48, 80, 141 and 180 GB classes people rent.
REFERENCE_GPUS = ("l4", "l40s", "h100-sxm", "h200", "b200")
GB = 1e9


def feasibility(q: Question, reply: Reply) -> bool:
    """Does the model serve on the named GPUs: at the stated load, else one request (and how many fit)."""
    if not q.u.gpus and (cards(q, reply) or (q.memory_floor_gb is not None and memory(q, reply))):
        # "24G显存能装得下13B模型吗", "2x 24 GB cards or one 48 GB card?": memory sizes, no GPU named
        return True
    if q.u.gpus and plural_uncounted(q):
        # "can 4090s serve Llama 3 70B?", "and with 4090s?": how many of them, the serving plan on that GPU
        return serving_answer(q, reply)
    req = serve_request(q, default_load=False)
    # A GPU named beside a figure the answer corrects is not chosen (route.keep_plan_on_correction) but is
    # still the one asked about ("聽說 MI300X 只有 128G，跑不了 70B 推論吧"), as training feasibility has it.
    gpu = (req.gpu or (q.u.gpus[0] if q.u.gpus else None)) if req is not None else None
    if req is None or gpu is None:
        return False
    spec = main_variant(q.catalog, gpu)  # "H100" is the SXM board, as in the other GPU answers
    if spec is None:
        return False
    has_load = any(v is not None for v in (req.concurrency, req.qps, req.daily_users, req.daily_requests))
    req = replace(req, gpu=spec.id, gpus=req.gpus or 1, concurrency=req.concurrency if has_load else 1)
    try:
        result = plan_serving(req, q.catalog)
    except SizingError as exc:
        refused(q, exc, reply)
        return True
    note = long_context_note(q, req)
    if note is not None:
        reply.add(
            "long_context", **note
        )  # "一张 H200 能跑 Qwen2.5-72B 128k 上下文吗": the YaRN window assumed
    data: dict[str, Any] = result.to_dict()
    options: list[dict[str, Any]] = list(data["options"])
    first = options[0] if options and options[0]["label"] == "requested" else None
    if first is None:
        return False
    throughput_asked = asks_throughput(q.text)
    # "能撑多少并发", "how many concurrent users can 2 L40S handle?": the load these GPUs hold, first
    concurrency_asked = not has_load and asks_concurrency(q.text)
    verdict = (q.u.yes_no or not throughput_asked) and not concurrency_asked
    # "2 张 L40S 能跑 Qwen2.5-72B 推理吗": no precision said and the model's own does not fit, so the
    # verdict is the first smaller one teams deploy there that holds a real load.
    # With a load said, the smaller precision must hold it (the plan's fits); without, the pilot load.
    need = None if has_load else DEFAULT_CONCURRENCY
    step_down = verdict and q.slot("precision") is None
    stepped: dict[str, Any] | None = None
    if step_down and not first["fits"]:
        found = smaller_serving(q, req, spec, need)
        if found is not None:
            stepped = {
                "precision": first["precision"],
                "weights_gb": weight_bytes(req.model, first["precision"]) / GB,
                # The GPUs' usable GB (nvidia-smi's MiB converted): the weights' own unit
                "gpus_memory_gb": first["gpus_per_replica"] * spec.capacity_gb,
                "usable": spec.usable_memory_gb is not None,
                "max_concurrency": first["max_concurrency"],
                # A rate or daily users, not a count in flight: that precision's slower requests keep
                # more of them in flight than it holds (serve_plan.evaluate's settled batch), though the
                # smaller precision, faster, may then show fewer in flight than it held.
                "rate": req.concurrency is None,
                "window": req.window_tokens
                if req.full_window and first["max_concurrency"] >= (req.concurrency or 1)
                else None,
            }
            req, data = found
            options = list(data["options"])
            first = options[0]
    others = [o for o in options[1:] if o["fits"]][:2] if not first["fits"] else []
    alternatives = variants(req, spec, first)
    # A smaller precision that fits fewer requests than that: why it is no yes.
    short = (
        next((v for v in alternatives if v["fits"] and v["precision"] in smaller), None)
        if step_down and need and not first["fits"] and (smaller := deployed_below(spec, first["precision"]))
        else None
    )
    saturated = None
    capacity = None
    if concurrency_asked:
        # in the precision asked, or, when none was said and the model's own does not fit, the first that does
        said = q.slot("precision") is not None
        fitting = (
            first["precision"]
            if first["fits"]
            else None
            if said
            else next((v["precision"] for v in alternatives if v["fits"]), None)
        )
        if fitting is not None:
            capacity = within_targets(q, replace(req, precision=fitting))
            if capacity is not None:
                capacity["precision"] = fitting
    if not has_load and throughput_asked and capacity is None:
        # "how many tokens/s does an H100 do on a 70B?": the full-load rate in the first precision that
        # fits these GPUs, when the asked one does not.
        fitting = (
            first["precision"]
            if first["fits"]
            else next((v["precision"] for v in alternatives if v["fits"]), None)
        )
        if fitting is not None:
            saturated = _saturated(q, replace(req, precision=fitting))
            if saturated is not None:
                saturated["precision"] = fitting
    reply.add(
        "serve_fit",
        params=req.model.params_total,
        saturated=saturated,
        capacity=capacity,
        engine=req.engine,  # the engine said: its note replaces "as TensorRT-LLM measures it"
        # "how many tokens/s ...?", "how many users can it handle?" are not a yes or no
        verdict=verdict,
        # A smaller precision answers the verdict (stepped: the one that does not fit), or one fits too
        # few requests to (short); the least it must hold: the load said, else the pilot load.
        stepped=stepped,
        short=short,
        need=need,
        # "首 token 延迟大概多少？2张H100够吗": the latency asked, beside the verdict
        latency_asked=asks_latency(q.text),
        model=req.model.name,
        named=req.model_id is not None,
        read_as=read_as(q, req),
        first=first,
        # A rate or daily users said: the requests in flight they bring on this hardware.
        concurrency=req.concurrency if req.concurrency is not None else first["concurrency"],
        qps=req.qps if req.daily_users is None and req.daily_requests is None else None,
        daily_users=req.daily_users,
        daily_requests=req.daily_requests,
        volume_said=q.slot("volume_said"),
        load_said=has_load,
        kv_tokens=req.kv_tokens,
        input_tokens=req.input_tokens,
        output_tokens=req.output_tokens,
        lengths_default=req.input_tokens_default or req.output_tokens_default,
        **lengths_said(req),
        # The load fits but one request of the whole window does not (serve_plan._holds_window): the reason.
        window_unfit=req.window_tokens
        if req.full_window and not first["fits"] and first["max_concurrency"] >= (req.concurrency or 1)
        else None,
        # The experts spread over the GPUs (sizing/serve_layout.py): why the weights per GPU are more
        # than the total over the GPUs, said as assumed.
        expert_parallel=first["expert_parallel"] if first["layout"] == "ep" else None,
        large_batch_per_gpu=LARGE_BATCH_PER_GPU,
        kv_bytes_per_token=data["workload"]["kv_bytes_per_token"],
        weights_total_gb=weight_bytes(req.model, first["precision"]) / GB,
        variants=alternatives,
        others=others,
        warnings=[w for w in data["warnings"] if w["code"] != "serve_requested_does_not_fit"],
    )
    add_adapter_note(q, req, reply)
    return True


def smaller_serving(
    q: Question, req: ServeRequest, spec: GpuSpec, need: int | None
) -> tuple[ServeRequest, dict[str, Any]] | None:
    """The first smaller precision teams deploy on `spec` (serve_precision.deployed_below) whose plan on
    the GPUs asked holds the load said, or without one `need` requests at once (a precision that holds
    one request at a time is no service): that request and its plan."""
    for precision in deployed_below(spec, req.precision):
        smaller = replace(req, precision=precision)
        try:
            result = plan_serving(smaller, q.catalog)
        except SizingError:
            continue
        data: dict[str, Any] = result.to_dict()
        options: list[dict[str, Any]] = list(data["options"])
        top = options[0] if options else None
        if (
            top is not None
            and top["label"] == "requested"
            and top["fits"]
            and top["max_concurrency"] >= (need or 1)
        ):
            return smaller, data
    return None


def asks_throughput(text: str) -> bool:
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import THROUGHPUT_ASKS
    from bot.nlu.text import normalise

    return has_cue(normalise(text).lower, THROUGHPUT_ASKS)


# Asking how long a reply takes: the time to the first token and per token answer it.
LATENCY_ASKS = (
    "latency", "ttft", "first token", "time to first", "ms per token", "how fast", "response time",
    "延迟", "延遲", "首 token", "首token", "首字", "响应时间", "響應時間", "多快", "速度",
)  # fmt: skip


def asks_latency(text: str) -> bool:
    from bot.nlu.lexicon import has_cue
    from bot.nlu.text import normalise

    return has_cue(normalise(text).lower, LATENCY_ASKS)


def asks_concurrency(text: str) -> bool:
    from bot.nlu.lexicon import has_cue
    from bot.nlu.question_cues import CONCURRENCY_ASKS

    return has_cue(normalise(text).lower, CONCURRENCY_ASKS)


def within_targets(q: Question, req: ServeRequest) -> dict[str, Any] | None:
    """ "how many concurrent users can 2 L40S handle?": the requests the GPUs asked about carry at once
    within the latency targets (the user's, else the chat defaults: serve_types.DEFAULT_TTFT_MS and
    DEFAULT_TPOT_MS, or RELAXED_TPOT_FACTOR times the per-token one where one request alone misses it),
    beside what their memory holds and what each user gets with it full. None when the model does not fit
    there."""
    said = req.ttft_ms is not None or req.tpot_ms is not None
    tpot = req.tpot_ms if req.tpot_ms is not None else DEFAULT_TPOT_MS
    chat = _within(q, req, said, tpot)
    top = _requested(chat) if chat is not None else None
    relaxed = None
    if top is not None and not top["meets_latency"] and req.tpot_ms is None:
        # The chat default is out of reach on these GPUs (a 70B on two L40S): the load at the looser
        # per-token target the serving plans fall back to, still about twice reading speed.
        looser = _within(q, req, said, tpot * RELAXED_TPOT_FACTOR)
        found = _requested(looser) if looser is not None else None
        if found is not None and found["meets_latency"]:
            relaxed, chat, top = top["tpot_ms"], looser, found
    full = _saturated(q, replace(req, ttft_ms=None, tpot_ms=None))
    if chat is None or top is None or full is None:
        return None
    solo = top.get("single_user_tokens_per_second")
    workload = chat["workload"]
    return {
        "relaxed_from_ms": tpot if relaxed is not None else None,
        "meets": bool(top["meets_latency"]),
        "concurrency": top["concurrency_per_replica"] if top["meets_latency"] else 0,
        "tokens_per_s": top["output_tokens_per_second"] if top["meets_latency"] else None,
        "per_user": top["output_tokens_per_second_per_user"],
        "tpot_ms": top["tpot_ms"],
        "ttft_ms": top["ttft_ms"],
        "target_tpot_ms": workload["tpot_ms"],
        "target_ttft_ms": workload["ttft_ms"],
        "targets_default": not said,
        "solo_tpot_ms": 1000.0 / float(solo) if solo else None,
        "max_concurrency": top["max_concurrency"],
        "full": full,
    }


def _within(q: Question, req: ServeRequest, said: bool, tpot_ms: float) -> dict[str, Any] | None:
    """The plan on the GPUs asked about at as many requests as `tpot_ms` per token allows."""
    targets = replace(
        req,
        concurrency=None,
        qps=None,
        daily_users=None,
        daily_requests=None,
        ttft_ms=req.ttft_ms if said else DEFAULT_TTFT_MS,
        tpot_ms=tpot_ms,
        latency_default=not said and tpot_ms == DEFAULT_TPOT_MS,
        tpot_default=said and req.tpot_ms is None,
    )
    try:
        return plan_serving(targets, q.catalog).to_dict()
    except SizingError:
        return None


def _requested(data: dict[str, Any]) -> dict[str, Any] | None:
    """The option on exactly the GPUs asked about, when it holds the model."""
    options: list[dict[str, Any]] = list(data["options"])
    top = options[0] if options and options[0]["label"] == "requested" and options[0]["fits"] else None
    return top if top is not None and top.get("output_tokens_per_second") else None


def _saturated(q: Question, req: ServeRequest) -> dict[str, Any] | None:
    """ "how many QPS can one L40S handle": the load the hardware carries at full memory (as many
    requests in flight as the KV cache holds): output tokens/s, requests/s of the asked lengths, and
    what each user then gets."""
    try:
        result = plan_serving(replace(req, concurrency=None), q.catalog)
    except SizingError:
        return None
    top = _requested(result.to_dict())
    if top is None:
        return None
    tokens = float(top["output_tokens_per_second"])
    return {
        "tokens_per_s": tokens,
        "qps": tokens / float(req.output_tokens),
        "concurrency": top.get("concurrency") or top.get("max_concurrency"),
        "tpot_ms": top.get("tpot_ms"),
        "per_user": top.get("output_tokens_per_second_per_user"),
    }


def variants(req: ServeRequest, spec: GpuSpec, first: dict[str, Any]) -> list[dict[str, Any]]:
    """The same GPUs in the other serving precisions: weights, and how many requests fit."""
    out: list[dict[str, Any]] = []
    seen = {first["precision"]}
    for precision in PRECISIONS:
        support = serving_precision(spec, precision)
        if support is None or support.precision in seen:
            continue
        seen.add(support.precision)
        mem = serve_memory(
            req.model,
            spec,
            first["tensor_parallel"],
            support.precision,
            req.kv_tokens,
            first["pipeline_parallel"],
        )
        out.append(
            {
                "precision": support.precision,
                "weights_gb": weight_bytes(req.model, support.precision) / GB,
                "weights_per_gpu_gb": mem.weights_gb,
                "fits": mem.fits(req.concurrency or 1),
                "max_concurrency": mem.max_concurrency,
            }
        )
    return out


def memory(q: Question, reply: Reply) -> bool:
    """Weights + KV cache per token × tokens × requests + runtime buffers, and the fewest GPUs of the
    common sizes that hold it."""
    if len(set(q.u.gpus)) == 1 and feasibility(q, reply):
        # "how much memory do Llama 3 8B weights take on an L4?": the memory on that GPU, with its verdict
        return True
    if not q.u.gpus and cards(q, reply):
        return True  # "80g的卡和两张 40g 的卡哪个放得下 34B": each set of cards against the model
    req = serve_request(q, default_load=False)
    if req is None:
        return False
    concurrency = req.concurrency or 1
    arch, asked = req.model, req.precision
    kv_request_gb = kv_bytes_per_request(arch, 1, asked, req.kv_tokens) / GB
    buffers_gb = overhead_gb(arch, 1)
    rows: list[dict[str, Any]] = []
    for precision in (asked, *(p for p in PRECISIONS if p != asked)):
        weights_gb = weight_bytes(arch, precision) / GB
        kv_gb = concurrency * kv_bytes_per_request(arch, 1, precision, req.kv_tokens) / GB
        if rows and (weights_gb, kv_gb) == (rows[0]["weights_gb"], rows[0]["kv_gb"]):
            continue  # FP16 asked: BF16 holds the same bytes, a second identical row says nothing
        rows.append(
            {
                "precision": precision,
                "weights_gb": weights_gb,
                "kv_gb": kv_gb,
                "total_gb": weights_gb + buffers_gb + kv_gb / KV_FRACTION,
                "layouts": layouts(q, req, precision, concurrency),
            }
        )
    # "Is 24GB enough to serve Llama 3.1 8B?": the size asked, and whether each precision fits in it.
    asked_gb = q.memory_floor_gb if not q.u.gpus else None
    reply.add(
        "serve_memory",
        asked_gb=asked_gb,
        # "will an 8B's weights fit in 16 GiB?": the weights alone answered too, beside serving them
        weights_asked=holds_weights(normalise(q.text).lower),
        # Under this share free a "yes" says it is only just: a longer prompt or a second user does not fit.
        min_free_share=MIN_HEADROOM,
        model=arch.name,
        params=arch.params_total,
        # A mixture of experts holds every expert: its total parameters, beside the active ones per token.
        params_total=arch.params_total if arch.params_active else None,
        params_active=arch.params_active,
        named=req.model_id is not None,
        read_as=read_as(q, req),
        concurrency=concurrency,
        load_said=req.concurrency is not None,
        precision_said=q.slot("precision") is not None,
        kv_tokens=req.kv_tokens,
        context_tokens=req.context_tokens,
        lengths_default=req.input_tokens_default or req.output_tokens_default,
        kv_bytes_per_token=kv_bytes_per_token_layer(arch, 1, asked) * arch.layers,
        kv_request_gb=kv_request_gb,
        buffers_gb=buffers_gb,
        kv_fraction=KV_FRACTION,
        window=arch.sliding_window.size if arch.sliding_window else None,
        mla=arch.mla is not None,
        rows=rows,
    )
    return True


def layouts(
    q: Question, req: ServeRequest, precision: ServePrecision, concurrency: int
) -> list[dict[str, Any]]:
    """The fewest GPUs of each reference size holding the load in `precision`; larger GPUs stop once one
    GPU does. GPUs without kernels for the precision are skipped (BF16 on a V100 would be FP16)."""
    out: list[dict[str, Any]] = []
    for gpu_id in REFERENCE_GPUS:
        spec = q.catalog.gpu_or_none(gpu_id)
        support = serving_precision(spec, precision) if spec is not None else None
        if spec is None or support is None or support.precision != precision:
            continue
        found = fewest_gpus(req.model, spec, precision, req.kv_tokens, concurrency)
        if found is None:
            continue
        tp, mem = found
        out.append(
            {
                "name": spec.name,
                "gpus": tp,
                "per_gpu_gb": mem.used_gb(concurrency),
                "gpu_memory_gb": spec.memory_gb,
                "usable_gb": spec.capacity_gb,  # what nvidia-smi reports (shown past the nominal size)
                "max_concurrency": mem.max_concurrency,
            }
        )
        if tp == 1:
            break
    return out


def describes_cards(q: Question) -> bool:
    """The message describes cards by their memory alone, several sets or a counted one ("2x 24 GB cards"),
    and names a model or its size: the cards answer weighs them."""
    sets = memory_cards(normalise(q.text).lower)
    several = len(sets) >= 2 or any(count > 1 for count, _ in sets)
    return several and (q.slot("params") is not None or q.slot("model") is not None)


def cards(q: Question, reply: Reply) -> bool:
    """Cards described by their memory and no GPU named ("one 80GB card or two 40GB cards for a 34B?",
    "48gb 的卡 和 2 張 24gb 的卡，哪個適合跑 30B 推理", "do 2x 24 GB cards fit a 30B?"): each set against the
    model, per GPU (its share of the weights with tensor parallelism, the runtime buffers, the KV cache),
    in the precision asked and then the smaller ones; the pick where several hold it. False for one card,
    which the memory answer weighs (asked_gb)."""
    sets = memory_cards(normalise(q.text).lower)
    if q.u.gpus or not sets or (len(sets) == 1 and sets[0][0] == 1):
        return False
    req = serve_request(q, default_load=False)
    if req is None:
        return False
    concurrency = req.concurrency or 1
    asked = req.precision
    options: list[dict[str, Any]] = []
    for count, gb in dict.fromkeys(sets):
        rows: list[dict[str, Any]] = []
        for precision in (asked, *(p for p in PRECISIONS if p != asked)):
            shape = shape_memory(req.model, count, precision, req.kv_tokens)
            per_gpu = (
                shape.weights_gb + shape.overhead_gb + concurrency * shape.kv_per_request_gb / KV_FRACTION
            )
            rows.append({"precision": precision, "per_gpu_gb": per_gpu, "fits": per_gpu <= gb})
        options.append({"count": count, "gb": gb, "rows": rows, "fits": rows[0]["fits"]})
    holding = [o for o in options if o["fits"]]
    best = _fewest_cards(holding, 0) if holding else None
    fallback: dict[str, Any] | None = None
    if best is None:
        # None holds it as asked: the first smaller precision some set holds it in, and the pick there.
        for i in range(1, len(options[0]["rows"])):
            held = [o for o in options if o["rows"][i]["fits"]]
            if held:
                fallback = {
                    "precision": options[0]["rows"][i]["precision"],
                    "best": _fewest_cards(held, i),
                    "all": len(held) == len(options),
                }
                break
    reply.add(
        "serve_cards",
        fallback=fallback,
        model=req.model.name,
        named=req.model_id is not None,
        params=req.model.params_total,
        precision=asked,
        options=options,
        best=best,
        concurrency=concurrency,
        load_said=req.concurrency is not None,
        kv_tokens=req.kv_tokens,
    )
    return True


def _fewest_cards(sets: list[dict[str, Any]], row: int) -> dict[str, Any]:
    """Of the card sets that hold the model in precision `row`: the fewest cards (no tensor parallelism
    between them), then the most room left."""
    return min(sets, key=lambda o: (o["count"], -(o["gb"] - o["rows"][row]["per_gpu_gb"])))
