"""Frozen result types and their DESIGN.md `size` JSON (`SizingResult.to_dict`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sizing.assumptions import DAYS_PER_MONTH, RESERVED_DISCOUNT
from sizing.compute import Throughput
from sizing.cost import Quote, billing_for, reserved_usd
from sizing.fixed import FixedCosts
from sizing.frozen import quick_init, quick_new
from sizing.layout import Fitted
from sizing.network import NetworkAdvice
from sizing.storage import StorageAdvice
from sizing.types import GpuSpec

if TYPE_CHECKING:
    from sizing.feasibility import Feasibility


@quick_init
@dataclass(frozen=True, slots=True)
class SizingWarning:
    """A warning as a stable code and its numbers; bot/render/templates word it in zh and en (the
    one source of wording for chat and CLI). `message`: English some callers still carry."""

    code: str
    message: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "params": dict(self.params)}
        if self.message:
            out["message"] = self.message
        return out


@quick_init
@dataclass(frozen=True, slots=True)
class ExplainItem:
    """One "how this was computed" line: a stable code and its numbers; templates render zh/en
    (bot/render/templates/*/_explain.j2). `text`: English some callers still carry."""

    code: str
    text: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "params": dict(self.params)}
        if self.text:
            out["text"] = self.text
        return out


new_explain_item = quick_new(ExplainItem)


@quick_init
@dataclass(frozen=True, slots=True)
class Option:
    gpu: GpuSpec
    fitted: Fitted
    throughput: Throughput
    gpu_hours: float
    gpu_hours_range: tuple[float, float]
    days: float
    network: NetworkAdvice
    storage: StorageAdvice
    quote: Quote | None
    usd_to_cny: float
    # cheapest | balanced | fastest | requested | recommended | right_sized | alternative |
    # cheapest_top_tier | cheapest_amd
    label: str = ""
    codes: tuple[str, ...] = field(default=())  # warning codes that apply to this option
    # Hours billed beyond training (provisioning, setup, downloads, evaluation, saving): sizing.fixed.
    fixed: FixedCosts | None = None
    training_days: float = 0.0  # wall-clock of training alone; `days` adds the fixed hours

    @property
    def gpus(self) -> int:
        return self.fitted.layout.gpus

    @property
    def fits(self) -> bool:
        return self.fitted.fits

    @property
    def cost_usd(self) -> float | None:
        return self.quote.on_demand_usd if self.quote else None

    def relabel(self, label: str) -> Option:
        """dataclasses.replace(self, label=label) without its per-field introspection (the ranking
        labels a dozen plans per answer)."""
        return self._copy(label, self.codes)

    def with_codes(self, codes: tuple[str, ...]) -> Option:
        """dataclasses.replace(self, codes=codes), as relabel."""
        return self._copy(self.label, codes)

    def _copy(self, label: str, codes: tuple[str, ...]) -> Option:
        return new_option(
            self.gpu,
            self.fitted,
            self.throughput,
            self.gpu_hours,
            self.gpu_hours_range,
            self.days,
            self.network,
            self.storage,
            self.quote,
            self.usd_to_cny,
            label,
            codes,
            self.fixed,
            self.training_days,
        )

    def to_dict(self, currency: str) -> dict[str, object]:
        lay = self.fitted.layout
        q = self.quote
        rate = self.usd_to_cny if currency == "CNY" else 1.0
        usd = q.on_demand_usd if q else None
        cost: dict[str, object] = {
            "amount": _r(usd * rate, 2) if usd is not None else None,
            "currency": currency,
            "on_demand_usd": _r(usd, 2) if usd is not None else None,
            "spot_usd": _r(q.spot_usd, 2) if q and q.spot_usd is not None else None,
            "cost_usd": _r(usd, 2) if usd is not None else None,
            "cost_cny": _r(usd * self.usd_to_cny, 2) if usd is not None else None,
            "hourly_usd": _r(q.hourly_usd, 4) if q else None,
            "cloud": q.offering.cloud if q else None,
            "instance": q.offering.instance_type if q else None,
            "instances": q.instances if q else None,
            "region": q.offering.region if q else None,
            "prices_as_of": q.offering.as_of.isoformat() if q and q.offering.as_of else None,
            # The snapshot gives no date: say "date unknown", never an inferred one.
            "prices_date_unknown": q.offering.as_of is None if q else None,
            "price_currency": q.offering.currency if q else None,  # the provider's list currency
            "price_source": q.offering.source if q else None,
            # Without a price the advice still follows the run's length (a 3-year run is no short job).
            "billing": q.billing if q else billing_for(self.days),
        }
        billed_days = (q.billed_hours / 24.0 or self.days) if q is not None else 0.0
        if q is not None and billed_days >= DAYS_PER_MONTH * (1 - RESERVED_DISCOUNT):
            # A run long enough to weigh a reservation: its cost by whole months at the stated discount
            # (sizing.cost.reserved_usd), which `billing` chose against, for the billing line to show.
            reserved, months = reserved_usd(q.hourly_usd, billed_days)
            cost |= {
                "reserved_usd": _r(reserved, 2),
                "reserved_months": months,
                "reserved_discount": RESERVED_DISCOUNT,
            }
        return {
            "gpu": self.gpu.id,
            "gpu_name": self.gpu.name,
            "label": self.label,
            "gpus": self.gpus,
            "nodes": 1 if self.gpus > 8 and not self.network.multi_node else max(1, math.ceil(self.gpus / 8)),
            "days": _r(self.days, 3),
            "training_days": _r(self.training_days, 3),
            "fixed_costs": self.fixed.to_dict() if self.fixed is not None else None,
            "gpu_hours": _r(self.gpu_hours, 1),
            "gpu_hours_range": [_r(self.gpu_hours_range[0], 1), _r(self.gpu_hours_range[1], 1)],
            "memory_per_gpu_gb": _r(self.fitted.memory.total_gb, 2),
            "gpu_memory_gb": self.gpu.memory_gb,
            "gpu_usable_memory_gb": round(self.gpu.capacity_gb, 2),
            "memory_headroom": _r(self.fitted.headroom, 3),
            "fits": self.fits,
            "memory": self.fitted.memory.to_dict(),
            "precision": self.throughput.precision,
            "mfu": _r(self.throughput.mfu, 4),
            "tokens_per_gpu_s": _r(self.throughput.tokens_per_gpu_second, 1),
            "layout": {
                "dp": lay.dp,
                "tp": lay.tp,
                "pp": lay.pp,
                "zero_stage": lay.zero_stage,
                "recompute": lay.recompute,
                "micro_batch": lay.micro_batch,
                "grad_accum": lay.grad_accum,
            },
            "network": self.network.to_dict(),
            "storage": self.storage.to_dict(),
            "cost": cost,
            "cost_usd": cost["cost_usd"],
            "cost_cny": cost["cost_cny"],
            "warnings": list(self.codes),
        }


new_option = quick_new(Option)


def _r(x: float, nd: int) -> float:
    return round(x, nd) if math.isfinite(x) else 0.0


@quick_init
@dataclass(frozen=True, slots=True)
class Excluded:
    gpu: str
    reason: str  # "memory" | "deadline" | "no_price" | "segment" | "shape" | "batch"
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"gpu": self.gpu, "reason": self.reason, "message": self.message}


@quick_init
@dataclass(frozen=True, slots=True)
class SizingResult:
    workload: tuple[tuple[str, object], ...]
    options: tuple[Option, ...]
    warnings: tuple[SizingWarning, ...]
    explain: tuple[ExplainItem, ...]
    excluded: tuple[Excluded, ...]
    currency: str = "USD"
    # The verdict on hardware the user fixed (GPU and count): fits or not, why, what would fit.
    feasibility: Feasibility | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "workload": dict(self.workload),
            "feasibility": self.feasibility.to_dict() if self.feasibility is not None else None,
            "options": [o.to_dict(self.currency) for o in self.options],
            "warnings": [w.to_dict() for w in self.warnings],
            "explain": [i.text for i in self.explain if i.text],  # worded by bot/render (sizing_words)
            "explain_items": [i.to_dict() for i in self.explain],
            "excluded": [e.to_dict() for e in self.excluded],
        }
