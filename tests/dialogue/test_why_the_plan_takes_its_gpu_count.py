""" "Why 8 GPUs?", "为什么要这么多卡？", "為什麼要用那麼多張卡" after a plan: what sets the plan's count
(memory per GPU on it and on half as many, GPU-hours against the deadline), the plan unchanged. Before any
plan, the same question gets the note on one GPU or several, never the QLoRA note the bare "4" once found."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

MEMORY_BOUND = "Full fine-tune a 70B model on 2B tokens within 10 days"
DEADLINE_BOUND = "Pretrain a 1B model on 100B tokens in 5 days"


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("why 8 GPUs?", "So 8 is set by memory"),
        ("why do we need so many GPUs?", "So 8 is set by memory"),
        ("为什么要这么多卡？", "所以 8 张是显存决定的"),
        ("為什麼要用那麼多張卡", "所以 8 張是顯存決定的"),
    ],
)
def test_a_memory_bound_plan_says_half_as_many_gpus_cannot_hold_it(
    real: Consultant, question: str, says: str
) -> None:
    plan = real.handle("c1", MEMORY_BOUND)
    assert plan.payload["recommendation"]["options"][0]["gpus"] == 8
    turn = real.handle("c1", question)
    assert says in turn.text
    assert "on 4 it would be" in turn.text or "换成 4 张" in turn.text or "換成 4 張" in turn.text
    assert turn.payload["slots"].get("gpu_count") is None  # the number asked about sets nothing
    assert "What changed" not in turn.text and "变化" not in turn.text


def test_a_deadline_bound_plan_divides_the_gpu_hours_by_the_hours_left(real: Consultant) -> None:
    real.handle("c2", DEADLINE_BOUND)
    turn = real.handle("c2", "why so many GPUs?")
    assert "is set by the deadline" in turn.text
    assert "÷ (5 days × 24 h) =" in turn.text and "GPUs at least" in turn.text


def test_a_deadline_bound_plan_in_chinese(real: Consultant) -> None:
    real.handle("c3", "预训练一个3B模型，300亿 token，3天内")
    turn = real.handle("c3", "为啥要用这么多张卡？")
    assert "是工期决定的" in turn.text
    assert "÷（3 天 × 24 小时）= 至少" in turn.text


def test_a_one_gpu_plan_says_one_gpu_holds_it(real: Consultant) -> None:
    real.handle("c4", "LoRA fine-tune a 7B model on 200M tokens within 3 days")
    turn = real.handle("c4", "why so many GPUs?")
    assert "One GPU holds the job and meets the deadline" in turn.text
    assert "less than one GPU" in turn.text


@pytest.mark.parametrize(
    "question", ["为什么要 4 张卡？", "為什麼需要8張卡？", "why 4 GPUs?", "why would we need multiple GPUs?"]
)
def test_before_any_plan_the_question_gets_the_note_on_one_gpu_or_several(
    real: Consultant, question: str
) -> None:
    turn = real.handle("c5", question)
    assert turn.payload["faq"] == ["faq.single_vs_multi_gpu"]
    assert "QLoRA" not in turn.text.split("\n")[0]
    assert turn.payload["slots"].get("gpu_count") is None


def test_why_not_fewer_gpus_sizes_the_job_on_the_count_asked_about(real: Consultant) -> None:
    real.handle("c6", MEMORY_BOUND)
    turn = real.handle("c6", "why not just 4 GPUs?")
    assert "on 4 it would be" in turn.text and "So 8 is set by memory" in turn.text
    assert "does not run on your 4 GPUs" not in turn.text  # they own none


@pytest.mark.parametrize(
    ("question", "more"),
    [
        ("why not 16 GPUs?", "16 GPUs"),
        ("why not use 32 GPUs then?", "32 GPUs"),
        ("Why not go with 16 GPUs?", "16 GPUs"),
        ("为什么不是 16 张卡？", "16 张卡"),
        ("為什麼不是16張卡？", "16 張卡"),
    ],
)
def test_why_not_more_gpus_sizes_the_job_on_that_many_beside_the_plan(
    real: Consultant, question: str, more: str
) -> None:
    real.handle("c7", MEMORY_BOUND)
    turn = real.handle("c7", question)
    assert more in turn.text and ("8 GPUs" in turn.text or "8 张卡" in turn.text or "8 張卡" in turn.text)
    assert "Pitfall" not in turn.text and "误区" not in turn.text
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 8  # the plan unchanged


@pytest.mark.parametrize(
    ("opening", "tighter", "question", "said"),
    [
        (
            "Pretrain a 1B model on 20B tokens, bf16, 2 weeks",
            "what if we only have 1 week?",
            "why 4 GPUs?",
            "4 finish sooner for $6 (2%) more.",
        ),
        (
            "Full fine-tune a 7B model on 2B tokens in 30 days",
            "what if we only have 1 week?",
            "why do we need so many GPUs?",
            "4 finish sooner for $9 (3%) more.",
        ),
        (
            "预训练一个 1B 模型，200亿 token，BF16，两周",
            "如果只有一周呢",
            "为什么要 4 张卡？",
            "只多花 $6（2%）",
        ),
        (
            "預訓練一個 1B 模型，200億 token，BF16，兩週",
            "如果只有一週呢",
            "為什麼要這麼多張卡？",
            "只多花 $6（2%）",
        ),
    ],
)
def test_a_plan_a_few_dollars_dearer_than_on_fewer_gpus_says_the_difference(
    real: Consultant, opening: str, tighter: str, question: str, said: str
) -> None:
    real.handle("d1", opening)
    real.handle("d1", tighter)

    turn = real.handle("d1", question)

    assert said in turn.text
    assert "no more money" not in turn.text and "钱不多花" not in turn.text and "錢不多花" not in turn.text


def test_a_plan_that_costs_no_more_than_on_fewer_gpus_still_says_so(real: Consultant) -> None:
    real.handle("d2", "pretrain a 3B model on 60B tokens in 10 days")

    turn = real.handle("d2", "why so many GPUs?")

    assert "but cost $3,491 against $3,484" in turn.text and "8 finish sooner for no more money." in turn.text
