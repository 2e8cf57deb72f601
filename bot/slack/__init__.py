"""The Slack surface of GPU Advisor (Bolt listeners over the consultant)."""

from bot.slack.app import SlackConfigError, build_app

__all__ = ["SlackConfigError", "build_app"]
