"""The pipeline-parallel bubble: the idle share of a step while a pipeline fills and drains."""

from __future__ import annotations

# Megatron's interleaved schedule runs v model chunks per GPU [assumption: the published large runs
# use the interleaved schedule; we take v up to 4 where each stage holds enough layers].
INTERLEAVE = 4


def pipeline_bubble(pp: int, micro_batches: int, layers: int) -> float:
    """Idle share of a pipeline step: interleaved 1F1B, (p - 1) / (v·m) with v virtual stages per
    GPU and m micro-batches per step (Narayanan et al., arXiv 2104.04473 §2.2.2); v = 1 is plain
    1F1B (§2.2.1)."""
    if pp <= 1:
        return 0.0
    v = max(1, min(INTERLEAVE, layers // pp))
    return (pp - 1) / (v * max(1, micro_batches))
