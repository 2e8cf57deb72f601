"""Templates to text and Block Kit: one jinja2 template per reply kind, in English and simplified
Chinese; traditional Chinese is the simplified rendering converted with OpenCC "s2twp" (Taiwan phrases).

User-provided values never become template source, and every one of them passes the
`slack_escape` filter, so `<!channel>` comes back as inert `&lt;!channel&gt;`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, MutableMapping
from typing import Any

import jinja2

from bot.nlu.script import to_traditional
from bot.render.formats import (
    fmt_article,
    fmt_bytes,
    fmt_count,
    fmt_count_spaced,
    fmt_duration,
    fmt_money,
    fmt_money_zh,
    fmt_num,
    fmt_pct,
    fmt_ratio,
)
from knowledge.text_units import text_units

# Slack limits, from slack_sdk/models/blocks (reference/slack-and-nlu.md §1.6).
MAX_BLOCKS = 50
MAX_SECTION_CHARS = 3000
MAX_BUTTON_CHARS = 75
MAX_BUTTON_VALUE_CHARS = 2000
MAX_ACTION_ELEMENTS = 25
MAX_CONTEXT_ELEMENTS = 10

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def slack_escape(value: object) -> str:
    """Slack's three control characters (api.slack.com/reference/surfaces/formatting#escaping)."""
    text = _CONTROL.sub("", str(value))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def base_lang(lang: str) -> str:
    return "zh" if lang.startswith("zh") else "en"


def to_script(text: str, lang: str) -> str:
    # Taiwan characters and phrases (資料, 網路, 軟體, 預設, 伺服器, 叢集) with the ML terms s2twp gets
    # wrong kept right: bot/nlu/script.to_traditional, the one owner of the conversion.
    if lang != "zh-Hant":
        return text
    return to_traditional(text)


# The `json` filter: json.dumps(v, ensure_ascii=False) builds an encoder on every call; one does.
_JSON_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
# What `x.name` finds on a plain dict as an attribute (x.items, x.get): jinja2 prefers those to keys.
_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Environment(jinja2.Environment):
    """jinja2's Environment with two shortcuts for what every reply does many times; neither changes
    what a template renders (benchmarks/bench_turn.py measures the turn):
    - `x.name` on a plain dict looks the key up at once when `name` is no dict attribute; jinja2
      tries the attribute first, which raises and catches an AttributeError for every key read;
    - a template's globals are one plain dict instead of a ChainMap over the environment's (which
      are set once, before any template loads), so the check jinja2 makes on every
      `{% from ... import %}` (its context's globals minus the template's) runs in C.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


@functools.cache
def environment() -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.PackageLoader("bot.render", "templates"),
        # Templates ship with the package and never change under a running process: no stat() of
        # the template file on every render.
        auto_reload=False,
        autoescape=False,  # Slack mrkdwn is not HTML; user values go through slack_escape instead
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        e=slack_escape,
        slack_escape=slack_escape,
        count=fmt_count,
        article=fmt_article,
        count_spaced=fmt_count_spaced,
        bytes=fmt_bytes,
        money=fmt_money,
        money_zh=fmt_money_zh,
        ratio=fmt_ratio,
        num=fmt_num,
        pct=fmt_pct,
        duration=fmt_duration,
        json=_JSON_ENCODE,
    )
    env.globals["text_units"] = text_units()  # the sourced tokens per word / per 字 the replies state
    return env


def render_text(kind: str, lang: str, **context: Any) -> str:
    """A reply of one kind in the user's language and script (trailing whitespace trimmed)."""
    template = environment().get_template(f"{base_lang(lang)}/{kind}.md.j2")
    text = template.render(lang=base_lang(lang), **context).strip()
    if "\n\n\n" in text:  # a plain substring test first: the regex scan costs more than the render's tail
        text = re.sub(r"\n{3,}", "\n\n", text)
    return to_script(text, lang)


def render_blocks(kind: str, **context: Any) -> list[dict[str, Any]]:
    """Block Kit from blocks/<kind>.json.j2, checked against Slack's limits."""
    raw = environment().get_template(f"blocks/{kind}.json.j2").render(**context)
    blocks: list[dict[str, Any]] = json.loads(raw)
    return fit_blocks(blocks)


def split_sections(text: str, limit: int = MAX_SECTION_CHARS) -> list[str]:
    """Cut text into section-sized pieces at paragraph, then line, then hard boundaries."""
    pieces: list[str] = []
    for paragraph in text.split("\n\n"):
        while len(paragraph) > limit:
            cut = paragraph.rfind("\n", 0, limit)
            cut = cut if cut > 0 else limit
            pieces.append(paragraph[:cut])
            paragraph = paragraph[cut:].lstrip("\n")
        if pieces and len(pieces[-1]) + len(paragraph) + 2 <= limit:
            pieces[-1] = f"{pieces[-1]}\n\n{paragraph}"
        elif paragraph.strip():
            pieces.append(paragraph)
    return pieces or [" "]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Enforce the Block Kit limits that matter here, so Slack never rejects a reply."""
    for block in blocks:
        text = block.get("text")
        if isinstance(text, Mapping) and isinstance(text.get("text"), str):
            block["text"] = {**text, "text": _clip(text["text"], MAX_SECTION_CHARS)}
        if block.get("type") == "actions":
            block["elements"] = block["elements"][:MAX_ACTION_ELEMENTS]
            for element in block["elements"]:
                label = element.get("text") or {}
                label["text"] = _clip(str(label.get("text", "")), MAX_BUTTON_CHARS)
                if "value" in element:
                    element["value"] = _clip(str(element["value"]), MAX_BUTTON_VALUE_CHARS)
        if block.get("type") == "context":
            block["elements"] = block["elements"][:MAX_CONTEXT_ELEMENTS]
    if len(blocks) > MAX_BLOCKS:
        blocks = blocks[: MAX_BLOCKS - 1] + [blocks[-1]]
    return blocks


def render_json(kind: str, lang: str, **context: Any) -> dict[str, Any]:
    """A language-specific JSON fragment (e.g. a card's labels) from <lang>/<kind>.json.j2."""
    template = environment().get_template(f"{base_lang(lang)}/{kind}.json.j2")
    data: dict[str, Any] = json.loads(to_script(template.render(lang=base_lang(lang), **context), lang))
    return data


def render_view(kind: str, **context: Any) -> dict[str, Any]:
    """A whole Slack view (App Home) from blocks/<kind>.json.j2, blocks within Slack's limits."""
    view: dict[str, Any] = json.loads(environment().get_template(f"blocks/{kind}.json.j2").render(**context))
    view["blocks"] = fit_blocks(view["blocks"])
    return view
