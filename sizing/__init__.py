"""The sizing engine: pure functions over frozen values (no I/O, no clock, no environment)."""

from __future__ import annotations

from sizing.errors import SizingError
from sizing.plan import plan
from sizing.result import Excluded, Option, SizingResult, SizingWarning
from sizing.types import Budget, Catalog, GpuSpec, Offering, SizingRequest, TensorTflops

__all__ = [
    "Budget",
    "Catalog",
    "Excluded",
    "GpuSpec",
    "Offering",
    "Option",
    "SizingError",
    "SizingRequest",
    "SizingResult",
    "SizingWarning",
    "TensorTflops",
    "plan",
]
