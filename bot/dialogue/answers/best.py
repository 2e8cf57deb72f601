""" "What's the best GPU for fine-tuning a 7B model?", "哪张卡最适合微调 13B": with no data said, the job is
planned on a reference amount of data (1B tokens; from scratch, the compute-optimal 20 tokens per
parameter) across the catalogue, and the plans are ranked by total cost, as a plan with data would be:
the pick, the runners-up, and the time and cost per that amount, which scale with the real data."""

from __future__ import annotations

from typing import Any, cast

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.cheapest import ranked
from bot.dialogue.answers.feasibility import REFERENCE_TOKENS
from bot.dialogue.plan import default_method, training_software
from bot.dialogue.reply import Reply
from bot.nlu.intents import asks_which_gpu
from bot.nlu.lexicon import GPU_HOURS, has_cue
from bot.nlu.question_cues import BEST_ONLY, BUILDS_A_MODEL, MOST_VALUE, PLAN_REQUEST
from bot.nlu.text import normalise
from bot.render.views import option_view
from sizing.errors import SizingError
from sizing.types import Method, SizingRequest
from sizing.workload import CHINCHILLA_TOKENS_PER_PARAM

NEEDS = ("params",)
DEFAULTS = {
    "tokens": "1B (fine-tuning) or 20 per parameter (from scratch)",
    "method": "the plan's (pre-training)",
}
SHOWN = 3
# A job this message already sizes beyond the model: then it is a plan (or its own question).
PLAN_SLOTS = ("tokens", "data_bytes", "days", "budget", "gpu", "gpu_count")


def applies(q: Question, form_in_progress: bool) -> bool:
    """ "best GPU for <a sized training job>", with nothing else of a plan said and no GPU named; or the
    GPU-hours of such a job on one GPU type named ("pretrain a 1B from scratch, how many H100 hours?")."""
    if form_in_progress or q.u.task == "serve" or q.u.said.get("params") is None:
        return False
    text = normalise(q.text).lower
    if q.u.gpus and not on_named_gpu(q):
        return False
    if any(q.u.said.get(k) is not None for k in PLAN_SLOTS if k != "gpu" or not q.u.gpus):
        return False
    if q.u.samples:
        return False  # "on 100k examples": the data said, counted; its length per sample makes the plan
    # "训练 7B 模型需要多少 GPU 小时": the GPU-hours of the job per reference data, the best-value GPU first;
    # "想做一个 7B 的客服模型，大概要花多少": its cost, the same way (the data it costs is not said)
    asked = asks_which_gpu(text) or GPU_HOURS.search(text) is not None or q.u.asks_cost or asks_value(q)
    return asked and not has_cue(text, PLAN_REQUEST)


def on_named_gpu(q: Question) -> bool:
    """The GPU-hours of a job asked on one GPU type, uncounted ("how many H100 hours to pretrain a 1B?"):
    the job ranked on that GPU alone."""
    one = len(set(q.u.gpus)) == 1 and q.u.said.get("gpu_count") is None
    return one and GPU_HOURS.search(normalise(q.text).lower) is not None


def asks_value(q: Question) -> bool:
    """ "预训练1B模型性价比最高的卡", "best value GPU for LoRA on a 7B": value for money is work per dollar,
    the total cost of the job, not the cheapest hour (which "cheapest GPU that can …" asks)."""
    return has_cue(normalise(q.text).lower, MOST_VALUE)


def answer(q: Question, reply: Reply) -> bool:
    params = float(q.slot("params"))
    # A model built for a use ("做一个客服模型", "build our own support model") with no method said is a
    # fine-tune of an open model, said as such; otherwise the plan's default, pre-training.
    built = q.slot("method") is None and BUILDS_A_MODEL.search(normalise(q.text).lower) is not None
    method = cast(Method, q.slot("method") or ("full_finetune" if built else default_method({})))
    active = q.slot("active_params")
    scratch = method == "pretrain" and not q.slot("continued")
    tokens = CHINCHILLA_TOKENS_PER_PARAM * float(active or params) if scratch else REFERENCE_TOKENS
    request = SizingRequest(
        params=params,
        tokens=tokens,
        method=method,
        today=q.today,
        active_params=float(active) if active else None,
        gpu=q.u.gpus[0] if q.u.gpus else None,
        **training_software(
            {
                "stack": q.slot("stack"),
                "recompute": q.slot("recompute"),
                "micro_batch": q.slot("micro_batch"),
                "method": method,
            }
        ),
    )
    try:
        result = q.plan(request, q.market)
    except SizingError:
        return False
    rows = [option_view(o.to_dict(result.currency), q.catalog) for o in result.options if o.fits]
    if not rows:
        return False
    needed = method != "pretrain" and _asks_what_will_do(q)
    # The runners-up are listed "by total cost": in that order, whatever the ranking put between them.
    shown = rows[:1] + sorted(rows[1:SHOWN], key=lambda r: (r.get("cost") is None, r.get("cost") or 0.0))
    reply.add(
        "best_gpu",
        params=params,
        method=method,
        tokens=tokens,
        scratch=scratch,
        built=built,
        rows=shown,
        # on a GPU named, the cheapest hour on another GPU answers nothing asked
        hourly=None if q.u.gpus else _cheapest_hour(q, method, [] if needed else shown),
        needed=needed,
    )
    return True


def _asks_what_will_do(q: Question) -> bool:
    """ "What GPU do I need to fine-tune Mistral 7B with LoRA?", "微调 7B 用什么卡": with no data said, a
    fine-tune's dataset is usually far under the reference amount, so the answer leads with the cheapest
    hour that holds the job (with headroom) and gives the best value per reference data for a big
    dataset. Asked for the best, the value, the cost or the GPU-hours, the ranking per job leads."""
    text = normalise(q.text).lower
    return (
        asks_which_gpu(text)
        and not has_cue(text, BEST_ONLY)
        and not asks_value(q)
        and not q.u.asks_cost
        and GPU_HOURS.search(text) is None
    )


def _cheapest_hour(q: Question, method: Method, shown: list[dict[str, Any]]) -> dict[str, Any] | None:
    """For fine-tuning, whose datasets are often far under the reference amount: the GPU with the lowest
    hourly price that holds the job, when the ranking per reference data does not show it (slower, it
    wins on small data only; the answer says so rather than guess the data)."""
    if method == "pretrain":
        return None
    rows, _ = ranked(q, method, q.market)
    if not rows or any(r.get("name") == rows[0]["name"] for r in shown):
        return None
    return rows[0]


def offered(q: Question) -> dict[str, Any]:
    """The job a follow-up plans ("each sample is about 1k tokens", a deadline): the model and method."""
    slots: dict[str, Any] = {
        "params": float(q.slot("params")),
        "method": q.slot("method") or default_method({}),
    }
    if q.slot("active_params"):
        slots["active_params"] = float(q.slot("active_params"))
    return slots
