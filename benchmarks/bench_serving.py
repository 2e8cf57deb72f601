"""A serving answer costs no more than a training answer: time per full ranked answer of the serving
engine (sizing.serve_plan.plan_serving) beside the training engine (sizing.plan), and one whole chat
turn of each through the consultant. Plain script: `.venv/bin/python benchmarks/bench_serving.py`.

Best of several batches (the minimum is the least noisy estimate on a shared machine; the timeit
module's advice)."""

from __future__ import annotations

import datetime as dt
import statistics
import time
from collections.abc import Callable

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import load_knowledge
from sizing import SizingRequest, plan
from sizing.model_arch import ModelArchitecture
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest

KB = load_knowledge()
TRAINING = {
    "7B LoRA, no deadline": SizingRequest(params=7e9, method="lora"),
    "7B pretrain 1T, 7 days": SizingRequest(params=7e9, tokens=1e12, days=7),
    "70B full FT 1B tokens": SizingRequest(params=70e9, method="full_finetune", tokens=1e9),
}
SERVING = {
    "Llama 3.3 70B, 100 users": ServeRequest(model=KB.model_architecture("llama-3.3-70b"), concurrency=100),
    "Qwen2.5 7B, 20 req/s": ServeRequest(model=KB.model_architecture("qwen2.5-7b"), qps=20.0),
    "DeepSeek-V3 FP8, no load": ServeRequest(model=KB.model_architecture("deepseek-v3"), precision="fp8"),
    "13B on 2x H100, 64 users": ServeRequest(
        model=ModelArchitecture.standard(13e9), gpu="h100-sxm", gpus=2, concurrency=64
    ),
}
TURNS = {
    "training turn": "fine-tune a 7B model with LoRA on 100M tokens in 3 days",
    "serving turn": "how many GPUs to serve Llama 3 70B to 100 concurrent users?",
}


def best_ms(fn: Callable[[], object], runs: int = 5, batches: int = 5) -> float:
    fn()
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(runs):
            fn()
        best = min(best, (time.perf_counter() - start) / runs)
    return best * 1000


def turn_ms(text: str) -> float:
    """One message in a fresh session, through the real parser, dialogue and engine."""
    counter = iter(range(10**6))

    def one() -> object:
        consultant = Consultant(
            KB, MemoryStore(session_ttl_s=60), clock=lambda: dt.date(2026, 12, 1), chart=None
        )
        return consultant.handle(f"bench-{next(counter)}", text)

    return best_ms(one, runs=3, batches=5)


def main() -> None:
    print(f"{'answer':<34}{'ms':>8}")
    training = [best_ms(lambda r=r: plan(r, KB.catalog)) for r in TRAINING.values()]
    for name, ms in zip(TRAINING, training, strict=True):
        print(f"train: {name:<27}{ms:>8.2f}")
    serving = [best_ms(lambda r=r: plan_serving(r, KB.catalog)) for r in SERVING.values()]
    for name, ms in zip(SERVING, serving, strict=True):
        print(f"serve: {name:<27}{ms:>8.2f}")
    print(
        f"median: training {statistics.median(training):.2f} ms, serving {statistics.median(serving):.2f} ms "
        f"(serving/training {statistics.median(serving) / statistics.median(training):.2f})"
    )
    turns = {name: turn_ms(text) for name, text in TURNS.items()}
    for name, ms in turns.items():
        print(f"{name:<34}{ms:>8.2f}")
    print(f"chat turn serving/training {turns['serving turn'] / turns['training turn']:.2f}")


if __name__ == "__main__":
    main()
