"""GPUs in a message: names from the catalogue, counts (servers x cards), and the memory sizes and
tiers that describe a GPU rather than the training data."""

from __future__ import annotations

import pytest

from bot.nlu import parse
from bot.nlu.gpus import unknown_gpu_names
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "count"),
    [("2 8-GPU nodes", 16), ("两台8卡机器", 16), ("2 nodes of 8 H100", 16), ("兩台八卡H100", 16),
     ("单卡T4能跑吗", 1), ("a single H100", 1)],
)  # fmt: skip
def test_servers_times_cards_per_server_is_the_gpu_count(text: str, count: int) -> None:
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize(
    "text",
    ["H200 有 282GB 版本吗", "is there a 160GB version of the H100?", "A100 40GB 和 80GB 差多少钱",
     "A100显存是40G还是80G", "A100 的顯存是 40GB 還是 80GB？"],
)  # fmt: skip
def test_a_memory_size_next_to_a_gpu_name_is_not_training_data(text: str) -> None:
    assert "data_bytes" not in said(text)


def test_a_dataset_size_after_the_gpus_is_still_data() -> None:
    assert said("用8张H100训练600GB数据")["data_bytes"] == pytest.approx(6e11)


@pytest.mark.parametrize(
    "text", ["the L4 does 121 TFLOPS and has 24GB right?", "MI300X 算力 1307 TFLOPS，带 192G 吗"]
)
def test_a_gpu_memory_size_said_after_has_later_in_the_sentence_is_not_training_data(text: str) -> None:
    assert "data_bytes" not in said(text)


@pytest.mark.parametrize(
    "text",
    ["is my 64gb macbook any use for fine-tuning", "我的 Mac 有 128G 内存",
     "my laptop has 32GB, can it LoRA a 7B?",
     "I have a workstation with 256GB RAM, can I fine-tune 7B", "我的電腦有 64G 記憶體，能微調 7B 嗎",
     "我的笔记本 64G，能跑 LoRA 吗", "our server has 512GB of memory", "M2 Ultra 192GB 能微调 13B 吗"],
)  # fmt: skip
def test_a_machines_memory_is_not_training_data(text: str) -> None:
    assert "data_bytes" not in said(text)


@pytest.mark.parametrize(
    ("text", "data_bytes"),
    [("I have 2TB of data on my server", 2e12), ("我们服务器上有 500G 数据，想微调 7B", 5e11),
     ("LoRA 7B on 50GB of text on my laptop", 5e10), ("我的電腦裡有 300G 語料", 3e11)],
)  # fmt: skip
def test_data_said_with_a_machine_is_still_data(text: str, data_bytes: float) -> None:
    assert said(text)["data_bytes"] == pytest.approx(data_bytes)


@pytest.mark.parametrize(
    ("text", "data_bytes"),
    [("fine-tune 7B on an H100 with 80GB of data", 8e10), ("we use H100s. Has 80GB, 7B model", 8e10),
     ("the A100 box has 500GB, fine-tune 7B", 5e11)],
)  # fmt: skip
def test_a_size_after_has_stays_data_when_it_is_data_or_no_gpu_has_it(text: str, data_bytes: float) -> None:
    assert said(text)["data_bytes"] == pytest.approx(data_bytes)


@pytest.mark.parametrize(
    "text",
    [
        "4090 適合24GB檔位嗎",
        "A6000 算 40-48GB 档位吗",
        "is the L40S in the 48GB tier?",
        "A100 属于80GB级别吗",
    ],
)
def test_a_gb_tier_label_is_no_training_data_and_the_message_is_a_gpu_question(text: str) -> None:
    got = parse(text)
    assert got.slots.data_bytes is None
    assert got.intent == "gpu_info"


def test_data_described_as_terabyte_scale_is_still_data() -> None:
    assert parse("10TB级的数据，训练7B").slots.data_bytes == pytest.approx(10e12)


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("5090能跑LoRA吗", "rtx5090"), ("RTX5090 租一天多少钱", "rtx5090"), ("B300训练300B模型要几张", "b300"),
     ("用 MI355 训 70B", "mi355x"), ("PRO 6000 96G", "rtx-pro-6000"),
     ("RTXPRO6000 能跑 70B 吗", "rtx-pro-6000"), ("L20多少钱", "l20"), ("L40S跑7B", "l40s"),
     ("GB200每张卡多少显存", "gb200"), ("mi325x vs h200", "mi325x")],
)  # fmt: skip
def test_the_newer_boards_are_found_however_they_are_written(text: str, gpu: str) -> None:
    assert parse(text).slots.gpu == gpu


def test_a_model_size_written_like_a_board_is_still_the_model_size() -> None:
    got = said("训练一个300B的模型")
    assert got.get("params") == 300e9 and "gpu" not in got


@pytest.mark.parametrize(
    ("text", "samples"),
    [("我有5090条样本，每条1k token，微调7B", 5090), ("5090 samples of 2k tokens, fine-tune 8B", 5090),
     ("3090 conversations, 7B lora", 3090), ("4090条对话微调7B", 4090)],
)  # fmt: skip
def test_a_bare_card_number_before_what_data_is_counted_in_is_a_count(text: str, samples: int) -> None:
    got = said(text)
    assert got.get("samples") == samples and "gpu" not in got


@pytest.mark.parametrize(("text", "gpu"), [("4090行吗", "rtx4090"), ("一张5090能跑7B吗", "rtx5090")])
def test_a_bare_card_number_before_a_question_is_still_the_card(text: str, gpu: str) -> None:
    assert parse(text).slots.gpu == gpu


@pytest.mark.parametrize(
    ("text", "gpu"),
    [("A100 80G", "a100-80gb"), ("an 8×A100-80GB node, 7B model", "a100-80gb"), ("H100 80GB x8", "h100"),
     ("8 x 80GB GPUs for a 13B model", None), ("租24G的卡跑7B", None), ("A800 80G 四张", "a800")],
)  # fmt: skip
def test_hardware_descriptions_are_never_data_sizes(text: str, gpu: str | None) -> None:
    got = said(text)
    assert "data_bytes" not in got
    assert got.get("gpu") == gpu


def test_a_gpu_name_written_every_way_is_the_catalogue_gpu() -> None:
    assert parse("8xH100").slots.gpu == "h100"
    assert parse("2 x h100sxm").slots.gpu == "h100-sxm"
    assert parse("four H200s").gpus_mentioned == ("h200",)


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("V100 32GB 和 16GB 差多少", ("v100-32gb", "v100-16gb")),
        ("H100 NVL or PCIe for inference?", ("h100-nvl", "h100-pcie")),
        ("A100 80G vs 40G，训练 13B 选哪个", ("a100-80gb", "a100-40gb")),
        ("H100 SXM、PCIe 和 NVL 的区别", ("h100-sxm", "h100-pcie", "h100-nvl")),
    ],
)
def test_a_bare_variant_after_a_gpu_name_is_that_variant_of_the_same_gpu(
    text: str, gpus: tuple[str, ...]
) -> None:
    assert parse(text).gpus_mentioned == gpus


@pytest.mark.parametrize(
    ("text", "gpus"),
    [
        ("is the H100 NVL worth it vs the SXM?", ("h100-nvl", "h100-sxm")),
        ("H100 NVL 值得买吗，还是 SXM 版", ("h100-nvl", "h100-sxm")),
        ("A100 PCIe 版和 SXM 版差多少", ("a100-pcie", "a100-80gb")),
        ("is the H100 PCIe version much slower than the SXM?", ("h100-pcie", "h100-sxm")),
    ],
)
def test_a_form_factor_named_alone_later_is_that_board_of_the_gpu_already_named(
    text: str, gpus: tuple[str, ...]
) -> None:
    assert parse(text).gpus_mentioned == gpus


def test_a_bus_named_in_passing_is_no_second_card() -> None:
    assert parse("does the H100 NVL use PCIe?").gpus_mentioned == ("h100-nvl",)


def test_a_variant_word_without_a_gpu_before_it_names_nothing() -> None:
    assert parse("SXM 和 PCIe 有什么区别").gpus_mentioned == ()


@pytest.mark.parametrize("text", ["想用 L40S 单卡做 7B LoRA", "H100 单张跑得动 13B 吗"])
def test_single_after_a_gpu_name_is_one_gpu(text: str) -> None:
    assert parse(text).slots.gpu_count == 1


@pytest.mark.parametrize(
    ("text", "op", "gb", "intent"),
    [("which cards have 40GB of memory or more?", ">=", 40, "list_gpus"),
     ("最便宜的 24G 显卡", ">=", 24, "cheapest_offering"), ("GPUs under 32GB?", "<=", 32, "list_gpus"),
     ("显存 141G 以上的卡有哪些", ">=", 141, "list_gpus")],
)  # fmt: skip
def test_a_memory_size_asked_of_a_gpu_is_a_filter_not_data(
    text: str, op: str, gb: float, intent: str
) -> None:
    got = parse(text)
    assert got.gpu_memory is not None and (got.gpu_memory.op, got.gpu_memory.gb) == (op, gb)
    assert got.slots.data_bytes is None and got.intent == intent


def test_a_memory_size_next_to_data_words_is_still_data() -> None:
    got = parse("LoRA 7B on 40GB of text data")
    assert got.gpu_memory is None and got.slots.data_bytes == 40e9


@pytest.mark.parametrize(
    ("text", "count"),
    [("8 NVIDIA H100s, pretrain 1B on 20B tokens", 8), ("we can add 4 more A100s", 4),
     ("we have 8 spare GPUs", 8), ("2 idle H100 cards", 2)],
)  # fmt: skip
def test_a_vendor_or_a_word_like_spare_between_count_and_gpu_keeps_the_count(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("我们 8 卡 H100 里有 4 张在跑推理，剩下的能不能 LoRA 一个 13B", 4),
        ("16 張 A100 其中一半在跑線上服務，訓 7B 全參要多久", 8),
        ("we have 8 H100s but 3 are used for inference; can the rest LoRA a 13B?", 5),
        ("a 16-GPU box where half are busy serving; 7B full FT on 5B tokens?", 8),
    ],
)
def test_gpus_partly_busy_leave_the_rest_for_the_training_plan(text: str, count: int) -> None:
    got = parse(text)
    assert got.slots.gpu_count == count
    assert got.task == "train"


@pytest.mark.parametrize(
    ("text", "count", "jobs"),
    [
        ("6 个人共用 2 张 4090，能同时跑两个 QLoRA 吗", 1, 2),
        ("實驗室兩張 3090，可以同時跑 2 個 LoRA 微調嗎？模型是 7B", 1, 2),
        ("4 张 A100 并行跑两个 13B 的 LoRA 实验要多久", 2, 2),
        ("we have 2 A100s, can we run two LoRA jobs at the same time on a 13B?", 1, 2),
    ],
)  # fmt: skip
def test_jobs_run_at_once_on_the_gpus_counted_each_get_their_share(text: str, count: int, jobs: int) -> None:
    got = parse(text)
    assert got.slots.gpu_count == count and got.jobs_at_once == jobs


def test_one_job_on_the_gpus_counted_gets_them_all() -> None:
    got = parse("2 张 4090 同时跑数据预处理和一个 QLoRA 吗")
    assert got.slots.gpu_count == 2 and got.jobs_at_once is None


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("we don't have A100s, only 4 L4s. 3B lora?", "l4"),
        ("沒有 H100，只有 8 張 4090，訓 7B", "rtx4090"),
        ("no access to H100 here, what about 8 L40S for a 13B LoRA", "l40s"),
    ],
)
def test_a_gpu_the_user_cannot_get_is_not_the_one_planned(text: str, gpu: str) -> None:
    assert parse(text).slots.gpu == gpu


def test_asking_whether_a_gpu_is_available_does_not_rule_it_out() -> None:
    assert parse("有没有 H100？训 7B 全参").slots.gpu == "h100"


def test_a_count_of_the_gpu_named_before_counts_gpus() -> None:
    assert (
        parse("price check: H100 is $2.49/hr on Lambda; 8 of them for a 13B LoRA, 1 week").slots.gpu_count
        == 8
    )


@pytest.mark.parametrize(
    "text",
    ["训练 7B 大概 5000 GPU 小时够吗", "is 2,000 GPU-hours enough for a 7B?", "budget of 300 GPU days"],
)
def test_an_amount_of_gpu_time_is_no_count_of_gpus(text: str) -> None:
    assert parse(text).slots.gpu_count is None


def test_gpus_set_aside_for_other_work_are_not_planned() -> None:
    assert parse("总共 32 张 A800，其中 8 张要留给评测，其余的训 70B LoRA").slots.gpu_count == 24


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("three A100 servers (24 GPUs in all), 13B full fine-tune", 24),
        ("公司有 2000 张 H800 的大集群，我们组能分到 128 张，训 34B", 128),
        ("a 512-GPU H100 cluster, of which we can use 32; 13B pretrain", 32),
    ],
)
def test_servers_and_a_shared_clusters_share_are_not_the_gpus_counted(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


def test_a_count_of_days_the_gpus_may_be_used_is_no_share_of_them() -> None:
    got = parse("8 张 A100 能用 3 天，7B 全参").slots
    assert (got.gpu_count, got.days) == (8, 3.0)


@pytest.mark.parametrize(
    "text", ["單卡能跑 7B LoRA 嗎", "a single 24GB card for a 3B full fine-tune?", "just one GPU, 13B QLoRA"]
)
def test_one_card_of_no_named_kind_is_one_gpu(text: str) -> None:
    assert parse(text).slots.gpu_count == 1


def test_a_cards_memory_is_no_count_of_one() -> None:
    assert parse("8 张 A100，单卡显存 80G").slots.gpu_count == 8


def test_a_count_of_cards_named_by_their_memory_is_the_gpu_count() -> None:
    from bot.nlu.parser import parse

    for text in (
        "13b full finetune on 4x 24gb cards",
        "13b full finetune on four 24GB GPUs",
        "4 x 24gb gpus",
    ):
        assert parse(text).slots.gpu_count == 4, text


@pytest.mark.parametrize(
    ("text", "count"),
    [("每台 8 張 H800，共 3 台，全參微調 34B", 24), ("每台有 8 张 A100，一共 2 台", 16),
     ("8 H100s per node and 4 nodes, pretrain a 7B", 32)],
)  # fmt: skip
def test_cards_per_server_said_before_the_servers_are_multiplied(text: str, count: int) -> None:
    assert parse(text).slots.gpu_count == count


def test_gpus_named_by_a_word_and_counted_as_of_them_are_the_count() -> None:
    assert parse("Our cards have 80 GB each and we have 16 of them (A100). LoRA a 70B.").slots.gpu_count == 16
    assert parse("we are 6 engineers, 2 of them part-time, LoRA a 7B on H100s").slots.gpu_count is None


def test_a_gpu_quota_is_the_gpu_count() -> None:
    assert parse("LoRA a 13B; our A100 quota is 16").slots.gpu_count == 16
    assert parse("GPU 配额：8，全参微调 7B").slots.gpu_count == 8


@pytest.mark.parametrize(
    ("text", "data_bytes"),
    [("we have 5 PB of storage and 400TB of text; pretrain a 7B", 4e14),
     ("集群有 3PB 存储，数据 80TB，预训练 13B", 8e13), ("300GB 存储在 NAS 上，LoRA 7B", 3e11),
     ("机器配了 1TB 的 SSD 和 256G 内存，LoRA 7B，数据 3GB", 3e9),
     ("我们的 NAS 有 100TB，训练数据 20TB", 2e13),
     ("服务器带 4 块 3.84TB NVMe，7B 全参，语料 1TB", 1e12), ("我的 Mac 有 64GB 统一内存，数据 100MB", 1e8)],
)  # fmt: skip
def test_a_storage_size_is_not_the_training_data(text: str, data_bytes: float) -> None:
    assert parse(text).slots.data_bytes == data_bytes


@pytest.mark.parametrize(
    ("text", "count"),
    [("卡是 A100 80G 的，8 块，13B lora", 8), ("我们有 4090 八块，7B 全参", 8),
     ("用 H100，一共 16 块，训 7B", 16)],
)  # fmt: skip
def test_a_count_of_blocks_right_after_the_gpus_are_named_is_the_gpu_count_not_yuan(
    text: str, count: int
) -> None:
    got = said(text)
    assert got["gpu_count"] == count
    assert "budget" not in got


@pytest.mark.parametrize("text", ["H100 每小时 15 块，训 7B", "H20 一小时 8 块钱", "用 A100，预算 3 万块"])
def test_blocks_said_with_money_after_a_gpu_are_still_yuan(text: str) -> None:
    got = said(text)
    assert "gpu_count" not in got
    assert got["budget"]["currency"] == "CNY"


def test_drives_counted_with_kuai_are_no_budget() -> None:
    got = said("服务器带 4 块 3.84TB NVMe，两块硬盘做 RAID，7B 全参")
    assert "budget" not in got


@pytest.mark.parametrize(
    "text", ["A100 一卡一天 60 元，LoRA 13B", "3090 一卡每小时 1.5 元", "一卡一个月 3000 块的 L40S"]
)
def test_one_card_before_a_unit_of_time_is_a_price_per_card_not_one_gpu(text: str) -> None:
    assert "gpu_count" not in said(text)


@pytest.mark.parametrize(
    "text",
    [
        "rtx 5060 ti 能跑吗",
        "gtx 1080 for lora?",
        "gb300 nvl72 的价格",
        "h300 什么时候出",
        "mi350x vs b200",
        "l30 有吗",
        "一张 3060 够吗",
        "is a 3060 ok for qlora 7b?",
        "my 4070 ti, enough?",
        "a 3060 12gb ok?",
    ],
)
def test_every_kind_of_gpu_like_name_the_catalogue_lacks_is_found_past_the_quick_pre_check(text: str) -> None:
    # The pre-check that lets most messages skip the GPU-like pattern must let each of its forms through.
    assert unknown_gpu_names(text)
