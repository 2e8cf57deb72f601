"""How far a latency percentile sits above the mean (knowledge/data/settings.yaml `latency_percentiles`,
sourced): the serving plan models the typical time to the first token, and a target stated as a percentile
("p99 under 2 s") is compared with the typical one times this factor. The factor is an assumption (a single
queue with random arrivals, M/M/1) that the reply labels as one."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from knowledge.base import Source, Strict, read_yaml, validate


class LatencyPercentiles(Strict):
    # The percentile ("99", "99.9") -> its time over the mean time, under the M/M/1 assumption.
    tail_over_mean: dict[str, float] = Field(min_length=1)
    sources: tuple[Source, ...] = Field(min_length=1)

    def factor(self, percentile: float) -> float | None:
        """The tail-over-mean factor of a percentile the table lists (99 -> 4.6), else None."""
        return next((f for p, f in self.tail_over_mean.items() if float(p) == percentile), None)

    @property
    def citation(self) -> str:
        return self.sources[0].citation


def load_latency_percentiles(path: Path) -> LatencyPercentiles:
    return validate(
        LatencyPercentiles, (read_yaml(path) or {}).get("latency_percentiles"), path, "latency_percentiles"
    )


@functools.cache
def latency_percentiles() -> LatencyPercentiles:
    """The packaged factors, read and validated once."""
    from knowledge.load import DATA_DIR

    return load_latency_percentiles(DATA_DIR / "settings.yaml")


__all__ = ["LatencyPercentiles", "latency_percentiles", "load_latency_percentiles"]
