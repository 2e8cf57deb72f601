"""A memory question gets the least memory the job runs in, under the configuration it states, and
the smallest GPU class that holds it; pre-training is answered as pre-training."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask
from .fakes import ScriptedParse


def _row(text: str, title: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"• *{title}*"))


def test_the_memory_figures_are_those_of_the_stated_configuration(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("how much vram to fine-tune an 8B model?", intent="memory", params=8e9)

    turn = consultant.handle("s", "how much vram to fine-tune an 8B model?")

    assert "micro-batch 1, full activation checkpointing" in turn.text
    lora = _row(turn.text, "LoRA")
    need = float(re.search(r"~([\d.]+) GB in all on one GPU", lora).group(1))  # type: ignore[union-attr]
    assert 16 < need < 24  # 16 GB of bf16 weights plus adapters and checkpointed activations
    assert "a *24 GB* card" in lora  # never steered to an 80 GB GPU for a 20 GB job
    qlora = _row(turn.text, "QLoRA")
    assert "a *16 GB* card" in qlora


def test_a_job_no_single_gpu_holds_is_sharded_over_the_fewest_large_gpus(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("70B 全参微调要多少显存", intent="memory", params=7e10, method="full_finetune")

    turn = consultant.handle("s", "70B 全参微调要多少显存")

    full = _row(turn.text, "全参数微调")
    assert "单卡放不下" in full and "张 NVIDIA H100 SXM5（分片后每卡约" in full


def test_a_pretraining_question_gets_pretraining_rows_only(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    nlu.understands("预训练一个1B模型需要多少显存", intent="memory", params=1e9, method="pretrain")

    turn = consultant.handle("s", "预训练一个1B模型需要多少显存")

    assert turn.text.startswith("*预训练 10亿参数模型需要的显存*")
    assert "• *预训练*" in turn.text
    assert "全参数微调" not in turn.text and "LoRA" not in turn.text


def test_memory_per_gpu_on_named_hardware_is_the_memory_on_that_hardware(real: Consultant) -> None:
    text = real.handle("s", "LoRA on a 70B model with 8x A100 80GB, what's the memory per GPU?").text

    first = text.splitlines()[0]
    assert first.startswith("*Fits.*") and "8 × NVIDIA A100 80GB" in first
    per_gpu = float(re.search(r"~([\d.]+) GB per GPU of 80 GB", first).group(1))  # type: ignore[union-attr]
    assert 20 < per_gpu < 45  # 70B bf16 weights sharded 8 ways (~17.5 GB) plus adapters and activations
    assert "How much training data" not in text


def test_a_chinese_per_card_memory_question_that_does_not_fit_says_so_and_what_would(
    real: Consultant,
) -> None:
    text = real.handle("s", "8卡A100 全参微调70B，每卡显存多少？").text

    assert text.startswith("*按原样放不下——开 CPU 卸载放得下（每步约慢 1.5 倍）*")
    assert "放得下的方案" in text


def test_memory_per_gpu_on_the_gpus_counted_is_said_for_the_methods_sharding_helps(real: Consultant) -> None:
    text = ask(real, "how much memory per gpu to full finetune llama 3 70b on 16 gpus")
    assert "On the 16 GPUs you named, sharded (ZeRO-3/FSDP): *~81.7 GB per GPU*" in text
    qlora = text.split("*QLoRA*")[1]
    assert "you named" not in qlora  # 4-bit weights are replicated, not sharded


def test_a_fit_on_several_gpus_names_the_sharding_it_rests_on(real: Consultant) -> None:
    text = ask(real, "我們有一台 8 卡 4090，能全參微調 7B 嗎")
    assert text.startswith("*能*") and "模型狀態切分到各卡上（DeepSpeed ZeRO-3 / FSDP）" in text


def test_a_training_time_on_owned_gpus_states_the_epochs_it_counts(real: Consultant) -> None:
    text = ask(real, "time to fine-tune qwen2.5 7b on 100k samples of 1k tokens for 3 epochs on 4x 4090")
    assert "for 100M tokens × 3 epochs" in text


def test_cards_counted_by_their_memory_are_judged_on_the_share_each_holds(real: Consultant) -> None:
    en = ask(real, "does deepspeed zero3 help me fit a 13b full finetune on 4x 24gb cards")
    assert en.startswith("*No: 4 × 24 GB cards do not hold full fine-tuning of a 13B model*")
    assert "per GPU even sharded with ZeRO-3/FSDP" in en and "On the 4 GPUs you named" in en
    zh = ask(real, "13b 全参 4张24G的卡够吗")
    assert zh.startswith("*不够*：4 张 24 GB 的卡放不下") and "分片后每卡仍要约" in zh
    enough = ask(real, "can 8 x 80gb gpus hold a 13b full finetune?")
    assert enough.startswith("*Yes: 8 × 80 GB cards hold full fine-tuning of a 13B model*")


def test_a_fit_on_the_stack_and_offload_the_user_named_says_them_back_with_the_figure(
    real: Consultant,
) -> None:
    zh = ask(real, "用 DeepSpeed ZeRO-3 加 CPU offload，在一张 A100 上 LoRA 微调 Qwen2.5-14B 要多少显存")
    assumed = next(line for line in zh.splitlines() if line.startswith("_假设"))
    assert "用 DeepSpeed" in assumed and "CPU offload（卸载到内存）" in assumed
    en = ask(real, "we train with FSDP on 8x H100, can we full fine-tune Llama 3.1 8B?")
    assumed = next(line for line in en.splitlines() if line.startswith("_Assumed"))
    assert "FSDP" in assumed and "DeepSpeed" not in assumed and "CPU offload" not in assumed


def test_two_methods_weighed_for_a_model_with_no_data_get_the_memory_of_those_two(real: Consultant) -> None:
    en = ask(real, "whats the diff between lora and qlora for a 13b")
    assert en.startswith("*GPU memory to train a 13B-parameter model*:") and not any(f in en for f in FORM)
    assert "*LoRA*: ~" in en and "*QLoRA*: ~" in en and "Full fine-tuning" not in en
    assert "dequantising them makes each step ~1.28× slower" in en
    zh = ask(real, "13B 用 LoRA 还是 QLoRA？")
    assert zh.startswith("*训练 130亿参数模型需要的显存*") and "反量化让每步慢约 1.28 倍" in zh
    # weighed on cost, it is the plan's question, and the plan needs the data
    assert "How much training data" in ask(real, "lora or qlora for a 13b, which is cheaper?")


def test_a_memory_need_stated_to_be_checked_is_judged_as_an_estimate_not_as_a_cards_memory(
    real: Consultant,
) -> None:
    # the size said after a need word ("大概要 112G", "needs about 112GB") is the user's estimate of the need
    cases = (
        ("我算了下 7B 全参微调 bf16 + adam 大概要 112G 显存，对吧？", "*差不多*：", "你说的是 112 GB"),
        ("7B 全參微調大概需要 112GB 顯存對嗎", "*差不多*：", "你說的是 112 GB"),
        (
            "full fine-tuning a 7B with adam needs about 112GB of VRAM, right?",
            "*About right*:",
            "you said 112 GB",
        ),
        ("LoRA 一個 7B 大概要 40G 顯存對吧", "*用不了那麼多*：", "約需 16.7 GB"),
        ("LoRA on a 7B takes about 8GB, right?", "*More than that*:", "needs ~16.7 GB"),
        ("7B 的 LoRA 要 10G 显存吧", "*不止*：", "约需 16.7 GB"),
    )
    for n, (text, opens, figure) in enumerate(cases):
        first = real.handle(f"claim{n}", text).text.splitlines()[0]
        assert first.startswith(opens) and figure in first, text
        assert "放不下" not in first and "does not hold" not in first, text


def test_a_memory_size_asked_to_hold_the_job_is_still_a_cards_memory(real: Consultant) -> None:
    assert ask(real, "112G 显存够 7B 全参微调吗").startswith("*不够*：112 GB 放不下")
    assert ask(real, "is 24GB enough to LoRA a 7B?").startswith("*Yes: 24 GB holds")


def test_a_memory_estimate_no_single_gpu_holds_is_answered_with_the_per_gpu_share_when_sharded(
    real: Consultant,
) -> None:
    cases = (
        ("13B 全参微调大概要 223G 显存对吧", "要用 ZeRO-3/FSDP 把模型状态分片到多卡：", "每卡约"),
        ("13B 全參微調大概需要 220GB 顯存對嗎", "要用 ZeRO-3/FSDP 把模型狀態分片到多卡：", "每卡約"),
        ("我估了一下 20B 全参大概要 330G 显存吧", "要用 ZeRO-3/FSDP 把模型状态分片到多卡：", "每卡约"),
        ("30B 全参微调大概要 500 多 G 显存吧", "*差不多*：", "（你说的是 500 GB）"),
        ("30B 全參微調大概要 500多G 顯存對吧", "要用 ZeRO-3/FSDP 把模型狀態分片到多卡：", "每卡約"),
        ("full fine-tuning a 13B needs about 223 GB of VRAM, right?", "shard the model state", "GB each"),
        ("a 20B full fine-tune takes roughly 330GB of memory, correct?", "no single GPU holds it", "GB each"),
    )
    for n, (text, sharded, share) in enumerate(cases):
        first = real.handle(f"shard{n}", text).text.splitlines()[0]
        assert sharded in first and share in first, (text, first)
    # one GPU holds a 7B full fine-tune: the verdict names that card size, no sharding
    first = real.handle("one", "7B 全参大概要 112G 显存对吧").text.splitlines()[0]
    assert "141 GB 档的卡" in first and "分片" not in first


def _one_gpu_gb(text: str) -> float:
    found = re.search(r"([\d.]+) GB", text.replace("*", "").split("\n")[1])
    assert found is not None, text
    return float(found.group(1))


@pytest.mark.parametrize(
    ("stated", "plain", "said_back"),
    [
        (
            "QLoRA 70B, seq 8k, batch 4 - how much memory?",
            "QLoRA 70B, seq 8k - how much memory?",
            "micro-batch 4 per GPU (as you said)",
        ),
        (
            "70B QLoRA，序列长度 8k，每卡 batch 4，要多少显存？",
            "70B QLoRA，序列长度 8k，要多少显存？",
            "每卡 micro-batch 4（按你说的）",
        ),
        (
            "70B QLoRA，序列長度 8k，批大小 4，需要多少顯存？",
            "70B QLoRA，序列長度 8k，需要多少顯存？",
            "每卡 micro-batch 4（按你說的）",
        ),
    ],
)
def test_a_stated_micro_batch_is_the_one_the_memory_is_for_and_is_said_back_as_the_users(
    real: Consultant, stated: str, plain: str, said_back: str
) -> None:
    with_batch, without = ask(real, stated), ask(real, plain)
    assert said_back in with_batch and "micro-batch 1" not in with_batch
    assert "micro-batch 1" in without and "as you said" not in without and "按你" not in without
    assert _one_gpu_gb(with_batch) > _one_gpu_gb(without)  # four sequences hold more activations than one
