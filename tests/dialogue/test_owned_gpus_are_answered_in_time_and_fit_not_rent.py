"""On GPUs the team owns the answer is what fits and how long it takes: no rental price, no rented
alternatives, no advice about choosing a provider; "what can we train?" in any wording lists what fits."""

from __future__ import annotations

import re
import uuid

import pytest

from bot.dialogue.consultant import Consultant

PRICE = re.compile(r"[$¥]\s?\d|for reference only|仅供参考|僅供參考|Prices as of|价格为|價格為|snapshot|快照")


@pytest.mark.parametrize(
    "opening",
    [
        "We have 8 A100 80G, what can we train?",
        "We own 4 H100s, what models can we fine-tune?",
        "我们有 4 张 4090，能微调什么？",
        "我們有 8 張 A100 80G，可以訓練哪些模型？",
    ],
)
def test_what_can_we_train_on_our_gpus_lists_what_fits_without_asking_a_deadline(
    real: Consultant, opening: str
) -> None:
    text = real.handle(f"cap-{hash(opening)}", opening).text
    assert "LoRA" in text and ("QLoRA" in text)
    assert "deadline" not in text and "工期" not in text
    assert not PRICE.search(text)


def test_a_plan_on_owned_gpus_quotes_no_rent_and_no_rented_alternatives(real: Consultant) -> None:
    real.handle("own-en", "We have 8 A100 80G, what can we train?")
    text = real.handle("own-en", "and how long would a LoRA of a 70B model on 100M tokens take?").text
    assert text.startswith("*Recommended:* 8 × NVIDIA A100 80GB (SXM4)")
    assert "on your own hardware" in text
    assert not PRICE.search(text)
    assert "*Alternatives:*" not in text
    assert "rental costs down" not in text


def test_the_chinese_plan_on_owned_gpus_quotes_no_rent_either(real: Consultant) -> None:
    real.handle("own-zh", "我们有 8 张 A100 40G，能训练什么模型？")
    text = real.handle("own-zh", "那全参微调 7B、1亿 token 要多久？").text
    assert "用您自有的硬件" in text
    assert not PRICE.search(text)
    assert "*备选*" not in text


def test_a_plan_on_another_gpu_is_never_called_your_own_hardware(real: Consultant) -> None:
    real.handle("own-other", "we own 4 A100 80GB, can we full fine-tune a 70B model?")
    text = real.handle("own-other", "with QLoRA on 20M tokens, how long?").text
    first = text.splitlines()[0]
    assert "on your own hardware" not in first or "4 × NVIDIA A100 80GB" in first


def test_what_fits_on_the_same_owned_gpus_carries_no_rental_price(real: Consultant) -> None:
    text = real.handle("own-verdict", "We own 1 H200. LoRA fine-tune a 70B model on 100M tokens").text
    same = [line for line in text.splitlines() if "on the same 1 × NVIDIA H200" in line]
    assert same and not any("$" in line for line in same)
    assert "idle" not in text  # no "7 of the 8 GPUs you rent sit idle" on hardware they own


@pytest.mark.parametrize(
    ("have", "own"),
    [("对了，我们只有 4 张 4090", "用自有的卡（无租用费用）"),
     ("我們手上只有 2 張 A100", "用自有的卡（無租用費用）"),
     ("by the way, we only have 4 4090s", "on your own GPUs (no rental cost)")],
)  # fmt: skip
def test_only_having_gpus_after_a_plan_is_the_plan_on_all_of_them_as_owned_not_a_rental_ceiling(
    real: Consultant, have: str, own: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "LoRA 微调 Qwen2.5-7B，数据 7500 万 tokens")
    real.handle(session, "不急")
    turn = real.handle(session, have)
    top = turn.payload["recommendation"]["options"][0]
    assert own in turn.text and top["gpus"] == turn.payload["slots"]["gpu_count"]
    assert "最多" not in turn.text.split("\n")[0] and "at most" not in turn.text.split("\n")[0]


def test_only_a_budget_for_gpus_is_no_hardware_owned(real: Consultant) -> None:
    for text in ("we only have budget for 4 H100s, LoRA 70B on 50M tokens", "we have budget for 4 H100s"):
        assert "own" not in real.handle("s-" + uuid.uuid4().hex, text).text.split("\n")[0]
