"""The training stack is an input: memory and speed follow the software a team runs, and fine-tuning
defaults to the stack fine-tuning is usually run with (FSDP/ZeRO-3 sharding, checkpointing when
needed, a chunked loss), pre-training to Megatron-style parallelism. Measured anchors: torchtune's
README (batch 2, packed 2,048-token sequences)."""

from __future__ import annotations

import pytest
from sizing_catalog import CATALOG

from sizing import SizingRequest, plan
from sizing.compute import Speed, throughput
from sizing.types import STACKS
from sizing.workload import normalise

GIB = 2**30 / 1e9


def _top(**kw: object) -> dict[str, object]:
    return plan(SizingRequest(**kw), CATALOG).to_dict()["options"][0]  # type: ignore[arg-type,index,no-any-return]


def _workload(**kw: object) -> dict[str, object]:
    return plan(SizingRequest(**kw), CATALOG).to_dict()["workload"]  # type: ignore[arg-type,return-value]


def test_fine_tuning_assumes_fsdp_and_pre_training_megatron_and_the_answer_says_so() -> None:
    assert _workload(params=7e9, method="lora")["stack"] == "fsdp"
    assert _workload(params=7e9, method="pretrain", tokens=1e11)["stack"] == "megatron"
    told = _workload(params=7e9, method="lora", stack="deepspeed")
    assert told["stack"] == "deepspeed" and told["stack_assumed"] is False
    result = plan(SizingRequest(params=7e9, method="lora"), CATALOG)
    line = next(i for i in result.explain if i.code == "stack")
    assert dict(line.params)["stack"] == "fsdp" and dict(line.params)["assumed"] is True


def test_llama_70b_lora_on_eight_a100s_matches_torchtunes_27_6_gib_within_15_percent() -> None:
    top = _top(params=70.6e9, method="lora", gpu="a100-80gb", gpus=8, seq_len=2048, micro_batch=2)
    assert top["fits"] is True
    assert float(top["memory_per_gpu_gb"]) == pytest.approx(27.6 * GIB, rel=0.15)  # type: ignore[arg-type]
    assert top["layout"]["zero_stage"] == 3 and top["layout"]["tp"] == 1  # type: ignore[index]


def test_llama_8b_qlora_on_one_4090_matches_torchtunes_7_4_gib_within_20_percent() -> None:
    top = _top(params=8.03e9, method="qlora", gpu="rtx4090", gpus=1, seq_len=2048, micro_batch=2, lora_rank=8)
    assert top["fits"] is True and top["layout"]["recompute"] == "full"  # type: ignore[index]
    assert float(top["memory_per_gpu_gb"]) == pytest.approx(7.4 * GIB, rel=0.2)  # type: ignore[arg-type]


def test_megatron_style_tensor_parallel_layout_needs_more_memory_than_fsdp_for_a_lora() -> None:
    kw = dict(params=70.6e9, method="lora", gpu="a100-80gb", gpus=8, seq_len=2048, micro_batch=2)
    fsdp, megatron = _top(**kw), _top(stack="megatron", **kw)
    assert megatron["layout"]["tp"] > 1  # type: ignore[index]
    assert float(megatron["memory_per_gpu_gb"]) > float(fsdp["memory_per_gpu_gb"])  # type: ignore[arg-type]


def test_plain_hf_ddp_replicates_the_model_so_a_full_fine_tune_needs_a_shard_capable_stack() -> None:
    kw = dict(params=13e9, method="full_finetune", gpu="h100-sxm", gpus=8)
    assert _top(**kw)["fits"] is True
    assert _top(stack="hf", **kw)["fits"] is False


def test_forcing_full_recompute_trades_memory_for_time() -> None:
    kw = dict(params=8e9, method="lora", gpu="a100-80gb", gpus=1)
    auto, full = _top(**kw), _top(recompute="full", **kw)
    assert full["layout"]["recompute"] == "full"  # type: ignore[index]
    assert float(full["memory_per_gpu_gb"]) < float(auto["memory_per_gpu_gb"])  # type: ignore[arg-type]
    assert float(full["training_days"]) > float(auto["training_days"])  # type: ignore[arg-type]


def test_cpu_offload_fits_a_70b_full_fine_tune_on_eight_a100s_and_costs_time() -> None:
    kw = dict(params=70.6e9, method="full_finetune", gpu="a100-80gb", gpus=8, seq_len=2048, micro_batch=2)
    plain, offload = _top(**kw), _top(offload=True, **kw)
    assert plain["fits"] is False and offload["fits"] is True
    # torchtune: 13.9 GiB per GPU with CPU offload on this hardware
    assert float(offload["memory_per_gpu_gb"]) == pytest.approx(13.9 * GIB, rel=0.35)  # type: ignore[arg-type]
    option = plan(SizingRequest(offload=True, **kw), CATALOG).options[0]  # type: ignore[arg-type]
    on_gpu = throughput(normalise(SizingRequest(**kw)), option.gpu, option.fitted.layout)  # type: ignore[arg-type]
    slowdown = Speed(normalise(SizingRequest(offload=True, **kw)), CATALOG.offload).offload_slowdown(  # type: ignore[arg-type]
        option.gpu, option.fitted.layout
    )
    assert option.throughput.mfu == pytest.approx(on_gpu.mfu / slowdown, rel=1e-6)
    # torchtune README, Llama 3.1 70B on 8 x A100: full fine-tuning with CPU offload 1,568 tok/s against
    # 3,497 / 1.5 = 2,331 for LoRA's speed at full fine-tuning's FLOPs: offload costs ~1.5x per step
    assert slowdown == pytest.approx(1.5, rel=0.15)


def test_a_full_fine_tune_with_cpu_offload_still_holds_one_layers_gradients_on_each_gpu() -> None:
    # torchtune's Llama 3.1 70B full fine-tune with CPU offload on 8 x A100: 13.9 GiB per GPU
    kw = dict(
        params=70.6e9,
        method="full_finetune",
        gpu="a100-80gb",
        gpus=8,
        seq_len=2048,
        micro_batch=2,
        stack="torchtune",
        recompute="full",
        offload=True,
    )
    top = _top(**kw)
    memory = top["memory"]
    assert memory["optimizer_gb"] == 0.0  # type: ignore[index]
    # the largest unit, the 128,256 x 8,192 embedding, in bf16: ~2.1 GB before it leaves the GPU
    assert 1.5 < memory["gradients_gb"] < 3.0  # type: ignore[index,operator]
    assert float(top["memory_per_gpu_gb"]) == pytest.approx(13.9 * GIB, rel=0.15)  # type: ignore[arg-type]


def test_lora_with_cpu_offload_on_one_gpu_keeps_the_frozen_weights_in_cpu_memory() -> None:
    # PEFT README (one A100-80GB): a 12B LoRA holds 56 GB on the GPU, 22 GB with DeepSpeed ZeRO-3
    # CPU offload, which moves the parameters out as well (52 GB of CPU memory)
    kw = dict(params=12.9e9, method="lora", gpu="a100-80gb", gpus=1, seq_len=512, micro_batch=8)
    plain, offload = _top(**kw), _top(offload=True, **kw)
    assert offload["fits"] is True
    assert offload["memory"]["weights_gb"] < 1.0 < 25.0 < plain["memory"]["weights_gb"]  # type: ignore[index,operator]
    assert float(offload["memory_per_gpu_gb"]) < float(plain["memory_per_gpu_gb"]) - 20  # type: ignore[arg-type]


def test_deepspeed_zero3_keeps_up_to_a_billion_gathered_parameters_resident_where_fsdp_keeps_two_layers() -> (
    None
):
    # The PEFT README's T0_3B LoRA + ZeRO-3 CPU offload run (fp32, ~64-token tweets, batch 8): 9.8 GB
    kw = dict(
        params=3e9,
        method="lora",
        precision="fp32",
        gpu="a100-80gb",
        gpus=1,
        seq_len=64,
        micro_batch=8,
        recompute="none",
        offload=True,
        lora_rank=8,
    )
    deepspeed, fsdp = _top(stack="deepspeed", **kw), _top(stack="fsdp", **kw)
    # stage3_max_live_parameters = 1e9 fp32 elements: 4 GB gathered on the GPU
    assert deepspeed["memory"]["buffers_gb"] == pytest.approx(4.0, abs=0.1)  # type: ignore[index]
    assert fsdp["memory"]["buffers_gb"] < 3.0  # type: ignore[index,operator]
    assert float(deepspeed["memory_per_gpu_gb"]) == pytest.approx(9.8, rel=0.25)  # type: ignore[arg-type]


def test_a_team_that_names_fsdp_is_planned_fully_sharded_as_fsdp_runs_by_default() -> None:
    # PEFT docs: Llama-2-70B QLoRA with FSDP on two GPUs, no CPU offload: 35.6 GB per GPU
    kw = dict(
        params=69e9,
        method="qlora",
        gpu="a100-80gb",
        gpus=2,
        seq_len=2048,
        micro_batch=2,
        recompute="full",
        lora_rank=8,
    )
    named = plan(SizingRequest(stack="fsdp", **kw), CATALOG).options[0]  # type: ignore[arg-type]
    assert named.fitted.layout.zero_stage == 3
    assert named.fitted.memory.total_gb == pytest.approx(35.6, rel=0.2)
    torchtune = plan(SizingRequest(stack="torchtune", **kw), CATALOG).options[0]  # type: ignore[arg-type]
    assert torchtune.fitted.layout.zero_stage == 3


def test_plain_ddp_cannot_offload_parameters_so_a_lora_keeps_its_weights_on_the_gpu() -> None:
    top = _top(params=12.9e9, method="lora", gpu="a100-80gb", gpus=1, offload=True, stack="hf")
    assert top["memory"]["weights_gb"] > 25.0  # type: ignore[index]


@pytest.mark.parametrize("stack", STACKS)
def test_every_stack_plans_a_lora_on_one_gpu(stack: str) -> None:
    top = _top(params=7e9, method="lora", gpu="a100-80gb", gpus=1, stack=stack)
    assert top["fits"] is True and float(top["gpu_hours"]) > 0  # type: ignore[arg-type]


def test_a_hugging_face_loss_is_counted_at_its_peak_so_long_contexts_need_the_fp32_logits_room() -> None:
    # transformers upcasts the logits to fp32 for the loss; at the start of the backward the fp32
    # log-softmax result and two fp32 gradients are held at once (12 bytes per token × vocab entry),
    # six times torchtune's chunked loss, which keeps only the bf16 logits.
    kw = dict(
        params=8.03e9, method="qlora", gpu="h200", gpus=1, seq_len=16384, micro_batch=1, recompute="full"
    )
    hf, chunked = _top(stack="hf", **kw), _top(stack="fsdp", **kw)
    vocab = _workload(stack="hf", **kw)["architecture"]["vocab"]  # type: ignore[index]
    assert hf["memory"]["logits_gb"] == pytest.approx(12 * 16384 * vocab / 1e9, rel=0.01)  # type: ignore[index]
    assert hf["memory"]["logits_gb"] == pytest.approx(6 * chunked["memory"]["logits_gb"], rel=0.01)  # type: ignore[index,operator]
    # so on a 24 GB card such a context is out of reach without a fused or chunked loss
    assert _top(stack="hf", **{**kw, "gpu": "rtx4090"})["fits"] is False


def test_torchtune_trains_in_pure_bf16_so_a_full_fine_tune_holds_half_the_model_states() -> None:
    # torchtune loads the model in bf16 and torch's AdamW keeps m and v in that dtype: weights 2 +
    # gradients 2 + states 4 = 8 bytes per parameter, no fp32 master copy, against mixed precision's 16.
    kw = dict(params=8e9, method="full_finetune", gpu="rtx4090", gpus=4, seq_len=1024, micro_batch=1)
    mixed, pure = _top(**kw), _top(stack="torchtune", **kw)
    assert mixed["fits"] is False and pure["fits"] is True
    states = pure["memory"]["weights_gb"] + pure["memory"]["gradients_gb"] + pure["memory"]["optimizer_gb"]  # type: ignore[index,operator]
    assert states == pytest.approx(8 * 8e9 / 4 / 1e9, rel=0.05)
    assert pure["memory"]["optimizer_gb"] == pytest.approx(4 * 8e9 / 4 / 1e9, rel=0.05)  # type: ignore[index]
    # adapters are trained the same way: a LoRA barely changes, the frozen base is bf16 either way
    lora = dict(params=8e9, method="lora", gpu="rtx4090", gpus=1)
    assert float(_top(stack="torchtune", **lora)["memory_per_gpu_gb"]) == pytest.approx(  # type: ignore[arg-type]
        float(_top(**lora)["memory_per_gpu_gb"]),
        rel=0.05,  # type: ignore[arg-type]
    )


def test_the_plain_hf_trainer_full_fine_tunes_in_pure_bf16_as_ms_swift_measured_on_one_80gb_gpu() -> None:
    # ms-swift's examples/train/full/train.sh: Qwen2.5-7B full fine-tune on one 80 GB GPU, bf16, 2,048
    # tokens, gradient checkpointing, no DeepSpeed, measured 76 GiB. The Trainer steps the bf16 parameters
    # with torch's AdamW, whose m and v follow their dtype: 2 + 2 + 4 = 8 B/param, no fp32 master.
    kw = dict(params=7.62e9, method="full_finetune", gpu="a100-80gb", gpus=1, seq_len=2048, micro_batch=1)
    hf = _top(stack="hf", recompute="full", **kw)
    # torch's foreach AdamW makes a bf16 copy of the parameters during the step, once the activations are
    # freed: weights, gradients and states (61 GB) plus that copy come to the measured peak
    assert float(hf["memory_per_gpu_gb"]) == pytest.approx(76 * GIB, rel=0.10)  # type: ignore[arg-type]
    states = hf["memory"]["weights_gb"] + hf["memory"]["gradients_gb"] + hf["memory"]["optimizer_gb"]  # type: ignore[index,operator]
    assert states == pytest.approx(8 * 7.62e9 / 1e9, rel=0.05)
    # DeepSpeed's bf16 optimizer keeps an fp32 master and fp32 states whatever the model's dtype
    assert _top(stack="deepspeed", recompute="full", **kw)["fits"] is False
    # fp16 is mixed precision (the Trainer's fp16 AMP needs fp32 parameters): 16 B/param again
    fp16 = _top(stack="hf", recompute="full", precision="fp16", **kw)
    assert fp16["fits"] is False
    # PEFT upcasts the adapters to fp32, so a LoRA's few trainable parameters keep 16 B each
    lora = dict(params=7.62e9, method="lora", gpu="a100-80gb", gpus=1, stack="hf")
    assert _top(**lora)["memory"]["optimizer_gb"] == pytest.approx(  # type: ignore[index]
        _top(**{**lora, "stack": "deepspeed"})["memory"]["optimizer_gb"],  # type: ignore[index]
        rel=0.01,
    )


def test_unsloth_plans_its_own_default_8_bit_adamw_unless_an_optimizer_is_named() -> None:
    # unsloth-cli.py's --optim defaults to adamw_8bit and the README's example trains with it:
    # 1 + 1 bytes of Adam state per trainable parameter instead of 4 + 4.
    kw = dict(params=70e9, method="qlora", gpu="h200", gpus=1, seq_len=2048, micro_batch=1, lora_rank=32)
    usual = plan(SizingRequest(stack="unsloth", **kw), CATALOG).to_dict()  # type: ignore[arg-type]
    named = plan(SizingRequest(stack="unsloth", optimizer="adamw", **kw), CATALOG).to_dict()  # type: ignore[arg-type]
    assert usual["workload"]["optimizer"] == "adamw_8bit" and named["workload"]["optimizer"] == "adamw"  # type: ignore[index]
    assert _workload(stack="hf", **kw)["optimizer"] == "adamw"
    opt8, opt32 = (d["options"][0]["memory"]["optimizer_gb"] for d in (usual, named))  # type: ignore[index]
    assert opt8 == pytest.approx(opt32 / 2, rel=0.01)  # (master 4 + 1 + 1) against (master 4 + 4 + 4)


def _offload_slowdown(**kw: object) -> float:
    request = SizingRequest(offload=True, **kw)  # type: ignore[arg-type]
    option = plan(request, CATALOG).options[0]
    return Speed(normalise(request), CATALOG.offload).offload_slowdown(option.gpu, option.fitted.layout)


def test_cpu_offload_costs_a_fast_gpu_more_of_its_step_than_a_slower_one() -> None:
    # The host's optimizer step and the weights' fetches take the same seconds on either GPU; an H100
    # computes the step in fewer, so it waits on them for a larger share of it (sizing.offload).
    kw = dict(params=70e9, method="full_finetune", gpus=8)
    a100, h100 = _offload_slowdown(gpu="a100-80gb", **kw), _offload_slowdown(gpu="h100-sxm", **kw)
    assert 1.0 < a100 < h100


def test_a_pre_training_batch_hides_cpu_offload_that_a_fine_tuning_batch_does_not() -> None:
    # 4M tokens per step (pre-training) against 128K (fine-tuning): the host's work per step is the same
    kw = dict(params=70e9, gpu="a100-80gb", gpus=8)
    pretrain = _offload_slowdown(method="pretrain", **kw)
    finetune = _offload_slowdown(method="full_finetune", **kw)
    assert pretrain < 1.05 < finetune


def test_the_optimizer_steps_temporary_copy_counts_only_where_it_exceeds_the_freed_activations() -> None:
    # At 8,192 tokens without recompute the backward's activations outweigh the step's copy: the peak is the
    # backward's, the same as on a stack with a fused optimizer (DeepSpeed keeps 16 B/param, so compare
    # against torchtune, pure bf16 too).
    kw = dict(params=1.5e9, method="full_finetune", gpu="a100-80gb", gpus=1, seq_len=8192, recompute="none")
    hf, tt = _top(stack="hf", **kw), _top(stack="torchtune", **kw)
    assert hf["memory"]["activations_gb"] > 3.0  # type: ignore[index,operator]
    assert hf["memory"]["buffers_gb"] == pytest.approx(tt["memory"]["buffers_gb"], abs=0.01)  # type: ignore[index]
