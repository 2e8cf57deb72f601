"""Explain lines: each formula with its numbers, for the plan's first option (the network and
cost lines live in explain_cluster, our assumptions and trade-offs in explain_notes)."""

from __future__ import annotations

import math

from sizing import calibration as cal, compute
from sizing.explain_cluster import cost_line, fixed_line, network_line
from sizing.explain_format import item as _i
from sizing.result import ExplainItem, Option
from sizing.workload import Workload


def lines(w: Workload, o: Option | None) -> tuple[ExplainItem, ...]:
    a = w.arch
    out = [
        _i(
            "architecture",
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
                data_gb=gb,
                bytes_per_token=w.bytes_per_token,
                tokens=w.dataset_tokens,
            )
        )
    elif w.tokens_source.startswith("default"):
        basis = {"default_chinchilla": "chinchilla", "default_continued": "continued"}.get(
            w.tokens_source, "finetune_set"
        )
        out.append(
            _i(
                "tokens_default",
                tokens=w.tokens,
                basis=basis,
            )
        )
    else:
        out.append(_i("tokens_given", tokens=w.dataset_tokens))
    if w.epochs != 1.0:
        out.append(
            _i(
                "tokens_epochs",
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
                active_params=w.active_params,
                params=w.params,
            )
        )
    out.append(
        _i(
            "flops",
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
    "torchtune": "torchtune (PyTorch FSDP, bf16 weights, gradients and AdamW states, chunked cross-entropy)",
    "hf": "Hugging Face Trainer / PEFT with DDP",
    "unsloth": "Unsloth (fused kernels, offloaded gradient checkpointing)",
}


def stack_line(w: Workload) -> ExplainItem:
    """The training software the plan assumes, and the recompute it was told to use."""
    st = w.stack
    forced = w.recompute
    return _i(
        "stack",
        stack=st.id,
        assumed=st.assumed,
        recompute=forced,
        recompute_reason=w.recompute_reason,
        offload=w.offload,
        low_memory=w.low_memory,
        efficiency=st.efficiency,
    )


def plan_lines(w: Workload, o: Option) -> tuple[ExplainItem, ...]:
    m, lay, tp = o.fitted.memory, o.fitted.layout, o.throughput
    # AdamW's 16 B/param (2+2+12) applies to the parameters it trains: all of them, or LoRA's.
    out = [
        _i(
            "memory",
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
            # The nominal size the answer's summary quotes, when the usable figure differs.
            nominal_gb=o.gpu.memory_gb if o.gpu.usable_memory_gb is not None else None,
            fits=o.fits,
            peft=w.is_peft,
            pure_bf16=w.stack.trains_pure_bf16(tp.precision, w.is_peft),
            optimizer=w.optimizer,
        ),
        _i(
            "layout",
            gpus=lay.gpus,
            dp=lay.dp,
            tp=lay.tp,
            pp=lay.pp,
            zero_stage=lay.zero_stage,
            grad_accum=lay.grad_accum,
        ),
        _i(
            "throughput",
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
            tokens=w.tokens,
            tokens_per_gpu_s=tp.tokens_per_gpu_second,
            gpu_hours=o.gpu_hours,
            low=lo,
            high=hi,
            band=math.exp(cal.LOG_BAND),
            band_share=round(cal.BAND_QUANTILE * 100),
            gpus=o.gpus,
            days=o.days,
        )
    )
    out.append(network_line(w, o))
    st = o.storage
    out.append(
        _i(
            "storage",
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
