"""Runtime settings, read once from the environment at the edge (`Settings.from_env`).

Nothing else in the project reads os.environ. Secrets are SecretStr and never print.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs
from pydantic import BaseModel, ConfigDict, SecretStr


def default_db_path() -> Path:
    return Path(platformdirs.user_data_dir("gpu-advisor", appauthor=False)) / "state.db"


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    slack_bot_token: SecretStr | None = None
    slack_signing_secret: SecretStr | None = None
    slack_app_token: SecretStr | None = None
    slack_api_url: str | None = None  # None = Slack's own Web API
    port: int = 3000
    db_path: Path | None = None  # None = default_db_path()
    redis_url: SecretStr | None = None  # may carry a password
    offerings_file: Path | None = None  # operator YAML adding/replacing cloud offerings
    offerings_mode: str = "add"  # "add" or "replace"
    usd_to_cny: float | None = None  # None = the rate in the knowledge base
    session_ttl_s: float = 7 * 24 * 3600
    rate_limit_per_minute: int = 20
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        e = os.environ if env is None else env

        def opt(name: str) -> str | None:
            value = e.get(name, "").strip()
            return value or None

        def secret(name: str) -> SecretStr | None:
            value = opt(name)
            return SecretStr(value) if value else None

        ttl = opt("GPU_ADVISOR_SESSION_TTL_S")
        rate = opt("GPU_ADVISOR_RATE_LIMIT_PER_MINUTE")
        usd_cny = opt("GPU_ADVISOR_USD_CNY")
        return cls(
            slack_bot_token=secret("SLACK_BOT_TOKEN"),
            slack_signing_secret=secret("SLACK_SIGNING_SECRET"),
            slack_app_token=secret("SLACK_APP_TOKEN"),
            slack_api_url=opt("SLACK_API_URL"),
            port=int(opt("PORT") or 3000),
            db_path=Path(p) if (p := opt("GPU_ADVISOR_DB")) else None,
            redis_url=secret("REDIS_URL"),
            offerings_file=Path(p) if (p := opt("GPU_ADVISOR_OFFERINGS")) else None,
            offerings_mode=opt("GPU_ADVISOR_OFFERINGS_MODE") or "add",
            usd_to_cny=float(usd_cny) if usd_cny else None,
            session_ttl_s=float(ttl) if ttl else 7 * 24 * 3600,
            rate_limit_per_minute=int(rate) if rate else 20,
            log_level=opt("GPU_ADVISOR_LOG_LEVEL") or "INFO",
        )

    @property
    def resolved_db_path(self) -> Path:
        return self.db_path or default_db_path()
