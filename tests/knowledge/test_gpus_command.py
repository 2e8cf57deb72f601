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
