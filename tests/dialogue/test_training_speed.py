"""A question about training speed on named hardware is answered with the throughput per GPU on it,
the MFU it rests on and what a reference amount of data takes, never with the planning form."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant


def _speed_line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


def test_a_speed_question_gets_tokens_per_second_and_the_time_for_a_billion_tokens(real: Consultant) -> None:
    text = real.handle("s", "how fast can one A100 80GB LoRA a 7B model? tokens per second?").text

    line = _speed_line(text, "*Speed:*")
    tokens_per_s = float(re.search(r"~([\d,]+) tokens/s per GPU", line).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert 1_000 < tokens_per_s < 20_000
    assert "% MFU" in line and "1B tokens take about" in line
    assert "How much training data" not in text


def test_when_the_asked_method_does_not_fit_the_speed_is_that_of_what_fits_on_the_same_gpus(
    real: Consultant,
) -> None:
    text = real.handle("s", "How many tokens/s does a single H100 train a 7B model at?").text

    assert text.startswith("*No, not in full; yes with LoRA.*")  # no method said: the adapters that fit lead
    assert "for LoRA on one NVIDIA H100" in _speed_line(text, "*Speed:*")


def test_a_throughput_question_with_a_training_verb_is_about_training_not_serving(real: Consultant) -> None:
    text = real.handle("s", "8張H100預訓練1B模型，吞吐多少？").text

    assert "部署" not in text and "推理" not in text
    assert "tokens/s" in _speed_line(text, "*速度*")
