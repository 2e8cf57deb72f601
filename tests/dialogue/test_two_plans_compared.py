"""After a change to a plan, "compare the two plans", "which one would you pick?", "这两个方案比一下" or
"which was cheaper, the 1-week or the 2-week one?" show the plan before and the plan now side by side,
named by what differs, and say which to take; "how many months will it take?" is the plan's time."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_compare_the_two_plans_after_a_gpu_change_names_each_and_picks_one(real: Consultant) -> None:
    real.handle("p1", "LoRA 8B on 200M tokens within 5 days on A100")
    real.handle("p1", "now the same on H100")
    turn = real.handle("p1", "compare the two plans")
    lines = turn.text.splitlines()
    assert lines[0] == "*The two plans side by side*"
    assert lines[1].startswith("• *Before* (A100): 1 × NVIDIA A100")
    assert lines[2].startswith("• *Now* (H100): 1 × NVIDIA H100")
    assert lines[3].startswith("I'd take the H100 plan: it is both cheaper")
    again = real.handle("p1", "which one would you pick?")
    assert again.text == turn.text
    assert "*Recommended:*" not in turn.text


def test_plans_named_by_their_deadlines_are_compared_not_changed(real: Consultant) -> None:
    real.handle("p2", "fine-tune 7B fully on 1B tokens, 1 week")
    real.handle("p2", "what if 2 weeks?")
    turn = real.handle("p2", "which was cheaper, the 1-week or the 2-week one?")
    assert turn.text.startswith("*The two plans side by side*")
    assert "• *Before* (7 days)" in turn.text and "• *Now* (14 days)" in turn.text
    assert turn.payload["slots"]["days"] == 14


def test_the_two_plans_in_chinese(real: Consultant) -> None:
    real.handle("p3", "预训练 3B，300B tokens，一个月")
    real.handle("p3", "如果两个月，预算 5 万美元呢")
    turn = real.handle("p3", "这两个方案比一下")
    assert turn.text.startswith("*两个方案对比*")
    assert "• *之前*（30 天、不限预算）" in turn.text and "• *现在*（60 天、预算 $50,000）" in turn.text


def test_with_one_plan_only_there_is_nothing_to_compare_it_with(real: Consultant) -> None:
    real.handle("p4", "LoRA 8B on 200M tokens within 5 days")
    turn = real.handle("p4", "compare the two plans")
    assert "*The two plans side by side*" not in turn.text


def test_how_many_months_after_a_plan_is_its_time(real: Consultant) -> None:
    real.handle("p5", "pretrain 1B on 50B tokens, we can spend $10k per month, no hard deadline")
    turn = real.handle("p5", "how many months will it take?")
    assert turn.text.startswith("*On this plan (2 × NVIDIA B200) it takes about")


def test_a_plan_on_any_gpu_is_named_by_its_gpu_beside_the_one_chosen(real: Consultant) -> None:
    real.handle("p6", "QLoRA 70B, 300M tokens, 4 days")
    real.handle("p6", "try it on H200 instead")
    turn = real.handle("p6", "which plan is better?")
    assert "• *Before* (NVIDIA B200): 1 × NVIDIA B200" in turn.text
    assert "any GPU" not in turn.text


def test_in_chinese_the_pick_names_the_gpu_plan_and_gpu_words_are_not_a_plan_comparison(
    real: Consultant,
) -> None:
    real.handle("p7", "LoRA 8B on 200M tokens within 5 days on A100")
    real.handle("p7", "换成 H100 呢")
    assert "*两个方案对比*" not in real.handle("p7", "这两个卡有什么区别？").text
    turn = real.handle("p7", "这两个方案哪个好？")
    assert "建议选 H100 的方案：更便宜" in turn.text


@pytest.mark.parametrize(
    ("turns", "head", "first", "now"),
    [
        (["full fine-tune a 7B on 300M tokens, 5 days", "what if 14B?", "and what if we did LoRA instead?",
          "how does that compare to the first one?"],
         "*The first plan and the plan now*", "• *First* (full fine-tuning, 7B parameters): 1 × NVIDIA B200",
         "• *Now* (LoRA fine-tuning, 14B parameters): 1 × NVIDIA B200"),
        (["pretrain a 1B model on 20B tokens, 10 days", "what if 2B?", "and 3 weeks?",
          "compare this with the original plan"],
         "*The first plan and the plan now*", "• *First* (1B parameters, 10 days)",
         "• *Now* (2B parameters, 21 days)"),
        (["全參微調 7B，資料 5 億 tokens，兩週內", "如果改成 LoRA 呢？", "那用 4 張 H100 呢",
          "跟第一個方案比呢？"],
         "*最初的方案和現在的方案*", "• *最初*（NVIDIA B200、不限卡數、全參數微調）",
         "• *現在*（H100、4 張卡、LoRA 微調）"),
        (["LoRA 微调 8B，数据 1 亿 tokens，三天", "换成 QLoRA 呢", "那 13B 呢", "和最开始的方案相比怎么样"],
         "*最初的方案和现在的方案*", "• *最初*（LoRA 微调、80亿参数）", "• *现在*（QLoRA 微调、130亿参数）"),
    ],
)  # fmt: skip
def test_the_first_plan_is_compared_with_the_plan_now_after_several_changes(
    real: Consultant, turns: list[str], head: str, first: str, now: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    for text in turns[:-1]:
        held = real.handle(session, text).payload["slots"]
    turn = real.handle(session, turns[-1])
    lines = turn.text.splitlines()
    assert lines[0] == head and lines[1].startswith(first) and lines[2].startswith(now)
    assert "undo" not in turn.text and "回到刚才" not in turn.text  # one undo never reaches the first plan
    assert turn.payload["slots"] == held  # compared, nothing changed


@pytest.mark.parametrize(
    ("question", "head"),
    [("how does it compare with the last plan?", "*The two plans side by side*"),
     ("compare it with the earlier plan", "*The two plans side by side*"),
     ("how does that compare to the previous one?", "*The two plans side by side*"),
     ("和上一个方案比呢", "*两个方案对比*"), ("跟剛才那個比起來呢", "*兩個方案對比*"),
     ("和剛剛那個相比", "*兩個方案對比*"), ("比之前贵多少", "*两个方案对比*"),
     ("is it cheaper than before?", "*The two plans side by side*")],
)  # fmt: skip
def test_comparing_with_the_earlier_plan_shows_both_and_never_goes_back(
    real: Consultant, question: str, head: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "full fine-tune a 7B on 300M tokens, 5 days")
    real.handle(session, "what if 14B?")
    turn = real.handle(session, question)
    assert turn.text.startswith(head) and turn.payload["slots"]["params"] == 14e9


def test_the_first_plan_asked_for_before_any_change_is_the_plan_now(real: Consultant) -> None:
    en = ask(
        real, "pretrain a 1B model on 20B tokens within 10 days", "how does it compare with the first plan?"
    )
    assert en.startswith(
        "This is still the first plan: nothing about the job has changed since it (1 × NVIDIA B200"
    )
    zh = ask(real, "全参微调 13B，数据 5 亿 tokens，两周", "跟最开始的方案比呢")
    assert zh.startswith("这就是最初的方案，之后需求还没有改过（2 × NVIDIA B200")
    hant = ask(real, "全參微調 13B，資料 5 億 tokens，兩週", "跟第一個方案比起來呢？")
    assert hant.startswith("這就是最初的方案")
