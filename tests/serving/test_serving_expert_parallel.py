"""An MoE model on several GPUs is laid out as TensorRT-LLM's guidance has it: its experts spread over
the GPUs with attention data parallel at full load or a large batch per GPU (TensorRT-LLM's recipes
switch at 16 requests per GPU), tensor parallel for a small batch (one user, a few); a rate is
planned in whichever of the two serves it better; the layout the user names is the one planned,
and the answer says which it assumed."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from knowledge import KnowledgeBase
from sizing.serve_layout import LARGE_BATCH_PER_GPU, layouts_for
from sizing.serve_memory import expert_weight_bytes, serve_memory, weight_bytes


def first_option(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["size", "--task", "serve", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["options"][0]  # type: ignore[no-any-return]


def test_qwen3_235b_at_full_load_on_8_h200s_spreads_its_experts_and_serves_as_published(
    capsys: pytest.CaptureFixture[str],
) -> None:
    o = first_option(
        capsys, "--model", "Qwen3-235B-A22B", "--gpu", "h200", "--gpus", "8", "--precision", "fp8",
        "--input-tokens", "1000", "--output-tokens", "2000",
    )  # fmt: skip
    assert o["layout"] == "ep" and o["expert_parallel"] == 8
    # TensorRT-LLM 1.0's perf overview: 22,061 output tokens/s (attention DP with --ep 8).
    assert 0.6 < float(o["output_tokens_per_second"]) / 22061 < 1.4  # type: ignore[arg-type]


def test_the_same_hardware_named_tensor_parallel_is_planned_tensor_parallel_and_slower(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--model", "Qwen3-235B-A22B", "--gpu", "h200", "--gpus", "8", "--precision", "fp8")
    spread = first_option(capsys, *args)
    tp = first_option(capsys, *args, "--layout", "tp")
    assert tp["layout"] == "tp" and tp["expert_parallel"] == 1
    assert float(tp["output_tokens_per_second"]) < float(spread["output_tokens_per_second"])  # type: ignore[arg-type]


def test_one_user_on_deepseek_v3_is_served_tensor_parallel_at_tens_of_tokens_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    o = first_option(
        capsys, "--model", "DeepSeek-V3", "--gpu", "h200", "--gpus", "8", "--precision", "fp8",
        "--input-tokens", "128", "--output-tokens", "256", "--concurrency", "1",
    )  # fmt: skip
    # SGLang 0.4.1 (--tp 8) measured 30 tokens/s; fewer requests than GPUs leave attention ranks idle.
    assert o["layout"] == "tp"
    assert 20 < float(o["output_tokens_per_second"]) < 45  # type: ignore[arg-type]


def test_a_dense_model_is_never_spread_over_experts(kb: KnowledgeBase) -> None:
    assert layouts_for(kb.model_architecture("llama-3.1-405b"), 8, 1, None) == ("tp",)
    assert layouts_for(kb.model_architecture("llama-3.1-405b"), 8, 1, None, "ep") == ("tp",)


def test_each_gpu_of_an_expert_parallel_replica_holds_the_attention_whole_and_an_eighth_of_the_experts(
    kb: KnowledgeBase,
) -> None:
    arch, h200 = kb.model_architecture("qwen3-235b-a22b"), kb.catalog.gpu("h200")
    ep = serve_memory(arch, h200, 8, "fp8", 3000, expert_parallel=True)
    tp = serve_memory(arch, h200, 8, "fp8", 3000)
    experts = expert_weight_bytes(arch, "fp8")
    assert ep.weights_gb * 1e9 == pytest.approx(weight_bytes(arch, "fp8") - experts * 7 / 8)
    assert ep.weights_gb > tp.weights_gb
    # Each rank keeps its own requests' KV cache with every KV head: the replica holds 8 ranks' worth.
    assert ep.max_concurrency % 8 == 0 and ep.kv_per_request_gb > tp.kv_per_request_gb


def test_llama_4_maverick_at_full_load_on_8_h100s_spreads_its_experts_as_tensorrt_llm_ran_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    o = first_option(
        capsys, "--model", "Llama-4-Maverick", "--gpu", "h100-sxm", "--gpus", "8", "--precision", "fp8",
        "--input-tokens", "1000", "--output-tokens", "2000",
    )  # fmt: skip
    # TensorRT-LLM 1.0's perf overview: 9,151 output tokens/s (attention DP with --ep 8); the tensor
    # parallel model would say about 1.8x that.
    assert o["layout"] == "ep"
    assert 0.7 < float(o["output_tokens_per_second"]) / 9151 < 1.3  # type: ignore[arg-type]


def test_a_few_users_per_gpu_stay_tensor_parallel_and_sixteen_per_gpu_spread_the_experts(
    kb: KnowledgeBase,
) -> None:
    arch = kb.model_architecture("deepseek-v3")
    assert LARGE_BATCH_PER_GPU == 16  # TensorRT-LLM's DeepSeek-R1 recipes on 8 x H200: DP from 128 in flight
    assert layouts_for(arch, 8, 1, 1) == ("tp",)
    assert layouts_for(arch, 8, 1, 127) == ("tp",)
    assert layouts_for(arch, 8, 1, 128) == ("ep",)
    assert layouts_for(arch, 8, 1, None) == ("tp", "ep")  # full load or a rate: both timed
    assert layouts_for(arch, 8, 1, 1, "ep") == ("ep",)  # the user's word wins


def test_eight_users_on_deepseek_v3_on_8_h200s_are_served_tensor_parallel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    o = first_option(
        capsys, "--model", "DeepSeek-V3", "--gpu", "h200", "--gpus", "8", "--precision", "fp8",
        "--input-tokens", "1000", "--output-tokens", "500", "--concurrency", "8",
    )  # fmt: skip
    assert o["layout"] == "tp" and o["expert_parallel"] == 1


def test_a_named_tensor_parallel_layout_wins_over_full_load(capsys: pytest.CaptureFixture[str]) -> None:
    o = first_option(
        capsys, "--model", "Llama-4-Maverick", "--gpu", "h100-sxm", "--gpus", "8", "--precision", "fp8",
        "--layout", "tp",
    )  # fmt: skip
    assert o["layout"] == "tp"
