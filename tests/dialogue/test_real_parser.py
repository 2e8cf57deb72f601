"""Whole conversations through the real parser (bot.nlu.parse) and the real engine, in simplified
Chinese, traditional Chinese and English: what the scripted tests pin, end to end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.dialogue.consultant import Consultant


@dataclass(frozen=True)
class Phrases:
    lang: str
    everything: str  # 7B pre-training, 140B tokens, BF16, one month
    start: str
    params_13b: str
    data_500gb: str
    two_weeks: str
    correct_to_7b: str
    faq_billing: str
    errata_a100: str
    compare: str
    reset: str
    lora_7b: str
    tokens_10b: str
    skip: str
    absurd_params: str
    dense_a100: str  # how the errata correction states the A100's dense figure
    compare_word: str


ZH_HANS = Phrases(
    lang="zh-Hans",
    everything="预训练一个70亿参数的模型，数据1400亿tokens，BF16，一个月内完成",
    start="我想训练一个模型",
    params_13b="130亿参数",
    data_500gb="500GB",
    two_weeks="两周",
    correct_to_7b="改成7B",
    faq_billing="按量付费和包年包月怎么选？",
    errata_a100="A100有624 TFLOPS的FP16算力吧",
    compare="A100和H100有什么区别",
    reset="重新开始",
    lora_7b="LoRA微调一个70亿参数模型",
    tokens_10b="数据100亿tokens",
    skip="跳过",
    absurd_params="70万亿参数",
    dense_a100="312 TFLOPS",
    compare_word="对比",
)
ZH_HANT = Phrases(
    lang="zh-Hant",
    everything="預訓練一個70億參數的模型，資料1400億tokens，BF16，一個月內完成",
    start="我想訓練一個模型",
    params_13b="130億參數",
    data_500gb="500GB",
    two_weeks="兩週",
    correct_to_7b="改成7B",
    faq_billing="按量付費和包年包月怎麼選？",
    errata_a100="A100有624 TFLOPS的FP16算力吧",
    compare="A100和H100有什麼區別",
    reset="重新開始",
    lora_7b="LoRA微調一個70億參數模型",
    tokens_10b="資料100億tokens",
    skip="跳過",
    absurd_params="70萬億參數",
    dense_a100="312 TFLOPS",
    compare_word="對比",
)
EN = Phrases(
    lang="en",
    everything="Pretrain a 7B model on 140B tokens in bf16 within a month",
    start="I want to train a model",
    params_13b="13B parameters",
    data_500gb="500GB",
    two_weeks="two weeks",
    correct_to_7b="make it 7B",
    faq_billing="Pay-as-you-go or monthly billing, which should I pick?",
    errata_a100="A100 has 624 TFLOPS FP16",
    compare="What's the difference between A100 and H100?",
    reset="start over",
    lora_7b="LoRA fine-tune a 7B model",
    tokens_10b="10B tokens of data",
    skip="skip",
    absurd_params="70T parameters",
    dense_a100="312 TFLOPS",
    compare_word=" vs ",
)
LANGS = pytest.mark.parametrize("p", [ZH_HANS, ZH_HANT, EN], ids=lambda p: p.lang)


def _say(consultant: Consultant, text: str) -> dict[str, Any]:
    payload: dict[str, Any] = consultant.handle("s", text).payload
    return payload


def _slots(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload["slots"].items() if v is not None}


def _planned_13b_run(real: Consultant, p: Phrases) -> dict[str, Any]:
    for text, still_missing in (
        (p.start, ["params", "data", "days"]),
        (p.params_13b, ["data", "days"]),
        (p.data_500gb, ["days"]),
    ):
        turn = _say(real, text)
        assert turn["missing"] == still_missing and turn["recommendation"] is None, text
    return _say(real, p.two_weeks)


@LANGS
def test_one_message_with_everything_gets_a_recommendation_in_its_script(
    real: Consultant, p: Phrases
) -> None:
    turn = _say(real, p.everything)

    assert turn["recommendation"] is not None and turn["lang"] == p.lang
    assert _slots(turn) | {"method": "pretrain"} == {
        "params": 7e9,
        "tokens": 1.4e11,
        "precision": "bf16",
        "method": "pretrain",
        "days": pytest.approx(30.0, rel=0.03),
    }


@LANGS
def test_slot_by_slot_then_a_correction_then_a_what_if(real: Consultant, p: Phrases) -> None:
    first = _planned_13b_run(real, p)
    corrected = _say(real, p.correct_to_7b)
    shorter = _say(real, "what if we only have 1 week?")

    assert first["recommendation"] is not None and first["slots"]["days"] == 14.0
    assert corrected["slots"]["params"] == 7e9 and corrected["slots"]["data_bytes"] == 5e11
    assert corrected["changes"] == [{"slot": "params", "old": 1.3e10, "new": 7e9}]
    assert corrected["lang"] == p.lang
    assert shorter["slots"]["days"] == 7.0 and shorter["slots"]["params"] == 7e9
    assert shorter["recommendation"]["options"][0]["days"] <= 7.0 * 1.001


@LANGS
def test_questions_after_a_plan_are_answered_and_keep_every_slot(real: Consultant, p: Phrases) -> None:
    planned = _slots(_planned_13b_run(real, p))

    billing = _say(real, p.faq_billing)
    errata = real.handle("s", p.errata_a100)
    compare = real.handle("s", p.compare)

    assert "faq.cost_control" in billing["faq"] and _slots(billing) == planned
    assert p.dense_a100 in errata.text and _slots(errata.payload) == planned
    assert p.compare_word in compare.text and "H100" in compare.text
    assert _slots(compare.payload) == planned and compare.payload["recommended"] is False


@LANGS
def test_reset_then_skip_the_deadline_then_an_absurd_value_is_asked_back(
    real: Consultant, p: Phrases
) -> None:
    _planned_13b_run(real, p)

    reset = _say(real, p.reset)
    _say(real, p.lora_7b)
    _say(real, p.tokens_10b)
    skipped = _say(real, p.skip)
    absurd = _say(real, p.absurd_params)

    assert _slots(reset) == {} and reset["missing"] == ["params", "data", "days"]
    assert skipped["recommendation"] is not None and skipped["slots"]["days"] is None
    assert _slots(skipped)["method"] == "lora" and skipped["lang"] == p.lang
    assert absurd["asks"][0]["slot"] == "params" and absurd["slots"]["params"] == 7e9
    assert absurd["recommended"] is False


def test_a_fresh_question_mid_form_re_asks_the_pending_question(real: Consultant) -> None:
    _say(real, ZH_HANS.lora_7b)

    turn = real.handle("s", ZH_HANS.faq_billing)

    assert "faq.cost_control" in turn.payload["faq"]
    assert turn.payload["pending"] == "data" and turn.payload["slots"]["params"] == 7e9
    assert "tokens" in turn.text.splitlines()[-1]


@pytest.mark.parametrize("p", [ZH_HANS, ZH_HANT], ids=lambda p: p.lang)
def test_english_command_words_in_a_chinese_conversation_are_answered_in_its_script(
    real: Consultant, p: Phrases
) -> None:
    _say(real, p.lora_7b)

    helped = real.handle("s", "help")
    _planned = _say(real, p.tokens_10b), _say(real, p.two_weeks)
    explained = real.handle("s", "explain")

    assert helped.lang == p.lang and "GPU" in helped.text and "Tell me" not in helped.text
    assert explained.lang == p.lang and explained.text.startswith(
        "*計算過程*" if p is ZH_HANT else "*计算过程*"
    )
    # the derivation itself is worded in the conversation's script, not the engine's English
    assert (
        "模型結構" if p is ZH_HANT else "模型结构"
    ) in explained.text and "Architecture" not in explained.text


def test_help_opening_a_conversation_is_answered_in_english(real: Consultant) -> None:
    assert real.handle("s", "help").lang == "en"


def test_a_shorter_deadline_than_the_users_own_gpus_can_make_gets_more_of_them_and_says_why(
    real: Consultant,
) -> None:
    _say(real, "用4张A100预训练10亿参数模型，200亿tokens，两周")

    turn = real.handle("s", "如果只有两天呢")
    top = turn.payload["recommendation"]["options"][0]

    assert top["gpu"].startswith("a100") and top["gpus"] > 4 and top["days"] <= 2.0
    assert "您计划的 4 × NVIDIA A100" in turn.text and "赶不上" in turn.text
    assert turn.payload["slots"]["gpu_count"] == 4


def test_latin_and_shared_character_answers_in_a_taiwan_conversation_stay_in_traditional_script(
    real: Consultant,
) -> None:
    first = real.handle("s", "LoRA 微調 Qwen2.5-7B，資料 3 萬筆，每筆約 800 tokens")
    epochs = real.handle("s", "3 epochs")
    deadline = real.handle("s", "7天")

    assert [first.lang, epochs.lang, deadline.lang] == ["zh-Hant", "zh-Hant", "zh-Hant"]
    assert deadline.payload["recommendation"] is not None and "訓練" in deadline.text


def test_an_english_sentence_in_a_chinese_conversation_switches_to_english(real: Consultant) -> None:
    real.handle("s", "LoRA 微调 Qwen2.5-7B，数据 3 万条，每条约 800 tokens")
    assert real.handle("s", "we need it done within a week please").lang == "en"


@pytest.mark.parametrize(
    ("text", "said", "days"),
    [("QLoRA 34B within 15 working days", "15 working days ≈ 21 days", 21.0),
     ("全参微调 3B，5个工作日", "5 个工作日，约 7 天", 7.0)],
)  # fmt: skip
def test_working_days_are_said_back_with_the_calendar_days_they_make(
    real: Consultant, text: str, said: str, days: float
) -> None:
    turn = real.handle("s", text)
    assert said in turn.text and turn.payload["slots"]["days"] == pytest.approx(days)


@pytest.mark.parametrize(
    ("text", "said"),
    [("we need to fine-tune a 13B model (full FT) on 2B tokens in two sprints", "2 sprints ≈ 28 days"),
     ("全参微调 13B，数据 2B token，两个 sprint", "2 个迭代（sprint，每个按两周算），约 28 天")],
)  # fmt: skip
def test_sprints_are_said_back_with_the_length_taken_for_one(real: Consultant, text: str, said: str) -> None:
    turn = real.handle("s", text)
    assert said in turn.text and turn.payload["slots"]["days"] == pytest.approx(28.0)


def test_hours_lost_each_day_leave_the_deadline_to_be_asked(real: Consultant) -> None:
    turn = real.handle("rate1", "we lose ~2 hours a day to maintenance. pretrain a 1B model on 20B tokens")
    assert turn.payload["recommendation"] is None and turn.payload["missing"] == ["days"]
    assert "*How long can training take?*" in turn.text


def test_the_hours_an_estimate_is_wanted_in_are_not_the_runs_deadline(real: Consultant) -> None:
    turn = real.handle("wanted1", "12 小时内出个估算就行：LoRA微调70亿参数模型，数据10GB，一个月内训完")
    assert turn.payload["slots"]["days"] == 30
    assert "LoRA 微调，30 天" in turn.text
