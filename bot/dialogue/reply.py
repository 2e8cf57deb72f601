"""A reply under construction (rendered parts, buttons, ids) and the finished Turn."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from bot.render.blocks import message_blocks, recommendation_blocks, split_sections
from bot.render.text import render_text, to_script

QUICK_SLOTS = ("params", "data", "days")


@functools.cache
def choices() -> dict[str, Any]:
    """Quick-choice buttons and action labels (bot/render/templates/choices.json)."""
    raw = resources.files("bot.render").joinpath("templates/choices.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


def label(entry: dict[str, str], lang: str) -> str:
    return to_script(entry["zh"] if lang.startswith("zh") else entry["en"], lang)


@dataclass(frozen=True)
class Turn:
    """One bot reply: Slack mrkdwn text, Block Kit, the DESIGN.md chat JSON, and a lazy chart."""

    text: str
    blocks: list[dict[str, Any]]
    payload: dict[str, Any]
    lang: str
    chart: Callable[[dict[str, Any], str], bytes] | None = field(default=None, repr=False, compare=False)

    @property
    def has_chart(self) -> bool:
        return self.chart is not None and bool(self.payload.get("recommendation"))

    def chart_png(self) -> bytes | None:
        if not self.has_chart:
            return None
        assert self.chart is not None
        return self.chart(self.payload["recommendation"], self.lang)


@dataclass
class Reply:
    lang: str
    parts: list[str] = field(default_factory=list)
    # The kinds of part added, in order: what routing asks about, never the rendered text.
    kinds: list[str] = field(default_factory=list)
    buttons: list[dict[str, str]] = field(default_factory=list)
    faq: list[str] = field(default_factory=list)
    pitfalls: list[str] = field(default_factory=list)
    asks: list[dict[str, Any]] = field(default_factory=list)
    changes: list[dict[str, Any]] = field(default_factory=list)
    recommendation: dict[str, Any] | None = None
    card: dict[str, Any] | None = None  # header/fields/context of a recommendation card

    def add(self, kind: str, **context: Any) -> None:
        self.kinds.append(kind)
        text = render_text(kind, self.lang, **context)
        if text:
            self.parts.append(text)

    def prepend(self, kind: str, **context: Any) -> None:
        """A part that opens the reply, before what is already there."""
        self.kinds.insert(0, kind)
        text = render_text(kind, self.lang, **context)
        if text:
            self.parts.insert(0, text)

    def add_faq(self, *ids: str) -> None:
        self.faq.extend(i for i in ids if i not in self.faq)

    def quick_choices(self, slot: str) -> None:
        for n, entry in enumerate(choices().get(slot, ())):
            self.buttons.append(
                {"action_id": f"answer_{slot}_{n}", "text": label(entry, self.lang), "value": entry["value"]}
            )

    def action_buttons(self) -> None:
        for action, entry in choices()["actions"].items():
            self.buttons.append({"action_id": action, "text": label(entry, self.lang), "value": action})

    def finish(
        self,
        payload: dict[str, Any],
        chart: Callable[[dict[str, Any], str], bytes] | None,
        *,
        standing: dict[str, Any] | None = None,
    ) -> Turn:
        """The Turn; `standing` is the plan still in effect when this reply presents none (it
        goes into the JSON, but no chart is drawn again for it)."""
        text = "\n\n".join(self.parts)
        sections = split_sections(text)
        if self.card is not None:
            blocks = recommendation_blocks(self.card, sections, self.buttons)
        else:
            blocks = message_blocks(sections, self.buttons)
        payload = {
            "reply": text,
            **payload,
            "recommendation": self.recommendation or standing,
            "recommended": self.recommendation is not None,
            "faq": self.faq,
            "pitfalls": self.pitfalls,
            "lang": self.lang,
            "asks": self.asks,
            "changes": self.changes,
        }
        fresh_chart = chart if self.recommendation is not None else None
        return Turn(text=text, blocks=blocks, payload=payload, lang=self.lang, chart=fresh_chart)
