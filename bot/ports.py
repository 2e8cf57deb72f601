"""What the shells (Slack, the terminal chat, the HTTP probes) need from the consultant and the
store, as structural types: the shells depend on these, never on each other.

The real implementations are bot.dialogue.consultant.Consultant / bot.dialogue.reply.Turn and
bot.store.*; tests pass fakes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

R = TypeVar("R")


class TurnLike(Protocol):
    @property
    def text(self) -> str: ...  # mrkdwn fallback, user text already escaped

    @property
    def blocks(self) -> list[dict[str, Any]]: ...

    @property
    def payload(self) -> dict[str, Any]: ...

    @property
    def lang(self) -> str: ...

    @property
    def has_chart(self) -> bool: ...  # a chart follows this answer (a new plan, and charts are installed)

    def chart_png(self) -> bytes | None: ...


class ChatPort(Protocol):
    """What `gpu-advisor chat` needs: one turn of text, and the reset/explain actions."""

    def handle(self, session_id: str, text: str) -> TurnLike: ...

    def handle_action(self, session_id: str, action: str, value: str) -> TurnLike: ...


class ConsultantLike(ChatPort, Protocol):
    """What the Slack app needs: turns with the user's id, the /gpu form and App Home as well."""

    def handle(
        self, session_id: str, text: str, *, user_id: str | None = None, lang_hint: str | None = None
    ) -> TurnLike: ...

    def handle_form(self, session_id: str, fields: dict[str, str]) -> TurnLike: ...

    def validate_form(self, fields: dict[str, str]) -> dict[str, str]: ...

    def home_view(self, user_id: str, lang: str) -> dict[str, Any]: ...

    def home_entry(self, user_id: str | None, turn: TurnLike) -> tuple[str, dict[str, Any]] | None:
        """App Home's session id for the user and the turn's plan as their latest (None: no plan)."""
        ...


# -- the durable turn queue's values (life cycle: bot.store.turns) ---------------------------------


class Admission(enum.Enum):
    """What `Store.admit` did with a new turn."""

    ACCEPTED = "accepted"  # recorded as pending, leased to the caller
    DUPLICATE = "duplicate"  # the same id was admitted before (a retry or a replay): do nothing
    LIMITED = "limited"  # refused by the rate limit; the first refusal in the window: tell the user
    LIMITED_QUIET = "limited_quiet"  # refused again in the same window: stay quiet


@dataclass(frozen=True)
class QueuedTurn:
    id: str
    state: str  # PENDING or ANSWERED (claims never return DONE turns)
    payload: dict[str, Any]
    attempts: int  # how many workers have taken it, this one included
    placeholder_ts: str | None
    answer: dict[str, Any] | None


@dataclass(frozen=True)
class Completion:
    """Marks a turn answered in the same transaction as its session write (see Store.update)."""

    turn_id: str
    owner: str
    answer: dict[str, Any]


class TurnLost(Exception):
    """The caller no longer holds the turn's lease (it expired and another worker took it over), so
    its session write was not made: the other worker answers."""


class StoreLike(Protocol):
    def update(
        self,
        session_id: str,
        fn: Callable[[dict[str, Any] | None], tuple[dict[str, Any] | None, R]],
        *,
        complete: Callable[[R], Completion | None] | None = None,
    ) -> R: ...

    def get(self, session_id: str) -> dict[str, Any] | None: ...

    def exists(self, session_id: str) -> bool: ...

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool: ...

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool: ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...

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
    ) -> Admission: ...

    def claim_turns(self, owner: str, lease_s: float, limit: int) -> list[QueuedTurn]: ...

    def renew_leases(self, owner: str, turn_ids: list[str], lease_s: float) -> None: ...

    def set_placeholder(self, turn_id: str, owner: str, ts: str) -> None: ...

    def complete_turn(self, completion: Completion) -> bool: ...

    def finish_turn(
        self, turn_id: str, owner: str, *, save: tuple[str, dict[str, Any]] | None = None
    ) -> None: ...

    def turn_owners(self) -> set[str]: ...

    def expire_leases(self, owner: str) -> None: ...
