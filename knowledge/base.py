"""Building blocks every knowledge schema uses: strict frozen models, bilingual text, sources,
and a YAML reader whose errors name the file, the entry and the field."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator


class KnowledgeError(Exception):
    """Malformed or inconsistent knowledge data; the message is one line naming file, entry, field."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class Bilingual(Strict):
    """Text users read, in simplified Chinese and English (traditional is converted on output)."""

    zh: str
    en: str

    @field_validator("zh", "en")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    def pick(self, lang: str) -> str:
        return self.zh if lang.startswith("zh") else self.en


class Source(Strict):
    """Where a fact comes from, and when it was read."""

    ref: str  # paper / datasheet / repo:path@commit / URL
    as_of: dt.date
    note: str | None = None
    cite: str | None = None  # what users read (datasheet name, paper, repo path@short commit)

    @property
    def citation(self) -> str:
        """The user-facing citation: `cite`, else `ref` with commit hashes cut to 7 characters."""
        return self.cite or re.sub(r"@([0-9a-f]{7})[0-9a-f]{5,}", r"@\1", self.ref)


M = TypeVar("M", bound=BaseModel)
_SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader is ~10x faster


def read_yaml(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_SafeLoader)
    except FileNotFoundError:
        raise KnowledgeError(f"{path}: file not found") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise KnowledgeError(f"{path}:{where} invalid YAML: {problem}") from None


def validate(model: type[M], data: Any, path: Path, entry: str) -> M:
    """Validate one record; on failure raise a one-line KnowledgeError naming file, entry and field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(record)"
        more = f" (+{exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise KnowledgeError(f"{path}: entry {entry!r}: field {field!r}: {err['msg']}{more}") from None


def entries(data: Any, path: Path, key: str) -> list[dict[str, Any]]:
    """The list under `key` in a YAML document, each item a mapping."""
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise KnowledgeError(f"{path}: expected a top-level '{key}:' list")
    items: list[dict[str, Any]] = data[key]
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise KnowledgeError(f"{path}: entry #{i + 1}: expected a mapping, got {type(item).__name__}")
    return items
