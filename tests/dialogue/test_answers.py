"""What the user sees: escaping, Block Kit limits, scripts, pitfalls, corrections, GPU facts,
hostile input, App Home and the modal form."""

from __future__ import annotations

import json

from bot.dialogue.consultant import Consultant
from bot.nlu.types import Ask
from bot.render.blocks import MAX_BLOCKS, MAX_BUTTON_CHARS, MAX_SECTION_CHARS

from .fakes import ScriptedParse

FULL = "训练一个70亿参数的模型，数据1TB，BF16，一个月"


def test_channel_mentions_in_user_text_come_back_inert(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "<!channel> <!here> <@U123> 70T"
    nlu.understands(text, asks=(Ask(slot="params", reason="out_of_range", value=7e13, text=text),))

    turn = consultant.handle("s", text)

    shown = turn.text + json.dumps(turn.blocks, ensure_ascii=False)
    assert "<!channel>" not in shown and "<!here>" not in shown and "<@U123>" not in shown
    assert "&lt;!channel&gt;" in turn.text


def test_template_syntax_in_user_text_is_shown_not_evaluated(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "{{ 7*7 }} {% raw %} 70T"
    nlu.understands(text, asks=(Ask(slot="params", reason="out_of_range", value=7e13, text=text),))

    turn = consultant.handle("s", text)

    assert "{{ 7*7 }}" in turn.text and "49" not in turn.text


def test_a_recommendation_card_stays_within_slack_block_kit_limits(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands(FULL, params=7e9, data_bytes=1e12, precision="bf16", days=30.0)

    turn = consultant.handle("s", FULL)

    assert len(turn.blocks) <= MAX_BLOCKS
    assert turn.blocks[0]["type"] == "header"
    for block in turn.blocks:
        text = block.get("text")
        if isinstance(text, dict):
            assert len(text["text"]) <= MAX_SECTION_CHARS
    buttons = [e for b in turn.blocks if b["type"] == "actions" for e in b["elements"]]
    assert {b["action_id"] for b in buttons} == {"explain", "reset"}
    assert all(len(b["text"]["text"]) <= MAX_BUTTON_CHARS for b in buttons)
    assert turn.chart_png() is not None


def test_traditional_chinese_in_gives_traditional_chinese_out(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "訓練一個70億參數的模型，數據1TB，一個月"
    nlu.understands(text, script="zh-Hant", params=7e9, data_bytes=1e12, days=30.0)

    turn = consultant.handle("s", text)

    assert turn.lang == "zh-Hant"
    assert "參數" in turn.text and "推薦" in turn.text
    assert "参数" not in turn.text


def test_a_small_model_on_eight_h100s_warns_about_overbuying(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "Fine-tune a 300M model on 2GB of data in 1 day, we plan to rent 8x H100"
    nlu.understands(
        text, params=3e8, data_bytes=2e9, days=1.0, method="full_finetune", gpu="h100", gpu_count=8
    )

    turn = consultant.handle("s", text)

    assert "pitfall.overbuying_top_gpu" in turn.payload["pitfalls"]
    top = turn.payload["recommendation"]["options"][0]
    assert top["gpus"] == 8 and top["gpu"].startswith("h100")


def test_a_wrong_sparse_figure_is_corrected_with_the_dense_value(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "T4的FP16算力是89 TFLOPS吧？"
    nlu.understands(text, intent="gpu_info", gpus=("t4",))

    turn = consultant.handle("s", text)

    assert "65" in turn.text and turn.text.startswith("*不对*。")


def test_comparing_two_gpus_shows_dense_bf16_and_memory(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands("compare H100 SXM and A100 80GB", intent="gpu_compare", gpus=("h100-sxm", "a100-80gb"))

    turn = consultant.handle("s", "compare H100 SXM and A100 80GB")

    assert "989" in turn.text and "312" in turn.text
    assert "80 GB" in turn.text and "dense" in turn.text


def test_hostile_input_never_crashes_and_the_conversation_still_works(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    hostile = [
        "7" * 100_000,
        "😀" * 3000,
        "'; DROP TABLE sessions; --",
        "\u202e\u200b\u0007bell",
        "( " * 20000,
    ]
    nlu.understands(FULL, params=7e9, data_bytes=1e12, precision="bf16", days=30.0)

    replies = [consultant.handle("s", text) for text in hostile]
    final = consultant.handle("s", FULL)

    assert all(r.payload["recommendation"] is None for r in replies)
    assert all(len(text) <= 2000 for text in nlu.seen)  # the parser never sees 100 KB
    assert final.payload["recommendation"] is not None


def test_app_home_shows_examples_the_catalogue_and_the_last_recommendation(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands(FULL, params=7e9, data_bytes=1e12, precision="bf16", days=30.0)
    turn = consultant.handle("T1:C1:1700000000.1", FULL, user_id="U1")

    home = consultant.home_view("U1", "en")
    empty = consultant.home_view("U2", "zh-Hans")

    shown = json.dumps(home, ensure_ascii=False)
    top = turn.payload["recommendation"]["options"][0]
    assert home["type"] == "home"
    assert "Pretrain a 7B model" in shown and "训练一个70亿参数" in shown
    assert f"{top['gpus']} × {top['gpu_name']}" in shown
    assert "snapshot date" in shown and "(2026-05-20)" in shown
    assert "to serve Llama 3 70B" in shown and "推理" in json.dumps(
        empty, ensure_ascii=False
    )  # not training only
    assert "暂无" in json.dumps(empty, ensure_ascii=False)


def test_a_form_with_an_unreadable_field_lists_the_field_errors(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("7B parameters", params=7e9)
    nlu.understands("training data 1TB", data_bytes=1e12)
    nlu.understands("14 days", days=14.0)

    errors = consultant.validate_form({"params": "banana", "data": "1TB", "days": "14"})
    bad = consultant.handle_form("s", {"params": "banana", "data": "1TB"})
    good = consultant.handle_form("s", {"params": "7B", "data": "1TB", "days": "14"})

    assert list(errors) == ["params"] and "banana" in errors["params"]
    assert bad.payload["recommendation"] is None and "params" in bad.text
    assert good.payload["recommendation"] is not None
    assert good.payload["slots"]["days"] == 14.0


def test_the_explain_button_shows_the_engine_math(consultant: Consultant, nlu: ScriptedParse) -> None:
    nlu.understands(FULL, params=7e9, data_bytes=1e12, precision="bf16", days=30.0)
    consultant.handle("s", FULL)

    turn = consultant.handle_action("s", "explain", "explain")

    assert "计算过程" in turn.text
    assert turn.text.count("•") >= 3
