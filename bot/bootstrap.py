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


# What a warm-up turn says at start-up (own wording, no user's): the paths a first user takes, a
# Chinese and an English sizing request and a question the FAQ answers, in a new conversation each.
WARM_UP_MESSAGES = (
    "预训练一个13亿参数的模型，数据100GB，BF16，两周",
    "LoRA fine-tune a 3B model on 1 GB of text, 2 days",
    "训练时怎么控制成本",
)


def warm_up(consultant: Consultant) -> None:
    """Answer WARM_UP_MESSAGES once before serving, in throwaway conversations (a memory store,
    nothing kept), and draw App Home: what the first turns would otherwise load while a user waits
    (templates compiled, script converters and search indexes loaded; ~1-2 s on a small machine)
    happens at start-up instead."""
    from bot.dialogue.consultant import Consultant
    from bot.store.memory import MemoryStore

    scratch = Consultant(consultant.kb, MemoryStore(session_ttl_s=60))
    for n, text in enumerate(WARM_UP_MESSAGES):
        scratch.handle(f"warm-up:{n}", text)
    for lang in ("en", "zh-Hans"):
        scratch.home_view("warm-up", lang)
