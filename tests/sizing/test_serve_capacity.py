"""The largest model some GPUs serve is the edge of the serving memory model: it fits with one request,
a slightly larger one does not, and it grows with more GPUs and with fewer bytes per weight."""

from __future__ import annotations

from sizing.model_arch import ModelArchitecture
from sizing.serve_capacity import largest_served
from sizing.serve_memory import kv_tokens_held, shape_memory
from sizing.types import Catalog


def test_the_largest_model_served_fits_and_one_slightly_larger_does_not(catalog: Catalog) -> None:
    l4 = catalog.gpu("l4")
    params = largest_served(l4, 1, "bf16")
    assert params is not None and 9e9 < params < 12e9
    fits = shape_memory(ModelArchitecture.standard(params), 1, "bf16", 1500).requests_on(l4)
    beyond = shape_memory(ModelArchitecture.standard(params * 1.01), 1, "bf16", 1500).requests_on(l4)
    assert fits >= 1 and beyond == 0


def test_more_gpus_and_fewer_bytes_per_weight_serve_larger_models(catalog: Catalog) -> None:
    gpu = catalog.gpu("rtx4090")
    one = [largest_served(gpu, 1, p) or 0 for p in ("bf16", "fp8", "int4")]
    assert one == sorted(one) and one[0] > 0
    assert (largest_served(gpu, 2, "bf16") or 0) > 1.9 * one[0]


def test_the_kv_tokens_a_replica_holds_are_one_request_of_that_many_tokens_and_no_more(
    catalog: Catalog,
) -> None:
    h100 = catalog.gpu("h100-sxm")
    arch = ModelArchitecture.standard(8e9)
    held = kv_tokens_held(arch, h100, 1, "bf16")
    assert held > 100_000
    assert shape_memory(arch, 1, "bf16", held).requests_on(h100) == 1
    assert shape_memory(arch, 1, "bf16", held + 1000).requests_on(h100) == 0
    assert kv_tokens_held(arch, h100, 1, "fp8") > 2 * held  # half the KV bytes and half the weights
    assert kv_tokens_held(ModelArchitecture.standard(70e9), catalog.gpu("l40s"), 1, "bf16") == 0
