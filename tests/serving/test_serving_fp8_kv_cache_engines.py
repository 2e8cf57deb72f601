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
