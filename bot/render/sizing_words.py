"""Words for the engine's codes: the one place a size result's warnings and explain lines become
prose, through the same templates the chat renders (templates/<lang>/_macros.j2 `warning`,
_explain.j2 `item`, _feasibility.j2). The sizing engine emits codes with numbers only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render.text import environment, to_script
from bot.render.views import explain_items, warning_views

_SLACK_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"))


def _plain(text: str) -> str:
    """Template output is Slack mrkdwn with <, >, & escaped; a terminal or JSON wants the characters."""
    for entity, char in _SLACK_ENTITIES:
        text = text.replace(entity, char)
    return text.strip()


def _macro(template: str, name: str) -> Any:
    return getattr(environment().get_template(template).make_module(), name)


def warning_text(warning: Mapping[str, Any], lang: str = "en", currency: str = "USD") -> str:
    view = warning_views([warning])[0]
    return to_script(_plain(str(_macro(f"{_base(lang)}/_macros.j2", "warning")(view, currency))), lang)


def explain_text(item: Mapping[str, Any], lang: str = "en") -> str:
    return to_script(_plain(str(_macro(f"{_base(lang)}/_explain.j2", "item")(item))), lang)


def feasibility_text(feasibility: Mapping[str, Any], lang: str = "en", currency: str = "USD") -> str:
    """The verdict on fixed hardware and what fits instead, for the CLI (the chat's feasibility
    answer is the dialogue's to word; it can reuse this macro)."""
    return to_script(
        _plain(str(_macro(f"{_base(lang)}/_feasibility.j2", "verdict")(feasibility, currency))), lang
    )


def worded(result: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The size result with its prose: each warning's `message`, the `explain` lines, and each
    explain item's `text` (DESIGN.md's size JSON), all rendered from the codes."""
    out = dict(result)
    currency = (
        str(result.get("options", [{}])[0].get("cost", {}).get("currency", "USD"))
        if result.get("options")
        else "USD"
    )
    out["warnings"] = [
        {**dict(w), "message": warning_text(w, lang, currency)} for w in result.get("warnings") or []
    ]
    items = explain_items(result)
    out["explain_items"] = [{**i, "text": explain_text(i, lang)} for i in items]
    out["explain"] = [i["text"] for i in out["explain_items"]]
    feasibility = result.get("feasibility")
    if isinstance(feasibility, Mapping):
        out["feasibility"] = {**feasibility, "verdict_text": feasibility_text(feasibility, lang, currency)}
    return out


def _base(lang: str) -> str:
    return "zh" if lang.startswith("zh") else "en"
