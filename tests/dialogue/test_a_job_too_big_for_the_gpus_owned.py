"""When a correction makes the job too big for the GPUs the team owns, the change line says it cannot hold the
job (not a time for a plan that cannot run, nor "no rental cost"); asking then whether to rent another GPU
weighs their GPUs against the rental (not the general H100-or-A100 FAQ), and the rental is the pick."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

JOB_ZH = "我們實驗室有 8 張 V100 32GB，想全參數微調 7B，資料 2 億 token，兩週內"


def test_the_change_line_says_the_owned_gpus_cannot_hold_the_bigger_job(real: Consultant) -> None:
    real.handle("v1", JOB_ZH)
    turn = real.handle("v1", "不好意思，是 13B 不是 7B")
    first = turn.text.splitlines()[0]
    assert first.startswith(
        "*變化*：70億參數 → 130億參數：仍是 8 × NVIDIA V100 32GB (SXM2)，但裝不下這個任務"
    )
    assert "小時" not in first and "無租用費用" not in first


def test_renting_is_weighed_against_gpus_that_cannot_hold_the_job(real: Consultant) -> None:
    real.handle("v2", JOB_ZH)
    real.handle("v2", "不好意思，是 13B 不是 7B")
    turn = real.handle("v2", "還是租 H100 比較划算？")
    assert turn.text.startswith("*自有的卡和租 NVIDIA H100 SXM5 的對比*")
    assert "*您的 8 × NVIDIA V100 32GB (SXM2)*：按現在的做法顯存裝不下" in turn.text
    assert "租 NVIDIA H100 SXM5，或者換更省顯存的方法" in turn.text


def test_the_english_pair_says_the_same(real: Consultant) -> None:
    real.handle("v3", "We own 8 V100 32GB. Full fine-tune a 13B on 200M tokens within 2 weeks")
    turn = real.handle("v3", "should we rent H100s instead?")
    assert "*Your 8 × NVIDIA V100 32GB (SXM2)*: cannot hold this job as it stands" in turn.text
    assert "rent the NVIDIA H100 SXM5s, or make the job fit yours" in turn.text
