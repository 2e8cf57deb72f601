"""Redis-backed Store: shared state so several bot instances serve one Slack app.

Keys (all under the "gpa:" prefix):
  gpa:session:<id>       JSON session state, expires `session_ttl_s` after the last update
  gpa:lock:session:<id>  per-session lock, a random token with a short PX expiry
  gpa:event:<id>         event de-duplication marker (SET NX PX)
  gpa:rate:<key>         sliding-window rate limit log (sorted set of request times)
  gpa:notice:<key>       "the rate-limit notice went out" marker, one per user and window
  gpa:turn:<id>          one queued turn (hash: state, payload, owner, lease, attempts, ph, answer),
                         expiring `keep_s` after admission (a de-duplication marker once done)
  gpa:turns:live         unfinished turns by lease expiry in ms (sorted set), what claims scan

Concurrency: `update` takes a per-session lock (SET NX PX with a random token) and commits with a Lua
script that writes the state only while the token still holds the lock, then releases it. So `fn` runs
once per turn and two turns of one session, on any instance, are serialised and never lose an update.
If a turn outlives the lock (a stuck process), its write is refused and the turn is retried on fresh
state, so `fn` must be a pure transform of the state (side effects after `update` returns).
This is the single-Redis lock pattern from the Redis docs ("Distributed Locks with Redis", the
single-instance section, redis.io/docs/latest/develop/use/patterns/distributed-locks/, read 2026-11).

The turn queue (bot.store.turns) runs as Lua scripts, each one atomic on the server: admission
(de-dup + rate limit + record), claims of expired leases, and the session commit that also marks
the turn answered. The claim script derives turn keys from ids, so it needs a single Redis (or one
hash slot), which is the deployment this store is for.
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

from bot.store import turns
from bot.store.base import SessionState, StoreUnavailable
from bot.store.turns import Admission, Completion, QueuedTurn, TurnLost

R = TypeVar("R")

PREFIX = "gpa:"
# A chat turn takes well under a second; 30 s only matters when an instance dies holding the lock.
LOCK_TTL_MS = 30_000
LOCK_WAIT_S = 10.0
COMMIT_ATTEMPTS = 3

# KEYS[1] lock, KEYS[2] session, KEYS[3] (optional) turn to complete; ARGV[1] token, ARGV[2]
# "set"|"del", ARGV[3] state JSON, ARGV[4] ttl ms, ARGV[5] turn owner, ARGV[6] answer JSON.
# Returns 1 committed, 0 lock lost, -1 turn lost (nothing written, lock released).
_COMMIT = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if KEYS[3] and (redis.call('HGET', KEYS[3], 'owner') ~= ARGV[5]
                or redis.call('HGET', KEYS[3], 'state') ~= 'pending') then
  redis.call('DEL', KEYS[1])
  return -1
end
if ARGV[2] == 'del' then redis.call('DEL', KEYS[2])
else redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4]) end
if KEYS[3] then redis.call('HSET', KEYS[3], 'state', 'answered', 'answer', ARGV[6]) end
redis.call('DEL', KEYS[1])
return 1
"""
# KEYS[1] turn, KEYS[2] live zset, KEYS[3] rate zset, KEYS[4] notice marker; ARGV[1] payload,
# ARGV[2] owner, ARGV[3] now ms, ARGV[4] lease ms, ARGV[5] window ms, ARGV[6] limit,
# ARGV[7] rate member, ARGV[8] keep ms, ARGV[9] turn id.
_ADMIT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 'duplicate' end
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[5]))
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then
  redis.call('HSET', KEYS[1], 'state', 'done', 'attempts', 0)
  redis.call('PEXPIRE', KEYS[1], ARGV[8])
  if redis.call('SET', KEYS[4], '1', 'NX', 'PX', ARGV[5]) then return 'limited' end
  return 'limited_quiet'
end
redis.call('ZADD', KEYS[3], now, ARGV[7])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
local lease = now + tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'state', 'pending', 'payload', ARGV[1], 'owner', ARGV[2], 'lease', lease,
           'attempts', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[8])
redis.call('ZADD', KEYS[2], lease, ARGV[9])
return 'accepted'
"""
# KEYS[1] live zset; ARGV[1] now ms, ARGV[2] new lease expiry ms, ARGV[3] owner, ARGV[4] limit,
# ARGV[5] turn key prefix. Returns {id, state, payload, attempts, placeholder ts, answer} per turn.
_CLAIM = """
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
for _, id in ipairs(ids) do
  local key = ARGV[5] .. id
  local state = redis.call('HGET', key, 'state')
  if (not state) or state == 'done' then
    redis.call('ZREM', KEYS[1], id)
  else
    redis.call('HSET', key, 'owner', ARGV[3], 'lease', ARGV[2])
    local attempts = redis.call('HINCRBY', key, 'attempts', 1)
    redis.call('ZADD', KEYS[1], ARGV[2], id)
    local f = redis.call('HMGET', key, 'payload', 'ph', 'answer')
    table.insert(out, {id, state, f[1] or '', attempts, f[2] or '', f[3] or ''})
  end
end
return out
"""
# KEYS[1] live zset; ARGV[1] owner, ARGV[2] lease expiry ms, ARGV[3] turn key prefix, ARGV[4..] ids.
_RENEW = """
for i = 4, #ARGV do
  local key = ARGV[3] .. ARGV[i]
  if redis.call('HGET', key, 'owner') == ARGV[1] and redis.call('HGET', key, 'state') ~= 'done' then
    redis.call('HSET', key, 'lease', ARGV[2])
    redis.call('ZADD', KEYS[1], ARGV[2], ARGV[i])
  end
end
return 0
"""
# KEYS[1] turn; ARGV[1] owner, ARGV[2] field, ARGV[3] value: set a field while owned.
_SET_OWNED = """
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
"""
# KEYS[1] turn; ARGV[1] owner, ARGV[2] answer JSON.
_ANSWER = """
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'pending' then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'answered', 'answer', ARGV[2])
return 1
"""
# KEYS[1] turn, KEYS[2] live zset, KEYS[3] (optional) session to save; ARGV[1] owner, ARGV[2] turn id,
# ARGV[3] state JSON, ARGV[4] ttl ms. The session is written whether or not the turn is still owned.
_FINISH = """
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4]) end
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done')
redis.call('HDEL', KEYS[1], 'payload', 'answer')
redis.call('ZREM', KEYS[2], ARGV[2])
return 1
"""
# KEYS[1] live zset; ARGV[1] turn key prefix. Returns the owner of every unfinished turn.
_OWNERS = """
local out = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local owner = redis.call('HGET', ARGV[1] .. id, 'owner')
  if owner then table.insert(out, owner) end
end
return out
"""
# KEYS[1] live zset; ARGV[1] turn key prefix, ARGV[2] owner: its turns become claimable now.
_EXPIRE = """
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local key = ARGV[1] .. id
  if redis.call('HGET', key, 'owner') == ARGV[2] then
    redis.call('HSET', key, 'lease', 0)
    redis.call('ZADD', KEYS[1], 0, id)
  end
end
return 0
"""
HEALTH_KEY = f"{PREFIX}health"
LIVE_KEY = f"{PREFIX}turns:live"
TURN_PREFIX = f"{PREFIX}turn:"
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
        self._admit = client.register_script(_ADMIT)
        self._claim = client.register_script(_CLAIM)
        self._renew = client.register_script(_RENEW)
        self._set_owned = client.register_script(_SET_OWNED)
        self._answer = client.register_script(_ANSWER)
        self._finish = client.register_script(_FINISH)
        self._owners = client.register_script(_OWNERS)
        self._expire = client.register_script(_EXPIRE)

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
        self,
        session_id: str,
        fn: Callable[[SessionState | None], tuple[SessionState | None, R]],
        *,
        complete: Callable[[R], Completion | None] | None = None,
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
                keys = [lock, key]
                args: list[str | int] = [token, op, payload, self._ttl_ms]
                completion = complete(result) if complete is not None else None
                if completion is not None:
                    keys.append(TURN_PREFIX + completion.turn_id)
                    args += [completion.owner, turns.dumps(completion.answer)]
                with self._guard("update"):
                    outcome = int(self._commit(keys=keys, args=args))
                if outcome < 0:
                    committed = True  # the script released the lock
                    raise TurnLost(completion.turn_id if completion else "")
                committed = outcome == 1
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

    def turn_owners(self) -> set[str]:
        with self._guard("turn owners"):
            return {str(owner) for owner in self._owners(keys=[LIVE_KEY], args=[TURN_PREFIX])}

    def expire_leases(self, owner: str) -> None:
        with self._guard("expire leases"):
            self._expire(keys=[LIVE_KEY], args=[TURN_PREFIX, owner])

    def ping(self) -> bool:
        """A real write: a Redis that refuses writes (OOM under noeviction, MISCONF) is not ready."""
        try:
            return bool(self._r.set(HEALTH_KEY, str(self._clock()), px=60_000))
        except (RedisError, OSError):
            return False

    # -- the durable turn queue --

    def admit(
        self,
        turn_id: str,
        payload: dict[str, Any],
        *,
        owner: str,
        lease_s: float,
        rate_key: str,
        limit: int,
        window_s: float,
        keep_s: float,
    ) -> Admission:
        now_ms = int(self._clock() * 1000)
        with self._guard("admit"):
            outcome = self._admit(
                keys=[
                    TURN_PREFIX + turn_id,
                    LIVE_KEY,
                    f"{PREFIX}rate:{rate_key}",
                    f"{PREFIX}notice:{rate_key}",
                ],
                args=[
                    turns.dumps(payload),
                    owner,
                    now_ms,
                    _ms(lease_s),
                    _ms(window_s),
                    limit,
                    f"{now_ms}:{secrets.token_hex(6)}",
                    _ms(keep_s),
                    turn_id,
                ],
            )
        return Admission(outcome)

    def claim_turns(self, owner: str, lease_s: float, limit: int) -> list[QueuedTurn]:
        now_ms = int(self._clock() * 1000)
        with self._guard("claim turns"):
            # A read first: the sweep runs every second and there is almost never anything to take.
            if not self._r.zrangebyscore(LIVE_KEY, "-inf", now_ms, start=0, num=1):
                return []
            rows = self._claim(
                keys=[LIVE_KEY], args=[now_ms, now_ms + _ms(lease_s), owner, limit, TURN_PREFIX]
            )
        return [
            QueuedTurn(
                id=str(row[0]),
                state=str(row[1]),
                payload=turns.loads(row[2]) or {},
                attempts=int(row[3]),
                placeholder_ts=str(row[4]) or None,
                answer=turns.loads(row[5]),
            )
            for row in rows
        ]

    def renew_leases(self, owner: str, turn_ids: list[str], lease_s: float) -> None:
        if not turn_ids:
            return
        until_ms = int(self._clock() * 1000) + _ms(lease_s)
        with self._guard("renew leases"):
            self._renew(keys=[LIVE_KEY], args=[owner, until_ms, TURN_PREFIX, *turn_ids])

    def set_placeholder(self, turn_id: str, owner: str, ts: str) -> None:
        with self._guard("placeholder"):
            self._set_owned(keys=[TURN_PREFIX + turn_id], args=[owner, "ph", ts])

    def complete_turn(self, completion: Completion) -> bool:
        with self._guard("complete turn"):
            done = self._answer(
                keys=[TURN_PREFIX + completion.turn_id],
                args=[completion.owner, turns.dumps(completion.answer)],
            )
        return bool(done)

    def finish_turn(self, turn_id: str, owner: str, *, save: tuple[str, SessionState] | None = None) -> None:
        keys = [TURN_PREFIX + turn_id, LIVE_KEY]
        args: list[str | int] = [owner, turn_id]
        if save is not None:
            session_id, state = save
            keys.append(self._session_key(session_id))
            args += [json.dumps(state, ensure_ascii=False), self._ttl_ms]
        with self._guard("finish turn"):
            self._finish(keys=keys, args=args)

    def close(self) -> None:
        self._r.close()


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


def _decode(raw: Any) -> SessionState | None:
    if raw is None:
        return None
    state = json.loads(raw)
    return state if isinstance(state, dict) else None
