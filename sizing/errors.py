"""The one exception the engine raises for input it cannot size."""

from __future__ import annotations

from collections.abc import Mapping


class SizingError(ValueError):
    """Bad or impossible input. `code` is stable for templates; `message` is English for logs/CLI."""

    def __init__(self, code: str, message: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, object] = dict(params or {})
