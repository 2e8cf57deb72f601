""" "What's the cheapest GPU that can run Llama 3 8B inference?", "H200 vs H100 for 70B inference?": the
serving versions of the cheapest-GPU and GPU-comparison answers. Both run the serving engine at the
stated load (or the stated default load) and compare what a deployment costs and how fast it answers,
never a training plan.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.compare import upgrade_first
from bot.dialogue.answers.serve import (
    clouds_note,
    lengths_said,
    plan_on_named_clouds,
    read_as,
    refused,
    serve_request,
    shown_warnings,
)
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import UPGRADE_ASKS, WORTH_ASKS
from bot.nlu.text import normalise
from sizing.errors import SizingError
from sizing.serve_plan import plan_serving, with_default_targets

NEEDS = ("model",)
DEFAULTS = {"load": "10 requests in flight", "lengths": "1,000 + 500 tokens", "billing": "on demand"}
SHOWN = 3


def cheapest(q: Question, reply: Reply) -> bool:
    """The cheapest offerings per hour that serve the model at the load within the latency targets."""
    req = serve_request(q, hardware=False)
    if req is None:
        return False
    try:
        result = plan_on_named_clouds(q, req)
    except SizingError as exc:
        refused(q, exc, reply)
        return True
    data: dict[str, Any] = result.to_dict()
    rows: list[dict[str, Any]] = []
    ranked = sorted(_priced(data["options"]), key=lambda o: (o["cost"]["hourly_usd"], o["gpus"]))
    card = q.kb.find_model(str(q.slot("model"))) if q.slot("model") else None
    precision_from = (
        "said" if q.slot("precision") is not None else "native" if card is not None else "default"
    )
    if precision_from == "said":  # "in FP8": the plans keep the precision asked for
        ranked = [o for o in ranked if o["precision"] == req.precision]
    for o in ranked:
        if all(r["gpu"] != o["gpu"] or r["precision"] != o["precision"] for r in rows):
            rows.append(o)
    # The cheapest plan may quantise below the model's precision: the answer names the one it uses, why,
    # and the cheapest that keeps the model's own when it is not among the lines shown.
    quantised = bool(rows) and rows[0]["precision"] != req.precision
    same = next((o for o in rows if o["precision"] == req.precision), None)
    shown_same = same is not None and same in rows[:SHOWN]
    reply.add(
        "serve_cheapest",
        **_load(req),
        model=req.model.name,
        named=req.model_id is not None,
        params=req.model.params_total,
        read_as=read_as(q, req),
        precision=req.precision,
        precision_from=precision_from,
        same_precision=same if quantised and not shown_same else None,
        rows=rows[:SHOWN],
        # Nothing meets the targets: the plan under the relaxed target (serve_plan._relaxed), shown as its
        # own line beside the warning that says what was relaxed.
        relaxed=None if rows else next((o for o in data["options"] if o["label"] == "relaxed"), None),
        warnings=shown_warnings(data["warnings"], rows[:SHOWN]),
        **clouds_note(q, rows),
    )
    return True


# GPUs one serving comparison weighs side by side ("A100 vs H100 vs H200 for serving llama 70b").
MAX_COMPARED = 4


def compare(q: Question, reply: Reply) -> bool:
    """Two to MAX_COMPARED GPUs serving the same model at the same load: GPUs needed, cost, speed per user."""
    low = normalise(q.text).lower
    upgrade = has_cue(low, UPGRADE_ASKS)
    # "is the H200 worth it over the H100 for 70B inference?": the first one weighed (the one moved to)
    worth = upgrade or has_cue(low, WORTH_ASKS)
    names = upgrade_first(low, q.u.gpus) if upgrade else list(dict.fromkeys(q.u.gpus))
    if len(names) < 2:
        return False
    req = serve_request(q, hardware=False)
    if req is None:
        return False
    rows: list[dict[str, Any]] = []
    for name in names[:MAX_COMPARED]:
        spec = main_variant(q.catalog, name)
        if spec is None:
            return False
        try:
            result = plan_serving(replace(req, gpu=spec.id, gpus=None), q.catalog)
        except SizingError as exc:
            refused(q, exc, reply)
            return True
        found: list[dict[str, Any]] = result.to_dict()["options"]  # type: ignore[assignment]
        options = [o for o in found if o["fits"]]
        rows.append({"name": spec.name, "option": options[0] if options else None})
    priced = [r["option"] for r in rows if r["option"] is not None and r["option"]["cost"]["hourly_usd"]]
    # The pick: the cheapest per token of those that meet the latency targets (of all when none does),
    # once every GPU compared has a priced plan.
    weighed = len(priced) == len(rows)
    meeting = [o for o in priced if o.get("meets_latency")] or priced
    pick = min(meeting, key=lambda o: o["cost"]["usd_per_million_output_tokens"]) if weighed else None
    reply.add(
        "serve_compare",
        **_load(req),
        model=req.model.name,
        named=req.model_id is not None,
        params=req.model.params_total,
        read_as=read_as(q, req),
        precision=req.precision,
        rows=rows,
        cheaper=min(priced, key=lambda o: o["cost"]["usd_per_million_output_tokens"])["gpu_name"]
        if weighed
        else None,
        faster=min(priced, key=lambda o: o["tpot_ms"])["gpu_name"] if weighed else None,
        pick=pick["gpu_name"] if pick else None,
        worth=worth and len(rows) == 2,
        pick_meets=bool(pick and pick.get("meets_latency")),
        others_meet=sum(1 for o in priced if o.get("meets_latency")),
    )
    return True


def _priced(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [o for o in options if o["fits"] and o["meets_latency"] and o["cost"]["hourly_usd"]]


def _load(req: Any) -> dict[str, Any]:
    targets = with_default_targets(req)  # the latency the plan was held to: the user's, or the defaults
    return {
        "ttft_ms": targets.ttft_ms,
        "tpot_ms": targets.tpot_ms,
        "latency_default": targets.latency_default,
        "concurrency": req.concurrency,
        "qps": req.qps,
        "daily_users": req.daily_users,
        "load_default": req.load_default,
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "kv_tokens": req.kv_tokens,
        "lengths_default": req.input_tokens_default or req.output_tokens_default,
        **lengths_said(req),
    }
