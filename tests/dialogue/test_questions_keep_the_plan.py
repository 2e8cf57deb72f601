"""Questions about GPUs or the FAQ are answered without changing the plan being worked on."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .fakes import ScriptedParse

LORA_70B = "LoRA微调一个700亿参数模型，数据10亿tokens，两周内完成"


def _recommend_lora_70b(consultant: Consultant, nlu: ScriptedParse) -> dict[str, object]:
    nlu.understands(LORA_70B, params=7e10, tokens=1e9, method="lora", days=14.0)
    turn = consultant.handle("s", LORA_70B)
    assert turn.payload["recommendation"] is not None
    return turn.payload["slots"]


def test_comparing_a100_and_h100_after_a_plan_answers_and_keeps_the_plan(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    before = _recommend_lora_70b(consultant, nlu)
    nlu.understands("A100和H100有什么区别", intent="gpu_compare", gpu="a100", gpus=("a100", "h100"))

    turn = consultant.handle("s", "A100和H100有什么区别")

    assert turn.payload["recommended"] is False
    assert turn.payload["slots"] == before
    assert turn.payload["slots"]["gpu"] is None
    assert "A100" in turn.text and "H100" in turn.text


def test_a_gpu_info_question_with_a_quoted_figure_does_not_change_precision_or_gpu(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    before = _recommend_lora_70b(consultant, nlu)
    text = "A100 has 624 TFLOPS FP16"
    nlu.understands(text, intent="gpu_info", gpu="a100", precision="fp16", gpus=("a100",))

    turn = consultant.handle("s", text)

    assert turn.payload["slots"] == before
    assert turn.payload["slots"]["precision"] == "bf16"
    assert "312" in turn.text  # the dense FP16 figure, not the sparse 624


def test_a_gpu_question_midway_is_answered_and_the_pending_question_asked_again(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("pretrain a 1B model", params=1e9)
    nlu.understands("how much memory does the H100 have?", intent="gpu_info", gpu="h100", gpus=("h100",))
    consultant.handle("s", "pretrain a 1B model")

    turn = consultant.handle("s", "how much memory does the H100 have?")

    assert turn.payload["slots"]["gpu"] is None and turn.payload["slots"]["params"] == 1e9
    assert "80 GB" in turn.text
    assert turn.payload["pending"] == "data"
    assert turn.text.rstrip().endswith("`20B tokens`.")


def test_listing_gpus_after_a_plan_keeps_the_plan(consultant: Consultant, nlu: ScriptedParse) -> None:
    before = _recommend_lora_70b(consultant, nlu)
    nlu.understands("有哪些GPU可以选", intent="list_gpus")

    turn = consultant.handle("s", "有哪些GPU可以选")

    assert turn.payload["slots"] == before and turn.payload["recommended"] is False
    assert "H100" in turn.text and "B200" in turn.text


def test_an_faq_question_naming_a_gpu_does_not_choose_it(consultant: Consultant, nlu: ScriptedParse) -> None:
    before = _recommend_lora_70b(consultant, nlu)
    text = "租H100按量付费和包年包月怎么选？"
    nlu.understands(text, intent="faq", gpu="h100", gpu_count=8, gpus=("h100",))

    turn = consultant.handle("s", text)

    assert turn.payload["slots"] == before
    assert "faq.cost_control" in turn.payload["faq"]
    assert turn.payload["recommended"] is False


def test_an_faq_question_may_fill_an_empty_slot_but_never_overwrite_one(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("LoRA微调一个70亿参数模型", params=7e9, method="lora")
    text = "数据200亿tokens、13B的话，按量付费和包年包月怎么选？"
    nlu.understands(text, intent="faq", params=1.3e10, tokens=2e10)
    consultant.handle("s", "LoRA微调一个70亿参数模型")

    turn = consultant.handle("s", text)

    assert turn.payload["slots"]["params"] == 7e9
    assert turn.payload["slots"]["tokens"] == 2e10
    assert "faq.cost_control" in turn.payload["faq"]


def test_what_about_a100s_is_a_what_if_that_changes_the_gpu(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    _recommend_lora_70b(consultant, nlu)
    nlu.understands("用A100呢", intent="whatif", gpu="a100", gpus=("a100",))

    turn = consultant.handle("s", "用A100呢")

    assert turn.payload["slots"]["gpu"] == "a100"
    options = turn.payload["recommendation"]["options"]
    assert all(o["gpu"].startswith("a100") for o in options)


def test_thanks_after_a_plan_keeps_that_plan_in_the_json_without_presenting_it_again(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    _recommend_lora_70b(consultant, nlu)
    planned = consultant.handle("s", LORA_70B).payload["recommendation"]
    nlu.understands("谢谢", intent="thanks")

    turn = consultant.handle("s", "谢谢")

    assert turn.payload["recommendation"] == planned and turn.payload["recommended"] is False
    assert turn.chart_png() is None and "GPU" not in turn.text


def test_a_question_weighing_two_precisions_in_a_form_chooses_neither(real: Consultant) -> None:
    real.handle("w", "我要預訓練一個 1B 模型")
    turn = real.handle("w", "BF16 跟 FP8 差在哪？")
    assert turn.payload["slots"].get("precision") is None and "好的：BF16" not in turn.text


def test_a_conceptual_question_after_a_plan_changes_none_of_its_inputs(real: Consultant) -> None:
    real.handle("p", "预训练 1B，数据 50B token，预算 2000 美元")
    turn = real.handle("p", "FP8 训练能快一倍吗？")
    assert turn.text.startswith("*FP8 训练能快一倍吗？*")
    assert turn.payload["slots"]["precision"] == "bf16" and turn.payload["slots"].get("days") is None
