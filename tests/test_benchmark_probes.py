"""The timing probes of benchmarks/bench_breakdown.py wrap functions by name: when code moves (the turn
policy went from consultant.py to turn_steps.py), a probe must fail here, not in a benchmark run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_timing_probe_finds_the_function_it_wraps() -> None:
    code = "import sys; sys.path.insert(0, 'benchmarks'); import traced_serve; traced_serve.install()"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
