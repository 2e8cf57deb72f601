"""`gpu-advisor faq` as a user runs it: one question, or one JSON line per stdin line."""

from __future__ import annotations

import io
import json

import pytest

from bot.cli import main


def run_faq(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["faq", *argv]) == 0
    return capsys.readouterr().out


def test_json_lists_results_best_first_with_english_titles_for_english_questions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = json.loads(run_faq(["--json", "should we rent cloud gpus or buy our own servers?"], capsys))
    first = out["results"][0]
    assert first["id"] == "faq.cloud_vs_physical"
    assert set(first) == {"id", "score", "title"}
    assert first["title"].startswith("What does a cloud GPU server offer")


def test_traditional_questions_get_traditional_titles(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(run_faq(["--json", "租用GPU雲伺服器要怎麼省錢"], capsys))
    assert out["results"][0]["id"] == "faq.cost_control"
    assert "費" in out["results"][0]["title"] or "資" in out["results"][0]["title"]


def test_text_mode_prints_the_best_answer_in_the_question_script(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_faq(["使用雲端GPU訓練，數據安全有保障嗎？"], capsys)
    assert "數據" in out or "資料" in out
    assert "加密" in out


def test_text_mode_says_so_when_nothing_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert "No FAQ entry matches" in run_faq(["tell me a joke"], capsys)


def test_batch_mode_answers_every_line_in_order_including_empty_ones(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["只看算力不看显存可以吗", "", "hello", "how do I choose a dependable gpu cloud provider?"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    out = run_faq(["--json"], capsys).splitlines()
    results = [json.loads(line)["results"] for line in out]
    assert len(results) == 4
    assert results[0][0]["id"] == "pitfall.vram_ignored"
    assert results[1] == [] and results[2] == []
    assert results[3][0]["id"] == "pitfall.provider_selection"


def test_json_says_when_a_question_is_really_a_sizing_request(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(run_faq(["--json", "训练一个70B模型全参微调要多少钱？"], capsys))
    assert out["kind"] == "size"
    faq = json.loads(run_faq(["--json", "租GPU怎么省钱"], capsys))
    assert faq["kind"] == "faq" and faq["results"][0]["id"] == "faq.cost_control"
