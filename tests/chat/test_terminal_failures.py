"""A turn that crashes in the interactive terminal: the user reads one apology, not a traceback."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput

from bot import terminal

from .fake_consultant import FakeTurn


class CrashingConsultant:
    def handle(self, session_id: str, text: str) -> FakeTurn:
        raise RuntimeError("engine exploded")

    def handle_action(self, session_id: str, action: str, value: str = "") -> FakeTurn:
        raise RuntimeError("engine exploded")


def _converse(lines: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr(terminal, "history_path", lambda: tmp_path / "history")
    screen = io.StringIO()
    with create_pipe_input() as keys:
        keys.send_text(lines)
        keys.close()
        with create_app_session(input=keys, output=PlainTextOutput(screen)):
            assert terminal.interactive_chat(CrashingConsultant(), "s1") == 0
    return "".join(screen.getvalue().split())  # wrapped to the terminal width: compare unwrapped


def _unwrapped(text: str) -> str:
    return "".join(text.split())


def test_a_crashed_turn_shows_one_apology_in_the_users_language_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    screen = _converse("训练一个7B模型\nhello\n", monkeypatch, tmp_path)
    assert _unwrapped(terminal.message("turn_failed_zh")) in screen
    assert _unwrapped(terminal.message("turn_failed_en")) in screen
    assert "Traceback" not in screen and "engineexploded" not in screen
    assert not [r for r in caplog.records if r.exc_info], "no traceback at WARNING level"


def test_the_traceback_of_a_crashed_turn_is_kept_for_debug_logging(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot.terminal")
    _converse("hello\n", monkeypatch, tmp_path)
    debug = [r for r in caplog.records if r.levelno == logging.DEBUG and r.exc_info]
    assert debug and "engine exploded" in str(debug[0].exc_info[1] if debug[0].exc_info else "")
