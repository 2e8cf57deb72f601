"""Which GPU is better or to rent: a pick first, then why."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_which_gpu_to_rent_gets_a_pick_before_the_table(real: Consultant) -> None:
    assert ask(real, "H200 or B200, which should I rent?").startswith("*The NVIDIA B200 is the better pick.*")
    zh = ask(real, "H20 和 H100 选哪个")
    assert zh.startswith("*NVIDIA H100 SXM5 更值得选*") and "显存更大" in zh


def test_a_workload_comparison_of_gpu_families_compares_the_main_parts_and_opens_with_the_pick(
    real: Consultant,
) -> None:
    text = ask(real, "A100 or H100 for LoRA on a 13B model, which is faster?")
    assert "A100 40GB" not in text and "PCIe" not in text and "NVL" not in text
    first = text.split("\n")[0]
    assert "NVIDIA H100 SXM5" in first and "GPU by GPU" not in first
