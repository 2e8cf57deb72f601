"""Explain lines: each formula with its numbers, for the plan's first option."""
# ruff: noqa: E501

from __future__ import annotations

from sizing import assumptions as asm, calibration as cal, compute, network
from sizing.result import Option
from sizing.workload import GLOBAL_BATCH_TOKENS, Workload


def _n(x: float) -> str:
    if abs(x) >= 1e15:
        return f"{x:.3g}"
    for unit, size in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if abs(x) >= size:
            return f"{x / size:.3g}{unit}"
    return f"{x:.3g}"


def _usd(x: float) -> str:
    return f"${x:,.0f}" if x >= 100 else f"${x:,.2f}"


def lines(w: Workload, o: Option | None) -> tuple[str, ...]:
    a = w.arch
    out = [
        f"Architecture (Llama-style, SwiGLU, GQA): {a.layers} layers, hidden {a.hidden}, {a.heads} heads "
        f"({a.kv_heads} KV), FFN {a.ffn}, vocab {a.vocab} -> {_n(a.params_exact)} parameters exactly "
        f"(asked {_n(w.params)}).",
    ]
    if w.tokens_source == "data":
        out.append(
            f"Tokens = data {(w.data_bytes or 0) / 1e9:,.4g} GB / {w.bytes_per_token} bytes per token = {_n(w.tokens)}."
        )
    elif w.tokens_source.startswith("default"):
        why = (
            "Chinchilla 20 tokens/param, at least 200B"
            if w.method == "pretrain"
            else "assumed fine-tuning set"
        )
        out.append(f"Tokens not given: assuming {_n(w.tokens)} ({why}).")
    else:
        out.append(f"Tokens = {_n(w.tokens)} (given).")
    if w.is_peft:
        out.append(
            f"{'QLoRA' if w.method == 'qlora' else 'LoRA'} rank {w.lora_rank} on all 7 projections: {_n(w.trainable_params)} trainable; "
            "the frozen base gets no gradients or optimizer state."
        )
    if w.checkpointing:
        out.append(
            "Activation checkpointing on (full recompute)"
            + (
                ": the QLoRA recipe default (PEFT prepare_model_for_kbit_training, use_gradient_checkpointing=True; "
                "QLoRA paper); it saves activation memory and costs about one extra forward pass."
                if w.method == "qlora"
                else ", as requested."
            )
        )
    fpt = compute.flops_per_token(w)
    base = "4N + 6N_lora" if w.is_peft else "6N"
    out.append(
        f"FLOPs/token = {base} + 12·L·h·s (PaLM attention term, s={w.seq_len}) = {_n(fpt)}; "
        f"total = {_n(fpt * w.tokens)} FLOPs."
    )
    if o is None:
        return tuple(out)
    m, lay, tp = o.fitted.memory, o.fitted.layout, o.throughput
    out.append(
        f"Memory per GPU on {o.gpu.id} = weights {m.weights_gb:.1f} + gradients {m.gradients_gb:.1f} + "
        f"optimizer {m.optimizer_gb:.1f} + activations {m.activations_gb:.1f} ({lay.recompute} recompute, "
        f"micro-batch {lay.micro_batch}) + logits {m.logits_gb:.1f} + buffers {m.buffers_gb:.1f} + "
        f"overhead {m.overhead_gb:.1f} = {m.total_gb:.1f} GB of {o.gpu.memory_gb:g} GB "
        f"({'fits' if o.fits else 'does NOT fit'}; AdamW at 16 B/param: 2+2+12)."
    )
    out.append(
        f"Layout: {lay.gpus} GPUs = DP {lay.dp} × TP {lay.tp} × PP {lay.pp}, ZeRO-{lay.zero_stage}, "
        f"grad accumulation {lay.grad_accum}."
    )
    out.append(
        f"Effective MFU {tp.mfu:.1%} of {tp.peak_tflops:g} dense TFLOPS ({tp.precision}; "
        f"MAMF {compute.mamf(o.gpu):.0%}, goodput {tp.goodput:.0%}, recompute ×{tp.recompute_factor:.2f}) "
        f"-> {tp.tokens_per_gpu_second:,.0f} tokens/s per GPU."
    )
    lo, hi = o.gpu_hours_range
    out.append(
        f"GPU-hours = {_n(w.tokens)} tokens / {tp.tokens_per_gpu_second:,.0f} tok/s / 3600 = {o.gpu_hours:,.0f} "
        f"(range {lo:,.0f}-{hi:,.0f}, ±{cal.BAND_Z}σ of the calibration); on {o.gpus} GPUs: {o.days:.2f} days."
    )
    out.append(network_line(w, o))
    st = o.storage
    out.append(
        f"Storage: dataset {st.dataset_gb:,.1f} GB, tokenised {st.tokenized_gb:,.1f} GB, checkpoint "
        f"{st.checkpoint_gb:,.2f} GB -> {st.tier}."
    )
    if o.quote is not None:
        q = o.quote
        out.append(
            f"Cost = {q.instances} × {q.offering.instance_type} ({q.offering.cloud}) at ${q.hourly_usd / q.instances:,.2f}/h"
            f" × {q.billed_hours:,.1f} h"
            + (
                f" (at least {asm.MIN_BILLED_HOURS_PER_INSTANCE:g} h per instance: our assumption for boot, data and"
                " save time; clouds bill by the minute)"
                if q.billed_hours > o.days * 24.0 * 1.0001
                else ""
            )
            + f" = {_usd(q.on_demand_usd)} on demand"
            + (f", {_usd(q.spot_usd)} spot" if q.spot_usd is not None else "")
            + f" (prices as of {q.offering.as_of.isoformat()})."
            + (
                f" The instance holds {q.unused_gpus} more GPU(s) than the plan uses; they are paid for."
                if q.unused_gpus > 0
                else ""
            )
        )
    return tuple(out)


def network_line(w: Workload, o: Option) -> str:
    """The sync bytes, the step time from the global batch, the window and the need, in numbers."""
    net, lay, tp = o.network, o.fitted.layout, o.throughput
    shard = w.trainable_params / (lay.tp * lay.pp) * (4.0 if tp.precision == "fp32" else 2.0) / 1e9
    sync = (
        f"DP sync per GPU = 2(n-1)/n × {shard:,.2f} GB gradient shard (trainable params / (TP {lay.tp} · "
        f"PP {lay.pp})){' × 1.5 for ZeRO-3' if lay.zero_stage >= 3 else ''} with n = {lay.dp} = "
        f"{net.sync_gb_per_step:,.2f} GB per step"
    )
    tier = f"seed tier {net.tier} {net.tier_gbps[0]:g}-{net.tier_gbps[1]:g} Gb/s"
    if not net.multi_node:
        link = {"nvlink": "NVLink", "infinity_fabric": "Infinity Fabric"}.get(net.scale_up, "PCIe")
        return f"Network: one node, so the sync stays on {link}: {sync}; {tier}."
    tokens = lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len
    line = (
        f"Network: step = {_n(tokens)} tokens (global batch) / ({o.gpus} GPUs × "
        f"{tp.tokens_per_gpu_second * tp.comm_slowdown:,.0f} tok/s) = {net.step_s:.2f} s; {sync}; "
        f"each node's NICs carry {net.node_sync_gb:,.1f} GB per step. The sync overlaps the last "
        f"micro-batch's backward (2/3 × step / {lay.grad_accum}) and may add "
        f"{network.EXPOSED_COMM_SHARE:.0%} of the step (our heuristic, sizing.md §1.6): "
        f"{net.window_s:.2f} s -> needs ~{net.required_gbps:,.0f} Gb/s per node "
        f"(~{net.required_gbps_per_gpu:,.0f} per GPU); "
    )
    q = o.quote
    instance = q.offering.instance_type if q is not None else "these instances"
    if net.offered_gbps is None:
        line += (
            f"the catalog lists no cluster network for {instance}, so the time assumes "
            f"{net.assumed_gbps or 0:,.0f} Gb/s per node (the low end of the guide's tier): confirm it"
        )
    elif net.adequate:
        line += f"{instance} lists {net.offered_gbps:,.0f} Gb/s per node: enough"
    else:
        line += f"{instance} lists {net.offered_gbps:,.0f} Gb/s per node: short"
    if net.comm_slowdown > 1.0:
        line += f", so the time includes a ×{net.comm_slowdown:.2f} communication slowdown"
    line += f"; {tier}"
    if net.exceeds_tier:
        line += (
            f"; the need exceeds that tier: plan {net.required_gbps:,.0f} Gb/s or more per node "
            "(e.g. 400 Gb/s InfiniBand/RoCE per GPU on H100-class nodes)"
        )
    return line + "."


def assumption_lines(
    deadline_days: float | None, o: Option | None, fastest_ruled: bool, small_model: bool = False
) -> tuple[str, ...]:
    """Our own planning assumptions (sizing.assumptions), said plainly, where the answer used them."""
    out = []
    if deadline_days is None:
        out.append(
            f"No deadline given: planned to finish within {asm.DEFAULT_TARGET_DAYS:g} days. This is our "
            "assumption (a one-month rental and billing horizon), not a requirement; a deadline replaces it."
        )
    if o is not None and o.quote is not None:
        d = asm.RESERVED_DISCOUNT
        out.append(
            f"Billing advice assumes monthly/reserved capacity costs ~{d:.0%} less than on-demand: our "
            f"assumption, as discounts vary by provider and term, so check yours. At that discount reserving "
            f"pays off above ~{1 - d:.0%} utilisation (~{30.4 * (1 - d):.0f} busy days a month)."
        )
        out.append(
            f"Prices older than {asm.STALE_AFTER_DAYS} days are flagged as stale: our assumption, because GPU "
            "prices move by tens of percent within months (AWS P4/P5 fell 33-44% between two 2025 catalog snapshots)."
        )
    if small_model:
        out.append(
            f"Under {_n(asm.SMALL_MODEL_PARAMS)} parameters the first option avoids top-tier GPUs (H100/H200/B200/"
            "MI300X class) when a smaller GPU fits, meets the deadline and the budget: the buying guide warns "
            "against renting top GPUs for small models (§4.1) and puts 1e8-class models on T4/A30 and 1e9-class "
            "on A100 (§3); a top-tier plan, if listed, follows as the alternative."
        )
    if fastest_ruled:
        out.append(
            "The quickest option is kept sensible: current datacenter training GPUs only (2020 or later, "
            "NVLink/Infinity Fabric), no more data-parallel ranks than the global batch allows "
            f"({_n(GLOBAL_BATCH_TOKENS['pretrain'])} tokens for pre-training as in Llama 2, "
            f"{_n(GLOBAL_BATCH_TOKENS['full_finetune'])} for fine-tuning), at most "
            f"{asm.FASTEST_COST_CAP:g}x the cheapest plan's cost without a budget, and within "
            f"{asm.SIMILAR_DAYS - 1:.0%} of the quickest time fewer, then newer, GPUs win "
            "(the cost cap and the 10% are our assumptions)."
        )
    return tuple(out)


def small_model_tradeoff(options: list[Option] | tuple[Option, ...]) -> tuple[str, ...]:
    """When the small-model rule put a dearer GPU first, what the cheaper top-tier plan would save."""
    if len(options) < 2 or options[0].label != "recommended" or options[1].label != "cheapest_top_tier":
        return ()
    first, top = options[0], options[1]
    if first.cost_usd is None or top.cost_usd is None:
        return ()
    return (
        f"Trade-off: the recommended {first.gpus} × {first.gpu.id} costs {_usd(first.cost_usd)} over "
        f"{first.days:.1f} days; the cheapest plan is the top-tier {top.gpus} × {top.gpu.id} at "
        f"{_usd(top.cost_usd)} over {top.days:.1f} days ({_usd(first.cost_usd - top.cost_usd)} less). "
        "The guide's advice against top GPUs for small models is about value: when a top-tier GPU is "
        "also the cheaper rental, as here, take it if it is available to you.",
    )
