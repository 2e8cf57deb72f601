"""A GPU comparison prices each GPU as the price answer does (one lookup, prices.quote): a GPU the
global clouds do not rent (RTX 4090, 3090, H20, A800) shows its public Chinese marketplace price in
CNY with its date note, never "no price in the catalogue"; a price question gets its verdict first,
also when one of the two has no price; and a huge FP64 gap is named with both figures."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


def ask(consultant: Consultant, text: str) -> str:
    turn = consultant.handle("s", text)
    assert turn.payload["pending"] is None, turn.text
    return turn.text


@pytest.mark.parametrize(
    ("question", "opening", "words"),
    [
        ("H20 跟 4090 谁更便宜？", "*NVIDIA GeForce RTX 4090 更便宜*", ["¥7.50", "¥1.24", "快照日期未知"]),
        (
            "which is cheaper, a 3090 or a 4090?",
            "*The NVIDIA GeForce RTX 3090 is cheaper.*",
            ["¥0.76", "¥1.24", "Chinese marketplace", "snapshot date unknown"],
        ),
        ("Is an RTX 4090 cheaper than an H100?", "*Yes.*", ["¥1.24", "on demand", "same market"]),
        ("H100 和 A100 哪個便宜", "*NVIDIA A100 80GB (SXM4) 更便宜*", ["$2.79", "$3.99", "2026-05-20"]),
    ],
)
def test_a_price_comparison_answers_with_the_verdict_and_the_prices_the_price_answer_quotes(
    real: Consultant, question: str, opening: str, words: list[str]
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text[:200]
    for word in words:
        assert word in text, (word, text)
    assert "no price in the catalogue" not in text and "目录无报价" not in text and "目錄無報價" not in text


def test_a_comparison_never_says_unpriced_for_a_gpu_the_price_answer_prices(real: Consultant) -> None:
    for gpu in ("H20", "RTX 4090", "RTX 3090", "A800"):
        priced = ask(real, f"{gpu} 一小时多少钱")
        assert "¥" in priced, priced
        compared = ask(real, f"{gpu} 和 A100 有什么区别")
        assert "目录无报价 对" not in compared.split("按需单卡时价")[1].split("\n")[0], compared


def test_a_price_question_about_a_gpu_without_a_price_says_so_first(real: Consultant) -> None:
    text = ask(real, "is the H800 cheaper than the A100?")
    assert text.startswith("*The catalogue has no price for the NVIDIA H800 SXM*"), text[:200]
    assert "$2.79" in text and "GPU_ADVISOR_OFFERINGS" in text


def test_a_card_of_a_gpu_only_chinese_marketplaces_rent_shows_that_price(real: Consultant) -> None:
    text = ask(real, "tell me about the H20")
    assert "Public price in mainland China: ¥7.50/GPU-hour" in text, text


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("H800 vs H100", ["FP64 differs hugely", "H800 SXM does 1 TFLOPS", "67 (with FP64 Tensor Cores)"]),
        ("A100 和 RTX 4090 有什么区别", ["FP64 相差悬殊", "1.29 TFLOPS", "19.5"]),
        ("H100 和 H800 差在哪裡", ["FP64 相差懸殊", "1 TFLOPS", "67"]),
    ],
)
def test_a_comparison_names_a_huge_fp64_gap_with_both_figures(
    real: Consultant, question: str, words: list[str]
) -> None:
    text = ask(real, question)
    for word in words:
        assert word in text, (word, text)


def test_gpus_with_similar_fp64_get_no_fp64_remark(real: Consultant) -> None:
    text = ask(real, "H100 vs H200")
    assert "FP64:" in text and "FP64 differs" not in text, text


@pytest.mark.parametrize(
    ("question", "opening", "words"),
    [
        (
            "A100 or H100: which gives more bang for the buck?",
            "*The NVIDIA H100 SXM5 is better value for training.*",
            ["TFLOPS per $/hour", "$2.79", "$3.99"],
        ),
        (
            "H200 跟 H100 哪个性价比高？",
            "*NVIDIA H100 SXM5 训练性价比更高*",
            ["TFLOPS", "显存更大", "141 GB"],
        ),
        ("4090 與 A100 哪個比較划算", "*NVIDIA GeForce RTX 4090 訓練價效比更高*", ["¥1.24", "同一市場"]),
        (
            "since the h100 is 2x faster than the a100 should i always pick it",
            "*Yes.* The NVIDIA H100 SXM5 buys 248 dense BF16 TFLOPS per $/hour",
            ["TFLOPS per $/hour", "$2.79", "$3.99"],
        ),
    ],
)
def test_a_value_for_money_question_compares_compute_per_dollar_first(
    real: Consultant, question: str, opening: str, words: list[str]
) -> None:
    text = ask(real, question)
    assert text.startswith(opening), text[:200]
    for word in words:
        assert word in text, (word, text)


def test_the_catalogue_list_prices_gpus_only_chinese_marketplaces_rent(real: Consultant) -> None:
    text = ask(real, "list all the GPUs you know")
    line = next(line for line in text.splitlines() if "RTX 4090" in line)
    assert "¥1.24/h (Chinese marketplace, date unknown)" in line, line


@pytest.mark.parametrize(
    ("question", "opening", "figures"),
    [
        (
            "A100 跟 H100 的 FP8 算力差多少",
            "*NVIDIA A100 80GB (SXM4) 不支持 FP8*",
            ["312", "1,979", "6.3 倍"],
        ),
        ("how much faster is H100 than A100 in FP8?", "*The NVIDIA A100 80GB (SXM4) has no FP8.*", ["6.3×"]),
    ],
)
def test_fp8_asked_of_a_gpu_without_it_says_so_first_with_its_16_bit_rate(
    real: Consultant, question: str, opening: str, figures: list[str]
) -> None:
    text = ask(real, question)

    assert text.startswith(opening)
    assert all(f in text.split("\n\n")[0] for f in figures)


def test_fp8_asked_of_two_gpus_that_both_have_it_gives_both_fp8_rates_first(real: Consultant) -> None:
    same = ask(real, "H100 和 H200 的 FP8 算力差多少")
    apart = ask(real, "how does the H100 compare with the B200 in FP8?")

    assert same.startswith("*稠密 FP8 算力：") and "两者相同" in same.split("\n\n")[0]
    assert "不支持 FP8" not in same
    assert apart.startswith("*Dense FP8: 1,979 TFLOPS") and "B200 has about 2.3× as much" in apart


def test_a_difference_and_the_prices_asked_together_get_the_difference_first_then_the_prices(
    real: Consultant,
) -> None:
    hans = ask(real, "H800 跟 H100 到底差在哪？各自租一小时多少钱")
    assert hans.startswith("*NVIDIA H800 SXM 和 NVIDIA H100 SXM5 的区别*：卡间互联 400 GB/s 对 900 GB/s")
    assert hans.index("的区别") < hans.index("*NVIDIA H800 SXM*：目录里没有它的价格") < hans.index("Lambda")
    speed = ask(real, "H100 和 A100 差多少？租金各是多少")
    assert (
        speed.startswith("*NVIDIA H100 SXM5 更快*") and "每卡时比 NVIDIA A100 80GB (SXM4) 贵 $1.20" in speed
    )
    # a price difference alone is the price answer's gap, with no comparison before it
    assert ask(real, "What's the price difference between A100 40GB and 80GB on Lambda?").startswith(
        "*The NVIDIA A100 80GB (SXM4) costs $0.80/GPU-hour more"
    )


@pytest.mark.parametrize(
    ("question", "verdict", "decides"),
    [
        (
            "A800 和 H800 值不值",
            "*NVIDIA H800 SXM 训练约快 2.3 倍，但目录里没有 NVIDIA H800 SXM 的价格*",
            "低于约 ¥11.59/卡时就是它更划算",
        ),
        (
            "A800 和 H800 哪个值",
            "*NVIDIA H800 SXM 训练约快 2.3 倍，但目录里没有",
            "低于约 ¥11.59/卡时就是它更划算",
        ),
        (
            "A800 跟 H800 哪個比較值得",
            "*NVIDIA H800 SXM 訓練約快 2.3 倍，但目錄裡沒有",
            "低於約 ¥11.59/卡時就是它更划算",
        ),
        (
            "H800 和 A800 哪个划算",
            "*NVIDIA H800 SXM 训练约快 2.3 倍，但目录里没有",
            "高于就选 NVIDIA A800 80GB SXM",
        ),
        (
            "is the H800 worth it over the A800",
            "*The NVIDIA H800 SXM trains about 2.3× faster, but the catalogue has no price for the",
            "better buy below about ¥11.59/GPU-hour",
        ),
    ],
)
def test_a_worth_question_with_one_gpu_unpriced_says_which_is_faster_and_the_price_that_decides_it(
    real: Consultant, question: str, verdict: str, decides: str
) -> None:
    text = ask(real, question)
    assert text.startswith(verdict), text[:200]
    assert decides in text.split("\n")[0] and ("¥5.15" in text.split("\n")[0])
