"""Going back to the plan before the last change said as "復原", "还原一下", "回退", "roll it back": the plan
before, as "撤销" and "undo" do (was "the plan above still holds"); "go back to the first plan",
"回到最开始的方案": the job as first planned, however many changes ago."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize("back", ["復原", "还原一下", "回退", "roll it back", "roll back please"])
def test_a_restore_word_goes_back_to_the_plan_before(real: Consultant, back: str) -> None:
    real.handle("u-" + back, "全参微调 13B，数据 30 亿 token，十天内")
    real.handle("u-" + back, "16 卡")
    turn = real.handle("u-" + back, back)
    assert turn.payload["slots"]["gpu_count"] is None
    assert "16 张卡 → 不限卡数" in turn.text or "16 張卡 → 不限卡數" in turn.text


@pytest.mark.parametrize(
    ("turns", "back", "says"),
    [
        (["full fine-tune a 7B on 300M tokens, 5 days", "what if 14B?", "and LoRA?",
          "go back to the first plan"],
         {"params": 7e9, "method": "full_finetune"}, "*Back to the first plan.*"),
        (["pretrain a 1B model on 20B tokens, 10 days", "what if 2B?", "and 3 weeks?",
          "let's go back to the original plan"], {"params": 1e9, "days": 10}, "*Back to the first plan.*"),
        (["LoRA 微调 8B，数据 1 亿 tokens，三天", "换成 13B 呢", "再换成 QLoRA", "回到最开始的方案"],
         {"params": 8e9, "method": "lora"}, "*已回到最初的方案。*"),
        (["全參微調 7B，資料 5 億 tokens，兩週內", "如果改成 LoRA 呢？", "那用 4 張 H100 呢",
          "還是用第一個方案吧"],
         {"method": "full_finetune", "gpu": None, "gpu_count": None}, "*已回到最初的方案。*"),
    ],
)  # fmt: skip
def test_back_to_the_first_plan_restores_the_job_as_first_planned_after_several_changes(
    real: Consultant, turns: list[str], back: dict[str, object], says: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    first = real.handle(session, turns[0]).payload["recommendation"]["options"][0]
    for text in turns[1:-1]:
        real.handle(session, text)
    turn = real.handle(session, turns[-1])
    assert turn.text.startswith(says)
    assert all(turn.payload["slots"].get(k) == v for k, v in back.items())
    top = turn.payload["recommendation"]["options"][0]
    assert (top["gpu"], top["gpus"]) == (first["gpu"], first["gpus"])
    left = real.handle(session, "undo").payload["slots"]  # "undo" returns to the plan it left
    assert left != turn.payload["slots"]
