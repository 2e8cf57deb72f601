"""Replies a person wants to read: tips once per conversation and never against the plan they sit
under, singular units, a change of unit shown in its units, cost changes as ratios when a
percentage would read -100%, no token-read requirement a floppy disk meets, no alternatives that
take many times as long, and an unusable message quoted back with what was kept."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.dialogue.recommend import against_own_plan, shown_options
from bot.render.text import render_text
from knowledge import KnowledgeBase

from .fakes import ScriptedParse

PLAN = "pretrain a 1B model on 100B tokens in 20 days"


def tip_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("💡", "⚠️ *"))]


def test_a_tip_is_shown_once_per_conversation(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands(PLAN, params=1e9, tokens=1e11, method="pretrain", days=20.0)
    nlu.understands("what if 10 days?", intent="whatif", days=10.0)
    nlu.understands("what if 5 days?", intent="whatif", days=5.0)
    shown = [
        line
        for text in (PLAN, "what if 10 days?", "what if 5 days?")
        for line in tip_lines(consultant.handle("s", text).text)
    ]
    assert shown and len(shown) == len(set(shown))


def test_advice_against_a_choice_only_the_bot_made_is_left_out(kb: KnowledgeBase) -> None:
    triggers = {"params": 5e8, "plan_gpu_top_tier": True, "user_gpu_top_tier": None, "method": "pretrain"}
    assert against_own_plan(kb, triggers, ["pitfall.overbuying_top_gpu"]) == {"pitfall.overbuying_top_gpu"}
    chosen = {**triggers, "user_gpu_top_tier": True}
    assert against_own_plan(kb, chosen, ["pitfall.overbuying_top_gpu"]) == set()


def test_one_gpu_and_one_day_read_in_the_singular() -> None:
    text = render_text(
        "ask_data",
        "en",
        understood={"params": 8e9, "gpu_count": 1, "days": 1.0},
        slots={},
        reprompt=0,
        modal=False,
        intro=False,
        samples=None,
    )
    assert "1 GPU," in text and "1 day" in text
    assert "1 GPUs" not in text and "1 days" not in text


def test_a_change_from_tokens_to_bytes_keeps_each_unit() -> None:
    change = {"slot": "data", "old": 5e11, "new": 2e7, "old_slot": "tokens", "new_slot": "data_bytes"}
    plan = {
        "gpu": "h100-sxm",
        "name": "NVIDIA H100 SXM5",
        "gpus": 8,
        "days": 3.0,
        "cost": 100000.0,
        "currency": "USD",
    }
    text = render_text(
        "changes", "en", changes=[change], before=plan, after={**plan, "gpus": 1, "cost": 10.0}
    )
    assert "500B tokens → 20 MB of data" in text
    assert "-100%" not in text and "(1/10,000 of it)" in text


def test_owned_storage_asks_for_no_trivial_read_rate(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "we have 8 A100s, LoRA a 7B model on 50M tokens"
    nlu.understands(
        text, params=7e9, tokens=5e7, method="lora", gpu="a100", gpu_count=8, flags={"owned": True}
    )
    turn = consultant.handle("s", text)
    assert "KB/s" not in turn.text


def test_alternatives_never_take_many_times_as_long_as_the_plan() -> None:
    options = [{"days": 10.0}, {"days": 25.0}, {"days": 526.0}, {"days": 12.0}]
    assert shown_options(options, None) == [{"days": 10.0}, {"days": 25.0}, {"days": 12.0}]
    assert shown_options(options, 20.0) == [{"days": 10.0}, {"days": 12.0}]


def test_an_unusable_message_says_what_it_did_not_understand_and_what_it_kept(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA a 7B model", params=7e9, method="lora")
    consultant.handle("s", "LoRA a 7B model")
    turn = consultant.handle("s", "purple monkey dishwasher")
    assert turn.text.startswith("I couldn't use “purple monkey dishwasher”. So far I have 7B parameters")
    assert turn.payload["pending"] == "data"


def test_a_few_gpu_hours_of_training_are_shown_with_their_decimal_not_as_one_gpu_hours(
    real: Consultant,
) -> None:
    real.handle("gh1", "Fine-tune a 300M model on 2GB of data in 1 day")
    turn = real.handle("gh1", "what if we use 8 H100s?")
    assert "(1.3 GPU-hours of training" in turn.text and "1 GPU-hours" not in turn.text
