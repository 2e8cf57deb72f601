"""The language of the training text: it sets the bytes per token a size in bytes is planned at
(sizing.workload.BYTES_PER_TOKEN). A size said in a message brings the message's language with it
("800GB 数据" is Chinese text); a language named for the data ("其实数据都是英文的", "the data is Chinese
text", "資料是程式碼") changes the plan held, and the change line says so, also when the message says the size
held again ("sorry, that's 300GB of Chinese text"); the language the plan already reads the size in
("数据是中文的" on a Chinese conversation's 300GB) changes nothing, and one line says so."""

from __future__ import annotations

from bot.dialogue.state import DialogueState, SlotChange
from bot.dialogue.understand import Understood


def take_data_language(state: DialogueState, u: Understood, size_changed: bool = False) -> list[SlotChange]:
    """Apply the data language of a message; the change to report when a plan held a size in bytes and
    the message named another language for it without a new size of its own (`size_changed`: the size
    said differs from the one held, and that change is reported instead)."""
    if not u.data_language or not (u.said or u.data_language_named):
        return []
    old = state.data_language or "en"
    state.data_language = u.data_language
    sized = size_changed or u.said.get("tokens") is not None
    in_bytes = state.slots.get("data_bytes") is not None and state.slots.get("tokens") is None
    if sized or not in_bytes or state.last is None or old == u.data_language:
        return []
    return [SlotChange("data_language", old, u.data_language)]


def keeps_token_count(state: DialogueState, u: Understood) -> bool:
    """A language named for the data ("the data is Chinese", "数据是中文的") with no size of its own, while
    the data held is a token count: the count stays as it is (the language only sets the bytes per
    token of a size on disk), and the reply says so in one line instead of an FAQ on the words."""
    sized = any(u.said.get(k) is not None for k in ("tokens", "data_bytes"))
    return (
        bool(u.data_language_named)
        and not sized
        and state.slots.get("tokens") is not None
        and state.slots.get("data_bytes") is None
    )


def language_already_planned(state: DialogueState, u: Understood, before: str | None) -> bool:
    """A language named for the data ("数据是中文的", "it's English text") that the plan held already reads
    its size on disk in (`before`: the data language before this message), with no new size: nothing
    changes, and the reply says so in one line instead of an FAQ on the words."""
    return (
        bool(u.data_language_named)
        and u.data_language == (before or "en")
        and u.said.get("tokens") is None
        and u.said.get("data_bytes") in (None, state.slots.get("data_bytes"))
        and state.slots.get("data_bytes") is not None
        and state.slots.get("tokens") is None
        and state.last is not None
    )
