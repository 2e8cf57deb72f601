"""Every catalog figure against datasheet values written here, not read from the YAML.

Values: reference/hardware.md §1.1 (dense first); RTX A6000 from NVIDIA's spec table as reproduced by
servethehome.com and Microway (154.8 dense / 309.7 sparse). None = the GPU does not support the type.
"""

from __future__ import annotations

import pytest

from knowledge import load_knowledge

# id: memory GB, bandwidth TB/s, fp32, tf32, fp16, bf16, fp8
SHEET: dict[
    str, tuple[float, float | None, float, float | None, float | None, float | None, float | None]
] = {
    "t4": (16, 0.32, 8.1, None, 65, None, None),
    "v100-16gb": (16, 0.9, 15.7, None, 125, None, None),
    "v100-32gb": (32, 0.9, 15.7, None, 125, None, None),
    "a10": (24, 0.6, 31.2, 62.5, 125, 125, None),
    "a30": (24, 0.933, 10.3, 82, 165, 165, None),
    "a40": (48, 0.696, 37.4, 74.8, 149.7, 149.7, None),
    "rtx-a6000": (48, 0.768, 38.7, 77.4, 154.8, 154.8, None),
    "a100-40gb": (40, 1.555, 19.5, 156, 312, 312, None),
    "a100-80gb": (80, 2.039, 19.5, 156, 312, 312, None),
    "l4": (24, 0.3, 30.3, 60, 121, 121, 242),
    "l40s": (48, 0.864, 91.6, 183, 362, 362, 733),
    "rtx3090": (24, 0.936, 35.6, 35.6, 71, 71, None),
    "rtx4090": (24, 1.008, 82.6, 82.6, 165.2, 165.2, 330.3),
    "h100-pcie": (80, 2.0, 51, 378, 756, 756, 1513),
    "h100-sxm": (80, 3.35, 67, 494.5, 989, 989, 1979),
    "h100-nvl": (94, 3.9, 60, 417.5, 835.5, 835.5, 1670.5),
    "h800": (80, 3.35, 67, 494.5, 989, 989, 1979),
    "h20": (96, 4.0, 44, 74, 148, 148, 296),
    "h200": (141, 4.8, 67, 494.5, 989, 989, 1979),
    "b200": (180, 8.0, 75, 1100, 2250, 2250, 4500),  # HGX B200 (NVIDIA HGX page; 80 is GB200)
    "mi250x": (128, 3.2768, 47.9, None, 383, 383, None),
    "mi300x": (192, 5.3, 163.4, 653.7, 1307.4, 1307.4, 2614.9),
}

# Vendor headline figures that are 2:4-sparse (hardware.md §1.2).
SPARSE_HEADLINES = {
    ("a100-80gb", "fp16"): 624,
    ("a100-40gb", "tf32"): 312,
    ("h100-sxm", "bf16"): 1979,
    ("h100-sxm", "fp8"): 3958,
    ("h100-pcie", "fp16"): 1513,
    ("h100-nvl", "fp8"): 3341,
    ("h200", "fp8"): 3958,
    ("l40s", "fp16"): 733,
    ("l4", "fp8"): 485,
    ("a10", "bf16"): 250,
    ("a30", "bf16"): 330,
    ("a40", "bf16"): 299.4,
    ("b200", "fp8"): 9000,
}


@pytest.mark.parametrize("gpu_id", sorted(SHEET))
def test_catalog_figures_match_the_datasheet(gpu_id: str) -> None:
    memory, bandwidth, *tflops = SHEET[gpu_id]
    g = load_knowledge().catalog.gpu(gpu_id)
    assert g.memory_gb == memory
    assert g.memory_bandwidth_tbs == bandwidth
    for dtype, expected in zip(("fp32", "tf32", "fp16", "bf16", "fp8"), tflops, strict=True):
        actual = g.tflops.for_precision(dtype) if dtype != "tf32" else g.tflops.tf32
        assert actual == (pytest.approx(expected) if expected is not None else None), dtype


@pytest.mark.parametrize(("key", "headline"), sorted(SPARSE_HEADLINES.items()))
def test_vendor_sparse_headlines_are_recorded_as_sparse(key: tuple[str, str], headline: float) -> None:
    gpu_id, dtype = key
    figure = getattr(load_knowledge().gpu_record(gpu_id).tflops, dtype)
    assert figure.sparse == pytest.approx(headline, rel=0.002)


def test_the_a10g_without_a_datasheet_is_marked_uncertain() -> None:
    a10g = load_knowledge().gpu_record("a10g")
    assert a10g.tflops.bf16.conf == "U"
    assert a10g.tflops.bf16.value is not None and a10g.tflops.bf16.value < 125  # below the A10's rate


def test_no_h100_variant_has_160_gb() -> None:
    kb = load_knowledge()
    assert sorted(kb.gpu_record(i).memory_gb.value for i in kb.resolve_gpu("h100")) == [80, 80, 94]
