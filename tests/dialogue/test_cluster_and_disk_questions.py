"""One-message questions about running a cluster get their answer, never the planning form: the network
between nodes, spot capacity, a model's size on disk, a board's power; and the bot addressed by name at
the start of a message is not part of the question."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask

FORM_ZH = ("模型有多少参数", "模型有多少參數", "训练数据有多少", "訓練資料有多少")


def test_whether_ethernet_is_enough_between_nodes_gets_the_network_answer(real: Consultant) -> None:
    en = ask(real, "Is 100 Gb Ethernet enough between nodes for 16 A100s?")
    assert "InfiniBand" in en and "400 Gb/s per GPU" in en and not any(f in en for f in FORM)
    zh = ask(real, "两台8卡a100之间用万兆网够不够")
    assert "InfiniBand" in zh and not any(f in zh for f in FORM_ZH)
    hant = ask(real, "兩台機器之間用 25G 網路可以嗎")
    assert "乙太網路" in hant and "網絡" not in hant


def test_a_stated_link_speed_gets_a_verdict_first(real: Consultant) -> None:
    zh = ask(real, "两台8卡a100之间用万兆网够不够")
    assert zh.startswith("*跨节点训练不够*") and "每节点 10 Gb/s" in zh and "1.25 Gb/s" in zh
    en = ask(real, "Is 100 Gb Ethernet enough between nodes for 16 A100s?")
    assert en.startswith("*Enough for small models and LoRA, not for full training of large ones.*")
    assert "12.5 Gb/s per GPU" in en
    assert ask(real, "4 nodes of 8 h100 with 3.2 Tb/s infiniband, enough?").startswith("*Yes.*")
    hant = ask(real, "32 張 H100 跨 4 台機器，網路用 100G 乙太網路夠嗎")
    assert hant.startswith("*跨節點訓練不夠*") and "32 卡" in hant and "摺合" not in hant


def test_a_network_question_about_nodes_is_not_read_as_the_gpus_training_capability(real: Consultant) -> None:
    text = ask(real, "we have 4 nodes of a100, ethernet only. ok for training?")
    assert "RoCE" in text and "is a training GPU" not in text


def test_whether_a_job_needs_nvlink_is_answered_for_that_job_not_with_a_memory_verdict(
    real: Consultant,
) -> None:
    lora = ask(real, "do we need nvlink for lora 13b on 2 gpus")
    assert lora.startswith("*PCIe is enough, NVLink is not needed*") and "2 × NVIDIA H100 SXM5" in lora
    assert "Yes." not in lora and "can hold" not in lora
    full = ask(real, "full fine-tune 70b on 8 h100: do we need nvlink or is pcie fine?")
    assert full.startswith("*NVLink matters here, PCIe is not enough*") and "366 GB" in full
    hant = ask(real, "需要 NVLink 嗎 lora 13b 2張卡")
    assert hant.startswith("*PCIe 就夠，不需要 NVLink*") and "梯度" in hant


def test_a_pcie_card_named_in_a_fit_question_is_no_question_about_the_link(real: Consultant) -> None:
    text = ask(real, "is 8x H100 PCIe enough for 70b full finetune")
    assert "PCIe is enough" not in text and "NVLink matters" not in text


def test_whether_spot_is_worth_it_for_a_kind_of_run_gets_the_spot_answer(real: Consultant) -> None:
    zh = ask(real, "用spot跑微调划算吗")
    assert "checkpoint" in zh and not any(f in zh for f in FORM_ZH)


def test_a_named_models_weights_on_disk_are_computed(real: Consultant) -> None:
    assert "145 GB" in ask(real, "qwen 72b 权重多大")
    hant = ask(real, "70B 權重檔案有多大")
    assert "140 GB" in hant and "位元組" in hant


def test_checkpoints_kept_multiply_the_size_of_one(real: Consultant) -> None:
    text = ask(real, "how much disk do i need for checkpoints of a 13b full finetune, keeping the last 3")
    assert "182 GB" in text and "546 GB" in text and not any(f in text for f in FORM)


def test_a_lora_checkpoint_holds_only_the_adapters(real: Consultant) -> None:
    text = ask(real, "llama 3 8b lora checkpoint size?")
    assert "MB" in text and "adapters" in text and not any(f in text for f in FORM)


def test_a_boards_power_is_on_its_card_and_a_wrong_one_is_corrected(real: Consultant) -> None:
    text = ask(real, "whats the tdp of the h100 sxm")
    assert "TDP of 700 W" in text and not any(f in text for f in FORM)
    assert "150 W" in ask(real, "a10 显存24g 功耗300w吧")


def test_memory_bandwidth_under_one_terabyte_per_second_is_written_in_gigabytes(real: Consultant) -> None:
    text = ask(real, "L4 memory bandwidth 300 GB/s correct?")
    assert text.startswith("*Yes.*") and "300 GB/s" in text and "0.3 TB/s" not in text


def test_the_bot_addressed_by_name_at_the_start_is_not_part_of_the_question(real: Consultant) -> None:
    text = ask(real, "@gpu-advisor can we full finetune llama 3 70b on 8x a100 80gb")
    assert text.startswith("*Not as is — yes with CPU offload (~1.5× slower).*") and "640 GB" in text


def test_the_kv_cache_of_a_named_model_at_a_context_is_computed(real: Consultant) -> None:
    text = ask(real, "how big is the kv cache for llama 3 70b at 8k context")
    assert "320 KiB per token" in text and "One request of 8,192 tokens holds 2.68 GB" in text
    assert "Recommended" not in text


def test_a_lora_adapter_size_gives_the_adapter_file_and_its_checkpoint(real: Consultant) -> None:
    text = ask(real, "how big is a lora adapter for llama 3 8b at rank 16")
    assert (
        "holds only the adapters: about 587 MB" in text and "adapter file alone" in text and "83.9 MB" in text
    )
    assert "How much training data" not in text
    assert "rank-64" in ask(real, "lora adapter size for llama 3 8b, r=64")


def test_a_save_cadence_over_a_span_counts_the_checkpoints_it_writes(real: Consultant) -> None:
    text = ask(real, "save a checkpoint every 30 minutes for 70b, how much disk for a week")
    assert "*Saving every 30 minutes for 7 days writes 336 checkpoints: 329 TB if all were kept.*" in text
    zh = ask(real, "checkpoint 每半小時存一次，70B 全參訓練，存一週要多少空間")
    assert "336 個 checkpoint" in zh and "訓練資料有多少" not in zh


def test_a_weights_size_put_to_be_confirmed_is_the_weights_answer_never_a_dataset(real: Consultant) -> None:
    en = ask(real, "quick sanity check: 70B in fp16 needs like 140GB just for weights right?")
    assert en.startswith("*The weights of a 70B-parameter model: about 140 GB* in BF16/FP16")
    assert "140 GB of data" not in en and not any(f in en for f in FORM)
    zh = ask(real, "70B fp16 光权重就要 140G 对吧")
    assert zh.startswith("*700亿参数模型的权重约 140 GB*")
    # a dataset in GB is still data
    assert "140 GB of data" in ask(real, "pretrain 7B on 140GB of data")
