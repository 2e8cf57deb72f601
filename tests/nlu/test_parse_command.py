"""`gpu-advisor parse`: one answer per input line, in order, JSON only on stdout with --json."""

from __future__ import annotations

import io
import json

import pytest

from bot.cli import main


def run_batch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: list[str]
) -> list[dict]:  # type: ignore[type-arg]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["parse", "--json"]) == 0
    out = capsys.readouterr().out
    return [json.loads(line) for line in out.splitlines()]


def test_batch_mode_answers_every_line_in_order_even_empty_and_garbage(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "70亿参数，两周",
        "",
        "\x00\x01garbage\x7f",
        "9" * 500 + "B parameters",
        "Pretrain 1B on 20B tokens",
    ]
    outs = run_batch(monkeypatch, capsys, lines)
    assert len(outs) == len(lines)
    assert outs[0]["slots"]["params"] == pytest.approx(7e9) and outs[0]["slots"]["days"] == pytest.approx(14)
    assert outs[1]["intent"] == "unknown"
    assert outs[3]["slots"]["params"] is None and outs[3]["asks"][0]["slot"] == "params"
    assert outs[4]["slots"]["tokens"] == pytest.approx(2e10)


def test_json_shape_names_every_slot_even_when_absent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (out,) = run_batch(monkeypatch, capsys, ["hi"])
    assert set(out) >= {
        "intent", "lang", "script", "slots", "asks", "gpus_mentioned", "region", "owned", "no_deadline",
        "script_ambiguous", "yes_no", "asap", "deadline_date", "providers_mentioned", "price_period",
        "stack_said", "task",
    }  # fmt: skip
    assert set(out["slots"]) == {
        "params", "tokens", "data_bytes", "precision", "method", "days", "budget", "gpu", "gpu_count",
        "seq_len", "data_language", "active_params", "epochs", "samples", "tokens_per_sample", "text_unit",
        "steps_basis",
        "continued",
        "stack", "recompute", "offload", "low_memory", "objective", "micro_batch", "global_batch_tokens",
            "model", "concurrency",
        "qps",
        "daily_users",
        "daily_requests", "volume_said", "input_tokens",
        "output_tokens",
        "ttft_ms", "tpot_ms", "serve_layout", "context_tokens", "serve_use", "serve_engine", "batch_requests",
    }  # fmt: skip


def test_text_argument_prints_a_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "QLoRA 微调 Qwen2.5-72B，预算每月5万元"]) == 0
    out = capsys.readouterr().out
    assert "intent=size" in out and "method=qlora" in out and "params=7.2e+10" in out
    assert "'period': 'month'" in out


def test_text_argument_with_json_prints_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "H100 vs H200"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["intent"] == "gpu_compare" and out["gpus_mentioned"] == ["h100", "h200"]


def test_a_fixed_today_turns_a_calendar_deadline_into_days(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "--today", "2026-11-29", "finish by end of next month"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deadline_date"] == "2026-12-31" and out["slots"]["days"] == 32


def test_without_today_it_counts_from_the_real_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "by the end of next month"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["slots"]["days"] is not None and 28 <= out["slots"]["days"] <= 62


def test_a_malformed_today_is_a_clear_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["parse", "--today", "next tuesday", "7B"])
    assert exit_info.value.code == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err
