from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MANIFEST = Path(__file__).resolve().parents[2] / "deploy" / "slack-manifest.yaml"


def manifest() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    return data


def test_the_manifest_asks_for_every_scope_the_listeners_use() -> None:
    scopes = set(manifest()["oauth_config"]["scopes"]["bot"])

    assert {
        "app_mentions:read",
        "chat:write",
        "commands",
        "im:history",
        "im:read",
        "im:write",
        "channels:history",
        "groups:history",
        "files:write",
        "users:read",
    } <= scopes


def test_the_manifest_subscribes_to_mentions_dms_threads_and_app_home() -> None:
    events = set(manifest()["settings"]["event_subscriptions"]["bot_events"])

    assert events == {"app_mention", "message.im", "message.channels", "message.groups", "app_home_opened"}


def test_users_can_message_the_bot_and_use_gpu_and_buttons() -> None:
    m = manifest()

    assert m["features"]["app_home"]["messages_tab_enabled"] is True
    assert m["features"]["app_home"]["messages_tab_read_only_enabled"] is False
    assert [c["command"] for c in m["features"]["slash_commands"]] == ["/gpu"]
    assert m["features"]["slash_commands"][0]["usage_hint"]
    assert m["settings"]["interactivity"]["is_enabled"] is True
    assert m["settings"]["socket_mode_enabled"] is True


HTTP_MANIFEST = MANIFEST.with_name("slack-manifest-http.yaml")


def http_manifest() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(HTTP_MANIFEST.read_text(encoding="utf-8"))
    return data


def test_the_http_manifest_sends_events_commands_and_clicks_to_the_one_endpoint() -> None:
    m = http_manifest()

    urls = [
        m["settings"]["event_subscriptions"]["request_url"],
        m["settings"]["interactivity"]["request_url"],
        *(c["url"] for c in m["features"]["slash_commands"]),
    ]
    assert m["settings"]["socket_mode_enabled"] is False
    assert len(urls) == 3 and all(u.startswith("https://") and u.endswith("/slack/events") for u in urls)


def test_the_two_manifests_differ_only_in_how_slack_reaches_the_bot() -> None:
    socket, http = manifest(), http_manifest()
    for m in (socket, http):
        m["settings"].pop("socket_mode_enabled")
        m["settings"]["event_subscriptions"].pop("request_url", None)
        m["settings"]["interactivity"].pop("request_url", None)
        for command in m["features"]["slash_commands"]:
            command.pop("url", None)

    assert socket == http
