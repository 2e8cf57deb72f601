"""A serving plan never puts a GPU in a precision it cannot compute: BF16 without BF16 tensor cores is
FP16 (and said), FP8 only where FP8 kernels exist, 4-bit only where AWQ/GPTQ kernels exist."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase
from sizing.serve_plan import plan_serving
from sizing.serve_precision import deployed_below, kernel_for, serving_precision
from sizing.serve_result import ServeResult
from sizing.serve_types import SERVE_PRECISIONS, ServePrecision, ServeRequest


def serve(kb: KnowledgeBase, model: str, precision: ServePrecision = "bf16", **kw: object) -> ServeResult:
    req = ServeRequest(model=kb.model_architecture(model), model_id=model, precision=precision, **kw)  # type: ignore[arg-type]
    return plan_serving(req, kb.catalog)


def test_every_gpu_in_the_catalogue_serves_something_and_only_what_its_tensor_cores_or_kernels_allow(
    kb: KnowledgeBase,
) -> None:
    for gpu in kb.catalog.gpus:
        assert kernel_for(gpu, "fp16") == "native", gpu.id
        if gpu.tflops.bf16 is None:
            assert kernel_for(gpu, "bf16") is None, gpu.id
        if kernel_for(gpu, "fp8") == "w8a8":
            assert gpu.tflops.fp8 is not None, gpu.id
        for precision in SERVE_PRECISIONS:
            support = serving_precision(gpu, precision)
            if support is not None:
                assert kernel_for(gpu, support.precision) is not None


@pytest.mark.parametrize("gpu_id", ["v100-16gb", "v100-32gb", "t4"])
def test_gpus_without_bf16_serve_a_bf16_model_in_fp16(kb: KnowledgeBase, gpu_id: str) -> None:
    support = serving_precision(kb.catalog.gpu(gpu_id), "bf16")
    assert support is not None and support.precision == "fp16" and support.substituted


def test_volta_and_turing_never_get_an_fp8_plan_but_ampere_gets_weight_only_fp8(kb: KnowledgeBase) -> None:
    assert kernel_for(kb.catalog.gpu("v100-16gb"), "fp8") is None
    assert kernel_for(kb.catalog.gpu("t4"), "fp8") is None
    assert kernel_for(kb.catalog.gpu("a100-80gb"), "fp8") == "weight_only"
    assert kernel_for(kb.catalog.gpu("h100-sxm"), "fp8") == "w8a8"


def test_a_search_without_a_gpu_lists_no_fp8_row_on_a_gpu_without_fp8_kernels(kb: KnowledgeBase) -> None:
    result = serve(kb, "qwen2.5-72b", concurrency=30)
    for o in result.options:
        assert kernel_for(o.gpu, o.replica.precision) is not None, (o.label, o.gpu.id, o.replica.precision)
        if o.gpu.architecture in ("volta", "turing"):
            assert o.replica.precision in ("fp16", "int8", "int4"), (o.label, o.gpu.id)
    assert any(e.gpu.startswith("v100") and e.reason == "precision" for e in result.excluded) or all(
        o.gpu.architecture != "volta" or o.label != "lower_precision" for o in result.options
    )


def test_a_v100_asked_for_in_bf16_is_planned_and_labelled_fp16_and_the_answer_says_so(
    kb: KnowledgeBase,
) -> None:
    result = serve(kb, "mixtral-8x7b", gpu="v100-32gb", gpus=8, concurrency=4)
    first = result.options[0]
    assert first.label == "requested" and first.replica.precision == "fp16"
    assert first.to_dict("USD")["precision"] == "fp16"
    substituted = [w for w in result.warnings if w.code == "serve_precision_substituted"]
    params = dict(substituted[0].params) if substituted else {}
    assert params.get("asked") == "bf16" and params.get("used") == "fp16"


def test_fp8_asked_on_a_v100_is_served_as_8_bit_weight_only_with_the_same_weight_bytes(
    kb: KnowledgeBase,
) -> None:
    result = serve(kb, "llama-3.1-8b", "fp8", gpu="v100-16gb", gpus=1, concurrency=1)
    first = result.options[0]
    assert first.replica.precision == "int8"
    assert first.memory.weights_gb == pytest.approx(
        serve(kb, "llama-3.1-8b", "fp8", gpu="l4", gpus=1, concurrency=1).options[0].memory.weights_gb
    )


def test_4_bit_is_not_planned_on_amd_gpus_without_awq_or_gptq_kernels(kb: KnowledgeBase) -> None:
    assert serving_precision(kb.catalog.gpu("mi300x"), "int4") is not None  # as FP8 instead
    assert serving_precision(kb.catalog.gpu("mi300x"), "int4").precision == "fp8"  # type: ignore[union-attr]
    result = serve(kb, "llama-3.1-70b", "int4", concurrency=10)
    assert all(o.gpu.vendor == "nvidia" for o in result.options)


def test_the_smaller_precisions_deployed_are_fp8_only_on_fp8_tensor_cores_then_4_bit_where_kernels_exist(
    kb: KnowledgeBase,
) -> None:
    gpus = {g.id: g for g in kb.catalog.gpus}
    assert deployed_below(gpus["l40s"], "bf16") == ("fp8", "int4")
    assert deployed_below(gpus["a100-80gb"], "bf16") == ("int4",)  # Ampere's FP8 is weight-only
    assert deployed_below(gpus["t4"], "fp16") == ("int4",)
    assert deployed_below(gpus["h100-sxm"], "fp8") == ("int4",)
    assert deployed_below(gpus["mi300x"], "bf16") == ("fp8",)  # no AWQ/GPTQ kernels on AMD
    assert deployed_below(gpus["h100-sxm"], "int4") == ()
