"""Explain lines and warnings of a serving answer: every formula with its numbers, every assumption
stated. Codes and parameters are stable (templates render zh/en); `text` is the English line."""
# ruff: noqa: E501

from __future__ import annotations

import datetime as dt

from sizing.assumptions import HOURS_PER_MONTH
from sizing.explain_format import item as _i, num, usd
from sizing.model_arch import ModelArchitecture
from sizing.network import GPUS_PER_NODE
from sizing.result import ExplainItem, SizingWarning
from sizing.serve_calibration import CALIBRATED, FIT, ServeConstants
from sizing.serve_job import job_run, required_rates
from sizing.serve_load import BUSY_HOURS_PER_DAY, PEAK_TO_AVERAGE, REQUESTS_PER_USER_PER_DAY
from sizing.serve_memory import (
    EMBEDDING_BYTES,
    KV_BYTES,
    KV_BYTES_AUTO,
    KV_FRACTION,
    LINEAR_BYTES,
    MAX_BATCHED_TOKENS,
    capacity_gb,
    kv_bytes_per_request,
    kv_bytes_per_token_layer,
    kv_cache_bytes,
    requests_held,
    weight_bytes,
    windows_cached,
)
from sizing.serve_precision import kernel_for
from sizing.serve_rank import Context, job_cost_usd
from sizing.serve_result import ServeExcluded, ServeOption
from sizing.serve_speed import Speed, Timing, peak_tflops
from sizing.serve_types import RELAXED_TPOT_FACTOR, ServeRequest
from sizing.types import Catalog

GB = 1e9


def workload(req: ServeRequest, k: ServeConstants = CALIBRATED) -> dict[str, object]:
    a = req.model
    return {
        "task": "serve",
        "model": a.name,
        "model_id": req.model_id,
        "params": a.params_total,
        "active_params": a.params_active,
        "architecture": {
            "layers": a.layers,
            "hidden": a.hidden,
            "heads": a.heads,
            "kv_heads": a.kv_heads,
            "head_dim": a.head_dim,
            "ffn": a.ffn,
            "vocab": a.vocab,
            "max_context": a.max_context,
            "experts": a.moe.experts if a.moe else None,
            "active_experts": a.moe.active if a.moe else None,
            "mla_kv_lora_rank": a.mla.kv_lora_rank if a.mla else None,
            "sliding_window": a.sliding_window.size if a.sliding_window else None,
            "sliding_window_layers": a.sliding_window.layers if a.sliding_window else None,
        },
        "precision": req.precision,
        "engine": req.engine,
        "kv_cache_dtype": "fp8" if kv_cache_bytes(req.precision, req.engine) == 1.0 else "fp16/bf16",
        # One token's K and V over every layer (a token within any sliding window), whole model.
        "kv_bytes_per_token": kv_bytes_per_token_layer(
            a, 1, req.precision, kv_cache_bytes(req.precision, req.engine)
        )
        * a.layers,
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "input_tokens_default": req.input_tokens_default,
        "output_tokens_default": req.output_tokens_default,
        "context_tokens": req.context_tokens,
        "window_tokens": req.window_tokens,
        "prompt_use": req.prompt_use,
        "kv_tokens_per_request": req.kv_tokens,
        "concurrency": req.concurrency,
        "daily_users": req.daily_users,
        "daily_requests": req.daily_requests,
        "load_default": req.load_default,
        "qps": req.qps,
        # An offline job (serve_types.BatchJob): requests to run through and the hours to finish in.
        "batch_requests": req.batch.requests if req.batch else None,
        "batch_window_hours": req.batch.window_hours if req.batch else None,
        "ttft_ms": req.ttft_ms,
        "tpot_ms": req.tpot_ms,
        "latency_default": req.latency_default,
        "tpot_default": req.tpot_default,
        "floor_tpot_ms": req.floor_tpot_ms,
        "gpu": req.gpu,
        "gpus": req.gpus,
        "budget": None
        if req.budget is None
        else {"amount": req.budget.amount, "currency": req.budget.currency, "period": req.budget.period},
        "server_max_batch": k.max_batch,
        "kv_cache_fraction": KV_FRACTION,
        "gb_unit": "1e9 bytes",
    }


def _shape_line(a: ModelArchitecture) -> ExplainItem:
    parts = [
        f"{a.layers} layers, hidden {a.hidden}, {a.heads} query heads / {a.kv_heads} KV heads of {a.head_dim}"
    ]
    if a.moe is not None:
        parts.append(f"{a.moe.experts} experts, {a.moe.active} active per token")
    if a.mla is not None:
        parts.append(f"MLA latent {a.mla.kv_lora_rank} + rope key {a.mla.qk_rope_head_dim}")
    if a.sliding_window is not None:
        parts.append(
            f"sliding window {a.sliding_window.size:,} on {a.sliding_window.layers} of {a.layers} layers"
        )
    active = f", {num(a.params_active)} active per token" if a.params_active else ""
    return _i(
        "serve_model",
        f"{a.name}: " + "; ".join(parts) + f"; {num(a.params_total)} parameters{active}.",
        model=a.name,
        layers=a.layers,
        hidden=a.hidden,
        heads=a.heads,
        kv_heads=a.kv_heads,
        head_dim=a.head_dim,
        params=a.params_total,
        active_params=a.params_active,
        experts=a.moe.experts if a.moe else None,
        active_experts=a.moe.active if a.moe else None,
        mla=a.mla is not None,
        window=a.sliding_window.size if a.sliding_window else None,
    )


def _kv_line(req: ServeRequest, o: ServeOption) -> ExplainItem:
    a, rep = req.model, o.replica
    b = KV_BYTES[rep.precision] if rep.kv_bytes is None else rep.kv_bytes
    per_layer = kv_bytes_per_token_layer(a, 1, rep.precision, b)
    if a.mla is not None:
        how = f"MLA: ({a.mla.kv_lora_rank} latent + {a.mla.qk_rope_head_dim} rope) × {b:g} B"
    else:
        how = f"2 (K,V) × {a.kv_heads} KV heads × {a.head_dim} × {b:g} B"
    window = ""
    cached = windows_cached(a)
    if a.sliding_window is not None:
        window = (
            f"; {a.sliding_window.layers} sliding-window layers keep at most {a.sliding_window.size:,} tokens"
            if cached
            else "; every layer slides, but servers keep the full context for such models"
        )
    tokens = req.kv_tokens
    return _i(
        "serve_kv",
        f"KV cache per token and layer: {how} = {per_layer / 1024:.3g} KiB, × {a.layers} layers{window}; "
        f"one request of {tokens:,} tokens holds {kv_bytes_per_request(a, 1, rep.precision, tokens, 1, b) / GB:.3g} GB "
        f"({o.memory.kv_per_request_gb:.3g} GB on each GPU of the replica).",
        per_token_layer_bytes=per_layer,
        layers=a.layers,
        tokens=tokens,
        kv_request_gb=kv_bytes_per_request(a, 1, rep.precision, tokens, 1, b) / GB,
        kv_per_request_gb=o.memory.kv_per_request_gb,
        mla=a.mla is not None,
        kv_lora_rank=a.mla.kv_lora_rank if a.mla else None,
        rope_dim=a.mla.qk_rope_head_dim if a.mla else None,
        kv_heads=a.kv_heads,
        head_dim=a.head_dim,
        kv_bytes=b,
        window=a.sliding_window.size if a.sliding_window and cached else None,
        window_layers=a.sliding_window.layers if a.sliding_window else None,
        window_uncached=a.sliding_window is not None and not cached,
    )


def explain(
    req: ServeRequest, options: list[ServeOption], k: ServeConstants = CALIBRATED
) -> list[ExplainItem]:
    a = req.model
    out = [_shape_line(a)]
    defaults = [
        n for n, d in (("input", req.input_tokens_default), ("output", req.output_tokens_default)) if d
    ]
    out.append(
        _i(
            "serve_lengths",
            f"Requests of {req.input_tokens:,} prompt + {req.output_tokens:,} answer tokens"
            + (f" (default {' and '.join(defaults)} length, say yours to change it)" if defaults else "")
            + (
                f"; the KV cache is sized for the full {req.context_tokens:,}-token context of each request"
                if req.context_tokens and req.context_tokens > req.input_tokens + req.output_tokens
                else ""
            )
            + (
                f"; the deployment accepts requests up to the {req.window_tokens:,}-token window, and each "
                "replica's KV cache holds one such request (paged KV cache: requests in flight hold their own "
                "length)"
                if req.full_window and req.window_tokens
                else ""
            )
            + ".",
            input_tokens=req.input_tokens,
            output_tokens=req.output_tokens,
            context_tokens=req.context_tokens,
            window_tokens=req.window_tokens if req.full_window else None,
            input_default=req.input_tokens_default,
            output_default=req.output_tokens_default,
        )
    )
    if req.kv_tokens > a.max_context:
        out.append(
            _i(
                "serve_context",
                f"{req.kv_tokens:,} tokens exceed {a.name}'s context of {a.max_context:,}.",
                tokens=req.kv_tokens,
                max_context=a.max_context,
            )
        )
    if req.latency_default:
        out.append(
            _i(
                "serve_latency_default",
                f"No latency target given: assuming at most {req.ttft_ms:,.0f} ms to the first token and {req.tpot_ms:g} ms per "
                f"output token ({1000 / (req.tpot_ms or 1):.0f} tokens/s per user, about four times reading speed).",
                ttft_ms=req.ttft_ms,
                tpot_ms=req.tpot_ms,
            )
        )
    elif req.ttft_ms is not None or req.tpot_ms is not None:
        out.append(
            _i(
                "serve_latency_target",
                "Latency target: "
                + ", ".join(
                    t
                    for t in (
                        f"≤ {req.ttft_ms:,.0f} ms to first token" if req.ttft_ms else "",
                        f"≤ {req.tpot_ms:g} ms per output token" if req.tpot_ms else "",
                    )
                    if t
                )
                + ".",
                ttft_ms=req.ttft_ms,
                tpot_ms=req.tpot_ms,
            )
        )
    o = next((x for x in options if x.speed is not None), None)
    if o is None:
        return out
    rep, mem, sp = o.replica, o.memory, o.speed
    assert sp is not None
    p = rep.precision
    embed = a.embedding_params + a.extra_params
    out.append(
        _i(
            "serve_weights",
            f"Weights at {p.upper()}: {num(a.params_total - embed)} linear parameters × {LINEAR_BYTES[p]:.3g} B"
            + (" (4-bit, FP16 scale and zero per 128)" if p == "int4" else "")
            + f" + {num(embed)} embedding/output parameters × {EMBEDDING_BYTES:g} B = {weight_bytes(a, p) / GB:,.1f} GB; "
            f"{mem.weights_gb:,.1f} GB on each of {rep.gpus} GPU{'s' if rep.gpus > 1 else ''}.",
            precision=p,
            linear_params=a.params_total - embed,
            linear_bytes=LINEAR_BYTES[p],
            embedding_params=embed,
            weights_gb=weight_bytes(a, p) / GB,
            weights_per_gpu_gb=mem.weights_gb,
            gpus=rep.gpus,
        )
    )
    out.append(_kv_line(req, o))
    layout = f"tensor parallel {rep.tp}" + (f" × pipeline {rep.pp} nodes" if rep.pp > 1 else "")
    if rep.layout == "ep":
        layout = f"expert parallel {rep.tp}: 1/{rep.tp} of the experts per GPU, attention data parallel"
    out.append(
        _i(
            "serve_memory",
            f"{o.gpu.name} ({layout}): {capacity_gb(o.gpu):,.1f} GB usable per GPU (datasheet {o.gpu.memory_gb:g} GB); "
            f"runtime buffers {mem.overhead_gb:.1f} GB (CUDA context, CUDA graphs, activations for {MAX_BATCHED_TOKENS:,} tokens); "
            f"the KV cache gets {KV_FRACTION:.0%} of the rest: {max(0.0, mem.kv_budget_gb):,.1f} GB"
            + (" on each GPU for its own requests" if rep.layout == "ep" else "")
            + f" -> {mem.max_concurrency:,} requests at once per replica.",
            gpu=o.gpu.id,
            gpu_name=o.gpu.name,
            gpu_memory_gb=o.gpu.memory_gb,
            tp=rep.tp,
            pp=rep.pp,
            layout=rep.layout,
            capacity_gb=capacity_gb(o.gpu),
            batched_tokens=MAX_BATCHED_TOKENS,
            kv_fraction=KV_FRACTION,
            overhead_gb=mem.overhead_gb,
            kv_budget_gb=max(0.0, mem.kv_budget_gb),
            max_concurrency=mem.max_concurrency,
        )
    )
    st = sp.step
    out.append(
        _i(
            "serve_decode",
            f"Decode with {sp.batch:,} requests in flight: a step reads weights + KV at {k.bandwidth_efficiency:.0%} of "
            f"{o.gpu.memory_bandwidth_tbs:g} TB/s = {st.memory_s * 1e3:.1f} ms, computes at {k.decode_compute_efficiency:.0%} of "
            f"{peak_tflops(o.gpu, p):,.0f} TFLOPS = {st.compute_s * 1e3:.1f} ms ({st.bound}-bound)"
            + (
                f"; but no step of its {a.layers} layers runs faster than {st.floor_s * 1e3:.1f} ms (kernel and "
                "expert-dispatch latency at small batch)"
                if st.bound == "latency"
                else ""
            )
            + (
                f", exchanges tokens between the {rep.ranks} GPUs {st.comm_s * 1e3:.1f} ms and waits for the "
                f"busiest GPU ({1 + k.rank_imbalance:.2f}x the average)"
                if rep.ranks > 1
                else (f", all-reduces {st.comm_s * 1e3:.1f} ms" if st.comm_s > 0 else "")
            )
            + f"; step {st.total_s * 1e3:.1f} ms.",
            batch=sp.batch,
            ranks=rep.ranks,
            imbalance=1 + k.rank_imbalance,
            floor_ms=st.floor_s * 1e3,
            layers=a.layers,
            bandwidth_efficiency=k.bandwidth_efficiency,
            bandwidth_tbs=o.gpu.memory_bandwidth_tbs,
            compute_efficiency=k.decode_compute_efficiency,
            peak_tflops=peak_tflops(o.gpu, p),
            memory_ms=st.memory_s * 1e3,
            compute_ms=st.compute_s * 1e3,
            comm_ms=st.comm_s * 1e3,
            step_ms=st.total_s * 1e3,
            bound=st.bound,
        )
    )
    out.append(
        _i(
            "serve_prefill",
            f"Prefill of one {req.input_tokens:,}-token prompt: 2 × {num(a.active_params)} FLOPs per token plus attention at "
            f"{k.prefill_efficiency:.0%} of peak = {sp.prefill_s * 1e3:.0f} ms.",
            prefill_ms=sp.prefill_s * 1e3,
            input_tokens=req.input_tokens,
            active_params=a.active_params,
            prefill_efficiency=k.prefill_efficiency,
        )
    )
    out.append(
        _i(
            "serve_speed",
            f"Per replica: {sp.output_tokens_per_second:,.0f} output tokens/s; time to first token ≈ {sp.ttft_s * 1e3:,.0f} ms, "
            f"{sp.tpot_s * 1e3:.1f} ms per output token ({1 / sp.tpot_s:,.0f} tokens/s per user).",
            tokens_per_second=sp.output_tokens_per_second,
            ttft_ms=sp.ttft_s * 1e3,
            tpot_ms=sp.tpot_s * 1e3,
        )
    )
    out += _load_lines(req, o)
    out += _cost_lines(o)
    out.append(
        _i(
            "serve_calibration",
            f"Efficiencies fitted on {FIT.runs} published runs (TensorRT-LLM at full load; SGLang DeepSeek-V3 at 1-32 requests for the latency floor): median error {FIT.median_error:.0%} on them, "
            f"{FIT.holdout_median_error:.0%} on {FIT.holdout_runs} runs kept out of the fit; vLLM and SGLang differ from "
            f"TensorRT-LLM by up to 2× (engine, version, settings). Server batch limit {k.max_batch:,} requests.",
            runs=FIT.runs,
            median_error=FIT.median_error,
            cv_median_error=FIT.cv_median_error,
            holdout_runs=FIT.holdout_runs,
            holdout_median_error=FIT.holdout_median_error,
            max_batch=k.max_batch,
        )
    )
    return out


def _load_lines(req: ServeRequest, o: ServeOption) -> list[ExplainItem]:
    sp = o.speed
    assert sp is not None
    out: list[ExplainItem] = []
    if req.daily_requests is not None and req.qps is not None:
        out.append(
            _i(
                "serve_daily_requests",
                f"{req.daily_requests:,} requests a day over {BUSY_HOURS_PER_DAY:g} busy hours, peak "
                f"{PEAK_TO_AVERAGE:g}× the average ≈ {req.qps:.2g} requests/s (assumed traffic shape; say your "
                "concurrency or QPS to replace it)."
                + (
                    f" The {req.daily_users:,} daily users are not used: the request count is the more direct measure."
                    if req.daily_users is not None
                    else ""
                ),
                daily_requests=req.daily_requests,
                daily_users=req.daily_users,
                busy_hours=BUSY_HOURS_PER_DAY,
                peak_to_average=PEAK_TO_AVERAGE,
                qps=req.qps,
            )
        )
    elif req.daily_users is not None and req.qps is not None:
        out.append(
            _i(
                "serve_daily_users",
                f"{req.daily_users:,} daily active users × {REQUESTS_PER_USER_PER_DAY:g} requests each per day over "
                f"{BUSY_HOURS_PER_DAY:g} busy hours, × {PEAK_TO_AVERAGE:g} at the peak hour = {req.qps:.2g} requests/s "
                "(assumed usage; say your concurrency or QPS to replace it).",
                daily_users=req.daily_users,
                requests_per_user=REQUESTS_PER_USER_PER_DAY,
                busy_hours=BUSY_HOURS_PER_DAY,
                peak_to_average=PEAK_TO_AVERAGE,
                qps=req.qps,
            )
        )
    if req.load_default and req.concurrency is not None:
        out.append(
            _i(
                "serve_load_default",
                f"No load given: sized for {req.concurrency:,} requests in flight (a pilot or a small team); say how "
                "many users or requests per second to size for production.",
                concurrency=req.concurrency,
            )
        )
    return out + _load_line(req, o)


def _load_line(req: ServeRequest, o: ServeOption) -> list[ExplainItem]:
    sp = o.speed
    assert sp is not None
    if req.batch is not None:
        return [_batch_line(req, o, sp)]
    if req.qps is not None:
        return [
            _i(
                "serve_qps",
                f"{req.qps:g} requests/s × ({sp.ttft_s:.2f} s to first token + {req.output_tokens:,} × {sp.tpot_s * 1e3:.1f} ms) "
                f"≈ {o.concurrency * o.replicas:,} requests in flight (Little's law) -> {o.replicas} replica{'s' if o.replicas > 1 else ''} "
                f"of {o.replica.gpus} GPU{'s' if o.replica.gpus > 1 else ''}.",
                qps=req.qps,
                ttft_s=sp.ttft_s,
                output_tokens=req.output_tokens,
                tpot_ms=sp.tpot_s * 1e3,
                concurrency=o.concurrency * o.replicas,
                replicas=o.replicas,
                gpus_per_replica=o.replica.gpus,
            )
        ]
    if req.concurrency is not None:
        return [
            _i(
                "serve_concurrency",
                f"{req.concurrency:,} concurrent requests: {o.replicas} replica{'s' if o.replicas > 1 else ''} of "
                f"{o.replica.gpus} GPU{'s' if o.replica.gpus > 1 else ''}, {o.concurrency:,} in flight on each "
                f"(each holds up to {o.memory.max_concurrency:,}).",
                concurrency=req.concurrency,
                replicas=o.replicas,
                gpus_per_replica=o.replica.gpus,
                per_replica=o.concurrency,
                max_concurrency=o.memory.max_concurrency,
            )
        ]
    return [
        _i(
            "serve_saturation",
            f"No load given: one replica at saturation ({o.concurrency:,} requests in flight); say how many users or "
            "requests per second to size replicas.",
            concurrency=o.concurrency,
        )
    ]


def _batch_line(req: ServeRequest, o: ServeOption, sp: Speed) -> ExplainItem:
    """An offline job: each replica full (what its KV cache holds, up to the server's batch limit), the
    replicas its window needs, and the hours, GPU-hours and cost of the whole job (serve_job)."""
    job = req.batch
    assert job is not None
    run = job_run(o, job, req.input_tokens, req.output_tokens)
    hours = run.hours if run is not None else 0.0
    usd_total = run.usd if run is not None else None
    per_replica_rps = sp.output_tokens_per_second / req.output_tokens
    needed = required_rates(job, req.input_tokens, req.output_tokens)
    return _i(
        "serve_batch",
        f"Batch job of {job.requests:,} requests, no latency target: each replica runs {o.concurrency:,} at once "
        f"(as many as its KV cache holds, up to the server's batch limit), {per_replica_rps:.3g} requests/s "
        f"({sp.output_tokens_per_second:,.0f} output tokens/s with the prompts' prefill)"
        + (
            f"; {job.window_hours:g} hours need {needed[0]:.3g} requests/s ({needed[1]:,.0f} prompt and "
            f"{needed[2]:,.0f} output tokens/s)"
            if needed is not None
            else "; no deadline: one replica, the cheapest per token (more replicas finish sooner at the same cost)"
        )
        + f" -> {o.replicas} replica{'s' if o.replicas > 1 else ''} of {o.replica.gpus} GPU{'s' if o.replica.gpus > 1 else ''}: "
        f"{hours:,.1f} hours, {hours * o.gpus:,.0f} GPU-hours"
        + (f", {usd(usd_total)} for the whole job" if usd_total is not None else "")
        + ".",
        requests=job.requests,
        window_hours=job.window_hours,
        per_replica=o.concurrency,
        replica_rps=per_replica_rps,
        replica_tokens_per_second=sp.output_tokens_per_second,
        needed_rps=needed[0] if needed else None,
        needed_input_tps=needed[1] if needed else None,
        needed_output_tps=needed[2] if needed else None,
        replicas=o.replicas,
        gpus_per_replica=o.replica.gpus,
        hours=hours,
        gpu_hours=hours * o.gpus,
        job_usd=usd_total,
    )


def _cost_lines(o: ServeOption) -> list[ExplainItem]:
    hourly, q = o.hourly_usd, o.quote
    if hourly is None or q is None:
        return [_i("serve_no_price", f"No on-demand price for {o.gpu.name} in the catalogue.", gpu=o.gpu.id)]
    per_m = o.usd_per_million_tokens
    return [
        _i(
            "serve_cost",
            f"{o.replicas} × {q.instances} × {q.offering.cloud} {q.offering.instance_type}: {usd(hourly)}/hour, "
            f"{usd(hourly * HOURS_PER_MONTH)}/month ({HOURS_PER_MONTH:.0f} h)"
            + (f", {usd(per_m)} per million output tokens at this load" if per_m is not None else "")
            + f" (on-demand prices {_dated(q.offering.as_of)}).",
            replicas=o.replicas,
            instances=q.instances,
            hourly_usd=hourly,
            monthly_usd=hourly * HOURS_PER_MONTH,
            hours_per_month=HOURS_PER_MONTH,
            usd_per_million_tokens=per_m,
            cloud=q.offering.cloud,
            instance=q.offering.instance_type,
            prices_as_of=q.offering.as_of.isoformat() if q.offering.as_of else None,
        )
    ]


def _dated(as_of: dt.date | None) -> str:
    return f"as of {as_of.isoformat()}" if as_of is not None else "from an undated snapshot"


def _w(code: str, message: str, **params: object) -> SizingWarning:
    return SizingWarning(code, message, tuple(params.items()))


def copies_warning(copies: ServeOption, split: ServeOption) -> SizingWarning:
    """The GPUs asked for serve the load better as several copies of the model than as the one copy split
    over all of them (serve_plan._copies): the answer says so, with both throughputs."""
    assert split.speed is not None
    return _w(
        "serve_copies_over_split",
        f"The {copies.gpus} × {copies.gpu.name} serve this load better as {copies.replicas} separate copies "
        f"of the model, {copies.replica.gpus} GPU(s) each: {copies.output_tokens_per_second:,.0f} tokens/s "
        f"against {split.output_tokens_per_second:,.0f} as one copy split over all {copies.gpus} (tensor "
        "parallel), with no traffic between the GPUs on every token.",
        gpus=copies.gpus,
        gpu_name=copies.gpu.name,
        replicas=copies.replicas,
        gpus_per_replica=copies.replica.gpus,
        tokens_per_second=round(copies.output_tokens_per_second),
        split_tokens_per_second=round(split.output_tokens_per_second),
        split_tpot_ms=round(split.speed.tpot_s * 1e3, 1),
    )


def window_warning(req: ServeRequest, first: ServeOption, full: ServeOption, alone: Speed) -> SizingWarning:
    """The window the deployment supports against the typical request it is planned for: a request of the
    whole window fits on the first option's replica (its first token after ~alone.ttft_s), and what the plan
    would take if every request filled it (`full`, the first option of that plan)."""
    window = req.window_tokens or 0
    hourly = full.hourly_usd
    return _w(
        "serve_window_full",
        f"Every replica accepts a request of the whole {window:,}-token window (its first token after "
        f"~{alone.ttft_s:,.1f} s alone on one replica); if every request filled it, the plan would need "
        f"{full.gpus:,} × {full.gpu.name}"
        + (f" at ${hourly:,.0f}/hour" if hourly is not None else "")
        + f" instead of {first.gpus:,}"
        + ("" if full.meets_latency else ", and would miss the latency target")
        + ".",
        window_tokens=window,
        input_tokens=req.input_tokens,
        prompt_use=req.prompt_use,
        ttft_ms=round(alone.ttft_s * 1e3),
        gpus=full.gpus,
        gpus_per_replica=full.replica.gpus,
        replicas=full.replicas,
        gpu_name=full.gpu.name,
        precision=full.replica.precision,
        hourly_usd=hourly,
        meets_latency=full.meets_latency,
        first_gpus=first.gpus,
        # On the same GPUs (hardware given, or one replica at full load): the requests a replica's memory holds.
        concurrency=full.memory.max_concurrency,
        first_concurrency=first.memory.max_concurrency,
    )


def _latency_missed(
    req: ServeRequest, first: ServeOption, meeting: list[ServeOption], lower_same: ServeOption | None = None
) -> SizingWarning:
    """The headline misses the latency target (the user's, or the assumed default) where another
    option meets it: an answer says so instead of headlining a plan that misses it silently, and names
    the fixes - a smaller precision on the same GPUs (`lower_same`), then more GPUs."""
    assert first.speed is not None
    ttft, tpot = first.speed.ttft_s * 1e3, first.speed.tpot_s * 1e3
    slow_ttft = req.ttft_ms is not None and ttft > req.ttft_ms * 1.0001
    slow_tpot = req.tpot_ms is not None and tpot > req.tpot_ms * 1.0001
    missed = " and ".join(
        part
        for part, slow in (
            (f"{req.ttft_ms or 0:,.0f} ms to the first token (it takes ~{ttft:,.0f} ms)", slow_ttft),
            (f"{req.tpot_ms or 0:g} ms per token (it takes ~{tpot:.1f} ms)", slow_tpot),
        )
        if slow
    )
    other = meeting[0] if meeting else None
    lower = lower_same
    lower_tpot = lower.speed.tpot_s * 1e3 if lower is not None and lower.speed is not None else None
    fixes: list[str] = []
    if lower is not None and lower_tpot is not None:
        fixes.append(
            f"{lower.replica.precision.upper()} on the same {lower.gpus} × {lower.gpu.name} meets it"
            f" (~{lower_tpot:.1f} ms per token)"
        )
    if other is not None:
        fixes.append(f"{other.gpus} × {other.gpu.name} at {other.replica.precision.upper()} meets it")
    return _w(
        "serve_latency_missed",
        f"The first option misses the {'assumed ' if req.latency_default else ''}latency target of {missed}"
        + ("; " + ", and ".join(fixes) + "." if fixes else "."),
        label=first.label,
        ttft_ms=round(ttft),
        tpot_ms=round(tpot, 1),
        target_ttft_ms=req.ttft_ms if slow_ttft else None,
        target_tpot_ms=req.tpot_ms if slow_tpot else None,
        assumed=req.latency_default,
        other_label=other.label if other is not None else None,
        other_gpus=other.gpus if other is not None else None,
        other_gpu_name=other.gpu.name if other is not None else None,
        other_precision=other.replica.precision if other is not None else None,
        lower_gpus=lower.gpus if lower is not None else None,
        lower_gpu_name=lower.gpu.name if lower is not None else None,
        lower_precision=lower.replica.precision if lower is not None else None,
        lower_tpot_ms=round(lower_tpot, 1) if lower_tpot is not None else None,
    )


def warnings(
    req: ServeRequest,
    options: list[ServeOption],
    pool: list[ServeOption],
    excluded: list[ServeExcluded],
    catalog: Catalog,
    k: ServeConstants = CALIBRATED,
    lower_same: ServeOption | None = None,
) -> list[SizingWarning]:
    a, p = req.model, req.precision
    out: list[SizingWarning] = []
    tokens = req.kv_tokens
    if tokens > a.max_context:
        out.append(
            _w(
                "serve_context_exceeds_model",
                f"{tokens:,} tokens per request exceed {a.name}'s context window of {a.max_context:,} tokens.",
                model=a.name,
                tokens=tokens,
                max_context=a.max_context,
            )
        )
    single_node = [o for o in pool if o.replica.pp == 1]
    # Only when the model itself needs more than a node: GPUs the user fixed beyond one node
    # ("two 8-GPU machines") are split over nodes by their choice, not by the model's size.
    fixed_multi_node = req.gpus is not None and req.gpus > GPUS_PER_NODE
    if pool and not single_node and not fixed_multi_node:
        largest = max((o.gpu for o in pool), key=lambda g: g.memory_gb)  # of the GPU types considered
        node_gb = capacity_gb(largest) * GPUS_PER_NODE
        out.append(
            _w(
                "serve_needs_multi_node",
                f"{a.name} at {p.upper()} needs {weight_bytes(a, p) / GB:,.0f} GB of weights plus runtime buffers and "
                f"KV cache, more than the largest node considered ({GPUS_PER_NODE} × {largest.name}, {node_gb:,.0f} GB). "
                "The options split the model over several nodes (pipeline parallel), or use a smaller precision.",
                model=a.name,
                precision=p,
                weights_gb=weight_bytes(a, p) / GB,
                node_gpu=largest.name,
                node_gpus=GPUS_PER_NODE,
                node_gb=node_gb,
            )
        )
    if not options:
        out.append(
            _w(
                "serve_no_fit",
                f"{a.name} at {p.upper()} fits on no GPU type in the catalogue"
                + (f" as {req.gpus} GPUs" if req.gpus else "")
                + "; try a smaller precision (int4) or more GPUs.",
                model=a.name,
                precision=p,
                gpus=req.gpus,
            )
        )
    first = options[0] if options else None
    if first is not None and first.label == "requested" and not first.fits:
        mem = first.memory
        weights_only = not mem.weights_fit or mem.max_concurrency == 0
        why = (
            f"the weights alone need {mem.weights_gb:,.1f} GB of the {mem.capacity_gb:,.1f} GB each GPU has"
            if weights_only
            else f"only {mem.max_concurrency:,} requests of {tokens:,} tokens fit at once"
        )
        out.append(
            _w(
                "serve_requested_does_not_fit",
                f"{req.gpus} × {first.gpu.name} cannot serve this load: {why}.",
                gpu=first.gpu.id,
                gpu_name=first.gpu.name,
                gpus=req.gpus,
                weights_only=weights_only,
                weights_gb=mem.weights_gb,
                capacity_gb=mem.capacity_gb,
                max_concurrency=mem.max_concurrency,
                concurrency=req.concurrency,
                tokens=tokens,
            )
        )
    if first is not None and first.label == "requested" and a.heads % first.replica.tp:
        out.append(
            _w(
                "serve_uneven_tensor_parallel",
                f"{a.name} has {a.heads} attention heads, which {first.replica.tp} GPUs do not divide: vLLM, SGLang and "
                "TensorRT-LLM need a tensor-parallel size that divides the heads (1, 2, 4 or 8 GPUs per node).",
                model=a.name,
                heads=a.heads,
                tp=first.replica.tp,
            )
        )
    missed = [o for o in options if o.speed is not None]
    if (req.ttft_ms or req.tpot_ms) and missed and not any(o.meets_latency for o in missed):
        # The pool can hold no timed option (one GPU named that holds the model only at a lower
        # precision): the options shown are then what "achievable" speaks of.
        timed = [o.speed for o in pool if o.speed] or [o.speed for o in missed if o.speed]
        best_tpot = min(sp.tpot_s for sp in timed) * 1e3
        best_ttft = min(sp.ttft_s for sp in timed) * 1e3
        out.append(
            _w(
                "serve_latency_unreachable",
                "No option meets the latency target"
                + (f" of {req.tpot_ms:g} ms per token" if req.tpot_ms else "")
                + (f" / {req.ttft_ms:g} ms to first token" if req.ttft_ms else "")
                + f": the best achievable here is about {best_tpot:.1f} ms per token and {best_ttft:,.0f} ms to first token.",
                tpot_ms=req.tpot_ms,
                ttft_ms=req.ttft_ms,
                best_tpot_ms=round(best_tpot, 1),
                best_ttft_ms=round(best_ttft),
            )
        )
    elif first is not None and first.fits and first.speed is not None and not first.meets_latency:
        out.append(_latency_missed(req, first, [o for o in missed if o.meets_latency], lower_same))
    relaxed = next((o for o in options if o.label == "relaxed" and o.speed is not None), None)
    if relaxed is not None and first is not None and relaxed.speed is not None and req.tpot_ms:
        from sizing.serve_plan import disaggregated

        tpot = req.tpot_ms * RELAXED_TPOT_FACTOR
        split = disaggregated(req, first, k)
        split_gpus = (split[0] + split[1]) * first.replica.gpus if split is not None else None
        if split_gpus is not None and split_gpus >= first.gpus:
            split = split_gpus = None
        out.append(
            _w(
                "serve_latency_relaxed",
                f"Relaxing the target to {tpot:g} ms per token ({1000 / tpot:.0f} tokens/s per user) and taking "
                f"the first token when the {req.input_tokens:,}-token prompt's prefill allows "
                f"(~{relaxed.speed.ttft_s:,.1f} s) needs {relaxed.gpus:,} GPUs instead of {first.gpus:,}"
                + (
                    f"; keeping {req.tpot_ms:g} ms per token with prefill on replicas of their own "
                    f"(prefill-decode disaggregation) needs at least {split_gpus:,}."
                    if split is not None and split_gpus is not None
                    else "."
                ),
                tpot_ms=tpot,
                ttft_ms=round(relaxed.speed.ttft_s * 1e3),
                input_tokens=req.input_tokens,
                gpus=relaxed.gpus,
                first_gpus=first.gpus,
                gpu_name=relaxed.gpu.name,
                target_tpot_ms=req.tpot_ms,
                split_gpus=split_gpus,
                split_prefill_replicas=split[0] if split is not None else None,
                split_decode_replicas=split[1] if split is not None else None,
                split_tpot_ms=round(split[2] * 1e3, 1) if split is not None else None,
                gpus_per_replica=first.replica.gpus,
            )
        )
    out += _precision_warnings(req, options)
    if first is not None:
        out += _fp8_kv_warning(req, first)
    out += _engine_note(req)
    if req.budget is not None and Context(req, catalog).job_budget_usd() is not None:
        out += _job_over_budget(req, options, catalog)
    elif req.budget is not None and first is not None and first.hourly_usd is not None:
        limit = Context(req, catalog).budget_usd_per_hour()
        if limit is not None and first.hourly_usd > limit * 1.0001:
            out.append(
                _w(
                    "serve_over_budget",
                    f"The cheapest option that carries the load costs {usd(first.hourly_usd)}/hour, over the budget "
                    f"({usd(limit)}/hour; a total or monthly budget is read as one month of serving).",
                    hourly_usd=first.hourly_usd,
                    budget_usd_per_hour=limit,
                    hours_per_month=HOURS_PER_MONTH,
                )
            )
    return out


def _job_over_budget(req: ServeRequest, options: list[ServeOption], catalog: Catalog) -> list[SizingWarning]:
    """A batch job's total (or monthly) budget against the whole job's cost on its cheapest option shown, any
    precision: a warning only when even that one costs more."""
    ctx = Context(req, catalog)
    cap = ctx.job_budget_usd()
    costs = [(c, o) for o in options if o.fits and (c := job_cost_usd(o, ctx)) is not None]
    if cap is None or not costs:
        return []
    cost, o = min(costs, key=lambda co: co[0])
    if cost <= cap * 1.0001:
        return []
    return [
        _w(
            "serve_job_over_budget",
            f"The cheapest option for the whole job, {o.replica.gpus} × {o.gpu.name} ({o.replica.precision.upper()})"
            f"{f' × {o.replicas} replicas' if o.replicas > 1 else ''}, costs {usd(cost)}, over the budget of {usd(cap)}"
            f"{' (a month of the job)' if req.budget is not None and req.budget.period == 'month' else ''}.",
            job_cost_usd=cost,
            budget_usd=cap,
            gpus=o.gpus,
            gpu_name=o.gpu.name,
            precision=o.replica.precision,
            monthly=req.budget is not None and req.budget.period == "month",
        )
    ]


# Engine names as answers write them.
ENGINE_NAMES = {"vllm": "vLLM", "sglang": "SGLang", "tensorrt-llm": "TensorRT-LLM"}
# vLLM's measured output tokens/s over this engine's prediction with the KV cache vLLM keeps: Qwen3-8B on one
# H100, vLLM 0.30, at a fixed number of users (tgarg01/silybench-data derived/csv/capacity.csv, read
# 2026-12-02; _fp8_kv_warning): FP8 weights with a 16-bit KV cache 0.91 / 1.13 / 1.08, BF16 0.84 / 0.89.
VLLM_MEASURED_RATIO = (0.84, 1.13)


def _engine_note(req: ServeRequest) -> list[SizingWarning]:
    """The engine the user runs (ServeRequest.engine), said with what the plan takes from it: vLLM and SGLang
    keep K and V in 16 bits beside FP8 weights (serve_memory.kv_cache_bytes), and the speeds come from
    TensorRT-LLM runs (vLLM measured within VLLM_MEASURED_RATIO of them once its KV cache is counted)."""
    if req.engine is None or req.engine == "tensorrt-llm":
        return []
    name = ENGINE_NAMES[req.engine]
    kv16 = req.precision == "fp8"
    text = f"Planned for {name}'s defaults"
    if kv16:
        text += ": K and V kept in 16 bits beside the FP8 weights (--kv-cache-dtype fp8 holds about twice the requests)"
    text += ". Speeds are fitted on TensorRT-LLM runs"
    if req.engine == "vllm":
        low, high = VLLM_MEASURED_RATIO
        text += f"; vLLM measured {low:.2f}-{high:.2f}x of them with its own KV cache (Qwen3-8B, one H100)"
    text += "."
    return [
        _w(
            "serve_engine",
            text,
            engine=req.engine,
            engine_name=name,
            kv16=kv16,
            measured_low=VLLM_MEASURED_RATIO[0] if req.engine == "vllm" else None,
            measured_high=VLLM_MEASURED_RATIO[1] if req.engine == "vllm" else None,
        )
    ]


# Said only when the 16-bit KV cache costs at least this share of the plan's output tokens/s.
FP8_KV_SPEED_SHOWN = 0.1


def _fp8_kv_warning(req: ServeRequest, first: ServeOption) -> list[SizingWarning]:
    """An FP8 plan counts on an FP8 KV cache, as TensorRT-LLM runs FP8 weights (KV_BYTES). vLLM and
    SGLang keep K and V in 16 bits unless told (KV_BYTES_AUTO): said when, on their defaults, a replica
    would hold fewer requests than the plan puts on it, or read enough more KV per step to be slower
    (FP8_KV_SPEED_SHOWN). Measured: Qwen3-8B FP8 on one H100 with vLLM 0.30 (16-bit KV, 2048/2048 at 52
    users, 1024/128 at 108, 8192/512 at 10: 3,653 / 4,129 / 787 tokens/s; tgarg01/silybench-data
    derived/csv/capacity.csv, read 2026-12-02) is 1.36-1.43x slower than this plan with an FP8 cache
    and 0.91-1.13x of it with a 16-bit one, where the BF16 runs of the same table are 0.84-0.89x."""
    mem = first.memory
    if first.replica.precision != "fp8" or not first.fits or not mem.weights_fit or first.speed is None:
        return []
    if req.engine is not None:  # planned for the engine said, with its own KV cache (kv_cache_bytes)
        return []
    scale = KV_BYTES_AUTO / KV_BYTES["fp8"]
    held = requests_held(mem.kv_budget_gb, mem.kv_per_request_gb * scale) * mem.ranks
    if held < 1:
        return []
    timing = Timing(first.replica, req.input_tokens, req.output_tokens)
    timing.kv_layer_bytes *= scale
    planned = first.speed.output_tokens_per_second
    sixteen = timing.speed(min(first.speed.batch, held)).output_tokens_per_second
    slower = sixteen <= (1.0 - FP8_KV_SPEED_SHOWN) * planned
    if held >= first.concurrency and not slower:
        return []
    text = (
        "This plan keeps the KV cache in FP8, as TensorRT-LLM does with FP8 weights. vLLM and SGLang "
        "keep it in 16 bits unless started with --kv-cache-dtype fp8"
    )
    if held < first.concurrency:
        text += f": then a replica holds about {held:,} of the {first.concurrency:,} requests planned on it"
        text += (
            f" and makes about {sixteen:,.0f} output tokens/s instead of {planned:,.0f}." if slower else "."
        )
    else:
        text += f": then a replica makes about {sixteen:,.0f} output tokens/s instead of {planned:,.0f}."
    return [
        _w(
            "serve_fp8_kv_cache",
            text,
            gpu_name=first.gpu.name,
            held=held,
            concurrency=first.concurrency,
            replicas=first.replicas,
            tokens_per_second_16bit=round(sixteen) if slower else None,
            tokens_per_second=round(planned),
        )
    ]


def _precision_warnings(req: ServeRequest, options: list[ServeOption]) -> list[SizingWarning]:
    """What the shown options serve in when it is not what was asked (a V100 has no BF16: FP16), and
    8-bit plans whose math stays 16-bit (weight-only kernels on GPUs without FP8 tensor cores)."""
    out: list[SizingWarning] = []
    seen: set[tuple[str, str]] = set()
    for o in options:
        used = o.replica.precision
        asked = req.precision if o.label != "lower_precision" else used
        key = (o.gpu.id, used)
        if key in seen:
            continue
        seen.add(key)
        if used != asked:
            out.append(
                _w(
                    "serve_precision_substituted",
                    f"{o.gpu.name} cannot compute in {asked.upper()}: planned in {used.upper()} instead"
                    + (" (the same weights, cast to FP16)" if used == "fp16" and asked == "bf16" else "")
                    + ". Kernels per GPU generation: vLLM's quantization hardware table.",
                    gpu=o.gpu.id,
                    gpu_name=o.gpu.name,
                    asked=asked,
                    used=used,
                )
            )
        elif used in ("fp8", "int8") and kernel_for(o.gpu, used) == "weight_only":
            out.append(
                _w(
                    "serve_precision_weight_only",
                    f"{o.gpu.name} has no {used.upper()} tensor cores: {used.upper()} weights halve memory and "
                    "reads but the math runs at 16 bits (weight-only kernels).",
                    gpu=o.gpu.id,
                    gpu_name=o.gpu.name,
                    precision=used,
                )
            )
    return out
