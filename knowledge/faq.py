"""FAQ entries and pitfalls: schema and loaders for knowledge/data/{faq,pitfalls}.yaml."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import ConfigDict, Field, PlainValidator, field_validator

from knowledge.base import Bilingual, KnowledgeError, Source, Strict, entries, read_yaml, validate
from knowledge.triggers import All, AnyOf, Compare, Not, Trigger, parse_trigger

DATA_DIR = Path(__file__).resolve().parent / "data"
FAQ_FILE = DATA_DIR / "faq.yaml"
PITFALLS_FILE = DATA_DIR / "pitfalls.yaml"


class Phrasings(Strict):
    """Ways people ask, used only for retrieval (never shown); zh in simplified characters."""

    zh: tuple[str, ...] = ()
    en: tuple[str, ...] = ()

    @field_validator("zh", "en", mode="before")
    @classmethod
    def _numbers_as_text(cls, value: Any) -> Any:
        # YAML reads a bare `4090` or `624` as a number; as a keyword it is text.
        if isinstance(value, list):
            return [str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v for v in value]
        return value


class FaqEntry(Strict):
    id: Annotated[str, Field(pattern=r"^faq\.[a-z0-9_]+$")]
    title: Bilingual
    answer: Bilingual
    questions: Phrasings
    keywords: Phrasings = Phrasings()
    related: tuple[str, ...] = ()
    # Entries giving the same advice (a FAQ and the pitfall that warns about it): one answer shows
    # only one of them (see distinct_advice). Listed on both sides.
    twins: tuple[str, ...] = ()
    # Synonym concepts (synonyms.yaml ids) the question must touch for this entry to be the answer
    # at full strength: the Chinese-cloud entries need a China cue, else a generic "which provider
    # is reliable" question is theirs by shared words (knowledge.search.REQUIRES_FACTOR).
    requires: tuple[str, ...] = ()
    # Terms this entry defines ("lora", "flops"): a definition question ("what is LoRA?", "FLOPs 是什么")
    # about one of them is answered by this entry first (knowledge.search.DEFINES_FACTOR).
    defines: tuple[str, ...] = ()
    sources: Annotated[tuple[Source, ...], Field(min_length=1)]

    @property
    def body(self) -> Bilingual:
        return self.answer


def _trigger(raw: Any) -> Trigger:
    if isinstance(raw, All | AnyOf | Not | Compare):
        return raw
    return parse_trigger(raw)


class Pitfall(Strict):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: Annotated[str, Field(pattern=r"^pitfall\.[a-z0-9_]+$")]
    title: Bilingual
    description: Bilingual
    advice: Bilingual
    trigger: Annotated[Trigger, PlainValidator(_trigger)]
    questions: Phrasings
    keywords: Phrasings = Phrasings()
    related: tuple[str, ...] = ()
    twins: tuple[str, ...] = ()  # see FaqEntry.twins
    requires: tuple[str, ...] = ()  # see FaqEntry.requires
    defines: tuple[str, ...] = ()  # see FaqEntry.defines
    sources: Annotated[tuple[Source, ...], Field(min_length=1)]

    @property
    def body(self) -> Bilingual:
        """Description then advice: what a reader sees when this pitfall answers a question."""
        return Bilingual(
            zh=f"{self.description.zh}\n{self.advice.zh}",
            en=f"{self.description.en}\n{self.advice.en}",
        )


Entry = FaqEntry | Pitfall


M = TypeVar("M", FaqEntry, Pitfall)


def _load(model: type[M], path: Path, key: str) -> tuple[M, ...]:
    records = entries(read_yaml(path), path, key)
    loaded: list[M] = []
    seen: set[str] = set()
    for i, raw in enumerate(records):
        name = str(raw.get("id", f"#{i + 1}"))
        if name in seen:
            raise KnowledgeError(f"{path}: entry {name!r}: field 'id': duplicate id")
        seen.add(name)
        loaded.append(validate(model, raw, path, name))
    return tuple(loaded)


def load_faq(path: Path = FAQ_FILE) -> tuple[FaqEntry, ...]:
    return _load(FaqEntry, path, "faq")


def load_pitfalls(path: Path = PITFALLS_FILE) -> tuple[Pitfall, ...]:
    return _load(Pitfall, path, "pitfalls")


def check_related(all_entries: Iterable[Entry]) -> None:
    """Every `related` and `twins` id names an entry that exists (across FAQ and pitfalls), and
    twins are listed on both sides."""
    items = list(all_entries)
    by_id = {item.id: item for item in items}
    for item in items:
        where = FAQ_FILE if isinstance(item, FaqEntry) else PITFALLS_FILE
        for field in ("related", "twins"):
            for ref in getattr(item, field):
                if ref not in by_id:
                    raise KnowledgeError(f"{where}: entry {item.id!r}: field {field!r}: unknown id {ref!r}")
        for ref in item.twins:
            if item.id not in by_id[ref].twins:
                raise KnowledgeError(
                    f"{where}: entry {item.id!r}: field 'twins': {ref!r} does not list it back"
                )


def twins_by_id(all_entries: Iterable[Entry]) -> dict[str, frozenset[str]]:
    """Each entry's twins (the entries giving the same advice), for distinct_advice."""
    return {item.id: frozenset(item.twins) for item in all_entries}


def distinct_advice(ids: Iterable[str], twins: Mapping[str, frozenset[str]]) -> list[str]:
    """`ids` in order, without any entry whose twin came earlier: one answer, one version of the advice.
    `twins`: twins_by_id over every entry."""
    kept: list[str] = []
    for entry_id in ids:
        if entry_id in kept or not twins.get(entry_id, frozenset()).isdisjoint(kept):
            continue
        kept.append(entry_id)
    return kept
