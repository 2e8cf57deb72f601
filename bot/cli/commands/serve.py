"""`gpu-advisor serve [--http] [--port P]`: the Slack app (composition root).

Socket Mode when SLACK_APP_TOKEN is set and --http is not given (with /healthz, /readyz and /metrics
on PORT when PORT or --port is given); otherwise HTTP mode on PORT, with events, slash commands and
interactivity all at POST /slack/events, next to the same probes.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from slack_bolt import App

    from bot.config import Settings
    from bot.ops.http import HttpServer
    from bot.ops.metrics import Metrics
    from bot.store.base import Store

log = logging.getLogger("bot.serve")

SWITCH_INTERVAL_S = 0.0002
# Chart renderer processes: a chart is ~75 ms of CPU (measured 2026-11-29), one per answer.
RENDER_PROCESSES = 2


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the Slack app (Socket Mode, or HTTP with --http)")
    p.add_argument("--http", action="store_true", help="serve HTTP on PORT instead of Socket Mode")
    p.add_argument("--port", type=int, default=None, help="HTTP port (default: $PORT or 3000)")
    p.add_argument("--host", default="0.0.0.0", help="HTTP bind address (default: all interfaces)")
    p.set_defaults(run=run)


def fail(message: str) -> int:
    print(f"gpu-advisor serve: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from bot.config import Settings

    try:
        settings = Settings.from_env()
    except ValueError as exc:
        return fail(f"bad setting: {str(exc).splitlines()[0]}")
    from bot.ops.logs import configure_logging

    # JSON lines when not on a terminal (containers, log shippers); tokens are redacted either way.
    configure_logging(settings.log_level, json=not sys.stderr.isatty(), on_broken_pipe=_log_pipe_broke)
    socket_mode = settings.slack_app_token is not None and not args.http
    if settings.slack_bot_token is None:
        return fail("SLACK_BOT_TOKEN is not set (the app's bot token, xoxb-...)")
    if not socket_mode and settings.slack_signing_secret is None:
        return fail("SLACK_SIGNING_SECRET is not set (needed to verify requests in HTTP mode)")
    try:
        code = serve(settings, args, socket_mode)
    except StartupError as exc:
        return fail(str(exc))
    except BrokenPipeError:
        _LOG_PIPE_BROKE.set()
        code = 0
    if _LOG_PIPE_BROKE.is_set():
        # The log stream was closed under us: say so where we still can and exit 1, so a
        # supervisor sees a failure and restarts the bot with a working log pipe.
        _last_words("gpu-advisor serve: the log output was closed (broken pipe); stopping")
        return 1
    return code


_LOG_PIPE_BROKE = threading.Event()


def _log_pipe_broke() -> None:
    """Called by the log handler on a broken pipe: stop serving (as on SIGTERM), then exit 1."""
    if not _LOG_PIPE_BROKE.is_set():
        _LOG_PIPE_BROKE.set()
        os.kill(os.getpid(), signal.SIGTERM)


def _last_words(message: str) -> None:
    try:
        os.write(2, (message + "\n").encode())
    except OSError:
        pass
    try:
        logging.getLogger("bot.serve").critical(message)
    except Exception:
        pass


class StartupError(Exception):
    pass


def serve(settings: Settings, args: argparse.Namespace, socket_mode: bool) -> int:
    # A consultant turn is CPU-bound Python; the threads that ack and post the placeholder need the
    # GIL only briefly. Python hands the GIL over every 5 ms by default; 0.2 ms keeps an ack or a
    # placeholder from waiting behind a turn for long (the switch only happens when another thread
    # asks for the GIL, so a lone turn pays nothing for it).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    from slack_bolt.error import BoltError
    from slack_sdk.errors import SlackApiError

    from bot.bootstrap import build_consultant, warm_up
    from bot.ops.metrics import Metrics
    from bot.slack import SlackConfigError, build_app
    from bot.slack.pools import new_pools
    from bot.store.base import StoreUnavailable

    try:
        consultant = build_consultant(settings)
    except StoreUnavailable as exc:
        raise StartupError(str(exc)) from None
    try:
        warm_up(consultant)  # the first users' turns then take as long as anyone's
    except Exception:
        log.warning("the start-up warm-up turn failed; serving anyway", exc_info=True)
    # One store per process: the consultant's (sessions) also serves the turn queue, de-dup, rate
    # limits and /readyz.
    store = consultant.store
    metrics = Metrics()
    # Charts are drawn in other processes so matplotlib's CPU does not slow acks and placeholders;
    # without matplotlib (the optional `chart` extra) answers go out without a chart.
    pools = new_pools(render_processes=RENDER_PROCESSES if chart_available() else 0)
    try:
        app = build_app(settings, consultant, store=store, metrics=metrics, pools=pools)
    except (BoltError, SlackConfigError, SlackApiError, OSError) as exc:
        raise StartupError(f"cannot start the Slack app: {str(exc).splitlines()[0]}") from None
    # What start-up built lives as long as the process (the knowledge base, its indexes, the app):
    # frozen out of the collector's generations, so no full collection walks it again mid-turn.
    gc.collect()
    gc.freeze()
    # Turns a previous run acknowledged but did not finish are taken over once their leases expire.
    app.start_keeper()

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    try:
        if socket_mode:
            serve_socket_mode(app, settings, args, store, metrics)
        else:
            serve_http(app, settings, args, store, metrics)
    except SystemExit:
        pass
    finally:
        log.info("shutting down: unfinished turns stay queued for the next instance or restart")
        app.close()
        store.close()
    return 0


def chart_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def serve_http(
    app: App, settings: Settings, args: argparse.Namespace, store: Store, metrics: Metrics
) -> None:
    from bot.slack.endpoint import Router

    assert settings.slack_signing_secret is not None  # checked in run()
    port = args.port if args.port is not None else settings.port
    router = Router(app, store, metrics, signing_secret=settings.slack_signing_secret.get_secret_value())
    server = listen(router, args.host, port)
    log.info("serving Slack over HTTP on %s:%d%s", args.host, server.port, "/slack/events")
    server.serve_forever()


def serve_socket_mode(
    app: App, settings: Settings, args: argparse.Namespace, store: Store, metrics: Metrics
) -> None:
    """The WebSocket to Slack, plus /healthz, /readyz and /metrics on PORT when one is given."""
    from slack_bolt.adapter.socket_mode import SocketModeHandler

    from bot.ops.http import Probes

    assert settings.slack_app_token is not None
    handler = SocketModeHandler(app, settings.slack_app_token.get_secret_value())
    probe_port = probe_port_for(settings, args)
    probes: HttpServer | None = None
    if probe_port is not None:
        probes = listen(Probes(store, metrics, connected=handler.client.is_connected), args.host, probe_port)
        threading.Thread(target=probes.serve_forever, name="probes", daemon=True).start()
        log.info("serving /healthz, /readyz and /metrics on %s:%d", args.host, probes.port)
    try:
        # connect() rather than start(): start() also blocks, and this process serves the probes too.
        handler.connect()  # type: ignore[no-untyped-call]
        log.info("serving Slack over Socket Mode")
        threading.Event().wait()  # until SIGTERM (SystemExit) or Ctrl-C
    finally:
        if probes is not None:
            probes.close()
        handler.close()  # type: ignore[no-untyped-call]


def probe_port_for(settings: Settings, args: argparse.Namespace) -> int | None:
    """In Socket Mode probes are served only when asked for (--port or PORT): nothing else needs a port."""
    if args.port is not None:
        return int(args.port)
    return settings.port if "port" in settings.model_fields_set else None


def listen(wsgi_app: Callable[..., Any], host: str, port: int) -> HttpServer:
    from bot.ops.http import HttpServer

    try:
        return HttpServer(wsgi_app, host=host, port=port)
    except OSError as exc:
        raise StartupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
