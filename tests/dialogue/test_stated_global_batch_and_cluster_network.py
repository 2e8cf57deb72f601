"""A global batch and an own cluster's network said in chat reach the plan: the batch is said back in the
understood line and planned at; a slow network of the user's own nodes slows the time and says what helps."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_global_batch_said_in_tokens_or_sequences_is_said_back_and_planned_at(real: Consultant) -> None:
    en = ask(
        real, "pretrain a 7B model on 200B tokens on 32 H100s with a global batch of 1024 sequences of 4096"
    )
    assert "a global batch of 4.19M tokens per step" in en
    zh = ask(real, "预训练 7B，200B token，64 张 H100，全局 batch 512 条，序列 2048")
    assert "全局 batch 每步 105万 token" in zh
    hant = ask(real, "預訓練 7B 模型 200B token，用 32 張 H100，全局 batch 256 條")
    assert "全域 batch 每步 105萬 token" in hant


def test_a_batch_said_as_steps_times_tokens_a_step_is_said_once(real: Consultant) -> None:
    for text, said, twice in [
        ("300k steps at 1M tokens per step on a 3B", "300,000 steps × 1M tokens a step", "a global batch of"),
        ("预训练 1B，8 万步，每步 200 万 token", "80,000 步 × 每步 200万 token", "全局 batch"),
        ("預訓練 1B，訓練 6 萬步，每步 100 萬 token", "60,000 步 × 每步 100萬 token", "全域 batch"),
    ]:  # fmt: skip
        reply = ask(real, text)
        assert said in reply and twice not in reply.split("\n")[0], reply[:200]


def test_an_implausible_global_batch_is_asked_back(real: Consultant) -> None:
    reply = ask(real, "pretrain 7B on 200B tokens on 32 H100, global batch 1T tokens")
    assert "looks implausible" in reply and "Recommended" not in reply


def test_a_slow_network_between_own_nodes_slows_the_plan_and_says_what_helps(real: Consultant) -> None:
    en = ask(
        real, "we own 2 nodes of 8 H100 connected by 10GbE; how long to pretrain a 3B model on 100B tokens?"
    )
    assert "your 10 Gb/s per node is short of it: each step is ~1.1× slower, and the time includes that" in en
    assert "What helps: fewer nodes, a bigger global batch" in en
    fast = ask(
        real, "we own 2 nodes of 8 H100 with 400G InfiniBand; how long to pretrain a 3B model on 100B tokens?"
    )
    assert "What helps" not in fast and "covers it" in fast
    assert en.split("about ")[1].split(" (")[0] != fast.split("about ")[1].split(" (")[0]


def test_a_faster_network_said_after_an_own_cluster_plan_gives_the_time_on_it(real: Consultant) -> None:
    reply = ask(
        real,
        "we own 2 nodes of 8 H100 connected by 10GbE; how long to pretrain a 3B model on 100B tokens?",
        "what if we upgrade to 400G InfiniBand?",
    )
    assert "your 400 Gb/s per node covers it" in reply
    assert "On that network the job takes about 5.3 days." in reply


def test_a_slow_network_of_own_nodes_said_in_chinese_slows_the_plan(real: Consultant) -> None:
    zh = ask(real, "我们自己有 2 台 8 卡 H100，节点之间是万兆网，预训练 3B 模型 100B token 要多久")
    assert "您的每节点 10 Gb/s 不够，每一步慢约 1.1 倍，训练时间已计入" in zh
    assert "能改善的做法：减少节点数" in zh
    hant = ask(real, "我們有 4 台 8 卡 A100 80G，叢集是 10G 乙太網，預訓練 7B 模型 200B token 要多久")
    assert "您的每節點 10 Gb/s 不夠" in hant


def test_a_network_said_in_chinese_after_an_own_cluster_plan_gives_the_time_on_it(real: Consultant) -> None:
    first = "我们自己有 2 台 8 卡 H100，节点之间是万兆网，预训练 3B 模型 100B token 要多久"
    ib = ask(real, first, "如果换成 400G IB 呢？")
    assert "您的每节点 400 Gb/s 足够" in ib and "在这个网络上训练约需 5.3 天" in ib
    hant = ask(real, first, "要是升級到 100G 乙太網呢？")
    assert "您的每節點 100 Gb/s 足夠" in hant and "在這個網路上訓練約需 5.3 天" in hant
