"""The layering of DESIGN.md, enforced: sizing imports nothing of ours, knowledge only sizing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"sizing", "knowledge", "bot"}
ALLOWED = {"sizing": {"sizing"}, "knowledge": {"knowledge", "sizing"}, "bot": OURS}


def imported_top_levels(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_the_layers_below_it(package: str) -> None:
    offenders = []
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = (imported_top_levels(path) & OURS) - ALLOWED[package]
        if bad:
            offenders.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert offenders == []
