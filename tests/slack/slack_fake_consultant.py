"""A consultant stand-in that follows the Consultant contract, with predictable replies.

Keeps a real session in the store (so thread continuation can be tested) and escapes user text the
way the real one does. `careless=True` skips the escaping, to prove the Slack layer's own safety net.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from bot.dialogue.commit import commit_turn
from bot.slack.messages import detect_lang
from bot.store.base import SessionState, Store

PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class FakeTurn:
    text: str
    blocks: list[dict[str, Any]]
    payload: dict[str, Any]
    lang: str
    chart: bytes | None = None

    @property
    def has_chart(self) -> bool:
        return self.chart is not None

    def chart_png(self) -> bytes | None:
        return self.chart


def buttons() -> dict[str, Any]:
    return {
        "type": "actions",
        "elements": [
            {
                "type": "button",
                "action_id": "answer_precision_0",
                "text": {"type": "plain_text", "text": "BF16"},
                "value": "bf16",
            },
            {
                "type": "button",
                "action_id": "explain",
                "text": {"type": "plain_text", "text": "Explain"},
                "value": "explain",
            },
        ],
    }


@dataclass
class FakeConsultant:
    store: Store
    careless: bool = False
    with_chart: bool = False
    seen: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, session_id, text)
    lang_hints: list[str | None] = field(default_factory=list)  # what each text turn was told
    hold: threading.Event | None = None  # texts with "hang" wait for it
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _turn(self, session_id: str, kind: str, text: str) -> FakeTurn:
        with self._lock:
            self.seen.append((kind, session_id, text))
        if "boom" in text:
            raise RuntimeError("the consultant blew up")
        if "hang" in text and self.hold is not None:
            self.hold.wait(30)  # a worker stuck (or about to die) mid-turn, until the test lets go

        def compute(state: SessionState | None) -> tuple[SessionState, FakeTurn]:
            turns = int((state or {}).get("turns", 0)) + 1
            return {"turns": turns, "rev": turns}, self._reply(turns, text)

        # The real consultant's commit (bot.dialogue.commit): the session write and a queued Slack
        # turn's answer go into the store together.
        return commit_turn(self.store, session_id, compute)

    def _reply(self, turns: int, text: str) -> FakeTurn:
        shown = text if self.careless else escape(text)
        reply = f"Turn {turns}: for “{shown}” I suggest 8 × H100 SXM for 12 days."
        return FakeTurn(
            text=reply,
            blocks=[{"type": "section", "text": {"type": "mrkdwn", "text": reply}}, buttons()],
            payload={"reply": reply, "recommendation": {"options": [{"gpu": "h100-sxm"}]}},
            lang=detect_lang(text),
            chart=PNG_BYTES if self.with_chart else None,
        )

    def handle(
        self, session_id: str, text: str, *, user_id: str | None = None, lang_hint: str | None = None
    ) -> FakeTurn:
        self.lang_hints.append(lang_hint)
        return self._turn(session_id, "text", text)

    def handle_action(self, session_id: str, action: str, value: str) -> FakeTurn:
        return self._turn(session_id, f"action:{action}", value)

    def handle_form(self, session_id: str, fields: dict[str, str]) -> FakeTurn:
        return self._turn(session_id, "form", " ".join(f"{k}={v}" for k, v in sorted(fields.items())))

    def validate_form(self, fields: dict[str, str]) -> dict[str, str]:
        if not any(ch.isdigit() for ch in fields.get("params", "")):
            return {"params": "Model size needs a number, e.g. 7B / 模型大小需要数字，例如 7B"}
        return {}

    def home_entry(self, user_id: str | None, turn: FakeTurn) -> tuple[str, dict[str, Any]] | None:
        return None

    def home_view(self, user_id: str, lang: str) -> dict[str, Any]:
        title = "GPU 顾问" if lang.startswith("zh") else "GPU Advisor"
        return {"type": "home", "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": title}}]}
