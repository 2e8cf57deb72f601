"""Going back to the plan before the last change said as "復原", "还原一下", "回退", "roll it back": the plan
before, as "撤销" and "undo" do (was "the plan above still holds")."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize("back", ["復原", "还原一下", "回退", "roll it back", "roll back please"])
def test_a_restore_word_goes_back_to_the_plan_before(real: Consultant, back: str) -> None:
    real.handle("u-" + back, "全参微调 13B，数据 30 亿 token，十天内")
    real.handle("u-" + back, "16 卡")
    turn = real.handle("u-" + back, back)
    assert turn.payload["slots"]["gpu_count"] is None
    assert "16 张卡 → 不限卡数" in turn.text or "16 張卡 → 不限卡數" in turn.text
