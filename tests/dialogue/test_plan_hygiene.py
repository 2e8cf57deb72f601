"""Scenarios through the real parser and engine: a corrected GPU figure leaves the plan alone,
owned hardware gets no rental billing advice, what-ifs repeat pitfalls only when they change, and
spot savings are not advertised where spot capacity at that scale is unreliable."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant, Turn

B200_PLAN = "Full fine-tune a 70B model on 2B tokens on B200 in 14 days"


def say(consultant: Consultant, *texts: str) -> Turn:
    turn = None
    for text in texts:
        turn = consultant.handle("s", text)
    assert turn is not None
    return turn


def test_asking_about_a_160gb_h100_corrects_it_and_keeps_the_b200_plan(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?")
    assert "no 160 GB H100" in turn.text
    assert "What changed" not in turn.text
    assert "× NVIDIA H100" not in turn.text
    assert turn.payload["slots"]["gpu"] == "b200"
    assert turn.payload["recommendation"]["options"][0]["gpu"] == "b200"


def test_a_plan_after_the_correction_still_runs_on_b200(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?", "what if 20 days?")
    assert turn.payload["recommendation"]["options"][0]["gpu"] == "b200"


def test_switching_to_a_real_h100_after_the_correction_changes_the_plan(real: Consultant) -> None:
    turn = say(real, B200_PLAN, "what about H100 160GB?", "switch to H100 80GB")
    assert "What changed" in turn.text
    assert turn.payload["recommendation"]["options"][0]["gpu"].startswith("h100")


@pytest.mark.parametrize("switch", ["换成H100 160GB", "switch to the H100 with 160GB"])
def test_a_switch_that_also_misquotes_memory_corrects_it_and_switches(real: Consultant, switch: str) -> None:
    turn = say(real, B200_PLAN, switch)
    assert "160" in turn.text.split("\n")[0]
    assert turn.payload["slots"]["gpu"].startswith("h100")


OWNED_EN = "We have 8 H100 80GB, LoRA fine-tune a 70B model on 1B tokens, how long?"
OWNED_ZH = "我们有8张A100，全量微调7B模型，20亿token，要多久"


def test_a_plan_on_your_own_h100s_gives_no_rental_billing_advice(real: Consultant) -> None:
    turn = say(real, OWNED_EN)
    assert "*Billing:*" not in turn.text
    assert "pay-as-you-go" not in turn.text
    assert "cloud disk" not in turn.text
    assert "your own storage must keep up" in turn.text
    assert "renting the same would cost" not in turn.text and "$" not in turn.text


def test_a_plan_on_your_own_a100s_in_chinese_states_the_storage_bandwidth_it_needs(real: Consultant) -> None:
    turn = say(real, OWNED_ZH)
    assert "*计费*" not in turn.text
    assert "云盘" not in turn.text
    assert "自有存储需跟得上训练" in turn.text and "MB/s" in turn.text
    assert "仅供参考" not in turn.text and "$" not in turn.text


def test_a_rented_plan_keeps_its_billing_line(real: Consultant) -> None:
    turn = say(real, "LoRA fine-tune a 70B model on 1B tokens in 7 days")
    assert "*Billing:*" in turn.text


PRETRAIN_AT_SCALE = "Pretrain a 70B model on 1.4T tokens in 30 days"


def test_a_forty_node_plan_calls_spot_unreliable_instead_of_advertising_savings(real: Consultant) -> None:
    turn = say(real, PRETRAIN_AT_SCALE)
    codes = [w["code"] for w in turn.payload["recommendation"]["warnings"]]
    assert "spot_at_scale" in codes
    billing = next(line for line in turn.text.splitlines() if line.startswith("*Billing:*"))
    assert "spot would save" not in turn.text
    assert "rarely available" in billing
    assert "on-demand or reserved" in billing
    assert turn.text.count("rarely available") == 1


def test_a_four_node_plan_still_mentions_spot_savings(real: Consultant) -> None:
    turn = say(real, "Full fine-tune a 70B model on 2B tokens on H100 in 14 days")
    codes = [w["code"] for w in turn.payload["recommendation"]["warnings"]]
    assert "spot_at_scale" not in codes
    billing = next(line for line in turn.text.splitlines() if line.startswith("*Billing:*"))
    assert "spot would save ~" in billing


H100_PLAN = "Full fine-tune a 70B model on 2B tokens on H100 in 14 days"


def pitfall_lines(turn: Turn) -> list[str]:
    return [line for line in turn.text.splitlines() if line.startswith("⚠️ *")]


def test_a_deadline_what_if_with_the_same_pitfalls_does_not_repeat_them(real: Consultant) -> None:
    first = say(real, H100_PLAN)
    again = say(real, "what if 10 days?")
    assert pitfall_lines(first)
    assert pitfall_lines(again) == []
    assert again.payload["pitfalls"] == first.payload["pitfalls"]
    assert "*Recommended:*" in again.text


def test_a_what_if_that_changes_the_pitfalls_shows_them_again(real: Consultant) -> None:
    first = say(real, "Full fine-tune a 70B model on 2B tokens on B200 in 14 days")
    switched = say(real, "what if H100?")
    assert set(switched.payload["pitfalls"]) != set(first.payload["pitfalls"])
    assert any("network and storage" in line for line in pitfall_lines(switched))


def test_starting_over_shows_the_pitfalls_of_the_new_plan(real: Consultant) -> None:
    say(real, H100_PLAN, "reset")
    turn = say(real, H100_PLAN)
    assert pitfall_lines(turn)
