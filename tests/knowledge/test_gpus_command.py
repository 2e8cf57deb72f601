"""`gpu-advisor gpus` through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main


def test_gpus_json_prints_only_the_design_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gpus", "--json"]) == 0
    out = capsys.readouterr().out
    gpus = json.loads(out)["gpus"]
    by_id = {g["id"]: g for g in gpus}
    for g in gpus:
        assert {"id", "name", "memory_gb", "memory_bandwidth_tbs", "tflops", "sources"} <= set(g)
        assert set(g["tflops"]) == {"fp32", "tf32", "fp16", "bf16", "fp8"}
        assert g["sources"] and all(s["ref"] and s["as_of"] for s in g["sources"])
    assert by_id["h100-sxm"]["tflops"]["bf16"] == 989
    assert by_id["t4"]["tflops"]["bf16"] is None
    assert by_id["a100-80gb"]["tflops_sparse"]["fp16"] == 624


def test_gpus_table_lists_every_gpu_with_dense_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gpus"]) == 0
    out = capsys.readouterr().out
    h100 = next(line for line in out.splitlines() if line.startswith("h100-sxm "))
    assert "989" in h100 and "1979" in h100 and "nvlink 900" in h100
    assert "dense" in out
    assert sum(1 for line in out.splitlines() if line.startswith("mi300x ")) == 1


def test_a_broken_operator_file_fails_with_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "ops.yaml"
    bad.write_text("offerings: [{id: x/y}]\n", encoding="utf-8")
    monkeypatch.setenv("GPU_ADVISOR_OFFERINGS", str(bad))
    code = main(["gpus", "--json"])
    captured = capsys.readouterr()
    assert code == 1 and captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and "ops.yaml" in captured.err


def test_gpus_table_marks_uncertain_figures_and_leaves_datasheet_ones_plain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["gpus"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.strip()}
    for uncertain in ("h20", "a10g", "a800"):
        assert "(?)" in lines[uncertain] and "?" in lines[uncertain].split(")")[-1], lines[uncertain]
    assert "?" not in lines["h100-sxm"] and "?" not in lines["t4"]
    assert any("uncertain" in line for line in lines.values())


def test_the_a800_is_an_a100_with_nvlink_cut_to_400_and_its_figures_are_marked_uncertain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["gpus", "--json"]) == 0
    a800 = {g["id"]: g for g in json.loads(capsys.readouterr().out)["gpus"]}["a800"]
    assert a800["scale_up"]["gbs"] == 400 and a800["tflops"]["bf16"] == 312
    assert a800["confidence"]["scale_up"] == "U" and a800["confidence"]["bf16"] == "U"
    assert {"a800"} <= set(a800["aliases"]) and all(s["cite"] for s in a800["sources"])
