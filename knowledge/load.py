"""Read, validate and cross-check the knowledge YAML once; map it onto the engine's value types.

Operator offerings file (`load_knowledge(offerings_file=PATH, offerings_mode="add"|"replace")`): a YAML
document with a top-level `offerings:` list in the same schema as knowledge/data/offerings.yaml::

    offerings:
      - id: mycloud/8xh100            # "<cloud>/<instance>"; an existing id is replaced in "add" mode
        cloud: mycloud
        instance_type: 8xh100
        gpu: h100-sxm                 # a catalog id (see `gpu-advisor gpus`)
        gpu_count: 8
        price_usd_per_hour: 20.0      # whole instance, on demand; optional: spot_usd_per_hour
                                      # (or price_cny_per_hour / spot_cny_per_hour for a CNY list)
        region: cn-north-1
        as_of: 2026-11-01             # the price sheet's date; null if it has none ("date unknown")
        source: "contract price sheet 2026-11"
        # optional: vcpus, ram_gib, network_gbps, flags, note

"add" merges these into the shipped offerings (same id replaces); "replace" uses only these.
An operator's offerings are the deployment's own: they price every plan, global or mainland China.
`usd_to_cny` overrides the exchange rate of knowledge/data/settings.yaml. Every offering, shipped or
the operator's, passes the price rules of knowledge/prices.py.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from knowledge.base import KnowledgeError, Source, entries, read_yaml as read, validate
from knowledge.cluster_scale import load_on_demand_scale
from knowledge.currencies import load_other_currencies
from knowledge.faq import check_related, load_faq, load_pitfalls
from knowledge.kb import KnowledgeBase, SoftwareCatalog
from knowledge.latency_percentiles import load_latency_percentiles
from knowledge.models import load_models, load_serving_runs
from knowledge.prices import apply_price_rules, market
from knowledge.schema import (
    DTYPES,
    Architecture,
    ChecklistItem,
    CpuOffload,
    Erratum,
    ExchangeRate,
    ExcludedRow,
    FinetuneMeasurement,
    GpuRecord,
    OfferingRecord,
    ProviderRecord,
    PublishedRun,
    ReferenceServer,
    Scenario,
    SoftwareFeature,
)
from knowledge.search import load_synonyms
from knowledge.text_units import load_text_units
from sizing.cost import SINGLE_HOST
from sizing.types import Catalog, GpuSpec, Offering, TensorTflops

DATA_DIR = Path(__file__).resolve().parent / "data"
M = TypeVar("M", bound=BaseModel)


def records(model: type[M], data: Any, path: Path, key: str) -> tuple[M, ...]:
    """Validate every item under `key`; ids (where the model has one) must be unique."""
    out: list[M] = []
    seen: set[str] = set()
    for i, item in enumerate(entries(data, path, key)):
        name = str(item.get("id") or item.get("instance_type") or f"#{i + 1}")
        if "id" in model.model_fields:
            if name in seen:
                raise KnowledgeError(f"{path}: entry {name!r}: field 'id': duplicate id")
            seen.add(name)
        out.append(validate(model, item, path, name))
    return tuple(out)


def _refs(path: Path, entry: str, field: str, wanted: tuple[str, ...], known: set[str]) -> None:
    for ref in wanted:
        if ref not in known:
            raise KnowledgeError(f"{path}: entry {entry!r}: field {field!r}: unknown id {ref!r}")


def load_gpus(path: Path) -> tuple[tuple[GpuRecord, ...], dict[str, Source]]:
    data = read(path)
    raw_sources = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(raw_sources, dict):
        raise KnowledgeError(f"{path}: expected a top-level 'sources:' mapping")
    sources = {key: validate(Source, value, path, f"sources.{key}") for key, value in raw_sources.items()}
    gpus = records(GpuRecord, data, path, "gpus")
    by_id = {g.id: g for g in gpus}
    for gpu in gpus:
        _refs(path, gpu.id, "src", tuple(sorted(gpu.figure_sources())), set(sources))
        if gpu.variant_of is not None:
            _refs(path, gpu.id, "variant_of", (gpu.variant_of,), set(by_id))
            base = by_id[gpu.variant_of]
            if (base.family, base.memory_gb.value) != (gpu.family, gpu.memory_gb.value):
                raise KnowledgeError(
                    f"{path}: entry {gpu.id!r}: field 'variant_of': {base.id!r} is not the same family "
                    "and memory size"
                )
    return gpus, sources


def load_offerings(
    path: Path, gpu_ids: set[str]
) -> tuple[tuple[OfferingRecord, ...], tuple[ExcludedRow, ...]]:
    data = read(path)
    offerings = records(OfferingRecord, data, path, "offerings")
    for o in offerings:
        _refs(path, o.id, "gpu", (o.gpu,), gpu_ids)
    excluded = records(ExcludedRow, data, path, "excluded") if data.get("excluded") else ()
    return offerings, excluded


def merge_offerings(
    shipped: tuple[OfferingRecord, ...], operator: tuple[OfferingRecord, ...], mode: str
) -> tuple[OfferingRecord, ...]:
    if mode == "replace":
        return operator
    if mode != "add":
        raise KnowledgeError(f"offerings_mode must be 'add' or 'replace', not {mode!r}")
    theirs = {o.id for o in operator}
    return tuple(o for o in shipped if o.id not in theirs) + operator


MIB = 2**20


def gpu_spec(r: GpuRecord) -> GpuSpec:
    t = {d: getattr(r.tflops, d).value for d in DTYPES}
    return GpuSpec(
        id=r.id,
        name=r.name,
        vendor=r.vendor,
        architecture=r.architecture,
        memory_gb=r.memory_gb.value,
        memory_bandwidth_tbs=r.memory_bandwidth_tbs.value,
        tflops=TensorTflops(
            fp32=t["fp32"] or 0.0, tf32=t["tf32"], fp16=t["fp16"], bf16=t["bf16"], fp8=t["fp8"]
        ),
        form_factor=r.form_factor,
        scale_up_gbs=r.scale_up.gbs,
        scale_up_domain=r.scale_up.domain,
        tdp_w=r.tdp_w.value,
        launch_year=int(r.launch_year.value),
        segment=r.segment,
        matmul_efficiency=r.matmul_efficiency.value if r.matmul_efficiency else None,
        usable_memory_gb=(
            r.usable_memory_mib.value * MIB / 1e9
            if r.usable_memory_mib is not None and r.usable_memory_mib.value is not None
            else None
        ),
        variant_of=r.variant_of,
    )


def offering(o: OfferingRecord, usd_to_cny: float) -> Offering:
    """The engine's value: prices in USD whatever the listed currency (a CNY list price converted
    at the dated rate, so plans compare clouds on one scale and a yuan total is the list price)."""
    rate = usd_to_cny if o.currency == "CNY" else 1.0
    on_demand, spot = o.list_price_per_hour, o.list_spot_per_hour
    return Offering(
        id=o.id,
        cloud=o.cloud,
        instance_type=o.instance_type,
        gpu_id=o.gpu,
        gpu_count=o.gpu_count,
        vcpus=o.vcpus,
        ram_gib=o.ram_gib,
        price_usd_per_hour=on_demand / rate if on_demand is not None else None,
        spot_usd_per_hour=spot / rate if spot is not None else None,
        region=o.region,
        network_gbps=o.network_gbps,
        as_of=o.as_of,
        source=o.source,
        flags=o.flags,
        currency=o.currency,
    )


def host_rentals(o: OfferingRecord, usd_to_cny: float) -> tuple[Offering, ...]:
    """A row priced per GPU of a host (`gpus_per_host`) as the rentals a plan can take: 2, 4, …
    GPUs of one host at that many times the price, each its own offering beside the one-GPU row.
    Powers of two, as data, tensor and pipeline parallel degrees are."""
    if o.gpus_per_host is None:
        return ()
    one = offering(o, usd_to_cny)
    out = []
    n = 2
    while n <= o.gpus_per_host:
        out.append(
            replace(
                one,
                id=f"{o.id}x{n}",
                instance_type=f"{n} × {o.instance_type}",
                gpu_count=float(n),
                price_usd_per_hour=None if one.price_usd_per_hour is None else one.price_usd_per_hour * n,
                spot_usd_per_hour=None if one.spot_usd_per_hour is None else one.spot_usd_per_hour * n,
                flags=(*one.flags, SINGLE_HOST),
            )
        )
        n *= 2
    return tuple(out)


def load_providers(path: Path) -> dict[str, ProviderRecord]:
    providers = {p.id: p for p in records(ProviderRecord, read(path), path, "providers")}
    owner: dict[str, str] = {}
    for p in providers.values():
        for alias in p.aliases:
            if owner.setdefault(alias, p.id) != p.id:
                where = f"{path}: entry {p.id!r}: field 'aliases'"
                raise KnowledgeError(f"{where}: {alias!r} already names {owner[alias]!r}")
    return providers


def load_cpu_offload(path: Path) -> CpuOffload:
    """settings.yaml `cpu_offload`: the sourced rates CPU offload is costed at."""
    return validate(CpuOffload, (read(path) or {}).get("cpu_offload"), path, "cpu_offload")


def load_software(path: Path) -> SoftwareCatalog:
    data = read(path)
    archs = records(Architecture, data, path, "architectures")
    features = records(SoftwareFeature, data, path, "features")
    for f in features:
        _refs(path, f.id, "supported", f.supported, {a.id for a in archs})
        _refs(path, f.id, "architectures", f.architectures, {a.id for a in archs})
    return SoftwareCatalog(architectures=archs, features=features)


@functools.lru_cache(maxsize=8)
def load_knowledge(
    *,
    offerings_file: Path | None = None,
    offerings_mode: str = "add",
    usd_to_cny: float | None = None,
    data_dir: Path = DATA_DIR,
) -> KnowledgeBase:
    """The whole knowledge base, validated; raises a one-line KnowledgeError on bad data."""
    gpus_path = data_dir / "gpus.yaml"
    gpus, gpu_sources = load_gpus(gpus_path)
    gpu_ids = {g.id for g in gpus}
    providers = load_providers(data_dir / "providers.yaml")
    offerings, excluded = load_offerings(data_dir / "offerings.yaml", gpu_ids)
    china_offerings, _ = load_offerings(data_dir / "offerings_cn.yaml", gpu_ids)
    for o in (*offerings, *china_offerings):
        _refs(data_dir / "offerings.yaml", o.id, "cloud", (o.cloud,), set(providers))
    offerings += china_offerings
    operator_ids: frozenset[str] = frozenset()
    if offerings_file is not None:
        theirs, _ = load_offerings(Path(offerings_file), gpu_ids)
        offerings = merge_offerings(offerings, theirs, offerings_mode)
        operator_ids = frozenset(o.id for o in theirs)
    elif offerings_mode not in ("add", "replace"):
        raise KnowledgeError(f"offerings_mode must be 'add' or 'replace', not {offerings_mode!r}")
    offerings = apply_price_rules(offerings, providers)

    software = load_software(data_dir / "software.yaml")
    for g in gpus:
        _refs(gpus_path, g.id, "architecture", (g.architecture,), {a.id for a in software.architectures})
    scenarios_path, errata_path = data_dir / "scenarios.yaml", data_dir / "errata.yaml"
    scenarios = records(Scenario, read(scenarios_path), scenarios_path, "scenarios")
    for s in scenarios:
        _refs(scenarios_path, s.id, "gpus", s.gpus, gpu_ids)
    errata = records(Erratum, read(errata_path), errata_path, "errata")
    for e in errata:
        _refs(errata_path, e.id, "gpus", e.gpus, gpu_ids)
    checklist_path, settings_path = data_dir / "checklist.yaml", data_dir / "settings.yaml"
    checklist = records(ChecklistItem, read(checklist_path), checklist_path, "checklist")
    settings = read(settings_path)
    rate = validate(ExchangeRate, (settings or {}).get("exchange_rate"), settings_path, "exchange_rate")
    load_text_units(settings_path)  # the tokens-per-word ratios the parser reads: bad data fails here too
    load_latency_percentiles(settings_path)  # the serving answer's tail factors: likewise
    load_other_currencies(settings_path)  # the rates a budget in TWD or HKD converts at: the same
    load_on_demand_scale(settings_path)  # the largest cluster rented without a contract: the same
    offload = load_cpu_offload(settings_path)
    runs_path = data_dir / "published_runs.yaml"
    runs_data = read(runs_path)
    runs = records(PublishedRun, runs_data, runs_path, "runs")
    finetune = records(FinetuneMeasurement, runs_data, runs_path, "finetune")
    for run_id, gpu in [(r.id, r.gpu) for r in runs] + [(f.id, f.gpu) for f in finetune]:
        _refs(runs_path, run_id, "gpu", (gpu,) if gpu else (), gpu_ids)

    servers_path = data_dir / "servers.yaml"
    servers = records(ReferenceServer, read(servers_path), servers_path, "servers")
    for server in servers:
        _refs(servers_path, server.id, "boards", server.boards, gpu_ids)

    faq_path, pitfalls_path = data_dir / "faq.yaml", data_dir / "pitfalls.yaml"
    # Every packaged file is required: a missing faq.yaml must fail here, not answer nothing later.
    faq = load_faq(faq_path)
    pitfalls = load_pitfalls(pitfalls_path)
    synonyms = load_synonyms(data_dir / "synonyms.yaml")
    model_index = load_models(data_dir / "models.yaml")
    serving_runs, serving_sources = load_serving_runs(
        data_dir / "serving_runs.yaml", {c.id for c in model_index.cards}, gpu_ids
    )
    check_related((*faq, *pitfalls))
    fx = usd_to_cny if usd_to_cny is not None else rate.usd_to_cny
    # Mainland-China list prices price "cn" plans only (kb.china_catalog); an operator's own
    # offerings price every plan.
    global_offerings = tuple(o for o in offerings if o.id in operator_ids or market(o, providers) != "cn")
    catalog = Catalog(
        gpus=tuple(gpu_spec(g) for g in gpus),
        offerings=tuple(offering(o, fx) for o in global_offerings),
        usd_to_cny=fx,
        usd_to_cny_as_of=rate.source.as_of,
        offload=offload.rates(),
    )
    return KnowledgeBase(
        catalog=catalog,
        gpu_records=gpus,
        offering_records=offerings,
        excluded_offerings=excluded,
        scenarios=tuple(sorted(scenarios, key=lambda s: s.params_min)),
        software=software,
        checklist=checklist,
        errata=errata,
        exchange_rate=rate,
        published_runs=runs,
        finetune_measurements=finetune,
        faq=faq,
        pitfalls=pitfalls,
        gpu_sources=gpu_sources,
        synonyms=synonyms,
        providers=providers,
        operator_offering_ids=operator_ids,
        servers=servers,
        model_index=model_index,
        serving_runs=serving_runs,
        serving_sources=serving_sources,
    )
