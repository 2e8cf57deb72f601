"""`gpu-advisor chat --json` end to end: the real consultant, knowledge base, engine and SQLite file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main


def chat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], session: str, *lines: str
) -> list[dict[str, Any]]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["chat", "--json", "--session", session]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "sub" / "state.db"
    monkeypatch.setenv("GPU_ADVISOR_DB", str(path))
    monkeypatch.delenv("REDIS_URL", raising=False)
    return path


def test_a_sizing_conversation_resumes_after_a_restart_and_sessions_stay_apart(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = chat(monkeypatch, capsys, "carol", "We want to pre-train a 3B parameter model")
    assert len(first) == 1
    assert first[0]["slots"]["params"] == pytest.approx(3e9)
    assert first[0]["recommendation"] is None
    assert db.exists()

    other = chat(monkeypatch, capsys, "dave", "hello")
    assert not (other[0]["slots"] or {}).get("params")

    resumed = chat(monkeypatch, capsys, "carol", "on 60B tokens in BF16, within 20 days")
    last = resumed[-1]
    assert last["slots"]["params"] == pytest.approx(3e9)
    assert last["slots"]["tokens"] == pytest.approx(60e9)
    options = last["recommendation"]["options"]
    assert options and options[0]["days"] <= 20 * 1.001


def test_hostile_lines_each_get_a_json_reply_and_the_chat_still_works(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["", "\x00\x1b[2J", "9" * 5000 + " parameters", "{{ 7*7 }}", "NaN days"]
    replies = chat(monkeypatch, capsys, "erin", *lines, "训练一个70亿参数的模型，数据1TB，BF16，一个月")
    assert len(replies) == len(lines) + 1
    assert all("error" not in r for r in replies)
    assert replies[-1]["recommendation"]["options"]
