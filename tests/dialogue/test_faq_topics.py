"""Conceptual questions the FAQ answers, each with the entry on its topic."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_a_billing_question_that_mentions_the_run_length_gets_the_faq_answer(real: Consultant) -> None:
    text = ask(real, "are spot instances a good idea for a 4 day fine-tuning job?")
    assert "spot" in text.lower() and "checkpoint" in text.lower() and not any(f in text for f in FORM)


def test_pretraining_versus_fine_tuning_is_explained_not_planned(real: Consultant) -> None:
    text = ask(real, "預訓練跟微調有什麼不一樣？")
    assert text.startswith("*預訓練和微調有什麼區別？*") and "模型有多少參數" not in text
    en = ask(real, "what's the difference between pretraining and finetuning?")
    assert "Chinchilla" in en and not any(f in en for f in FORM)


def test_where_to_keep_checkpoints_is_answered_with_the_storage_tiers_not_their_size(
    real: Consultant,
) -> None:
    text = ask(real, "where should I store checkpoints?")
    assert text.startswith("*Where should training data and checkpoints live?")


def test_paying_for_a_stopped_instance_is_answered_per_cloud(real: Consultant) -> None:
    text = ask(real, "am I still billed for a stopped GPU instance?")
    assert text.startswith("*Do I still pay for a GPU instance while it is stopped?*")
    assert "deallocated" in text and "EBS" in text
    assert ask(real, "關機以後還會收費嗎？").startswith("*執行個體關機")
