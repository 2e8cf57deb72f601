"""Time per full ranked answer of sizing.plan on the real catalog (plain script, no pytest)."""

from __future__ import annotations

import time

from knowledge import load_knowledge
from sizing import Budget, SizingRequest, plan

CASES = {
    "7B LoRA, no deadline": SizingRequest(params=7e9, method="lora"),
    "7B pretrain 1T, 7 days": SizingRequest(params=7e9, tokens=1e12, days=7),
    "70B full FT, 2 days, $5k": SizingRequest(
        params=70e9, method="full_finetune", tokens=1e9, days=2, budget=Budget(5000, "USD")
    ),
    "3B on 1x A100-80GB": SizingRequest(params=3e9, method="full_finetune", gpu="a100-80gb", gpus=1),
}


def main() -> None:
    catalog = load_knowledge().catalog
    print(f"{'case':<28}{'ms/answer':>10}")
    for name, req in CASES.items():
        plan(req, catalog)
        runs, batches = 10, 7
        # Best of several batches: the minimum is the least noisy estimate on a shared machine
        # (the timeit module's advice).
        best = float("inf")
        for _ in range(batches):
            start = time.perf_counter()
            for _ in range(runs):
                plan(req, catalog)
            best = min(best, (time.perf_counter() - start) / runs)
        print(f"{name:<28}{best * 1000:>10.2f}")


if __name__ == "__main__":
    main()
