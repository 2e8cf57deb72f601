"""A count above the GPUs the team owns ("what about on 64 of them?" on the 32 A100s they have) is not
their GPUs: the plan rents all of them and says what that costs, and what renting only the GPUs they lack
would cost. A count at or below what they own stays on their own hardware, and how many they own is kept
across the turns."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

JOB_EN = "we have 32 A100 80GB. full fine-tune a 13B on 5B tokens"
JOB_ZH = "我们有 16 张 A800，全量微调 13B 模型，3B token"


def test_more_gpus_than_owned_are_rented_and_priced(real: Consultant) -> None:
    real.handle("m1", JOB_EN)
    for said in ("what about on 64 of them?", "what if we used 48?"):
        real.handle("m1", "what about 32?")
        turn = real.handle("m1", said)
        assert "more than the 32 you own, so not all yours: renting all" in turn.text
        assert "costs about $" in turn.text and "you lack, beside yours, about $" in turn.text
        assert "on your own GPUs" not in turn.text and "on your own hardware" not in turn.text
        assert "on demand" in turn.text.split("Recommended")[1].splitlines()[0]


def test_the_rented_share_is_the_gpus_they_lack(real: Consultant) -> None:
    real.handle("m2", JOB_EN)
    turn = real.handle("m2", "and with 40?")
    assert "renting all 40 costs about $" in turn.text
    assert "renting only the 8 you lack" in turn.text


def test_fewer_than_owned_stay_their_own_and_the_owned_count_is_kept(real: Consultant) -> None:
    real.handle("m3", JOB_EN)
    fewer = real.handle("m3", "what about 16?")
    assert "on your own GPUs (no rental cost)" in fewer.text
    more = real.handle("m3", "and 40?")
    assert "more than the 32 you own" in more.text and "renting only the 8 you lack" in more.text
    back = real.handle("m3", "ok 24 then")
    assert "on your own GPUs (no rental cost)" in back.text


def test_more_cards_than_owned_are_not_called_theirs_in_chinese(real: Consultant) -> None:
    real.handle("m4", JOB_ZH)
    turn = real.handle("m4", "用 32 张呢")
    assert "超过你们自有的 16 张，不全是自有的卡" in turn.text
    assert "用自有的卡" not in turn.text
    real.handle("m5", JOB_ZH.replace("我们", "我們").replace("张", "張"))
    hant = real.handle("m5", "如果用 24 張呢？")
    assert "超過你們自有的 16 張" in hant.text
    fewer = real.handle("m5", "那 8 張呢")
    assert "用自有的卡（無租用費用）" in fewer.text
