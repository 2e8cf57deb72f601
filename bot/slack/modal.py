"""The /gpu sizing form: its view (modal.json) and reading a submission back into consultant fields."""

from __future__ import annotations

import copy
import json
from functools import cache
from importlib import resources
from typing import Any

# Slack limit on a view's private_metadata (slack_sdk/models/views/__init__.py).
PRIVATE_METADATA_MAX_CHARS = 3000


@cache
def _template() -> dict[str, Any]:
    view: dict[str, Any] = json.loads(
        resources.files("bot.slack").joinpath("modal.json").read_text(encoding="utf-8")
    )
    return view


def field_names() -> tuple[str, ...]:
    return tuple(b["block_id"] for b in _template()["blocks"] if b["type"] == "input")


def sizing_view(*, channel_id: str, response_url: str | None) -> dict[str, Any]:
    """The modal, remembering where to answer (the channel /gpu was typed in and its response_url)."""
    view = copy.deepcopy(_template())
    metadata = json.dumps({"channel": channel_id, "response_url": response_url})
    view["private_metadata"] = (
        metadata if len(metadata) <= PRIVATE_METADATA_MAX_CHARS else json.dumps({"channel": channel_id})
    )
    return view


def read_fields(view: dict[str, Any]) -> dict[str, str]:
    """Submitted values by field name; empty optional fields are left out."""
    fields: dict[str, str] = {}
    for block_id, actions in (view.get("state") or {}).get("values", {}).items():
        for element in actions.values():
            value = element.get("value") or (element.get("selected_option") or {}).get("value")
            if value and str(value).strip():
                fields[block_id] = str(value).strip()
    return fields


def errors_for_slack(errors: dict[str, str]) -> dict[str, str]:
    """Errors keyed by the form's block ids (Slack rejects unknown ids); stray ones go on the first field."""
    names = field_names()
    out = {k: v for k, v in errors.items() if k in names}
    stray = [v for k, v in errors.items() if k not in names]
    if stray:
        first = names[0]
        out[first] = " ".join([out[first], *stray]) if first in out else " ".join(stray)
    return out


def metadata_of(view: dict[str, Any]) -> dict[str, Any]:
    try:
        data = json.loads(view.get("private_metadata") or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
