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
