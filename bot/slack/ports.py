"""What the Slack layer needs from the consultant and the store (structural types).

The real implementations are bot.consultant.Consultant / Turn and bot.store.*; tests pass fakes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from bot.store.turns import Admission, Completion, QueuedTurn

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

    def chart_png(self) -> bytes | None: ...


class ConsultantLike(Protocol):
    def handle(self, session_id: str, text: str, *, user_id: str | None = None) -> TurnLike: ...

    def handle_action(self, session_id: str, action: str, value: str) -> TurnLike: ...

    def handle_form(self, session_id: str, fields: dict[str, str]) -> TurnLike: ...

    def validate_form(self, fields: dict[str, str]) -> dict[str, str]: ...

    def home_view(self, user_id: str, lang: str) -> dict[str, Any]: ...


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

    def finish_turn(self, turn_id: str, owner: str) -> None: ...
