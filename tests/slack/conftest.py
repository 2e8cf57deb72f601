from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# tests/ is not a package (tests/slack would shadow slack_sdk's legacy `slack` module); put tests/ on the
# path so the shared fakes import as `fakes`.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fakes.slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.store.memory import MemoryStore


@pytest.fixture
def slack() -> Iterator[FakeSlackApi]:
    fake = FakeSlackApi()
    yield fake
    fake.close()


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore(session_ttl_s=3600)


@pytest.fixture
def start_bot(slack: FakeSlackApi, store: MemoryStore) -> Iterator[Callable[..., RunningBot]]:
    bots: list[RunningBot] = []

    def start(consultant: Any = None, **settings: Any) -> RunningBot:
        bot = RunningBot(slack, store, consultant or FakeConsultant(store), settings_for(slack, **settings))
        bots.append(bot)
        return bot

    yield start
    for bot in bots:
        bot.close()


@pytest.fixture
def bot(start_bot: Callable[..., RunningBot]) -> RunningBot:
    return start_bot()
