"""Answers queued turns: placeholder, consultant, answer, each step off the ack path.

A turn admitted by the gate (bot.slack.gate) goes, the first two steps side by side (the consultant
starts once the placeholder is out, or after PLACEHOLDER_HEAD_START_S when Slack is slow),

  1. api pool:  the "working" placeholder (messages only), its ts recorded on the turn;
  2. work pool: the consultant, whose session commit also marks the turn answered with the answer
                (bot.store.turns.completing), so a crash never applies a message twice;
  3. api pool:  once both are done, the answer shown (the placeholder edited, or response_url, or a
                post), then the turn is finished; the chart follows on the chart pool.

Notices (rate limit, store unavailable), modals and other one-off calls run on their own small
pool, so a Slack that hangs on a burst of placeholders does not hold back an outage notice.

Slack Web API calls never run on the threads that ack (Bolt's listener pool, the HTTP threads), so
a slow or hung Slack cannot delay an ack. A turn this process holds is in `in_flight`, whose leases
the keeper (bot.slack.keeper) renews; a turn whose step fails for a reason a retry may fix (the
store or Slack unavailable) is let go, and its lease runs out and another worker takes it over.
"""

from __future__ import annotations

import contextvars
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Future
from typing import Any

from slack_sdk import WebClient
from slack_sdk.webhook import WebhookClient

from bot.nlu.script import has_cjk, script_neutral
from bot.ops.metrics import Metrics
from bot.ports import ConsultantLike, StoreLike, TurnLike
from bot.slack.client import when_sent
from bot.slack.locales import LocaleCache
from bot.slack.messages import notice
from bot.slack.pools import Pools
from bot.slack.posting import Replier, defuse, message_args
from bot.slack.turns import BUTTON, COMMAND, FORM, LEASE_S, TurnRequest
from bot.store import turns as queue
from bot.store.base import StoreUnavailable
from bot.store.turns import Completion, QueuedTurn, TurnLost

log = logging.getLogger(__name__)

# How long a turn waits for its placeholder's post before computing anyway. It starts as soon as the
# post's bytes are written (bot.slack.client.REQUEST_SENT, on the kept-alive path; on slack_sdk's stock
# path, once Slack's answer is in), so it computes while Slack answers the post; the wait lets the
# placeholder's own Python (building and sending the request) run without competing for the GIL.
# perf_ab, 240 mentions, load 1.2, 2026-12-03: starting when Slack's answer was in gave first post
# x1.82 / answer x3.72 of bare Bolt; starting when the bytes were written x1.79 / x3.61 (within the
# run's noise, not worse). An earlier try started at an audit hook on http.client.send, which fires
# before the bytes go out: answers ~0.8 ms sooner but the first post ~1.4 ms later (busy 2-core
# machine, 2026-12-01). 2 ms against none (2026-12-01, loopback): first post x1.17 / answer x3.02
# against x1.69 / x3.18. Against Slack's 100-300 ms round trip the turn overlaps nearly all of it.
PLACEHOLDER_HEAD_START_S = 0.002
# A turn still held after this long is let go (see TurnRunner.in_flight): far beyond a turn's
# seconds, yet inside Slack's 30-minute response_url window.
MAX_TURN_S = 300.0
# Workers that may take a turn before it is answered with an apology instead (a turn that kills the
# process every time it is computed must not take every restart down with it).
MAX_ATTEMPTS = 3


def new_owner() -> str:
    """This process's name on the leases it holds: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def is_dead_predecessor(owner: str, me: str) -> bool:
    """Whether `owner` was a process on this host that is gone: its pid is not running, or it is
    ours now (a restarted container's first process gets the same pid). Other hosts' owners, and
    names this cannot read, are left to their leases."""
    host, _, rest = owner.partition(":")
    pid, _, _ = rest.partition(":")
    my_host, _, my_rest = me.partition(":")
    if owner == me or host != my_host or not pid.isdigit():
        return False
    if pid == my_rest.partition(":")[0]:
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive under another user
    return False


def answer_of(turn: TurnLike) -> dict[str, Any]:
    """What is stored and shown for a consultant turn (defused: no live <!channel> ever goes out)."""
    answer = message_args(turn)
    answer["lang"] = turn.lang
    answer["recommended"] = bool(turn.payload.get("recommendation") and turn.payload.get("recommended", True))
    return answer


def notice_answer(kind: str, lang: str) -> dict[str, Any]:
    """What is stored and shown in a turn's place when it cannot be answered (defused as answer_of's)."""
    return {"text": defuse(notice(kind, lang)), "blocks": [], "lang": lang, "notice": kind}


class TurnRunner:
    def __init__(
        self,
        store: StoreLike,
        consultant: ConsultantLike,
        client: WebClient,
        metrics: Metrics,
        pools: Pools,
        *,
        owner: str | None = None,
        lease_s: float = LEASE_S,
    ) -> None:
        self.store = store
        self.consultant = consultant
        self.client = client
        self.metrics = metrics
        self.pools = pools
        self.owner = owner or new_owner()
        self.lease_s = lease_s
        self.replier = Replier(consultant, metrics, pools)
        self.locales = LocaleCache()
        self._lock = threading.Lock()
        self._in_flight: dict[str, float] = {}  # turn id -> when this process took it (monotonic)

    # -- entry points -------------------------------------------------------------------------

    def start(self, turn: TurnRequest, received_s: float | None) -> None:
        """A turn just admitted by this process (it holds the lease)."""
        self._hold(turn.id)
        if not turn.posts_placeholder:
            self.pools.work.submit(self._compute, turn, None, received_s)
            return
        posted = threading.Event()
        placeholder = self.pools.api.submit(self._placeholder, turn, received_s, posted)
        self.pools.work.submit(self._compute, turn, placeholder, received_s, posted)

    def resume(self, queued: QueuedTurn) -> None:
        """A turn taken over from a worker that died or stalled (bot.slack.keeper)."""
        turn = TurnRequest.from_payload(queued.payload)
        if turn is None:
            log.warning("dropping queued turn %s: its payload is unreadable", queued.id)
            self._finish(queued.id)
            return
        with self._lock:
            if turn.id in self._in_flight:
                return  # still being answered here (a renewal was missed); the claim renewed its lease
            self._in_flight[turn.id] = time.monotonic()
        log.info("resuming turn %s (attempt %d, %s)", turn.id, queued.attempts, queued.state)
        known: Future[str | None] = Future()
        known.set_result(queued.placeholder_ts)
        if queued.answer is not None:
            self.pools.api.submit(self._deliver, turn, queued.placeholder_ts, queued.answer, None, None)
        elif queued.attempts > MAX_ATTEMPTS:
            log.error("turn %s failed %d times; answering with an apology", turn.id, queued.attempts - 1)
            self.metrics.errors.labels(kind="turn_abandoned").inc()
            answer = notice_answer("error", turn.lang)
            if self._complete(turn, answer):
                self.pools.api.submit(self._deliver, turn, queued.placeholder_ts, answer, None, None)
        elif queued.placeholder_ts is None and turn.posts_placeholder:
            posted = threading.Event()
            placeholder = self.pools.api.submit(self._placeholder, turn, None, posted)
            self.pools.work.submit(self._compute, turn, placeholder, None, posted)
        else:
            self.pools.work.submit(self._compute, turn, known, None)

    def in_flight(self) -> list[str]:
        """The turns whose leases this process renews. One held longer than MAX_TURN_S is let go (a
        step that never came back): its lease then runs out and the turn is tried again."""
        now = time.monotonic()
        with self._lock:
            stale = [turn_id for turn_id, since in self._in_flight.items() if now - since > MAX_TURN_S]
            for turn_id in stale:
                log.error(
                    "turn %s has been in flight over %.0f s; letting its lease run out", turn_id, MAX_TURN_S
                )
                del self._in_flight[turn_id]
            return list(self._in_flight)

    def tell(self, kind: str, turn: TurnRequest, *, private: bool) -> None:
        """A notice (rate limit, store unavailable) on the notices pool; never blocks the caller."""
        self.pools.notices.submit(self._tell, kind, turn, private)

    def later(self, fn: Callable[[], object], what: str) -> None:
        """A Web API call that is not part of a turn (a modal, removing clicked buttons)."""

        def run() -> None:
            try:
                fn()
            except Exception:
                self.metrics.errors.labels(kind="slack_api").inc()
                log.warning("Slack call failed: %s", what, exc_info=True)

        self.pools.notices.submit(run)

    # -- steps --------------------------------------------------------------------------------

    def _placeholder(
        self, turn: TurnRequest, received_s: float | None, posted: threading.Event | None = None
    ) -> str | None:
        ts: str | None = None
        try:
            try:
                # The request chat_postMessage sends (its keys in its order, no None), without its
                # walk of ~20 keyword arguments for Block objects: the placeholder is plain text.
                args = {"channel": turn.channel, "text": notice("working", turn.lang)}
                if turn.thread_ts is not None:
                    args["thread_ts"] = turn.thread_ts
                # The turn starts computing once the post is out, while Slack answers it.
                with when_sent(posted.set if posted is not None else None):
                    response = self.client.api_call("chat.postMessage", json=args)
            finally:
                if posted is not None:
                    posted.set()  # the turn computes while the placeholder's ts is recorded
            ts = str(response["ts"])
            self.replier.first_reply(turn.surface, received_s)
        except Exception:
            # The answer still goes out, as a message of its own, once the consultant has it.
            self.metrics.errors.labels(kind="placeholder").inc()
            log.warning("could not post the placeholder for %s", turn.session_id, exc_info=True)
        if ts is not None:
            try:
                self.store.set_placeholder(turn.id, self.owner, ts)
            except StoreUnavailable:
                log.warning("could not record the placeholder of %s", turn.id)
        return ts

    def _compute(
        self,
        turn: TurnRequest,
        placeholder: Future[str | None] | None,
        received_s: float | None,
        posted: threading.Event | None = None,
    ) -> None:
        live: TurnLike | None = None
        if posted is not None:
            posted.wait(PLACEHOLDER_HEAD_START_S)
        elif placeholder is not None:
            futures.wait([placeholder], timeout=PLACEHOLDER_HEAD_START_S)
        answers: list[dict[str, Any]] = []  # what the session commit stored, shown as it is

        def answer_once(turn_said: TurnLike) -> dict[str, Any]:
            answers.append(answer_of(turn_said))
            return answers[-1]

        try:
            with queue.completing(turn.id, self.owner, turn.session_id, answer_once):
                live = self._ask(turn)
                completed = not queue.completes(turn.session_id)
            answer = answers[-1] if completed and answers else answer_of(live)
            if not completed and not self._complete(turn, answer):
                return  # another worker holds the turn now and answers it
        except TurnLost:
            log.info("turn %s was taken over by another worker", turn.id)
            self._release(turn.id)
            return
        except StoreUnavailable as exc:
            self.metrics.errors.labels(kind="store_unavailable").inc()
            log.warning("state store unavailable while answering %s: %s", turn.id, exc)
            # Said in the placeholder's place; the turn stays queued and is answered once the store
            # is back (the same message is then edited into the answer).
            self._when_placed(
                placeholder, turn, notice_answer("store_down", turn.lang), None, None, finish=False
            )
            self._release(turn.id)
            return
        except Exception:
            self.metrics.errors.labels(kind="unhandled").inc()
            log.exception("error answering a Slack %s", turn.surface)
            answer = notice_answer("error", turn.lang)
            if not self._complete(turn, answer):
                return
        self._when_placed(placeholder, turn, answer, live, received_s)

    def _when_placed(
        self,
        placeholder: Future[str | None] | None,
        turn: TurnRequest,
        answer: dict[str, Any],
        live: TurnLike | None,
        received_s: float | None,
        *,
        finish: bool = True,
    ) -> None:
        """Show the answer once the placeholder's post has come back (at once when it has)."""

        def deliver(done: Future[str | None] | None = placeholder) -> None:
            ts = None
            if done is not None and not done.cancelled() and done.exception() is None:
                ts = done.result()
            self.pools.api.submit(self._deliver, turn, ts, answer, live, received_s, finish)

        if placeholder is None:
            deliver()
        else:
            # The callback runs on whichever thread finishes the post: carry this log context over.
            context = contextvars.copy_context()
            placeholder.add_done_callback(lambda done: context.run(deliver, done))

    def _ask(self, turn: TurnRequest) -> TurnLike:
        if turn.surface == BUTTON:
            return self.consultant.handle_action(turn.session_id, turn.action or "", turn.text)
        if turn.surface == FORM:
            return self.consultant.handle_form(turn.session_id, turn.fields or {})
        # No user_id: the plan is remembered for App Home after the answer is shown (_remember).
        return self.consultant.handle(turn.session_id, turn.text, lang_hint=self._script_hint(turn))

    def _script_hint(self, turn: TurnRequest) -> str | None:
        """The user's Chinese locale, for a Chinese message that reads the same in both scripts (the
        conversation's earlier turns still come first: the consultant uses the hint only for a
        conversation without a language). One users.info per user, only for such messages. The
        script was read on the ack path (TurnRequest.script_neutral); a payload without it is read here."""
        if not turn.user_id or not has_cjk(turn.text):
            return None
        neutral = turn.script_neutral
        if not (script_neutral(turn.text) if neutral is None else neutral):
            return None
        lang = self.locales.lang(self.client, turn.user_id)
        return lang if lang.startswith("zh") else None

    def _home_entry(self, turn: TurnRequest, live: TurnLike | None) -> tuple[str, dict[str, Any]] | None:
        """A typed message's plan becomes the user's latest for App Home; written with the turn's
        finish, off the answer's path, and not a part of the turn's durability (a lost home entry
        only shows an older plan)."""
        if live is None or turn.surface in (BUTTON, FORM) or not turn.user_id:
            return None
        return self.consultant.home_entry(turn.user_id, live)

    def _remember(self, turn: TurnRequest, live: TurnLike | None) -> None:
        """The App Home write on its own, for an answer that is not finished here."""
        home = self._home_entry(turn, live)
        if home is None:
            return
        session_id, entry = home
        try:
            self.store.update(session_id, lambda _old: (entry, None))
        except StoreUnavailable:
            log.warning("could not remember the plan of %s for App Home", turn.id)

    def _deliver(
        self,
        turn: TurnRequest,
        placeholder_ts: str | None,
        answer: dict[str, Any],
        live: TurnLike | None,
        received_s: float | None,
        finish: bool = True,
    ) -> None:
        # Defused when it was built (answer_of, notice_answer), before it was stored: not walked again.
        args: dict[str, Any] = {"text": answer.get("text") or ""}
        if answer.get("blocks"):
            args["blocks"] = answer["blocks"]
        try:
            if turn.response_url:
                WebhookClient(turn.response_url).send(
                    response_type="ephemeral", replace_original=False, **args
                )
            elif placeholder_ts:
                # The same request chat_update sends, without its walk of every block for slack_sdk's
                # Block objects (six isinstance checks against ABCs a block): ours are plain dicts.
                self.client.api_call(
                    "chat.update", json={"channel": turn.channel, "ts": placeholder_ts, **args}
                )
            else:
                self.client.chat_postMessage(
                    channel=turn.channel,
                    thread_ts=turn.thread_ts,
                    unfurl_links=False,
                    unfurl_media=False,
                    **args,
                )
        except Exception:
            # Not finished: once the lease runs out the answer is shown again (an edit repeats safely).
            self.metrics.errors.labels(kind="deliver").inc()
            log.warning("could not show the answer of %s", turn.id, exc_info=True)
            self._release(turn.id)
            self._remember(turn, live)
            return
        if not finish:
            self._remember(turn, live)
            return
        if placeholder_ts is None:
            self.replier.first_reply(turn.surface, received_s)
        self.replier.answered(turn.surface, bool(answer.get("recommended")), received_s)
        log.info("answered a %s", turn.surface)
        self._finish(turn.id, self._home_entry(turn, live))
        if live is not None and turn.surface not in (COMMAND, FORM) and not turn.response_url:
            self.replier.chart_later(self.client, turn.where, live)

    def _tell(self, kind: str, turn: TurnRequest, private: bool) -> None:
        text = notice(kind, turn.lang)
        try:
            if turn.response_url:
                WebhookClient(turn.response_url).send(response_type="ephemeral", text=text)
            elif private and turn.user_id:
                self.client.chat_postEphemeral(
                    channel=turn.channel, user=turn.user_id, thread_ts=turn.thread_ts, text=text
                )
            else:
                self.client.chat_postMessage(channel=turn.channel, thread_ts=turn.thread_ts, text=text)
        except Exception:
            log.warning("could not post the %s notice", kind, exc_info=True)

    # -- queue bookkeeping --------------------------------------------------------------------

    def _complete(self, turn: TurnRequest, answer: dict[str, Any]) -> bool:
        try:
            if self.store.complete_turn(Completion(turn.id, self.owner, answer)):
                return True
            log.info("turn %s was taken over by another worker", turn.id)
        except StoreUnavailable:
            log.warning("could not record the answer of %s", turn.id)
        self._release(turn.id)
        return False

    def _finish(self, turn_id: str, home: tuple[str, dict[str, Any]] | None = None) -> None:
        """The turn is done, and the user's latest plan for App Home saved, in one commit."""
        try:
            self.store.finish_turn(turn_id, self.owner, save=home)
        except StoreUnavailable:
            # Answered but not marked done: it may be shown again (an edit in place) after the lease.
            log.warning("could not mark turn %s done%s", turn_id, " nor remember its plan" if home else "")
        self._release(turn_id)

    def _hold(self, turn_id: str) -> None:
        with self._lock:
            self._in_flight[turn_id] = time.monotonic()

    def _release(self, turn_id: str) -> None:
        with self._lock:
            self._in_flight.pop(turn_id, None)
