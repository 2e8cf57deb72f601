"""The durable turn queue's contract, run against SQLite, the in-memory store and a real Redis."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from redis_server import RedisServer, require_redis_server

from bot.store.base import SessionState, Store
from bot.store.memory import MemoryStore
from bot.store.sqlite import SQLiteStore
from bot.store.turns import ANSWERED, PENDING, Admission, Completion, TurnLost

DAY_S = 24 * 3600.0
LEASE_S = 15.0


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", "memory", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock) -> Iterator[Store]:
    made: Store
    server: RedisServer | None = None
    if request.param == "sqlite":
        made = SQLiteStore(tmp_path / "state.db", session_ttl_s=7 * DAY_S, clock=clock)
    elif request.param == "memory":
        made = MemoryStore(session_ttl_s=7 * DAY_S, clock=clock)
    else:
        from bot.store.redis import RedisStore

        server = RedisServer(require_redis_server(), tmp_path)
        server.start()
        made = RedisStore.from_url(server.url, session_ttl_s=7 * DAY_S, clock=clock)
    yield made
    made.close()
    if server is not None:
        server.stop()


def admit(store: Store, turn_id: str, *, owner: str = "A", user: str = "U1", limit: int = 100) -> Admission:
    return store.admit(
        turn_id,
        {"text": f"question {turn_id}", "user": user},
        owner=owner,
        lease_s=LEASE_S,
        rate_key=f"user:T1:{user}",
        limit=limit,
        window_s=60,
        keep_s=DAY_S,
    )


def say(text: str) -> Callable[[SessionState | None], tuple[SessionState, str]]:
    def fn(state: SessionState | None) -> tuple[SessionState, str]:
        said = list((state or {}).get("said", []))
        return {"said": [*said, text]}, f"answer to {text}"

    return fn


def answered_as(turn_id: str, owner: str) -> Callable[[str], Completion]:
    return lambda reply: Completion(turn_id, owner, {"text": reply})


def test_a_turn_is_admitted_once_and_every_repeat_of_its_id_is_a_duplicate(store: Store) -> None:
    assert admit(store, "Ev1") is Admission.ACCEPTED
    assert admit(store, "Ev1") is Admission.DUPLICATE
    assert admit(store, "Ev1", owner="B") is Admission.DUPLICATE
    assert admit(store, "Ev2") is Admission.ACCEPTED


def test_an_admitted_turn_is_not_claimable_while_its_lease_runs(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")
    clock.advance(LEASE_S - 1)

    assert store.claim_turns("B", LEASE_S, 10) == []


def test_a_turn_whose_worker_died_is_claimed_with_what_it_carried(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")
    store.set_placeholder("Ev1", "A", "1800000000.000100")
    clock.advance(LEASE_S + 1)

    [turn] = store.claim_turns("B", LEASE_S, 10)

    assert (turn.id, turn.state, turn.attempts) == ("Ev1", PENDING, 2)
    assert turn.payload == {"text": "question Ev1", "user": "U1"}
    assert turn.placeholder_ts == "1800000000.000100"
    assert turn.answer is None
    assert store.claim_turns("C", LEASE_S, 10) == []  # B holds it now


def test_a_renewed_lease_keeps_a_slow_turn_from_being_taken_over(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")
    for _ in range(4):
        clock.advance(LEASE_S / 2)
        store.renew_leases("A", ["Ev1"], LEASE_S)

    assert store.claim_turns("B", LEASE_S, 10) == []


def test_the_session_write_and_the_answer_commit_together(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")

    reply = store.update("T1:C1:1.0", say("7B"), complete=answered_as("Ev1", "A"))
    clock.advance(LEASE_S + 1)
    [turn] = store.claim_turns("B", LEASE_S, 10)

    assert reply == "answer to 7B"
    assert store.get("T1:C1:1.0") == {"said": ["7B"]}
    assert (turn.state, turn.answer) == (ANSWERED, {"text": "answer to 7B"})


def test_a_worker_that_lost_its_turn_writes_nothing_to_the_session(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")
    clock.advance(LEASE_S + 1)
    store.claim_turns("B", LEASE_S, 10)

    with pytest.raises(TurnLost):
        store.update("T1:C1:1.0", say("7B"), complete=answered_as("Ev1", "A"))
    store.update("T1:C1:1.0", say("7B"), complete=answered_as("Ev1", "B"))

    assert store.get("T1:C1:1.0") == {"said": ["7B"]}  # applied once, by the worker holding the turn


def test_a_turn_answered_once_cannot_be_answered_again(store: Store) -> None:
    admit(store, "Ev1", owner="A")
    store.update("s", say("first"), complete=answered_as("Ev1", "A"))

    with pytest.raises(TurnLost):
        store.update("s", say("again"), complete=answered_as("Ev1", "A"))
    assert store.complete_turn(Completion("Ev1", "A", {"text": "sorry"})) is False
    assert store.get("s") == {"said": ["first"]}


def test_an_error_answer_completes_a_turn_without_a_session_write(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")

    assert store.complete_turn(Completion("Ev1", "A", {"text": "sorry"})) is True
    clock.advance(LEASE_S + 1)
    [turn] = store.claim_turns("B", LEASE_S, 10)
    assert turn.answer == {"text": "sorry"}


def test_a_finished_turn_is_never_claimed_and_still_deduplicates(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", owner="A")
    store.update("s", say("x"), complete=answered_as("Ev1", "A"))
    store.finish_turn("Ev1", "A")
    clock.advance(LEASE_S + 1)

    assert store.claim_turns("B", LEASE_S, 10) == []
    assert admit(store, "Ev1") is Admission.DUPLICATE


def test_a_finish_that_saves_the_users_latest_plan_writes_both_in_one_commit(
    store: Store, clock: FakeClock
) -> None:
    store.update("home:U1", lambda _old: ({"top": "a100"}, None))
    admit(store, "Ev1", owner="A")
    store.update("s", say("x"), complete=answered_as("Ev1", "A"))

    store.finish_turn("Ev1", "A", save=("home:U1", {"top": "h100", "as_of": "2026-12-01"}))
    clock.advance(LEASE_S + 1)

    assert store.get("home:U1") == {"top": "h100", "as_of": "2026-12-01"}  # overwritten, not merged
    assert store.claim_turns("B", LEASE_S, 10) == []
    assert admit(store, "Ev1") is Admission.DUPLICATE


def test_a_finish_by_a_worker_that_lost_its_turn_still_saves_the_plan_but_leaves_the_turn(
    store: Store, clock: FakeClock
) -> None:
    admit(store, "Ev1", owner="A")
    clock.advance(LEASE_S + 1)
    [taken] = store.claim_turns("B", LEASE_S, 10)

    store.finish_turn("Ev1", "A", save=("home:U1", {"top": "h100"}))
    clock.advance(LEASE_S + 1)

    assert store.get("home:U1") == {"top": "h100"}  # the user's latest plan, whoever showed it
    assert [turn.id for turn in store.claim_turns("C", LEASE_S, 10)] == [taken.id]  # still B's to finish


def test_claims_take_at_most_the_limit_oldest_lease_first(store: Store, clock: FakeClock) -> None:
    for i in range(5):
        admit(store, f"Ev{i}", owner="A", user=f"U{i}")
        clock.advance(1)
    clock.advance(LEASE_S)

    first = store.claim_turns("B", LEASE_S, 2)
    rest = store.claim_turns("B", LEASE_S, 10)

    assert [t.id for t in first] == ["Ev0", "Ev1"]
    assert sorted(t.id for t in rest) == ["Ev2", "Ev3", "Ev4"]


def test_over_the_rate_limit_only_the_first_refusal_in_a_window_asks_for_a_notice(
    store: Store, clock: FakeClock
) -> None:
    outcomes = [admit(store, f"Ev{i}", limit=2) for i in range(6)]

    assert outcomes == [Admission.ACCEPTED] * 2 + [Admission.LIMITED] + [Admission.LIMITED_QUIET] * 3
    assert admit(store, "Ev2", limit=2) is Admission.DUPLICATE  # a retry of a refused event stays refused
    assert admit(store, "Other", user="U2", limit=2) is Admission.ACCEPTED
    clock.advance(61)
    assert admit(store, "Ev9", limit=2) is Admission.ACCEPTED


def test_a_refused_turn_is_never_claimed(store: Store, clock: FakeClock) -> None:
    admit(store, "Ev1", limit=0)
    clock.advance(LEASE_S + 1)

    assert store.claim_turns("B", LEASE_S, 10) == []


def test_a_turn_id_is_forgotten_after_it_has_been_kept_long_enough(store: Store, clock: FakeClock) -> None:
    if not isinstance(store, SQLiteStore | MemoryStore):
        pytest.skip("Redis expires keys on its own clock (the TTL is checked in tests/redis)")
    admit(store, "Ev1")
    store.finish_turn("Ev1", "A")
    clock.advance(DAY_S + 1)

    assert admit(store, "Ev1") is Admission.ACCEPTED


def test_the_owners_of_unfinished_turns_are_listed_and_a_dead_ones_leases_can_be_ended(
    store: Store, clock: FakeClock
) -> None:
    admit(store, "Ev1", owner="host:101:aa")
    admit(store, "Ev2", owner="host:102:bb", user="U2")
    admit(store, "Ev3", owner="host:103:cc", user="U3")
    store.finish_turn("Ev3", "host:103:cc")

    owners = store.turn_owners()
    store.expire_leases("host:101:aa")
    [taken] = store.claim_turns("host:200:dd", LEASE_S, 10)

    assert owners == {"host:101:aa", "host:102:bb"}  # finished turns hold nothing
    assert taken.id == "Ev1"  # at once, without waiting out its lease
