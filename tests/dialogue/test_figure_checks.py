"""Checking a GPU figure: the verdict first, the datasheet value with its source, and a quoted size
that is the GPU's memory never read as training data."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_a_rate_that_is_the_fp8_one_is_yes_with_the_training_rate_beside_it(real: Consultant) -> None:
    reply = ask(real, "the L4 does 242 TFLOPS right?")
    assert reply.startswith("*Yes, as its FP8 rate.*")
    assert "121" in reply and "BF16" in reply


def test_an_untyped_rate_in_chinese_says_which_type_it_is_and_the_bf16_rate(real: Consultant) -> None:
    reply = ask(real, "H20 算力 296 TFLOPS 对吗")
    assert reply.startswith("*对，但这是 FP8 的数字*") and "148" in reply


def test_a_memory_size_said_after_has_later_in_the_sentence_is_checked_not_taken_as_data(
    real: Consultant,
) -> None:
    reply = ask(real, "the L4 does 121 TFLOPS and has 24GB right?")
    assert reply.startswith("*Yes.*") and "24 GB of memory" in reply
    assert not any(q in reply for q in FORM)
    wrong = ask(real, "the L4 does 121 TFLOPS and has 48GB right?")
    assert wrong.startswith("*No.*") and "24 GB" in wrong


def test_a_sparse_rate_quoted_without_a_unit_is_named_as_sparse(real: Consultant) -> None:
    reply = ask(real, "H100 PCIe 的 FP16 是 1513 吧")
    assert reply.startswith("*不对*") and "756" in reply and "稀疏" in reply
