"""Relative changes to a value the conversation holds ("预算砍半", "double the data", "cut the budget by
30%"): the NLU reads the concept and the factor, and the factor's own number is never a slot value."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from bot.nlu.relative import find_scales
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "concept", "factor"),
    [("预算砍半呢", "budget", 0.5), ("cut the budget in half", "budget", 0.5),
     ("what if we double the data?", "data", 2.0), ("數據翻倍呢", "data", 2.0),
     ("資料減半的話呢", "data", 0.5),
     ("what if the deadline were twice as long?", "days", 2.0), ("时间减半呢", "days", 0.5),
     ("只用一半的数据呢", "data", 0.5), ("3倍的数据", "data", 3.0), ("2x the budget", "budget", 2.0),
     ("cut the budget by 30%", "budget", 0.7), ("預算減少20%", "budget", 0.8), ("20% more data", "data", 1.2),
     ("轮数翻倍", "epochs", 2.0), ("给两倍预算呢", "budget", 2.0)],
)  # fmt: skip
def test_a_relative_change_names_its_concept_and_factor(text: str, concept: str, factor: float) -> None:
    got = parse(text)
    assert got.scales == ((concept, pytest.approx(factor)),)


@pytest.mark.parametrize(
    "text",
    [
        "数据有一半是中文",
        "double-check the data",
        "half precision model",
        "8x H100 with the data",
        "半精度训练",
    ],
)
def test_a_share_a_name_or_a_precision_is_no_relative_change(text: str) -> None:
    assert find_scales(text.lower()) == []
    assert parse(text).scales == ()


def test_the_factor_of_a_change_is_never_read_as_the_value_itself() -> None:
    got = parse("cut the budget in half")
    assert got.slots.budget is None
    assert got.intent == "whatif"


def test_a_gpu_count_after_the_model_is_no_multiple_of_it() -> None:
    assert parse("LoRA on a 70B model with 8x A100 80GB").scales == ()
    assert parse("LoRA on a 70B model with 8x A100 80GB").slots.gpu_count == 8


@pytest.mark.parametrize("text", ["double the GPUs?", "再加一倍卡呢", "卡数减半"])
def test_a_change_to_the_gpus_is_a_what_if_on_the_gpu_count(text: str) -> None:
    got = parse(text)
    assert got.intent == "whatif" and got.scales[0][0] == "gpus"


@pytest.mark.parametrize(
    "text", ["If I double the GPUs, does training take half as long?", "GPU 数量翻倍，训练时间会减半吗？"]
)
def test_a_yes_no_question_about_scaling_in_general_is_no_what_if(text: str) -> None:
    assert parse(text).intent == "faq"


@pytest.mark.parametrize(
    ("text", "deltas"),
    [("再多训一轮呢", (("epochs", 1.0),)), ("one more epoch", (("epochs", 1.0),)),
     ("少训一轮", (("epochs", -1.0),)),
     ("what if we add two more weeks", (("days", 14.0),)), ("再给一周", (("days", 7.0),)),
     ("再跑两个 epoch", (("epochs", 2.0),))],
)  # fmt: skip
def test_an_added_or_removed_count_is_a_change_to_what_is_held_not_the_value_itself(
    text: str, deltas: tuple[tuple[str, float], ...]
) -> None:
    got = parse(text)
    assert got.deltas == deltas
    assert got.slots.epochs is None and got.slots.days is None


@pytest.mark.parametrize("text", ["最多两周", "一个多月", "多轮对话数据"])
def test_at_most_and_more_than_are_no_added_count(text: str) -> None:
    assert parse(text).deltas == ()


@pytest.mark.parametrize(
    ("text", "factor"), [("halve the card count", 0.5), ("what if we double the card count?", 2.0)]
)
def test_the_card_count_scales_the_gpus_like_the_cards_do(text: str, factor: float) -> None:
    # "card" joined the words for the GPUs when relative.CONCEPTS took them from lexicon.GPU_NOUNS.
    assert parse(text).scales == (("gpus", pytest.approx(factor)),)


@pytest.mark.parametrize(("text", "factor"), [("训练集翻倍呢", 2.0), ("训练集减半的话", 0.5)])
def test_the_training_set_scales_the_data(text: str, factor: float) -> None:
    # "训练集" joined the data words when relative.CONCEPTS took them from lexicon.DATA_CUES.
    assert parse(text).scales == (("data", pytest.approx(factor)),)


@pytest.mark.parametrize(
    ("text", "days"),
    [("截止日能延後兩週的話呢？", 14.0), ("推迟三天呢", 3.0), ("提前一周行吗", -7.0),
     ("what if we push the deadline back two weeks?", 14.0), ("extend the deadline by 3 days", 3.0),
     ("could we bring it forward a week?", -7.0)],
)  # fmt: skip
def test_a_deadline_moved_by_a_span_is_a_change_to_the_deadline_held(text: str, days: float) -> None:
    got = parse(text)
    assert got.deltas == (("days", days),)
    assert got.slots.days is None


@pytest.mark.parametrize("text", ["we moved 2 days ago", "两周前提前完成了"])
def test_a_past_move_or_an_early_finish_is_no_deadline_change(text: str) -> None:
    assert parse(text).deltas == ()


@pytest.mark.parametrize(
    ("text", "concept", "factor"),
    [("数据砍到三分之一呢", "data", 1 / 3), ("資料再多三成呢", "data", 1.3),
     ("只用三分之一的数据", "data", 1 / 3), ("预算减少两成", "budget", 0.8),
     ("what if we only train on half of it?", "data", 0.5),
     ("cut the data to a third", "data", 1 / 3), ("cut the budget by a third", "budget", 2 / 3)],
)  # fmt: skip
def test_a_share_of_what_is_held_is_a_relative_change(text: str, concept: str, factor: float) -> None:
    assert parse(text).scales == ((concept, pytest.approx(factor)),)


@pytest.mark.parametrize("text", ["三分之一的人在用 H100", "数据有三成是代码"])
def test_a_share_that_describes_the_data_changes_nothing(text: str) -> None:
    assert parse(text).scales == ()


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("預算從 10 萬提到 20 萬，7B 全參", "budget", 2e5),
        ("预算 5 万，能不能加到 8 万", "budget", 8e4),
        ("数据从 10 亿 token 加到 20 亿，模型 7B", "tokens", 2e9),
        ("7B 全参，模型从 7B 提到 13B 呢", "params", 1.3e10),
    ],
)
def test_a_bare_amount_a_value_is_changed_to_replaces_it(text: str, slot: str, value: float) -> None:
    got = parse(text).slots
    said_value = got.budget.amount if slot == "budget" and got.budget else getattr(got, slot)
    assert said_value == value


def test_the_quick_word_checks_never_hide_a_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """find_scales skips a family of patterns when the message has none of its words; with every family
    run on every message, what it finds is the same (messages built from the patterns' own words)."""
    import random

    from bot.nlu import relative

    words = [
        *(w for ws in relative.CONCEPTS.values() for w in ws), *relative._EN_WORD, *relative._ZH_WORD,
        *relative._EN_SHARES, *relative._DELTA_UNITS, *relative._EN_COUNT, *relative._UP, *relative._DOWN,
        "一半", "三分之一", "两成", "3倍", "2x", "3 x", "×2", "4 times", "30%", "20 %", "by", "to", "down to",
        "push", "pushed", "move", "moving", "extend", "delayed", "slipped", "bring", "brought", "pulled",
        "back", "out", "forward", "in", "the", "it", "more", "extra", "fewer", "less", "再", "多", "少",
        "提前", "延后", "给", "的", "了", "只用", "砍到", "train on", "use", "of it", ",", "，", " ", "?",
        "cut the budget by 30%", "预算减少20%", "20% more data", "数据砍到三分之一", "资料再多三成",
        "train on a quarter of it", "cut the data to three quarters", "再多训一轮", "多给两个月", "延后一周",
        "brought it forward two weeks", "push the deadline back 2 weeks", "two more epochs", "one fewer day",
    ]  # fmt: skip
    rng = random.Random(12)
    messages = [
        "".join(rng.choice((" ", "", "")) + rng.choice(words) for _ in range(rng.randint(2, 7)))
        for _ in range(4000)
    ]
    gated = [find_scales(m) for m in messages]
    monkeypatch.setattr(relative, "_has", lambda s, words: True)
    assert [find_scales(m) for m in messages] == gated
    assert sum(map(bool, gated)) > 400  # the messages do hold changes


def test_a_value_turned_down_gives_way_to_the_one_taken_instead() -> None:
    assert said("全参微调 13B，数据 5 亿 token，三个 epoch 太多了，就两个 epoch")["epochs"] == 2
    assert said("pretrain a 1B on 20B tokens; 2 months is too long, let's say 6 weeks")["days"] == 42
    # turned down with nothing else said: still the only value there is
    assert said("7B 太大了，就用 LoRA 吧，数据 1 万条")["params"] == 7e9


def test_a_bare_number_taken_instead_keeps_the_unit_of_the_value_turned_down() -> None:
    got = said("继续预训练 7B，三万亿 token 太多了，先来 8000 亿，两个月")
    assert (got["tokens"], got["params"], got["days"]) == (8e11, 7e9, 60)
    assert said("LoRA 13B on 20M tokens; 5 epochs is too many, let's do 3")["epochs"] == 3


@pytest.mark.parametrize(
    ("text", "deltas"),
    [("give it an extra 3 days", (("days", 3.0),)), ("another week?", (("days", 7.0),)),
     ("another 2 weeks", (("days", 14.0),)), ("what about an extra epoch", (("epochs", 1.0),))],
)  # fmt: skip
def test_an_extra_or_another_span_before_its_count_is_added_to_what_is_held(
    text: str, deltas: tuple[tuple[str, float], ...]
) -> None:
    got = parse(text)
    assert got.deltas == deltas
    assert got.slots.epochs is None and got.slots.days is None


def test_extra_days_with_no_count_add_nothing() -> None:
    assert parse("we need extra days").deltas == ()


@pytest.mark.parametrize(
    ("text", "concept", "factor"),
    [("what if the model were 3x bigger?", "params", 3.0), ("and 2 times more data?", "data", 2.0),
     ("3x more tokens", "data", 3.0)],
)  # fmt: skip
def test_a_multiple_said_with_bigger_or_more_scales_its_concept(
    text: str, concept: str, factor: float
) -> None:
    assert [(x.concept, x.factor) for x in find_scales(text)] == [(concept, factor)]


@pytest.mark.parametrize(
    ("text", "factor"),
    [
        ("what if 2x users?", 2.0),
        ("what if we double the users?", 2.0),
        ("and if the traffic doubles?", 2.0),
        ("3x the qps", 3.0),
        ("用户翻倍呢", 2.0),
        ("并发减半的话", 0.5),
        ("如果用戶多一倍呢", 2.0),
        ("請求量翻倍", 2.0),
    ],
)
def test_a_scaled_serving_load_is_a_serving_what_if(text: str, factor: float) -> None:
    got = parse(text)
    assert got.intent == "whatif" and got.task == "serve", got
    assert got.scales == (("load", pytest.approx(factor)),)


def test_a_scaled_load_in_a_training_message_stays_a_training_message() -> None:
    # the scale is read, but a training message is never made a serving one by it
    assert parse("fine-tune a 7b for twice as many users").task != "serve"
