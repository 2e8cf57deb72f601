"""Answers given in the middle of a conversation, in the forms a team lead writes them: a length with a
hedge and its unit, a bare length after the per-turn question, an aside question, a deadline pushed back."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_hedged_length_with_its_unit_answers_the_per_turn_question(real: Consultant) -> None:
    text = ask(real, "QLoRA 微调 70B，两周内", "大概 4 万段对话，每段 5 轮", "差不多 250 token")
    assert "5000万 tokens（4万条 × 5 轮 × 250 token）" in text and "不太合理" not in text
    hant = ask(real, "QLoRA 微調 70B，兩週內", "大概 4 萬則對話，每則 5 輪", "每輪差不多 250 token")
    assert "5000萬 tokens（4萬條 × 5 輪 × 250 token）" in hant


def test_a_bare_number_after_the_per_turn_question_is_the_length_of_one_turn(real: Consultant) -> None:
    text = ask(real, "LoRA 7B, one week", "30k dialogues of 5 turns", "250")
    assert "37.5M tokens (30K samples × 5 turns × 250 tokens)" in text


def test_a_length_with_its_unit_answers_the_per_sample_question(real: Consultant) -> None:
    assert "24M tokens (30K samples × 800 tokens)" in ask(
        real, "LoRA 7B, one week", "30k samples", "about 800 tokens"
    )
    assert "2400万 tokens（3万条 × 800 token）" in ask(
        real, "LoRA 7B，一周", "3 万条", "差不多 800 token 一条"
    )


def test_an_aside_question_in_the_form_is_answered_and_keeps_the_method_given(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "LoRA 微調 7B，資料 1 億 token")
    turn = real.handle(session, "順便問一下，QLoRA 會掉多少精度？")
    assert "16-bit 全參微調的任務表現" in turn.text and "訓練週期多長" in turn.text
    assert turn.payload["slots"]["method"] == "lora"


def test_a_deadline_pushed_back_moves_the_deadline_held(real: Consultant) -> None:
    hant = ask(real, "全參微調 13B，資料 5 億 token，一個月", "截止日能延後兩週的話呢？")
    assert "30 天 → 44 天" in hant
    en = ask(real, "full fine-tune 13B on 500M tokens in 3 weeks", "could we bring it forward a week?")
    assert "21 days → 14 days" in en


def test_the_acknowledgement_lists_no_model_id_and_no_counting_code(real: Consultant) -> None:
    text = ask(real, "LoRA 微调 Qwen2.5-7B，两万条指令，平均每条 600 字，训 3 个 epoch")
    assert text.startswith("好的：70亿参数，720万 tokens（按字数折算") and "qwen2.5-7b" not in text
    kept = ask(real, "LoRA 微調 Llama 3.1 8B，三萬筆指令資料，平均每筆 800 字", "哈哈好")
    assert "目前記下的：80億參數，1440萬 tokens，LoRA 微調。" in kept and "zh_char" not in kept


def test_a_gpu_named_mid_form_is_acknowledged_by_its_name_not_the_catalogue_id(real: Consultant) -> None:
    en = ask(real, "I want to LoRA fine-tune a 7B model", "RTX 4090")
    assert en.startswith("Got it: NVIDIA GeForce RTX 4090.") and "RTX4090" not in en
    zh = ask(real, "我想 LoRA 微调 7B 模型", "用 4090 吧")
    assert zh.startswith("好的：NVIDIA GeForce RTX 4090") and "RTX4090" not in zh
    hant = ask(real, "我想 LoRA 微調 7B 模型", "我們用 RTX 4090")
    assert hant.startswith("好的：NVIDIA GeForce RTX 4090") and "RTX4090" not in hant


def test_a_gpu_kept_when_a_message_could_not_be_used_is_said_by_its_name(real: Consultant) -> None:
    en = ask(real, "I want to LoRA fine-tune a 7B model on an RTX 4090", "haha ok")
    assert "So far I have 7B parameters, LoRA fine-tuning, NVIDIA GeForce RTX 4090" in en
    hant = ask(real, "我想用 4090 做 LoRA 微調 7B", "哈哈好")
    assert "目前記下的：70億參數，LoRA 微調，NVIDIA GeForce RTX 4090。" in hant


def test_an_aside_question_after_a_plan_is_answered_and_changes_nothing(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "全參微調 13B，資料 6 億 token，三週")
    turn = real.handle(session, "對了，FP8 訓練穩定嗎？")
    assert "在公開的執行裡是穩定的：MosaicML" in turn.text and "→ FP8" not in turn.text
    assert turn.payload["slots"]["precision"] in (None, "bf16")


def test_a_memory_question_about_another_method_in_the_form_is_answered_not_switched_to(
    real: Consultant,
) -> None:
    for first, question, title in (
        (
            "LoRA a 7B on 100M tokens",
            "how much memory does QLoRA save?",
            "*What is QLoRA and how much memory",
        ),
        ("LoRA 微調 7B，資料 1 億 token", "QLoRA 能省多少顯存？", "*QLoRA 是什麼？能省多少顯存？*"),
    ):
        session = "s-" + uuid.uuid4().hex
        real.handle(session, first)
        turn = real.handle(session, question)
        assert turn.text.startswith(title) and turn.payload["slots"]["method"] == "lora"


def test_a_share_of_the_data_an_epoch_change_and_going_back_to_the_card_change_the_plan(
    real: Consultant,
) -> None:
    third = ask(real, "全参微调 8B，数据 6 亿 token，BF16，两周", "数据砍到三分之一呢")
    assert "6亿 tokens → 2亿 tokens" in third
    more = ask(real, "全參微調 7B，資料 5 億 token，十天", "資料再多三成呢")
    assert "5億 tokens → 6.5億 tokens" in more
    epochs = ask(real, "QLoRA 微调 32B，数据 2 万条，每条 1500 token，训 2 轮，两周", "epoch 改成 4")
    assert "训练 2 轮 → 训练 4 轮" in epochs or "2 轮 → 4 轮" in epochs
    back = ask(real, "预训练 1B，数据 40B token，BF16，三周", "换成 H100 呢", "还是用回原来的卡吧")
    assert back.startswith("*已回到上一次改动之前的方案。*")


def test_a_value_corrected_before_the_plan_is_said_with_the_one_it_replaces(real: Consultant) -> None:
    for turns, line in (
        (("I want to fine-tune a 7B model", "about 300GB", "sorry, 300B tokens not GB"),
         "Got it: 300B tokens (instead of 300 GB of data)."),
        (("pretrain a 7B model on 2TB", "sorry, 13B not 7B"),
         "Got it: 13B parameters (instead of 7B parameters)."),
        (("我想微调一个 7B 模型", "数据大概 300GB", "不是 300GB，是 300B tokens"),
         "好的：3000亿 tokens（原为数据 300 GB）。"),
        (("預訓練一個 7B 模型，資料 2TB", "說錯了，模型是 13B"), "好的：130億參數（原為70億參數）。"),
    ):  # fmt: skip
        assert line in ask(real, *turns), turns


def test_a_value_said_for_the_first_time_names_nothing_it_replaces(real: Consultant) -> None:
    text = ask(real, "I want to fine-tune a 7B model", "about 300GB")
    assert "Got it: 300 GB of data." in text and "instead of" not in text


@pytest.mark.parametrize(
    ("opening", "answer", "said"),
    [
        ("帮我算算预训练要多少卡，模型 13B", "数据量嘛，大概 1.5T token", "1.5万亿 tokens。"),
        ("全参微调 7B", "数据嘛, 20 亿 token", "好的：20亿 tokens。"),
        ("我們要預訓練 3B 模型", "資料量嘛，差不多 3000 億 token", "好的：3000億 tokens。"),
        ("LoRA 微调 14B，数据 1 亿 token", "工期嘛，两个月吧", "60 天"),
        ("全参微调 8B", "数据 5 亿 token 吧", "好的：5亿 tokens。"),
        ("LoRA 微调 14B，数据 1 亿 token", "工期两周吧", "14 天"),
        ("LoRA 微調 14B，資料 1 億 token", "工期大概三週吧", "21 天"),
    ],
)  # fmt: skip
def test_a_slot_said_with_a_topic_particle_or_softly_is_an_answer_not_a_question(
    real: Consultant, opening: str, answer: str, said: str
) -> None:
    """ "数据量嘛，…" read 嘛 as a yes/no question, and "工期两个月吧" ended as one: both got FAQ entries on
    how much data to train on and tokens per gigabyte before the value was taken."""
    session = "p-" + uuid.uuid4().hex
    real.handle(session, opening)
    turn = real.handle(session, answer)
    assert said in turn.text and turn.text.startswith(("好的", "*推荐方案*", "*推薦方案*"))
    assert "Chinchilla" not in turn.text and "1 GB 文本" not in turn.text and "1 GB 文字" not in turn.text


@pytest.mark.parametrize(
    "text", ["H100 显存 80G 吧", "A100 有 80G 吧", "8 张 H100 够吧", "用 A100 吧？", "可以嘛，还是要换卡"]
)
def test_a_figure_or_a_choice_put_to_confirm_with_a_particle_stays_a_question(text: str) -> None:
    from bot.nlu import parse

    assert parse(text).yes_no or parse(text).intent != "size"
