"""A price asked of a GPU the catalogue prices nowhere is said plainly, and the closest priced GPUs follow
with their own dated prices: never an invented price."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_an_unpriced_china_part_is_followed_by_the_priced_part_with_its_compute_and_memory(
    real: Consultant,
) -> None:
    zh = ask(real, "H800 多少钱")
    assert zh.startswith("*NVIDIA H800 SXM*：目录里没有它的价格")
    assert "• NVIDIA H100 SXM5（稠密 BF16 算力和显存都与它相同）：$" in zh and "快照" in zh
    en = ask(real, "how much is an H800 per hour")
    assert "the catalogue has no price for it" in en
    assert "• NVIDIA H100 SXM5 (the same dense BF16 compute and memory): $" in en


def test_the_nearest_priced_gpu_is_only_offered_when_the_gpu_itself_has_no_price(real: Consultant) -> None:
    assert "closest GPUs the catalogue prices" not in ask(real, "how much is an H100 per hour")
