"""After a fit answer about the team's own GPUs, a follow-up that completes the job ("ok, LoRA then,
10GB of data, one week") plans it on those GPUs as owned hardware, as if the first message had stated
the job on them: what they finish in time is the plan, and a deadline they miss is said as such."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def _first_line(text: str) -> str:
    return text.splitlines()[0]


def test_lora_after_a_fit_answer_runs_on_the_owned_h100s(real: Consultant) -> None:
    real.handle("fo1", "we've got 8 H100 80GB in our rack, can we fine-tune a 70B?")
    turn = real.handle("fo1", "ok, LoRA then, 10GB of data, one week")
    head = _first_line(turn.text)
    assert "8 × NVIDIA H100" in head and "on your own hardware" in head and "$" not in head


def test_a_simplified_chinese_follow_up_runs_on_the_owned_gpus(real: Consultant) -> None:
    real.handle("fo2", "我们自己有4张H100，能全参微调70B吗？")
    turn = real.handle("fo2", "那就 LoRA，数据 5GB，一周")
    head = _first_line(turn.text)
    assert "4 × NVIDIA H100" in head and "自有的硬件" in head


def test_a_traditional_chinese_follow_up_runs_on_the_owned_gpus(real: Consultant) -> None:
    real.handle("fo3", "我們有4張H100 80G，能微調70B嗎？")
    turn = real.handle("fo3", "那就 LoRA，資料 5GB，一週")
    head = _first_line(turn.text)
    assert "4 × NVIDIA H100" in head and "自有的硬體" in head


def test_a_deadline_the_owned_gpus_miss_is_said_with_their_time(real: Consultant) -> None:
    real.handle("fo4", "we own 4 A100 40GB. can we fine-tune llama 3 8B?")
    turn = real.handle("fo4", "ok full fine-tune, 20GB of data, 3 days")
    assert "Your own 4 × NVIDIA A100 40GB" in turn.text and "past your deadline of 3 days" in turn.text


def test_the_follow_up_plans_what_the_same_job_stated_at_once_plans(real: Consultant) -> None:
    real.handle("fo5", "we've got 2 H100 80GB on-prem, can we fine-tune a 70B?")
    after_fit = real.handle("fo5", "ok, LoRA then, 10GB of data, four weeks")
    at_once = real.handle("fo6", "we've got 2 H100 80GB on-prem. LoRA a 70B, 10GB of data, four weeks")
    assert _first_line(after_fit.text) == _first_line(at_once.text)


def test_a_fit_answer_on_gpus_not_said_to_be_owned_leaves_the_follow_up_free(real: Consultant) -> None:
    real.handle("fo7", "can 2 H100 80GB fine-tune a 70B?")
    turn = real.handle("fo7", "ok, LoRA then, 10GB of data, one week")
    assert "your own" not in turn.text.lower()


def test_renting_another_gpu_after_the_fit_answer_is_a_rental(real: Consultant) -> None:
    real.handle("fo8", "我们有8张A100 80G，能全参微调70B吗？")
    turn = real.handle("fo8", "那就租 H100 吧，LoRA，数据 5GB，一周")
    head = _first_line(turn.text)
    assert "H100" in head and "自有" not in head
