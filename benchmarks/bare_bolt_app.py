"""The baseline for reply latency: a bare Bolt app that answers every mention with one fixed line,
on the same fake Slack, signing secret and thread as the advisor. Started by benchmarks/run.py."""

from __future__ import annotations

import os
from typing import Any

from slack_bolt import App, Say
from slack_sdk import WebClient

app = App(
    client=WebClient(token=os.environ["SLACK_BOT_TOKEN"], base_url=os.environ["SLACK_API_URL"]),
    signing_secret=os.environ["SLACK_SIGNING_SECRET"],
)


@app.event("app_mention")
def on_mention(event: dict[str, Any], say: Say) -> None:
    say(text="ok", thread_ts=event["ts"])


if __name__ == "__main__":
    app.start(port=int(os.environ["PORT"]))
