"""The composition root: the one place that turns settings into the knowledge base, the state
store and the consultant. `gpu-advisor chat`, `serve` and the commands that need the catalogue
(size, gpus) build what they need here, so Slack and the terminal run the same consultant."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.config import Settings

if TYPE_CHECKING:
    from bot.dialogue.consultant import Consultant
    from bot.store.base import Store
    from knowledge import KnowledgeBase


def build_knowledge(settings: Settings) -> KnowledgeBase:
    """The knowledge base with this operator's offerings and exchange rate applied."""
    from knowledge import load_knowledge

    return load_knowledge(
        offerings_file=settings.offerings_file,
        offerings_mode=settings.offerings_mode,
        usd_to_cny=settings.usd_to_cny,
    )


def build_store(settings: Settings) -> Store:
    """The conversation store: Redis when REDIS_URL is set, else the embedded SQLite file."""
    from bot.store import open_store

    return open_store(settings)


def build_consultant(settings: Settings) -> Consultant:
    """The consultant Slack and the terminal share: knowledge + store from settings."""
    from bot.dialogue.consultant import Consultant

    return Consultant(build_knowledge(settings), build_store(settings))
