"""A global batch and a cluster network the user states replace the engine's defaults: the batch sets the
gradient-accumulation steps, the data-parallel width it keeps busy and each step's compute; the network
(Gb/s per node of the user's own cluster) sets the communication slowdown of multi-node plans."""

from __future__ import annotations

import dataclasses

import pytest
from sizing_catalog import CATALOG

from bot.render.sizing_words import worded
from sizing import SizingRequest, plan
from sizing.errors import SizingError

PRETRAIN_7B = SizingRequest(params=7e9, tokens=2e11, gpu="a100-80gb", gpus=32)


def _top(req: SizingRequest) -> dict:
    return plan(req, CATALOG).to_dict()["options"][0]


def _warnings(req: SizingRequest) -> dict[str, dict]:
    return {w["code"]: w for w in worded(plan(req, CATALOG).to_dict(), "en")["warnings"]}


def test_a_stated_global_batch_replaces_the_recipe_batch_in_the_workload_and_the_layout() -> None:
    small = dataclasses.replace(PRETRAIN_7B, global_batch_tokens=1_048_576.0)
    result = plan(small, CATALOG).to_dict()
    layout = result["options"][0]["layout"]
    assert result["workload"]["global_batch_tokens"] == 1_048_576.0
    assert layout["dp"] * layout["micro_batch"] * layout["grad_accum"] * 4096 == 1_048_576


def test_the_explain_text_names_the_stated_batch_where_the_default_was() -> None:
    text = " ".join(
        worded(plan(dataclasses.replace(PRETRAIN_7B, global_batch_tokens=2e6), CATALOG).to_dict(), "en")[
            "explain"
        ]
    )
    assert "(global batch, as you said)" in text
    assert "(global batch, as you said)" not in " ".join(
        worded(plan(PRETRAIN_7B, CATALOG).to_dict(), "en")["explain"]
    )


def test_a_smaller_stated_batch_asks_more_of_the_network() -> None:
    assert (
        _top(dataclasses.replace(PRETRAIN_7B, global_batch_tokens=524_288.0))["network"]["required_gbps"]
        > _top(PRETRAIN_7B)["network"]["required_gbps"]
    )


def test_a_batch_of_fewer_sequences_than_gpus_says_so_and_what_the_plan_did() -> None:
    req = dataclasses.replace(PRETRAIN_7B, gpus=64, global_batch_tokens=131_072.0)
    found = _warnings(req)["batch_short_of_gpus"]
    assert "32 sequences of 4096, fewer than the 64 GPUs" in found["message"]
    assert "data-parallel ranks" in found["message"]


@pytest.mark.parametrize("batch", [100.0, 1e12, float("nan"), -4096.0])
def test_an_implausible_stated_batch_is_refused(batch: float) -> None:
    with pytest.raises(SizingError) as err:
        plan(dataclasses.replace(PRETRAIN_7B, global_batch_tokens=batch), CATALOG)
    assert err.value.code == "bad_global_batch"


def test_a_stated_slow_network_slows_a_multi_node_plan_and_says_what_helps() -> None:
    slow = dataclasses.replace(PRETRAIN_7B, network_gbps=10.0)
    assert _top(slow)["days"] > _top(PRETRAIN_7B)["days"]
    message = _warnings(slow)["cluster_network_slow"]["message"]
    assert "your 10 Gb/s makes each step" in message
    assert "fewer nodes" in message and "a faster network" in message


def test_a_stated_fast_network_charges_nothing_and_warns_nothing() -> None:
    fast = dataclasses.replace(PRETRAIN_7B, network_gbps=3200.0)
    assert _top(fast)["network"]["comm_slowdown"] == 1.0
    assert "cluster_network_slow" not in _warnings(fast)
    text = " ".join(worded(plan(fast, CATALOG).to_dict(), "en")["explain"])
    assert "your cluster's 3,200 Gb/s per node (as you said): enough" in text


def test_a_stated_network_does_not_touch_a_one_node_plan() -> None:
    one = dataclasses.replace(PRETRAIN_7B, params=1e9, gpus=8)
    assert _top(dataclasses.replace(one, network_gbps=1.0))["days"] == _top(one)["days"]


@pytest.mark.parametrize("gbps", [0.0, 1e6, float("inf")])
def test_an_implausible_stated_network_is_refused(gbps: float) -> None:
    with pytest.raises(SizingError) as err:
        plan(dataclasses.replace(PRETRAIN_7B, network_gbps=gbps), CATALOG)
    assert err.value.code == "bad_network_gbps"


@pytest.mark.parametrize(("params", "gpus"), [(7e9, 16), (7e9, 32), (13e9, 64), (1.3e9, 24)])
def test_a_slower_stated_network_never_makes_a_multi_node_plan_faster(params: float, gpus: int) -> None:
    days = [
        _top(SizingRequest(params=params, tokens=1e11, gpu="h100", gpus=gpus, network_gbps=g))["days"]
        for g in (3200.0, 400.0, 100.0, 25.0, 10.0, 1.0)
    ]
    assert days == sorted(days)


@pytest.mark.parametrize(("params", "method"), [(7e9, "pretrain"), (7e9, "full_finetune"), (1.3e9, "lora")])
def test_a_bigger_stated_batch_never_fills_fewer_gpus(params: float, method: str) -> None:
    ranks = []
    for batch in (65_536.0, 262_144.0, 1_048_576.0, 4_194_304.0):
        req = SizingRequest(
            params=params, tokens=1e10, method=method, gpu="h100", gpus=64, global_batch_tokens=batch
        )
        layout = _top(req)["layout"]
        ranks.append(layout["dp"] * layout["micro_batch"])
    assert ranks == sorted(ranks)
