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


def test_more_than_owned_asked_in_the_same_message_is_rented(real: Consultant) -> None:
    turn = real.handle("m6", "we have 8 H100s, how long to full fine-tune a 7B on 2B tokens on 16?")
    assert turn.text.startswith(
        "*You own 8 × NVIDIA H100 SXM5; 16 is more than that*, so the plan below rents all 16"
    )
    assert "renting only the 8 you lack, beside yours, about $" in turn.text
    assert "on your own hardware" not in turn.text
    assert turn.payload["recommendation"]["options"][0]["gpus"] == 16
    own = real.handle("m6", "what about 8?")
    assert "on your own GPUs (no rental cost)" in own.text


def test_more_cards_than_owned_in_the_same_chinese_message_are_rented(real: Consultant) -> None:
    for user, text, said in [
        ("m7", "我们有 16 张 A800，全量微调 13B 模型 3B token，用 32 张要多久",
         "*你们自有 16 张 NVIDIA A800 80GB SXM，32 张超过了自有的数量*"),
        ("m8", "我們有 16 張 A800，全參微調 13B，30 億 token，換成 32 張呢",
         "*你們自有 16 張 NVIDIA A800 80GB SXM，32 張超過了自有的數量*"),
    ]:  # fmt: skip
        turn = real.handle(user, text)
        assert turn.text.startswith(said), turn.text[:120]
        assert "自有的硬件" not in turn.text and "自有的硬體" not in turn.text
        assert turn.payload["recommendation"]["options"][0]["gpus"] == 32


def test_the_count_owned_alone_stays_their_own(real: Consultant) -> None:
    turn = real.handle("m9", "we have 8 H100s. full fine-tune 7B on 2B tokens, how long on them?")
    assert "on your own hardware" in turn.text and "You own" not in turn.text


def test_fewer_than_owned_said_with_them_is_the_plan_on_their_own_gpus(real: Consultant) -> None:
    """ "we have 8 H100s, pretrain a 1B … on 4 of them" planned all 8."""
    for session, message, said in (
        ("f1", "we have 8 H100s, pretrain a 1B on 20B tokens on 4 of them", "Recommended: 4 × NVIDIA H100"),
        (
            "f2",
            "we own 16 A100 80GB; full fine-tune a 7B on 2B tokens using 8 GPUs",
            "Recommended: 8 × NVIDIA A100",
        ),
        ("f3", "我们有 8 张 H100，只用其中 4 张预训练 1B，200 亿 token", "推荐方案：4 × NVIDIA H100"),
        ("f4", "我們有 8 張 H100，拿 2 張預訓練 1B，200 億 token", "推薦方案：2 × NVIDIA H100"),
    ):
        text = real.handle(session, message).text.replace("*", "")
        assert said in text and (
            "on your own hardware" in text or "自有的硬件" in text or "自有的硬體" in text
        )
    more = real.handle("f1", "and on 16?").text
    assert "more than the 8 you own" in more


def test_a_count_the_plan_already_has_on_owned_gpus_shows_no_rental_price(real: Consultant) -> None:
    real.handle("n1", "we have 8 H100s, pretrain a 1B on 20B tokens")
    text = real.handle("n1", "what about 8 GPUs?").text.replace("*", "")
    assert "Nothing changes" in text and "on your own GPUs (no rental cost))" in text
    assert "$" not in text.split("\n")[0]
    real.handle("n2", "我們有 8 張 H100，預訓練 1B，200 億 token")
    zh = real.handle("n2", "那 8 張呢").text.replace("*", "")
    assert "沒有變化" in zh and "用自有的卡（無租用費用）" in zh and "$" not in zh.split("\n")[0]
