"""`gpu-advisor serve [--http] [--port P]`: the Slack app (composition root).

Socket Mode when SLACK_APP_TOKEN is set and --http is not given; otherwise HTTP mode on PORT, with
events, slash commands and interactivity all at POST /slack/events.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from types import FrameType
from typing import Any

log = logging.getLogger("bot.serve")

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
    from bot.logs import configure_logging

    # JSON lines when not on a terminal (containers, log shippers); tokens are redacted either way.
    configure_logging(settings.log_level, json=not sys.stderr.isatty())
    socket_mode = settings.slack_app_token is not None and not args.http
    if settings.slack_bot_token is None:
        return fail("SLACK_BOT_TOKEN is not set (the app's bot token, xoxb-...)")
    if not socket_mode and settings.slack_signing_secret is None:
        return fail("SLACK_SIGNING_SECRET is not set (needed to verify requests in HTTP mode)")
    try:
        return serve(settings, args, socket_mode)
    except StartupError as exc:
        return fail(str(exc))


class StartupError(Exception):
    pass


def serve(settings: Any, args: argparse.Namespace, socket_mode: bool) -> int:
    from slack_bolt.error import BoltError
    from slack_sdk.errors import SlackApiError

    from bot.consultant import build_consultant  # type: ignore[import-not-found,unused-ignore]
    from bot.http import HttpServer, Router
    from bot.metrics import Metrics
    from bot.slack import SlackConfigError, build_app
    from bot.slack.pools import new_pools
    from bot.store import open_store

    consultant = build_consultant(settings)
    # One store per process: the consultant's (sessions) also serves de-dup, rate limits and /readyz.
    store = getattr(consultant, "store", None) or open_store(settings)
    metrics = Metrics()
    # Charts are drawn in other processes so matplotlib's CPU does not slow acks and placeholders.
    pools = new_pools(render_processes=RENDER_PROCESSES)
    try:
        app = build_app(settings, consultant, store=store, metrics=metrics, pools=pools)
    except (BoltError, SlackConfigError, SlackApiError, OSError) as exc:
        raise StartupError(f"cannot start the Slack app: {str(exc).splitlines()[0]}") from None

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    try:
        if socket_mode:
            from slack_bolt.adapter.socket_mode import SocketModeHandler

            assert settings.slack_app_token is not None
            log.info("serving Slack over Socket Mode")
            SocketModeHandler(app, settings.slack_app_token.get_secret_value()).start()  # type: ignore[no-untyped-call]
        else:
            port = args.port if args.port is not None else settings.port
            try:
                server = HttpServer(Router(app, store, metrics), host=args.host, port=port)
            except OSError as exc:
                raise StartupError(f"cannot listen on {args.host}:{port}: {exc.strerror or exc}") from None
            log.info("serving Slack over HTTP on %s:%d%s", args.host, server.port, "/slack/events")
            server.serve_forever()
    except SystemExit:
        pass
    finally:
        log.info("shutting down: finishing replies in flight")
        pools.shutdown()
        store.close()
    return 0
