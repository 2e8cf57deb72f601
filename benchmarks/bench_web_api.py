"""One Slack Web API call (a placeholder's chat.postMessage) as the server makes it: slack_sdk's own WebClient
against bot.slack.client's KeepAliveWebClient (same retry handlers), over loopback to the recording fake Slack
in a child process, served three ways: HTTP/1.0 (a new connection for every call, as ../shared/checks/perf's
fake does), HTTP/1.1 kept alive, and HTTPS kept alive (TLS 1.3, as slack.com; a throwaway self-signed
certificate made with `openssl`, skipped without it).

Prints per call: the client process's CPU (time.process_time), the wall time, and the connections the server
accepted (each one a TCP handshake, and over HTTPS a TLS handshake: over the internet one and two round trips
to Slack before the request can go, which loopback does not show).

`.venv/bin/python benchmarks/bench_web_api.py [--calls 400]`
"""

from __future__ import annotations

import argparse
import json
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # appended, never shadowing the installed packages

from slack_sdk import WebClient  # noqa: E402

from bot.ops.metrics import Metrics  # noqa: E402
from bot.slack.client import KeepAliveWebClient, build_client  # noqa: E402
from tests.fakes.slack_api import FakeSlackApi  # noqa: E402

WARMUP = 30
ARGS = {"channel": "C1", "text": "⏳ Working on it…", "thread_ts": "1700000000.000100"}


def serve(mode: str, cert_dir: str) -> None:
    """Child process: the fake on a free port; prints its URL, then answers `connections` on stdin."""
    fake = FakeSlackApi(keep_alive=mode != "http/1.0")
    url = fake.url
    if mode == "https":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(f"{cert_dir}/cert.pem", f"{cert_dir}/key.pem")
        server = ThreadingHTTPServer(("127.0.0.1", 0), fake._handler_class())
        server.daemon_threads = True
        server.socket = context.wrap_socket(server.socket, server_side=True)
        import threading

        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"https://127.0.0.1:{server.server_address[1]}/api/"
    print(url, flush=True)
    for line in sys.stdin:
        if line.strip() == "connections":
            print(json.dumps({"connections": fake.connections, "calls": len(fake.calls())}), flush=True)


def make_cert(cert_dir: str) -> bool:
    if shutil.which("openssl") is None:
        return False
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        + ["-keyout", f"{cert_dir}/key.pem", "-out", f"{cert_dir}/cert.pem", "-days", "1"]
        + ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True,
        capture_output=True,
    )
    return True


def client(kind: str, url: str, cert_dir: str) -> WebClient:
    context = None
    if url.startswith("https"):
        context = ssl.create_default_context(cafile=f"{cert_dir}/cert.pem")
    built = build_client_with(url, context)
    if kind == "slack_sdk":
        built.__class__ = WebClient  # the same handlers, logger and timeout; slack_sdk's own sending
    return built


def build_client_with(url: str, context: ssl.SSLContext | None) -> WebClient:
    from bot.config import Settings

    made = build_client(Settings(slack_bot_token="xoxb-bench", slack_api_url=url), Metrics())
    made.ssl = context
    assert isinstance(made, KeepAliveWebClient)
    return made


def measure(kind: str, url: str, cert_dir: str, calls: int, ask: subprocess.Popen[str]) -> str:
    web = client(kind, url, cert_dir)
    for _ in range(WARMUP):
        web.api_call("chat.postMessage", json=ARGS)
    assert ask.stdin is not None and ask.stdout is not None
    ask.stdin.write("connections\n")
    ask.stdin.flush()
    before = json.loads(ask.stdout.readline())["connections"]
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        web.api_call("chat.postMessage", json=ARGS)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    ask.stdin.write("connections\n")
    ask.stdin.flush()
    opened = json.loads(ask.stdout.readline())["connections"] - before
    return (
        f"{kind:18s} CPU {cpu / calls * 1e3:.3f} ms/call, wall {wall / calls * 1e3:.3f} ms/call, "
        f"{opened} connections for {calls} calls"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--cert-dir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.cert_dir)
        return
    with tempfile.TemporaryDirectory(prefix="bench-web-api-") as cert_dir:
        modes = ["http/1.0", "http/1.1 kept alive"] + (["https"] if make_cert(cert_dir) else [])
        for mode in modes:
            child = subprocess.Popen(
                [sys.executable, __file__, "--serve", mode.split()[0], "--cert-dir", cert_dir],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            try:
                assert child.stdout is not None
                url = child.stdout.readline().strip()
                print(f"{mode} ({url}):")
                for kind in ("slack_sdk", "KeepAliveWebClient", "slack_sdk", "KeepAliveWebClient"):
                    print("  " + measure(kind, url, cert_dir, args.calls, child))
            finally:
                child.terminate()
                child.wait(5)


if __name__ == "__main__":
    main()
