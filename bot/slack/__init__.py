"""The Slack surface of GPU Advisor (Bolt listeners over the consultant).

`build_app` is imported on first use: the courier process (bot.slack.courier) imports this package
and needs none of Bolt, the listeners or the consultant they reach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.slack.app import SlackConfigError, build_app

__all__ = ["SlackConfigError", "build_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from bot.slack import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
