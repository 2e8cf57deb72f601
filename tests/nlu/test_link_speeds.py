"""The network speed a message states is read in Gb/s per node, and only next to a network word."""

from __future__ import annotations

import pytest

from bot.nlu.links import link_gbps, node_link_gbps
from tests.nlu.said import said


@pytest.mark.parametrize(
    ("text", "gbps"),
    [
        ("两台8卡a100之间用万兆网够不够", 10.0),
        ("千兆网能不能多机训练", 1.0),
        ("机房是十万兆的交换机", 100.0),
        ("兩台機器之間只有百兆網路", 0.1),
        ("Is 100 Gb Ethernet enough between nodes?", 100.0),
        ("兩台 8 卡 H100 之間用 100G 網路夠用嗎", 100.0),
        ("25G网卡行不行", 25.0),
        ("100GbE ok?", 100.0),
        ("3.2 Tb/s infiniband per node", 3200.0),
        ("50 GB/s network", 400.0),
    ],
)
def test_a_stated_link_speed_is_read_in_gigabits(text: str, gbps: float) -> None:
    assert link_gbps(text) == gbps


@pytest.mark.parametrize("text", ["A100 40G 两台", "100G 数据，8卡 H100", "h100 80g 现在啥价"])
def test_a_size_that_is_no_link_speed_is_none(text: str) -> None:
    assert link_gbps(text) is None


def test_ethernet_named_by_its_speed_is_no_dataset_size() -> None:
    assert said("机房是万兆网，LoRA 7B，数据 25GB")["data_bytes"] == 2.5e10
    assert said("節點之間千兆以太網，全參微調 1B，資料 3GB")["data_bytes"] == 3e9


@pytest.mark.parametrize(
    ("text", "per_node", "per_gpu"),
    [
        ("we have 3.2 Tbps InfiniBand per node", 3200.0, False),
        ("our nodes have 400G IB", 400.0, False),
        ("8x400G IB on each node", 3200.0, False),
        ("400Gb/s InfiniBand per GPU", 3200.0, True),
        ("每台机器 8 张 400G IB 网卡", 3200.0, False),
        ("節點間 200G RoCE", 200.0, False),
        ("we have 4 nodes of 8 A100 80GB with 100 Gb/s Ethernet", 100.0, False),
        ("我们有 4 台 8 卡 A100 80G，集群是 25G 以太网", 25.0, False),
        ("我們有 4 台 8 卡 A100 80G，叢集是 10G 乙太網", 10.0, False),
        ("two boxes of 8x 4090 24G linked by 10GbE", 10.0, False),
    ],
)
def test_the_cluster_network_said_is_read_per_node(text: str, per_node: float, per_gpu: bool) -> None:
    assert node_link_gbps(text, 8) == (per_node, per_gpu)


@pytest.mark.parametrize("text", ["train a 70B on 2T tokens in 30 days", "2 x A100 40G", "400G 数据"])
def test_no_network_said_is_none(text: str) -> None:
    assert node_link_gbps(text, 8) is None
