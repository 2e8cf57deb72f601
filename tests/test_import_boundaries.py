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


def reads_environment(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv", "environb"}:
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            if any(alias.name in {"environ", "getenv"} for alias in node.names):
                return True
    return False


def test_only_the_settings_module_reads_the_environment() -> None:
    readers = [
        str(path.relative_to(ROOT))
        for package in sorted(ALLOWED)
        for path in sorted((ROOT / package).rglob("*.py"))
        if reads_environment(path)
    ]
    assert readers == ["bot/config.py"]
