"""Round eleven's second hold-out: a price and a figure asked together get the datasheet card (it carries
both); a room's or rack's power in kW says how many reference servers it holds (and is no claim about a
GPU's TDP); two GPUs' memory added up is no dataset; a memory floor filters the GPUs of one number format."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_a_price_and_a_figure_asked_together_get_the_datasheet_with_its_price(real: Consultant) -> None:
    zh = ask(real, "B200 一小时多少钱？显存多大？")
    assert zh.startswith("*NVIDIA B200*：显存 180 GB") and "最低按需价 $6.69/卡时" in zh
    en = ask(real, "does the A10 have 24GB? and how much per hour?")
    assert en.startswith("*NVIDIA A10*: 24 GB memory") and "Cheapest on-demand: $1.10/GPU-hour" in en
    assert parse("B200 一小时多少钱？").intent == "price"


def test_a_rooms_power_says_how_many_reference_servers_it_holds(real: Consultant) -> None:
    en = ask(real, "we have 25 kW in the cage, how many 8x H200 servers fit?")
    assert en.startswith("*25 kW holds 2 × NVIDIA DGX H200* (rated at 10.2 kW max each, 16 GPUs).")
    zh = ask(real, "机柜只有 12 千瓦，放得下一台 8 卡 B200 吗")
    assert zh.startswith("*12 kW 放不下一台 NVIDIA DGX B200*：一台标称最大 14.3 kW。")
    assert parse("our rack is capped at 15 kW, can it take an 8x B200?").intent == "power"


def test_two_gpus_memory_added_up_is_no_dataset(real: Consultant) -> None:
    assert parse("两张 3090 能合起来当 48G 用吗").slots.data_bytes is None
    assert parse("两张 3090，数据 48G，能微调 7B 吗").slots.data_bytes == 48e9
    reply = ask(real, "既然 4090 有 NVLink，两张能合成 48G 用吗")
    assert "没有 NVLink" in reply and not any(f in reply for f in FORM)
    en = ask(real, "can four 4090s pool their memory into 96GB?")
    assert "There is no 96 GB" not in en and not any(f in en for f in FORM)


def test_a_memory_floor_filters_the_gpus_of_a_number_format(real: Consultant) -> None:
    text = ask(real, "显存大于 100G、支持 FP8 的卡有哪些")
    assert text.startswith("*支持 FP8 且显存超过 100 GB 的 GPU*") and "H100 SXM5" not in text
    assert "另有 11 款支持 FP8 的 GPU 显存不符合。" in text  # L20, RTX 5090, RTX PRO 6000 among them


def test_the_heat_of_a_rack_of_servers_is_their_power(real: Consultant) -> None:
    text = ask(real, "how much heat do 2 DGX B200s put out?")
    assert text.startswith("*16 × NVIDIA B200 draw about 16 kW at full load*") and "~28.6 kW" in text


def test_the_tokens_asked_of_a_rented_cluster_leave_the_model_size_alone(real: Consultant) -> None:
    p = parse("if we rent 16 H100s for a week, how many tokens can we pretrain a 7B on?")
    assert p.slots.params == 7e9 and p.slots.tokens is None and p.intent == "feasibility"
    text = ask(real, "if we rent 16 H100s for a week, how many tokens can we pretrain a 7B on?")
    assert "In the 7 days you have, 16 × NVIDIA H100 SXM5 train about *" in text


def test_which_cards_compute_in_a_number_format_lists_them(real: Consultant) -> None:
    assert parse("which cards do FP8?").intent == "list_gpus"
    en = ask(real, "which cards support bf16")
    assert en.startswith("*GPUs that compute in BF16*") and not any(f in en for f in FORM)
    zh = ask(real, "哪些显卡支持 FP8")
    assert zh.startswith("*支持 FP8 的 GPU*")
