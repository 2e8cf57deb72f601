"""Round three of direct questions: the board a user names ("A100 PCIe") is the board planned and
compared; a family with several boards at a fixed count gets the one with room to spare."""

from __future__ import annotations

import uuid

from bot.dialogue.consultant import Consultant


def ask(consultant: Consultant, *texts: str) -> str:
    sid = "s-" + uuid.uuid4().hex
    reply = ""
    for text in texts:
        reply = consultant.handle(sid, text).text
    return reply


def test_a_plan_on_a100_pcie_uses_only_pcie_boards(real: Consultant) -> None:
    text = ask(real, "QLoRA Mistral 7B on 2 A100 PCIe, 500M tokens, no deadline")
    assert "A100 40GB PCIe" in text or "A100 80GB PCIe" in text
    assert "SXM4" not in text


def test_a100_pcie_against_h100_compares_the_pcie_a100_not_the_sxm_one(real: Consultant) -> None:
    text = ask(real, "A100 PCIe vs H100, which is faster?")
    assert "A100 80GB PCIe" in text and "A100 80GB (SXM4)" not in text


def test_four_a100s_for_a_job_that_nearly_fills_the_40gb_board_get_a_board_with_room(real: Consultant) -> None:
    text = ask(real, "full fine-tune 8B on 4 A100s, 50M tokens, 3 days")
    first = text.split("\n")[0]
    assert "4 × NVIDIA A100 80GB" in first
