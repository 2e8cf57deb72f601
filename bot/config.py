"""Runtime settings, read once from the environment at the edge (`Settings.from_env`).

Nothing else in the project reads os.environ. Secrets are SecretStr and never print.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal, TypeVar

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

T = TypeVar("T")


class SettingsError(ValueError):
    """A setting in the environment is malformed; the message is one line naming the variable."""


def default_db_path() -> Path:
    return Path(platformdirs.user_data_dir("gpu-advisor", appauthor=False)) / "state.db"


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    slack_bot_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    slack_app_token: SecretStr | None = None
    slack_api_url: str | None = None  # None = Slack's own Web API
    port: int = Field(default=3000, ge=1, le=65535)
    db_path: Path | None = None  # None = default_db_path()
    redis_url: SecretStr | None = None  # may carry a password
    offerings_file: Path | None = None  # operator YAML adding/replacing cloud offerings
    offerings_mode: Literal["add", "replace"] = "add"
    usd_to_cny: float | None = Field(default=None, gt=0)  # None = the rate in the knowledge base
    session_ttl_s: float = Field(default=7 * 24 * 3600, gt=0)
    rate_limit_per_minute: int = Field(default=20, ge=1)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        e = os.environ if env is None else env

        def opt(name: str) -> str | None:
            value = e.get(name, "").strip()
            return value or None

        def secret(name: str) -> SecretStr | None:
            value = opt(name)
            return SecretStr(value) if value else None

        def number(name: str, kind: Callable[[str], T]) -> T | None:
            value = opt(name)
            if value is None:
                return None
            try:
                return kind(value)
            except ValueError:
                raise SettingsError(f"{name}: expected a number, got {value!r}") from None

        fields: dict[str, object] = {
            "slack_bot_token": secret("SLACK_BOT_TOKEN"),
            "slack_signing_secret": secret("SLACK_SIGNING_SECRET"),
            "slack_app_token": secret("SLACK_APP_TOKEN"),
            "slack_api_url": opt("SLACK_API_URL"),
            "port": number("PORT", int),
            "db_path": Path(p) if (p := opt("GPU_ADVISOR_DB")) else None,
            "redis_url": secret("REDIS_URL"),
            "offerings_file": Path(p) if (p := opt("GPU_ADVISOR_OFFERINGS")) else None,
            "offerings_mode": (opt("GPU_ADVISOR_OFFERINGS_MODE") or "").lower() or None,
            "usd_to_cny": number("GPU_ADVISOR_USD_CNY", float),
            "session_ttl_s": number("GPU_ADVISOR_SESSION_TTL_S", float),
            "rate_limit_per_minute": number("GPU_ADVISOR_RATE_LIMIT_PER_MINUTE", int),
            "log_level": (opt("GPU_ADVISOR_LOG_LEVEL") or "").upper() or None,
        }
        try:
            return cls.model_validate({k: v for k, v in fields.items() if v is not None})
        except ValidationError as exc:
            err = exc.errors()[0]
            name = ENV_NAMES.get(str(err["loc"][0]), str(err["loc"][0]))
            raise SettingsError(f"{name}: {err['msg']}") from None

    @property
    def resolved_db_path(self) -> Path:
        return self.db_path or default_db_path()


ENV_NAMES = {
    "port": "PORT",
    "offerings_mode": "GPU_ADVISOR_OFFERINGS_MODE",
    "usd_to_cny": "GPU_ADVISOR_USD_CNY",
    "session_ttl_s": "GPU_ADVISOR_SESSION_TTL_S",
    "rate_limit_per_minute": "GPU_ADVISOR_RATE_LIMIT_PER_MINUTE",
    "log_level": "GPU_ADVISOR_LOG_LEVEL",
}
