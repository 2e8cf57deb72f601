"""Which lease owners a restarted process may take over at once: only its own host's dead processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from bot.slack.runner import is_dead_predecessor, new_owner


def exited_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(done.stdout)


def test_a_process_of_this_host_that_is_gone_is_a_dead_predecessor() -> None:
    me = new_owner()
    host = socket.gethostname()

    assert is_dead_predecessor(f"{host}:{exited_pid()}:ab12", me)


def test_a_restarted_container_reusing_our_pid_took_over_from_a_dead_predecessor() -> None:
    me = new_owner()

    assert is_dead_predecessor(f"{socket.gethostname()}:{os.getpid()}:00000000", me)
    assert not is_dead_predecessor(me, me)


def test_live_processes_other_hosts_and_odd_names_are_left_to_their_leases() -> None:
    me = new_owner()
    host = socket.gethostname()

    assert not is_dead_predecessor(f"{host}:{os.getppid()}:ab12", me)  # running
    assert not is_dead_predecessor(f"another-pod:{exited_pid()}:ab12", me)
    assert not is_dead_predecessor("not an owner name", me)
