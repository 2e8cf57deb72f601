from __future__ import annotations

import pytest

from bot.cli import main

SLACK_VARS = ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "SLACK_API_URL", "REDIS_URL")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SLACK_VARS:
        monkeypatch.delenv(name, raising=False)


def test_serve_without_a_bot_token_says_so_in_one_line_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--http"]) == 2

    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "SLACK_BOT_TOKEN" in err and "Traceback" not in err


def test_serve_over_http_without_a_signing_secret_refuses_to_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-secret-value")

    assert main(["serve", "--http"]) == 2

    err = capsys.readouterr().err
    assert "SLACK_SIGNING_SECRET" in err
    assert "xoxb-secret-value" not in err
