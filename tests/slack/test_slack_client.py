"""The Web API client's retries against the recording fake: what is repeated, what is not, and that a
long Retry-After is not slept on a worker thread; each over a server that closes every connection
(HTTP/1.0) and one that keeps them alive (Slack's). Then the kept-alive connection itself: one per
thread, the request slack_sdk would send, and what happens when the server closes it."""

from __future__ import annotations

import http.client
import os
import resource
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from slack_api import FakeSlackApi
from slack_harness import settings_for
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.web.base_client import BaseClient

from bot.ops.metrics import Metrics
from bot.slack.client import (
    MAX_RETRY_AFTER_S,
    SEND_HOOK,
    KeepAliveWebClient,
    build_client,
    readable,
    when_sent,
)


@pytest.fixture(params=["closes every connection", "keeps connections alive"])
def slack(request: pytest.FixtureRequest) -> Iterator[FakeSlackApi]:
    fake = FakeSlackApi(keep_alive=request.param == "keeps connections alive")
    yield fake
    fake.close()


@pytest.fixture
def kept() -> Iterator[FakeSlackApi]:
    fake = FakeSlackApi(keep_alive=True)
    yield fake
    fake.close()


def retries(metrics: Metrics) -> float:
    """Retries counted in /metrics, all reasons."""
    body, _ = metrics.exposition()
    rows = body.decode().splitlines()
    return sum(
        float(row.rsplit(" ", 1)[1]) for row in rows if row.startswith("gpu_advisor_slack_api_retries_total")
    )


def test_a_retry_after_longer_than_the_cap_fails_the_call_instead_of_sleeping(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics())
    slack.fail_first("chat.update", 429, retry_after_s=60)

    started = time.monotonic()
    with pytest.raises(SlackApiError):
        client.chat_update(channel="C1", ts="1.2", text="answer")

    assert time.monotonic() - started < MAX_RETRY_AFTER_S  # the worker was not parked for a minute
    assert len(slack.calls("chat.update")) == 1


def test_a_502_is_retried_for_an_edit_but_never_for_a_new_message(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics())
    slack.fail_first("chat.update", 502)
    slack.fail_first("chat.postMessage", 502)

    client.chat_update(channel="C1", ts="1.2", text="answer")
    with pytest.raises(SlackApiError):
        client.chat_postMessage(channel="C1", text="hello")

    assert len(slack.calls("chat.update")) == 2  # the 502, then the edit that landed
    assert len(slack.calls("chat.postMessage")) == 1  # Slack may have posted it: never twice


def test_a_read_timeout_is_retried_for_an_edit_but_not_for_a_new_message(slack: FakeSlackApi) -> None:
    client = build_client(settings_for(slack), Metrics(), timeout_s=1)
    slack.hang("chat.update", times=1)
    slack.hang("chat.postMessage", times=1)

    client.chat_update(channel="C1", ts="1.2", text="answer")
    with pytest.raises(TimeoutError):
        client.chat_postMessage(channel="C1", text="hello")
    slack.release()

    updates = slack.wait_for_calls("chat.update", 2, timeout_s=5)
    assert len(updates) == 2  # the timed-out one (answered late) and the retry
    slack.wait_for(lambda: len(slack.calls("chat.postMessage")) > 1, timeout_s=1.0)
    assert len(slack.calls("chat.postMessage")) == 1


def test_calls_from_one_thread_share_one_connection_and_each_thread_has_its_own(kept: FakeSlackApi) -> None:
    client = build_client(settings_for(kept), Metrics())

    for n in range(3):
        client.chat_postMessage(channel="C1", text=f"hello {n}")
    worker = threading.Thread(target=lambda: client.chat_update(channel="C1", ts="1.2", text="edit"))
    worker.start()
    worker.join()

    assert [c.args["text"] for c in kept.messages()] == ["hello 0", "hello 1", "hello 2", "edit"]
    assert kept.connections == 2


def test_the_kept_alive_client_sends_what_slack_sdks_own_client_sends_less_connection_close(
    slack: FakeSlackApi,
) -> None:
    settings = settings_for(slack)
    stock = WebClient(token="xoxb-test-token", base_url=slack.url)
    ours = build_client(settings, Metrics())
    for client in (stock, ours):
        client.chat_postMessage(
            channel="C1", thread_ts="1.2", text="working… <b>", blocks=[{"type": "divider"}]
        )
        client.api_call("chat.update", json={"channel": "C1", "ts": "1.2", "text": "答案"})
        client.api_call("users.info", params={"user": "U1"})

    calls = slack.calls()
    for sent_by_stock, sent_by_ours in zip(calls[:3], calls[3:], strict=True):
        assert (sent_by_ours.method, sent_by_ours.args, sent_by_ours.size_bytes) == (
            sent_by_stock.method,
            sent_by_stock.args,
            sent_by_stock.size_bytes,
        )
        assert sent_by_stock.headers.pop("Connection") == "close"
        assert "Connection" not in sent_by_ours.headers
        assert sent_by_ours.headers == sent_by_stock.headers


def test_a_connection_the_server_closed_while_idle_is_replaced_without_a_retry(kept: FakeSlackApi) -> None:
    metrics = Metrics()
    client = build_client(settings_for(kept), metrics)
    client.chat_postMessage(channel="C1", text="first")

    kept.close_connections()
    kept.wait_for(lambda: not kept._open, timeout_s=5)
    client.chat_postMessage(channel="C1", text="second")

    assert [c.args["text"] for c in kept.messages()] == ["first", "second"]
    assert kept.connections == 2
    assert retries(metrics) == 0


def test_a_kept_connection_closed_as_a_message_went_out_is_sent_again_at_once_on_a_new_one(
    kept: FakeSlackApi,
) -> None:
    metrics = Metrics()
    client = build_client(settings_for(kept), metrics)
    client.chat_postMessage(channel="C1", text="first")
    kept.drop_unanswered("chat.postMessage")

    started = time.monotonic()
    client.chat_postMessage(channel="C1", text="second")

    assert time.monotonic() - started < 0.4  # not after the connection-error back-off (0.5 s and more)
    assert [c.args["text"] for c in kept.messages()] == ["first", "second"]
    assert kept.connections == 2
    assert retries(metrics) == 0


def test_a_new_connection_closed_without_an_answer_is_left_to_the_connection_error_retries(
    slack: FakeSlackApi,
) -> None:
    metrics = Metrics()
    client = build_client(settings_for(slack), metrics)
    slack.drop_unanswered("chat.postMessage")

    client.chat_postMessage(channel="C1", text="hello")

    assert [c.args["text"] for c in slack.messages()] == ["hello"]
    assert retries(metrics) == 1  # counted, after its back-off, as slack_sdk's own client does it


def test_the_installed_slack_sdk_has_the_hook_the_kept_alive_client_replaces(slack: FakeSlackApi) -> None:
    assert callable(getattr(BaseClient, SEND_HOOK, None))
    assert type(build_client(settings_for(slack), Metrics())) is KeepAliveWebClient


def test_a_slack_sdk_without_the_hook_gets_its_own_client_back(
    slack: FakeSlackApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(BaseClient, SEND_HOOK)

    client = build_client(settings_for(slack), Metrics())

    assert type(client) is WebClient


def test_a_server_closed_connection_is_seen_on_a_descriptor_beyond_selects_limit() -> None:
    limit, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if limit <= 1100:
        pytest.skip(f"this process may open only {limit} files")
    ours, theirs = socket.socketpair()
    high = socket.socket(fileno=os.dup2(ours.fileno(), 1100))
    ours.close()
    try:
        assert not readable(high)  # open, nothing sent: reusable
        theirs.close()  # the server's end goes away
        assert readable(high)
    finally:
        high.close()


def test_the_caller_hears_that_a_post_went_out_while_slack_has_not_answered_it_yet(
    kept: FakeSlackApi,
) -> None:
    # The runner starts computing the answer once the placeholder's post is written (bot.slack.runner).
    client = build_client(settings_for(kept), Metrics())
    kept.hang("chat.postMessage", times=1)
    went_out = threading.Event()
    answered: list[str] = []

    def post() -> None:
        with when_sent(went_out.set):
            answered.append(client.chat_postMessage(channel="C1", text="working")["ts"])

    poster = threading.Thread(target=post)
    poster.start()
    assert went_out.wait(10)
    assert answered == []  # heard while Slack still holds the post unanswered
    kept.release()
    poster.join(10)
    assert len(answered) == 1 and len(kept.calls("chat.postMessage")) == 1


class ScriptedServer:
    """A raw HTTP server that answers each request with the next of `answers` (bytes as they go on the
    wire), on one connection kept open until an answer says otherwise; records each request's bytes."""

    def __init__(self, answers: list[bytes]) -> None:
        self.answers = list(answers)
        self.requests: list[bytes] = []
        self.connections = 0
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}/api/"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while self.answers:
            conn, _ = self._server.accept()
            self.connections += 1
            with conn, conn.makefile("rb") as reader:
                while self.answers:
                    head = b"".join(iter(reader.readline, b"\r\n"))
                    if not head:
                        break
                    length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                    self.requests.append(head + b"\r\n" + reader.read(length))
                    answer = self.answers.pop(0)
                    conn.sendall(answer)
                    if (
                        b"connection: close" in answer.lower()
                        or b"content-length" not in answer.lower()
                        and (b"chunked" not in answer.lower())
                    ):
                        break

    def close(self) -> None:
        self._server.close()


def answer(body: bytes, *head: bytes, status: bytes = b"200 OK") -> bytes:
    return b"HTTP/1.1 " + status + b"\r\n" + b"".join(h + b"\r\n" for h in head) + b"\r\n" + body


def client_for(server: ScriptedServer) -> WebClient:
    return build_client(settings_for(server), Metrics())  # type: ignore[arg-type]


def test_answers_whole_in_chunks_by_length_or_up_to_the_close_are_read_alike_on_one_connection() -> None:
    ok = b'{"ok": true, "ts": "1.2", "note": "\xe7\xad\x94"}'
    server = ScriptedServer(
        [
            answer(ok, b"Content-Type: application/json; charset=utf-8", b"Content-Length: %d" % len(ok)),
            answer(
                b"7\r\n"
                + ok[:7]
                + b"\r\n"
                + b"%x;ext=1\r\n" % (len(ok) - 7)
                + ok[7:]
                + b"\r\n0\r\nX-T: 1\r\n\r\n",
                b"Content-Type: application/json",
                b"Transfer-Encoding: chunked",
            ),
            b"HTTP/1.1 100 Continue\r\n\r\n"
            + answer(ok, b"Content-Type: application/json", b"Content-Length: %d" % len(ok)),
            answer(ok, b"Content-Type: application/json", b"Connection: close"),
            answer(ok, b"Content-Type: application/json;charset=utf-8", b"Content-Length: %d" % len(ok)),
        ]
    )
    client = client_for(server)
    try:
        answers = [client.chat_postMessage(channel="C1", text=f"m{i}") for i in range(5)]
    finally:
        server.close()

    assert [a["note"] for a in answers] == ["答"] * 5
    assert server.connections == 2  # the answer read up to the close ended the first connection
    assert all(r.startswith(b"POST /api/chat.postMessage HTTP/1.1\r\n") for r in server.requests)


def test_an_error_answer_reaches_slack_sdk_with_its_status_headers_and_body() -> None:
    body = b'{"ok": false, "error": "ratelimited"}'
    server = ScriptedServer(
        [
            answer(
                body,
                b"Content-Type: application/json",
                b"Retry-After: 30",
                b"Content-Length: %d" % len(body),
                status=b"429 Too Many Requests",
            )
        ]
    )
    client = client_for(server)
    try:
        with pytest.raises(SlackApiError) as raised:
            client.chat_postMessage(channel="C1", text="hi")
    finally:
        server.close()

    assert raised.value.response.status_code == 429
    assert raised.value.response["error"] == "ratelimited"
    assert raised.value.response.headers["Retry-After"] == "30"


def test_a_cut_off_answer_fails_the_call_and_the_next_call_starts_on_a_new_connection() -> None:
    ok = b'{"ok": true, "ts": "1.2"}'
    server = ScriptedServer(
        [
            answer(ok[:5], b"Content-Length: %d" % len(ok), b"Connection: close"),
            answer(ok, b"Content-Type: application/json", b"Content-Length: %d" % len(ok)),
        ]
    )
    client = client_for(server)
    try:
        with pytest.raises(http.client.IncompleteRead):  # as http.client's own read raises it
            client.chat_postMessage(channel="C1", text="first")
        assert client.chat_postMessage(channel="C1", text="second")["ts"] == "1.2"
    finally:
        server.close()

    assert server.connections == 2
