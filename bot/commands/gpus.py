"""`gpu-advisor gpus` (not built yet)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("gpus", help="(not built yet)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print("gpu-advisor gpus: not built yet", file=sys.stderr)
    return 2
