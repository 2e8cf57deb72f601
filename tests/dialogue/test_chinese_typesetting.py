"""Chinese replies set no space between two Chinese characters, however the template joined the names
and figures, and keep it next to Latin letters and digits; English counts say "1 GPU", not "1 GPUs"."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant
from bot.render.formats import fmt_gpus

from .asking import ask

# Two Chinese characters (or a full-width bracket and one) with a space between, except around 对.
_GAP = re.compile(r"(?<=[\u3400-\u9fff）])(?<![对對]) (?=[\u3400-\u9fff（])(?![对對] )")


@pytest.mark.parametrize(
    "text",
    [
        "阿里云和腾讯云哪个便宜？",
        "2 张 3090 能全参微调 7B 吗",
        "LoRA 7B 的数据要多少",
        "預算夠不夠：5 萬人民幣 QLoRA 微調 70B",
        "H100 和 A100 哪个好",
    ],
)
def test_a_chinese_reply_has_no_space_between_two_chinese_characters(real: Consultant, text: str) -> None:
    reply = ask(real, text)
    assert not _GAP.search(reply), _GAP.search(reply)


def test_names_joined_by_the_template_close_up_and_spaces_next_to_latin_words_stay(real: Consultant) -> None:
    text = ask(real, "阿里云和腾讯云哪个便宜？")
    assert "没有阿里云、腾讯云的价格" in text and "收录了 AWS" in text


def test_a_count_with_no_type_that_misses_the_deadline_is_not_called_the_plans_count(
    real: Consultant,
) -> None:
    text = ask(real, "train 7B on 100B tokens on 1 GPU, 30 days")
    assert "1 GPU would take about 75 days even on the fastest type for this job (NVIDIA B200)" in text
    assert "You said 1 GPU" not in text and "GPUs but not which" not in text
    zh = ask(real, "用 2 张卡训练 7B，100B tokens，30 天")
    assert "只用 2 张卡，即使用最快的 NVIDIA B200 也要约 38 天" in zh and "没说型号" not in zh


def test_an_english_gpu_count_agrees_with_its_noun() -> None:
    assert (fmt_gpus(1), fmt_gpus(8)) == ("1 GPU", "8 GPUs")


def test_an_implausible_value_is_asked_back_with_a_space_after_its_latin_unit(real: Consultant) -> None:
    assert ask(real, "训练一个 7000B 的模型，数据 1KB").startswith("数据 1 KB 不太合理。")
    assert ask(real, "LoRA 7B with budget -500").startswith("“-500” must be a positive budget.")


def test_a_latin_word_against_a_chinese_character_gets_a_space_outside_inline_code() -> None:
    from bot.render.text import chinese_spacing

    assert chinese_spacing("改做LoRA，模型的 QLoRA在单卡上") == "改做 LoRA，模型的 QLoRA 在单卡上"
    assert chinese_spacing("例如 `预算5万元` 或 `LoRA微调`") == "例如 `预算5万元` 或 `LoRA微调`"
    assert chinese_spacing("8 张 H100，70亿参数") == "8 张 H100，70亿参数"


def test_a_chinese_verdict_spaces_the_method_it_names(real: Consultant) -> None:
    assert "700亿参数模型的 QLoRA 光权重和适配器状态" in ask(real, "一张 4090 能 QLoRA 70B 吗")
    assert "放得下 70亿参数模型的 LoRA：" in ask(real, "我们在 AutoDL 上租 4090，训练 7B LoRA 够吗")


@pytest.mark.parametrize(
    "text",
    [
        "RTX 4090 能不能跑 70b 推理",
        "一张 4090 部署 70B 模型够吗",
        "單張 4090 能部署 70b 嗎",
        "4090 能训练 7b 吗",
        "一張 H100 全參微調 7b 要跑幾天",
    ],
)
def test_a_chinese_reply_sets_no_space_after_a_full_width_stop(real: Consultant, text: str) -> None:
    reply = ask(real, text)
    assert not re.search(r"[。！？：；，]\*? ", reply), reply


def test_a_bold_verdict_ending_in_a_full_width_stop_is_followed_by_no_space() -> None:
    from bot.render.text import chinese_spacing

    assert (
        chinese_spacing("*不能。* 1 × RTX 4090 放不下。 换 H100：  可以")
        == "*不能。*1 × RTX 4090 放不下。换 H100：可以"
    )
