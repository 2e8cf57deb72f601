"""The layering of DESIGN.md, enforced: sizing imports nothing of ours, knowledge only sizing; and
inside bot/, the NLU knows nothing of the dialogue or its shells, the dialogue nothing of Slack,
the CLI or operations, rendering nothing of the dialogue or the shells."""

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


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, by full dotted name ("bot.dialogue.state")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


# Inside bot/: the packages each one may never import (type-only imports count too: a layer that
# needs another's types depends on it). Shared types live in bot/ports.py.
SHELLS = ("bot.slack", "bot.cli", "bot.ops", "bot.bootstrap")
BOT_FORBIDDEN = {
    "bot.nlu": ("bot.dialogue", "bot.render", "bot.store", *SHELLS),
    "bot.dialogue": SHELLS,
    "bot.render": ("bot.dialogue", "bot.store", *SHELLS),
    "bot.store": ("bot.dialogue", "bot.render", "bot.nlu", *SHELLS),
    "bot.ops": ("bot.dialogue", "bot.render", "bot.cli", "bot.slack"),
    "bot.slack": ("bot.cli",),
    "bot.ports": ("bot.dialogue", "bot.render", "bot.store", "bot.nlu", *SHELLS),
}


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("package", sorted(BOT_FORBIDDEN))
def test_each_part_of_bot_stays_out_of_the_layers_it_must_not_know(package: str) -> None:
    folder = ROOT / package.replace(".", "/")
    files = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]
    assert files and all(f.exists() for f in files), f"{package} has no source files"
    offenders = []
    for path in files:
        for module in sorted(imported_modules(path)):
            bad = [f for f in BOT_FORBIDDEN[package] if _under(module, f)]
            if bad:
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert offenders == []


def test_bot_has_no_flat_dialogue_or_shell_modules_left() -> None:
    """The restructure of issue 11: dialogue, rendering, CLI and operations live in their packages."""
    flat = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    # New code goes into its package (an answer kind: bot/dialogue/answers/), not beside them.
    assert flat == ["__init__.py", "bootstrap.py", "config.py", "ports.py", "validation.py"]


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
