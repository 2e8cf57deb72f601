from __future__ import annotations

import io
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# tests/ is not a package (a tests/slack package would shadow slack_sdk's legacy `slack` module), so the
# shared fakes folder goes on the path, appended so that it can never shadow a real package.
sys.path.append(str(Path(__file__).resolve().parent.parent / "fakes"))
sys.path.append(str(Path(__file__).resolve().parent.parent / "redis"))  # the throwaway redis-server

from slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.ops.logs import configure_logging
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


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """The bot's JSON log lines at INFO, as production writes them."""
    root = logging.getLogger()
    level = root.level
    stream = io.StringIO()
    handler = configure_logging("INFO", json=True, stream=stream)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)
