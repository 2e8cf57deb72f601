"""While the bot asks a question that a bare number would answer, a currency named beside the number
("好吧那就按美元算，2000", "in dollars: 3000") makes it a budget in that currency; a currency the prices are
not given in says so instead of answering the question with the number."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_number_in_dollars_is_the_budget_not_the_tokens_asked_for(real: Consultant) -> None:
    real.handle("m1", "微调 Llama 3 8B，LoRA，5 万条数据")
    real.handle("m1", "不是 500 美元，是 500 人民币")
    turn = real.handle("m1", "好吧那就按美元算，2000")
    assert turn.text.startswith("好的：预算 $2,000（原为预算 ¥500）。")  # the budget it replaces, named
    assert turn.payload["slots"]["budget"]["amount"] == 2000
    assert turn.payload["slots"]["budget"]["currency"] == "USD"
    assert turn.payload["slots"].get("tokens") is None


def test_in_english_and_in_yuan(real: Consultant) -> None:
    real.handle("m2", "Fine-tune Mistral 7B with LoRA on 20k examples")
    turn = real.handle("m2", "in dollars: 3000")
    assert turn.text.startswith("Got it: a budget of $3,000.")
    real.handle("m3", "微调 Qwen 7B，LoRA，3 万条数据")
    turn = real.handle("m3", "按人民币算，5000")
    assert turn.payload["slots"]["budget"] == {"amount": 5000.0, "currency": "CNY", "period": "total"}


def test_a_currency_without_prices_is_said_not_read_as_tokens(real: Consultant) -> None:
    real.handle("m4", "微調 Qwen 7B，LoRA，3 萬筆資料")
    turn = real.handle("m4", "預算用日圓算，30萬")
    assert "人民幣或美元" in turn.text
    assert turn.payload["slots"].get("tokens") is None


def test_a_budget_in_taiwan_dollars_is_converted_and_the_reply_says_the_rate_and_its_date(
    real: Consultant,
) -> None:
    real.handle("m6", "微調 Qwen 7B，LoRA，3 萬筆資料")
    turn = real.handle("m6", "預算用台幣算，3萬")
    assert (
        turn.payload["slots"]["budget"]["currency"] == "USD" and turn.payload["slots"].get("tokens") is None
    )
    assert turn.text.startswith("好的：預算 $961。")
    assert "預算 NT$30,000 按 1 美元 = 31.22 新台幣（Federal Reserve H.10, 2024-02-02）約合 $961" in turn.text
    en = real.handle("m7", "budget around HK$150k, qlora 34b, 8B tokens, 10 days").text
    assert (
        "Budget HK$150,000 taken as about $19,181 at 7.8202 HKD per US dollar "
        "(Federal Reserve H.10, 2024-02-02)" in en
    )


def test_a_bare_number_still_answers_the_question(real: Consultant) -> None:
    real.handle("m5", "Fine-tune Mistral 7B with LoRA on 20k examples")
    turn = real.handle("m5", "2000")
    assert turn.payload["slots"]["tokens"] == 40_000_000


def test_a_budget_said_with_its_currency_apart_is_in_that_currency(real: Consultant) -> None:
    real.handle("m6", "LoRA fine-tune Qwen 14B on 30k chats")
    turn = real.handle("m6", "no wait, budget is in RMB: 8000")
    assert turn.payload["slots"]["budget"] == {"amount": 8000.0, "currency": "CNY", "period": "total"}


def test_taiwan_or_hong_kong_dollars_counted_in_kuai_or_yuan_are_never_taken_as_renminbi(
    real: Consultant,
) -> None:
    for n, (text, said) in enumerate(
        (
            ("台幣五萬塊能跑70B的QLoRA嗎", "預算 NT$50,000 按 1 美元 = 31.22 新台幣"),
            ("預算港幣兩萬元，LoRA 微調 7B，資料 5000 萬 token", "預算 HK$20,000 按 1 美元 = 7.8202 港幣"),
            ("budget NT$50000 fine-tune 13B with LoRA", "Budget NT$50,000 taken as about $1,602"),
        )
    ):
        turn = real.handle(f"fx{n}", text)
        assert said in turn.text, turn.text[-300:]
        assert "¥" not in turn.text and turn.payload["slots"]["budget"]["currency"] == "USD"
