"""Where the GPUs come from: mainland-China clouds (region "cn") and hardware the user owns.

China: export controls keep H100/H200/B200-class parts out of mainland clouds, so a "cn"
conversation is also planned on what can be rented there: NVIDIA's China SKUs (A800, H800, H20)
and every GPU the public Chinese price list prices (kb.china_catalog, CNY list prices with their
source and date; "no public price" where none exists). Owned: the plan runs on exactly the user's
GPU type and count.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from bot.dialogue.memo import Planner
from bot.dialogue.plan import build_request
from bot.dialogue.state import DialogueState
from bot.render.views import option_view, resolve_gpus
from sizing.errors import SizingError
from sizing.plan import fits as fits_on
from sizing.serve_capacity import largest_served
from sizing.serve_types import ServePrecision
from sizing.types import Catalog, GpuSpec, Method, SizingRequest

# NVIDIA's China-market datacenter SKUs in the catalogue (knowledge/data/gpus.yaml: h800, h20, a800).
CHINA_GPUS = ("h800", "h20", "a800")
MAX_CHINA_OPTIONS = 4
# Capacity search range (parameters) and steps: 1e8..1e13 in log space, 20 halvings (0.001%).
CAPACITY_LOW, CAPACITY_HIGH, CAPACITY_STEPS = 1e8, 1e13, 20
CAPACITY_METHODS: tuple[Method, ...] = ("full_finetune", "lora", "qlora", "pretrain")
# Tokens for a capacity probe: memory does not depend on the data size; any small corpus will do.
PROBE_TOKENS = 1e9


def china_prices_apply(gpu_id: str, lang: str, region: str | None) -> bool:
    """Whether a GPU no global cloud prices may be priced from the Chinese marketplaces' yuan lists in a
    comparison: a China SKU (A800, H20), or any GPU when the reply is in Chinese or the user is in China
    (the RTX 4090 at 算家云). The training and the serving comparisons both ask this."""
    return gpu_id in CHINA_GPUS or lang.startswith("zh") or region == "cn"


def china_gpus(catalog: Catalog) -> tuple[str, ...]:
    """GPUs a mainland-China plan considers: the China SKUs, then every GPU the China catalogue prices."""
    known = {g.id for g in catalog.gpus}
    priced = sorted({o.gpu_id for o in catalog.offerings})
    return tuple(g for g in dict.fromkeys([*CHINA_GPUS, *priced]) if g in known)


def rented_in_china(catalog: Catalog, gpu: str) -> bool:
    """Whether mainland providers rent the GPU (family or id) `gpu`: a China SKU or one the China
    catalogue prices. Not the H100, H200 or B200: US export controls (faq.h800_h20_export)."""
    ids = {g.id for g in resolve_gpus(catalog, (gpu,))}
    return any(i == c or i.startswith(f"{c}-") for i in ids for c in china_gpus(catalog))


def china_options(
    state: DialogueState, catalog: Catalog, plan: Planner, today: dt.date
) -> list[dict[str, Any]]:
    """The user's workload on each GPU rentable in mainland China, priced from `catalog` (the China
    catalogue) in CNY where a public or operator price exists: the ones that fit, priced first and
    cheapest first, at most MAX_CHINA_OPTIONS."""
    out = []
    # The GPU (and count) the user named is the plan; otherwise each GPU rentable in China.
    named = state.slots.get("gpu")
    candidates: tuple[str, ...]
    if named and resolve_gpus(catalog, (str(named),)) and rented_in_china(catalog, str(named)):
        candidates, count = (str(named),), state.slots.get("gpu_count")
    else:
        candidates, count = china_gpus(catalog), None
    for gpu in candidates:
        slots = {**state.slots, "gpu": gpu, "gpu_count": count}
        try:
            result = plan(build_request(replace(state, slots=slots), catalog, today), catalog)
        except SizingError:
            continue
        if result.options and result.options[0].fits:
            out.append(option_view(result.options[0].to_dict("CNY"), catalog))
    deadline = state.slots.get("days")
    for o in out:
        o["late"] = deadline is not None and (o["days"] or 0.0) > float(deadline) * 1.0001
    # Plans that meet the deadline first, priced before unpriced, the cheapest and quickest first;
    # then the late ones, the closest to the deadline first (a cheap plan months late helps no one).
    out.sort(
        key=lambda o: (
            (False, o["cost"] is None, o["cost"] or 0.0, o["days"] or 0.0)
            if not o["late"]
            else (True, False, o["days"] or 0.0, o["cost"] or 0.0)
        )
    )
    return out[:MAX_CHINA_OPTIONS]


def main_variant(catalog: Catalog, name: str, like: GpuSpec | None = None) -> GpuSpec | None:
    """The one GPU a family name means in a comparison: the SXM board (the usual cluster part: a bare
    "H100" is the H100 SXM, never the NVL), else the one with the most memory; against a PCIe
    variant the user named ("A100 PCIe vs H100") the variant with its form factor. A form-factor
    variant of another card (the A100 PCIe of the A100 SXM4) is meant only when named."""
    variants = resolve_gpus(catalog, (name,))
    if not variants:
        return None
    if len(variants) > 1:
        variants = [g for g in variants if g.variant_of is None] or variants
    if like is not None and _named_variant(catalog, like):
        same = [g for g in variants if g.form_factor == like.form_factor]
        if same:  # the board closest to the named one: A100 80GB PCIe against the H100 PCIe, not the NVL
            return min(same, key=lambda g: (abs(g.memory_gb - like.memory_gb), -g.memory_gb))
    return max(variants, key=lambda g: (g.form_factor == "sxm", g.memory_gb))


def _named_variant(catalog: Catalog, spec: GpuSpec) -> bool:
    """A GPU that is one form factor of a family with an SXM board (A100 PCIe, H100 PCIe/NVL): naming
    it picks a side. A card sold only as PCIe (RTX 4090, L40S) says nothing about the other's form."""
    if spec.form_factor == "sxm":
        return False
    family = spec.variant_of or spec.id.split("-")[0]
    return any(g.form_factor == "sxm" and g.id.split("-")[0] == family.split("-")[0] for g in catalog.gpus)


# What a serving capacity lists: 16-bit weights, FP8 where the GPU computes in it, 4-bit quantised.
SERVING_PRECISIONS: tuple[ServePrecision, ...] = ("bf16", "fp8", "int4")


def serving_capacity(gpu: str, gpus: int, catalog: Catalog) -> tuple[str, list[dict[str, Any]]]:
    """(the GPU variant used, [{precision, params}]): the largest model `gpus` × `gpu` serve, per precision,
    holding one request of the default prompt and answer (sizing.serve_capacity)."""
    spec = main_variant(catalog, gpu)
    if spec is None:
        raise SizingError("unknown_gpu", f"unknown GPU {gpu}", {"gpu": gpu})
    rows = [
        {"precision": p, "params": largest_served(spec, gpus, p)}
        for p in SERVING_PRECISIONS
        if p != "fp8" or spec.tflops.fp8
    ]
    return spec.id, rows


def capacity(
    gpu: str,
    gpus: int,
    catalog: Catalog,
    today: dt.date,
    methods: tuple[Method, ...] = CAPACITY_METHODS,
) -> tuple[str, list[dict[str, Any]]]:
    """(the GPU variant used, [{method, params}]): the largest model that fits per method on
    exactly `gpus` × `gpu`, by bisection over parameters with the engine's default seq_len."""
    spec = main_variant(catalog, gpu)  # "A100"/"H100" without a variant: the SXM board
    if spec is None:
        raise SizingError("unknown_gpu", f"unknown GPU {gpu}", {"gpu": gpu})

    def fits(params: float, method: Method) -> bool:
        request = SizingRequest(
            params=params,
            tokens=PROBE_TOKENS,
            method=method,
            gpu=spec.id,
            gpus=gpus,
            today=today,
        )
        try:
            return fits_on(request, spec, catalog)  # the engine's layout probe: no plan, no prices
        except SizingError:
            return False

    rows: list[dict[str, Any]] = []
    for method in methods:
        low, high = CAPACITY_LOW, CAPACITY_HIGH
        if not fits(low, method):
            rows.append({"method": method, "params": None})
            continue
        for _ in range(CAPACITY_STEPS):
            mid = (low * high) ** 0.5
            low, high = (mid, high) if fits(mid, method) else (low, mid)
        rows.append({"method": method, "params": low})
    return spec.id, rows
