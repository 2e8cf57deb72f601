"""A plan on more GPUs than any cloud rents without a contract ("pretrain 13B on 1T tokens by tomorrow" →
1,536 × B200) says so once, with what is realistic: a reserved or contracted cluster, or a longer deadline
on the largest count rented without one. Ordinary plans and owned GPUs get no such note."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "said", "fewer"),
    [
        ("pretrain 13B on 1T tokens by tomorrow", "GPUs at once are not rented on demand", "on 512 × "),
        (
            "we need a 30B pretrained on 2T tokens within 3 days",
            "GPUs at once are not rented on demand",
            "on 512 × ",
        ),
        ("预训练 13B，1T token，明天之前完成", "张卡无法按需一次租到", "512 × "),
        ("預訓練 30B，2T token，三天內完成", "張卡無法按需一次租到", "512 × "),
    ],
)
def test_a_cluster_beyond_on_demand_says_what_is_realistic(
    real: Consultant, message: str, said: str, fewer: str
) -> None:
    text = real.handle("big-" + message[:8], message).text.replace("*", "")
    assert said in text and fewer in text
    assert "Capacity Blocks" in text


def test_it_is_said_once_per_conversation(real: Consultant) -> None:
    real.handle("once", "pretrain 13B on 1T tokens by tomorrow")
    again = real.handle("once", "what if 2 days?").text
    assert "not rented on demand" not in again


@pytest.mark.parametrize(
    "message",
    [
        "pretrain a 7B on 300B tokens in 30 days",
        "LoRA a 70B on 1B tokens in a week",
        "全参微调 13B，50 亿 token，一周",
    ],
)
def test_ordinary_plans_get_no_such_note(real: Consultant, message: str) -> None:
    text = real.handle("small-" + message[:6], message).text
    assert "not rented on demand" not in text and "无法按需一次租到" not in text


@pytest.mark.parametrize(
    "message",
    [
        "pretrain a 70B model on 2T tokens in 20 days",
        "we need a 30B pretrained on 2T tokens within 3 days",
        "预训练 70B，2T token，20 天内完成",
        "預訓練 13B 模型，1T token，明天就要",
    ],
)
def test_the_billing_line_of_such_a_plan_does_not_say_pay_as_you_go(real: Consultant, message: str) -> None:
    text = real.handle("bill-" + message[:8], message).text.replace("*", "")
    billing = next(line for line in text.splitlines() if line.startswith(("Billing:", "计费：", "計費：")))
    assert not any(
        w in billing
        for w in ("rent pay-as-you-go", "release the GPUs", "按量付费：", "跑完立即释放", "跑完立即釋放")
    )
    assert any(w in billing for w in ("not pay-as-you-go at", "不能按量租")), billing
    # and a later plan of the same size in the conversation, after the note was said once, neither
    again = real.handle("bill-" + message[:8], "what if 25 days?").text.replace("*", "")
    assert "rent pay-as-you-go and release" not in again and "跑完立即" not in again


def test_an_ordinary_short_plan_still_rents_pay_as_you_go(real: Consultant) -> None:
    text = real.handle("small", "LoRA a 7B on 50M tokens within 2 days").text
    assert "rent pay-as-you-go and release the GPUs" in text
