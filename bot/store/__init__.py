"""State stores: `open_store(settings)` picks Redis when REDIS_URL is set, else the SQLite file."""

from __future__ import annotations

from bot.config import Settings
from bot.store.base import SessionState, Store, StoreUnavailable

__all__ = ["SessionState", "Store", "StoreUnavailable", "open_store"]


def open_store(settings: Settings) -> Store:
    if settings.redis_url is not None:
        # Imported here so the embedded default never needs a Redis client at start-up.
        from bot.store.redis import RedisStore

        return RedisStore.from_url(
            settings.redis_url.get_secret_value(), session_ttl_s=settings.session_ttl_s
        )

    from bot.store.sqlite import SQLiteStore

    path = settings.resolved_db_path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(path, session_ttl_s=settings.session_ttl_s)
