"""The catalogue asked for a filtered or ranked list in one message: a number format, an hourly price
ceiling, or the GPU with the most memory, compute or bandwidth; never the planning form."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_the_cheapest_gpu_with_fp8_lists_only_gpus_that_compute_in_fp8(real: Consultant) -> None:
    text = ask(real, "cheapest GPU with FP8")
    assert text.startswith("*The cheapest GPU with FP8: NVIDIA L4")
    assert "T4" not in text and "A10G" not in text and "V100" not in text


def test_gpus_under_an_hourly_price_are_listed_cheapest_first(real: Consultant) -> None:
    text = ask(real, "list gpus under $1/hr")
    assert text.startswith("*3 GPUs rent for $1.00/GPU-hour or less*") and "NVIDIA T4" in text
    assert "B200" not in text and not any(f in text for f in FORM)
    assert ask(real, "每小时 1 美元以下的卡有哪些").startswith("*按需每卡时 $1.00 以内能租到")


def test_no_gpu_under_a_very_low_price_says_so_once(real: Consultant) -> None:
    text = ask(real, "gpus under $0.30 per hour?")
    assert text.startswith("*No GPU in the catalogue rents for $0.30/GPU-hour or less*")
    assert "has no listing" not in text


def test_the_gpu_with_the_most_memory_is_named_with_its_size(real: Consultant) -> None:
    zh = ask(real, "显存最大的卡是哪张")
    assert zh.startswith(
        "*目录里显存最大的是 NVIDIA B300 (HGX B300)、AMD Instinct MI355X：288 GB*（目录里没有价格）"
    )
    assert ask(real, "which gpu has the most memory").startswith(
        "*The NVIDIA B300 (HGX B300) and the AMD Instinct MI355X have the most memory in the catalogue: "
        "288 GB*"
    )
    assert ask(real, "算力最强的卡是哪个").startswith("*目录里算力最强（稠密 BF16）的是 NVIDIA GB200")


@pytest.mark.parametrize(
    "text", ["which gpu has the highest memory bandwidth", "what card has the most memory bandwidth?"]
)
def test_the_most_memory_bandwidth_is_ranked_by_bandwidth_not_by_memory_size(
    real: Consultant, text: str
) -> None:
    reply = ask(real, text)
    assert "8 TB/s" in reply.split("\n")[0] and "most memory in the catalogue" not in reply, reply


def test_which_gpus_have_nvlink_lists_them_by_link_speed(real: Consultant) -> None:
    text = ask(real, "哪些卡有 NVLink")
    assert text.startswith("*有卡间高速互联的 GPU*") and "NVIDIA B200：NVLink 1,800 GB/s" in text
    assert "A10：" not in text and "只有 PCIe" in text


def test_a_memory_size_without_a_floor_lists_the_cards_of_that_size(real: Consultant) -> None:
    text = ask(real, "24G 显存的卡有哪些")
    assert text.startswith("*显存为 24 GB 的 GPU*") and "L4" in text and "H100" not in text
    assert ask(real, "80GB 以上的卡有哪些").startswith("*显存至少 80 GB 的 GPU*")


@pytest.mark.parametrize(
    ("message", "opens"),
    [("有哪些 GPU 記憶體 80GB 以上可以租？", "*顯存至少 80 GB 的 GPU*"),
     ("顯示記憶體 48GB 以上的卡有哪些", "*顯存至少 48 GB 的 GPU*"),
     ("有哪些显卡的记忆体在 80G 以上", "*显存至少 80 GB 的 GPU*")],
)  # fmt: skip
def test_taiwans_memory_word_said_of_a_gpu_filters_the_list_by_that_size(
    real: Consultant, message: str, opens: str
) -> None:
    text = ask(real, message)
    assert text.startswith(opens), text
    assert "A10G" not in text


@pytest.mark.parametrize(
    ("message", "opens"),
    [
        ("显存 48G 的卡有哪些？国内能租到的", "*国内能租到的显存为 48 GB 的 GPU*"),
        ("國內能租到哪些 48G 顯存的卡", "*國內能租到的顯存為 48 GB 的 GPU*"),
        ("在国内租 48GB 显存的卡，有哪几种", "*国内能租到的显存为 48 GB 的 GPU*"),
        ("which 48GB GPUs can I rent in China?", "*Rentable in mainland China: GPUs with exactly 48 GB*"),
    ],
)  # fmt: skip
def test_cards_of_a_memory_size_asked_of_china_are_the_ones_chinese_clouds_rent(
    real: Consultant, message: str, opens: str
) -> None:
    text = ask(real, message)
    assert text.startswith(opens)
    listed, _, rest = text.partition("\n\n")
    assert "L20" in listed and "RTX A6000" in listed and "¥2.20" in listed and "$" not in listed
    assert ("L40S" in listed.splitlines()[-1]) and "A40" in listed.splitlines()[-1]
    assert "H800 和 H20" not in text and "自 2023 年 10 月 17 日" not in text


def test_cards_of_at_least_a_size_in_china_name_the_china_market_parts_and_count_the_rest(
    real: Consultant,
) -> None:
    text = ask(real, "国内有 80G 以上显存的卡吗")
    assert "H20" in text and "A800" in text and "H800" in text
    assert "等 14 款：目录里没有国内云或算力市场在租" in text


def test_a_memory_size_without_a_floor_filters_a_format_list_to_that_size(real: Consultant) -> None:
    text = ask(real, "哪些 24G 显存的卡支持 FP8")
    assert text.startswith("*支持 FP8 且显存为 24 GB 的 GPU*") and "L4" in text and "B200" not in text
    assert ask(real, "which 80GB cards support fp8?").startswith(
        "*GPUs that compute in FP8 with exactly 80 GB*"
    )
    assert ask(real, "哪些至少 80G 的卡支持 FP8").startswith("*支持 FP8 且显存至少 80 GB 的 GPU*")


def test_the_gpus_one_provider_lists_come_with_its_own_prices(real: Consultant) -> None:
    text = ask(real, "what gpus does AWS have?")
    assert text.startswith("*GPUs AWS lists in the catalogue*") and "H100 SXM5" in text and "$6.88/h" in text
    assert ask(real, "Lambda 有哪些 GPU").startswith("*目录里 Lambda 有报价的 GPU*")


def test_the_best_value_gpu_with_no_job_is_ranked_by_work_per_dollar_not_the_cheapest_hour(
    real: Consultant,
) -> None:
    zh = ask(real, "性价比最高的卡是哪张")
    assert zh.startswith("*训练（受算力限制）性价比最高的是 NVIDIA B200：每美元·小时 336 稠密 TFLOPS")
    assert "NVIDIA T4" not in zh.split("\n")[0]
    en = ask(real, "most cost-effective GPU for serving?")
    assert en.startswith("*Best value for serving (memory-bound decoding): the NVIDIA B200, 1,196 GB/s")
    assert ask(real, "預訓練1B模型性價比最高的顯卡是哪個").startswith(
        "*10億參數模型的預訓練，最划算的是 1 張 NVIDIA B200*"
    )


def test_an_hourly_limit_in_yuan_is_shown_in_yuan_and_takes_in_the_yuan_marketplaces(
    real: Consultant,
) -> None:
    text = ask(real, "一小时 10 块钱以内能租什么卡")
    assert text.startswith("*按需每卡时 ¥10.00（约 $1.43）以内能租到")
    assert "RTX 4090" in text.splitlines()[0]  # priced in yuan on the marketplaces only


def test_a_gpus_datasheet_names_the_cloud_of_its_cheapest_price_as_people_write_it(real: Consultant) -> None:
    en = real.handle("names-en", "H100 NVL specs").text
    assert "(Azure `Standard_NC40ads_H100_v5`" in en and "(azure" not in en
    zh = real.handle("names-zh", "MI300X 有多少显存？").text
    assert "（Azure `Standard_ND96isr_MI300X_v5`" in zh and "（azure" not in zh
