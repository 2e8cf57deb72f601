"""Every explain and warning code the engine can emit has zh and en wording, and the "how this was
computed" view reads in the user's language and script."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue.consultant import Consultant
from bot.render.sizing_words import worded
from bot.render.text import environment
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase
from sizing import SizingRequest, plan

from .conftest import TODAY

SIZING = Path(__file__).resolve().parents[2] / "sizing"
FALLBACK = "ENGLISH FALLBACK TEXT"


def _string_first_args(path: Path, callees: set[str], loops: bool) -> set[str]:
    """First string arguments of calls to `callees`, plus, with `loops`, the codes a for-loop over
    a tuple of strings feeds to a call (or of ("code", f"message") pairs)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in callees and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
        if loops and isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple) and _calls(node, callees):
            for pair in node.iter.elts:
                if isinstance(pair, ast.Constant) and isinstance(pair.value, str):
                    found.add(pair.value)
                elif (
                    isinstance(pair, ast.Tuple)
                    and isinstance(pair.elts[0], ast.Constant)
                    and isinstance(pair.elts[-1], ast.JoinedStr)
                ):
                    found.add(str(pair.elts[0].value))
    return found


def _calls(node: ast.AST, callees: set[str]) -> bool:
    """Whether `node` contains a call to one of `callees`."""
    return any(isinstance(n, ast.Call) and _callee(n) in callees for n in ast.walk(node))


def _callee(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else str(getattr(call.func, "attr", ""))


def _codes(callees: set[str], loops: bool = False) -> set[str]:
    return set().union(*(_string_first_args(p, callees, loops) for p in SIZING.glob("*.py")))


WARNING_CODES = sorted(_codes({"_w", "SizingWarning"}, loops=True))
EXPLAIN_CODES = sorted(_codes({"_i", "ExplainItem"}))


class AnyParams(dict[str, Any]):
    """Params where every name has a value, so a template branch renders without the engine."""

    def __missing__(self, key: str) -> int:
        return 1


def _render(template: str, macro: str, value: dict[str, Any]) -> str:
    module = environment().get_template(template).make_module()
    return str(getattr(module, macro)(value))


def test_the_engine_emits_the_codes_this_test_knows_about() -> None:
    assert {"deadline_impossible", "network_below_need", "low_memory_full_finetune", "no_bf16"} <= set(
        WARNING_CODES
    )
    assert {"architecture", "memory", "network_multi_node", "tradeoff_amd"} <= set(EXPLAIN_CODES)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("code", WARNING_CODES)
def test_every_warning_code_has_wording_in_both_languages(code: str, lang: str) -> None:
    text = _render(
        f"{lang}/_macros.j2", "warning", {"code": code, "message": FALLBACK, "params": AnyParams()}
    )
    assert text.strip() and FALLBACK not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("code", EXPLAIN_CODES)
def test_every_explain_code_has_wording_in_both_languages(code: str, lang: str) -> None:
    text = _render(f"{lang}/_explain.j2", "item", {"code": code, "text": FALLBACK, "params": AnyParams()})
    assert text.strip() and FALLBACK not in text


def test_an_explain_code_without_a_template_falls_back_to_the_english_text() -> None:
    item = {"code": "some_future_line", "text": "A line from a newer engine.", "params": {}}
    assert _render("zh/_explain.j2", "item", item) == "A line from a newer engine."


@pytest.mark.parametrize(
    "request_",
    [
        SizingRequest(params=13e9, data_bytes=3e12, days=30),
        SizingRequest(params=7e9, method="qlora", data_bytes=1e9, days=2, gpu="rtx4090", gpus=1),
        SizingRequest(params=3e8, data_bytes=2e9, days=1, method="full_finetune"),
        SizingRequest(params=2e11, tokens=5e12, days=120),
    ],
)
def test_real_explain_items_render_in_chinese_with_their_numbers(
    kb: KnowledgeBase, request_: SizingRequest
) -> None:
    d = plan(request_, kb.catalog).to_dict()
    english = worded(d, "en")
    assert len(english["explain"]) == len(d["explain_items"])  # type: ignore[arg-type]
    for item, line in zip(d["explain_items"], english["explain"], strict=True):  # type: ignore[call-overload]
        assert "text" not in item  # the engine sends codes and numbers; words live in templates
        text = _render("zh/_explain.j2", "item", item)
        assert text != line, item["code"]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text)
    layout = next(i for i in d["explain_items"] if i["code"] == "layout")  # type: ignore[attr-defined]
    assert f"{layout['params']['gpus']} 张卡" in _render("zh/_explain.j2", "item", layout)


def _conversation(kb: KnowledgeBase, lines: list[str]) -> list[str]:
    consultant = Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY)
    return [consultant.handle("explain-session", line).text for line in lines]


def test_the_chinese_explain_view_is_chinese_and_names_the_vendor_trade_off(kb: KnowledgeBase) -> None:
    reply = _conversation(kb, ["训练一个130亿参数的模型，数据3TB，一个月", "计算过程"])[-1]
    assert "计算过程" in reply and "并行方式" in reply and "每卡显存" in reply
    assert "Memory per GPU" not in reply and "Layout:" not in reply
    first_line = _conversation(kb, ["训练一个130亿参数的模型，数据3TB，一个月"])[0].splitlines()[0]
    if "AMD" not in first_line:  # NVIDIA first: the explain view says what AMD would save
        assert "ROCm" in reply


def test_the_traditional_chinese_explain_view_is_in_traditional_script(kb: KnowledgeBase) -> None:
    reply = _conversation(kb, ["訓練一個130億參數的模型，資料3TB，一個月", "計算過程"])[-1]
    assert "並行方式" in reply and "并行方式" not in reply


def test_english_replies_spell_catalogue_one_way_as_the_readme_and_templates_do() -> None:
    import re

    en = Path(__file__).resolve().parents[2] / "bot" / "render" / "templates" / "en"
    american = [
        p.name for p in sorted(en.glob("*.j2")) if re.search(r"\bcatalog\b", p.read_text(encoding="utf-8"))
    ]
    assert american == []
