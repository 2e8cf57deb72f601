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
    TYPICAL_MODELS,
    clouds_note,
    lengths_said,
    plan_on_named_clouds,
    read_as,
    refused,
    serve_request,
    shown_warnings,
)
from bot.dialogue.hardware import china_prices_apply, main_variant
from bot.dialogue.reply import Reply
from bot.nlu.counts import counts_by_gpu
from bot.nlu.intents import several_questions
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import COST_ASKS, UPGRADE_ASKS, WORTH_ASKS
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
    load = _load(req)
    floor = data["workload"].get("floor_tpot_ms")
    if floor is not None:  # the default per-token target raised at the model's latency floor (serve_plan)
        load.update(tpot_ms=data["workload"]["tpot_ms"], floor_tpot_ms=floor)
    reply.add(
        "serve_cheapest",
        **load,
        volume_said=q.slot("volume_said"),
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
        job_model=bool(q.context.get("job_model")) and not q.u.said.get("model"),
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
    model_assumed = req is None and asks_cost(low)
    if model_assumed:
        # "A10G 和 L4 推理哪个便宜": which costs less to serve depends on the model, so it is weighed on a
        # typical small open model (said as assumed) rather than on price per GPU-hour alone.
        req = serve_request(replace(q, context={**q.context, "model": TYPICAL_MODELS[0]}), hardware=False)
    if req is None:
        return False
    # "one H200 or two A100s", "2 张 H100 还是 1 张 B200": each GPU weighed on the count asked for.
    said_counts = counts_by_gpu(q.text)
    rows: list[dict[str, Any]] = []
    for name in names[:MAX_COMPARED]:
        spec = main_variant(q.catalog, name)
        if spec is None:
            return False
        count = said_counts.get(name)
        try:
            result = plan_serving(replace(req, gpu=spec.id, gpus=count), q.catalog)
        except SizingError as exc:
            refused(q, exc, reply)
            return True
        found: list[dict[str, Any]] = result.to_dict()["options"]  # type: ignore[assignment]
        if not _priced(found) and china_prices_apply(spec.id, reply.lang, q.u.region):
            found = _china_priced(q, replace(req, gpu=spec.id, gpus=count)) or found
        row: dict[str, Any] = {"name": spec.name, "gpu_id": spec.id, "count": count}
        row["option"] = _on_count(found, count, req.precision) if count else _first_fitting(found)
        if count and row["option"] is not None:
            row["option"], row["per_gpu_hour"] = _per_gpu_hour(q, row["option"])
        rows.append(row)
    counted = any(r["count"] for r in rows)
    same_shape = None if counted else _like_for_like(q, req, rows)
    holding = [r for r in rows if r["option"] is not None]
    priced = [r["option"] for r in holding if r["option"]["cost"]["hourly_usd"]]
    # The pick: the cheapest per token of those that meet the latency targets (of all when none does),
    # once every GPU compared has a priced plan (on the counts asked: of those that hold the model).
    weighed = len(priced) == len(holding if counted else rows) and bool(priced)
    meeting = [o for o in priced if o.get("meets_latency")] or priced
    pick = min(meeting, key=lambda o: o["cost"]["usd_per_million_output_tokens"]) if weighed else None
    # A GPU with no price in the catalogue (the RTX 4090) leaves cost per token unknown: the pick is on
    # what is known (the latency targets, then speed per user), and the answer says which price is missing.
    known = [r["option"] for r in holding]
    unpriced = [r["name"] for r in holding if not r["option"]["cost"]["hourly_usd"]]
    by_speed = None
    if pick is None and unpriced and len(known) == len(holding if counted else rows) and len(known) > 1:
        fast = [o for o in known if o.get("meets_latency")] or known
        by_speed = min(fast, key=lambda o: o["tpot_ms"])
    chosen = pick or by_speed
    reply.add(
        "serve_compare",
        **_load(req),
        volume_said=q.slot("volume_said"),
        model=req.model.name,
        named=req.model_id is not None,
        params=req.model.params_total,
        read_as=None if model_assumed else read_as(q, req),
        model_assumed=model_assumed,
        precision=req.precision,
        rows=rows,
        cheaper=min(priced, key=lambda o: o["cost"]["usd_per_million_output_tokens"])["gpu_name"]
        if weighed
        else None,
        faster=min(priced, key=lambda o: o["tpot_ms"])["gpu_name"] if weighed else None,
        pick=chosen["gpu_name"] if chosen else None,
        pick_count=next((r["count"] for r in rows if chosen and r["name"] == chosen["gpu_name"]), None),
        worth=worth and len(rows) == 2 and by_speed is None,
        pick_meets=bool(chosen and chosen.get("meets_latency")),
        others_meet=sum(1 for o in (known if by_speed else priced) if o.get("meets_latency")),
        by_speed=by_speed,
        slower=max(known, key=lambda o: o["tpot_ms"]) if by_speed else None,
        unpriced=unpriced if by_speed else [],
        same_shape=same_shape,
        counted=counted,
        # On the counts asked, the one set that holds the model at all
        only_holds=holding[0]["name"] if counted and len(holding) == 1 and len(rows) > 1 else None,
    )
    return True


def asks_cost(low: str) -> bool:
    """Whether a comparison asks only which costs less to serve ("哪个便宜", "which costs less per token?"),
    not which is better value (memory bandwidth per dollar, answers/compare.py) nor a price beside another
    question ("哪个推理快？每小时贵多少": each answered in turn)."""
    return has_cue(low, COST_ASKS) and not several_questions(low)


def _first_fitting(found: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((o for o in found if o["fits"]), None)


def _on_count(found: list[dict[str, Any]], count: int, precision: str) -> dict[str, Any] | None:
    """The plan on exactly the GPUs asked for: in the precision asked (or the model's) where it holds
    the model, else the first lower precision that does; None where none does."""
    # one copy of the model on them, or the copies the plan runs on exactly those GPUs where they serve
    # the load better ("copies", serve_plan._copies)
    on_count = [
        o
        for o in found
        if o["fits"] and o["gpus"] == count and (o["replicas"] == 1 or o["label"] == "copies")
    ]
    same = [o for o in on_count if o["precision"] == precision]
    return next((o for o in same if o["label"] == "copies"), None) or next(iter(same or on_count), None)


def _per_gpu_hour(q: Question, o: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A plan on fewer GPUs than the instance it is priced on (one H200 of an 8-GPU `p5en.48xlarge`),
    priced per GPU-hour of that instance, and the instance it was priced from; unchanged otherwise."""
    instance_gpus = _instance_gpus(q, o)
    if instance_gpus is None or not o["cost"]["hourly_usd"] or instance_gpus <= o["gpus"]:
        return o, None
    share = o["gpus"] / instance_gpus
    cost = dict(o["cost"])
    cost["hourly_usd"] = cost["hourly_usd"] * share
    if cost.get("monthly_usd"):
        cost["monthly_usd"] = cost["monthly_usd"] * share
    if cost.get("usd_per_million_output_tokens"):
        cost["usd_per_million_output_tokens"] = cost["usd_per_million_output_tokens"] * share
    per_gpu_hour = {
        "instance": o["cost"]["instance"],
        "instance_gpus": instance_gpus,
        "instance_hourly_usd": o["cost"]["hourly_usd"],
    }
    return {**o, "cost": cost}, per_gpu_hour


def _like_for_like(q: Question, req: Any, rows: list[dict[str, Any]]) -> int | None:
    """A GPU set on more GPUs per copy than the others only because its instance is rented whole (8 H200s
    per copy of a 70B beside 2 H100s: the H200 is rented only as 8-GPU instances) is re-planned on the
    largest shape of the others and priced per GPU-hour of its instance, so the comparison is like for
    like; kept as it was where that shape would miss the latency it met. Returns the shared GPUs per copy
    when a row was re-planned, else None."""
    if len(rows) < 2 or any(r["option"] is None for r in rows):
        return None
    replanned: dict[int, dict[str, Any]] = {}
    for i, r in enumerate(rows):
        o = r["option"]
        others = [x["option"]["gpus_per_replica"] for j, x in enumerate(rows) if j != i]
        target = int(max(others))
        whole = _instance_gpus(q, o)
        if (
            o["gpus_per_replica"] <= target
            or whole is None
            or whole != o["gpus_per_replica"]
            or o["replicas"] > 1
        ):
            continue
        try:
            result = plan_serving(replace(req, gpu=r["gpu_id"], gpus=target), q.catalog)
        except SizingError:
            continue
        found: list[dict[str, Any]] = result.to_dict()["options"]  # type: ignore[assignment]
        new = next((x for x in found if x["fits"] and x["gpus_per_replica"] == target), None)
        if new is None or (o.get("meets_latency") and not new.get("meets_latency")):
            continue
        priced, per_gpu_hour = _per_gpu_hour(q, new)
        if per_gpu_hour is None:
            continue
        replanned[i] = priced
        r["per_gpu_hour"] = per_gpu_hour
    for i, new in replanned.items():
        rows[i]["option"] = new
    shapes = {r["option"]["gpus_per_replica"] for r in rows}
    return int(shapes.pop()) if replanned and len(shapes) == 1 else None


def _instance_gpus(q: Question, o: dict[str, Any]) -> int | None:
    """GPUs in the instance an option is priced on, from the catalogue's offerings."""
    instance, cloud = o["cost"].get("instance"), o["cost"].get("cloud")
    if not instance:
        return None
    return next(
        (int(x.gpu_count) for x in q.catalog.offerings if x.instance_type == instance and x.cloud == cloud),
        None,
    )


def _china_priced(q: Question, req: Any) -> list[dict[str, Any]] | None:
    """The plan priced from the Chinese marketplaces' yuan lists (the RTX 4090 and 3090 at 算家云, as the
    training comparison and the price answer quote them), or None where they price no plan that holds it."""
    try:
        result = plan_serving(req, q.kb.china_plan_catalog)
    except SizingError:
        return None
    found: list[dict[str, Any]] = replace(result, currency="CNY").to_dict()["options"]  # type: ignore[assignment]
    return found if any(o["fits"] and o["cost"]["hourly_usd"] for o in found) else None


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
        "daily_requests": req.daily_requests,
        "load_default": req.load_default,
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "kv_tokens": req.kv_tokens,
        "lengths_default": req.input_tokens_default or req.output_tokens_default,
        **lengths_said(req),
        "engine": req.engine,
    }
