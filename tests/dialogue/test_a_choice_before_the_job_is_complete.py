""" "7B 还是 13B" while the model size is still asked: both sizes are held, the one question still missing is
asked, and once the job is complete both plans are shown side by side (not the first size alone)."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_both_sizes_are_planned_once_the_deadline_is_given(real: Consultant) -> None:
    real.handle("c1", "我想全參微調一個模型，資料 1B tokens")
    asked = real.handle("c1", "7B 還是 13B 都有可能")
    assert "*訓練週期多長？*" in asked.text
    assert "70億參數和130億參數兩個方案我會並排算給您" in asked.text
    turn = real.handle("c1", "兩週內")
    assert turn.text.startswith("*兩個選項分別算了方案*")
    assert "• *70億參數*：" in turn.text and "• *130億參數*：" in turn.text
    assert turn.payload["slots"].get("params") is None
    assert real.handle("c1", "那就 13B").payload["slots"]["params"] == 13e9


def test_both_sizes_wait_for_every_missing_answer(real: Consultant) -> None:
    real.handle("c2", "I want to fine-tune a model with LoRA on 50k examples")
    real.handle("c2", "7B or 13B, not sure yet")
    waiting = real.handle("c2", "within a week")
    assert "Both choices" not in waiting.text
    turn = real.handle("c2", "about 1k tokens each")
    assert turn.text.startswith("*Both choices planned side by side*")
    assert "• *7B parameters*:" in turn.text and "• *13B parameters*:" in turn.text


def test_naming_one_size_before_the_job_is_complete_lets_the_other_go(real: Consultant) -> None:
    real.handle("c3", "我想全参微调一个模型，数据 1B tokens")
    real.handle("c3", "7B 还是 13B？")
    real.handle("c3", "算了，就 13B")
    turn = real.handle("c3", "两周内")
    assert turn.text.startswith("*推荐方案*")
    assert "130亿参数" in turn.text
