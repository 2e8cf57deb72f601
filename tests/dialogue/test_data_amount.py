""" "How many tokens should I train a 3B model on?" is answered, not sent to the planning form whose
next question ("How much training data?") is exactly what was asked: from scratch, ~20 tokens per
(active) parameter computed for the size asked, what published runs of about that size used, and
an offer to plan it; continued pre-training and fine-tuning get no tokens-per-parameter number."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "amount", "runs"),
    [
        ("How many tokens should I train a 3B model on?", "About 60B tokens", ("SmolLM3-3B", "11.2T")),
        ("3B 模型要多少数据", "约 600亿 token", ("SmolLM3-3B", "11.2万亿")),
        ("7B 預訓練需要多少 token", "約 1400億 token", ("Olmo 3 7B", "5.9萬億")),
    ],
)
def test_a_data_question_about_a_model_size_gets_the_compute_optimal_amount_and_real_runs(
    real: Consultant, question: str, amount: str, runs: tuple[str, ...]
) -> None:
    turn = real.handle("s", question)

    assert amount in turn.text
    assert all(word in turn.text for word in runs)
    assert "How much training data" not in turn.text and "训练数据有多少" not in turn.text
    assert turn.payload["faq"] == ["faq.chinchilla_tokens"]
    assert turn.payload["pending"] is None


def test_the_answer_says_fine_tuning_needs_far_less_and_offers_to_plan_the_amount(real: Consultant) -> None:
    turn = real.handle("s", "How many tokens should I train a 3B model on?")

    assert "Fine-tuning the same model needs far less" in turn.text
    assert "Say *plan it*, or give a deadline" in turn.text


def test_plan_it_plans_the_offered_amount_stated_as_an_assumption(real: Consultant) -> None:
    real.handle("s", "How many tokens should I train a 3B model on?")

    turn = real.handle("s", "plan it")

    assert turn.payload["recommendation"] is not None
    assert "60B tokens (assumed: 20 tokens/parameter)" in turn.text
    assert "no deadline" in turn.text


def test_a_deadline_after_the_answer_plans_for_it(real: Consultant) -> None:
    real.handle("s", "3B 模型要多少数据")

    turn = real.handle("s", "三周内")

    assert turn.payload["recommendation"] is not None
    assert turn.payload["slots"]["tokens"] == 60e9 and turn.payload["slots"]["days"] == 21


def test_a_mixture_of_experts_model_counts_its_active_parameters(real: Consultant) -> None:
    turn = real.handle(
        "s", "How many tokens should I pretrain a MoE with 47B total and 13B active parameters on?"
    )

    assert "About 260B tokens" in turn.text and "per *active* parameter" in turn.text


def test_continued_pretraining_gets_no_tokens_per_parameter_number(real: Consultant) -> None:
    turn = real.handle("s", "7B 继续预训练需要多少数据")

    assert "继续预训练没有“每参数多少 token”的规则" in turn.text
    assert "1400亿" not in turn.text and "20 个 token" not in turn.text
    assert "告诉我你的语料有多大" in turn.text


def test_fine_tuning_gets_no_tokens_per_parameter_number_and_asks_for_the_examples(real: Consultant) -> None:
    turn = real.handle("s", "how much data do I need to LoRA fine-tune a 7B model")

    assert "Fine-tuning has no tokens-per-parameter rule" in turn.text
    assert "140B" not in turn.text and "20 tokens" not in turn.text

    turn = real.handle("s", "about 20k conversations of ~1k tokens")

    assert turn.payload["slots"]["tokens"] == 2e7 and turn.payload["slots"]["method"] == "lora"


def test_a_data_question_inside_a_plan_answers_without_replacing_the_plan(real: Consultant) -> None:
    real.handle("s", "LoRA fine-tune a 13B model on 2GB of data in 3 days")

    turn = real.handle("s", "how many tokens should I train a 3B model on?")

    assert "About 60B tokens" in turn.text
    assert turn.payload["slots"]["params"] == 13e9


FORM = {
    "en": "I want to QLoRA fine-tune a 70B model",
    "zh-Hans": "我想用 QLoRA 微调一个 70B 模型",
    "zh-Hant": "我想用 QLoRA 微調一個 70B 模型",
}


@pytest.mark.parametrize(
    ("lang", "message", "tokens"),
    [
        ("en", "how many tokens do you need? we have ~30M", "30M tokens"),
        ("en", "we've got about 45M of data", "45M tokens"),
        ("zh-Hans", "我们有 30M 左右", "3000万 tokens"),
        ("zh-Hant", "我們手上大概有 30M 的資料", "3000萬 tokens"),
    ],
)
def test_a_bare_amount_answering_the_data_question_is_the_data_not_the_model(
    real: Consultant, lang: str, message: str, tokens: str
) -> None:
    real.handle("s", FORM[lang])

    turn = real.handle("s", message)

    assert turn.payload["slots"]["params"] == 70e9
    assert tokens in turn.text


@pytest.mark.parametrize(
    ("lang", "message", "tokens"),
    [
        ("zh-Hans", "需要多少 token？我们大概 3000万", "3000万 tokens"),
        ("zh-Hans", "多少 token 合适呢？手头有 800万左右", "800万 tokens"),
        ("zh-Hans", "要多少数据才够？大概 6000万吧", "6000万 tokens"),
        ("zh-Hant", "資料要多少才夠？我們手上大概 4500 萬", "4500萬 tokens"),
        ("zh-Hant", "要多少個 token 才夠呢？我們大約 2500萬", "2500萬 tokens"),
    ],
)
def test_a_chinese_amount_without_a_unit_answering_the_data_question_is_the_data(
    real: Consultant, lang: str, message: str, tokens: str
) -> None:
    real.handle("s", FORM[lang])

    turn = real.handle("s", message)

    assert tokens in turn.text
    assert turn.payload["slots"]["params"] == 70e9
    assert turn.payload["slots"]["tokens"] == pytest.approx(float(tokens.split("万")[0].split("萬")[0]) * 1e4)


@pytest.mark.parametrize(("lang", "message"), [("zh-Hans", "3000万够吗？"), ("zh-Hant", "3000萬夠嗎？")])
def test_a_chinese_amount_with_no_word_for_what_it_counts_is_asked_back(
    real: Consultant, lang: str, message: str
) -> None:
    real.handle("s", FORM[lang])

    turn = real.handle("s", message)

    assert "tokens" in turn.text and ("参数" in turn.text or "參數" in turn.text)
    assert turn.payload["slots"]["params"] == 70e9 and turn.payload["slots"].get("tokens") is None


@pytest.mark.parametrize(
    "message", ["roughly 30M, is that ok?", "hmm, somewhere around 45M if I remember right, does that work?"]
)
def test_a_bare_amount_with_no_word_for_what_it_counts_is_asked_back(real: Consultant, message: str) -> None:
    real.handle("s", FORM["en"])

    turn = real.handle("s", message)

    assert "the number of *parameters* or the number of *tokens*" in turn.text
    assert turn.payload["slots"]["params"] == 70e9


def test_a_correction_still_changes_the_model_while_the_data_is_asked(real: Consultant) -> None:
    real.handle("s", FORM["en"])

    turn = real.handle("s", "actually 13B")

    assert turn.payload["slots"]["params"] == 13e9


@pytest.mark.parametrize(
    ("lang", "message", "advice", "weighed"),
    [
        ("en", "is 30M tokens enough?", "For QLoRA of a 70B model", "about 30K examples of ~1,000 tokens"),
        ("en", "would 40M tokens be sufficient?", "For QLoRA of a 70B model", "within that range"),
        ("zh-Hans", "3000 万 token 够吗", "700亿参数模型的 QLoRA 微调", "约合 3万条"),
        ("zh-Hant", "3000 萬 token 夠嗎？", "700億參數模型的 QLoRA 微調", "約合 3萬條"),
    ],
)
def test_an_amount_asked_as_enough_in_the_form_is_weighed_for_the_job_and_kept(
    real: Consultant, lang: str, message: str, advice: str, weighed: str
) -> None:
    real.handle("s", FORM[lang])

    turn = real.handle("s", message)

    assert advice in turn.text and weighed in turn.text
    assert "140B" not in turn.text and "1400亿" not in turn.text
    assert turn.payload["slots"]["params"] == 70e9 and turn.payload["slots"]["method"] == "qlora"
    assert turn.payload["slots"]["tokens"] in (3e7, 4e7)
    assert turn.payload["pending"] == "days"


@pytest.mark.parametrize(
    ("lang", "message", "advice", "asked_again"),
    [
        ("en", "how many tokens do we need?", "For QLoRA of a 70B model", "How much training data?"),
        (
            "en",
            "how much data should we have for this?",
            "For QLoRA of a 70B model",
            "How much training data?",
        ),
        ("zh-Hans", "我们需要多少数据？", "700亿参数模型的 QLoRA 微调", "训练数据有多少"),
        ("zh-Hant", "我們需要多少資料？", "700億參數模型的 QLoRA 微調", "訓練資料有多少"),
    ],
)
def test_a_data_question_in_the_form_is_answered_for_the_job_and_the_form_goes_on(
    real: Consultant, lang: str, message: str, advice: str, asked_again: str
) -> None:
    real.handle("s", FORM[lang])

    turn = real.handle("s", message)

    assert advice in turn.text and asked_again in turn.text
    assert "I'll plan it" not in turn.text and "我来做训练规划" not in turn.text
    assert turn.payload["slots"]["params"] == 70e9 and turn.payload["pending"] == "data"


@pytest.mark.parametrize(
    ("opening", "message", "weighed"),
    [
        (
            "pretrain a 1B model from scratch",
            "is 5B tokens enough?",
            "Your 5B tokens are fewer than the compute-optimal 20B.",
        ),
        ("从零预训练一个 1B 模型", "500 亿 token 够吗", "你的 500亿 token 达到了计算最优的 200亿 token。"),
        ("從零預訓練一個 1B 模型", "50B token 夠嗎？", "你的 500億 token 達到了計算最優的 200億 token。"),
    ],
)
def test_an_amount_asked_in_a_pretraining_form_is_weighed_against_the_compute_optimal_one(
    real: Consultant, opening: str, message: str, weighed: str
) -> None:
    real.handle("s", opening)

    turn = real.handle("s", message)

    assert weighed in turn.text
    assert (
        "Say *plan it*" not in turn.text
        and "说“规划一下”" not in turn.text
        and "說“規劃一下”" not in turn.text
    )
    assert turn.payload["pending"] == "days"
