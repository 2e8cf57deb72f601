"""A store that cannot write is told to the user on every surface and fails readiness: through the
real HTTP app, with a real SQLite database that refuses writes (query_only, as a read-only file or
a full disk would) and a store that is down altogether (Redis stopped)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from slack_api import FakeSlackApi
from slack_fake_consultant import FakeConsultant
from slack_harness import RunningBot, settings_for

from bot.store.base import StoreUnavailable
from bot.store.memory import MemoryStore
from bot.store.sqlite import SQLiteStore
from bot.store.turns import Admission

NOTICE = "state store is unavailable"


class RefusingSQLiteStore(SQLiteStore):
    """SQLite that reads but refuses every write from the moment `refuse` is set."""

    refuse = False

    def _conn(self) -> sqlite3.Connection:
        db = super()._conn()
        db.execute(f"PRAGMA query_only = {int(self.refuse)}")
        return db


def test_a_database_that_refuses_writes_is_told_on_mentions_gpu_and_thread_replies(
    slack: FakeSlackApi, tmp_path: Path
) -> None:
    store = RefusingSQLiteStore(tmp_path / "state.db", session_ttl_s=3600)
    bot = RunningBot(slack, store, FakeConsultant(store), settings_for(slack))
    try:
        bot.mention("<@UBOT> 7B model", ts="1700000600.000100")
        slack.wait_for_updated(1)
        assert bot.request("/readyz").status == 200
        store.refuse = True

        assert bot.request("/readyz").status == 503
        bot.mention("<@UBOT> 13B model", ts="1700000601.000100", channel="C2")
        bot.message("and 1TB of data", ts="1700000600.000200", thread_ts="1700000600.000100")
        command = bot.command("7B, 1TB, a month")

        assert NOTICE in command.body  # the ack itself says it, privately
        told = slack.wait_for_calls("chat.postMessage", 3)
        notices = {(c.args["channel"], c.args.get("thread_ts")) for c in told if NOTICE in c.args["text"]}
        assert notices == {("C2", "1700000601.000100"), ("C1", "1700000600.000100")}
    finally:
        bot.close()


class FlakyStore(MemoryStore):
    """Redis that stops answering once `down` is set."""

    down = False

    def admit(self, turn_id: str, payload: dict[str, Any], **limits: Any) -> Admission:
        if self.down:
            raise StoreUnavailable("redis is down")
        return super().admit(turn_id, payload, **limits)

    def exists(self, session_id: str) -> bool:
        if self.down:
            raise StoreUnavailable("redis is down")
        return super().exists(session_id)

    def ping(self) -> bool:
        return not self.down


def test_during_an_outage_a_thread_reply_where_the_bot_was_talking_is_told_too(slack: FakeSlackApi) -> None:
    store = FlakyStore(session_ttl_s=3600)
    bot = RunningBot(slack, store, FakeConsultant(store), settings_for(slack))
    try:
        bot.mention("<@UBOT> 7B model", ts="1700000602.000100")
        slack.wait_for_updated(1)
        store.down = True

        bot.message("more details", ts="1700000602.000200", thread_ts="1700000602.000100")
        bot.message("chatter elsewhere", ts="1700000603.000200", thread_ts="1700000603.000100")

        told = slack.wait_for_calls("chat.postMessage", 2)
        slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 2, timeout_s=1.0)
        assert [(c.args["thread_ts"], NOTICE in c.args["text"]) for c in told] == [
            ("1700000602.000100", False),  # the placeholder of the answer before the outage
            ("1700000602.000100", True),
        ]
        assert bot.request("/readyz").status == 503
    finally:
        bot.close()
