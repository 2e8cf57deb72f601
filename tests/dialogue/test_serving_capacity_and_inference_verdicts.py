"""Asked about inference, "how big a model can one L4 serve?" lists the largest model per precision (not
what it trains), and "L4 適合拿來做推論嗎" gets a verdict with what one card serves before the plans for a
typical small and large model."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_how_big_a_model_a_gpu_serves_is_per_precision_not_per_training_method(real: Consultant) -> None:
    en = ask(real, "how big a model can one L4 serve?")
    assert en.startswith("*The largest model 1 × NVIDIA L4 can serve*") and "• INT4: up to about" in en
    assert "LoRA" not in en
    zh = ask(real, "2 张 4090 能跑多大的模型推理")
    assert zh.startswith("*2 × NVIDIA GeForce RTX 4090 能推理多大的模型*") and "• BF16：约" in zh
    assert "能训多大" in ask(real, "1 张 L4 能训多大的模型")


def test_whether_a_gpu_suits_inference_is_a_verdict_with_what_one_card_serves(real: Consultant) -> None:
    hant = ask(real, "L4 適合拿來做推論嗎")
    assert hant.startswith("*適合，單卡可以推理約") and "頻寬 300 GB/s" in hant
    en = ask(real, "is the L40S good for inference?")
    assert en.startswith("*Yes, for models up to about") and "48 GB at 864 GB/s" in en
    assert "Llama 3.1 8B" in en.split("\n\n", 1)[1]


def test_whether_a_memory_size_serves_a_model_is_answered_first(real: Consultant) -> None:
    en = ask(real, "is 24GB enough to serve Llama 3.1 8B?")
    assert en.startswith("*Yes: 24 GB holds Llama 3.1 8B in BF16*")
    zh = ask(real, "24G 显存够部署 Qwen2.5 14B 吗")
    assert zh.startswith("*不够：24 GB 放不下 Qwen2.5 14B（BF16）*，约需 31.5 GB；用 FP8 放得下")
    hant = ask(real, "48GB 夠跑 Llama 3 70B 推論嗎")
    assert hant.startswith("*不夠：48 GB 放不下 Llama 3 70B（BF16）*") and "INT4" in hant
