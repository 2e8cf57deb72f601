"""Where a conversation lives: session ids and reply threads derived from Slack payloads.

One conversation per channel thread ("<team>:<channel>:<thread_ts>"); in a DM, one per DM thread when
one exists, else one per DM channel ("<team>:<channel>"); `/gpu` and its modal keep a private one per
user and channel ("<team>:<channel>:gpu:<user>").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_MENTION = re.compile(r"<@[A-Z0-9]+(?:\|[^>]*)?>")

# Slack channel types whose messages are direct conversations with the bot (no mention needed).
DIRECT_CHANNEL_TYPES = ("im",)


@dataclass(frozen=True)
class Where:
    """A session id and where its replies go (thread_ts None = top level of the channel)."""

    session_id: str
    channel: str
    thread_ts: str | None


def strip_mentions(text: str, bot_user_id: str | None) -> str:
    """The user's words without the leading bot mention; other mentions stay (escaped later)."""
    if bot_user_id:
        text = text.replace(f"<@{bot_user_id}>", " ")
    else:
        text = _MENTION.sub(" ", text, count=1)
    return " ".join(text.split())


def mentions(text: str, user_id: str | None) -> bool:
    return bool(user_id) and f"<@{user_id}>" in text


def team_of(body: dict[str, Any], event: dict[str, Any] | None = None) -> str:
    """The workspace the app received the request for (its installation), as Bolt reads it.

    Never the event's own `team` first: in a Slack Connect channel that is the writer's workspace,
    so people from two organisations in one thread would land in two conversations.
    """
    view = body.get("view")
    if isinstance(view, dict) and view.get("app_installed_team_id"):
        return str(view["app_installed_team_id"])
    auths = body.get("authorizations")
    if isinstance(auths, list) and auths and isinstance(auths[0], dict) and auths[0].get("team_id"):
        return str(auths[0]["team_id"])
    team = body.get("team_id")
    if not team and isinstance(body.get("team"), dict):
        team = body["team"].get("id")
    if not team and isinstance(event, dict):
        team = event.get("team")
    return str(team or "T")


def for_mention(team: str, event: dict[str, Any]) -> Where:
    thread_ts = event.get("thread_ts") or event["ts"]
    return Where(f"{team}:{event['channel']}:{thread_ts}", event["channel"], thread_ts)


def for_thread(team: str, channel: str, thread_ts: str) -> Where:
    return Where(f"{team}:{channel}:{thread_ts}", channel, thread_ts)


def for_dm(team: str, event: dict[str, Any], thread_exists: bool) -> Where:
    """A DM thread with its own session continues it; anything else is the DM channel's conversation."""
    channel = event["channel"]
    thread_ts = event.get("thread_ts")
    if thread_ts and thread_exists:
        return for_thread(team, channel, thread_ts)
    return Where(f"{team}:{channel}", channel, thread_ts)


def for_command(team: str, channel: str, user: str) -> Where:
    return Where(f"{team}:{channel}:gpu:{user}", channel, None)
