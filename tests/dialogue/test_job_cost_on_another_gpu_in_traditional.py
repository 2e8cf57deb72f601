"""「用 A100 的話要多少錢？」 after a plan asks what the job held costs on that GPU, as its simplified form
does: the plan on it, said as a change, not the GPU's price list."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_the_job_on_another_gpu_asked_in_traditional_chinese_is_the_plan_on_it(real: Consultant) -> None:
    real.handle("j1", "預訓練 1B 模型，資料 100B tokens，一個月內")
    turn = real.handle("j1", "用 A100 的話要多少錢？")
    assert turn.text.startswith("*變化*：改用 A100：")
    assert "按需價（每卡）" not in turn.text
