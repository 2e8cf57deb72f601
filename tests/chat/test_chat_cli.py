"""`gpu-advisor chat --json`: one JSON object per input line, in order, whatever the line does."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli.commands import chat
from bot.store.memory import MemoryStore
from bot.store.sqlite import SQLiteStore

from .fake_consultant import FakeConsultant


@pytest.fixture
def consultant(monkeypatch: pytest.MonkeyPatch) -> FakeConsultant:
    fake = FakeConsultant(MemoryStore(session_ttl_s=3600))
    monkeypatch.setattr(chat, "load_consultant", lambda settings: fake)
    return fake


def chat_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *args: str
) -> tuple[int, list[dict[str, Any]], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["chat", "--json", *args])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_each_input_line_gets_one_json_reply_in_order(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, replies, _ = chat_json(monkeypatch, capsys, "train a 7B model\nwith 1TB of data\nin a month\n")
    assert code == 0
    assert [r["reply"] for r in replies] == [
        "*noted* 16 chars &lt;ok&gt;",
        "*noted* 16 chars &lt;ok&gt;",
        "*noted* 10 chars &lt;ok&gt;",
    ]
    assert replies[-1]["slots"] == {"params": 7e9}
    assert consultant.seen == ["train a 7B model", "with 1TB of data", "in a month"]


def test_an_empty_line_still_gets_a_reply(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, replies, _ = chat_json(monkeypatch, capsys, "7B\n\n")
    assert len(replies) == 2
    assert replies[1]["slots"] == {"params": 7e9}


def test_a_last_line_without_newline_is_answered(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, replies, _ = chat_json(monkeypatch, capsys, "7B\r\n13B")
    assert [r["slots"]["params"] for r in replies] == [7e9, 13e9]
    assert consultant.seen == ["7B", "13B"]


def test_a_turn_that_crashes_answers_with_an_error_and_the_rest_still_run(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, replies, err = chat_json(monkeypatch, capsys, "7B\nboom 模型\nand 1TB\n")
    assert code == 0
    assert len(replies) == 3
    assert replies[1]["error"] == "internal_error"
    assert "内部错误" in replies[1]["reply"]
    assert replies[1]["recommendation"] is None
    assert replies[2]["slots"] == {"params": 7e9}  # the conversation carried on
    assert "the dialogue layer fell over" in err  # the cause is in the log, not on stdout


def test_non_finite_numbers_never_reach_the_json(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("7B nan days\n"))
    main(["chat", "--json"])
    line = capsys.readouterr().out.strip()
    assert "NaN" not in line
    assert json.loads(line)["slots"] == {"params": 7e9, "days": None}


def test_sessions_named_apart_stay_apart(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    chat_json(monkeypatch, capsys, "70B\n", "--session", "alice")
    _, replies, _ = chat_json(monkeypatch, capsys, "hello\n", "--session", "bob")
    assert replies[0]["slots"] == {}
    _, replies, _ = chat_json(monkeypatch, capsys, "hello again\n")
    assert replies[0]["slots"] == {}  # without --session: a new conversation, neither of them


def test_each_run_without_a_session_is_a_new_conversation(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    chat_json(monkeypatch, capsys, "70B\n")
    _, replies, _ = chat_json(monkeypatch, capsys, "hello\n")
    assert replies[0]["slots"] == {}


def test_piped_text_without_json_prints_readable_replies(
    consultant: FakeConsultant, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("7B\n"))
    assert main(["chat"]) == 0
    assert capsys.readouterr().out == "noted 2 chars <ok>\n\n"


def test_a_session_survives_a_restart_of_the_chat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fresh_process(settings: Any) -> FakeConsultant:
        return FakeConsultant(SQLiteStore(tmp_path / "state.db", session_ttl_s=3600))

    monkeypatch.setattr(chat, "load_consultant", fresh_process)
    chat_json(monkeypatch, capsys, "a 7B model\n", "--session", "alice")
    _, replies, _ = chat_json(monkeypatch, capsys, "with 1TB of data\n", "--session", "alice")
    assert replies[0]["slots"] == {"params": 7e9}


def test_a_consultant_that_cannot_start_exits_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(settings: Any) -> FakeConsultant:
        raise OSError("unable to open database file")

    monkeypatch.setattr(chat, "load_consultant", broken)
    monkeypatch.setattr("sys.stdin", io.StringIO("7B\n"))
    assert main(["chat", "--json"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "cannot start: unable to open database file" in err
