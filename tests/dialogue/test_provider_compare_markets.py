"""A provider comparison prices the Chinese marketplaces the price answer quotes (恒源云, 算家云, 矩池云)
instead of calling them unpriced, in CNY with the USD equivalent; a provider without the GPU asked
about is named as such, and two providers with no GPU in common say what each prices."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_marketplace_is_compared_with_a_cloud_on_a_gpu_both_price(real: Consultant) -> None:
    text = real.handle("s", "Is GpuShare cheaper than Lambda for an RTX A6000?").text
    assert text.startswith("*Yes.* *GpuShare (恒源云) is cheaper*"), text[:200]
    assert "¥2.20/GPU-hour (≈ $0.31)" in text and "no prices for" not in text


def test_a_gpu_one_marketplace_lacks_says_which(real: Consultant) -> None:
    text = real.handle("s", "恒源云和算家云的 3090 哪家便宜？").text
    assert "恒源云 ¥0.76" in text, text
    assert "目录里算家云没有这款 GPU 的报价" in text
    assert "没有 恒源云" not in text


def test_two_marketplaces_without_a_common_gpu_say_what_each_prices(real: Consultant) -> None:
    text = real.handle("s", "恆源雲和矩池雲哪個便宜").text
    assert "沒有共同的 GPU" in text, text
    assert "T4" in text and "RTX 3090" in text


def test_which_is_cheaper_against_an_unpriced_provider_says_it_cannot_tell_first(real: Consultant) -> None:
    en = real.handle("pc-unpriced", "whats cheaper lambda or runpod h100").text
    assert en.startswith("*I can't say which is cheaper: the catalogue has no prices for RunPod*")
    assert "Lambda $3.29" in en
    zh = real.handle("pc-unpriced-zh", "runpod 和 lambda 哪个 A100 便宜").text
    assert zh.startswith("*没法比哪家便宜：目录里没有 RunPod 的价格*")


def test_which_provider_for_a_gpu_with_none_named_lists_every_providers_price(real: Consultant) -> None:
    for n, (question, says) in enumerate(
        (("哪家H100多少钱", "$3.99/卡时"), ("哪家的A100便宜", "按需价（每卡）"))
    ):
        text = real.handle(f"which-{n}", question).text
        assert says in text, text[:200]
        assert "模型有多少参数" not in text
