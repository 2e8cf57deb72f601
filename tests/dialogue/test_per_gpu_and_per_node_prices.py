"""A price asked per GPU and per node (a whole server) gets both, never one of them twice."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_per_gpu_price_list_adds_the_whole_instance_price_when_a_node_is_asked(real: Consultant) -> None:
    en = ask(real, "price per gpu hour for h100 on lambda and whats the per node price")
    assert "*$3.99/GPU-hour*" in en and "*the whole 8-GPU instance: $31.92/hour*" in en
    hant = ask(real, "H100 一張卡每小時多少錢？整台 8 卡的節點呢")
    assert "*整台 8 卡每小時 $31.92*" in hant
    plain = ask(real, "H100 多少钱一小时")
    assert "整台" not in plain


def test_an_hour_of_several_gpus_shows_the_per_gpu_rate_beside_the_total(real: Consultant) -> None:
    en = ask(real, "how much is an 8x A100 node per hour vs a single A100?")
    assert "*$22.32* ($2.79/GPU-hour × 8)" in en and "for the 8 GPUs" not in en
    zh = ask(real, "8卡H100一台机器一小时多少钱")
    assert "*$31.92*（约 ¥223；每卡每小时 $3.99 × 8 张）" in zh
    week = ask(real, "4 H100 for a week cost?")
    assert "($16.36/hour for the 4 GPUs)" in week


def test_a_rent_asked_against_buying_gets_the_prices_then_when_owning_pays(real: Consultant) -> None:
    text = ask(real, "A100 80G 租一個月要多少？跟買一張比哪個划算")
    assert "每卡每月約" in text
    assert text.index("每卡每月約") < text.index("*GPU 雲伺服器和自建物理伺服器相比有什麼優勢？*")
    assert "自建" not in ask(real, "A100 80G 租一個月要多少？")


def test_a_rate_said_for_a_gpu_with_no_job_is_judged_against_the_listings(real: Consultant) -> None:
    en = ask(real, "our reserved deal is $1.9/hr per H100")
    assert en.startswith("*Yes, a good price*: $1.90/GPU-hour for an NVIDIA H100 SXM5;")
    zh = ask(real, "我们租的 4090 每卡每天 60 元")
    assert zh.startswith("*不划算，比目录里所有报价都贵*：NVIDIA GeForce RTX 4090 每卡时 ¥2.50")


def test_a_rate_alone_is_said_back_per_gpu_hour_above_the_cheapest_listing_of_each_gpu(
    real: Consultant,
) -> None:
    zh = ask(real, "每张卡每天 36 块")
    assert zh.startswith("*每卡每天 ¥36.00，即每卡时 ¥1.50*：是哪种卡？")
    en = ask(real, "we're quoted $40 a day per gpu")
    assert en.startswith("*$40.00 per GPU a day, $1.67 per GPU-hour*: for which GPU?")


def test_a_plan_on_the_gpu_the_user_rents_is_priced_again_at_their_own_rate(real: Consultant) -> None:
    real.handle("own1", "我们租的 A800 每卡每天 240 元")
    turn = real.handle("own1", "用 A800 做 qlora 一个 32b，1 亿 token，三天")
    assert "_按你们的价格（每卡每天 ¥240，即每卡时 ¥10.00）：" in turn.text
    assert "上面的价格是目录里的按需价。_" in turn.text
    en = real.handle("own2", "we pay $2.5/hr per H100, lora 8b on 50M tokens in 2 days, on H100").text
    assert "_At your rate ($2.50 per GPU-hour): " in en


def test_the_gpu_rented_at_a_rate_said_alone_is_the_one_the_next_plan_is_on(real: Consultant) -> None:
    real.handle("own4", "we pay $2.1/hr per H100 on our reserved deal")
    text = real.handle("own4", "lora 70b, 20k samples of ~2k tokens, 5 days").text
    assert text.startswith("*Recommended:* 4 × NVIDIA H100 SXM5")
    assert "_At your rate ($2.10 per GPU-hour): 4 × NVIDIA H100 SXM5 for 5.1 hours" in text


def test_a_plan_on_another_gpu_says_the_users_rate_back_and_how_to_plan_on_theirs(real: Consultant) -> None:
    real.handle("own3", "we pay $2.1/hr per H100 on our reserved deal")
    text = real.handle("own3", "lora 70b, 20k samples of ~2k tokens, 5 days, on B200").text
    assert text.endswith(
        "_Your rate ($2.10 per GPU-hour) is for the H100; the plan above is on the NVIDIA B200. "
        'Say "on H100" to plan on your GPUs at your rate._'
    )
