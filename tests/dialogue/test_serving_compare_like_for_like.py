"""Two GPUs compared for serving are weighed on the same shape: a GPU rented only as 8-GPU instances is not
set 8 GPUs per copy against 2 of the other; both get the smaller shape, the whole-instance one is priced per
GPU-hour, and the answer says so."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("•")]


def test_h100_and_h200_are_compared_on_the_same_gpus_per_copy(real: Consultant) -> None:
    text = real.handle("c1", "H100 vs H200 for 70B inference").text
    rows = bullets(text)
    assert len(rows) == 2 and all("2 GPUs per copy of the model" in r for r in rows)
    assert "Like for like: each on 2 GPUs per copy" in text
    assert "rented only as 8-GPU instances" in text and "priced per GPU-hour, 2 of its 8" in text
    assert "$63.30/hour, $15" not in text  # the whole instance is not charged to one 2-GPU copy


def test_the_chinese_comparison_says_it_is_like_for_like(real: Consultant) -> None:
    text = real.handle("c2", "H100 和 H200 部署 Llama 3.1 70B 哪个划算").text
    assert "同等条件对比：每份模型都用 2 张卡" in text
    assert all("每份模型 2 张卡" in r for r in bullets(text))


def test_shapes_that_already_agree_add_no_line(real: Consultant) -> None:
    text = real.handle("c3", "A100 vs H200 for serving Qwen2.5-72B to 100 users").text
    assert "Like for like" not in text
