"""A turn that lowers the deadline of a plan that still meets it ("what if we only have 1 week?", "如果只有
一周呢", "工期改成一週"): time matters more than assumed, so a faster plan that costs about the same is
recommended, said in one line before the plan; loosening it, or a deadline the plan misses, plans as
before."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from bot.dialogue.asap import ASAP_MAX_SCALE, TIGHTER_COST_SLACK, faster_for_tighter_deadline
from bot.dialogue.consultant import Consultant

PRETRAIN_EN = "Pretrain a 1B model on 20B tokens, bf16, 2 weeks"
PRETRAIN_ZH = "预训练一个 1B 模型，200亿 token，BF16，两周"
PRETRAIN_HANT = "預訓練一個 1B 模型，200億 token，BF16，兩週"
FULL_FT_ZH = "全参微调一个 7B 模型，20亿 token，30 天"
FULL_FT_EN = "Full fine-tune a 7B model on 2B tokens in 30 days"
LORA_EN = "LoRA fine-tune a 70B model on 1B tokens, bf16, 3 weeks"
LORA_HANT = "LoRA 微調一個 70B 模型，10億 token，三週"


def _turns(consultant: Consultant, *texts: str) -> list[Any]:
    session = "s-" + uuid.uuid4().hex
    return [consultant.handle(session, text) for text in texts]


def _top(turn: Any) -> dict[str, Any]:
    top: dict[str, Any] = turn.payload["recommendation"]["options"][0]
    return top


def _usd(option: dict[str, Any]) -> float:
    return float(option["cost"]["on_demand_usd"])


@pytest.mark.parametrize(
    ("first", "tighter", "deadline"),
    [
        (PRETRAIN_EN, "what if we only have 1 week?", 7),
        (PRETRAIN_EN, "actually we need it in 10 days", 10),
        (PRETRAIN_ZH, "如果只有一周呢", 7),
        (PRETRAIN_ZH, "要是只剩 5 天呢", 5),
        (PRETRAIN_HANT, "工期改成一週", 7),
        (FULL_FT_ZH, "其实两周内就要", 14),
        (FULL_FT_EN, "what if it has to be done in 12 days?", 12),
        (LORA_EN, "what if we only have 10 days?", 10),
        (LORA_HANT, "如果只有十天呢", 10),
    ],
)
def test_a_tighter_deadline_the_plan_still_meets_recommends_the_faster_plan_that_costs_about_the_same(
    real: Consultant, first: str, tighter: str, deadline: int
) -> None:
    before, after = _turns(real, first, tighter)
    old, new = _top(before), _top(after)
    assert new["gpu"] == old["gpu"] and new["gpus"] > old["gpus"]
    assert new["days"] < old["days"] <= deadline
    assert _usd(new) <= _usd(old) * TIGHTER_COST_SLACK
    options = after.payload["recommendation"]["options"]
    assert any(o["gpus"] == old["gpus"] and o["gpu"] == old["gpu"] for o in options[1:])  # still offered
    assert after.payload["slots"]["days"] == deadline


def test_the_reply_says_the_old_plan_still_makes_it_and_what_the_faster_one_costs_more(
    real: Consultant,
) -> None:
    _, turn = _turns(real, PRETRAIN_EN, "what if we only have 1 week?")
    said = re.search(
        r"14 days → 7 days: 1 × NVIDIA B200 still finishes in ([\d.]+ days), inside 7 days; since time is "
        r"tighter: 4 × NVIDIA B200 finish in (\d+ hours) for \$(\d+) \((\d+)%\) more\.",
        turn.text,
    )
    assert said is not None, turn.text
    assert turn.text.index(said.group(0)) < turn.text.index("*Recommended:* 4 × NVIDIA B200")
    assert "\n• 1 × NVIDIA B200: 2.6 days, $440" in turn.text  # the cheaper plan stays, as an alternative
    options = turn.payload["recommendation"]["options"]
    shown_extra = round(_usd(options[0])) - round(_usd(options[1]))
    assert int(said.group(3)) == shown_extra and 0 < int(said.group(4)) <= 10


@pytest.mark.parametrize(
    ("first", "tighter", "said"),
    [
        (
            PRETRAIN_ZH,
            "如果只有一周呢",
            "1 × NVIDIA B200 仍能在 2.6 天内跑完，赶得上 7 天的期限；既然时间更紧：4 × NVIDIA B200",
        ),
        (
            PRETRAIN_HANT,
            "工期改成一週",
            "1 × NVIDIA B200 仍能在 2.6 天內跑完，趕得上 7 天的期限；既然時間更緊：4 × NVIDIA B200",
        ),
    ],
)
def test_the_reason_is_said_in_chinese_in_either_script(
    real: Consultant, first: str, tighter: str, said: str
) -> None:
    _, turn = _turns(real, first, tighter)
    assert said in turn.text
    assert re.search(r"就能[跑]完，只多花 \$\d+（\d+%）。", turn.text), turn.text


@pytest.mark.parametrize(
    ("first", "looser"),
    [
        (PRETRAIN_EN, "what if we had 3 weeks?"),
        (PRETRAIN_ZH, "如果有一个月呢"),
        (FULL_FT_EN, "actually we have 40 days"),
        (LORA_HANT, "工期放寬到一個月"),
    ],
)
def test_a_looser_deadline_keeps_the_cheapest_plan(real: Consultant, first: str, looser: str) -> None:
    before, after = _turns(real, first, looser)
    assert (_top(after)["gpu"], _top(after)["gpus"]) == (_top(before)["gpu"], _top(before)["gpus"])
    assert "since time is tighter" not in after.text and "时间更紧" not in after.text


def test_a_first_turn_and_a_turn_that_keeps_the_deadline_plan_the_cheapest(real: Consultant) -> None:
    first, fp8 = _turns(real, PRETRAIN_EN, "what about fp8?")
    options = first.payload["recommendation"]["options"]
    assert _usd(options[0]) == min(_usd(o) for o in options if o["fits"])
    assert _top(fp8)["gpus"] == _top(first)["gpus"]


def test_a_tighter_deadline_the_plan_misses_is_resized_by_the_engine_as_before(real: Consultant) -> None:
    before, after = _turns(real, PRETRAIN_EN, "what if we only have 2 days?")
    assert _top(before)["days"] > 2
    new = _top(after)
    assert new["days"] <= 2  # the cheapest plan that makes it
    options = after.payload["recommendation"]["options"]
    assert _usd(new) == min(_usd(o) for o in options if o["fits"] and o["days"] <= 2)
    assert "since time is tighter" not in after.text


def test_the_faster_plan_stays_through_later_turns_until_the_deadline_is_loosened(real: Consultant) -> None:
    tight, fp8, again, loose = _turns(
        real,
        PRETRAIN_EN,
        "what if we only have 1 week?",
        "what about fp8?",
        "what if only 5 days?",
        "what if 3 weeks?",
    )[1:]
    assert _top(tight)["gpus"] == _top(fp8)["gpus"] == _top(again)["gpus"] == 4
    assert "*What changed*: 7 days → 5 days: still 4 × NVIDIA B200, which finishes in" in again.text
    assert _top(loose)["gpus"] == 1


def test_a_gpu_count_the_user_fixed_is_kept_when_the_deadline_tightens(real: Consultant) -> None:
    _, turn = _turns(
        real, "Pretrain a 1B model on 20B tokens on 1 B200, bf16, 2 weeks", "what if only 1 week?"
    )
    assert _top(turn)["gpus"] == 1 and "since time is tighter" not in turn.text


def _option(days: float, gpus: int, usd: float) -> dict[str, Any]:
    return {"days": days, "gpus": gpus, "fits": True, "cost": {"on_demand_usd": usd}}


def test_a_faster_plan_costing_more_than_the_slack_is_not_put_first() -> None:
    options = [_option(5.0, 2, 1_000.0), _option(1.0, 8, 1_000.0 * TIGHTER_COST_SLACK + 1)]
    assert faster_for_tighter_deadline(options, {"days": 7}, 7.2) is None


def test_a_faster_plan_past_the_scale_cap_or_the_deadline_is_not_put_first() -> None:
    big = _option(0.5, 2 * ASAP_MAX_SCALE + 1, 1_010.0)
    assert faster_for_tighter_deadline([_option(5.0, 2, 1_000.0), big], {"days": 7}, 7.2) is None
    late = [_option(5.0, 2, 1_000.0), _option(8.0, 1, 900.0), _option(2.0, 8, 1_050.0)]
    faster = faster_for_tighter_deadline(late, {"days": 7}, 7.2)
    assert faster is not None and faster[0]["days"] == 2.0  # priced against $1,000, not the late $900


def test_a_plan_about_as_fast_is_no_reason_to_pay_more() -> None:
    options = [_option(5.0, 2, 1_000.0), _option(4.9, 4, 1_020.0)]
    assert faster_for_tighter_deadline(options, {"days": 7}, 7.2) is None


def test_a_faster_plan_over_the_budget_is_not_put_first() -> None:
    options = [_option(5.0, 2, 1_000.0), _option(1.0, 8, 1_050.0)]
    budget = {"days": 7, "budget": {"amount": 1_020.0, "currency": "USD", "period": "total"}}
    assert faster_for_tighter_deadline(options, budget, 7.2) is None
    assert faster_for_tighter_deadline(options, {"days": 7}, 7.2) == [options[1], options[0]]


def test_a_deadline_the_engine_resized_for_then_lowered_again_puts_the_faster_plan_first(
    real: Consultant,
) -> None:
    resized, tighter = _turns(real, PRETRAIN_EN, "what if we only have 2 days?", "what if only 1.5 days?")[1:]
    assert (_top(resized)["gpus"], _top(tighter)["gpus"]) == (2, 8)
    assert (
        "2 × NVIDIA B200 still finishes in 32 hours, inside 1.5 days; since time is tighter: 8 × NVIDIA B200"
        in (tighter.text)
    )


def test_a_deadline_below_the_cheaper_plan_names_the_cheapest_plan_that_makes_it(real: Consultant) -> None:
    turn = _turns(real, PRETRAIN_ZH, "如果只有一周呢", "要是只剩 2 天呢")[-1]
    assert (
        "7 天 → 2 天：2 天内最省钱的方案是 2 × NVIDIA B200，要 32 小时；既然时间更紧：8 × NVIDIA B200"
        in turn.text
    )
    assert _top(turn)["gpus"] == 8


@pytest.mark.parametrize(
    ("first", "tighter", "math", "layout"),
    [
        (PRETRAIN_EN, "what if we only have 1 week?", "show the math", "Layout: 4 GPUs = data parallel 4"),
        (PRETRAIN_ZH, "如果只有一周呢", "讲讲怎么算的", "并行方式：4 张卡 = 数据并行 4"),
    ],
)
def test_the_math_after_a_tighter_deadline_is_of_the_faster_plan_recommended(
    real: Consultant, first: str, tighter: str, math: str, layout: str
) -> None:
    turn = _turns(real, first, tighter, math)[-1]
    assert layout in turn.text


@pytest.mark.parametrize(
    ("opening", "follow_up", "changed"),
    [
        ("LoRA fine-tune a 13B model on 2GB of data in 3 days", "and 1 day?", "3 days → 1 day"),
        (
            "LoRA fine-tune a 13B model on 2GB of data in 3 days",
            "could it finish in 1 day?",
            "3 days → 1 day",
        ),
        ("LoRA 微调一个 13B 模型，2GB 数据，3 天", "1 天能完成吗", "3 天 → 1 天"),
        ("LoRA 微调一个 13B 模型，2GB 数据，3 天", "那 1 天呢", "3 天 → 1 天"),
        ("LoRA 微調一個 13B 模型，2GB 資料，3 天", "1 天能跑完嗎？", "3 天 → 1 天"),
    ],
)
def test_a_bare_shorter_deadline_after_a_plan_plans_it_again_not_the_faq(
    real: Consultant, opening: str, follow_up: str, changed: str
) -> None:
    turn = _turns(real, opening, follow_up)[-1]

    assert changed in turn.text
    assert turn.payload["recommendation"] is not None and turn.payload["slots"]["days"] == 1
    assert "out of memory" not in turn.text and "误区" not in turn.text and "誤區" not in turn.text


@pytest.mark.parametrize(
    ("opening", "follow_up", "changed"),
    [
        (
            "LoRA fine-tune a 13B model on 2GB of data in 3 days",
            "is 1 day enough time to finish the training, or is the deadline too tight?",
            "3 days → 1 day",
        ),
        (
            "LoRA fine-tune a 13B model on 2GB of data in 5 days",
            "would a 2 day deadline be doable for this training run at all, do you think?",
            "5 days → 2 days",
        ),
        (
            "LoRA 微调一个 13B 模型，2GB 数据，5 天",
            "3 天的期限对这个训练来说现实吗？会不会太赶了，能不能按时交付",
            "5 天 → 3 天",
        ),
        (
            "LoRA 微調一個 13B 模型，2GB 資料，5 天",
            "如果期限只剩兩天，這個訓練真的還來得及嗎？我們老闆每天都在催進度，壓力真的很大，想先確認一下",
            "5 天 → 2 天",
        ),
    ],
)
def test_a_long_deadline_only_question_after_a_plan_plans_it_again_not_the_faq(
    real: Consultant, opening: str, follow_up: str, changed: str
) -> None:
    turn = _turns(real, opening, follow_up)[-1]

    assert changed in turn.text
    assert turn.payload["recommendation"] is not None


@pytest.mark.parametrize(
    ("follow_up", "topic"),
    [
        (
            "how do I resume training from a checkpoint if the job gets interrupted during the 2 days?",
            "restart it from a checkpoint",
        ),
        ("what's the difference between NVLink and PCIe, given a 2 day deadline for the training?", "NVLink"),
        ("2 天的工期里，断点续训要怎么做？", "断点续训"),
        ("兩天的工期裡，斷點續訓要怎麼做？", "斷點續訓"),
    ],
)
def test_a_deadline_beside_a_topic_of_its_own_after_a_plan_is_answered_from_the_notes(
    real: Consultant, follow_up: str, topic: str
) -> None:
    opening = (
        "LoRA 微调一个 13B 模型，2GB 数据，5 天"
        if re.search(r"[\u4e00-\u9fff]", follow_up)
        else ("LoRA fine-tune a 13B model on 2GB of data in 5 days")
    )
    turn = _turns(real, opening, follow_up)[-1]

    assert topic in turn.text
    assert "→" not in turn.text
