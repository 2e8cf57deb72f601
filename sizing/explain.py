"""Explain lines: each formula with its numbers, for the plan's first option (the network and
cost lines live in explain_cluster, our assumptions and trade-offs in explain_notes)."""
# ruff: noqa: E501

from __future__ import annotations

import math

from sizing import calibration as cal, compute
from sizing.explain_cluster import cost_line, fixed_line, network_line
from sizing.explain_format import gpus_text, item as _i, num
from sizing.result import ExplainItem, Option
from sizing.workload import Workload


def lines(w: Workload, o: Option | None) -> tuple[ExplainItem, ...]:
    a = w.arch
    out = [
        _i(
            "architecture",
            f"Architecture (Llama-style, SwiGLU, GQA): {a.layers} layers, hidden {a.hidden}, {a.heads} heads "
            f"({a.kv_heads} KV), FFN {a.ffn}, vocab {a.vocab} -> {num(a.params_exact)} parameters exactly "
            f"(asked {num(w.params)}).",
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
                f"Tokens = data {gb:,.4g} GB / {w.bytes_per_token} bytes per token = {num(w.dataset_tokens)}.",
                data_gb=gb,
                bytes_per_token=w.bytes_per_token,
                tokens=w.dataset_tokens,
            )
        )
    elif w.tokens_source.startswith("default"):
        basis = {"default_chinchilla": "chinchilla", "default_continued": "continued"}.get(
            w.tokens_source, "finetune_set"
        )
        why = {
            "chinchilla": "Chinchilla 20 tokens per active param, at least 200B",
            "continued": "assumed continued pre-training budget",
            "finetune_set": "assumed fine-tuning set",
        }[basis]
        out.append(
            _i(
                "tokens_default",
                f"Tokens not given: assuming {num(w.tokens)} ({why}).",
                tokens=w.tokens,
                basis=basis,
            )
        )
    else:
        out.append(_i("tokens_given", f"Tokens = {num(w.dataset_tokens)} (given).", tokens=w.dataset_tokens))
    if w.epochs != 1.0:
        out.append(
            _i(
                "tokens_epochs",
                f"Trained tokens = {num(w.dataset_tokens)} x {w.epochs:g} epochs = {num(w.tokens)}.",
                tokens=w.dataset_tokens,
                epochs=w.epochs,
                trained=w.tokens,
            )
        )
    if w.is_peft:
        name = "QLoRA" if w.method == "qlora" else "LoRA"
        out.append(
            _i(
                "peft",
                f"{name} rank {w.lora_rank} on all 7 projections: {num(w.trainable_params)} trainable; "
                "the frozen base gets no gradients or optimizer state.",
                method=name,
                rank=w.lora_rank,
                trainable_params=w.trainable_params,
            )
        )
    out.append(stack_line(w))
    fpt = compute.flops_per_token(w)
    base = "4N + 6N_lora" if w.is_peft else "6N"
    if w.active_params is not None:
        out.append(
            _i(
                "moe_active",
                f"Mixture-of-experts: FLOPs and time use the {num(w.active_params)} parameters active per "
                f"token; memory holds all {num(w.params)} (every expert, with its gradients and optimizer "
                "state). Expert-parallel all-to-all traffic is not modelled.",
                active_params=w.active_params,
                params=w.params,
            )
        )
    out.append(
        _i(
            "flops",
            f"FLOPs/token = {base} + 12·L·h·s (PaLM attention term, s={w.seq_len}) = {num(fpt)}; "
            f"total = {num(fpt * w.tokens)} FLOPs.",
            formula=base,
            seq_len=w.seq_len,
            flops_per_token=fpt,
            total_flops=fpt * w.tokens,
        )
    )
    if o is None:
        return tuple(out)
    return tuple(out) + plan_lines(w, o)


STACK_NAMES = {
    "megatron": "Megatron-LM style (tensor/pipeline parallel, distributed optimizer)",
    "deepspeed": "DeepSpeed ZeRO (HF Trainer / LLaMA-Factory)",
    "fsdp": "PyTorch FSDP / ZeRO-3 sharding (torchtune, HF TRL/Accelerate, LLaMA-Factory)",
    "hf": "Hugging Face Trainer / PEFT with DDP",
    "unsloth": "Unsloth (fused kernels, offloaded gradient checkpointing)",
}


def stack_line(w: Workload) -> ExplainItem:
    """The training software the plan assumes, and the recompute it was told to use."""
    st = w.stack
    forced = w.recompute
    why = {
        "qlora_default": " Activation checkpointing on: the QLoRA recipe default (PEFT prepare_model_for_kbit_training).",
        "requested": f" Recompute: {forced}, as requested.",
    }.get(w.recompute_reason or "", " Activation checkpointing only where memory needs it.")
    return _i(
        "stack",
        f"Stack: {STACK_NAMES[st.id]}"
        + (
            ", the usual one for this method (say which you use to change it)."
            if st.assumed
            else ", as given."
        )
        + why
        + (" Optimizer states, master weights and gradients offloaded to CPU memory." if w.offload else ""),
        stack=st.id,
        assumed=st.assumed,
        recompute=forced,
        recompute_reason=w.recompute_reason,
        offload=w.offload,
        efficiency=st.efficiency,
    )


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
            f"overhead {m.overhead_gb:.1f} = {m.total_gb:.1f} GB of {o.gpu.capacity_gb:.1f} GB usable "
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
            gpu_memory_gb=o.gpu.capacity_gb,
            fits=o.fits,
            peft=w.is_peft,
        ),
        _i(
            "layout",
            f"Layout: {gpus_text(lay.gpus)} = DP {lay.dp} × TP {lay.tp} × PP {lay.pp}, ZeRO-{lay.zero_stage}, "
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
            f"GPU-hours = {num(w.tokens)} tokens / {tp.tokens_per_gpu_second:,.0f} tok/s / 3600 = {o.gpu_hours:,.0f} "
            f"(range {lo:,.0f}-{hi:,.0f}: the error that held 85% of published runs the fit never saw); on {gpus_text(o.gpus)}: {o.days:.2f} days.",
            tokens=w.tokens,
            tokens_per_gpu_s=tp.tokens_per_gpu_second,
            gpu_hours=o.gpu_hours,
            low=lo,
            high=hi,
            band=math.exp(cal.LOG_BAND),
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
    fixed_item = fixed_line(w, o)
    if fixed_item is not None:
        out.append(fixed_item)
    if o.quote is not None:
        out.append(cost_line(o))
    return tuple(out)
