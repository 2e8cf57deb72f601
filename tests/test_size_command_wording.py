"""`gpu-advisor size` words the engine's codes through the chat's templates (one source of wording),
and on hardware the user fixed it leads with the verdict, never with a plan that does not fit."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.render.sizing_words import explain_text, warning_text


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["size", *args]) == 0
    return capsys.readouterr().out


def test_json_warnings_and_explain_lines_are_the_templates_words(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_run(capsys, "--params", "400e9", "--tokens", "15e12", "--days", "1", "--json"))
    assert data["warnings"] and data["explain"]
    for w in data["warnings"]:
        assert w["message"] == warning_text(w)
    for item, line in zip(data["explain_items"], data["explain"], strict=True):
        assert line == explain_text(item) and item["text"] == line
    assert any(
        w["code"] == "deadline_impossible" and "fewer tokens" in w["message"] for w in data["warnings"]
    )


def test_a_full_fine_tune_that_does_not_fit_eight_h100s_as_is_opens_with_the_verdict_and_what_fits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _run(capsys, "--params", "72.7B", "--method", "full_finetune", "--gpu", "h100-sxm", "--gpus", "8")
    first = out.splitlines()[0]
    # the first option is CPU offload on these very GPUs: "not as is", never a bare "No" it contradicts
    assert first.startswith("Not as is — yes with CPU offload (~") and "optimizer state" in first
    assert "What fits:" in out and "LoRA on the same 8 × H100-SXM" in out
    assert out.index("What fits:") < out.index("requested")


def test_the_json_carries_the_verdict_for_the_chat_to_render(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(
        _run(
            capsys,
            "--params",
            "72.7B",
            "--method",
            "full_finetune",
            "--gpu",
            "h100-sxm",
            "--gpus",
            "8",
            "--json",
        )
    )
    verdict = data["feasibility"]
    assert verdict["fits"] is False and verdict["dominant"] == "optimizer"
    assert {o["kind"] for o in verdict["options"]} >= {"lora", "more_gpus"}
    assert verdict["options"][0]["kind"] == "offload"
    assert verdict["verdict_text"].startswith("Not as is — yes with CPU offload")


def test_the_memory_line_compares_with_the_usable_bytes_and_names_the_size_the_gpu_is_sold_as(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _run(capsys, "--params", "1B", "--tokens", "20B", "--gpu", "h100-sxm", "--gpus", "1")
    line = next(x for x in out.splitlines() if "Memory per H100-SXM" in x)
    # nvidia-smi reports 81,559 MiB for an H100 SXM5 sold as 80 GB: 85.5 GB of 10^9 bytes.
    assert "of 85.5 GB usable (sold as 80 GB; nvidia-smi reports 81,559 MiB" in line


def test_four_bridged_a6000s_are_not_said_to_share_one_nvlink_fabric(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--params", "13B", "--method", "lora", "--tokens", "2.5B", "--gpu", "rtx-a6000", "--gpus", "4")
    data = json.loads(_run(capsys, *args, "--json"))
    net = data["options"][0]["network"]
    assert net["scale_up"] == "nvlink_pairs"
    line = next(x for x in data["explain"] if x.startswith("Network:"))
    assert "NVLink within bridged pairs and PCIe between them" in line


def test_eight_h100s_in_one_node_share_nvlink(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--params", "13B", "--method", "lora", "--tokens", "2.5B", "--gpu", "h100-sxm", "--gpus", "8")
    data = json.loads(_run(capsys, *args, "--json"))
    assert data["options"][0]["network"]["scale_up"] == "nvlink"


def test_a_full_fine_tune_of_8b_on_one_4090_offers_the_low_memory_recipe_first_with_its_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _run(
        capsys, "--model", "Llama-3.1-8B", "--method", "full_finetune", "--gpu", "rtx4090", "--gpus", "1"
    )
    # the verdict agrees with the first option it lists
    assert out.startswith("Not as is — yes with the low-memory recipe (~1.25× slower per step):")
    fits = out[out.index("What fits:") :].splitlines()[1]
    assert "low-memory recipe" in fits and "paged 8-bit AdamW" in fits and "1.25× slower per step" in fits


def test_asked_for_the_low_memory_recipe_the_plan_fits_one_4090_and_names_its_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--model", "Llama-3.1-8B", "--method", "full_finetune", "--gpu", "rtx4090", "--gpus", "1")
    data = json.loads(_run(capsys, *args, "--low-memory", "--json"))
    top = data["options"][0]
    assert top["fits"] is True and top["memory_per_gpu_gb"] < 24
    assert any("Low-memory recipe, as asked" in line and "1.25× slower" in line for line in data["explain"])


def test_the_low_memory_hint_gives_the_gpu_the_memory_it_is_sold_with_as_the_plan_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _run(capsys, "--params", "14e9", "--tokens", "15e9", "--method", "full_finetune", "--gpu", "h200")
    hint = next(line for line in out.splitlines() if "low-memory recipe does" in line)
    assert "of its 141 GB" in hint and "151 GB" not in hint


def test_a_full_fine_tune_on_the_plain_hf_trainer_is_costed_and_worded_in_pure_bf16(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--params", "7.62e9", "--method", "full_finetune", "--gpu", "a100-80gb", "--gpus", "1")
    plain = _run(capsys, *args, "--stack", "hf")
    assert "(fits; AdamW at 8 bytes per parameter: 2+2+4, all bf16)" in plain
    zero = _run(capsys, *args, "--stack", "deepspeed")
    assert "AdamW at 16 bytes per parameter: 2+2+12" in zero and "all bf16" not in zero


def test_a_stated_global_batch_and_cluster_network_are_planned_at_and_said(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ("--params", "7B", "--tokens", "200B", "--gpu", "a100-80gb", "--gpus", "32", "--json")
    data = json.loads(_run(capsys, *base, "--global-batch", "2M", "--network-gbps", "10"))
    assert data["workload"]["global_batch_tokens"] == 2e6
    assert any("(global batch, as you said)" in line for line in data["explain"])
    assert any("your cluster's 10 Gb/s per node (as you said): short" in line for line in data["explain"])
    slow = next(w for w in data["warnings"] if w["code"] == "cluster_network_slow")
    assert "your 10 Gb/s makes each step" in slow["message"]
    assert data["options"][0]["days"] > json.loads(_run(capsys, *base))["options"][0]["days"]


def test_an_implausible_global_batch_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--params", "7B", "--tokens", "200B", "--global-batch", "100"]) != 0
    assert "global batch must be at least one sequence" in capsys.readouterr().err
