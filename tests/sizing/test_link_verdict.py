"""Whether a stated link carries data-parallel training across nodes: below the buying guide's tier for the
GPU count it does not, at the training instances' 400 Gb/s per GPU it does, and between the model decides."""

from __future__ import annotations

from sizing.network import link_verdict


def test_ten_gigabit_ethernet_is_too_slow_for_two_eight_gpu_nodes() -> None:
    verdict, per_gpu, tier = link_verdict(10.0, 16)
    assert (verdict, per_gpu, tier) == ("no", 1.25, (50.0, 200.0))


def test_a_hundred_gigabits_meets_the_tier_for_sixteen_gpus_but_not_for_thirty_two() -> None:
    assert link_verdict(100.0, 16)[0] == "depends"
    assert link_verdict(100.0, 32)[0] == "no"


def test_four_hundred_gigabits_per_gpu_is_what_training_instances_give() -> None:
    assert link_verdict(3200.0, 32)[0] == "yes"


def test_without_a_count_two_eight_gpu_nodes_are_assumed() -> None:
    assert link_verdict(100.0, None) == link_verdict(100.0, 16)
