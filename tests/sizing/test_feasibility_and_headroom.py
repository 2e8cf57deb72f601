"""Feasibility before recommendation: hardware the user fixed gets a verdict, the reason and the
options that fit; plans the engine picks keep memory to spare; a job pays its fixed hours; the
tokens-per-parameter rule is for training from scratch only."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sizing_catalog import CATALOG

from knowledge import load_knowledge
from sizing import SizingRequest, plan
from sizing.assumptions import MIN_HEADROOM
from sizing.layout import HEADROOM
from sizing.result import SizingResult
from sizing.types import Catalog


def _plan(**kw: object) -> SizingResult:
    return plan(SizingRequest(**kw), CATALOG)  # type: ignore[arg-type]


def test_full_fine_tuning_72b_on_eight_h100s_is_a_no_with_the_optimizer_as_the_reason() -> None:
    result = _plan(params=72.7e9, method="full_finetune", gpu="h100-sxm", gpus=8)
    verdict = result.feasibility
    assert verdict is not None and verdict.fits is False
    assert verdict.dominant == "optimizer"
    # 16 bytes per parameter of model state for the whole model vs what eight GPUs hold
    assert verdict.model_states_gb > 1100 and verdict.cluster_capacity_gb < 700
    assert result.options[0].label == "requested" and result.options[0].fits is False


def test_what_fits_instead_is_lora_on_the_same_gpus_offload_more_gpus_or_bigger_ones() -> None:
    verdict = _plan(params=72.7e9, method="full_finetune", gpu="h100-sxm", gpus=8).feasibility
    assert verdict is not None
    kinds = {o.kind: o for o in verdict.options}
    assert {"lora", "offload", "more_gpus", "larger_gpu"} <= set(kinds)
    assert kinds["lora"].gpus == 8 and kinds["lora"].gpu == "h100-sxm"
    assert kinds["offload"].slowdown is not None and kinds["offload"].slowdown > 1
    more = kinds["more_gpus"]
    assert more.gpu == "h100-sxm" and more.gpus > 8
    assert more.memory_per_gpu_gb <= (1 - MIN_HEADROOM) * more.capacity_gb
    for option in verdict.options:
        assert option.memory_per_gpu_gb <= option.capacity_gb
        assert option.days is not None and option.days > 0


def test_qlora_is_offered_only_when_lora_does_not_fit_the_same_gpus() -> None:
    verdict = _plan(params=70e9, method="full_finetune", gpu="a100-80gb", gpus=2).feasibility
    assert verdict is not None
    kinds = [o.kind for o in verdict.options]
    assert "qlora" in kinds and "lora" not in kinds


def test_plain_ddp_that_copies_the_model_to_every_gpu_is_offered_zero_3_on_the_same_gpus_alone() -> None:
    verdict = _plan(params=70e9, method="lora", gpu="a100-80gb", gpus=8, stack="hf").feasibility
    assert verdict is not None and verdict.fits is False and verdict.dominant == "weights"
    assert [(o.kind, o.gpu, o.gpus) for o in verdict.options] == [("sharded", "a100-80gb", 8)]
    assert verdict.options[0].memory_per_gpu_gb < 0.5 * verdict.options[0].capacity_gb
    # on one GPU there is nothing to shard across: the usual alternatives
    single = _plan(params=13e9, method="full_finetune", gpu="a100-80gb", gpus=1, stack="hf").feasibility
    assert single is not None and "sharded" not in {o.kind for o in single.options}


def test_hardware_that_fits_gets_a_yes_and_no_alternatives() -> None:
    verdict = _plan(params=7e9, method="lora", gpu="a100-80gb", gpus=1).feasibility
    assert verdict is not None and verdict.fits is True and verdict.options == ()


def test_a_request_without_fixed_hardware_has_no_verdict() -> None:
    assert _plan(params=7e9, method="lora").feasibility is None
    assert _plan(params=7e9, method="lora", gpu="h100-sxm").feasibility is None


def test_plans_the_engine_chooses_keep_at_least_the_minimum_headroom() -> None:
    for kw in (
        dict(params=70e9, method="full_finetune", tokens=1e9),
        dict(params=13e9, method="lora", tokens=5e7),
        dict(params=7e9, tokens=1e12, days=7),
    ):
        first = _plan(**kw).options[0]
        assert first.fits and first.fitted.headroom >= MIN_HEADROOM, kw


def test_a_tight_fit_on_hardware_the_user_fixed_is_kept_and_flagged_by_the_verdict_and_the_warning() -> None:
    tight = 0
    for params in (6e9, 8e9, 13e9, 14e9, 15e9, 16e9, 18e9, 20e9):  # 15B: 16% free
        result = _plan(params=params, method="full_finetune", gpu="h100-sxm", gpus=4)
        verdict = result.feasibility
        assert verdict is not None and result.options[0].label == "requested"
        if not verdict.fits:
            continue
        # One line for "tight": the verdict and the memory_tight warning never disagree.
        assert verdict.tight == ("memory_tight" in result.options[0].codes), params
        assert verdict.tight == (verdict.headroom < HEADROOM), params
        tight += verdict.tight
    assert tight >= 2  # the sweep crosses the line, once between 15% and 20% free


def test_cpu_offload_states_the_host_ram_each_machine_needs() -> None:
    verdict = _plan(params=72.7e9, method="full_finetune", gpu="h100-sxm", gpus=8).feasibility
    assert verdict is not None
    offload = next(o for o in verdict.options if o.kind == "offload")
    # Fully sharded, the bf16 parameters (2 B) are offloaded too, beside the gradients (2 B) and the
    # optimizer state with the fp32 master copy (12 B) per parameter, on one machine.
    assert offload.offloads_weights
    assert offload.host_memory_per_node_gb == pytest.approx(72.7e9 * 16 / 1e9, rel=0.03)
    assert all(o.host_memory_per_node_gb is None for o in verdict.options if o.kind != "offload")


def test_lora_offloaded_to_the_cpu_keeps_the_frozen_base_weights_in_host_ram() -> None:
    verdict = plan(
        SizingRequest(params=70e9, method="lora", gpu="h200", gpus=1), load_knowledge().catalog
    ).feasibility
    assert verdict is not None and not verdict.fits
    offload = next(o for o in verdict.options if o.kind == "offload")
    # 70B frozen parameters in bf16 leave the GPU: the host holds ~140 GB of them, not just adapter state.
    assert offload.offloads_weights and offload.host_memory_per_node_gb is not None
    assert 130 < offload.host_memory_per_node_gb < 160
    assert (
        offload.host_ram_per_node_gb is not None
        and offload.host_memory_per_node_gb < offload.host_ram_per_node_gb
    )


def test_cpu_offload_is_not_offered_when_a_machine_has_too_little_host_ram() -> None:
    # 671B parameters at 16 bytes each: ~10.7 TB on one 8-GPU machine, far more than any H100 machine has.
    verdict = plan(
        SizingRequest(params=671e9, method="full_finetune", gpu="h100-sxm", gpus=8), load_knowledge().catalog
    ).feasibility
    assert verdict is not None and not verdict.fits
    assert "offload" not in {o.kind for o in verdict.options}
    assert verdict.options  # what does fit is still offered


def test_fixed_hours_are_billed_and_ranked_for_a_short_fine_tune() -> None:
    top = _plan(params=13e9, method="lora", tokens=5e7).options[0]
    assert top.fixed is not None and top.fixed.total_hours >= 1.0
    assert top.quote is not None
    assert top.quote.billed_hours == pytest.approx(top.training_days * 24 + top.fixed.total_hours)
    assert any(i.code == "fixed_costs" for i in _plan(params=13e9, method="lora", tokens=5e7).explain)


def test_continued_pre_training_of_deepseek_v3_gets_no_tokens_per_parameter_warning() -> None:
    result = _plan(params=671e9, active_params=37e9, tokens=1e11, continued=True)
    assert "tokens_below_chinchilla" not in {w.code for w in result.warnings}
    assert dict(result.workload)["tokens"] == 1e11


def test_from_scratch_moe_advice_counts_the_active_parameters() -> None:
    result = _plan(params=671e9, active_params=37e9, tokens=1e11)
    warning = next(w for w in result.warnings if w.code == "tokens_below_chinchilla")
    assert dict(warning.params)["chinchilla_tokens"] == 20 * 37e9


def test_fine_tuning_never_gets_tokens_per_parameter_advice() -> None:
    result = _plan(params=70e9, method="full_finetune", tokens=1e8)
    assert "tokens_below_chinchilla" not in {w.code for w in result.warnings}


def test_continued_pre_training_without_a_data_size_assumes_a_continued_budget_not_chinchilla() -> None:
    workload = dict(_plan(params=671e9, active_params=37e9, continued=True).workload)
    assert workload["tokens_source"] == "default_continued" and workload["tokens"] < 1e12


def test_a_dataset_beyond_any_published_corpus_is_flagged_with_the_likely_unit_slip() -> None:
    flagged = _plan(params=7e9, data_bytes=2e15, days=90)
    warning = next(w for w in flagged.warnings if w.code == "tokens_beyond_corpora")
    assert dict(warning.params)["data_bytes"] == 2e15
    # Llama 3's 15T tokens, and three epochs over 30T, are large but published-scale
    for kw in ({"tokens": 15e12}, {"tokens": 30e12, "epochs": 3.0}):
        codes = {w.code for w in _plan(params=8e9, days=90, **kw).warnings}
        assert "tokens_beyond_corpora" not in codes


def test_a_model_too_big_for_data_parallelism_alone_is_planned_megatron_style_and_says_so() -> None:
    # DeepSeek-V3 in full: FSDP at a 128K-token batch fills at most 64 GPUs, too few to hold 671B.
    from knowledge import load_knowledge

    catalog = load_knowledge().catalog
    req = SizingRequest(params=671e9, active_params=37e9, method="full_finetune", tokens=1e10, days=30)
    result = plan(req, catalog)
    assert result.options and result.options[0].fits
    assert result.warnings[0].code == "stack_fallback"
    stack = next(i for i in result.explain if i.code == "stack")
    assert dict(stack.params)["stack"] == "megatron" and dict(stack.params)["fallback_from"] == "fsdp"
    # a stack the user chose is kept: no plan, and the batch (not the instance shapes) is named why
    chosen = plan(replace(req, stack="fsdp"), catalog)
    assert not chosen.options
    h100 = next(e for e in chosen.excluded if e.gpu == "h100-sxm")
    assert h100.reason == "batch" and "global batch fills at most 64 GPUs" in h100.message


def test_a_fixed_count_with_no_layout_to_spare_runs_the_equally_fast_one_with_more_memory_free() -> None:
    # 16 H100s (85.5 GB usable each) for a full fine-tune of 70B: micro-batch 1 and 2 run at the same
    # speed, and 2 would leave 0.4% of memory free.
    catalog = load_knowledge().catalog
    job = {"params": 70e9, "tokens": 20e9, "method": "full_finetune", "gpu": "h100-sxm", "gpus": 16}
    picked = plan(SizingRequest(**job), catalog).options[0]  # type: ignore[arg-type]
    one = plan(SizingRequest(**job, micro_batch=1), catalog).options[0]  # type: ignore[arg-type]
    assert picked.fits and picked.fitted.memory.total_gb == pytest.approx(one.fitted.memory.total_gb)
    assert picked.days == pytest.approx(one.days)


def _a10g_sold_small_and_large() -> Catalog:
    """One A10G sold on a 16 GiB machine and, for more, on a 128 GiB one (AWS g5.xlarge / g5.8xlarge)."""
    small = next(o for o in CATALOG.offerings if o.gpu_id == "a10g")
    large = replace(small, id="aws/g5.8xlarge", instance_type="g5.8xlarge", price_usd_per_hour=2.448)
    rest = tuple(o for o in CATALOG.offerings if o.gpu_id != "a10g")
    return replace(CATALOG, offerings=(*rest, replace(small, ram_gib=16.0), replace(large, ram_gib=128.0)))


def test_cpu_offload_is_offered_on_the_larger_machine_when_the_cheapest_one_lacks_host_ram() -> None:
    # A 7B full fine-tune offloads ~100 GB of gradients and optimizer state: the 16 GiB machine cannot
    # hold them, the 128 GiB one with the same GPU can, so offload stays an option, priced on it.
    verdict = plan(
        SizingRequest(params=7e9, method="full_finetune", gpu="a10g", gpus=1), _a10g_sold_small_and_large()
    ).feasibility
    assert verdict is not None and not verdict.fits
    offload = next(o for o in verdict.options if o.kind == "offload")
    assert offload.host_memory_per_node_gb is not None and offload.host_ram_per_node_gb is not None
    assert offload.host_memory_per_node_gb < offload.host_ram_per_node_gb == pytest.approx(128 * 2**30 / 1e9)
    assert offload.host_instance == "g5.8xlarge" and offload.to_dict()["host_instance"] == "g5.8xlarge"


def test_a_plan_with_cpu_offload_is_priced_on_a_machine_whose_ram_holds_the_offloaded_state() -> None:
    top = plan(
        SizingRequest(params=7e9, method="full_finetune", gpu="a10g", gpus=1, offload=True),
        _a10g_sold_small_and_large(),
    ).options[0]
    assert top.quote is not None and top.quote.offering.instance_type == "g5.8xlarge"


def test_cpu_offload_is_offered_only_where_the_machine_assumed_for_unlisted_gpus_holds_it() -> None:
    kb = load_knowledge().catalog
    # one 4090 (a workstation, 256 GB assumed) cannot hold a 70B's ~1.1 TB of offloaded state
    alone = plan(SizingRequest(params=70e9, method="full_finetune", gpu="rtx4090", gpus=1), kb).feasibility
    assert alone is not None and all(o.kind != "offload" for o in alone.options)
    # 16 owned A800s (two 8-GPU servers, 1 TB each assumed): ~560 GB a machine fits
    owned = plan(SizingRequest(params=70e9, method="full_finetune", gpu="a800", gpus=16), kb).feasibility
    assert owned is not None
    offload = next(o for o in owned.options if o.kind == "offload")
    assert offload.host_ram_per_node_gb is None and offload.host_memory_per_node_gb is not None
    assert offload.host_memory_per_node_gb < 1000
    # its slowdown is the step's, said to one decimal, and the offloaded layout says its own recompute
    assert offload.slowdown is not None and offload.slowdown == round(offload.slowdown, 1) > 1.0
    assert offload.recompute in ("none", "selective", "full")
