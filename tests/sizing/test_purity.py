"""sizing/ is a pure core: it imports only the standard library's pure modules and itself."""

from __future__ import annotations

import ast
from pathlib import Path

SIZING = Path(__file__).resolve().parents[2] / "sizing"
# functools: lru_cache memoises pure functions (same answer for the same arguments); bisect: binary
# search over the sorted count ladders.
ALLOWED = {
    "__future__",
    "bisect",
    "collections",
    "dataclasses",
    "datetime",
    "functools",
    "math",
    "typing",
    "sizing",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_sizing_modules_import_nothing_with_io_clock_or_env() -> None:
    files = sorted(SIZING.glob("*.py"))
    assert files
    bad = {f.name: sorted(_imports(f) - ALLOWED) for f in files if _imports(f) - ALLOWED}
    assert bad == {}


def test_sizing_never_calls_the_clock_or_open() -> None:
    for f in SIZING.glob("*.py"):
        text = f.read_text(encoding="utf-8")
        for call in ("open(", "date.today(", "datetime.now(", "print(", "os.environ"):
            assert call not in text, f"{f.name} uses {call}"
