"""The per-user rate limit tells a refused user once per window, however often they keep typing."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from pydantic import SecretStr
from slack_bolt import BoltContext, BoltRequest

from bot.config import Settings
from bot.metrics import Metrics
from bot.slack.gate import RATE_WINDOW_S, Gate
from bot.store.memory import MemoryStore


class InlineExecutor(Executor):
    """Runs submitted work at once, so what the gate posted is known when it returns."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


class RecordingClient:
    """The two Web API methods the gate uses, recording what a user would see."""

    def __init__(self) -> None:
        self.ephemeral: list[dict[str, Any]] = []
        self.posted: list[dict[str, Any]] = []

    def chat_postEphemeral(self, **args: Any) -> None:
        self.ephemeral.append(args)

    def chat_postMessage(self, **args: Any) -> None:
        self.posted.append(args)


# Event ids unique across every gate in a test, as Slack's are across instances.
EVENT_NUMBERS = itertools.count(1)


class Clock:
    def __init__(self) -> None:
        self.now_s = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now_s


class GateUnderTest:
    def __init__(self, *, limit_per_minute: int, store: MemoryStore | None = None) -> None:
        self.clock = Clock()
        self.store = store or MemoryStore(session_ttl_s=3600, clock=self.clock)
        self.metrics = Metrics()
        self.client = RecordingClient()
        settings = Settings(
            slack_bot_token=SecretStr("xoxb-test"),
            slack_signing_secret=SecretStr("secret"),
            rate_limit_per_minute=limit_per_minute,
        )
        self.gate = Gate(settings, self.store, self.metrics, InlineExecutor())
        self.answered = 0

    def mention(self, text: str, *, user: str = "U1", team: str = "T1") -> None:
        number = next(EVENT_NUMBERS)
        ts = f"1800000000.{number:06d}"
        body = {
            "type": "event_callback",
            "team_id": team,
            "event_id": f"Ev{number}",
            "event": {
                "type": "app_mention",
                "user": user,
                "text": f"<@UBOT> {text}",
                "channel": "C1",
                "ts": ts,
            },
        }
        context = BoltContext({"bot_user_id": "UBOT"})
        self.gate(BoltRequest(body="{}"), context, body, self.client, self._answer)  # type: ignore[arg-type]

    def _answer(self) -> None:
        self.answered += 1

    def refusals_counted(self) -> float:
        return self.metrics.rate_limited._value.get()  # type: ignore[no-any-return]


def test_a_user_who_keeps_typing_past_the_limit_is_told_only_once_per_window() -> None:
    bot = GateUnderTest(limit_per_minute=2)

    for i in range(6):
        bot.mention(f"question {i}")

    assert bot.answered == 2
    assert len(bot.client.ephemeral) == 1
    assert "please wait a minute" in bot.client.ephemeral[0]["text"]
    assert bot.refusals_counted() == 4  # every refusal is still counted in metrics


def test_a_user_still_over_the_limit_in_the_next_window_is_told_again() -> None:
    bot = GateUnderTest(limit_per_minute=1)
    bot.mention("first")
    bot.mention("too soon")
    bot.clock.now_s += RATE_WINDOW_S * 0.9
    bot.mention("still too soon")
    assert len(bot.client.ephemeral) == 1

    bot.clock.now_s += RATE_WINDOW_S * 0.2  # the first answer has left the window: answered again
    bot.mention("allowed again")
    bot.mention("over again")

    assert bot.answered == 2
    assert len(bot.client.ephemeral) == 2


def test_the_once_per_window_note_is_per_user() -> None:
    bot = GateUnderTest(limit_per_minute=1)

    for user in ("U1", "U2"):
        bot.mention("first", user=user)
        bot.mention("second", user=user)
        bot.mention("third", user=user)

    assert sorted(note["user"] for note in bot.client.ephemeral) == ["U1", "U2"]


def test_the_note_mark_is_shared_so_a_second_instance_does_not_repeat_the_note() -> None:
    first = GateUnderTest(limit_per_minute=1)
    second = GateUnderTest(limit_per_minute=1, store=first.store)  # one shared store, as with Redis

    first.mention("answered")
    first.mention("refused and told")
    second.mention("refused on another instance")

    assert len(first.client.ephemeral) + len(second.client.ephemeral) == 1
    assert second.refusals_counted() == 1
