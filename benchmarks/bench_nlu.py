"""NLU throughput: messages parsed per second on typical requests, and the time for one 100 KB
message. A plain script: `.venv/bin/python benchmarks/bench_nlu.py`."""

from __future__ import annotations

import time

from bot.nlu import parse

TYPICAL = [
    "我们打算训练一个130亿参数的模型，数据约3TB，BF16，一个月内完成",
    "我們要訓練一個三百億參數的模型，數據量8TB，預算每月十萬元",
    "QLoRA fine-tune Qwen2.5-72B on 2 GB of chat logs, budget $5k/month",
    "Pretrain a 1B model on 20B tokens in 2 weeks using bf16 on 8x H100",
    "两台8卡H800，增量预训练，模型规模百亿，数据5T，两个半月",
    "what if we only have one week?",
    "A100和H100有什么区别",
    "thanks!",
]


def _rate(messages: list[str], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for text in messages:
            parse(text)
    return rounds * len(messages) / (time.perf_counter() - start)


def _once_ms(text: str, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        parse(text)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parse("warm up")  # loads the opencc dictionary once
    big_mixed = ("模型 7B，数据 2TB，两周。padding text " * 3000)[:100_000]
    big_digits = "7" * 100_000
    rows = [
        ("typical messages / s", f"{_rate(TYPICAL, 200):,.0f}"),
        ("100 KB mixed message (ms)", f"{_once_ms(big_mixed):.1f}"),
        ("100 KB of digits (ms)", f"{_once_ms(big_digits):.1f}"),
        ("100 KB of emoji (ms)", f"{_once_ms('😀' * 25_000):.1f}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'measure':<{width}}  value")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
