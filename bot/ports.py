"""What the shells (Slack, the terminal chat, the HTTP probes) need from the consultant and the
store, as structural types: the shells depend on these, never on each other.

The real implementations are bot.dialogue.consultant.Consultant / bot.dialogue.reply.Turn and
bot.store.*; tests pass fakes.
"""

from __future__ import annotations

from collections.abc import Callable
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

    def chart_png(self) -> bytes | None: ...


class ChatPort(Protocol):
    """What `gpu-advisor chat` needs: one turn of text, and the reset/explain actions."""

    def handle(self, session_id: str, text: str) -> TurnLike: ...

    def handle_action(self, session_id: str, action: str, value: str) -> TurnLike: ...


class ConsultantLike(ChatPort, Protocol):
    """What the Slack app needs: turns with the user's id, the /gpu form and App Home as well."""

    def handle(self, session_id: str, text: str, *, user_id: str | None = None) -> TurnLike: ...

    def handle_form(self, session_id: str, fields: dict[str, str]) -> TurnLike: ...

    def validate_form(self, fields: dict[str, str]) -> dict[str, str]: ...

    def home_view(self, user_id: str, lang: str) -> dict[str, Any]: ...


class StoreLike(Protocol):
    def update(
        self, session_id: str, fn: Callable[[dict[str, Any] | None], tuple[dict[str, Any] | None, R]]
    ) -> R: ...

    def get(self, session_id: str) -> dict[str, Any] | None: ...

    def exists(self, session_id: str) -> bool: ...

    def claim_event(self, event_id: str, ttl_s: float = 3600) -> bool: ...

    def hit_rate_limit(self, key: str, limit: int, window_s: float) -> bool: ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...
