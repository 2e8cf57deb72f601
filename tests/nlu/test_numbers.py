"""Numbers as people write them, in English and Chinese, read by the shared helpers."""

from __future__ import annotations

import pytest

from bot.nlu import parse_budget, parse_data_size, parse_duration_days, parse_number
from bot.nlu.numerals_zh import zh_integer
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,000", 1000),
        ("1 000", 1000),
        ("1.5", 1.5),
        (".25", 0.25),
        ("7e9", 7e9),
        ("2.5E10", 2.5e10),
        ("7×10^9", 7e9),
        ("7B", 7e9),
        ("350M", 3.5e8),
        ("5k", 5e3),
        ("1.5T", 1.5e12),
        ("3 million", 3e6),
        ("12 lakhs", 1.2e6),
    ],
)
def test_arabic_numbers_with_separators_exponents_and_suffixes(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("seventy", 70),
        ("forty-five", 45),
        ("a hundred", 100),
        ("two point two million", 2.2e6),
        ("three billions", 3e9),
        ("three thousand millions", 3e9),
        ("one and a half", 1.5),
        ("twenty-one thousand eleven", 21011),
        ("seven hundred twenty-one thousand and twelve", 721012),
        ("two dozen", 24),
        ("five thousand", 5000),
    ],
)
def test_english_number_words(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("三万四千五百零七", 34507),
        ("一百零四万", 1.04e6),
        ("一万零四十", 10040),
        ("两千亿", 2e11),
        ("兩千億", 2e11),
        ("七百亿", 7e10),
        ("70億", 7e9),
        ("1.3万亿", 1.3e12),
        ("1.3萬億", 1.3e12),
        ("2千亿", 2e11),
        ("一点五万亿", 1.5e12),
        ("廿三", 23),
        ("卅五", 35),
        ("二百零三", 203),
        ("壹佰贰拾", 120),
        ("貳拾伍萬", 2.5e5),
        ("叁仟", 3000),
        ("參佰", 300),
        ("百亿", 1e10),
        ("７０億", 7e9),
    ],
)
def test_chinese_numerals_including_financial_forms_and_big_units(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "abc", "1.2.3", "Qwen2.5", "٧٠", "亿" * 40, "9" * 400])
def test_things_that_are_not_one_finite_number_give_none(text: str) -> None:
    assert parse_number(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2TB", 2e12),
        ("800G", 8e11),
        ("500 GB", 5e11),
        ("1 TiB", 2.0**40),
        ("3PB", 3e15),
        ("50MB", 5e7),
    ],
)
def test_data_sizes_are_bytes_with_decimal_gigabytes(text: str, value: float) -> None:
    assert parse_data_size(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("两周", 14),
        ("十週", 70),
        ("半个月", 15),
        ("一个半月", 45),
        ("個半月", 45),
        ("两个半月", 75),
        ("兩年零三個月", 820),
        ("廿七個月", 810),
        ("三天半", 3.5),
        ("一年半", 547.5),
        ("72小时", 3),
        ("半天", 0.5),
        ("3个礼拜", 21),
        ("两个星期", 14),
        ("half a day", 0.5),
        ("a month and a half", 45),
        ("2 years 3 months", 820),
        ("2 years, 3 months", 820),
        ("48 hours", 2),
        ("36-hour", 1.5),
        ("one week", 7),
        ("a fortnight", 14),
        ("seven weeks", 49),
        ("3 quarters", 270),
    ],
)
def test_durations_become_days(text: str, days: float) -> None:
    assert parse_duration_days(text) == pytest.approx(days)


@pytest.mark.parametrize(
    ("text", "amount", "currency", "period"),
    [
        ("$5k/month", 5000, "USD", "month"),
        ("每月5万元", 5e4, "CNY", "month"),
        ("200元/小时", 200, "CNY", "hour"),
        ("30000 USD", 3e4, "USD", "total"),
        ("¥8,000 per month", 8000, "CNY", "month"),
        ("10k$", 1e4, "USD", "total"),
        ("一块二", 1.2, "CNY", "total"),
        ("三块零四", 3.04, "CNY", "total"),
        ("80万美元", 8e5, "USD", "total"),
        ("5千刀", 5000, "USD", "total"),
        ("50 bucks an hour", 50, "USD", "hour"),
        ("ten dollars", 10, "USD", "total"),
        ("$2.5/GPU-hour", 2.5, "USD", "hour"),
        ("8元/卡/小时", 8, "CNY", "hour"),
    ],
)
def test_budgets_carry_amount_currency_and_period(
    text: str, amount: float, currency: str, period: str
) -> None:
    budget = parse_budget(text)
    assert budget is not None
    assert (budget.amount, budget.currency, budget.period) == (pytest.approx(amount), currency, period)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("1/2 day", 0.5),
        ("十二個鐘", 0.5),
        ("五點五天", 5.5),
        ("a couple of weeks", 14),
        ("a dozen days", 12),
        ("1 year, 2 days and 12 hours", 367.5),
        ("五 天", 5),
    ],
)
def test_less_common_duration_forms(text: str, days: float) -> None:
    assert parse_duration_days(text) == pytest.approx(days)


@pytest.mark.parametrize(
    ("text", "value"),
    [("one twenty two", 122), ("three cr twelve lac", 3.12e7), ("point five", 0.5)],
)
def test_less_common_english_number_forms(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("numeral", "value"),
    [("百二万", 1.2e6), ("千一", 1100), ("万九", 19000), ("三万四", 34000), ("一百零四", 104),
     ("一百零四万", 1.04e6), ("三万四千五百六十七万", 3.4567e8), ("一万零四十万", 1.004e8),
     ("一万零四十", 10040), ("二十一万", 2.1e5)],
)  # fmt: skip
def test_colloquial_chinese_numerals_read_as_a_chinese_reader_would(numeral: str, value: float) -> None:
    assert zh_integer(numeral) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("a 3 and a half billion parameter model", "params", 3.5e9),
     ("5 and a half days", "days", 5.5),
     ("a 1 point 1 billion parameter model", "params", 1.1e9),
     ("零點77天内训完", "days", 0.77),
     ("a quarter of an hour", "days", 1 / 96),
     ("train it in 2 hours ten", "days", 130 / 1440),
     ("兩小時十分內跑完", "days", 130 / 1440),
     ("五分半鐘內跑完", "days", 5.5 / 1440),
     ("一個半鐘內跑完", "days", 1.5 / 24),
     ("in 2 more minutes", "days", 2 / 1440),
     ("2 dozens days", "days", 24.0)],
)  # fmt: skip
def test_duckling_corpus_quantities_read_in_context(text: str, slot: str, value: float) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("token 数：2兆，参数 7B", "tokens", 2e12), ("參數量 700 億，tokens 數 2 兆", "tokens", 2e12),
     ("詞元數大約 3 兆", "tokens", 3e12), ("參數量 1 兆的 MoE", "params", 1e12)],
)  # fmt: skip
def test_a_bare_zhao_after_a_token_or_parameter_label_counts_in_trillions(
    text: str, slot: str, value: float
) -> None:
    got = said(text)
    assert got[slot] == pytest.approx(value)
    assert "data_bytes" not in got


def test_a_bare_zhao_after_a_word_for_data_is_still_a_megabyte() -> None:
    assert said("数据 300 兆，模型 7B")["data_bytes"] == pytest.approx(3e8)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("2 兆 token", "tokens", 2e12), ("資料四兆 token", "tokens", 4e12), ("一兆參數的模型", "params", 1e12),
     ("2.6 兆 tokens", "tokens", 2.6e12), ("数据 500 兆字节", "data_bytes", 5e8)],
)  # fmt: skip
def test_zhao_counts_in_trillions_and_is_a_megabyte_only_as_a_byte_unit(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("两三千条数据", "samples", 3000), ("数据三四百GB", "data_bytes", 4e11), ("十一二天", "days", 12),
     ("两千三百条", "samples", 2300), ("二十三天", "days", 23)],
)  # fmt: skip
def test_two_neighbouring_digits_are_an_approximate_range_read_at_its_upper_end(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("预算在 3-5 万之间", "budget", 50000), ("数据 10~20亿 token", "tokens", 2e9),
     ("2-3B tokens", "tokens", 3e9), ("预训练 5到7B 的模型", "params", 7e9),
     ("數據 3-5萬條，每條 1k token", "tokens", 5e7)],
)  # fmt: skip
def test_a_range_with_its_magnitude_written_once_is_read_at_its_upper_end(
    text: str, slot: str, value: float
) -> None:
    got = said(text)
    assert (got[slot]["amount"] if slot == "budget" else got[slot]) == pytest.approx(value)
    assert "params" not in got or slot == "params"


def test_a_name_then_a_spaced_dash_is_no_range() -> None:
    assert said("llama 3 - 8b LoRA")["params"] == 8e9


@pytest.mark.parametrize("text", ["大约 500 个 G", "500 G", "大约500个G的数据", "数据 500 个 GB"])
def test_a_spaced_g_or_one_after_the_measure_word_is_gigabytes(text: str) -> None:
    assert said(text)["data_bytes"] == 5e11


@pytest.mark.parametrize(
    ("text", "size"),
    [("数据 2 个T，模型 13B", 2e12), ("数据大概 1.5个T", 1.5e12), ("資料兩個T", 2e12), ("数据 500个M", 5e8),
     ("语料有 3 个 P", 3e15)],
)  # fmt: skip
def test_a_bare_size_letter_after_the_measure_word_is_bytes(text: str, size: float) -> None:
    assert said(text)["data_bytes"] == pytest.approx(size)


def test_a_spaced_g_of_a_gpu_is_still_its_memory() -> None:
    assert "data_bytes" not in said("A100 80 G 两张")


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("LoRA 7B，数据 2万4千条，每条 1k tokens", "samples", 24000),
        ("LoRA 7B，資料 1 萬 2 千筆", "samples", 12000),
        ("预训练 3B，3亿2千万 tokens", "tokens", 3.2e8),
        ("老板想做一个万亿参数的模型", "params", 1e12),
    ],
)
def test_digits_with_chinese_magnitudes_in_a_row_are_one_number(text: str, slot: str, value: float) -> None:
    assert said(text)[slot] == pytest.approx(value)


def test_two_amounts_in_wan_side_by_side_are_never_added() -> None:
    assert said("LoRA 7B，数据 3万 或 5万条")["samples"] != 8e4


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [("参数规模：7B～8B", "params", 8e9), ("a 7B to 8B model", "params", 8e9),
     ("数据 100GB~200GB", "data_bytes", 2e11), ("模型 70 亿到 80 亿参数", "params", 8e9)],
)  # fmt: skip
def test_a_size_range_with_both_ends_written_in_full_is_read_at_its_upper_end(
    text: str, slot: str, value: float
) -> None:
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("continue pretraining on 3T-4T tokens", 4e12), ("语料 200B 到 300B token", 3e11),
     ("token 数大约 3-5T，模型 7B", 5e12)],
)  # fmt: skip
def test_a_token_range_with_its_unit_said_once_is_tokens_at_both_ends(text: str, tokens: float) -> None:
    got = said(text)
    assert got["tokens"] == tokens
    assert "data_bytes" not in got


@pytest.mark.parametrize(
    ("text", "params"), [("14B 全量微调 语料 30亿 token", 1.4e10), ("8b qlora, dataset 500M tokens", 8e9)]
)
def test_a_model_size_before_a_method_and_the_data_word_is_the_model(text: str, params: float) -> None:
    got = said(text)
    assert got["params"] == params
    assert got["tokens"] != params


@pytest.mark.parametrize("text", ["24/7", "keep it up 24/7", "一直 24/7 开着"])
def test_around_the_clock_is_no_fraction(text: str) -> None:
    assert parse_number(text) is None
