"""What a queued Slack turn carries: who asked what, where the answer goes, and its idempotency key.

A TurnRequest is built from the Slack payload before the ack, stored as the turn's payload
(bot.store.turns), and is all a worker on any instance needs to answer it later, after a crash too.
Its id is the idempotency key: Slack's event_id for events (kept across Slack's retries), the
trigger_id of a slash command, button click or form submission (unique per user action, the same in
a replayed request), and a hash of the request body where Slack gave neither.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from typing import Any

from bot.nlu.script import read_script
from bot.slack import sessions
from bot.slack.messages import detect_lang
from bot.slack.sessions import Where

# Answered or refused ids are remembered this long: Slack retries an event for about an hour.
KEEP_S = 24 * 3600.0
# A worker holds a turn this long without renewing; a dead instance's turns are resumed after it.
LEASE_S = 15.0

MENTION, MESSAGE, COMMAND, BUTTON, FORM = "mention", "message", "command", "button", "form"


@dataclass(frozen=True)
class TurnRequest:
    id: str
    surface: str  # MENTION, MESSAGE, COMMAND, BUTTON or FORM
    session_id: str
    channel: str
    thread_ts: str | None
    user_id: str | None
    text: str  # the user's words (bot mention stripped), or a button's value
    lang: str  # script of the user's words, for notices and the placeholder
    action: str | None = None  # a button's kind: answer, explain, reset
    fields: dict[str, str] | None = None  # the form's fields
    response_url: str | None = None  # answers go here, privately, when set
    # Whether the words leave the script open (bot.nlu.script.script_neutral: "模型 7B"), read with
    # `lang` on the ack path so the worker need not read them again; None in payloads stored without it.
    script_neutral: bool | None = None

    @property
    def posts_placeholder(self) -> bool:
        """Messages get a "working" placeholder that becomes the answer; private answers do not."""
        return self.surface in (MENTION, MESSAGE) and self.response_url is None

    @property
    def where(self) -> Where:
        return Where(self.session_id, self.channel, self.thread_ts)

    def to_payload(self) -> dict[str, Any]:
        """The stored payload: the fields that are set, in field order. Built field by field on the
        ack path (dataclasses.asdict deep-copies recursively: ~60 µs a request, 2026-12-01); the one
        container, a form's fields, is copied so the payload never shares it with the request."""
        payload: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if value is not None:
                payload[name] = dict(value) if isinstance(value, dict) else value
        return payload

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> TurnRequest | None:
        """The request a stored payload describes; None for one this version cannot read."""
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in payload.items() if k in known})
        except TypeError:
            return None


_FIELD_NAMES = tuple(f.name for f in fields(TurnRequest))


def body_key(raw: str | bytes, body: dict[str, Any]) -> str:
    """A key for a request Slack gave no id: the hash of its bytes (HTTP mode) or, in Socket Mode,
    where Bolt has no raw body, of its canonical JSON."""
    data = raw.encode() if isinstance(raw, str) else raw
    if not data:
        data = json.dumps(body, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(data).hexdigest()[:32]


def for_event(body: dict[str, Any], event: dict[str, Any], where: Where, text: str) -> TurnRequest:
    team = sessions.team_of(body, event)
    event_id = body.get("event_id")
    key = f"ev:{team}:{event_id}" if event_id else f"msg:{event['channel']}:{event['ts']}"
    read = read_script(text)
    return TurnRequest(
        id=key,
        surface=MENTION if event.get("type") == "app_mention" else MESSAGE,
        session_id=where.session_id,
        channel=where.channel,
        thread_ts=where.thread_ts,
        user_id=event.get("user"),
        text=text,
        lang=read.script,
        script_neutral=read.ambiguous,
    )


def for_command(body: dict[str, Any], raw: str) -> TurnRequest:
    team = str(body.get("team_id") or "T")
    text = str(body.get("text") or "").strip()
    where = sessions.for_command(team, str(body["channel_id"]), str(body["user_id"]))
    read = read_script(text)
    return TurnRequest(
        id=f"cmd:{team}:{body.get('trigger_id') or body_key(raw, body)}",
        surface=COMMAND,
        session_id=where.session_id,
        channel=where.channel,
        thread_ts=None,
        user_id=str(body["user_id"]),
        text=text,
        lang=read.script,
        response_url=body.get("response_url") or None,
        script_neutral=read.ambiguous,
    )


def for_button(
    body: dict[str, Any], raw: str, where: Where, action: str, value: str, *, private: bool
) -> TurnRequest:
    team = sessions.team_of(body)
    return TurnRequest(
        id=f"act:{team}:{body.get('trigger_id') or body_key(raw, body)}",
        surface=BUTTON,
        session_id=where.session_id,
        channel=where.channel,
        thread_ts=where.thread_ts,
        user_id=(body.get("user") or {}).get("id"),
        text=value,
        lang=detect_lang(value),
        action=action,
        response_url=(body.get("response_url") or None) if private else None,
    )


def for_form(
    body: dict[str, Any], raw: str, where: Where, fields: dict[str, str], response_url: str | None
) -> TurnRequest:
    team = sessions.team_of(body)
    said = " ".join(fields.values())
    return TurnRequest(
        id=f"form:{team}:{body.get('trigger_id') or body_key(raw, body)}",
        surface=FORM,
        session_id=where.session_id,
        channel=where.channel,
        thread_ts=where.thread_ts,
        user_id=(body.get("user") or {}).get("id"),
        text="",
        lang=detect_lang(said),
        fields=fields,
        response_url=response_url,
    )
