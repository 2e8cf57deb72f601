"""Instructions of one consultant turn per kind of ../shared/checks/perf's four texts, counted by callgrind
in this process (a busy machine does not move them the way it moves wall-clock time).

`Consultant.handle` and the answer as the runner stores and shows it (`answer_of`), the SQLite store as
`serve` opens it, matplotlib hidden as in the check's venv, `gc.freeze()` after the warm-up as `serve` does.
Start-up runs uninstrumented; counting is switched on after two rounds of the four texts and one more round,
then for each text the counters are zeroed, `--turns` turns run (each a new session) and the counters read
(`callgrind_control -z/-e`); the cost of those two calls themselves (~0.5 M) is subtracted.

`valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null .venv/bin/python
benchmarks/bench_turn_instructions.py [--turns 5]` (3-7 minutes on a busy 2-CPU machine)
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.modules["matplotlib"] = None  # type: ignore[assignment]  # the perf check's venv has no charts

from bot.bootstrap import build_knowledge, warm_up  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.dialogue.consultant import Consultant  # noqa: E402
from bot.slack.runner import answer_of  # noqa: E402
from bot.slack.sessions import strip_mentions  # noqa: E402
from bot.store.sqlite import SQLiteStore  # noqa: E402

TEXTS = (  # the perf check's four texts, in its order
    "<@UBOT> 训练一个70亿参数的模型，数据1TB，BF16，一个月",
    "<@UBOT> LoRA fine-tune a 13B model, 10GB, fp16, 3 days",
    "<@UBOT> 千亿级参数，数据10TB，三个月",
    "<@UBOT> 按量付费和包年包月哪个划算",
)


def control(*args: str) -> int:
    """callgrind_control on this process; the instructions counted since the last zeroing."""
    out = subprocess.run(
        ["callgrind_control", *args, str(os.getpid())],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    return sum(int(n.replace(",", "")) for n in re.findall(r"Th\s*\d+\s+([\d,]+)", out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, default=5, help="turns counted per text")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-turn-instructions-") as tmp:
        store = SQLiteStore(Path(tmp) / "sessions.db", session_ttl_s=3600)
        consultant = Consultant(build_knowledge(Settings.from_env()), store)
        warm_up(consultant)
        gc.collect()
        gc.freeze()
        sessions = iter(range(1_000_000))

        def turn(text: str) -> None:
            answer_of(consultant.handle(f"s{next(sessions)}", strip_mentions(text, "UBOT"), user_id=None))

        for _ in range(2):
            for text in TEXTS:
                turn(text)
        control("-i", "on")
        for text in TEXTS:
            turn(text)
        control("-z")
        overhead = control("-e")  # what zeroing and reading cost themselves
        per_turn = []
        for text in TEXTS:
            control("-z")
            for _ in range(args.turns):
                turn(text)
            per_turn.append((control("-e") - overhead) / args.turns)
            print(f"  {per_turn[-1] / 1e6:7.3f} M  {text}", flush=True)
        print(f"  {sum(per_turn) / len(per_turn) / 1e6:7.3f} M  mean")
        store.close()


if __name__ == "__main__":
    main()
