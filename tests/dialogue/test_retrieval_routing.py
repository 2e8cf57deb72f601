"""Whether a message is an FAQ question, a sizing request or a datasheet question is the NLU's decision
(Parse.intent) alone: knowledge retrieval answers the questions the NLU calls FAQ questions and never
re-routes a message (issue 11: one owner of query classification)."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse


def test_a_sizing_question_the_nlu_reads_fills_the_form_and_quotes_no_faq(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("训练7B模型需要几张A100？", intent="size", params=7e9)

    turn = consultant.handle("s", "训练7B模型需要几张A100？")

    assert turn.payload["slots"]["params"] == 7e9 and turn.payload["pending"] == "data"
    assert turn.payload["faq"] == [] and "单卡和多卡" not in turn.text


def test_a_datasheet_question_the_nlu_reads_is_answered_from_the_catalogue(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("How much memory does an L40S have?", intent="gpu_info", gpus=("l40s",))

    turn = consultant.handle("s", "How much memory does an L40S have?")

    assert "L40S" in turn.text and "48 GB" in turn.text
    assert turn.payload["slots"]["gpu"] is None


def test_a_question_the_nlu_calls_an_faq_is_answered_from_the_faq_whatever_its_numbers(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("1GB 文本大概多少 token", intent="faq", data_bytes=1e9)

    turn = consultant.handle("s", "1GB 文本大概多少 token")

    assert turn.payload["faq"][0] == "faq.tokens_per_gb" and turn.payload["pending"] is None


def test_a_real_faq_question_is_still_answered_in_full(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("按量付费和包年包月怎么选？", intent="faq")

    turn = consultant.handle("s", "按量付费和包年包月怎么选？")

    assert turn.payload["faq"][0] == "faq.cost_control" and "相关问题" not in turn.text


def test_a_conceptual_question_that_names_a_precision_is_answered_from_the_notes_not_the_form(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("is fp8 training production-ready?", intent="faq", precision="fp8")

    turn = consultant.handle("s", "is fp8 training production-ready?")

    assert turn.payload["faq"][0] == "faq.fp8"
    assert turn.payload["pending"] is None and turn.payload["slots"]["precision"] is None
    assert "How many parameters" not in turn.text


def test_a_conceptual_question_that_names_a_model_size_starts_no_form(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("how much data do I need to train a 7B model?", intent="faq", params=7e9)

    turn = consultant.handle("s", "how much data do I need to train a 7B model?")

    assert turn.payload["faq"][0] == "faq.chinchilla_tokens"
    assert turn.payload["pending"] is None and turn.payload["slots"]["params"] is None
    assert "How much training data" not in turn.text


def test_a_conceptual_question_inside_the_form_fills_only_what_is_empty_and_returns_to_it(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA fine-tune a 7B model", params=7e9, method="lora")
    nlu.understands("is bf16 numerically stable enough for this?", intent="faq", precision="bf16")
    nlu.understands("bf16 or fp16 for this?", intent="faq", precision="bf16")

    consultant.handle("s", "LoRA fine-tune a 7B model")
    turn = consultant.handle("s", "is bf16 numerically stable enough for this?")
    assert turn.payload["faq"] and turn.payload["pending"] == "data"
    assert turn.payload["slots"]["precision"] == "bf16"

    consultant.handle("t", "LoRA fine-tune a 7B model")
    weighing = consultant.handle("t", "bf16 or fp16 for this?")  # weighs the two: chooses neither
    assert weighing.payload["faq"][0] == "faq.bf16_vs_fp16"
    assert weighing.payload["slots"]["precision"] is None and weighing.payload["pending"] == "data"


def test_a_greeting_before_any_job_ends_without_a_slot_question(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("hi", intent="greeting")

    turn = consultant.handle("s", "hi")

    assert "Hi!" in turn.text and turn.payload["pending"] is None
    assert "How many parameters" not in turn.text


def test_an_off_topic_message_says_what_the_bot_covers_without_a_slot_question(
    consultant: Consultant,
) -> None:
    turn = consultant.handle("s", "best laptop for gaming?")

    assert "best laptop for gaming?" in turn.text and "sizing a training" in turn.text
    assert turn.payload["pending"] is None and "How many parameters" not in turn.text
