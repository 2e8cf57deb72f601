"""A team that owns GPUs and asks whether to rent others ("we have 4 A100s, or should we rent H100s?") sees
both side by side: their own GPUs at no rental cost, the rented ones with their price, and which to take.
Choosing the rental then plans it as a rental (priced, sized afresh), and "undo" goes back to their own."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_a_rent_question_after_a_plan_on_owned_gpus_shows_both(real: Consultant) -> None:
    first = real.handle("o1", "我们有 4 张 A100，要预训练一个 1B 模型，200 亿 token，两周内完成")
    assert "自有的硬件" in first.text
    turn = real.handle("o1", "还是应该租 H100？")
    assert turn.text.startswith("*自有的卡和租 NVIDIA H100")
    assert "• *您的 4 × NVIDIA A100" in turn.text and "不用租金" in turn.text
    assert "• *租用*：" in turn.text and "× NVIDIA H100" in turn.text and "按需 $" in turn.text
    assert "建议用自己的卡" in turn.text


def test_choosing_the_rental_plans_it_as_a_rental(real: Consultant) -> None:
    real.handle("o2", "我们有 4 张 A100，要预训练一个 1B 模型，200 亿 token，两周内完成")
    weighed = real.handle("o2", "要不要租 H100？")
    turn = real.handle("o2", "那就租 H100 吧")
    assert "改为租用" in turn.text
    assert "自有的硬件" not in turn.text
    rented = turn.payload["recommendation"]["options"][0]
    assert rented["gpu_name"].startswith("NVIDIA H100")
    assert f"{rented['gpus']} × {rented['gpu_name']}" in weighed.text  # the rental the pair showed
    back = real.handle("o2", "undo")
    assert "自有的硬件" in back.text


def test_owned_and_rented_said_in_one_message(real: Consultant) -> None:
    turn = real.handle(
        "o3",
        "We have 4 A100s already. Pretraining a 1.3B model on 26B tokens, need it within 10 days. "
        "Or should we rent H100s?",
    )
    assert turn.text.startswith("*Your own GPUs or rented NVIDIA H100")
    assert "• *Your 4 × NVIDIA A100" in turn.text and "no rental cost" in turn.text
    assert "I'd keep your own GPUs: they finish within the deadline (10 days)" in turn.text


def test_owned_gpus_that_miss_the_deadline_point_to_the_rental(real: Consultant) -> None:
    real.handle("o4", "We own 2 A100s. Pretraining a 1B model on 50B tokens, we need it within 5 days")
    turn = real.handle("o4", "or should we rent H100s instead?")
    assert "(past the deadline of 5 days)" in turn.text
    assert turn.text.rstrip().endswith("on your own GPUs for free.")
    assert "Your GPUs would miss the deadline: rent the NVIDIA H100" in turn.text


def test_keeping_their_own_gpus_shows_the_plan_on_them(real: Consultant) -> None:
    real.handle("o5", "我们有 4 张 A100，要预训练一个 1B 模型，200 亿 token，两周内完成")
    real.handle("o5", "要不要租 H100？")
    turn = real.handle("o5", "那还是用我们自己的卡吧")
    assert turn.text.startswith("*推荐方案*：4 × NVIDIA A100")
    assert "用您自有的硬件" in turn.text


def test_after_the_first_message_either_choice_is_planned(real: Consultant) -> None:
    ask = (
        "We have 4 A100s already. Pretraining a 1.3B model on 26B tokens, need it within 10 days. "
        "Or should we rent H100s?"
    )
    real.handle("o6", ask)
    kept = real.handle("o6", "we'll stick with ours then")
    assert kept.text.startswith("*Recommended:* 4 × NVIDIA A100")
    assert "on your own hardware" in kept.text
    real.handle("o7", ask)
    rented = real.handle("o7", "ok let's rent the H100s")
    assert "now rented" in rented.text
    assert "on your own hardware" not in rented.text


def test_renting_put_softly_is_a_choice_and_a_datasheet_question_is_not(real: Consultant) -> None:
    real.handle("o8", "我們有 2 張 4090，想 LoRA 微調 7B，資料 5 萬筆，每筆 1000 token，一週內")
    real.handle("o8", "還是租 A100 比較好？")
    turn = real.handle("o8", "好，那就租 A100 吧")
    assert turn.text.startswith("*變化*：改用 A100")
    assert "改為租用" in turn.text
    real.handle("o9", "我们有 4 张 A100，要预训练一个 1B 模型，200 亿 token，两周内完成")
    real.handle("o9", "H100 显存多大？")
    kept = real.handle("o9", "总结一下目前的方案")
    assert kept.payload["slots"]["gpu_count"] == 4


def test_another_gpu_asked_after_a_plan_on_owned_gpus_says_theirs_are_not_used(real: Consultant) -> None:
    owned = "We own 32 A100s and want to fine-tune a 70B model on 2B tokens with LoRA"
    for user, follow_up in [("r1", "what about H800s?"), ("r2", "and with H100s instead?")]:
        real.handle(user, owned)
        turn = real.handle(user, follow_up)
        assert "now rented, not your own 32 × NVIDIA A100" in turn.text, follow_up
        assert "on your own hardware" not in turn.text
    for user, opening, follow_up, said in [
        (
            "r3",
            "我们自己有 32 张 A100，想用 LoRA 微调 70B 模型，数据 2B tokens",
            "那换成 H800 呢",
            "改为租用，不再用自有的 32 × NVIDIA A100",
        ),
        (
            "r4",
            "我們自己有 32 張 A100，想用 LoRA 微調 70B 模型，資料 2B tokens",
            "改用 H100 呢",
            "改為租用，不再用自有的 32 × NVIDIA A100",
        ),
    ]:
        real.handle(user, opening)
        assert said in real.handle(user, follow_up).text, follow_up


def test_an_unpriced_rental_after_owned_gpus_says_it_has_no_price(real: Consultant) -> None:
    real.handle("r5", "We own 32 A100s and want to fine-tune a 70B model on 2B tokens with LoRA")
    turn = real.handle("r5", "what about H800s?")
    assert "not your own 32 × NVIDIA A100 80GB (SXM4): no price in the catalogue" in turn.text


def test_a_later_count_after_moving_to_a_rented_gpu_is_a_rental_not_their_own(real: Consultant) -> None:
    for user, opening, switch, count in [
        ("m1", "We own 32 A100s and want to full fine-tune a 13B model on 5B tokens", "what about H800s?",
         "on 64 of them?"),
        ("m2", "我们有 32 张 A100，全参微调 13B，50亿 token", "那换成 H800 呢", "64 张呢"),
        ("m3", "我們有 32 張 A100，全參微調 13B，50億 token", "那換成 H800 呢", "用 64 張呢"),
    ]:  # fmt: skip
        real.handle(user, opening)
        real.handle(user, switch)
        text = real.handle(user, count).text
        assert "64 × NVIDIA H800 SXM" in text, count
        assert "your own" not in text and "自有" not in text, count


def test_going_back_to_the_gpu_they_own_plans_on_their_own_gpus_again(real: Consultant) -> None:
    for user, opening, switch, back, said in [
        ("b1", "We own 32 A100s and want to full fine-tune a 13B model on 5B tokens", "what about H800s?",
         "back to the A100s", "→ 32 × NVIDIA A100 80GB (SXM4), 6 days → 29 hours, on your own GPUs"),
        ("b2", "We own 32 A100s and want to full fine-tune a 13B model on 5B tokens", "use H100s then",
         "ok let's use our A100s", "on your own GPUs (no rental cost)"),
        ("b3", "我们有 32 张 A100，全参微调 13B，50亿 token", "那换成 H800 呢", "还是用 A100 吧",
         "→ 32 × NVIDIA A100 80GB (SXM4)，6 天 → 29 小时，用自有的卡（无租用费用）"),
        ("b4", "我們有 32 張 A100，全參微調 13B，50億 token", "那換成 H800 呢", "那 A100 呢",
         "用自有的卡（無租用費用）"),
    ]:  # fmt: skip
        real.handle(user, opening)
        real.handle(user, switch)
        text = real.handle(user, back).text
        assert said in text, back
        assert "32 × NVIDIA A100 80GB (SXM4)" in text and "$" not in text.split("\n\n")[1].split("\n")[0], (
            back
        )


def test_more_of_the_gpu_they_own_than_they_have_after_a_rental_is_rented(real: Consultant) -> None:
    real.handle("c1", "We own 32 A100s and want to full fine-tune a 13B model on 5B tokens")
    real.handle("c1", "what about H800s?")
    text = real.handle("c1", "what about 64 A100s?").text
    assert "64 × NVIDIA A100 80GB (SXM4)" in text and "your own" not in text
    back = real.handle("c1", "ok let's use our A100s").text
    assert back.startswith("*Recommended:* 32 × NVIDIA A100 80GB (SXM4)") and "on your own hardware" in back


def test_after_a_fit_answer_on_owned_gpus_another_gpu_is_not_theirs_and_theirs_again_is(
    real: Consultant,
) -> None:
    for user, opening, switch, plan, back in [
        ("t1", "we have 32 A100s. can we full fine-tune a 13B model on them?", "what about H800s?",
         "ok, plan it on 5B tokens", "and on our A100s?"),
        ("t2", "我们有 32 张 A100，能全参微调 13B 吗", "那换成 H800 呢", "数据 50亿 token，要多久",
         "那还是用我们的 A100 呢"),
        ("t3", "我們有 32 張 A100，能全參微調 13B 嗎", "那換成 H800 呢", "資料 50億 token，要多久",
         "那還是用我們的 A100 呢"),
    ]:  # fmt: skip
        real.handle(user, opening)
        switched = real.handle(user, switch).text
        assert "H800" in switched and "Your 32" not in switched and "自有" not in switched, switch
        planned = real.handle(user, plan).text
        assert "on your own hardware" not in planned and "自有的硬" not in planned, plan
        # their own GPUs named again: the answer is on theirs, and so is a plan after it
        user2 = f"{user}-back"
        real.handle(user2, opening)
        real.handle(user2, switch)
        again = real.handle(user2, back).text
        assert again.startswith(
            ("*Yes.* Your 32 × NVIDIA A100", "*能*。自有的 32 张", "*能*。自有的 32 張")
        ), back
        replanned = real.handle(user2, plan).text
        assert "on your own hardware" in replanned or "自有的硬" in replanned, plan
