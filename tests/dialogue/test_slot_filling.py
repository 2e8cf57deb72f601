"""Slot filling: everything from the first message, then one question at a time, and no plan
before the required slots (params, data, days) are known."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse


def test_first_message_with_everything_gets_a_recommendation_at_once(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "训练一个70亿参数的模型，数据1TB，BF16，一个月"
    nlu.understands(text, params=7e9, data_bytes=1e12, precision="bf16", days=30.0)

    turn = consultant.handle("s", text)

    assert turn.payload["recommendation"]["options"]
    assert turn.payload["missing"] == []
    assert turn.payload["slots"]["params"] == 7e9
    assert "推荐方案" in turn.text and "70亿参数" in turn.text
    assert "价格为" in turn.text or "价格包含" in turn.text  # the price snapshot's date is always named


def test_slot_by_slot_asks_one_question_at_a_time_and_recommends_only_at_the_end(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("I want to train an LLM, which GPUs should I rent?", intent="size")
    nlu.understands("13B parameters", params=1.3e10)
    nlu.understands("2TB of text", data_bytes=2e12)
    nlu.understands("six weeks", days=42.0)

    first = consultant.handle("s", "I want to train an LLM, which GPUs should I rent?")
    second = consultant.handle("s", "13B parameters")
    third = consultant.handle("s", "2TB of text")
    last = consultant.handle("s", "six weeks")

    assert "How many parameters" in first.text
    assert "Got it: 13B parameters" in second.text and "How much training data" in second.text
    assert "How long can training take" in third.text
    assert [t.payload["recommendation"] for t in (first, second, third)] == [None, None, None]
    assert third.payload["missing"] == ["days"]
    top = last.payload["recommendation"]["options"][0]
    assert top["days"] <= 42.0
    assert last.payload["slots"]["data_bytes"] == 2e12


def test_each_question_offers_quick_choices_as_buttons(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("7B", params=7e9)

    turn = consultant.handle("s", "7B")

    actions = [b for b in turn.blocks if b["type"] == "actions"]
    ids = [e["action_id"] for e in actions[0]["elements"]]
    assert ids[:2] == ["answer_data_0", "answer_data_1"]


def test_a_bare_number_answers_the_pending_question(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("7B model on 20B tokens", params=7e9, tokens=2e10)
    nlu.understands("10 days", days=10.0)  # what the parser reads once the question is the hint

    consultant.handle("s", "7B model on 20B tokens")
    turn = consultant.handle("s", "10")

    assert turn.payload["slots"]["days"] == 10.0
    assert turn.payload["recommendation"] is not None


def test_asking_again_escalates_from_example_to_the_form(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("I want to train a model")
    replies = [consultant.handle("s", text).text for text in ("I want to train a model", "hmm", "hmm")]

    assert "For example" in replies[0]
    assert "I still need the model size" in replies[1]
    assert "/gpu" in replies[2]


def test_skipping_the_deadline_plans_without_one(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("7B on 100B tokens", params=7e9, tokens=1e11)
    nlu.understands("skip", intent="skip")

    consultant.handle("s", "7B on 100B tokens")
    turn = consultant.handle("s", "skip")

    assert "No deadline" in turn.text
    assert turn.payload["recommendation"]["options"][0]["days"] > 0


def test_skipping_the_data_of_a_pretraining_run_assumes_chinchilla_tokens(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("pretrain a 1B model", params=1e9, method="pretrain")
    nlu.understands("不确定", intent="skip")

    consultant.handle("s", "pretrain a 1B model")
    turn = consultant.handle("s", "不确定")

    assert turn.payload["slots"]["tokens"] == 2e10
    assert "20" in turn.text and "假设" in turn.text
    assert turn.payload["assumed"] == ["tokens"]


def test_skipping_the_model_size_keeps_asking_because_there_is_no_default(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("skip", intent="skip")
    nlu.understands("I want to train a model")

    consultant.handle("s", "I want to train a model")
    turn = consultant.handle("s", "skip")

    assert turn.payload["slots"]["params"] is None
    assert "no default" in turn.text
    assert "How many parameters" in turn.text or "model size" in turn.text


def test_the_data_question_asked_again_before_a_method_is_known_offers_the_compute_optimal_default(
    real: Consultant,
) -> None:
    real.handle("zh", "130亿参数")
    real.handle("en", "a 13B model")
    real.handle("lora", "LoRA a 13B model")

    zh = real.handle("zh", "好的")
    en = real.handle("en", "ok")
    lora = real.handle("lora", "ok")

    assert "还需要训练数据量" in zh.text and "每参数 20 个 token" in zh.text
    assert "I still need the amount of training data" in en.text and "20 tokens per parameter" in en.text
    assert "I still need the amount of training data" in lora.text
    assert "20 tokens per parameter" not in lora.text  # no compute-optimal rule for a fine-tune


def test_a_deadline_of_hours_is_echoed_in_hours_not_as_a_fraction_of_a_day(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("lora on an 8b model, 6 hours deadline", params=8e9, method="lora", days=0.25)
    nlu.understands("7b full ft on 1B tokens in 36 hours", params=7e9, tokens=1e9, days=1.5)
    nlu.understands("7b 全参微调 10亿 token，12小时内", params=7e9, tokens=1e9, days=0.5)

    asked = consultant.handle("a", "lora on an 8b model, 6 hours deadline")
    planned = consultant.handle("b", "7b full ft on 1B tokens in 36 hours")
    zh = consultant.handle("c", "7b 全参微调 10亿 token，12小时内")

    assert "6 hours" in asked.text and "0.25 day" not in asked.text
    understood = next(line for line in planned.text.splitlines() if "Understood" in line)
    assert understood.rstrip(".").endswith("36 hours")
    assert "12 小时" in zh.text and "0.5 天" not in zh.text
