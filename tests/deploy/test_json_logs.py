from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.ops.logs import bind_request_id, configure_logging, current_request_id, redact

# Built at run time so the repository never holds a string shaped like a real credential
# (test_deploy_files scans every tracked file for those).
SIGNING_SECRET = "4f2d9c1ab07e" + "3e5d8a6b9c0d1e2f3a4b"  # 32 lowercase hex, as Slack issues them
BOT_TOKEN = "xoxb-" + "1234567890-0987654321-" + "AbCd" * 6
PASSWORD = "hunter2"
APP_TOKEN = "xapp-" + "1-A0123456789-1234567890123-" + "ab01" * 16


@pytest.fixture
def log_stream() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    # Another test may have run a command that set our package loggers' levels; start from the root's.
    for name in ("bot", "knowledge", "sizing"):
        logging.getLogger(name).setLevel(logging.NOTSET)
    handler = configure_logging("DEBUG", json=True, stream=stream)
    try:
        yield stream
    finally:
        logging.getLogger().removeHandler(handler)


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_each_record_is_one_json_line_with_the_standard_fields(log_stream: io.StringIO) -> None:
    logging.getLogger("bot.slack").info("reply posted in %.1f s", 0.42, extra={"channel": "C9"})
    (line,) = lines(log_stream)
    assert line["level"] == "info"
    assert line["logger"] == "bot.slack"
    assert line["msg"] == "reply posted in 0.4 s"
    assert line["channel"] == "C9"
    assert line["ts"].endswith("+00:00")
    assert {"request_id", "event_id", "team"} <= set(line)


def test_records_inside_a_request_carry_its_ids_and_records_outside_do_not(log_stream: io.StringIO) -> None:
    log = logging.getLogger("bot.ops.http")
    with bind_request_id(event_id="Ev042", team="T1") as rid:
        assert current_request_id() == rid
        log.info("event accepted")
    log.info("idle")
    inside, outside = lines(log_stream)
    assert (inside["request_id"], inside["event_id"], inside["team"]) == (rid, "Ev042", "T1")
    assert len(rid) == 16
    assert (outside["request_id"], outside["event_id"], outside["team"]) == (None, None, None)


def test_nested_requests_restore_the_outer_id(log_stream: io.StringIO) -> None:
    with bind_request_id("outer"):
        with bind_request_id("inner"):
            assert current_request_id() == "inner"
        assert current_request_id() == "outer"


@pytest.mark.parametrize(
    "leak",
    [
        f"token={BOT_TOKEN}",
        f"auth with {BOT_TOKEN} failed",
        f"socket mode with {APP_TOKEN}",
        "user token xoxp-111-222-333-abcdef",
        f"SLACK_SIGNING_SECRET={SIGNING_SECRET}",
        'signing_secret: "sup3r-s3cret"',
        f"redis://:{PASSWORD}@redis.internal:6379/0 unreachable",
        # A name spelt with letters the pattern's case folding takes for s and k (a long s, a Kelvin sign)
        'ſigning_ſecret: "sup3r-s3cret"',
        'TO\u212aEN: "sup3r-s3cret"',
    ],
)
def test_slack_tokens_and_secrets_are_masked_in_messages(log_stream: io.StringIO, leak: str) -> None:
    logging.getLogger("bot").warning("config problem: %s", leak)
    text = log_stream.getvalue()
    for secret in (BOT_TOKEN, APP_TOKEN, "xoxp-111", SIGNING_SECRET, "sup3r-s3cret", PASSWORD):
        assert secret not in text
    assert "[REDACTED]" in text


def test_secrets_are_masked_in_extra_fields_and_tracebacks(log_stream: io.StringIO) -> None:
    try:
        raise RuntimeError(f"invalid_auth for {BOT_TOKEN}")
    except RuntimeError:
        logging.getLogger("bot").exception("slack call failed", extra={"headers": {"auth": BOT_TOKEN}})
    (line,) = lines(log_stream)
    assert BOT_TOKEN not in json.dumps(line)
    assert "RuntimeError: invalid_auth for [REDACTED]" in line["exc"]


def test_what_users_wrote_is_logged_at_debug_only(log_stream: io.StringIO) -> None:
    log = logging.getLogger("bot.dialogue.consultant")
    log.debug("turn", extra={"text": "我们要训练一个70亿参数的模型"})
    log.info("turn", extra={"text": "我们要训练一个70亿参数的模型", "intent": "size"})
    debug, info = lines(log_stream)
    assert debug["text"] == "我们要训练一个70亿参数的模型"
    assert "70亿" not in json.dumps(info, ensure_ascii=False)
    assert info["text"] == "<15 chars omitted above DEBUG>"
    assert info["intent"] == "size"


def test_training_vocabulary_is_not_mistaken_for_a_secret() -> None:
    assert redact("tokens=2e12 max_tokens: 4096 params=7e9") == "tokens=2e12 max_tokens: 4096 params=7e9"


def test_plain_text_mode_shows_the_request_id_and_masks_tokens() -> None:
    stream = io.StringIO()
    handler = configure_logging("INFO", json=False, stream=stream)
    try:
        with bind_request_id("req-7"):
            logging.getLogger("bot").info("posting with %s", BOT_TOKEN)
        logging.getLogger("bot").debug("hidden at INFO")
    finally:
        logging.getLogger().removeHandler(handler)
    out = stream.getvalue()
    assert "INFO bot [req-7] posting with [REDACTED]" in out
    assert "hidden" not in out


def test_configuring_twice_keeps_a_single_handler() -> None:
    root = logging.getLogger()
    first = configure_logging("INFO", json=True, stream=io.StringIO())
    second = configure_logging("INFO", json=True, stream=io.StringIO())
    try:
        assert first not in root.handlers
        assert [h for h in root.handlers if h.get_name() == "gpu-advisor"] == [second]
    finally:
        root.removeHandler(second)
