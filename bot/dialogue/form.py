"""The /gpu modal: free-text fields read with the same parser as chat, one field at a time."""

from __future__ import annotations

from typing import Any

from bot.dialogue.understand import ParseFn, clean_text, said_slots, vet
from bot.render.text import render_text

FORM_FIELDS = ("params", "data", "precision", "method", "days", "budget")
# How each field is phrased for the parser, and which slots it may fill.
FIELD_HINTS: dict[str, tuple[str, ...]] = {
    "params": ("{} parameters", "{}"),
    "data": ("training data {}", "{} tokens"),
    "precision": ("{}", "precision {}"),
    "method": ("{}",),
    "days": ("{} days", "{}"),
    "budget": ("budget {}", "{}"),
}
FIELD_SLOTS: dict[str, tuple[str, ...]] = {
    "params": ("params",),
    "data": ("tokens", "data_bytes"),
    "precision": ("precision",),
    "method": ("method",),
    "days": ("days",),
    "budget": ("budget",),
}
REQUIRED_FIELDS = ("params", "data")


def read_field(name: str, value: str, parse: ParseFn) -> dict[str, Any] | None:
    """The slots one field fills, or None when it cannot be read as that field."""
    text = clean_text(value)
    for hint in FIELD_HINTS[name]:
        parsed = parse(hint.format(text))
        usable, asks = vet(said_slots(parsed), parsed.asks)
        found = {k: usable[k] for k in FIELD_SLOTS[name] if k in usable}
        if found and not asks:
            return found
    return None


def validate_form(fields: dict[str, str], parse: ParseFn, lang: str = "en") -> dict[str, str]:
    """Errors per field (field name -> message in the user's language); empty when all is well."""
    errors: dict[str, str] = {}
    for name in FORM_FIELDS:
        value = (fields.get(name) or "").strip()
        if not value:
            if name in REQUIRED_FIELDS:
                errors[name] = render_text("field_error", lang, field=name, value="", empty=True)
            continue
        if read_field(name, value, parse) is None:
            errors[name] = render_text("field_error", lang, field=name, value=value, empty=False)
    return errors


def form_said(fields: dict[str, str], parse: ParseFn) -> dict[str, Any]:
    said: dict[str, Any] = {}
    for name in FORM_FIELDS:
        value = (fields.get(name) or "").strip()
        if value:
            said.update(read_field(name, value, parse) or {})
    return said
