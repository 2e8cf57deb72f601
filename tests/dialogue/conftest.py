from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase, load_knowledge
from sizing import plan

from .fakes import ScriptedParse

TODAY = dt.date(2026, 11, 29)


@pytest.fixture(scope="session")
def kb() -> KnowledgeBase:
    return load_knowledge()


@pytest.fixture
def nlu() -> ScriptedParse:
    return ScriptedParse()


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore(session_ttl_s=3600)


@pytest.fixture
def consultant(kb: KnowledgeBase, store: MemoryStore, nlu: ScriptedParse) -> Consultant:
    return Consultant(kb, store, clock=lambda: TODAY, parse=nlu, plan=plan, chart=_no_chart)


@pytest.fixture
def real(kb: KnowledgeBase) -> Consultant:
    """The whole dialogue on the real parser, engine and knowledge base, at TODAY."""
    return Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)


def _no_chart(rec: dict[str, object], lang: str) -> bytes:
    return b"\x89PNG fake"


MakeConsultant = Callable[..., Consultant]
