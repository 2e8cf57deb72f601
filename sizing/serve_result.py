"""Frozen serving results and their DESIGN.md `size --task serve` JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from sizing.assumptions import HOURS_PER_MONTH
from sizing.cost import Quote
from sizing.frozen import quick_init
from sizing.result import ExplainItem, SizingWarning
from sizing.serve_job import job_dict
from sizing.serve_memory import ServeMemory
from sizing.serve_speed import Replica, Speed
from sizing.serve_types import BatchJob
from sizing.types import GpuSpec


def instances_for(q: Quote | None, replica_gpus: int, replicas: int) -> int:
    """Instances rented for `replicas` replicas of `replica_gpus` GPUs each, `q` pricing one:
    replicas smaller than an instance share it (four 2-GPU replicas on one 8-GPU machine), larger
    ones take whole instances each. Never fewer for more replicas."""
    if q is None:
        return 0
    per_instance = int(q.offering.gpu_count) // replica_gpus if q.instances == 1 else 0
    if per_instance > 1:
        return math.ceil(replicas / per_instance)
    return q.instances * replicas


def hourly_usd_for(q: Quote | None, replica_gpus: int, replicas: int) -> float | None:
    """What `replicas` replicas cost per hour (None: no price); never less for more replicas."""
    if q is None:
        return None
    return q.hourly_usd / q.instances * instances_for(q, replica_gpus, replicas)


@quick_init
@dataclass(frozen=True, slots=True)
class ServeOption:
    replica: Replica
    replicas: int
    memory: ServeMemory  # one GPU of a replica
    concurrency: int  # requests in flight on each replica (the requested load, or its saturation)
    speed: Speed | None  # None when not even one request fits
    quote: Quote | None  # one replica's instances
    usd_to_cny: float
    fits: bool
    meets_latency: bool = True
    label: str = ""
    codes: tuple[str, ...] = field(default=())
    solo: Speed | None = None  # one request alone on the replica (hardware the user named)
    # hourly_usd as the plan worked it out when it built the option (ranking reads it for every
    # option many times); None: hourly_usd works it out.
    priced_hourly_usd: float | None = field(default=None, compare=False, repr=False)
    # The load needs several replicas and the time-per-token target, not memory, caps each one's
    # batch: a larger replica of the same GPU may carry the load on fewer GPUs (serve_plan.candidates).
    latency_bound: bool = field(default=False, compare=False, repr=False)

    @property
    def hourly_usd(self) -> float | None:
        """What all replicas cost per hour (None: no price)."""
        known = self.priced_hourly_usd
        return known if known is not None else hourly_usd_for(self.quote, self.replica.gpus, self.replicas)

    def shown(self, label: str, solo: Speed | None = None) -> ServeOption:
        """This option as an answer shows it: labelled, with one user's speed alone when given
        (dataclasses.replace says the same, at more cost; a plan labels several options)."""
        return ServeOption(
            self.replica,
            self.replicas,
            self.memory,
            self.concurrency,
            self.speed,
            self.quote,
            self.usd_to_cny,
            self.fits,
            self.meets_latency,
            label,
            self.codes,
            solo if solo is not None else self.solo,
            self.hourly_usd,
        )

    @property
    def gpu(self) -> GpuSpec:
        return self.replica.gpu

    @property
    def gpus(self) -> int:
        return self.replica.gpus * self.replicas

    @property
    def output_tokens_per_second(self) -> float:
        return self.speed.output_tokens_per_second * self.replicas if self.speed else 0.0

    @property
    def instances(self) -> int:
        return instances_for(self.quote, self.replica.gpus, self.replicas)

    @property
    def usd_per_million_tokens(self) -> float | None:
        hourly, tps = self.hourly_usd, self.output_tokens_per_second
        if hourly is None or tps <= 0:
            return None
        return hourly / (tps * 3600.0) * 1e6

    def to_dict(self, currency: str) -> dict[str, object]:
        rep, mem, sp, q = self.replica, self.memory, self.speed, self.quote
        rate = self.usd_to_cny if currency == "CNY" else 1.0
        hourly, per_m = self.hourly_usd, self.usd_per_million_tokens
        cost: dict[str, object] = {
            "amount": _r(hourly * rate, 2) if hourly is not None else None,
            "currency": currency,
            "period": "hour",
            "per_hour": _r(hourly * rate, 2) if hourly is not None else None,
            "per_month": _r(hourly * rate * HOURS_PER_MONTH, 0) if hourly is not None else None,
            "per_million_output_tokens": _r(per_m * rate, 3) if per_m is not None else None,
            "hourly_usd": _r(hourly, 4) if hourly is not None else None,
            "monthly_usd": _r(hourly * HOURS_PER_MONTH, 0) if hourly is not None else None,
            "usd_per_million_output_tokens": _r(per_m, 4) if per_m is not None else None,
            "cloud": q.offering.cloud if q else None,
            "instance": q.offering.instance_type if q else None,
            "instances_per_replica": q.instances if q else None,
            "instances": self.instances if q else None,
            "region": q.offering.region if q else None,
            "prices_as_of": q.offering.as_of.isoformat() if q and q.offering.as_of else None,
            "prices_date_inferred": "undated_snapshot" in q.offering.flags if q else None,
        }
        kv_gb = mem.kv_gb(self.concurrency) if self.fits or mem.weights_fit else 0.0
        return {
            "gpu": self.gpu.id,
            "gpu_name": self.gpu.name,
            "label": self.label,
            "gpus": self.gpus,
            "gpus_per_replica": rep.gpus,
            "replicas": self.replicas,
            "nodes": self.replicas * rep.pp if rep.pp > 1 else max(1, math.ceil(self.gpus / 8)),
            "tensor_parallel": rep.tp,
            "pipeline_parallel": rep.pp,
            # "tp" or "ep" (experts spread over the GPUs, attention data parallel: sizing/serve_layout.py)
            "layout": rep.layout,
            "expert_parallel": rep.ranks,
            "precision": rep.precision,
            "fits": self.fits,
            "meets_latency": self.meets_latency,
            "memory_per_gpu_gb": _r(mem.used_gb(self.concurrency) if mem.weights_fit else mem.weights_gb, 2),
            # The same in MiB, the unit nvidia-smi reports and gpu_usable_mib uses: "82.3 GB (78,490 MiB) of
            # 80 GB (81,559 MiB usable)" compares like with like where GB (1e9 bytes) and the datasheet's
            # binary "80 GB" differ.
            "memory_per_gpu_mib": round(
                (mem.used_gb(self.concurrency) if mem.weights_fit else mem.weights_gb) * 1e9 / 2**20
            ),
            "gpu_memory_gb": self.gpu.memory_gb,
            # What the driver reports (nvidia-smi), when the catalogue has it: fits are judged against this;
            # answers show the datasheet size with it ("of 180 GB (183,359 MiB usable)").
            "gpu_usable_mib": round(self.gpu.usable_memory_gb * 1e9 / 2**20)
            if self.gpu.usable_memory_gb is not None
            else None,
            "memory": {
                "weights_gb": _r(mem.weights_gb, 2),
                "kv_cache_gb": _r(kv_gb, 2),
                "overhead_gb": _r(mem.overhead_gb, 2),
                "kv_budget_gb": _r(max(0.0, mem.kv_budget_gb), 2),
                "capacity_gb": _r(mem.capacity_gb, 2),
            },
            "kv_cache_gb": _r(kv_gb, 2),
            "kv_cache_per_request_gb": _r(mem.kv_per_request_gb, 4),
            "max_concurrency": mem.max_concurrency,
            "max_concurrency_total": mem.max_concurrency * self.replicas,
            "concurrency": self.concurrency * self.replicas,
            "concurrency_per_replica": self.concurrency,
            "output_tokens_per_second": _r(self.output_tokens_per_second, 1),
            "output_tokens_per_second_per_user": _r(1.0 / sp.tpot_s, 2) if sp else None,
            "ttft_ms": _r(sp.ttft_s * 1000, 1) if sp else None,
            "tpot_ms": _r(sp.tpot_s * 1000, 2) if sp else None,
            "decode_bound": sp.step.bound if sp else None,
            "single_user_tokens_per_second": _r(1.0 / self.solo.tpot_s, 1) if self.solo else None,
            "cost": cost,
            "warnings": list(self.codes),
        }


def _r(x: float, nd: int) -> float:
    return round(x, nd) if math.isfinite(x) else 0.0


@quick_init
@dataclass(frozen=True, slots=True)
class ServeExcluded:
    gpu: str
    reason: str  # "memory" | "latency" | "no_price" | "shape"
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"gpu": self.gpu, "reason": self.reason, "message": self.message}


@dataclass(frozen=True, slots=True)
class ServeResult:
    workload: tuple[tuple[str, object], ...]
    options: tuple[ServeOption, ...]
    warnings: tuple[SizingWarning, ...]
    explain: tuple[ExplainItem, ...]
    excluded: tuple[ServeExcluded, ...] = ()
    currency: str = "USD"
    batch: BatchJob | None = None  # an offline job: each option says how long and what the whole job costs

    def to_dict(self) -> dict[str, object]:
        return {
            "task": "serve",
            "workload": dict(self.workload),
            "options": [self._option(o) for o in self.options],
            "warnings": [w.to_dict() for w in self.warnings],
            "explain": [i.text for i in self.explain],
            "explain_items": [i.to_dict() for i in self.explain],
            "excluded": [e.to_dict() for e in self.excluded],
        }

    def _option(self, o: ServeOption) -> dict[str, object]:
        out = o.to_dict(self.currency)
        if self.batch is None:
            return out
        work = dict(self.workload)
        job = job_dict(
            o, self.batch, int(str(work["input_tokens"])), int(str(work["output_tokens"])), self.currency
        )
        # The training envelope's names (DESIGN.md `size`): the job's days and GPU-hours on the option itself.
        return {**out, "job": job, "days": job.get("days"), "gpu_hours": job.get("gpu_hours")}
