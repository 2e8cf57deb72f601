"""The turn keeper: renews the leases of the turns this process is answering, and takes over the
turns whose lease ran out (their worker died or stalled), at start-up and then every second.

After a SIGKILL, the turns the dead process held are resumed by whichever instance sweeps first once
their leases (bot.slack.turns.LEASE_S by default) expire: a pending one is answered (its placeholder edited),
an answered one only shown again.
"""

from __future__ import annotations

import logging
import threading
import time

from bot.slack.runner import TurnRunner, is_dead_predecessor
from bot.store.base import StoreUnavailable

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 1.0
# Renewals come every quarter of the lease, so one can fail (a store blip) and the next still
# comes in time.
RENEWALS_PER_LEASE = 4
# Turns taken over per sweep: enough to drain a crashed instance's queue in seconds, few enough that
# one instance does not take everything while others are idle.
CLAIM_BATCH = 16
# A store outage is logged once per this many seconds, not once per sweep.
OUTAGE_LOG_EVERY_S = 60.0


class Keeper:
    def __init__(self, runner: TurnRunner, *, sweep_every_s: float = SWEEP_EVERY_S) -> None:
        self.runner = runner
        self.store = runner.store
        self.sweep_every_s = sweep_every_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._renewed_at = 0.0
        self._outage_logged_at = float("-inf")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="turn-keeper", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _run(self) -> None:
        self.take_over_dead_predecessors()
        while True:
            self.sweep()
            if self._stop.wait(self.sweep_every_s):
                return

    def take_over_dead_predecessors(self) -> None:
        try:
            for owner in self.store.turn_owners():
                if is_dead_predecessor(owner, self.runner.owner):
                    log.info("taking over the unfinished turns of %s (no longer running)", owner)
                    self.store.expire_leases(owner)
        except StoreUnavailable as exc:
            log.warning("turn keeper: %s", exc)

    def sweep(self) -> int:
        """Renew held leases when due, then take over expired turns; how many were taken over."""
        try:
            now = time.monotonic()
            lease_s = self.runner.lease_s
            if now - self._renewed_at >= lease_s / RENEWALS_PER_LEASE:
                self.store.renew_leases(self.runner.owner, self.runner.in_flight(), lease_s)
                self._renewed_at = now
            claimed = self.store.claim_turns(self.runner.owner, lease_s, CLAIM_BATCH)
        except StoreUnavailable as exc:
            if time.monotonic() - self._outage_logged_at >= OUTAGE_LOG_EVERY_S:
                self._outage_logged_at = time.monotonic()
                log.warning("turn keeper: %s", exc)
            return 0
        except Exception:
            log.exception("turn keeper sweep failed")
            return 0
        for queued in claimed:
            self.runner.resume(queued)
        return len(claimed)
