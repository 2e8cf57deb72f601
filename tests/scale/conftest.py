"""Two `gpu-advisor serve --http` processes on one throwaway Redis, talking to a recording fake Slack."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from scale_cluster import (
    RATE_LIMIT_PER_MINUTE,
    SIGNING_SECRET,
    Cluster,
    FakeSlackApi,
    Instance,
    RedisServer,
    require_redis_server,
)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp("scale")
    redis = RedisServer(require_redis_server(), tmp)
    redis.start()
    slack = FakeSlackApi()
    env = {k: v for k, v in os.environ.items() if k not in ("SLACK_APP_TOKEN", "GPU_ADVISOR_DB")}
    env |= {
        "SLACK_BOT_TOKEN": "xoxb-scale-test",
        "SLACK_SIGNING_SECRET": SIGNING_SECRET,
        "SLACK_API_URL": slack.url,
        "REDIS_URL": redis.url,
        "GPU_ADVISOR_RATE_LIMIT_PER_MINUTE": str(RATE_LIMIT_PER_MINUTE),
        "HOME": str(tmp),  # nothing may fall back to the developer's own state
    }
    instances = [Instance(name, env, tmp / f"{name}.log") for name in ("a", "b")]
    try:
        for instance in instances:
            instance.wait_healthy()
        yield Cluster(redis, slack, *instances)
    finally:
        for instance in instances:
            instance.stop()
        slack.close()
        redis.stop()
