"""Figure checks: "B200 has 192GB right?" gets No and the datasheet figure with its source; a
quoted figure that is right gets Yes, with its source too (kb.factcheck judges the quotes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.render.views import pick
from knowledge.quotes import quotes

NEEDS = ("a quoted figure",)  # without one, the GPU's datasheet card
DEFAULTS: dict[str, Any] = {}
# Relative difference under which a quoted figure counts as the datasheet's (rounding, GB/GiB).
SAME_FIGURE = 0.07


def corrections(found: list[Any], reply: Reply) -> None:
    """Correct, kindly, any wrong hardware figure the user quoted (kb.factcheck's results)."""
    if not found:
        return
    reply.add("correction", corrections=[_view(c, reply.lang) for c in found])


def _view(c: Any, lang: str) -> dict[str, Any]:
    return {
        "gpu": c.gpu_id,
        "metric": c.metric,
        "claimed": c.claimed,
        "correct": c.correct,
        "message": pick(c.message, lang),
        "source": c.source,
    }


def confirmations(q: Question) -> list[dict[str, Any]]:
    """Figures the user quoted that match the catalogue, with the datasheet's value and source."""
    out: list[dict[str, Any]] = []
    sources = q.kb.gpu_sources
    for quote in quotes(q.text, q.kb.gpu_records):
        for g in quote.gpus:
            figure: Any = None
            scale = 1.0
            kind: str = quote.kind
            if quote.kind == "memory":
                figure = g.memory_gb
            elif quote.kind == "bandwidth" and quote.fabric and g.scale_up is not None:
                # "A800 的 NVLink 是 400GB/s 吗": the GPU-to-GPU link, in GB/s as datasheets give it
                figure, scale, kind = _link(g.scale_up), 1000.0, "link"
            elif quote.kind == "bandwidth":
                figure = g.memory_bandwidth_tbs
            elif quote.kind == "tflops" and quote.dtype:
                figure = getattr(g.tflops, quote.dtype, None)
            value = getattr(figure, "value", None)
            if value and abs(quote.value * scale - value) <= SAME_FIGURE * value:
                cite = next((sources[k].citation for k in figure.src if k in sources), ", ".join(figure.src))
                link = "Infinity Fabric" if g.vendor == "amd" else "NVLink"
                out.append(
                    {
                        "name": g.name,
                        "kind": kind,
                        "dtype": quote.dtype,
                        "value": value,
                        "source": cite,
                        "link": link,
                    }
                )
                break
    return out


@dataclass(frozen=True)
class _Figure:
    value: float | None
    src: tuple[str, ...]


def _link(scale_up: Any) -> _Figure:
    return _Figure(getattr(scale_up, "gbs", None), tuple(getattr(scale_up, "src", ()) or ()))


def answer(q: Question, reply: Reply) -> bool:
    found = list(q.kb.factcheck(q.text))
    confirmed = [] if found else confirmations(q)
    if not found and not confirmed:
        return False
    reply.add(
        "figure_check",
        corrections=[_view(c, reply.lang) for c in found],
        confirmed=confirmed,
        yes_no=q.u.yes_no,
    )
    return True
