"""Asking for a recap ("summarize what I asked for", "總結一下我的需求") restates everything held with the
plan it gives, or what is held so far and the open question; asking why checkpoints need so much
storage after a plan answers with that plan's checkpoint, not the generic pitfall."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_recap_after_a_plan_restates_every_slot_and_the_plan(real: Consultant) -> None:
    for text in ("We need to full fine-tune a 13B model", "data is 40GB", "bf16", "3 weeks"):
        real.handle("r1", text)
    turn = real.handle("r1", "summarize what I asked for")
    assert turn.text.startswith("*Here is everything you have told me, and the plan it gives*")
    understood = turn.text.split("*Understood:*")[1].splitlines()[0]
    for said in ("13B parameters", "40 GB of data", "BF16", "full fine-tuning", "21 days"):
        assert said in understood
    assert turn.payload["recommended"] is True


def test_a_recap_in_the_middle_of_the_form_says_what_is_held_and_asks_on(real: Consultant) -> None:
    real.handle("r2", "We need to full fine-tune a 13B model")
    real.handle("r2", "data is 40GB")
    turn = real.handle("r2", "recap please")
    assert turn.text.startswith("*Here is what I have so far:*")
    assert "13B parameters" in turn.text and "40 GB of data" in turn.text
    assert "How long can training take?" in turn.text


def test_a_recap_in_traditional_chinese_stays_in_traditional_chinese(real: Consultant) -> None:
    real.handle("r3", "全參數微調一個7B模型，資料50GB，BF16，一週")
    turn = real.handle("r3", "總結一下我的需求")
    assert turn.text.startswith("*以下是您目前給出的全部條件和對應的方案*")
    assert "70億參數" in turn.text.split("*理解的需求*")[1].splitlines()[0]


def test_why_so_much_checkpoint_storage_sizes_the_plans_checkpoint(real: Consultant) -> None:
    real.handle("k1", "全參數微調一個7B模型，資料50GB，BF16，一週")
    turn = real.handle("k1", "為什麼要留這麼多檢查點儲存？")
    assert turn.text.startswith("*本方案（2 × NVIDIA B200）的檢查點*：每個約 97.2 GB。")
    assert "FP32 主權重" in turn.text and "2–3 個" in turn.text
    assert "誤區" not in turn.text
    assert turn.payload["slots"]["params"] == 7e9 and turn.payload["slots"]["days"] == 7


def test_a_lora_plans_checkpoint_is_the_adapters(real: Consultant) -> None:
    real.handle("k2", "LoRA fine-tune a 7B model on 1B tokens in 3 days")
    turn = real.handle("k2", "why do the checkpoints take so much space?")
    assert turn.text.startswith("*Checkpoints in this plan (1 × NVIDIA B200)*: each is ~495 MB.")
    assert "only the LoRA adapters" in turn.text


def test_asking_for_english_mid_conversation_answers_in_english_from_then_on(real: Consultant) -> None:
    real.handle("l1", "LoRA微调7B模型，数据10GB，三天")
    turn = real.handle("l1", "can you answer in English?")
    assert turn.lang == "en" and "*Recommended:* 1 × NVIDIA B200" in turn.text
    later = real.handle("l1", "what if we have 5 days?")
    assert later.lang == "en" and later.text.startswith("*What changed*: 3 days → 5 days")


def test_asking_for_traditional_chinese_in_the_form_asks_on_in_it(real: Consultant) -> None:
    real.handle("l2", "LoRA微调7B模型")
    turn = real.handle("l2", "用繁體中文回覆")
    assert turn.lang == "zh-Hant" and "訓練資料" in turn.text


def test_chinese_data_in_a_request_is_no_request_for_chinese_replies(real: Consultant) -> None:
    turn = real.handle("l3", "LoRA fine-tune a 7B model on 5GB of Chinese text (中文语料) in 3 days")
    assert turn.lang == "en"


def test_a_method_follow_up_on_a_feasibility_answer_keeps_its_deadline(real: Consultant) -> None:
    real.handle(
        "f1", "We have 4 A100 80GB in house. Can we full fine-tune a 13B model on 5B tokens in 2 weeks?"
    )
    turn = real.handle("f1", "what about with LoRA?")
    assert "can hold LoRA of a 13B-parameter model" in turn.text
    assert "within the 14 days you have, for 5B tokens" in turn.text


def test_what_did_you_assume_after_a_plan_shows_the_math_with_its_assumptions(real: Consultant) -> None:
    real.handle("a1", "Pretrain 1.3B on 26B tokens by end of Q1")
    turn = real.handle("a1", "What are you assuming about precision and sequence length?")
    assert turn.text.startswith("*How this was computed*") and "s=4096" in turn.text


def test_assumptions_asked_in_chinese_get_the_math_in_chinese(real: Consultant) -> None:
    real.handle("a2", "LoRA微调7B，数据10亿 tokens，三天")
    turn = real.handle("a2", "你做了哪些假设？")
    assert "模型结构" in turn.text and turn.lang == "zh-Hans"


def test_assumptions_asked_in_spoken_chinese_after_a_plan_get_the_math(real: Consultant) -> None:
    real.handle("a3", "LoRA 微调 8B，数据 1亿 token，3 天内")
    assert real.handle("a3", "你这个是按啥假设算的").text.startswith("*计算过程*")


def test_assumptions_asked_before_any_plan_say_what_is_held_and_ask_on(real: Consultant) -> None:
    for n, (first, asked, held, question) in enumerate(
        (
            (
                "帮我算下全参微调 Qwen2.5-7B，数据 3亿 token",
                "你这个是按啥假设算的",
                "3亿 tokens",
                "训练周期多长",
            ),
            ("全參微調 13B，資料 5 億 token", "你假設了什麼", "5億 tokens", "訓練週期多長"),
            (
                "full fine-tune a 13B on 500M tokens",
                "what did you assume?",
                "500M tokens",
                "How long can training take?",
            ),
        )
    ):
        real.handle(f"a4{n}", first)
        turn = real.handle(f"a4{n}", asked)
        assert held in turn.text and question in turn.text, turn.text
        assert "没能用上" not in turn.text and "沒能用上" not in turn.text and "couldn't use" not in turn.text
