"""Block Kit around a reply: its rendered text cut into sections, the recommendation card, the
buttons, and the App Home view, within Slack's limits.

Built as dicts rather than rendered from a JSON template and parsed back: the blocks hold no wording
of their own (the sections, the card's labels and the buttons' are rendered from
bot/render/templates), and rendering JSON text to parse it again was ~6% of a chat turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Slack limits, from slack_sdk/models/blocks (reference/slack-and-nlu.md §1.6).
MAX_BLOCKS = 50
MAX_SECTION_CHARS = 3000
MAX_BUTTON_CHARS = 75
MAX_BUTTON_VALUE_CHARS = 2000
MAX_ACTION_ELEMENTS = 25
MAX_CONTEXT_ELEMENTS = 10
MAX_FIELDS = 10


def message_blocks(sections: Sequence[str], buttons: Sequence[Mapping[str, str]]) -> list[dict[str, Any]]:
    """A reply's sections, then its quick-choice buttons."""
    blocks = _sections(sections)
    if buttons:
        blocks.append(_actions(buttons, "quick_choices"))
    return fit_blocks(blocks)


def recommendation_blocks(
    card: Mapping[str, Any], sections: Sequence[str], buttons: Sequence[Mapping[str, str]]
) -> list[dict[str, Any]]:
    """The card (header, the top plan's fields), the reply's sections, the card's price-date line,
    then the buttons."""
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": _plain(card["header"])},
        {"type": "section", "fields": [_mrkdwn(f) for f in card["fields"][:MAX_FIELDS]]},
        {"type": "divider"},
        *_sections(sections),
    ]
    if card["context"]:
        blocks.append(
            {"type": "context", "elements": [_mrkdwn(c) for c in card["context"][:MAX_CONTEXT_ELEMENTS]]}
        )
    if buttons:
        blocks.append(_actions(buttons, "recommendation_actions"))
    return fit_blocks(blocks)


def home_tab(header: str, sections: Sequence[str], context: str = "") -> dict[str, Any]:
    """The App Home view: a header, the sections, a context line when there is one."""
    blocks: list[dict[str, Any]] = [{"type": "header", "text": _plain(header)}, *_sections(sections)]
    if context:
        blocks.append({"type": "context", "elements": [_mrkdwn(context)]})
    return {"type": "home", "blocks": fit_blocks(blocks)}


def _mrkdwn(text: str) -> dict[str, Any]:
    return {"type": "mrkdwn", "text": text}


def _plain(text: str) -> dict[str, Any]:
    return {"type": "plain_text", "text": text, "emoji": True}


def _sections(sections: Sequence[str]) -> list[dict[str, Any]]:
    return [{"type": "section", "text": _mrkdwn(s)} for s in sections]


def _actions(buttons: Sequence[Mapping[str, str]], block_id: str) -> dict[str, Any]:
    elements = [
        {"type": "button", "action_id": b["action_id"], "text": _plain(b["text"]), "value": b["value"]}
        for b in buttons
    ]
    return {"type": "actions", "block_id": block_id, "elements": elements}


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
        # A dict or nothing first: an isinstance test against the Mapping ABC is a Python-level call.
        if (type(text) is dict or (text is not None and isinstance(text, Mapping))) and isinstance(
            text.get("text"), str
        ):
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
