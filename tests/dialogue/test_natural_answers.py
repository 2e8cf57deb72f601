"""Answers to the bot's own questions in their natural forms, as the dialogue applies them: no
deadline plans a sensible cluster and says so, ASAP plans the fastest option, a calendar deadline
shows its date with its days, a sample count waits for its length per sample, and epochs
multiply the tokens trained."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse

START = "pretrain a 1B model on 20B tokens"


def start(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands(START, params=1e9, tokens=2e10, method="pretrain")
    turn = consultant.handle("s", START)
    assert turn.payload["pending"] == "days"


def test_no_deadline_in_its_own_words_plans_a_sensible_cluster_and_says_so(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    start(consultant, nlu)
    nlu.understands("whenever works", intent="faq", flags={"no_deadline": True})
    turn = consultant.handle("s", "whenever works")
    assert turn.payload["recommendation"] is not None
    assert "no deadline (a sensible cluster size" in turn.text
    assert turn.payload["slots"]["days"] is None


def test_asap_plans_the_fastest_option_that_fits_and_states_its_cost_default(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    start(consultant, nlu)
    nlu.understands("as fast as you can", intent="unknown", flags={"asap": True})
    turn = consultant.handle("s", "as fast as you can")
    options = turn.payload["recommendation"]["options"]
    fitting = [o["days"] for o in options if o["fits"]]
    assert options[0]["days"] == min(fitting)
    assert "as soon as possible (no budget given: the fastest plan costing at most 20% more" in turn.text


def test_a_calendar_deadline_is_shown_with_its_date_and_days(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    start(consultant, nlu)
    nlu.understands("by the end of January", days=63.0, flags={"deadline_date": "2027-01-31"})
    turn = consultant.handle("s", "by the end of January")
    assert "by 2027-01-31 ≈ 63 days" in turn.text
    assert turn.payload["slots"]["days"] == 63.0


def test_a_deadline_after_asap_plans_for_the_deadline_again(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    start(consultant, nlu)
    nlu.understands("asap", flags={"asap": True})
    consultant.handle("s", "asap")
    nlu.understands("what if 20 days?", intent="whatif", days=20.0)
    turn = consultant.handle("s", "what if 20 days?")
    assert "as soon as possible" not in turn.text
    assert turn.payload["recommendation"]["options"][0]["days"] <= 20


def test_a_sample_count_waits_for_its_length_per_sample(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("LoRA a 7B model on 50k chats", params=7e9, method="lora", samples=5e4)
    turn = consultant.handle("s", "LoRA a 7B model on 50k chats")
    assert turn.payload["pending"] == "data"
    assert "each of the 50K samples" in turn.text
    nlu.understands("each is about 2k tokens", intent="unknown", tokens_per_sample=2000.0)
    nlu.understands("3 days", days=3.0)
    completed = consultant.handle("s", "each is about 2k tokens")
    assert completed.text.startswith("Got it: 100M tokens.")
    turn = consultant.handle("s", "3 days")
    assert turn.payload["slots"]["tokens"] == 1e8
    assert turn.payload["recommendation"] is not None


def test_epochs_multiply_the_tokens_trained_and_are_shown(consultant: Consultant, nlu: ScriptedParse) -> None:
    one = "full fine-tune a 7B model on 1B tokens in 5 days"
    three = "full fine-tune a 7B model on 1B tokens for 3 epochs in 5 days"
    nlu.understands(one, params=7e9, tokens=1e9, method="full_finetune", days=5.0, gpu="h100")
    nlu.understands(three, params=7e9, tokens=1e9, method="full_finetune", days=5.0, gpu="h100", epochs=3.0)
    single = consultant.handle("a", one).payload["recommendation"]
    turn = consultant.handle("b", three)
    rec = turn.payload["recommendation"]
    assert turn.payload["slots"]["epochs"] == 3.0
    assert rec["workload"]["tokens"] == 1e9 and rec["workload"]["tokens_trained"] == 3e9
    assert "× 3 epochs = 3B tokens trained" in turn.text
    hours = lambda r: sum(o["gpu_hours"] for o in r["options"][:1])  # noqa: E731
    assert 2.5 < hours(rec) / hours(single) < 3.5


@pytest.mark.parametrize(
    ("opening", "unsure", "rough"),
    [
        ("I want to fine-tune a 7B model", "not sure", "roughly 2T"),
        ("I want to fine-tune a 7B model", "no idea", "about 2T I think"),
        ("我想微调一个 7B 模型", "不清楚", "大概 2T"),
        ("我想微调一个 7B 模型", "不知道", "差不多 2T 吧"),
        ("我想微調一個 7B 模型", "不知道", "大約 2T"),
    ],
)
def test_a_rough_t_size_answering_the_rough_size_question_is_terabytes_not_asked_back(
    real: Consultant, opening: str, unsure: str, rough: str
) -> None:
    real.handle("s", opening)
    real.handle("s", unsure)

    turn = real.handle("s", rough)

    assert turn.payload["slots"]["data_bytes"] == 2e12 and turn.payload["slots"]["tokens"] is None
    assert "2 TB" in turn.text
    assert "2T tokens" not in turn.text and "2万亿 tokens" not in turn.text
    assert turn.payload["pending"] == "days"


def test_a_bare_t_size_answering_the_first_data_question_is_still_asked_back(real: Consultant) -> None:
    real.handle("s", "I want to fine-tune a 7B model")

    turn = real.handle("s", "2T")

    assert "is “2T” a size on disk or a number of tokens?" in turn.text
    assert turn.payload["slots"]["data_bytes"] is None


@pytest.mark.parametrize(
    ("turns", "changed"),
    [
        (
            ("LoRA fine-tune a 32B model on 300M tokens", "ASAP", "actually there's no rush"),
            "*What changed*: as soon as possible → no deadline: 4 → 1 × NVIDIA B200",
        ),
        (
            ("LoRA 微调 32B，数据 3 亿 token", "越快越好", "其实不急"),
            "*变化*：越快越好 → 不限工期：4 → 1 × NVIDIA B200",
        ),
        (
            ("LoRA 微調 32B，資料 3 億 token", "越快越好", "其實不趕"),
            "*變化*：越快越好 → 不限工期：4 → 1 × NVIDIA B200",
        ),
        (
            ("LoRA fine-tune a 32B model on 300M tokens", "no deadline", "actually we need it asap"),
            "*What changed*: no deadline → as soon as possible: 1 → 4 × NVIDIA B200",
        ),
    ],
)
def test_no_rush_after_asap_and_asap_after_no_rush_change_the_plan_and_say_so(
    real: Consultant, turns: tuple[str, ...], changed: str
) -> None:
    turn = None
    for text in turns:
        turn = real.handle(turns[-1], text)
    assert turn is not None
    assert turn.text.startswith(changed), turn.text
    assert "still stands" not in turn.text and "仍然有效" not in turn.text
