from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings, SettingsError


def test_an_empty_environment_gives_the_embedded_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.port == 3000
    assert settings.redis_url is None
    assert settings.offerings_mode == "add"
    assert settings.resolved_db_path.name == "state.db"


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("PORT", "abc", "PORT: expected a number"),
        ("PORT", "70000", "PORT"),
        ("GPU_ADVISOR_USD_CNY", "-1", "GPU_ADVISOR_USD_CNY"),
        ("GPU_ADVISOR_OFFERINGS_MODE", "merge", "GPU_ADVISOR_OFFERINGS_MODE"),
        ("GPU_ADVISOR_LOG_LEVEL", "verbose", "GPU_ADVISOR_LOG_LEVEL"),
        ("GPU_ADVISOR_RATE_LIMIT_PER_MINUTE", "0", "GPU_ADVISOR_RATE_LIMIT_PER_MINUTE"),
    ],
)
def test_a_malformed_setting_is_refused_naming_the_variable(name: str, value: str, says: str) -> None:
    with pytest.raises(SettingsError) as exc:
        Settings.from_env({name: value})
    assert says in str(exc.value)
    assert "\n" not in str(exc.value)


def test_secrets_never_print() -> None:
    settings = Settings.from_env({"SLACK_BOT_TOKEN": "xoxb-very-secret", "REDIS_URL": "redis://:pw@h:6379/0"})
    shown = repr(settings) + str(settings.model_dump())
    assert "xoxb-very-secret" not in shown
    assert "pw@" not in shown


def test_a_bad_setting_stops_a_command_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GPU_ADVISOR_USD_CNY", "seven")
    assert main(["gpus"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "gpu-advisor gpus: GPU_ADVISOR_USD_CNY: expected a number, got 'seven'"


def test_a_broken_operator_offerings_file_stops_a_command_naming_file_and_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "mine.yaml"
    bad.write_text(
        "offerings:\n  - {id: x/1, cloud: x, instance_type: '1', gpu: h100-sxm}\n", encoding="utf-8"
    )
    monkeypatch.setenv("GPU_ADVISOR_OFFERINGS", str(bad))
    assert main(["gpus"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "mine.yaml" in err[0]
