"""A turn that crashes in the interactive terminal: the user reads one apology, not a traceback."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput

from bot.cli import terminal

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


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_the_traceback_of_a_crashed_turn_is_kept_for_debug_logging(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    logger = terminal.log
    kept = Kept()
    level = logger.level
    logger.setLevel(logging.DEBUG)  # setLevel, not the attribute: it clears isEnabledFor's cache
    logger.addHandler(kept)
    try:
        _converse("hello\n", monkeypatch, tmp_path)
    finally:
        logger.removeHandler(kept)
        logger.setLevel(level)
    # bot.ops.logs' redacting filter freezes the traceback into exc_text; plain logging keeps exc_info.
    tracebacks = [
        r.exc_text or logging.Formatter().formatException(r.exc_info)
        for r in kept.records
        if r.levelno == logging.DEBUG and (r.exc_text or r.exc_info)
    ]
    assert len(tracebacks) == 1 and "RuntimeError: engine exploded" in tracebacks[0]


def test_a_crash_on_a_traditional_chinese_message_apologises_in_traditional_script() -> None:
    apology = terminal.turn_failed("我哋自己有16張A100 80GB，夠唔夠？")

    assert apology.startswith("抱歉，處理這句話時出了內部錯誤")
    assert terminal.turn_failed("我们有16张卡") == terminal.message("turn_failed_zh")
