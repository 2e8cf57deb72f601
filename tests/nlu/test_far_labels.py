"""A label a few words before its number still names it, within its clause and up to the number
before: "budget is flexible but under 250k", "prompts are usually around 20k tokens"."""

from __future__ import annotations

from bot.nlu import parse
from tests.nlu.said import said


def test_a_budget_word_at_the_start_of_the_clause_labels_the_bare_amount() -> None:
    assert said("budget is flexible but under 250k, LoRA on a 7B")["budget"]["amount"] == 250000


def test_a_word_of_another_slot_between_keeps_the_amount_from_the_budget() -> None:
    assert "budget" not in said("budget aside, the dataset we have is about 500k, LoRA on a 7B")


def test_a_budget_word_in_the_clause_before_does_not_reach_across_it() -> None:
    assert "budget" not in said("budget is flexible. we have 500k, LoRA on a 7B")


def test_prompt_lengths_far_from_their_label_are_the_request_length_when_serving() -> None:
    parsed = parse("serve a 7B, prompts are usually around 20k tokens")
    assert parsed.task == "serve"
    assert parsed.slots.input_tokens == 20000


def test_prompt_lengths_in_a_fine_tune_are_each_sample_s_length_not_a_serving_load() -> None:
    parsed = parse("LoRA a 7B, prompts are usually around 20k tokens")
    assert parsed.task == "train"
    assert parsed.slots.input_tokens is None
    assert parsed.slots.tokens_per_sample == 20000


def test_a_budget_clause_followed_by_a_cap_alone_gives_the_amount() -> None:
    got = said("our budget for this quarter is honestly pretty tight, under 40k, and we'd like to LoRA a 13B")
    assert got["budget"]["amount"] == 40000
    assert said("pretrain a 1B; the budget we were given is, roughly, 30k")["budget"]["amount"] == 30000


def test_a_clause_that_counts_something_else_keeps_its_number() -> None:
    got = said("budget is tight, we have 40k samples, LoRA 7B")
    assert "budget" not in got
    assert got["samples"] == 40000


def test_a_far_budget_in_a_currency_without_prices_is_never_read_as_yuan() -> None:
    assert "budget" not in said("預算用台幣算，3萬")
    assert "budget" not in said("the budget is in euros, flexible but under 250k")
