""" "How many tokens should I train a 3B model on?", "3B 模型要多少数据", "7B 預訓練需要多少 token": how much
data a model of the size asked needs, answered instead of the planning form's "How much training data?".

From scratch: the compute-optimal ~20 tokens per parameter (Chinchilla, Hoffmann et al. 2022; the
constant is sizing.workload's, the engine's own default), on the active parameters of a
mixture-of-experts model; what published runs of about that size actually used
(knowledge/data/published_runs.yaml); that fine-tuning needs far less (faq.chinchilla_tokens); and
the offer to plan it with that amount. Continued pre-training and fine-tuning get no
tokens-per-parameter number: the from-scratch rule does not apply to them (issue 12 item 7).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu import question_cues as cues
from bot.nlu.intents import has_any
from bot.nlu.text import compact
from knowledge.schema import PublishedRun
from sizing.workload import CHINCHILLA_TOKENS_PER_PARAM, MIN_PRETRAIN_TOKENS

NEEDS = ("params",)
DEFAULTS: dict[str, Any] = {"method": "pretrain"}  # a model size alone: training it from scratch
FAQ_ID = "faq.chinchilla_tokens"
# Published runs within this factor of the size asked (active parameters for both) are "that size";
# those within CLOSE_FACTOR come first (a 7B question is answered with 7-8B runs before 3B or 15B ones).
SIZE_FACTOR = 3.0
CLOSE_FACTOR = 1.5
RUNS_SHOWN = 3
# Fine-tuning data said in tokens, weighed against "thousands to hundreds of thousands of good examples"
# (faq.chinchilla_tokens) at a typical instruction example's length: the range in examples, and that length.
FINETUNE_EXAMPLES = (1_000, 1_000_000)
TOKENS_PER_EXAMPLE = 1_000
# A run's name may say its hours are per trillion tokens ("DeepSeek LLM 67B (per 1T tokens)"): that
# is about the hours, not the model, and the answer quotes the tokens the model was trained on.
_PER_SPAN = re.compile(r"\s*\(per [^)]*\)|;\s*per [^)]*(?=\))")


def kind(q: Question) -> str:
    """ "scratch", "continued" or "finetune": which advice the question gets."""
    method = q.slot("method") or DEFAULTS["method"]
    if method != "pretrain":
        return "finetune"
    return "continued" if q.slot("continued") else "scratch"


# "is 30M tokens enough?", "3000 万 token 够吗": an amount said and whether it is enough asked.
ENOUGH_WORDS = ("enough", "sufficient", "too little", "too few", "够", "足够", "够不够", "太少")


def asked_in_form(text: str, said: dict[str, Any]) -> bool:
    """ "how many tokens do we need?", "is 30M tokens enough?", "我們需要多少資料？", "3000 万 token 够吗"
    while the form asks about a sized job: the data that job needs (`text` normalised, lower case; read
    compacted, as the cue tables are written: "需要多少 token" = 需要多少token)."""
    text = compact(text)
    if has_any(text, cues.DATA_USED):
        return False  # "how many tokens was Llama 3 trained on?": a named run's data
    if has_any(text, cues.DATA_ASK):
        return True
    return any(said.get(k) is not None for k in ("tokens", "data_bytes")) and has_any(text, ENOUGH_WORDS)


def answer(q: Question, reply: Reply, *, in_form: bool = False) -> bool:
    """`in_form`: asked while the planning form asks about the job; the form's own question follows, so
    the answer offers no plan and asks for nothing, and an amount said ("is 30M tokens enough?") is
    weighed against the advice."""
    params = q.slot("params")
    if params is None:
        return False
    params = float(params)
    active = _positive(q.slot("active_params"))
    basis = active or params
    advice = kind(q)
    tokens = CHINCHILLA_TOKENS_PER_PARAM * basis if advice == "scratch" else None
    runs = comparable(q.kb.published_runs, basis) if advice == "scratch" else []
    reply.add(
        "data_amount",
        advice=advice,
        params=params,
        active=active,
        tokens=tokens,
        per_param=CHINCHILLA_TOKENS_PER_PARAM,
        floor=MIN_PRETRAIN_TOKENS,
        method=q.slot("method") or DEFAULTS["method"],
        runs=[_shown(run) for run in runs],
        in_form=in_form,
        have=_positive(q.u.said.get("tokens")) if in_form else None,
        per_example=TOKENS_PER_EXAMPLE,
        examples=FINETUNE_EXAMPLES,
    )
    reply.add_faq(FAQ_ID)
    return True


def offered(q: Question) -> dict[str, Any]:
    """The workload the answer offers to plan ("say 'plan it' or give a deadline"): the model, its
    method and, from scratch, the compute-optimal tokens (an assumption the plan states)."""
    slots: dict[str, Any] = {"params": float(q.slot("params")), "method": q.slot("method") or "pretrain"}
    active = _positive(q.slot("active_params"))
    if active:
        slots["active_params"] = active
    if q.slot("continued"):
        slots["continued"] = True
    if kind(q) == "scratch":
        slots["tokens"] = CHINCHILLA_TOKENS_PER_PARAM * (active or slots["params"])
    return slots


def comparable(runs: Iterable[PublishedRun], params: float) -> list[PublishedRun]:
    """Up to RUNS_SHOWN published runs of about `params` (within SIZE_FACTOR; those within CLOSE_FACTOR
    first), newest first, one per model size (Llama 3 8B and Llama 3.1 8B are one data point)."""
    near = [r for r in runs if 1 / SIZE_FACTOR <= r.params / params <= SIZE_FACTOR]
    near.sort(
        key=lambda r: (
            abs(math.log(r.params / params)) > math.log(CLOSE_FACTOR),
            -r.source.as_of.toordinal(),
            abs(math.log(r.params / params)),
        )
    )
    shown: list[PublishedRun] = []
    for run in near:
        if all(run.params != kept.params for kept in shown):
            shown.append(run)
    return shown[:RUNS_SHOWN]


def _shown(run: PublishedRun) -> dict[str, Any]:
    return {
        "model": _PER_SPAN.sub("", run.model),
        "params": run.params,
        "tokens": run.trained_tokens,
        "per_param": float(f"{run.trained_tokens / run.params:.2g}"),  # 3,636 -> 3,600: a ratio to compare
        "source": run.source.ref,
        "as_of": str(run.source.as_of),
    }


def _positive(value: Any) -> float | None:
    return float(value) if value else None
