"""Double-precision figures: every GPU states its FP64 rate and its FP64 Tensor Core rate (or says why
there is none), each against the datasheet value written here, and `gpus --json` carries them.

Values: NVIDIA's A100 (9.7 / 19.5), H100 SXM (34 / 67), H100 PCIe (26 / 51), H100 NVL (30 / 60) and
HGX B200 (37) tables; AMD's ROCm MI300X table (81.7 / 163.4); for GeForce, Ada and GA10x parts, whose
datasheets list no FP64, the CUDA guide's FP32:FP64 throughput ratio (64:1 on 8.6/8.9, 32:1 on 7.5).
"""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from knowledge import load_knowledge

# id: (FP64 vector, FP64 tensor); None = no such unit or no readable source (the record says which)
FP64: dict[str, tuple[float | None, float | None]] = {
    "a100-40gb": (9.7, 19.5),
    "a100-80gb": (9.7, 19.5),
    "a30": (5.2, 10.3),
    "v100-16gb": (7.8, None),
    "h100-sxm": (34, 67),
    "h100-pcie": (26, 51),
    "h100-nvl": (30, 60),
    "h200": (34, 67),
    "b200": (37, 37),
    "h800": (1, None),
    "h20": (1, None),
    "mi300x": (81.7, 163.4),
    "mi250x": (47.9, 95.7),
}

# Parts whose datasheets give no FP64 rate: FP32 / the CUDA guide's ratio for their compute capability.
RATIO_DERIVED = {
    "t4": 32,
    "a10": 64,
    "a40": 64,
    "rtx-a6000": 64,
    "rtx3090": 64,
    "rtx4090": 64,
    "l4": 64,
    "l40s": 64,
}


@pytest.mark.parametrize("gpu_id", sorted(FP64))
def test_fp64_figures_match_the_datasheet(gpu_id: str) -> None:
    fp64 = load_knowledge().gpu_record(gpu_id).fp64
    vector, tensor = FP64[gpu_id]
    assert fp64.vector.value == pytest.approx(vector)
    assert fp64.tensor.value == (pytest.approx(tensor) if tensor is not None else None)


@pytest.mark.parametrize(("gpu_id", "ratio"), sorted(RATIO_DERIVED.items()))
def test_parts_without_a_datasheet_fp64_rate_run_it_at_the_cuda_guide_fraction_of_fp32(
    gpu_id: str, ratio: int
) -> None:
    g = load_knowledge().gpu_record(gpu_id)
    assert g.tflops.fp32.value is not None
    assert g.fp64.vector.value == pytest.approx(g.tflops.fp32.value / ratio, abs=0.002)
    assert "CUDACC" in g.fp64.vector.src
    assert g.fp64.tensor.value is None and g.fp64.tensor.note


def test_every_gpu_states_fp64_with_a_source_and_explains_every_missing_figure() -> None:
    kb = load_knowledge()
    for g in kb.gpu_records:
        for figure in (g.fp64.vector, g.fp64.tensor):
            assert figure.src and all(key in kb.gpu_sources for key in figure.src), g.id
            assert figure.value is not None or figure.note, g.id
        assert g.fp64.vector.value is not None, f"{g.id}: every catalogued part computes FP64 somehow"


def test_the_h800_keeps_the_h100s_ai_throughput_but_not_its_fp64() -> None:
    kb = load_knowledge()
    h800, h100 = kb.gpu_record("h800"), kb.gpu_record("h100-sxm")
    assert h800.tflops.bf16.value == h100.tflops.bf16.value
    assert h800.fp64.vector.value is not None and h100.fp64.vector.value is not None
    assert h800.fp64.vector.value * 20 < h100.fp64.vector.value
    assert h800.fp64.vector.conf == "U"  # a secondary figure until NVIDIA's datasheet is read


def test_gpus_json_carries_both_fp64_rates_and_why_one_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gpus", "--json"]) == 0
    by_id = {g["id"]: g for g in json.loads(capsys.readouterr().out)["gpus"]}
    assert by_id["h100-sxm"]["fp64"] == {"vector": 34, "tensor": 67}
    assert by_id["h800"]["fp64"]["vector"] == 1 and by_id["h800"]["fp64"]["tensor"] is None
    assert by_id["h800"]["fp64_notes"]["tensor"]
    assert by_id["h800"]["confidence"]["fp64_vector"] == "U"
    assert all(set(g["fp64"]) == {"vector", "tensor"} for g in by_id.values())
