""" "8 or 16 GPUs?" after a plan: both rows are the plan's GPU, only the count differs (not the board each
count would pick on its own, such as A100 40GB at 8 and A100 80GB at 16)."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant

_ROW = re.compile(r"^• \*[^*]+\*[:：] ?\d+ × (.+?)[,，]", re.M)


def test_both_counts_are_on_the_board_the_plan_took(real: Consultant) -> None:
    plan = real.handle("g1", "Pretrain a 1B model on 50B tokens in 2 weeks on A100s")
    board = plan.payload["recommendation"]["options"][0]["gpu_name"]
    turn = real.handle("g1", "8 or 16 GPUs?")
    assert turn.text.startswith("*Both choices planned side by side*")
    rows = _ROW.findall(turn.text)
    assert rows == [board, board]


def test_both_counts_are_on_the_plans_gpu_in_chinese(real: Consultant) -> None:
    plan = real.handle("g2", "全参微调 13B，数据 50GB，一周内")
    board = plan.payload["recommendation"]["options"][0]["gpu_name"]
    turn = real.handle("g2", "4 卡还是 8 卡？")
    assert turn.text.startswith("*两个选项分别算了方案*")
    assert _ROW.findall(turn.text) == [board, board]
    assert "• *4 张卡*：4 ×" in turn.text and "• *8 张卡*：8 ×" in turn.text


def test_a_bare_value_after_the_choice_takes_it(real: Consultant) -> None:
    real.handle("g3", "预训练 7B，1000 亿 token，一个月内")
    real.handle("g3", "8 卡还是 16 卡？")
    turn = real.handle("g3", "就 16 吧")
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 16
    real.handle("g4", "LoRA fine-tune 7B on 50k samples of 1k tokens, within a week")
    real.handle("g4", "2 or 3 epochs?")
    other = real.handle("g4", "3 then")
    assert other.payload["slots"]["epochs"] == 3
    assert other.text.startswith("*What changed*: now 3 epochs")
