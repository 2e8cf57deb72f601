"""Power and cooling asked of named GPUs: the GPUs' TDP times the count, the whole server from the vendor's
reference machine (knowledge/data/servers.yaml, sourced), and its cooling where that is published; never
the datasheet alone or the planning form."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_a_counted_server_gets_the_gpus_total_and_the_reference_servers_maximum(real: Consultant) -> None:
    en = ask(real, "what does a box with 8 H100s pull from the wall?")
    assert en.startswith("*8 × NVIDIA H100 SXM5 draw about 5.6 kW at full load* (700 W TDP each × 8)")
    assert "the NVIDIA DGX H100 (8 GPUs) is rated at *10.2 kW max*" in en and "DGX H100/H200 User Guide" in en
    zh = ask(real, "两台 8 卡 B200 要准备多少千瓦的电")
    assert zh.startswith("*16 张 NVIDIA B200 满载约 16 kW*")
    assert "约 2 台，共约 28.6 kW" in zh
    assert not any(f in en + zh for f in FORM)


def test_a_gpu_with_no_reference_server_gets_the_dgx_h100_as_a_yardstick(real: Consultant) -> None:
    text = ask(real, "4 张 L40S 功耗多大")
    assert text.startswith("*4 张 NVIDIA L40S 满载约 1.4 kW*")
    assert "作参照，NVIDIA DGX H100 整机最大 10.2 kW，其中 8 张 GPU 占 5.6 kW" in text


def test_one_gpus_power_lists_each_board_of_the_family(real: Consultant) -> None:
    text = ask(real, "H100 每张卡多少瓦")
    assert text.startswith(
        "*NVIDIA H100 SXM5 每卡功耗（TDP）700 W*；NVIDIA H100 PCIe 350 W，NVIDIA H100 NVL 400 W。"
    )


def test_cooling_asked_says_how_the_reference_server_is_cooled_with_its_source(real: Consultant) -> None:
    text = ask(real, "does the H200 need liquid cooling?")
    assert "Cooling: the NVIDIA DGX H200 is air-cooled _(source: MLPerf Inference v4.1" in text
    other = ask(real, "L4 要不要水冷")
    assert "目录里没有这款卡的参考整机散热方式" in other


def test_a_quoted_power_is_still_checked_and_a_price_asked_with_it_gets_the_datasheet() -> None:
    assert parse("the H100 TDP is 500W, right?").intent == "figure_check"
    assert parse("H100 和 H200 功耗差多少").intent == "power"
    assert parse("H100 多少钱一小时，功耗多少").intent == "gpu_info"  # the datasheet carries both


def test_which_of_two_gpus_saves_power_weighs_the_draw_and_the_work_per_watt(real: Consultant) -> None:
    zh = ask(real, "A100 和 H100 哪个更省电")
    assert zh.startswith(
        "*单卡功耗 NVIDIA A100 80GB (SXM4) 更低*（400 W 对 700 W）；每瓦算力是 NVIDIA H100 SXM5 更高"
    )
    assert "同样的训练任务反而用 NVIDIA H100 SXM5 耗电更少" in zh
    en = ask(real, "L40S or A100, which is less power hungry?")
    assert en.startswith("*The NVIDIA L40S draws less per GPU* (350 W against 400 W); it also does more work")
