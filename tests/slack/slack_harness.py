"""Drives the whole Slack app over HTTP: bot.ops.http's server on 127.0.0.1:0, signed like Slack signs."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from pydantic import SecretStr
from slack_api import FakeSlackApi

from bot.config import Settings
from bot.ops.http import HttpServer
from bot.ops.metrics import Metrics
from bot.ports import ConsultantLike
from bot.slack import build_app
from bot.slack.endpoint import Router
from bot.store.base import Store

SIGNING_SECRET = "test-signing-secret"


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    body: str


def settings_for(slack: FakeSlackApi, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "slack_bot_token": SecretStr("xoxb-test-token"),
        "slack_signing_secret": SecretStr(SIGNING_SECRET),
        "slack_api_url": slack.url,
        "rate_limit_per_minute": 1000,
    }
    return Settings(**(values | overrides))


@dataclass
class RunningBot:
    slack: FakeSlackApi
    store: Store
    consultant: ConsultantLike
    settings: Settings
    metrics: Metrics = field(default_factory=Metrics)
    _events: int = 0

    owner: str | None = None  # the lease owner name; two bots with one name are one worker
    lease_s: float = 15.0
    sweep_every_s: float = 1.0

    def __post_init__(self) -> None:
        self.app = build_app(
            self.settings,
            self.consultant,
            store=self.store,
            metrics=self.metrics,
            owner=self.owner,
            lease_s=self.lease_s,
            sweep_every_s=self.sweep_every_s,
        )
        self.app.start_keeper()
        router = Router(self.app, self.store, self.metrics, signing_secret=SIGNING_SECRET)
        self.server = HttpServer(router, host="127.0.0.1", port=0)
        self._thread = threading.Thread(target=self.server.serve_forever, name="bot-http", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.server.close()
        self._thread.join(10)
        self.app.close()

    # ---- raw HTTP ----

    def request(
        self,
        path: str,
        body: str | None = None,
        *,
        content_type: str = "application/json",
        headers: dict[str, str] | None = None,
        timestamp: int | None = None,
        forge: bool = False,
    ) -> HttpAnswer:
        url = f"http://127.0.0.1:{self.server.port}{path}"
        all_headers = dict(headers or {})
        if body is not None:
            ts = str(int(time.time()) if timestamp is None else timestamp)
            mac = hmac.new(SIGNING_SECRET.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
            all_headers |= {
                "Content-Type": content_type,
                "X-Slack-Request-Timestamp": ts,
                "X-Slack-Signature": "v0=" + ("f" * 64 if forge else mac),
            }
        req = urllib.request.Request(
            url, data=body.encode() if body is not None else None, headers=all_headers
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return HttpAnswer(resp.status, resp.read().decode())
        except urllib.error.HTTPError as err:
            return HttpAnswer(err.code, err.read().decode())

    # ---- Slack payloads ----

    def event(self, event: dict[str, Any], *, event_id: str | None = None, **kwargs: Any) -> HttpAnswer:
        self._events += 1
        body = {
            "token": "legacy",
            "team_id": "T1",
            "api_app_id": "A1",
            "type": "event_callback",
            "event_id": event_id or f"Ev{self._events:04d}",
            "event_time": int(time.time()),
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}],
            "event": event,
        }
        return self.request("/slack/events", json.dumps(body), **kwargs)

    def mention(
        self, text: str, *, ts: str, thread_ts: str | None = None, channel: str = "C1", **kw: Any
    ) -> HttpAnswer:
        event = {
            "type": "app_mention",
            "user": "U1",
            "text": text,
            "ts": ts,
            "channel": channel,
            "event_ts": ts,
            "team": "T1",
        }
        if thread_ts:
            event["thread_ts"] = thread_ts
        return self.event(event, **kw)

    def message(
        self, text: str, *, ts: str, channel: str = "C1", channel_type: str = "channel", **extra: Any
    ) -> HttpAnswer:
        event = {
            "type": "message",
            "user": "U1",
            "text": text,
            "ts": ts,
            "channel": channel,
            "channel_type": channel_type,
            "event_ts": ts,
            "team": "T1",
        } | extra
        return self.event(event)

    def command(self, text: str, *, channel: str = "C1", trigger_id: str | None = None) -> HttpAnswer:
        self._events += 1
        form = {
            "token": "legacy",
            "team_id": "T1",
            "channel_id": channel,
            "user_id": "U1",
            "command": "/gpu",
            "text": text,
            "api_app_id": "A1",
            "response_url": self.slack.response_url,
            "trigger_id": trigger_id or f"111.222.{self._events}",
        }
        return self.request(
            "/slack/events", urllib.parse.urlencode(form), content_type="application/x-www-form-urlencoded"
        )

    def interactive(self, payload: dict[str, Any]) -> HttpAnswer:
        form = urllib.parse.urlencode({"payload": json.dumps(payload)})
        return self.request("/slack/events", form, content_type="application/x-www-form-urlencoded")
