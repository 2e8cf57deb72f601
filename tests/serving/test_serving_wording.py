"""Every line of a real serving answer renders in Chinese and English from its code and numbers."""

from __future__ import annotations

import re

import pytest

from bot.render.text import environment
from knowledge import KnowledgeBase
from sizing.serve_plan import plan_serving
from sizing.serve_types import ServeRequest

CASES = [
    ("llama-3.1-8b", {"precision": "fp8", "gpu": "h100-sxm", "gpus": 1}),
    ("qwen2.5-72b", {"concurrency": 50}),
    ("deepseek-v3", {"precision": "bf16", "gpu": "h100-sxm", "qps": 2.0}),
    ("mixtral-8x7b", {"gpu": "a100-80gb", "gpus": 1, "concurrency": 1}),
    ("llama-3.3-70b", {"concurrency": 10, "tpot_ms": 0.5, "input_tokens": 100000, "context_tokens": 120000}),
    ("mixtral-8x7b", {"gpu": "v100-32gb", "gpus": 8, "concurrency": 4}),
    ("deepseek-v3", {"gpu": "h200", "gpus": 8, "concurrency": 1}),
    ("qwen3-235b-a22b", {"precision": "fp8", "gpu": "h200", "gpus": 8}),
    ("qwen2.5-7b", {"daily_users": 10000}),
    ("gemma-2-27b", {"precision": "int8", "gpu": "a100-80gb", "budget": None}),
]


@pytest.mark.parametrize("model, kw", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_explain_line_and_warning_reads_in_both_languages(
    kb: KnowledgeBase, model: str, kw: dict[str, object]
) -> None:
    req = ServeRequest(model=kb.model_architecture(model), model_id=model, **kw)  # type: ignore[arg-type]
    result = plan_serving(req, kb.catalog).to_dict()
    env = environment()
    for lang in ("zh", "en"):
        explain = env.get_template(f"{lang}/_explain.j2").make_module()
        macros = env.get_template(f"{lang}/_macros.j2").make_module()
        for item in result["explain_items"]:  # type: ignore[union-attr]
            text = str(explain.item(item))  # type: ignore[attr-defined]
            assert text.strip() and "?" not in text, (item["code"], text)  # fmt_* print ? for a bad number
            if lang == "zh":
                assert re.search(r"[\u4e00-\u9fff]", text), (item["code"], text)
        for warning in result["warnings"]:  # type: ignore[union-attr]
            text = str(macros.warning(warning))  # type: ignore[attr-defined]
            assert text.strip()
            if lang == "zh":
                assert re.search(r"[\u4e00-\u9fff]", text), (warning["code"], text)
