"""The lockfiles pin what pyproject.toml asks for, with hashes, and are what CI and the image install.

requirements.lock (the image) and requirements-dev.lock (CI, developers) come from scripts/lock; a
dependency added to pyproject.toml without re-locking fails here, naming it, instead of as an
ImportError somewhere in CI.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wanted(*extras: str) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in extras:
        specs += project["optional-dependencies"][extra]
    return {canonical(NAME.match(spec)[1]) for spec in specs}  # type: ignore[index]


def pins(lockfile: str) -> dict[str, list[str]]:
    """name -> the hash lines of each pin (a name may be pinned twice, under different markers)."""
    text = (ROOT / lockfile).read_text()
    found: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        match = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", block)
        if match:
            found.setdefault(canonical(match[1]), []).append(
                " ".join(re.findall(r"--hash=sha256:\w+", block))
            )
    return found


def test_the_image_lock_pins_every_runtime_and_chart_dependency() -> None:
    missing = wanted("chart") - set(pins("requirements.lock"))
    assert missing == set(), f"not in requirements.lock (run scripts/lock): {sorted(missing)}"


def test_the_dev_lock_pins_every_dependency_the_checks_need() -> None:
    missing = wanted("chart", "dev") - set(pins("requirements-dev.lock"))
    assert missing == set(), f"not in requirements-dev.lock (run scripts/lock): {sorted(missing)}"


def test_every_pin_carries_at_least_one_hash() -> None:
    for lockfile in ("requirements.lock", "requirements-dev.lock"):
        unhashed = [name for name, hashes in pins(lockfile).items() if not all(hashes)]
        assert unhashed == [], f"{lockfile}: pins without --hash: {unhashed}"


def test_the_chart_is_an_optional_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(canonical(NAME.match(d)[1]) == "matplotlib" for d in project["dependencies"])  # type: ignore[index]
    assert any(d.startswith("matplotlib") for d in project["optional-dependencies"]["chart"])


def readme_test_command() -> str:
    text = (ROOT / "README.md").read_text()
    match = re.search(r"Run every check[^\n]*\n+```sh\n(.+?)\n```", text, re.S)
    assert match, "README.md has no 'Run every check' command block"
    return match[1].strip()


def test_ci_runs_the_readme_test_command_which_installs_from_the_dev_lock() -> None:
    command = readme_test_command()
    assert "-r requirements-dev.lock" in command and "--require-hashes" in command
    assert "--no-deps -e ." in command, "the project itself must not re-resolve its dependencies"
    assert command in (ROOT / ".ci" / "run").read_text()
