"""The largest GPU cluster a cloud rents without a contract (knowledge/data/settings.yaml
`on_demand_scale`, sourced): a plan above it gets a word that such counts are not there on demand, and
what is realistic instead (a reserved or contracted cluster, or a longer deadline on this many)."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from knowledge.base import Source, Strict, read_yaml, validate


class OnDemandScale(Strict):
    # The most GPUs of one type the largest self-service reservation sells at once.
    max_gpus: int = Field(gt=0)
    sources: tuple[Source, ...] = Field(min_length=1)

    @property
    def citation(self) -> str:
        return self.sources[0].citation


def load_on_demand_scale(path: Path) -> OnDemandScale:
    return validate(OnDemandScale, (read_yaml(path) or {}).get("on_demand_scale"), path, "on_demand_scale")


@functools.cache
def on_demand_scale() -> OnDemandScale:
    """The packaged limit, read and validated once."""
    from knowledge.load import DATA_DIR

    return load_on_demand_scale(DATA_DIR / "settings.yaml")


__all__ = ["OnDemandScale", "load_on_demand_scale", "on_demand_scale"]
