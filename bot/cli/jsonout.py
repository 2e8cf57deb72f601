"""JSON for `--json` output: strict (no NaN/Infinity, which JSON does not have), one object per line."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any


def finite(value: Any) -> Any:
    """`value` with every non-finite float replaced by null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(k): finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def dumps(value: Any) -> str:
    return json.dumps(finite(value), ensure_ascii=False, allow_nan=False)
