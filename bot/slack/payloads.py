"""The shape a signed Slack payload must have before Bolt and the gate read it.

Bolt builds its request context by walking the payload (event.user, authorizations[0].team_id,
channel.id, ...) and raises on a string where it expects an object; the gate needs an event's
channel and ts. A payload that is signed but malformed (a bug on the sender's side, or a replayed
and edited request) is acknowledged quietly with one log line instead: a 500 and a traceback would
only make Slack retry the same bytes. Field names are those of Slack's payload references
(api.slack.com/events-api, /interactivity/handling, /interactivity/slash-commands).
"""

from __future__ import annotations

from typing import Any

# Top-level fields Bolt may navigate, and the types each may have.
_TOP: dict[str, tuple[type, ...]] = {
    "event": (dict,),
    "authorizations": (list,),
    "team": (str, dict),
    "user": (str, dict),
    "channel": (str, dict),
    "enterprise": (str, dict),
    "view": (dict,),
    "container": (dict,),
    "message": (dict,),
    "actions": (list,),
    "event_id": (str,),
    "team_id": (str,),
    "trigger_id": (str,),
    "response_url": (str,),
    "type": (str,),
}
# Fields of a message or mention event the gate reads, all strings when present.
_EVENT_STRINGS = ("user", "text", "ts", "thread_ts", "channel", "channel_type", "subtype", "bot_id", "team")
_COMMAND_STRINGS = ("command", "text", "user_id", "channel_id", "team_id", "trigger_id", "response_url")


def problem(body: dict[str, Any]) -> str | None:
    """Why this payload cannot be handled, or None when it has the shape it claims."""
    for name, types in _TOP.items():
        if name in body and body[name] is not None and not isinstance(body[name], types):
            return f"{name} is a {type(body[name]).__name__}"
    for name in ("authorizations", "actions"):
        if any(not isinstance(item, dict) for item in body.get(name) or []):
            return f"{name} holds a non-object"
    for name in ("user", "channel", "team", "enterprise"):
        value = body.get(name)
        if isinstance(value, dict) and "id" in value and not isinstance(value["id"], str):
            return f"{name}.id is not a string"
    if body.get("type") == "event_callback":
        return _event_problem(body.get("event"))
    if "command" in body:
        bad = [name for name in _COMMAND_STRINGS if name in body and not isinstance(body[name], str)]
        if bad:
            return f"{bad[0]} is not a string"
        if not body.get("channel_id") or not body.get("user_id"):
            return "a command without channel_id or user_id"
    if body.get("type") == "block_actions" and not _has_id(body.get("user")):
        return "a click without a user"
    if body.get("type") == "view_submission":
        view = body.get("view") or {}
        if not _has_id(body.get("user")):
            return "a submission without a user"
        if not isinstance(view.get("state", {}), dict) or not isinstance(
            view.get("state", {}).get("values", {}), dict
        ):
            return "a submission without state values"
    return None


def _event_problem(event: Any) -> str | None:
    if not isinstance(event, dict):
        return "an event callback without an event object"
    if not isinstance(event.get("type"), str):
        return "an event without a type"
    if event["type"] not in ("app_mention", "message"):
        return None  # other events (App Home, ...) carry objects in these fields
    bad = [name for name in _EVENT_STRINGS if name in event and not isinstance(event[name], str | None)]
    if bad:
        return f"event.{bad[0]} is not a string"
    if not (event.get("channel") and event.get("ts")):
        return f"a {event['type']} event without channel or ts"
    return None


def _has_id(value: Any) -> bool:
    """An object with a string id (interactive payloads' user, channel, team)."""
    return isinstance(value, dict) and isinstance(value.get("id"), str)
