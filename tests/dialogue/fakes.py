"""A scripted parser: each test says what the NLU understands from each of its messages.

The dialogue layer is tested on its own ("high gear"): what the parser returns for a message is
part of the test's setup, so these tests pin the dialogue's behaviour, not the NLU's.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from typing import Any

from bot.nlu.types import Ask, Parse, Slots

_CJK = re.compile(r"[\u4e00-\u9fff]")


class ScriptedParse:
    def __init__(self, script: dict[str, Parse] | None = None) -> None:
        self.script = dict(script or {})
        self.seen: list[str] = []

    def understands(
        self,
        text: str,
        intent: str = "size",
        *,
        script: str | None = None,
        asks: tuple[Ask, ...] = (),
        gpus: tuple[str, ...] = (),
        flags: dict[str, Any] | None = None,
        **slots: Any,
    ) -> None:
        """`flags`: other Parse fields the message sets (no_deadline, asap, deadline_date, ...)."""
        lang_script = script or ("zh-Hans" if _CJK.search(text) else "en")
        known = {f.name for f in dataclasses.fields(Parse)}
        flags = dict(flags or {})
        parse = Parse(
            intent=intent,
            lang="zh" if lang_script.startswith("zh") else "en",
            script=lang_script,
            slots=Slots(**slots),
            asks=asks,
            gpus_mentioned=gpus,
            **{k: v for k, v in flags.items() if k in known},
        )
        extra = {k: v for k, v in flags.items() if k not in known}
        self.script[text] = _WithFields(parse, extra) if extra else parse

    def __call__(self, text: str, today: dt.date | None = None) -> Parse:
        self.seen.append(text)
        if text in self.script:
            return self.script[text]
        script = "zh-Hans" if _CJK.search(text) else "en"
        return Parse(intent="unknown", lang=script[:2], script=script)


class _WithFields:
    """A Parse with fields the NLU is adding (lanes/interfaces.md) before its type has them: the
    dialogue reads them with getattr, so a test can say them now."""

    def __init__(self, parse: Parse, extra: dict[str, Any]) -> None:
        self._parse = parse
        self._extra = extra

    def __getattr__(self, name: str) -> Any:
        if name in self._extra:
            return self._extra[name]
        return getattr(self._parse, name)
