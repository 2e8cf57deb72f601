"""A provider comparison prices the Chinese marketplaces the price answer quotes (恒源云, 算家云, 矩池云)
instead of calling them unpriced, in CNY with the USD equivalent; a provider without the GPU asked
about is named as such, and two providers with no GPU in common say what each prices."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


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


def test_two_unpriced_providers_compared_on_a_gpu_a_marketplace_prices_get_that_price_as_a_dated_reference(
    real: Consultant,
) -> None:
    cases = (
        ("AutoDL 和腾讯云的 4090 哪个便宜", "作为参考", "算家云 ¥1.24/卡时", "日期未知；来源 hugging"),
        ("AutoDL 跟騰訊雲租 4090 哪家便宜？", "作為參考", "算家雲 ¥1.24/卡時", "日期未知；來源 hugging"),
        ("4090 在阿里云便宜还是在 AutoDL 便宜", "作为参考", "算家云 ¥1.24/卡时", "不是阿里云、AutoDL 的报价"),
        ("is AutoDL or Alibaba Cloud cheaper for a 4090?", "For reference", "¥1.24/GPU-hour", "date unknown"),
    )
    for text, opens, price, dated in cases:
        reply = ask(real, text)
        reference = next(ln for ln in reply.splitlines() if ln.lstrip("*").startswith(opens))
        assert price in reference and dated in reference, (text, reference)
        assert "*没法比哪家便宜" not in reply and "*沒法比哪家便宜" not in reply, text
    # no GPU named, or one no marketplace lists: no reference price
    assert "作为参考" not in ask(real, "阿里云和腾讯云哪个便宜")
    assert "For reference" not in ask(real, "Is Alibaba Cloud cheaper than Tencent Cloud for H800?")
