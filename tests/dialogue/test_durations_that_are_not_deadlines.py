"""A length of time said of one part of the work (loading, saving, a replica starting, one epoch) is how long
that part takes, not the job's deadline: it is never asked back as an implausible number of days."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_how_long_loading_saving_or_an_epoch_takes_is_not_asked_back_as_a_deadline(real: Consultant) -> None:
    zh = ask(real, "模型加载太慢，新副本起来要十分钟")
    assert "作为天数不太合理" not in zh and "冷启动" in zh
    en = ask(real, "LoRA 7B on 100M tokens", "checkpoint takes 20 minutes to save")
    assert "0.333 hours" not in en and "looks implausible" not in en
    hant = ask(real, "LoRA 7B，1 億 token", "每個 epoch 要跑 3 小時")
    assert "好的：3 小時" not in hant and "作為天數不太合理" not in hant
