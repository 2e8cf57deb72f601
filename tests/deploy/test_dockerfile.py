"""Hadolint-style rules for deploy/Dockerfile (no Docker engine here), plus its HEALTHCHECK run for real."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with line continuations joined and comments dropped."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def final_stage() -> list[tuple[str, str]]:
    steps = instructions()
    last_from = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    return steps[last_from:]


def base_images() -> list[str]:
    args = dict(a.split("=", 1) for w, a in instructions() if w == "ARG" and "=" in a)
    bases = [a.split()[0] for w, a in instructions() if w == "FROM"]
    return [args.get(b.strip("${}"), b) for b in bases]


def test_images_build_on_python_3_11_slim_pinned_by_digest() -> None:
    resolved = base_images()
    assert resolved and all(r.startswith("python:3.11-slim") for r in resolved)
    assert all(re.search(r"@sha256:[0-9a-f]{64}$", r) for r in resolved), resolved


def test_dependencies_are_installed_from_the_hash_checked_lockfile_and_the_project_without_deps() -> None:
    installs = [a for w, a in instructions() if w == "RUN" and "pip install" in a]
    assert any("--require-hashes -r requirements.lock" in a for a in installs), installs
    project = [a for a in installs if a.rstrip().endswith(" .")]
    assert project and all("--no-deps" in a for a in project), "the project must not re-resolve its deps"


def test_the_runtime_stage_runs_as_a_numeric_non_root_user() -> None:
    users = [a for w, a in final_stage() if w == "USER"]
    assert users, "no USER in the final stage: the app would run as root"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and uid != "0", "a numeric uid lets Kubernetes verify runAsNonRoot"
    last_user = max(i for i, (w, _) in enumerate(final_stage()) if w == "USER")
    cmd = max(i for i, (w, _) in enumerate(final_stage()) if w == "CMD")
    assert last_user < cmd


def test_the_container_serves_slack_over_http_on_port_3000() -> None:
    cmd = [a for w, a in final_stage() if w == "CMD"][-1]
    assert json.loads(cmd) == ["gpu-advisor", "serve", "--http"]
    assert "3000" in [a for w, a in final_stage() if w == "EXPOSE"]


def test_pip_keeps_no_cache_and_no_tool_is_fetched_with_curl_or_wget() -> None:
    for word, args in instructions():
        if word == "RUN" and ("pip install" in args or "pip wheel" in args):
            assert "--no-cache-dir" in args, args
        assert not re.search(r"\b(curl|wget)\b", args), "the image needs neither; use python urllib"
        if word == "ADD":
            pytest.fail("use COPY; ADD fetches URLs and unpacks archives implicitly")


def test_everything_copied_into_the_image_exists_and_passes_the_dockerignore() -> None:
    patterns = [
        line.strip()
        for line in (ROOT / "deploy" / "Dockerfile.dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]

    def included(name: str) -> bool:
        keep = True
        for pattern in patterns:
            negate = pattern.startswith("!")
            bare = pattern.lstrip("!").rstrip("/")
            if fnmatch.fnmatch(name, bare):
                keep = negate
        return keep

    sources = [a.split()[:-1] for w, a in instructions() if w == "COPY" and "--from" not in a]
    assert sources
    for paths in sources:
        for src in paths:
            assert (ROOT / src).exists(), f"COPY {src}: no such path in the repository"
            assert included(src), f"COPY {src}: excluded by Dockerfile.dockerignore"
    # The wheel must carry the knowledge data, since no data is mounted at run time.
    assert "knowledge" in {p for paths in sources for p in paths}


def healthcheck_command() -> list[str]:
    (args,) = [a for w, a in final_stage() if w == "HEALTHCHECK"]
    command: list[str] = json.loads(args[args.index("CMD") + len("CMD") :].strip())
    return command


class Health(BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[tuple[ThreadingHTTPServer, type[Health]]]:
    handler = type("H", (Health,), {})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server, handler
    finally:
        server.shutdown()
        server.server_close()


def run_healthcheck(port: int) -> int:
    command = healthcheck_command()
    assert command[0] == "python", "the slim image has python but no curl"
    env = dict(os.environ, PORT=str(port))
    return subprocess.run([sys.executable, *command[1:]], env=env, capture_output=True, timeout=30).returncode


def test_the_healthcheck_passes_while_healthz_answers_200_on_port(
    health_server: tuple[ThreadingHTTPServer, type[Health]],
) -> None:
    server, _ = health_server
    assert run_healthcheck(server.server_address[1]) == 0


def test_the_healthcheck_fails_when_healthz_answers_503(
    health_server: tuple[ThreadingHTTPServer, type[Health]],
) -> None:
    server, handler = health_server
    handler.status = 503
    assert run_healthcheck(server.server_address[1]) != 0


def test_the_healthcheck_fails_when_nothing_listens(
    health_server: tuple[ThreadingHTTPServer, type[Health]],
) -> None:
    server, _ = health_server
    port = server.server_address[1]
    server.shutdown()
    server.server_close()
    assert run_healthcheck(port) != 0


def test_every_knowledge_data_file_ships_in_the_wheel_the_image_installs() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    data_files = [
        p.relative_to(ROOT / "knowledge").as_posix() for p in (ROOT / "knowledge" / "data").rglob("*")
    ]
    missing = [f for f in data_files if not any(fnmatch.fnmatch(f, g) for g in globs["knowledge"])]
    assert data_files and missing == [], f"not in [tool.setuptools.package-data] knowledge: {missing}"
