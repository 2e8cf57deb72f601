"""`gpu-advisor size --task serve` and `--model` from the outside: the DESIGN.md contract."""

from __future__ import annotations

import json

import pytest

from bot.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["size", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_serving_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "--task", "serve", "--model", "Llama-3.1-8B", "--gpu", "h100-sxm", "--gpus", "1",
        "--precision", "fp8", "--input-tokens", "2048", "--output-tokens", "2048", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    first = data["options"][0]
    assert (first["gpu"], first["gpus"], first["replicas"], first["fits"]) == ("h100-sxm", 1, 1, True)
    for key in ("memory_per_gpu_gb", "kv_cache_gb", "max_concurrency", "output_tokens_per_second"):
        assert first[key] > 0
    assert first["cost"]["per_hour"] > 0 and first["cost"]["per_million_output_tokens"] > 0
    assert data["workload"]["model_id"] == "llama-3.1-8b" and data["explain"]


def test_an_unknown_model_is_a_usage_error_naming_the_close_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--task", "serve", "--model", "Llama-3.1-7B", "--json")
    assert code == 2 and out == ""
    assert "unknown model 'Llama-3.1-7B'" in err and "llama-3.1-8b" in err and "Traceback" not in err


def test_zero_concurrency_and_negative_lengths_are_refused_plainly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for flag, value in (("--concurrency", "0"), ("--input-tokens", "-5"), ("--output-tokens", "many")):
        with pytest.raises(SystemExit) as exc:
            main(["size", "--task", "serve", "--model", "qwen2.5-7b", flag, value])
        assert exc.value.code == 2
        assert f"{flag} must be a whole number of at least 1" in capsys.readouterr().err


def test_a_named_model_gives_training_its_real_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--model", "Qwen2.5-7B", "--method", "lora", "--json")
    assert code == 0
    arch = json.loads(out)["workload"]["architecture"]
    assert (arch["layers"], arch["hidden"], arch["kv_heads"], arch["vocab"]) == (28, 3584, 4, 152064)


def test_training_refuses_serving_only_precisions(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--model", "Qwen2.5-7B", "--precision", "int4")
    assert code == 2 and "qlora" in err


def test_the_serving_table_reads_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--task", "serve", "--model", "qwen2.5-72b", "--concurrency", "50")
    assert code == 0
    assert out.splitlines()[0].split()[:4] == ["option", "gpu", "prec", "gpus"]
    assert "recommended" in out and "KV cache" in out


def test_a_window_on_named_hardware_is_checked_and_the_full_window_plan_is_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "--task", "serve", "--model", "Llama-3.1-8B", "--gpu", "h100-sxm", "--gpus", "1",
        "--input-tokens", "1000", "--window", "32768", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["options"][0]["fits"] and data["workload"]["window_tokens"] == 32768
    assert any(w["code"] == "serve_window_full" for w in data["warnings"])
    code, out, _ = run(
        capsys, "--task", "serve", "--model", "Llama-3.1-70B", "--gpu", "h100-sxm", "--gpus", "2",
        "--window", "131072", "--json",
    )  # fmt: skip
    assert code == 0 and not json.loads(out)["options"][0]["fits"]  # ~67k tokens of KV cache on 2 × H100


def test_the_engine_flag_plans_for_that_engines_kv_cache(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--task", "serve", "--model", "Llama-3.1-8B", "--gpu", "h100-sxm", "--gpus", "1",
            "--precision", "fp8", "--input-tokens", "2048", "--output-tokens", "2048", "--json")  # fmt: skip
    held = {}
    for engine in ("trtllm", "vllm", "sglang"):
        code, out, _ = run(capsys, *args, "--engine", engine)
        assert code == 0
        data = json.loads(out)
        held[engine] = data["options"][0]["max_concurrency"]
        assert data["workload"]["engine"] == ("tensorrt-llm" if engine == "trtllm" else engine)
    assert held["vllm"] == held["sglang"] < held["trtllm"]
    with pytest.raises(SystemExit) as refused:
        run(capsys, *args, "--engine", "ollama")
    assert refused.value.code == 2 and "--engine" in capsys.readouterr().err


def test_a_batch_job_on_the_command_line_gives_its_hours_gpu_hours_and_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "--task", "serve", "--model", "Llama-3.1-8B", "--requests", "5M", "--input-tokens", "800",
        "--output-tokens", "150", "--window-hours", "24", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    first = data["options"][0]
    job = first["job"]
    assert job["requests"] == 5_000_000 and job["window_hours"] == 24 and job["meets_window"]
    assert job["hours"] <= 24 and job["gpu_hours"] > 0 and job["cost"]["amount"] > 0
    assert data["workload"]["ttft_ms"] is None and data["workload"]["batch_requests"] == 5_000_000
    code, text, _ = run(capsys, "--task", "serve", "--model", "Llama-3.1-8B", "--requests", "5M")
    assert code == 0 and "batch job" in text and "GPU-hours" in text


def test_a_window_without_a_job_size_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--task", "serve", "--model", "Llama-3.1-8B", "--window-hours", "24")
    assert code == 2 and out == "" and "--window-hours needs --requests" in err
