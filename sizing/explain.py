"""Explain lines: each formula with its numbers, for the plan's first option."""
# ruff: noqa: E501

from __future__ import annotations

from sizing import assumptions as asm, calibration as cal, compute, network
from sizing.result import ExplainItem, Option
from sizing.workload import Workload


def _n(x: float) -> str:
    if abs(x) >= 1e15:
        return f"{x:.3g}"
    for unit, size in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if abs(x) >= size:
            return f"{x / size:.3g}{unit}"
    return f"{x:.3g}"


def _usd(x: float) -> str:
    return f"${x:,.0f}" if x >= 100 else f"${x:,.2f}"


def _i(code: str, text: str, **params: object) -> ExplainItem:
    return ExplainItem(code, text, tuple(params.items()))


def _gpus(n: int) -> str:
    return f"{n} GPU" if n == 1 else f"{n} GPUs"


def lines(w: Workload, o: Option | None) -> tuple[ExplainItem, ...]:
    a = w.arch
    out = [
        _i(
            "architecture",
            f"Architecture (Llama-style, SwiGLU, GQA): {a.layers} layers, hidden {a.hidden}, {a.heads} heads "
            f"({a.kv_heads} KV), FFN {a.ffn}, vocab {a.vocab} -> {_n(a.params_exact)} parameters exactly "
            f"(asked {_n(w.params)}).",
            layers=a.layers,
            hidden=a.hidden,
            heads=a.heads,
            kv_heads=a.kv_heads,
            ffn=a.ffn,
            vocab=a.vocab,
            params_exact=a.params_exact,
            params=w.params,
        ),
    ]
    if w.tokens_source == "data":
        gb = (w.data_bytes or 0) / 1e9
        out.append(
            _i(
                "tokens_from_data",
                f"Tokens = data {gb:,.4g} GB / {w.bytes_per_token} bytes per token = {_n(w.tokens)}.",
                data_gb=gb,
                bytes_per_token=w.bytes_per_token,
                tokens=w.tokens,
            )
        )
    elif w.tokens_source.startswith("default"):
        basis = "chinchilla" if w.method == "pretrain" else "finetune_set"
        why = (
            "Chinchilla 20 tokens/param, at least 200B"
            if basis == "chinchilla"
            else "assumed fine-tuning set"
        )
        out.append(
            _i(
                "tokens_default",
                f"Tokens not given: assuming {_n(w.tokens)} ({why}).",
                tokens=w.tokens,
                basis=basis,
            )
        )
    else:
        out.append(_i("tokens_given", f"Tokens = {_n(w.tokens)} (given).", tokens=w.tokens))
    if w.is_peft:
        name = "QLoRA" if w.method == "qlora" else "LoRA"
        out.append(
            _i(
                "peft",
                f"{name} rank {w.lora_rank} on all 7 projections: {_n(w.trainable_params)} trainable; "
                "the frozen base gets no gradients or optimizer state.",
                method=name,
                rank=w.lora_rank,
                trainable_params=w.trainable_params,
            )
        )
    if w.checkpointing:
        qlora = w.method == "qlora"
        out.append(
            _i(
                "checkpointing",
                "Activation checkpointing on (full recompute)"
                + (
                    ": the QLoRA recipe default (PEFT prepare_model_for_kbit_training, use_gradient_checkpointing=True; "
                    "QLoRA paper); it saves activation memory and costs about one extra forward pass."
                    if qlora
                    else ", as requested."
                ),
                reason="qlora_default" if qlora else "requested",
            )
        )
    fpt = compute.flops_per_token(w)
    base = "4N + 6N_lora" if w.is_peft else "6N"
    if w.active_params is not None:
        out.append(
            _i(
                "moe_active",
                f"Mixture-of-experts: FLOPs and time use the {_n(w.active_params)} parameters active per "
                f"token; memory holds all {_n(w.params)} (every expert, with its gradients and optimizer "
                "state). Expert-parallel all-to-all traffic is not modelled.",
                active_params=w.active_params,
                params=w.params,
            )
        )
    out.append(
        _i(
            "flops",
            f"FLOPs/token = {base} + 12·L·h·s (PaLM attention term, s={w.seq_len}) = {_n(fpt)}; "
            f"total = {_n(fpt * w.tokens)} FLOPs.",
            formula=base,
            seq_len=w.seq_len,
            flops_per_token=fpt,
            total_flops=fpt * w.tokens,
        )
    )
    if o is None:
        return tuple(out)
    return tuple(out) + plan_lines(w, o)


def plan_lines(w: Workload, o: Option) -> tuple[ExplainItem, ...]:
    m, lay, tp = o.fitted.memory, o.fitted.layout, o.throughput
    # AdamW's 16 B/param (2+2+12) applies to the parameters it trains: all of them, or LoRA's.
    basis = "trainable param" if w.is_peft else "param"
    out = [
        _i(
            "memory",
            f"Memory per GPU on {o.gpu.id} = weights {m.weights_gb:.1f} + gradients {m.gradients_gb:.1f} + "
            f"optimizer {m.optimizer_gb:.1f} + activations {m.activations_gb:.1f} ({lay.recompute} recompute, "
            f"micro-batch {lay.micro_batch}) + logits {m.logits_gb:.1f} + buffers {m.buffers_gb:.1f} + "
            f"overhead {m.overhead_gb:.1f} = {m.total_gb:.1f} GB of {o.gpu.memory_gb:g} GB "
            f"({'fits' if o.fits else 'does NOT fit'}; AdamW at 16 B per {basis}: 2+2+12).",
            gpu=o.gpu.id,
            weights_gb=m.weights_gb,
            gradients_gb=m.gradients_gb,
            optimizer_gb=m.optimizer_gb,
            activations_gb=m.activations_gb,
            recompute=lay.recompute,
            micro_batch=lay.micro_batch,
            logits_gb=m.logits_gb,
            buffers_gb=m.buffers_gb,
            overhead_gb=m.overhead_gb,
            total_gb=m.total_gb,
            gpu_memory_gb=o.gpu.memory_gb,
            fits=o.fits,
            peft=w.is_peft,
        ),
        _i(
            "layout",
            f"Layout: {_gpus(lay.gpus)} = DP {lay.dp} × TP {lay.tp} × PP {lay.pp}, ZeRO-{lay.zero_stage}, "
            f"grad accumulation {lay.grad_accum}.",
            gpus=lay.gpus,
            dp=lay.dp,
            tp=lay.tp,
            pp=lay.pp,
            zero_stage=lay.zero_stage,
            grad_accum=lay.grad_accum,
        ),
        _i(
            "throughput",
            f"Effective MFU {tp.mfu:.1%} of {tp.peak_tflops:g} dense TFLOPS ({tp.precision}; "
            f"MAMF {compute.mamf(o.gpu):.0%}, goodput {tp.goodput:.0%}, recompute ×{tp.recompute_factor:.2f}) "
            f"-> {tp.tokens_per_gpu_second:,.0f} tokens/s per GPU.",
            mfu=tp.mfu,
            peak_tflops=tp.peak_tflops,
            precision=tp.precision,
            mamf=compute.mamf(o.gpu),
            goodput=tp.goodput,
            recompute_factor=tp.recompute_factor,
            tokens_per_gpu_s=tp.tokens_per_gpu_second,
        ),
    ]
    lo, hi = o.gpu_hours_range
    out.append(
        _i(
            "gpu_hours",
            f"GPU-hours = {_n(w.tokens)} tokens / {tp.tokens_per_gpu_second:,.0f} tok/s / 3600 = {o.gpu_hours:,.0f} "
            f"(range {lo:,.0f}-{hi:,.0f}, ±{cal.BAND_Z}σ of the calibration); on {_gpus(o.gpus)}: {o.days:.2f} days.",
            tokens=w.tokens,
            tokens_per_gpu_s=tp.tokens_per_gpu_second,
            gpu_hours=o.gpu_hours,
            low=lo,
            high=hi,
            z=cal.BAND_Z,
            gpus=o.gpus,
            days=o.days,
        )
    )
    out.append(network_line(w, o))
    st = o.storage
    out.append(
        _i(
            "storage",
            f"Storage: dataset {st.dataset_gb:,.1f} GB, tokenised {st.tokenized_gb:,.1f} GB, checkpoint "
            f"{st.checkpoint_gb:,.2f} GB -> {st.tier}.",
            dataset_gb=st.dataset_gb,
            tokenized_gb=st.tokenized_gb,
            checkpoint_gb=st.checkpoint_gb,
            tier=st.tier,
        )
    )
    if o.quote is not None:
        out.append(_cost_line(o))
    return tuple(out)


def _cost_line(o: Option) -> ExplainItem:
    q = o.quote
    assert q is not None
    minimum = q.billed_hours > o.days * 24.0 * 1.0001
    text = (
        f"Cost = {q.instances} × {q.offering.instance_type} ({q.offering.cloud}) at ${q.hourly_usd / q.instances:,.2f}/h"
        f" × {q.billed_hours:,.1f} h"
        + (
            f" (at least {asm.MIN_BILLED_HOURS_PER_INSTANCE:g} h per instance: our assumption for boot, data and"
            " save time; clouds bill by the minute)"
            if minimum
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
    return _i(
        "cost",
        text,
        instances=q.instances,
        instance=q.offering.instance_type,
        cloud=q.offering.cloud,
        usd_per_instance_hour=q.hourly_usd / q.instances,
        billed_hours=q.billed_hours,
        minimum_hours=asm.MIN_BILLED_HOURS_PER_INSTANCE if minimum else None,
        on_demand_usd=q.on_demand_usd,
        spot_usd=q.spot_usd,
        as_of=q.offering.as_of.isoformat(),
        unused_gpus=q.unused_gpus,
    )


def network_line(w: Workload, o: Option) -> ExplainItem:
    """The sync bytes, the step time from the global batch, the window and the need, in numbers."""
    net, lay, tp = o.network, o.fitted.layout, o.throughput
    tier = f"seed tier {net.tier} {net.tier_gbps[0]:g}-{net.tier_gbps[1]:g} Gb/s"
    tier_params: dict[str, object] = {
        "tier": net.tier,
        "tier_low": net.tier_gbps[0],
        "tier_high": net.tier_gbps[1],
    }
    if lay.gpus == 1:
        return _i(
            "network_single_gpu",
            f"Network: one GPU, so there is no gradient sync between GPUs; {tier} for data.",
            **tier_params,
        )
    shard = w.trainable_params / (lay.tp * lay.pp) * (4.0 if tp.precision == "fp32" else 2.0) / 1e9
    zero3 = lay.zero_stage >= 3
    sync = (
        f"DP sync per GPU = 2(n-1)/n × {shard:,.2f} GB gradient shard (trainable params / (TP {lay.tp} · "
        f"PP {lay.pp})){' × 1.5 for ZeRO-3' if zero3 else ''} with n = {lay.dp} = "
        f"{net.sync_gb_per_step:,.2f} GB per step"
    )
    sync_params: dict[str, object] = {
        "shard_gb": shard,
        "tp": lay.tp,
        "pp": lay.pp,
        "dp": lay.dp,
        "zero3": zero3,
        "sync_gb": net.sync_gb_per_step,
    }
    if not net.multi_node:
        link = {"nvlink": "NVLink", "infinity_fabric": "Infinity Fabric"}.get(net.scale_up, "PCIe")
        return _i(
            "network_one_node",
            f"Network: one node, so the sync stays on {link}: {sync}; {tier}.",
            link=link,
            **sync_params,
            **tier_params,
        )
    tokens = lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len
    raw_speed = tp.tokens_per_gpu_second * tp.comm_slowdown
    line = (
        f"Network: step = {_n(tokens)} tokens (global batch) / ({o.gpus} GPUs × "
        f"{raw_speed:,.0f} tok/s) = {net.step_s:.2f} s; {sync}; "
        f"each node's NICs carry {net.node_sync_gb:,.1f} GB per step. The sync overlaps the last "
        f"micro-batch's backward (2/3 × step / {lay.grad_accum}) and may add "
        f"{network.EXPOSED_COMM_SHARE:.0%} of the step (our heuristic, sizing.md §1.6): "
        f"{net.window_s:.2f} s -> needs ~{net.required_gbps:,.0f} Gb/s per node "
        f"(~{net.required_gbps_per_gpu:,.0f} per GPU); "
    )
    q = o.quote
    instance = q.offering.instance_type if q is not None else None
    where = instance or "these instances"
    if net.offered_gbps is None:
        status = "unlisted"
        line += (
            f"the catalog lists no cluster network for {where}, so the time assumes "
            f"{net.assumed_gbps or 0:,.0f} Gb/s per node (the low end of the guide's tier): confirm it"
        )
    elif net.adequate:
        status = "enough"
        line += f"{where} lists {net.offered_gbps:,.0f} Gb/s per node: enough"
    else:
        status = "short"
        line += f"{where} lists {net.offered_gbps:,.0f} Gb/s per node: short"
    if net.comm_slowdown > 1.0:
        line += f", so the time includes a ×{net.comm_slowdown:.2f} communication slowdown"
    line += f"; {tier}"
    if net.exceeds_tier:
        line += (
            f"; the need exceeds that tier: plan {net.required_gbps:,.0f} Gb/s or more per node "
            "(e.g. 400 Gb/s InfiniBand/RoCE per GPU on H100-class nodes)"
        )
    return _i(
        "network_multi_node",
        line + ".",
        global_batch_tokens=tokens,
        gpus=o.gpus,
        tokens_per_gpu_s=raw_speed,
        step_s=net.step_s,
        node_sync_gb=net.node_sync_gb,
        grad_accum=lay.grad_accum,
        exposed_share=network.EXPOSED_COMM_SHARE,
        window_s=net.window_s,
        required_gbps=net.required_gbps,
        required_gbps_per_gpu=net.required_gbps_per_gpu,
        status=status,
        instance=instance,
        offered_gbps=net.offered_gbps,
        assumed_gbps=net.assumed_gbps,
        slowdown=net.comm_slowdown,
        exceeds_tier=net.exceeds_tier,
        **sync_params,
        **tier_params,
    )
