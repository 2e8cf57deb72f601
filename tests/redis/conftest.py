from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from redis_server import RedisServer, require_redis_server

from bot.store.redis import RedisStore


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(require_redis_server(), tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def store(redis_server: RedisServer) -> Iterator[RedisStore]:
    s = RedisStore.from_url(redis_server.url, session_ttl_s=3600)
    try:
        yield s
    finally:
        s.close()
