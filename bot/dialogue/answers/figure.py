"""Figure checks: "B200 has 192GB right?" gets No and the datasheet figure with its source; a
quoted figure that is right gets Yes, with its source too (kb.factcheck judges the quotes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.intents import asks_to_confirm_figure
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import ALTERNATIVE
from bot.nlu.text import normalise
from bot.render.views import pick
from knowledge.quotes import quotes

NEEDS = ("a quoted figure",)  # without one, the GPU's datasheet card
DEFAULTS: dict[str, Any] = {}
# Relative difference under which a quoted figure counts as the datasheet's (rounding, GB/GiB).
SAME_FIGURE = 0.07
# A TFLOPS figure quoted without its type is the first of these it matches.
TFLOPS_ORDER = ("bf16", "fp16", "fp8", "tf32", "fp32")


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
    """Figures the user quoted that match the catalogue, with the datasheet's value and source. A
    family name ("H100") means its main board (the SXM): a figure that only another board has ("H100
    96GB" is the NVL's 94) is confirmed for that board, with the main board's figure beside it."""
    out: list[dict[str, Any]] = []
    sources = q.kb.gpu_sources
    for quote in quotes(q.text, q.kb.gpu_records):
        if quote.unit == "tb":
            continue  # "80 TB of memory" is never a GPU's size, whatever the number
        main = _main_record(q, quote.gpus)
        ordered = sorted(quote.gpus, key=lambda r: main is None or r.id != main.id)  # the main board first
        for g in ordered:
            figure, scale, kind = _figure(g, quote)
            value = getattr(figure, "value", None)
            if value and abs(quote.value * scale - value) <= SAME_FIGURE * value:
                cite = next((sources[k].citation for k in figure.src if k in sources), ", ".join(figure.src))
                link = "Infinity Fabric" if g.vendor == "amd" else "NVLink"
                found = {
                    "name": g.name,
                    "kind": kind,
                    "dtype": quote.dtype or _dtype_of(g, figure),
                    "value": value,
                    "source": cite,
                    "link": link,
                }
                if quote.dtype == "fp64" and figure is g.fp64.tensor and figure.value != g.fp64.vector.value:
                    found["tensor_core"] = True  # "H100 FP64 67": its FP64 Tensor Core rate
                train = _training_rate(g, quote, found["dtype"])
                if train is not None:
                    # "H20 算力 296 TFLOPS": right, but as its FP8 rate; training sizes use the 16-bit one.
                    found.update(train_dtype=train[0], train_value=train[1])
                main_value = getattr(_figure(main, quote)[0], "value", None) if main is not None else None
                if main is not None and main.id != g.id and main_value and main_value != value:
                    # Another board of the family (H100 NVL) is "only for"; a memory size of the same
                    # board (A100 40GB beside the 80GB) is a plain yes, with the other size named.
                    found.update(
                        main_name=main.name, main_value=main_value, only=g.form_factor != main.form_factor
                    )
                # "is the H200 141GB or 144GB?": both quotes within SAME_FIGURE of its 141 GB are one fact
                if not any(_same_fact(found, other) for other in out):
                    out.append(found)
                break
    return out


def _same_fact(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in ("name", "kind", "dtype", "value"))


def _figure(g: Any, quote: Any) -> tuple[Any, float, str]:
    """The catalogue figure a quote is about, the factor from the quote's unit, and its kind."""
    if quote.kind == "memory":
        return g.memory_gb, 1.0, "memory"
    if quote.kind == "bandwidth" and quote.fabric and g.scale_up is not None:
        # "A800 的 NVLink 是 400GB/s 吗": the GPU-to-GPU link, in GB/s as datasheets give it
        return _link(g.scale_up), 1000.0, "link"
    if quote.kind == "bandwidth":
        return g.memory_bandwidth_tbs, 1.0, "bandwidth"
    if quote.kind == "tflops" and quote.dtype == "fp64":  # the plain rate, else the FP64 Tensor Core one
        near = [f for f in (g.fp64.vector, g.fp64.tensor) if f.value]
        hit = next((f for f in near if abs(quote.value - (f.value or 0.0)) <= SAME_FIGURE * f.value), None)
        return hit, 1.0, "tflops"
    if quote.kind == "tflops" and quote.dtype:  # "int8": the TOPS figure, where the catalogue has one
        return getattr(g.tflops, quote.dtype, None), 1.0, "tflops"
    if quote.kind == "tflops":  # "算力 989 TFLOPS": the dense 16-bit rate it matches (BF16 first)
        for dtype in TFLOPS_ORDER:
            figure = getattr(g.tflops, dtype, None)
            value = getattr(figure, "value", None)
            if value and abs(quote.value - value) <= SAME_FIGURE * value:
                return figure, 1.0, "tflops"
        return None, 1.0, "tflops"
    if quote.kind == "power":
        return g.tdp_w, 1.0, "power"
    if quote.kind == "pcie":
        return g.pcie_gen, 1.0, "pcie"
    return None, 1.0, str(quote.kind)


def _training_rate(g: Any, quote: Any, dtype: str | None) -> tuple[str, float] | None:
    """The dense 16-bit rate (BF16, else FP16) beside an untyped TFLOPS figure that matched another
    type, since that is the rate a training plan is sized on."""
    if quote.kind != "tflops" or quote.dtype not in (None, "int8") or dtype in (None, "bf16", "fp16"):
        return None
    for train in ("bf16", "fp16"):
        value = getattr(getattr(g.tflops, train, None), "value", None)
        if value:
            return train, value
    return None


def _dtype_of(g: Any, figure: Any) -> str | None:
    return next((d for d in TFLOPS_ORDER if getattr(g.tflops, d, None) is figure), None)


def _main_record(q: Question, records: tuple[Any, ...]) -> Any:
    """The record of the board a family name means, when the quote names several boards."""
    if len(records) < 2:
        return None
    spec = main_variant(q.catalog, records[0].family)
    return next((r for r in records if spec is not None and r.id == spec.id), None)


@dataclass(frozen=True)
class _Figure:
    value: float | None
    src: tuple[str, ...]


def _link(scale_up: Any) -> _Figure:
    return _Figure(getattr(scale_up, "gbs", None), tuple(getattr(scale_up, "src", ()) or ()))


def confirm_figures(q: Question, reply: Reply) -> None:
    """A right figure put as a question beside another question ("H200 显存是 141G 对吧？顺便帮我算下 LoRA
    微调 70B 要几张"): confirmed with its source before that answer (wrong ones: corrections)."""
    if not asks_to_confirm_figure(normalise(q.text).lower):
        return
    # A figure of one board of a family ("A100 只有 40G 的吧"): the answer that follows says which board it
    # plans on; a bare "yes" would confirm the "only".
    confirmed = [c for c in confirmations(q) if "main_name" not in c]
    if confirmed:
        reply.add("figure_check", corrections=[], confirmed=confirmed, yes_no=True)


def answer(q: Question, reply: Reply) -> bool:
    found = list(q.kb.factcheck(q.text))
    confirmed = [] if found else confirmations(q)
    either = has_cue(normalise(q.text).lower, ALTERNATIVE)
    if either and found:
        # "H200 显存是141G还是192G": which of the two it is, then why the other is not
        confirmed = confirmations(q)
    unrated = [] if found or confirmed else _unrated(q)
    if not found and not confirmed and not unrated:
        return False
    if either:
        # "A100 是 40G 还是 80G": each board says its own size, so none names "the other one" again
        names = {c["name"] for c in confirmed}
        for c in confirmed:
            if c.get("main_name") in names:
                for key in ("main_name", "main_value", "only"):
                    c.pop(key, None)
    reply.add(
        "figure_check",
        corrections=[_view(c, reply.lang) for c in found],
        confirmed=confirmed,
        yes_no=q.u.yes_no,
        # two figures quoted as alternatives that are one fact ("141GB or 144GB?") get that figure, not "yes"
        either=either
        and (len(found) + len(confirmed) >= 2 or len(list(quotes(q.text, q.kb.gpu_records))) >= 2),
        unrated=unrated,
    )
    return True


def _unrated(q: Question) -> list[dict[str, Any]]:
    """INT8 figures quoted for a GPU whose datasheet publishes no INT8 rate ("V100 INT8 250 TOPS?"):
    neither confirmed nor corrected; said so, with the dense 16-bit rate it does publish."""
    out: list[dict[str, Any]] = []
    for quote in quotes(q.text, q.kb.gpu_records):
        if quote.kind != "tflops" or quote.dtype != "int8":
            continue
        if any(getattr(g.tflops.int8, "value", None) for g in quote.gpus):
            continue
        g = quote.gpus[0]
        train = next((d for d in ("bf16", "fp16") if getattr(g.tflops, d).value), None)
        if train is None:
            continue
        figure = getattr(g.tflops, train)
        sources = q.kb.gpu_sources
        cite = next((sources[k].citation for k in figure.src if k in sources), ", ".join(figure.src))
        out.append(
            {"name": g.name, "claimed": quote.value, "dtype": train, "value": figure.value, "source": cite}
        )
    return out[:1]
