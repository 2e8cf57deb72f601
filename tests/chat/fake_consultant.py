"""A small working consultant over a real store: remembers a parameter count, fails on request.

It stands in for bot.dialogue.consultant in tests of the chat command's I/O contract, so a bug there
cannot hide one here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.store.base import SessionState, Store

PARAMS = re.compile(r"(\d+(?:\.\d+)?)\s*B\b")


@dataclass(frozen=True)
class FakeTurn:
    text: str
    payload: dict[str, Any]
    lang: str = "en"
    png: bytes | None = None

    def chart_png(self) -> bytes | None:
        return self.png


@dataclass
class FakeConsultant:
    store: Store
    seen: list[str] = field(default_factory=list)

    def handle(self, session_id: str, text: str) -> FakeTurn:
        self.seen.append(text)
        if "boom" in text:
            raise RuntimeError("the dialogue layer fell over")

        def step(state: SessionState | None) -> tuple[SessionState, dict[str, Any]]:
            slots = dict((state or {}).get("slots", {}))
            if match := PARAMS.search(text):
                slots["params"] = float(match.group(1)) * 1e9
            payload = {
                "reply": f"*noted* {len(text)} chars &lt;ok&gt;",
                "slots": slots,
                "missing": [] if "params" in slots else ["params"],
                "recommendation": None,
                "faq": [],
                "pitfalls": [],
            }
            return {"slots": slots}, payload

        payload = self.store.update(session_id, step)
        if "nan" in text:
            payload["slots"]["days"] = float("nan")
        return FakeTurn(text=payload["reply"], payload=payload)

    def handle_action(self, session_id: str, action: str, value: str) -> FakeTurn:
        self.store.update(session_id, lambda state: (None, None))
        return FakeTurn(text="reset", payload={"reply": "reset", "slots": {}})
