"""Formatting shared by the explain modules: counts, dollars, GPU counts, and the item maker.

The modules import `item` as `_i`: the template tests find every explain code by its `_i(...)` calls."""

from __future__ import annotations

from sizing.result import ExplainItem, new_explain_item


def num(x: float) -> str:
    if abs(x) >= 1e15:
        return f"{x:.3g}"
    for unit, size in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if abs(x) >= size:
            return f"{x / size:.3g}{unit}"
    return f"{x:.3g}"


def usd(x: float) -> str:
    return f"${x:,.0f}" if x >= 100 else f"${x:,.2f}"


def item(code: str, text: str = "", /, **params: object) -> ExplainItem:
    """One explain line: a code and its numbers; bot/render/templates word it (zh, en). `text`:
    English prose some callers still carry (serving); the training engine sends none."""
    return new_explain_item(code, text, tuple(params.items()))


def gpus_text(n: int) -> str:
    return f"{n} GPU" if n == 1 else f"{n} GPUs"
