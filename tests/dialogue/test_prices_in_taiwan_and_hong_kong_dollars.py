"""A price or a plan's cost asked in Taiwan or Hong Kong dollars ("一小時多少台幣", "換成港幣大概多少") is
answered in that currency at the dated, sourced rate the budgets in it are read at (knowledge.currencies),
beside the catalogue's USD and CNY; "換成台幣" converts a price, it corrects nothing."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM


def _first_line(real: Consultant, session: str, text: str) -> str:
    return real.handle(session, text).text.splitlines()[0]


def test_an_hourly_price_asked_in_taiwan_dollars_is_converted_at_the_rate_on_file(real: Consultant) -> None:
    for n, text in enumerate(
        (
            "H100 一小時多少台幣",
            "H100 一小時多少錢？換成台幣大概多少",
            "H100 一小时多少钱，换算成新台币是多少",
            "H100 per hour in TWD?",
        )
    ):
        reply = real.handle(f"twd{n}", text).text
        assert "31.22" in reply and "2024-02-02" in reply, text  # the rate and its date, said
        assert "NT$125" in reply, text  # Lambda's $3.99 per H100-hour × 31.22
        assert not any(f in reply for f in FORM), text  # answered, not a sizing form


def test_a_monthly_price_asked_in_hong_kong_dollars_gives_the_month_per_gpu(real: Consultant) -> None:
    for n, text in enumerate(
        ("A100 一个月多少港币", "A100 月租大概幾多港幣？多少港元", "A100 monthly price in HKD")
    ):
        reply = real.handle(f"hkd{n}", text).text
        assert "7.8202" in reply and "HK$15,927" in reply, text  # $2.79 × 730 hours × 7.8202


def test_a_count_and_a_period_in_taiwan_dollars_get_the_total(real: Consultant) -> None:
    first = _first_line(real, "t8", "8 張 H100 租一個月要多少台幣")
    assert first.startswith("*換成新台幣*")
    reply = real.handle("t9", "8 張 H100 租一個月要多少台幣").text
    assert "8 張租一個月按需最少約 *NT$72.7 萬*" in reply  # $31.92 × 730 hours × 31.22


def test_a_currency_without_a_rate_on_file_is_still_left_to_the_days_rate(real: Consultant) -> None:
    reply = real.handle("eur", "H100 一小時多少歐元").text
    assert "EUR 請按當天匯率換算" in reply and "每卡每月約 $" in reply


def test_converting_to_a_currency_is_not_a_correction_but_switching_gpus_still_is(real: Consultant) -> None:
    real.handle("c1", "8 张 H100 预训练 7B，数据 1000 亿 token")
    turn = real.handle("c1", "H100 一小时多少钱？换成人民币大概多少")
    assert "变化" not in turn.text and "¥" in turn.text.splitlines()[1]
    real.handle("c2", "8 张 H100 预训练 7B，数据 1000 亿 token")
    assert "A100" in real.handle("c2", "不对，换成 A100").text.splitlines()[0]


def test_a_plans_cost_asked_in_taiwan_or_hong_kong_dollars_adds_that_currency(real: Consultant) -> None:
    real.handle("p1", "我們想用 8 張 H100 訓練 13B 模型，資料大概 500 億 token")
    twd = real.handle("p1", "每個月要多少錢 TWD").text
    assert "按需一共約 $15,369" in twd and "換成新台幣約 *NT$48 萬*" in twd and "31.22" in twd
    hkd = real.handle("p1", "折合港币呢").text
    assert "换成港币约 *HK$12 万*" in hkd  # in the script of the message that asks
    real.handle("p2", "pretrain a 13B on 8 H100s with 50B tokens")
    en = real.handle("p2", "how much is that in HKD?").text
    assert "In HKD that is about *HK$120,191*" in en


def test_a_serving_budget_in_hong_kong_or_taiwan_dollars_says_the_rate_it_was_read_at(
    real: Consultant,
) -> None:
    for n, (text, said) in enumerate(
        (
            ("預算一個月 3 萬港幣，想長期跑推理服務 Llama-3.1-70B", "預算 HK$30,000 按 1 美元 = 7.8202 港幣"),
            (
                "部署 Qwen2.5-14B 給 50 個人同時用，預算每月 10 萬台幣",
                "預算 NT$100,000 按 1 美元 = 31.22 新台幣",
            ),
            (
                "serve Llama 3.1 8B to 100 users, budget HK$20k a month",
                "Budget HK$20,000 taken as about $2,557",
            ),
        )
    ):
        reply = real.handle(f"serve-fx{n}", text).text
        assert said in reply and "2024-02-02" in reply, reply[-300:]
        assert "¥" not in reply.split(said)[0].split("\n")[0], text  # never read as yuan


def test_a_price_asked_in_spoken_words_is_a_price_not_a_one_hour_deadline(real: Consultant) -> None:
    for n, text in enumerate(("A100 一小时大概多少米", "H100 一個鐘幾多錢", "4090 一个钟头多少钱")):
        reply = real.handle(f"spoken{n}", text).text
        assert "按需价（每卡）" in reply or "按需價（每卡）" in reply, reply[:120]
        assert not any(f in reply for f in FORM), text
    hk = real.handle("spoken-hk", "H100 租一個鐘要幾多蚊").text
    assert "7.8202" in hk and "HK$31.20" in hk  # Lambda's $3.99 per H100-hour in Hong Kong dollars
