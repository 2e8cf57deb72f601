"""The App Home view: the catalogue and the user's last plan."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.render.blocks import home_tab, split_sections
from bot.render.text import render_text
from bot.render.views import gpu_view

if TYPE_CHECKING:
    from knowledge import KnowledgeBase


def home_view(kb: KnowledgeBase, last: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
    catalog = kb.catalog
    records = {r.id: r for r in kb.gpu_records}
    gpus = [gpu_view(g, catalog, records.get(g.id)) for g in catalog.gpus]
    top = None
    if last and isinstance(last.get("top"), Mapping):
        spec = catalog.gpu_or_none(last["top"].get("gpu"))
        top = {**last["top"], "name": spec.name if spec else last["top"].get("gpu")}
    text = render_text("home", lang, gpus=gpus, last=last, top=top)
    header, _, body = text.partition("\n")
    return home_tab(header.strip("* "), split_sections(body.strip()))
