""" "用 FP8 吧", "还是换回 H100 吧": a change put softly with 吧 is taken and planned, not read as a question
("…, right?") answered with the FP8 FAQ or the GPU's datasheet; "用 A100 够吧" still asks to confirm."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.intents import is_yes_no, proposes
from bot.nlu.text import normalise


def test_use_fp8_put_softly_changes_the_precision(real: Consultant) -> None:
    real.handle("s1", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 B200")
    turn = real.handle("s1", "用 FP8 吧")
    assert turn.text.startswith("*变化*：BF16（默认） → FP8")
    assert turn.payload["slots"]["precision"] == "fp8"


def test_back_to_a_gpu_the_plan_was_never_on_plans_on_it(real: Consultant) -> None:
    real.handle("s2", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 B200")
    turn = real.handle("s2", "还是换回 H100 吧")
    assert turn.text.startswith("*变化*：改用 H100：1 × NVIDIA B200 → ")
    assert "TFLOPS" not in turn.text.splitlines()[0]
    assert turn.payload["slots"]["gpu"] == "h100"


def test_fp8_put_softly_on_the_a100_says_it_has_none(real: Consultant) -> None:
    real.handle("s3", "全參微調 Qwen2.5 7B，2B tokens，兩週內，用 A100")
    turn = real.handle("s3", "那就用 FP8 吧")
    assert "FP8" in turn.text.splitlines()[0]
    assert "沒有 FP8 張量核心" in turn.text


def test_a_figure_put_to_confirm_is_still_a_question() -> None:
    for asked in ("用 A100 够吧", "T4 的 FP16 是 89 TFLOPS 吧", "用 A100 吧？"):
        assert not proposes(normalise(asked).lower)
        assert is_yes_no(normalise(asked).lower)


def test_choosing_a_gpu_put_softly_changes_the_plan(real: Consultant) -> None:
    real.handle("s4", "全参微调 Qwen2.5 7B，2B tokens，两周内，用 B200")
    turn = real.handle("s4", "选 H100 吧")
    assert turn.text.startswith("*变化*：改用 H100：1 × NVIDIA B200 → ")
    assert "TFLOPS" not in turn.text
    assert turn.payload["slots"]["gpu"] == "h100"


def test_a_choice_with_select_is_no_question_in_either_script() -> None:
    for chosen in ("选 H100 吧", "那就選 H200 吧", "就选用 A100 吧", "就用 H200 吧"):
        assert proposes(normalise(chosen).lower)
        assert not is_yes_no(normalise(chosen).lower)
    assert is_yes_no(normalise("选 A100 够吧").lower)
