"""Redis-backed Store: shared state so several bot instances serve one Slack app.

Keys (all under the "gpa:" prefix):
  gpa:session:<id>       JSON session state, expires `session_ttl_s` after the last update
  gpa:lock:session:<id>  per-session lock, a random token with a short PX expiry
  gpa:event:<id>         event de-duplication marker (SET NX PX)
  gpa:rate:<key>         sliding-window rate limit log (sorted set of request times)

Concurrency: `update` takes a per-session lock (SET NX PX with a random token) and commits with a Lua
script that writes the state only while the token still holds the lock, then releases it. So `fn` runs
once per turn and two turns of one session, on any instance, are serialised and never lose an update.
If a turn outlives the lock (a stuck process), its write is refused and the turn is retried on fresh
state, so `fn` must be a pure transform of the state (side effects after `update` returns).
This is the single-Redis lock pattern from the Redis docs ("Distributed Locks with Redis", the
single-instance section, redis.io/docs/latest/develop/use/patterns/distributed-locks/, read 2026-11).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit

import redis
from redis.exceptions import RedisError

from bot.store.base import SessionState, StoreUnavailable

R = TypeVar("R")

PREFIX = "gpa:"
# A chat turn takes well under a second; 30 s only matters when an instance dies holding the lock.
LOCK_TTL_MS = 30_000
LOCK_WAIT_S = 10.0
COMMIT_ATTEMPTS = 3

# KEYS[1] lock, KEYS[2] session; ARGV[1] token, ARGV[2] "set"|"del", ARGV[3] state JSON, ARGV[4] ttl ms.
_COMMIT = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == 'del' then redis.call('DEL', KEYS[2])
else redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4]) end
redis.call('DEL', KEYS[1])
return 1
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
# Sliding-window log: KEYS[1] zset; ARGV[1] now ms, ARGV[2] window ms, ARGV[3] limit, ARGV[4] member.
# Only accepted requests are logged, so a user who keeps hammering is let back in once the window
# has moved past their accepted requests (rejections do not extend the lock-out).
_RATE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
"""


def describe_url(url: str) -> str:
    """host:port/db of a Redis URL, without user or password, for messages and logs."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return f"unix:{parts.path}"
    host = parts.hostname or "localhost"
    return f"{parts.scheme}://{host}:{parts.port or 6379}{parts.path or '/0'}"


class RedisStore:
    """The Store protocol (bot.store.base) on one Redis server or a managed Redis endpoint."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        session_ttl_s: float,
        where: str = "redis",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._r = client
        self._ttl_ms = max(1, int(session_ttl_s * 1000))
        self._where = where
        # Rate-limit windows use this clock; instances must keep NTP time (a second of skew is
        # small against a one-minute window). Injectable so tests need no sleeps.
        self._clock = clock
        self._commit = client.register_script(_COMMIT)
        self._release = client.register_script(_RELEASE)
        self._rate = client.register_script(_RATE)

    @classmethod
    def from_url(
        cls, url: str, *, session_ttl_s: float, clock: Callable[[], float] = time.time
    ) -> RedisStore:
        """Connect lazily (nothing is sent until the first command); bad URLs raise ValueError."""
        if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
            raise ValueError(
                f"REDIS_URL must start with redis://, rediss:// or unix:// (got {describe_url(url)})"
            )
        client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=2.0,  # readiness must answer fast when Redis is gone
            socket_timeout=5.0,
            health_check_interval=30,  # re-checks pooled connections idle this long (restarts, LB idles)
        )
        return cls(client, session_ttl_s=session_ttl_s, where=describe_url(url), clock=clock)

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            yield
        except RedisError as exc:
            raise StoreUnavailable(
                f"state store unavailable: Redis at {self._where} failed during {what} "
                f"({type(exc).__name__}: {exc})"
            ) from exc

    @staticmethod
    def _session_key(session_id: str) -> str:
        return f"{PREFIX}session:{session_id}"

    def get(self, session_id: str) -> SessionState | None:
        with self._guard("get"):
            raw = self._r.get(self._session_key(session_id))
        return _decode(raw)

    def exists(self, session_id: str) -> bool:
        with self._guard("exists"):
            return bool(self._r.exists(self._session_key(session_id)))

    def update(
        self, session_id: str, fn: Callable[[SessionState | None], tuple[SessionState | None, R]]
    ) -> R:
        key = self._session_key(session_id)
        lock = f"{PREFIX}lock:session:{session_id}"
        for _ in range(COMMIT_ATTEMPTS):
            token = self._acquire(lock, session_id)
            committed = False
            try:
                with self._guard("update"):
                    state = _decode(self._r.get(key))
                new_state, result = fn(state)
                payload = "" if new_state is None else json.dumps(new_state, ensure_ascii=False)
                op = "del" if new_state is None else "set"
                with self._guard("update"):
                    committed = bool(self._commit(keys=[lock, key], args=[token, op, payload, self._ttl_ms]))
                if committed:
                    return result
            finally:
                if not committed:
                    self._release_quietly(lock, token)
        raise StoreUnavailable(
            f"state store busy: session {session_id!r} lock expired {COMMIT_ATTEMPTS} times during update"
        )

    def _acquire(self, lock: str, session_id: str) -> str:
        token = secrets.token_hex(16)
        deadline = time.monotonic() + LOCK_WAIT_S
        pause_s = 0.002
        while True:
            with self._guard("lock"):
                if self._r.set(lock, token, nx=True, px=LOCK_TTL_MS):
                    return token
            if time.monotonic() >= deadline:
                raise StoreUnavailable(
                    f"state store busy: session {session_id!r} stayed locked for {LOCK_WAIT_S:.0f} s"
                )
            time.sleep(pause_s)
            pause_s = min(pause_s * 2, 0.05)

    def _release_quietly(self, lock: str, token: str) -> None:
        # Best effort: on failure the lock expires by itself after LOCK_TTL_MS.
        try:
            self._release(keys=[lock], args=[token])
        except RedisError:
            pass

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool:
        with self._guard("claim_event"):
            return bool(self._r.set(f"{PREFIX}event:{event_id}", "1", nx=True, px=max(1, int(ttl_s * 1000))))

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool:
        now_ms = int(self._clock() * 1000)
        member = f"{now_ms}:{secrets.token_hex(6)}"  # unique, so equal timestamps all count
        with self._guard("rate limit"):
            hit = self._rate(
                keys=[f"{PREFIX}rate:{key}"], args=[now_ms, max(1, int(window_s * 1000)), limit, member]
            )
        return bool(hit)

    def ping(self) -> bool:
        try:
            return bool(self._r.ping())
        except (RedisError, OSError):
            return False

    def close(self) -> None:
        self._r.close()


def _decode(raw: Any) -> SessionState | None:
    if raw is None:
        return None
    state = json.loads(raw)
    return state if isinstance(state, dict) else None
