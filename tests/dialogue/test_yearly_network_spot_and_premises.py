"""One-message questions of round thirteen's red-team: a yearly price with the cheapest offering, the network
a job needs between nodes (or none on one node), spot against on demand for a GPU, a right figure confirmed
beside a plan, a quoted price checked as a fact, serving value, Qwen's documented YaRN window, a dataset's
size on disk, and how long a job takes on given GPUs when no data is said."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_a_yearly_cheapest_offering_gives_the_year_and_says_reserved_prices_are_assumed(
    real: Consultant,
) -> None:
    zh = ask(real, "包年租 A100 80G 哪家最便宜")
    assert "按这个价租一整年（8,760 小时）约 *$24,440" in zh
    assert "没有包年或预留价" in zh and "按 30% 的折扣估算" in zh
    en = ask(real, "cheapest H100 on a 1-year reservation?")
    assert "about *$28,820 a year* at that rate (8,760 hours)" in en
    assert "no yearly or reserved ones" in en


def test_a_cheapest_offering_for_a_week_or_some_days_gives_the_total_for_that_rental(
    real: Consultant,
) -> None:
    week = ask(real, "whats the cheapest way to get 8 h100s for a week")
    assert "$31.92/hour for the 8 GPUs" in week and "about *$5,363 for a week* (168 hours)" in week
    assert "a month" not in week.splitlines()[0]
    days = ask(real, "cheapest place to rent an a100 for 10 days")
    assert "about *$478 for 10 days* (240 hours)" in days
    zh = ask(real, "哪家租 8 张 H100 一周最便宜")
    assert "租一周（168 小时）约 *$5,363" in zh and "每月" not in zh.splitlines()[0]


def test_the_network_a_job_needs_between_nodes_is_computed_without_its_data(real: Consultant) -> None:
    zh = ask(real, "两台 8 卡 H100 训 70B，节点之间网络要多少带宽？")
    assert zh.startswith("*16 × NVIDIA H100 SXM5 做700亿参数模型的全参训练，每节点约需 ")
    assert not any(f in zh for f in FORM)
    en = ask(
        real,
        "4 nodes of 8x H100 full fine-tuning a 70B: do we need 400G InfiniBand or will 100G ethernet do?",
    )
    assert "per node* between nodes" in en and "100 Gb/s is *not enough*" in en


def test_one_node_needs_no_infiniband(real: Consultant) -> None:
    en = ask(real, "single node with 8 A100s for training, do we need InfiniBand?")
    assert en.startswith("*One node of 8 GPUs needs no InfiniBand:*") and "NVLink (600 GB/s)" in en
    hant = ask(real, "單機 8 張 H100 訓練，要另外配 InfiniBand 嗎？")
    assert hant.startswith("*單機 8 卡不需要 InfiniBand*")


def test_spot_against_on_demand_lists_the_gpus_spot_prices_with_on_demand_beside(real: Consultant) -> None:
    zh = ask(real, "A100 有竞价实例吗？比按需便宜多少")
    assert zh.startswith("*最便宜的竞价 ") and "（按需 $" in zh
    unpriced = ask(real, "RunPod 的 spot A100 多少钱")
    assert unpriced.startswith("*目录里没有 RunPod 的价格*，我不会猜价格。作为参考，目录里有的报价：")


def test_a_right_figure_asked_beside_a_plan_is_confirmed_first(real: Consultant) -> None:
    zh = ask(real, "H100 显存是 80G 对吧？顺便算下 LoRA 微调 70B 要几张")
    assert zh.startswith("*对*。NVIDIA H100 SXM5 是 80 GB 显存") and "张 NVIDIA H100 SXM5" in zh
    en = ask(real, "is the H200 141GB? also how many would I need to full fine-tune a 34B?")
    assert en.startswith("*Yes.* The NVIDIA H200 SXM has 141 GB") and "× NVIDIA H200 SXM*" in en


def test_if_not_keeps_a_yes_no_question_and_the_minimum_is_the_fewest_that_hold_it(real: Consultant) -> None:
    assert parse("can 4x A100 80GB fully fine-tune Llama 3.1 70B? if not, what's the minimum?").yes_no
    en = ask(real, "can 4x A100 80GB fully fine-tune Llama 3.1 70B? if not, what's the minimum?")
    assert en.startswith("*24 × NVIDIA A100 80GB (SXM4)* for full fine-tuning") and "*Not on 4.*" in en


def test_a_quoted_market_price_is_checked_as_a_fact_not_weighed_as_a_deal(real: Consultant) -> None:
    zh = ask(real, "听说 H100 现在一小时只要 0.5 美元，真的吗？")
    assert zh.startswith("*不是*：目录里没有按需这么便宜的 NVIDIA H100 SXM5")
    en = ask(real, "H100s rent for about two dollars an hour on Lambda, right?")
    assert en.startswith("*No*: Lambda lists the NVIDIA H100 SXM5 at $3.99/GPU-hour on demand")
    deal = ask(real, "is $2/hr for an H100 a good price?")
    assert deal.startswith("*Yes, a good price*")


def test_serving_value_weighs_memory_bandwidth_per_dollar(real: Consultant) -> None:
    zh = ask(real, "推理用 H100 还是 L40S 更划算")
    assert zh.startswith("*NVIDIA H100 SXM5 推理部署更划算*。推理解码受显存带宽限制")
    en = ask(real, "L40S or A100 for serving, which is better value?")
    assert en.startswith("*The NVIDIA A100 80GB (SXM4) is better value for serving.*")


def test_qwen_past_its_config_window_is_planned_on_the_yarn_window_it_documents(real: Consultant) -> None:
    zh = ask(real, "Qwen2.5-32B 给 20 人用，128k 上下文，要几张 H100")
    assert zh.startswith("_Qwen2.5 32B 的 config.json 窗口是 32,768 token；按模型卡说明开启 YaRN")
    assert "张 NVIDIA H100 SXM5*" in zh and "推理部署 Qwen2.5 32B" in zh


def test_reading_chinchilla_style_a_bare_bit_width_and_taiwans_memory_word(real: Consultant) -> None:
    assert parse("how much data to pretrain a 3B, chinchilla style?").slots.params == 3e9
    assert parse("Mixtral 8x22B at 4-bit — does it fit on 2x A100 80GB?").slots.precision == "int4"
    hant = ask(real, "A100 跟 H200 的記憶體差多少")
    assert hant.startswith("*NVIDIA H200 SXM 顯存更大*")
    assert parse("wich gpu is cheapest to trian a 1b modle from scrach").slots.method == "pretrain"


def test_a_datasets_size_on_disk_is_computed_from_its_tokens(real: Consultant) -> None:
    zh = ask(real, "预训练数据 5000 亿 token，大概要多大的存储空间")
    assert zh.startswith("*5000亿 tokens 的数据约需 2.5 TB 原始文本，分词后的文件再约 2 TB*")
    en = ask(real, "how much disk do I need for 500B tokens of training data?")
    assert en.startswith("*500B tokens take about 2 TB of raw text, plus about 2 TB once tokenised*")


def test_the_tokens_in_an_amount_of_text_lead_the_rule_per_gigabyte(real: Consultant) -> None:
    en = ask(real, "how many tokens is 10gb of text")
    assert en.startswith("*10 GB of English text is about 2.5B tokens* (at about 4 bytes per token")
    assert "*How many tokens are in a gigabyte of text?*" in en
    code = ask(real, "how many tokens in 500mb of code")
    assert code.startswith("*500 MB of code is about 167M tokens*")
    zh = ask(real, "10GB 中文语料大概多少 token")
    assert zh.startswith("*10 GB 中文文本大约是 20亿 token*")
    assert ask(real, "1GB 的資料大概有多少token").startswith("*1 GB 中文文本大約是 2億 token*")


def test_how_long_on_given_gpus_without_data_is_the_time_per_billion_tokens(real: Consultant) -> None:
    zh = ask(real, "4 张 A100 LoRA 微调 13B 要几天？")
    # the time asked leads (per 1B tokens, no data given), whether it fits after it
    assert (
        zh.startswith("*速度*：")
        and "10亿 tokens 约需 " in zh.splitlines()[0]
        and not any(f in zh for f in FORM)
    )
    assert zh.splitlines()[1].startswith("*放得下*。")
    en = ask(real, "how long would 4 H100s take to LoRA a 13B?")
    assert en.startswith("*Speed:*") and "1B tokens take about " in en.splitlines()[0]
    assert en.splitlines()[1].startswith("*Fits.*")


def test_a_price_in_mao_is_tenths_of_a_yuan_judged_against_the_chinese_marketplaces(real: Consultant) -> None:
    assert parse("4090 一小时才 3 毛钱？").slots.budget is not None
    zh = ask(real, "据说 4090 租一小时才 3 毛钱，是真的吗")
    assert zh.startswith("*不是*：目录里没有按需这么便宜的 NVIDIA GeForce RTX 4090") and "¥0.30" in zh
    deal = ask(real, "4090 一小时 2 块钱，划算吗")
    assert deal.startswith("*不划算，比目录里所有报价都贵*")


def test_storing_a_corpus_and_a_bare_serving_value_are_read(real: Consultant) -> None:
    hant = ask(real, "三千億 token 的語料存起來要幾 TB？")
    assert hant.startswith("*3000億 tokens 的資料約需 ")
    en = ask(real, "a100 vs l40s inference value?")
    assert en.startswith("*The NVIDIA A100 80GB (SXM4) is better value for serving.*")


def test_an_approximate_quote_close_to_the_listing_is_about_right(real: Consultant) -> None:
    en = ask(real, "Azure charges around $10 an hour for an H200, correct?")
    assert en.startswith("*Roughly, yes*: Azure lists the NVIDIA H200 SXM at $10.60/GPU-hour")
    zh = ask(real, "AWS 的 A100 一小时 2 美元左右对吧")
    assert zh.startswith("*不是*：AWS 的 NVIDIA A100 80GB (SXM4) 按需价是每卡时 $3.43")


def test_how_much_disk_to_prepare_for_code_tokens(real: Consultant) -> None:
    zh = ask(real, "一万亿 token 的代码数据，硬盘要准备多少")
    assert zh.startswith("*1万亿 tokens 的数据约需 3 TB 原始文本") and "代码每 token 约 3 字节" in zh


def test_half_a_yuan_a_count_of_examples_them_and_terabytes_are_read(real: Consultant) -> None:
    assert parse("4090 一小时 1 块半").slots.budget is not None
    assert parse("4090 一小时 1 块半").slots.budget.amount == 1.5
    zh = ask(real, "H20 一小时 7 块半左右，对吗")
    assert zh.startswith("*对，和目录里的最低价差不多*")
    hant = ask(real, "微調 Qwen2.5-14B 做客服，要幾條資料才夠")
    assert hant.startswith("*微調沒有“每參數多少 token”的規則*")
    en = ask(real, "the H100 is 80GB right? how many of them to fully fine-tune a 13B?")
    assert en.startswith("*Yes.* The NVIDIA H100 SXM5 has 80 GB") and "× NVIDIA H100 SXM5*" in en
    tb = ask(real, "how many TB for 2 trillion tokens of english text?")
    assert tb.startswith("*2T tokens take about 8 TB of raw text")


def test_whether_nvlink_is_needed_with_no_job_named_is_nvlink_against_pcie_not_infiniband(
    real: Consultant,
) -> None:
    en = ask(real, "whats nvlink and do i need it for 4 gpus")
    assert (
        en.startswith("*NVLink vs PCIe: does multi-GPU training need NVLink?*")
        and "InfiniBand or RoCE" not in en
    )


def test_why_infiniband_for_one_box_is_the_network_answer_not_a_what_if_on_its_gpus(real: Consultant) -> None:
    en = ask(real, "why would i need infiniband if we're only 8 gpus in one box")
    assert en.startswith(
        "*One node of 8 GPUs needs no InfiniBand:* the GPUs talk over NVLink (SXM boards) or PCIe"
    )
    assert not any(f in en for f in FORM)


def test_the_cluster_network_said_is_weighed_against_the_plans_need(real: Consultant) -> None:
    met = ask(real, "we have 3.2 Tbps InfiniBand per node, train a 70B on 2T tokens in 30 days")
    assert "your 3,200 Gb/s per node covers it" in met and "ask for one 400 Gb/s NIC per GPU" not in met
    short = ask(real, "train a 70B on 2T tokens in 30 days, our nodes have 400G IB")
    assert "your 400 Gb/s per node is short of it" in short and "if that is per GPU" in short
    per_gpu = ask(real, "train a 70B on 2T tokens in 30 days, 400G IB per GPU")
    assert "your 400 Gb/s per GPU (3,200 Gb/s per 8-GPU node) covers it" in per_gpu
    zh = ask(real, "預訓練 70B，2T token，30 天，節點間 200G RoCE")
    assert "您的每節點 200 Gb/s 不夠" in zh
