"""A question about a run that happened ("训练 Llama 3 8B 用了多少 GPU 小时") gets what its makers
published, with the source and what those GPU-hours cost at today's catalogue price; a job of one's own is
still a plan."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from knowledge import load_knowledge
from knowledge.published import runs_named

from .asking import FORM, ask


def test_a_published_models_gpu_hours_are_answered_with_the_source_and_todays_price(real: Consultant) -> None:
    text = ask(real, "训练 Llama 3 8B 用了多少 GPU 小时")
    assert (
        text.startswith("*Llama 3 8B 的公开数据*：*130万卡时*") and "meta-llama/llama3:MODEL_CARD.md" in text
    )
    assert "约合 *$" in text and "不宜直接类比" in text
    assert not any(f in text for f in FORM)


def test_a_run_left_out_of_calibration_says_so_in_english_too(real: Consultant) -> None:
    text = ask(real, "how many GPU hours did Llama 3 8B take?")
    assert text.startswith("*Llama 3 8B, as published:* *1.3M GPU-hours*")
    assert "calibration leaves them out: implies 16% effective MFU" in text


def test_how_long_a_run_took_gives_its_gpus_and_days(real: Consultant) -> None:
    text = ask(real, "how long did BLOOM-176B take to train?")
    assert "384 of them, about 118 days" in text and "arXiv 2211.05100" in text


def test_a_job_of_ones_own_on_a_published_model_is_still_a_plan(real: Consultant) -> None:
    assert "*Recommended:*" in ask(real, "LoRA Llama 3 8B on 20M tokens, how many GPU hours?")


def test_run_names_match_squeezed_and_the_longer_name_wins() -> None:
    runs = load_knowledge().published_runs
    assert [r.id for r in runs_named("llama-3.1-8b hours", runs)] == ["run.llama31-8b"]
    assert [r.id for r in runs_named("TinyLlama", runs)] == ["run.tinyllama"]
    assert runs_named("Llama 3", runs) == []  # names no single run
    assert runs_named("pythia 1.4b", runs)[0].id == "run.pythia-1.4b"
