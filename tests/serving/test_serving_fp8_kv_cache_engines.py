"""An FP8 plan holds its requests with an FP8 KV cache, the way TensorRT-LLM runs FP8 weights. vLLM and
SGLang keep K and V in 16 bits unless started with --kv-cache-dtype fp8, so where that default would hold
fewer requests than the plan puts on a replica, the plan says how many it would hold. A 16-bit plan, or an
FP8 plan with room to spare, says nothing of it."""

from __future__ import annotations

from knowledge import KnowledgeBase
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest


def request(kb: KnowledgeBase, model: str, **kw: object) -> ServeRequest:
    return ServeRequest(model=kb.model_architecture(model), model_id=model, **kw)  # type: ignore[arg-type]


def fp8_kv(result: object) -> list[dict[str, object]]:
    return [dict(w.params) for w in result.warnings if w.code == "serve_fp8_kv_cache"]  # type: ignore[attr-defined]


def test_a_full_fp8_replica_says_how_many_requests_a_16_bit_kv_cache_would_hold(kb: KnowledgeBase) -> None:
    result = plan_serving(
        request(
            kb, "llama-3.1-70b", precision="fp8", gpu="h100-sxm", gpus=2, input_tokens=4000, output_tokens=500
        ),
        kb.catalog,
    )
    first = result.options[0]
    (said,) = fp8_kv(result)
    assert said["concurrency"] == first.concurrency
    assert first.concurrency // 2 - 1 <= int(said["held"]) <= first.concurrency // 2  # type: ignore[call-overload]


def test_a_light_fp8_load_and_a_bf16_plan_say_nothing_of_it(kb: KnowledgeBase) -> None:
    light = request(kb, "llama-3.1-70b", precision="fp8", gpu="h100-sxm", gpus=2, concurrency=8)
    assert fp8_kv(plan_serving(light, kb.catalog)) == []
    bf16 = request(
        kb, "llama-3.1-8b", precision="bf16", gpu="h100-sxm", gpus=1, input_tokens=2048, output_tokens=2048
    )
    assert fp8_kv(plan_serving(bf16, kb.catalog)) == []


def test_a_kv_heavy_fp8_load_says_how_much_slower_a_16_bit_kv_cache_makes_each_replica(
    kb: KnowledgeBase,
) -> None:
    result = plan_serving(
        request(
            kb,
            "qwen3-8b",
            precision="fp8",
            gpu="h100-sxm",
            gpus=1,
            input_tokens=2048,
            output_tokens=2048,
            concurrency=52,
        ),
        kb.catalog,
    )
    (said,) = fp8_kv(result)
    assert int(said["held"]) >= 52  # type: ignore[call-overload]
    # 52 requests of ~3k tokens read more KV than weights each step: 16-bit K and V cost about a third
    assert 0.55 < said["tokens_per_second_16bit"] / said["tokens_per_second"] < 0.8  # type: ignore[operator]


def test_an_fp8_plan_for_vllm_or_sglang_holds_half_the_requests_and_says_whose_defaults_it_follows(
    kb: KnowledgeBase,
) -> None:
    asked = {"precision": "fp8", "gpu": "h100-sxm", "gpus": 1, "input_tokens": 2048, "output_tokens": 2048}
    default = plan_serving(request(kb, "llama-3.1-8b", **asked), kb.catalog)
    vllm = plan_serving(request(kb, "llama-3.1-8b", engine="vllm", **asked), kb.catalog)
    sglang = plan_serving(request(kb, "llama-3.1-8b", engine="sglang", **asked), kb.catalog)
    d, v = default.options[0], vllm.options[0]
    assert v.memory.max_concurrency in (d.memory.max_concurrency // 2, d.memory.max_concurrency // 2 + 1)
    assert v.output_tokens_per_second < d.output_tokens_per_second
    assert sglang.options[0].memory.max_concurrency == v.memory.max_concurrency
    # the plan is already on vLLM's cache: no warning about it, a note naming the engine instead
    assert fp8_kv(vllm) == [] and fp8_kv(default) != []
    (note,) = [w for w in vllm.warnings if w.code == "serve_engine"]  # type: ignore[attr-defined]
    assert "Planned for vLLM's defaults: K and V kept in 16 bits" in note.message
    assert dict(vllm.to_dict()["workload"])["kv_cache_dtype"] == "fp16/bf16"  # type: ignore[call-overload]


def test_tensorrt_llm_named_and_a_bf16_plan_on_vllm_plan_as_the_default_engine(kb: KnowledgeBase) -> None:
    asked = {"precision": "fp8", "gpu": "h100-sxm", "gpus": 1, "input_tokens": 1000, "output_tokens": 1000}
    default = plan_serving(request(kb, "llama-3.1-8b", **asked), kb.catalog).options[0]
    trt = plan_serving(request(kb, "llama-3.1-8b", engine="tensorrt-llm", **asked), kb.catalog).options[0]
    assert trt.output_tokens_per_second == default.output_tokens_per_second
    bf16 = {**asked, "precision": "bf16"}
    plain = plan_serving(request(kb, "llama-3.1-8b", **bf16), kb.catalog).options[0]
    on_vllm = plan_serving(request(kb, "llama-3.1-8b", engine="vllm", **bf16), kb.catalog).options[0]
    assert on_vllm.memory.max_concurrency == plain.memory.max_concurrency
