"""Serving questions ("how many GPUs to serve Llama 3 70B to 100 users?", "部署Qwen2.5-72B做推理，50个并发")
are answered by the serving engine (sizing/serve_plan.py) over the model cards: which GPUs, how many
replicas, memory, speed, latency and cost, with the lengths and latency it assumes stated. They never
start the training form. Without a model or a size the answer says what the weights of a serving
precision take and what a serving estimate needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple, cast

from bot.dialogue.answers.base import Question
from bot.dialogue.answers.capability import serving_verdict
from bot.dialogue.answers.serve_batch import add_batch_answer, add_batch_typical
from bot.dialogue.clouds import any_provider
from bot.dialogue.hardware import china_gpus
from bot.dialogue.reply import Reply
from bot.dialogue.understand import Understood
from bot.nlu.intents import counts_gpus
from bot.nlu.lexicon import asks_price, asks_token_price, has_cue
from bot.nlu.question_cues import PER_TOKEN_COST
from bot.nlu.serving import BATCH_USES, adapters_served, latency_percentile, names_encoder_model
from bot.nlu.text import normalise
from knowledge.latency_percentiles import latency_percentiles
from sizing.assumptions import HOURS_PER_MONTH
from sizing.errors import SizingError
from sizing.model_arch import ModelArchitecture
from sizing.serve_layout import LARGE_BATCH_PER_GPU, SERVE_LAYOUTS, ServeLayout, expert_parallel_possible
from sizing.serve_load import DEFAULT_CONCURRENCY, peak_qps, peak_qps_from_requests
from sizing.serve_memory import LINEAR_BYTES
from sizing.serve_plan import plan_serving
from sizing.serve_rank import Context
from sizing.serve_result import ServeResult
from sizing.serve_types import (
    DEFAULT_INPUT_TOKENS,
    DEFAULT_OUTPUT_TOKENS,
    DEFAULT_TTFT_MS,
    SERVE_ENGINES,
    SERVE_PRECISIONS,
    SHORT_ANSWER_TOKENS,
    TYPICAL_PROMPT_TOKENS,
    BatchJob,
    ServePrecision,
    ServeRequest,
    prompt_for_context,
)
from sizing.types import Budget
from sizing.workload import LORA_RANK, lora_params

NEEDS = ("model",)  # a model name, or its size ("a 70B model")
DEFAULTS: dict[str, Any] = {
    "input_tokens": DEFAULT_INPUT_TOKENS,
    "output_tokens": DEFAULT_OUTPUT_TOKENS,
    "precision": "the model's published precision (BF16 for most)",
    "latency": "with a load: ≤ 2 s to the first token, ≤ 50 ms per output token",
}
# The formats a size-only serving answer quotes; bytes per weight come from sizing.serve_memory, which
# sources its INT4 group scales (a model with no known architecture is all linear weights here).
QUOTED_FORMATS = ("bf16", "fp8", "int4")
# The ways a load is said, in the order serve_request reads them: at once, per second, users a day, requests
# a day (one message's load replaces the earlier one whichever way it is said).
LOAD_SLOTS = ("concurrency", "qps", "daily_users", "daily_requests")
SHOWN_OPTIONS = 4  # option rows in the chat answer; the rest is one "show the math" away
# A serving question that names no model is sized for these, a typical small and a typical large
# open chat model (an assumption the answer states), and asks which model is meant.
TYPICAL_MODELS = ("llama-3.1-8b", "llama-3.3-70b")


def serve_request(q: Question, *, default_load: bool = True, hardware: bool = True) -> ServeRequest | None:
    """The serving request a question asks, or None without a model or a size. Without any load and
    without named hardware it is sized for a stated default load (DEFAULT_CONCURRENCY requests in
    flight) unless `default_load` is False; a context ("32k context") sizes each request's KV cache.
    `hardware` False: GPUs named are compared or ranked by the caller, not the hardware to plan on."""
    model_id = q.slot("model")
    card = q.kb.find_model(str(model_id)) if model_id else None
    if card is not None:
        arch = q.kb.model_architecture(card.id)
    elif q.slot("params") is not None:
        arch = ModelArchitecture.standard(float(q.slot("params")), q.slot("active_params"))
    else:
        return None
    said = q.slot("precision")
    precision: ServePrecision = next(
        (p for p in SERVE_PRECISIONS if p == said), card.native_precision if card is not None else "bf16"
    )
    job = batch_job(q)
    output_tokens = batch_answer_tokens(q, int(q.slot("output_tokens") or 0) or None)
    answer_tokens = output_tokens or DEFAULT_OUTPUT_TOKENS
    context = int(q.slot("seq_len") or 0) or None
    said_window, prompt, use = typical_request(q, output_tokens, answer_tokens)
    if (
        prompt is None
        and q.u.tokens_per_sample
        and batch_requests(q)
        and q.slot("serve_use") != "batch_generate"
    ):
        prompt = int(q.u.tokens_per_sample)  # a follow-up's "of 2k tokens each": the items are the prompts
    input_tokens = prompt_for_context(context, prompt, answer_tokens)
    if card is not None and card.long_context is not None:
        if uses_long_context(card, input_tokens, answer_tokens, max(context or 0, said_window or 0) or None):
            # "Qwen2.5-72B，128k 上下文": past config.json's window, within the one its card documents with
            # RoPE scaling on (YaRN): planned there, and the answer says so (long_context_note)
            arch = replace(arch, max_context=card.long_context.tokens)
    if card is not None and output_tokens is None and input_tokens and context is None:
        window = arch.max_context
        if input_tokens <= window < input_tokens + answer_tokens:
            # "Llama 2 7B at 4k tokens": a window the NLU reads as the prompt; the default answer
            # fits inside it rather than pushing the request past the model's context.
            context, input_tokens = input_tokens, max(1, input_tokens - answer_tokens)
    now = q.u.said
    if any(now.get(k) is not None for k in LOAD_SLOTS):
        # The message states the load one way: "what about 200 users?" replaces an earlier rate.
        concurrency, qps, daily, requests = (now.get(k) for k in LOAD_SLOTS)
    else:
        concurrency, qps, daily, requests = (q.slot(k) for k in LOAD_SLOTS)
    gpu = q.slot("gpu") if hardware else None
    no_load = not (concurrency or qps or daily or requests)
    load = _load(concurrency, qps, daily, requests)
    # A GPU type named without a count ("how many H20?") is sized for the pilot load as well, so the
    # plan meets chat latency; a count ("on 2 H20s") asks what that hardware carries at full load.
    batch = q.slot("serve_use") in BATCH_USES  # an offline job, counted or not: full replicas, no pilot load
    load_default = default_load and no_load and not (gpu and q.slot("gpu_count")) and not batch
    return ServeRequest(
        model=arch,
        model_id=card.id if card is not None else None,
        precision=precision,
        input_tokens=input_tokens or DEFAULT_INPUT_TOKENS,
        output_tokens=answer_tokens,
        input_tokens_default=input_tokens is None or use is not None,
        output_tokens_default=output_tokens is None or short_answer_assumed(q, job),
        context_tokens=context,
        window_tokens=said_window
        if said_window is not None and said_window > (input_tokens or 0) + answer_tokens
        else None,
        prompt_use=use,
        **{**load, "concurrency": DEFAULT_CONCURRENCY if load_default else load["concurrency"]},
        load_default=load_default,
        ttft_ms=q.slot("ttft_ms"),
        tpot_ms=q.slot("tpot_ms"),
        gpu=gpu,
        gpus=q.slot("gpu_count") if gpu else None,
        budget=_budget(q.slot("budget")),
        today=q.today,
        layout=_layout(q.slot("serve_layout")),
        engine=next((e for e in SERVE_ENGINES if e == q.slot("serve_engine")), None),
        batch=job,
    )


def batch_job(q: Question) -> BatchJob | None:
    """The offline job a serving question describes (Slots.serve_use one of BATCH_USES): the requests counted
    (documents, prompts, samples) and the days said to finish in ("within 3 days", "三天内跑完"; "no rush" /
    "不急" or nothing said: no window). None for a live service, or a job whose size was not counted (then the
    plan is one replica at full load, and the answer asks how many)."""
    count = batch_requests(q)
    if count is None:
        return None
    days = q.slot("days")
    window = float(days) * 24.0 if days and not q.u.no_deadline else None
    return BatchJob(count, window)


def batch_requests(q: Question) -> int | None:
    """The requests of the batch job under discussion: items counted now ("10M documents then") or before."""
    if q.slot("serve_use") not in BATCH_USES:
        return None
    count = q.u.samples or q.slot("batch_requests")
    return int(float(count)) if count and float(count) >= 1 else None


def batch_answer_tokens(q: Question, output_tokens: int | None) -> int | None:
    """A batch job's answer length: the one said, else SHORT_ANSWER_TOKENS for labels and scores (said as
    assumed), else None (the default)."""
    if output_tokens is None and q.slot("serve_use") == "batch_generate" and q.u.tokens_per_sample:
        return int(q.u.tokens_per_sample)  # a follow-up's "每条 800 tokens" of items the job writes
    if output_tokens is None and q.slot("serve_use") == "batch_label":
        return SHORT_ANSWER_TOKENS
    return output_tokens


def short_answer_assumed(q: Question, job: BatchJob | None) -> bool:
    """The answer length of a labelling or scoring job is ours (SHORT_ANSWER_TOKENS), not said."""
    return q.slot("serve_use") == "batch_label" and not q.slot("output_tokens")


def _load(concurrency: Any, qps: Any, daily: Any, requests: Any) -> dict[str, Any]:
    """A ServeRequest's load fields from the four ways a load is said (LOAD_SLOTS)."""
    return {
        "concurrency": int(concurrency) if concurrency and not qps else None,
        "qps": float(qps) if qps else None,
        "daily_users": int(daily) if daily and not (concurrency or qps) else None,
        # Requests a day win over daily users (the engine sizes them and says the users were not used).
        "daily_requests": int(requests) if requests and not (concurrency or qps) else None,
    }


def load_changed(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """A what-if on the load after a serving answer ("what about 200 concurrent users?", "改成每天 5 万次
    请求呢"): the load before and after and the first option each gets, for the "what changed" line;
    None when the message names a model (a new request) or no earlier load differs from the one said now."""
    said = q.u.said
    if not any(said.get(k) is not None for k in LOAD_SLOTS) or said.get("model") or said.get("params"):
        return None
    before = _load(*(q.context.get(k) for k in LOAD_SLOTS))
    if not any(before.values()) or all(before[k] == getattr(req, k) for k in before):
        return None
    options = list(data["options"])
    try:
        _, earlier = _planned(q, replace(req, **before, load_default=False))
    except SizingError:
        return None
    old = list(cast(list[dict[str, Any]], earlier.to_dict()["options"]))
    if not options or not old:
        return None
    return {
        "before": before,
        "after": _load(req.concurrency, req.qps, req.daily_users, req.daily_requests),
        "old": old[0],
        "new": options[0],
    }


def asks_count(q: Question) -> bool:
    """Whether the serving question is how many GPUs: asked now ("how many H100s to serve …", "要几张 H100"),
    or asked before and the message only changes or re-prices its plan ("what about on AWS?", "那 500 人呢"),
    so the count still leads. A new request for another model ("serve Mistral 7B for 20 users") asks
    afresh."""
    if counts_gpus(normalise(q.text).lower):
        return True
    if not q.context.get("counts_gpus"):
        return False
    return q.u.kind in ("whatif", "correction") or not any(q.u.said.get(k) for k in ("model", "params"))


def typical_request(
    q: Question, output_tokens: int | None, answer_tokens: int
) -> tuple[int | None, int | None, str | None]:
    """(window, prompt, use) a serving question states. A context window said alone ("128k context", "上下文
    32k") is the longest request the deployment must accept, not every prompt's length: the prompt is the
    typical one for the use said (chat unless RAG, code or agents: TYPICAL_PROMPT_TOKENS), within the window,
    and `use` names it (None when the prompt was said, or every request fills the window)."""
    window = int(q.slot("context_tokens") or 0) or None
    prompt = int(q.slot("input_tokens") or 0) or None
    if window is None:
        return None, prompt, None
    # The NLU reads a window said alone as the prompt it leaves for the answer (bot/nlu/parser.py).
    left = window - output_tokens if output_tokens is not None and output_tokens < window else window
    said_use = q.slot("serve_use")
    if prompt is not None and prompt != left:
        return window, prompt, None  # "上下文 32k，每次输入大约 8k": the prompt said, within the window said
    if said_use == "full":
        return window, max(1, window - answer_tokens), None  # "every request fills the 32k context"
    use = said_use if said_use in TYPICAL_PROMPT_TOKENS else "chat"
    return window, max(1, min(TYPICAL_PROMPT_TOKENS[use], window - answer_tokens)), use


def uses_long_context(card: Any, input_tokens: int | None, answer_tokens: int, context: int | None) -> bool:
    """Whether a request needs more than the card's config.json window and its documented RoPE-scaled
    window holds it."""
    long = getattr(card, "long_context", None)
    if long is None:
        return False
    needed = max((input_tokens or 0) + answer_tokens, context or 0)
    return bool(
        card.max_context < needed and (input_tokens or 0) <= long.tokens and (context or 0) <= long.tokens
    )


def long_context_note(q: Question, req: ServeRequest) -> dict[str, Any] | None:
    """The RoPE-scaled window a plan relies on, to be said with it (None: the native window holds it)."""
    card = q.kb.find_model(str(req.model_id)) if req.model_id else None
    long = getattr(card, "long_context", None)
    if card is None or long is None or req.longest_tokens <= card.max_context:
        return None
    return {"model": card.name, "native": card.max_context, "tokens": long.tokens, "method": long.method}


def _layout(value: Any) -> ServeLayout | None:
    """The replica layout the user named (bot/nlu Slots.serve_layout), as the engine spells it."""
    return next((lay for lay in SERVE_LAYOUTS if lay == value), None)


def _budget(value: Any) -> Budget | None:
    if isinstance(value, Budget):
        return value
    if isinstance(value, Mapping) and value.get("amount"):
        return Budget(float(value["amount"]), value.get("currency") or "USD", value.get("period") or "total")
    return None


def plan(q: Question) -> tuple[ServeRequest, ServeResult] | SizingError | None:
    req = serve_request(q)
    if req is None:
        return None
    try:
        return _planned(q, req)
    except SizingError as exc:
        return exc


def _planned(q: Question, req: ServeRequest) -> tuple[ServeRequest, ServeResult]:
    """`req` planned where the question asks (mainland China, the named clouds or everywhere)."""
    if req.gpu is None and in_china(q):
        found = _china_plan(q, req)
        if found is not None:
            return found
    return req, plan_on_named_clouds(q, req)


# A mainland-China serving plan with fewer GPUs wins over the cheapest when it costs at most this much
# more per hour: fewer machines to run and fewer to fail (48 consumer cards against 8 datacenter
# ones for a 72B model at ~10% less). Our assumption, like the training ranking's 10% time window.
FEWER_GPUS_PREMIUM = 1.25


def in_china(q: Question) -> bool:
    """Whether the job is planned in mainland China: said now, or said of the same job before ("在国内部署
    …" … "那如果用 FP8 呢")."""
    return q.u.region == "cn" or (q.context.get("region") == "cn" and q.same_market)


def _china_plan(q: Question, req: ServeRequest) -> tuple[ServeRequest, ServeResult] | None:
    """A mainland-China deployment is planned on a GPU rentable there (hardware.china_gpus: H800,
    H20, A800 and the cards Chinese marketplaces list), as a China training plan is: the one that
    holds the model and meets the latency targets, priced in yuan from the Chinese list prices (a
    marketplace's per-GPU price times the GPUs of one host): the cheapest per hour, unless a plan
    with fewer GPUs costs at most FEWER_GPUS_PREMIUM more; unpriced ones after the priced, fewest
    GPUs first."""
    catalog = q.kb.china_plan_catalog
    found: list[_ChinaCandidate] = []
    for gpu in china_gpus(catalog):
        fixed = replace(req, gpu=gpu)
        try:
            result = plan_serving(fixed, catalog)
        except SizingError:
            continue
        first = result.options[0] if result.options else None
        if first is None or not first.fits:
            continue
        hourly = first.hourly_usd
        found.append(
            _ChinaCandidate(
                not first.meets_latency,
                hourly is None,
                hourly if hourly is not None else 0.0,
                first.gpus,
                -first.output_tokens_per_second,
                fixed,
                result,
            )
        )
    if not found:
        return None
    best = min(found, key=_ChinaCandidate.rank)
    if not best.unpriced:  # a plan as good on latency with fewer GPUs and a small premium wins
        close = [
            c
            for c in found
            if (c.late, c.unpriced) == (best.late, best.unpriced)
            and c.hourly_usd <= best.hourly_usd * FEWER_GPUS_PREMIUM
        ]
        best = min(close, key=lambda c: (c.gpus, c.hourly_usd))
    first_quote = best.result.options[0].quote
    currency = first_quote.offering.currency if first_quote else "USD"
    return best.request, replace(best.result, currency=currency)


class _ChinaCandidate(NamedTuple):
    """One China GPU's serving plan, as _china_plan weighs it."""

    late: bool  # misses the latency target
    unpriced: bool
    hourly_usd: float  # 0 when unpriced
    gpus: int
    minus_tokens_per_s: float
    request: ServeRequest
    result: ServeResult

    def rank(self) -> tuple[bool, bool, float, int, float]:
        return (self.late, self.unpriced, self.hourly_usd, self.gpus, self.minus_tokens_per_s)


def plan_on_named_clouds(q: Question, req: ServeRequest) -> ServeResult:
    """The serving plan priced on the clouds the message names ("on AWS"), or on the whole
    catalogue when none of them sells hardware that serves it (`clouds_note` says which)."""
    if q.clouds:
        result = plan_serving(req, q.market)
        if any(o.fits for o in result.options):
            return result
    return plan_serving(req, q.catalog)


def lifted_clouds(q: Question) -> bool:
    """Whether the message lifts the clouds an earlier answer about the job was priced on ("any provider")."""
    return not q.u.providers and bool(q.context.get("clouds")) and any_provider(q.text)


def clouds_note(q: Question, options: Any) -> dict[str, Any]:
    """What the reply says about the clouds named: priced there, or none of them could serve it."""
    clouds = list(q.clouds)
    first = options[0] if options else None
    cloud = (first or {}).get("cost", {}).get("cloud") if first else None
    return {
        "clouds": clouds,
        "clouds_fallback": bool(clouds) and cloud is not None and cloud not in clouds,
        "clouds_kept": bool(q.kept_clouds),
        "clouds_lifted": lifted_clouds(q),
    }


def serving_answer(q: Question, reply: Reply) -> bool:
    found = plan(q)
    if found is None:
        return False
    if isinstance(found, SizingError):
        refused(q, found, reply)
        return True
    req, result = found
    data = result.to_dict()
    china = in_china(q) and not q.slot("gpu")
    note = long_context_note(q, req)
    if note is not None:
        reply.add("long_context", **note)
    verdict = budget_verdict(q, req, data)
    if verdict is not None:
        reply.add("serve_budget_verdict", **verdict)
        warnings = cast(list[dict[str, Any]], data.get("warnings") or [])
        data = {**data, "warnings": [w for w in warnings if w.get("code") != "serve_over_budget"]}
    # "what is that per million tokens?" after a plan: the plan's own price of a token (serve_holds)
    per_token = bool(q.context.get("served")) and asks_token_cost(q)
    unit = None if per_token else unit_cost(q, req, data)
    if unit is not None:
        reply.add("serve_unit_cost", **unit)
    hours = busy_hours_saving(q, data)
    if hours is not None:
        reply.add("serve_busy_hours", **hours)
    carries = plan_capacity(q, req, data) if unit is None and hours is None else None
    changed = load_changed(q, req, data)
    cost_asked = per_token or (bool(q.context.get("served")) and asks_plan_cost(q))
    answered = (
        verdict is not None
        or unit is not None
        or hours is not None
        or carries is not None
        or said_latency(q)
        or cost_asked
    )
    held = answered and changed is None and plan_held(q, req, data)
    if carries is not None:
        reply.add("serve_capacity", **carries, held=held)
    if changed is not None:
        reply.add("serve_changed", **changed)
    if held:
        # "how many requests per second would that handle?", "延遲 2 秒" after the plan: the answer, and
        # one line that the plan shown stands, not the plan again
        first = cast(list[dict[str, Any]], data["options"])[0]
        typical = latency_percentile(normalise(q.text).lower) is None  # a p99 is no typical time
        reply.add(
            "serve_holds",
            first=first,
            ttft_assumed=typical and q.u.said.get("ttft_ms") == DEFAULT_TTFT_MS,
            cost_asked=cost_asked and unit is None,  # "what's the monthly cost?": the cost leads
            per_token=per_token,
        )
        add_latency_note(q, data, reply)
        return True
    shown = {
        **view(req, data),
        "read_as": read_as(q, req),
        "china": china,
        "volume_said": q.slot("volume_said"),
        # "how many H100s to serve …", "要几张 H100": the count is the answer, so it leads
        "count_first": asks_count(q),
        **clouds_note(q, data["options"]),
        # "serving it for 20 users" after a training plan: the model just planned, said so
        "job_model": bool(q.context.get("job_model")) and not q.u.said.get("model"),
    }
    if q.slot("serve_use") in BATCH_USES:
        add_batch_answer(
            q, req, data, shown, reply
        )  # an offline job: its hours and whole cost, not a service
    else:
        reply.add("serve", **shown)
    add_adapter_note(q, req, reply)
    add_latency_note(q, data, reply)
    add_encoder_note(q, data, reply)
    return True


def cost_of_plan_shown(q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool) -> bool:
    """ "what's the monthly cost?", "每个月要多少钱？" right after a serving plan, saying nothing else: what
    that plan costs (serving_answer's one line), not the FAQ on billing or the training form."""
    if topic is None or topic.get("kind") != "serve" or form_in_progress:
        return False
    if not (topic.get("slots") or {}).get("served") or q.u.gpus or q.u.providers:
        return False
    return asks_plan_cost(q) or asks_token_cost(q)


def asks_token_cost(q: Question) -> bool:
    """ "what is that per million tokens?", "每百万 token 多少钱", "換算成每百萬 token 呢": the price of a
    token asked and nothing else said (the million itself may be read as tokens)."""
    low = normalise(q.text).lower
    if not has_cue(low, PER_TOKEN_COST):
        return False
    said = {k: v for k, v in q.u.said.items() if v is not None}
    return set(said) <= {"tokens"} and said.get("tokens") in (None, 1_000_000, 1_000)


# A price's period read as a deadline too ("一個月大概要花多少" is 30 days): that period's length in days.
PERIOD_DAYS = {"month": 30.0, "week": 7.0, "day": 1.0}


def asks_plan_cost(q: Question) -> bool:
    """A cost asked and nothing else said ("how much per hour?", "每个月要多少钱？"); a deadline of exactly
    the price's period ("一個月要花多少") is that period, not a deadline."""
    if not (q.u.asks_cost or (q.u.price_period and asks_price(normalise(q.text).lower))):
        return False
    said = {k for k, v in q.u.said.items() if v is not None}
    period = PERIOD_DAYS.get(str(q.u.price_period))
    return not said or (said == {"days"} and period is not None and q.u.said["days"] == period)


def said_latency(q: Question) -> bool:
    """A latency target said in this message ("延迟 2 秒", "30 tokens/s each"), or a percentile asked of the
    one held ("p99 呢"): add_latency_note answers it."""
    if q.u.said.get("ttft_ms") or q.u.said.get("tpot_ms"):
        return True
    return bool(q.slot("ttft_ms")) and latency_percentile(normalise(q.text).lower) is not None


# What the first option of a serving plan is: the same in these, the same plan to the user.
PLAN_IDENTITY = ("gpu", "gpus_per_replica", "replicas", "precision")


def plan_held(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> bool:
    """Whether this message, a follow-up to the serving plan shown (policy.topic_after marks it "served"),
    leaves that plan as it was: the same request, or one whose first option is the same GPUs, replicas,
    precision and instance (a latency target equal to the one assumed). A message that names a model or a
    size, or an offline job, is never a follow-up here."""
    if not q.context.get("served") or q.u.said.get("model") or q.u.said.get("params"):
        return False
    if q.slot("serve_use") in BATCH_USES or q.u.gpus:
        return False
    before_q = replace(q, text="", u=Understood(intent=q.u.intent, lang=q.u.lang))
    before = serve_request(before_q)
    if before is None:
        return False
    if before == req:
        return True
    try:
        _, earlier = _planned(before_q, before)
    except SizingError:
        return False
    old = cast(list[dict[str, Any]], earlier.to_dict()["options"])
    new = cast(list[dict[str, Any]], data.get("options") or [])
    if not old or not new or not new[0].get("fits"):
        return False
    same = all(old[0].get(k) == new[0].get(k) for k in PLAN_IDENTITY)
    return same and (old[0].get("cost") or {}).get("instance") == (new[0].get("cost") or {}).get("instance")


def add_adapter_note(q: Question, req: ServeRequest, reply: Reply) -> None:
    """LoRA adapters served on the base model ("serve 20 LoRA adapters on Llama 3.1 8B"): what one
    adapter of the default rank weighs in BF16 (sizing.workload.lora_params, the training side's count)
    and how the engines hold many; the base model's plan above stands."""
    named, count = adapters_served(normalise(q.text).lower)
    if not named:
        return
    params = lora_params(req.model.training_shape(), LORA_RANK)
    gb = params * ADAPTER_BYTES / 1e9
    reply.add(
        "serve_adapters",
        model=req.model.name,
        named=req.model_id is not None,
        params=params,
        rank=LORA_RANK,
        gb=gb,
        count=count,
        total_gb=gb * count if count else None,
    )


def add_latency_note(q: Question, data: Mapping[str, Any], reply: Reply) -> None:
    """A time-to-first-token target said now ("p99 under 2s", "延迟 2 秒以内"), or a percentile asked of the
    one said before ("p99 呢"): said back beside the typical time the plan models. The plan has no
    percentiles; a percentile target is compared with the typical time times the sourced tail factor
    (knowledge.latency_percentiles, an M/M/1 assumption the note labels)."""
    percentile = latency_percentile(normalise(q.text).lower)
    target = q.u.said.get("ttft_ms") or (q.slot("ttft_ms") if percentile is not None else None)
    per_token = q.u.said.get("tpot_ms")  # "30 tokens/s each": said back with what the plan gives
    options = data.get("options") or []
    if not (target or per_token) or not options or not options[0].get("ttft_ms"):
        return
    tails = latency_percentiles()
    factor = tails.factor(percentile) if percentile is not None and target else None
    typical = float(options[0]["ttft_ms"])
    reply.add(
        "serve_latency",
        percentile=percentile if target else None,
        target_ms=float(target) if target else None,
        typical_ms=typical,
        gpu_name=options[0]["gpu_name"],
        factor=factor,
        tail_ms=typical * factor if factor else None,
        typical_goal_ms=float(target) / factor if factor and target else None,
        cite=tails.citation,
        tpot_target_ms=float(per_token) if per_token else None,
        tpot_ms=options[0].get("tpot_ms"),
    )


# The FAQ entry that sizes embedding and reranker models (encoders), named after an LLM plan without them.
ENCODER_FAQ = "faq.encoder_serving"


def add_encoder_note(q: Question, data: Mapping[str, Any], reply: Reply) -> None:
    """A RAG stack named with its LLM ("bge-m3 embeddings + bge-reranker + Qwen2.5-14B"): the plan above
    covers the LLM only; the note says so, what the plan leaves free on each GPU beside the LLM, and
    where the encoders are sized (the FAQ entry: no KV cache, sized by throughput)."""
    options = data.get("options") or []
    if not options or not names_encoder_model(normalise(q.text).lower):
        return
    first = options[0]
    entry = q.kb.entry(ENCODER_FAQ)
    usable_gb = (first.get("gpu_usable_mib") or 0) * MIB / 1e9 or first.get("gpu_memory_gb") or 0.0
    free_gb = usable_gb - (first.get("memory_per_gpu_gb") or 0.0) if first.get("fits") else None
    reply.add(
        "serve_encoders",
        gpu_name=first["gpu_name"],
        free_gb=free_gb if free_gb is not None and free_gb > 0 else None,
        faq_title=entry.title if entry is not None else None,
    )


MIB = 1_048_576  # bytes in a MiB: the engine reports usable memory in MiB

ADAPTER_BYTES = 2  # an adapter is kept in BF16 beside weights of any precision

# Asking whether a budget is enough: "is $500 a month enough", "预算 3 万够不够", "can we afford".
ENOUGH_ASKS = ("enough", "sufficient", "cover", "afford", "够", "夠", "足够", "足夠", "撑得住", "负担得起")


def budget_verdict(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "is $500 a month enough to serve Mistral 7B?": yes or no first, from the plan's cheapest option
    that carries the load against the budget per hour (a monthly or total budget is a month of serving)."""
    if req.budget is None or not (q.u.yes_no or has_cue(normalise(q.text).lower, ENOUGH_ASKS)):
        return None
    if req.batch is not None and req.budget.period in ("total", "month"):
        return job_budget_verdict(q, req, data)
    # The cheapest option shown that carries the load, in any precision or on any GPU ("No" names it)
    priced = [
        o
        for o in data.get("options") or []
        if o.get("fits") and o.get("meets_latency", True) and ((o.get("cost") or {}).get("hourly_usd"))
    ]
    if not priced:
        return None
    first = min(priced, key=lambda o: float(o["cost"]["hourly_usd"]))
    cost = first["cost"]
    limit = Context(req, q.catalog).budget_usd_per_hour()
    if limit is None:
        return None
    over = float(cost["hourly_usd"]) > limit * 1.0001
    # A budget in yuan, or a plan priced in yuan, is answered in yuan.
    rate = q.catalog.usd_to_cny if req.budget.currency == "CNY" or cost.get("currency") == "CNY" else 1.0
    listed = cost.get("per_hour") if cost.get("currency") == "CNY" else None  # a Chinese list price
    hourly = float(listed) if listed else float(cost["hourly_usd"]) * rate
    return {
        "within": not over,
        "precision": first.get("precision") if first.get("precision") != req.precision else None,
        "currency": "CNY" if rate != 1.0 else "USD",
        "hourly": hourly,
        "monthly": hourly * HOURS_PER_MONTH,
        "limit_per_hour": limit * rate,
        "limit_per_month": limit * rate * HOURS_PER_MONTH,
        "gpus": first.get("gpus"),
        "gpu_name": first.get("gpu_name"),
    }


def job_budget_verdict(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "is $500 enough to label 5M reviews with Llama 3.1 8B?": a batch job's total budget (or a month's,
    for a job run each month) against the whole job's cost on its cheapest option (any precision shown), in
    the budget's currency."""
    assert req.budget is not None
    priced = [
        o
        for o in data.get("options") or []
        if o.get("fits") and (o.get("job") or {}).get("cost") and o["job"]["cost"].get("usd")
    ]
    if not priced:
        return None
    cheapest = min(priced, key=lambda o: float(o["job"]["cost"]["usd"]))
    rate = q.catalog.usd_to_cny if req.budget.currency == "CNY" else 1.0
    budget_usd = req.budget.amount / rate
    job_usd = float(cheapest["job"]["cost"]["usd"])
    return {
        "job": True,
        "within": job_usd <= budget_usd * 1.0001,
        "currency": req.budget.currency,
        "job_cost": job_usd * rate,
        "budget": req.budget.amount,
        "per_month": req.budget.period == "month",
        "hours": cheapest["job"]["hours"],
        "gpus": cheapest["gpus"],
        "gpu_name": cheapest["gpu_name"],
        "precision": cheapest["precision"],
    }


# Shown beside the planned load's cost per token when full load is at least this much cheaper per token.
FULL_LOAD_SAVING = 0.2


def unit_cost(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "how much per million tokens to serve Llama 3.1 70B on H100s?": a GPU-hour costs the same busy or
    idle, so the price of a token is the hour over the tokens it makes. Led by the first option's GPUs at
    full load (as many requests as memory holds), with the planned load's price beside it when that is
    FULL_LOAD_SAVING or more dearer. None when the message asks no price per token."""
    low = normalise(q.text).lower
    if not asks_token_price(low) and q.u.token_price is None:
        return None
    options = data.get("options") or []
    first = options[0] if options else None
    cost = (first or {}).get("cost") or {}
    if first is None or not first.get("fits") or not cost.get("usd_per_million_output_tokens"):
        return None
    full = _full_load(q, req, first)
    if q.u.token_price is not None:
        # weighed against a quote: the option shown whose token is cheapest at full load (on the first
        # option's GPUs in FP8 too, when no precision is said), not only the first
        others = [o for o in options[1:] if o.get("fits")]
        if q.slot("precision") is None:
            others += [{**o, "precision": "fp8"} for o in options if o.get("precision") in ("bf16", "fp16")][
                :2
            ]
        for option in others:
            other = _full_load(q, req, option)
            cheaper, now = _per_million(other), _per_million(full)
            if cheaper is not None and (now is None or cheaper < now):
                first, full = option, other
                cost = option.get("cost") or {}
    full_cost = _per_million(full)
    if not full.get("fits") or not full_cost or not cost.get("usd_per_million_output_tokens"):
        return None
    planned = float(cost["usd_per_million_output_tokens"])
    return {
        "gpus": first["gpus_per_replica"],
        "gpu_name": first["gpu_name"],
        "precision": first["precision"],
        "full_cost": float(full_cost),
        "full_concurrency": full["concurrency"],
        "full_tokens_per_s": full["output_tokens_per_second"],
        "full_per_user": full["output_tokens_per_second_per_user"],
        "hourly": full["cost"]["hourly_usd"],
        "planned_cost": planned if float(full_cost) <= (1 - FULL_LOAD_SAVING) * planned else None,
        "planned_concurrency": first["concurrency"],
        "api": _against_the_api(q, float(full_cost), planned, float(full["cost"]["hourly_usd"]), full),
    }


HOURS_PER_WEEK = 168.0


def busy_hours_saving(q: Question, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "only busy 9am to 6pm on weekdays: what do we save by scaling down?": GPUs billed by the hour cost
    only the busy share of the week when stopped outside it. With a plan (`data`), its first option's month
    on demand round the clock and busy hours only, and one replica kept up outside them when there are
    several; without (no model named), the share alone. None when no busy hours are said."""
    if q.u.busy_hours is None:
        return None
    hours, days = q.u.busy_hours
    busy = hours * days
    share = busy / HOURS_PER_WEEK
    options = data.get("options") or []
    first = options[0] if options else None
    cost = (first or {}).get("cost") or {}
    monthly = cost.get("monthly_usd") if first is not None and first.get("fits") else None
    replicas = int((first or {}).get("replicas") or 1)
    return {
        "hours": hours,
        "days": days,
        "busy": busy,
        "saving": 1.0 - share,
        "gpus": (first or {}).get("gpus"),
        "gpu_name": (first or {}).get("gpu_name"),
        "replicas": replicas,
        "gpus_per_replica": (first or {}).get("gpus_per_replica"),
        "monthly": float(monthly) if monthly else None,
        "busy_monthly": float(monthly) * share if monthly else None,
        "warm_monthly": float(monthly) / replicas * (1.0 - share) if monthly and replicas > 1 else None,
    }


def _per_million(option: Mapping[str, Any]) -> float | None:
    value = (option.get("cost") or {}).get("usd_per_million_output_tokens")
    return float(value) if value else None


def _against_the_api(
    q: Question, full_cost: float, planned: float, hourly: float, full: Mapping[str, Any]
) -> dict[str, Any] | None:
    """ "is self-hosting cheaper than an API at $0.90 per million tokens?": the price quoted against a
    self-hosted token, in the quote's currency. GPUs bill by the hour busy or idle, so self-hosting wins only
    above the output rate at which the hour's tokens cost the quote: that rate, its share of full load, and
    the output tokens a day it makes round the clock. "yes" when the load said already beats the quote,
    "busy" when only full load does, "no" when not even full load does. None with no price quoted."""
    if q.u.token_price is None or q.u.token_price[0] <= 0:
        return None
    amount, currency = q.u.token_price
    rate = q.catalog.usd_to_cny if currency == "CNY" else 1.0
    api_usd = amount / rate
    break_even = hourly * 1e6 / (api_usd * 3600)  # output tokens/s at which an hour costs the quote
    load_said = any(q.slot(k) is not None for k in LOAD_SLOTS)
    verdict = "no" if full_cost >= api_usd else ("yes" if load_said and planned < api_usd else "busy")
    return {
        "verdict": verdict,
        "currency": currency,
        "quote": amount,
        "full_cost": full_cost * rate,
        "planned_cost": planned * rate,
        "load_said": load_said,
        "break_even_tokens_per_s": break_even,
        "break_even_share": break_even / float(full["output_tokens_per_second"]),
        "break_even_tokens_a_day": break_even * 86400,
    }


def _full_load(q: Question, req: ServeRequest, first: Mapping[str, Any]) -> dict[str, Any]:
    """One replica of the option `first` at full load: as many requests in flight as its memory holds, no
    latency target ({} when the engine will not plan it)."""
    shape = replace(
        req,
        gpu=first["gpu"],
        gpus=first["gpus_per_replica"],
        precision=first["precision"],
        concurrency=None,
        qps=None,
        daily_users=None,
        daily_requests=None,
        ttft_ms=None,
        tpot_ms=None,
        load_default=False,
    )
    try:
        found: list[dict[str, Any]] = plan_serving(shape, q.catalog).to_dict()["options"]  # type: ignore[assignment]
    except SizingError:
        return {}
    return found[0] if found else {}


def plan_capacity(q: Question, req: ServeRequest, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "serve Mixtral 8x7B; how many requests per second would that handle?", "how many users can it
    take?": with no load said, the plan is sized for the pilot load, so what it carries is the answer, first:
    the requests per second at the load planned, and one replica of the first option at full load (as many
    requests in flight as its memory holds) with what each user then gets. None when the message asks no
    throughput or load, or says a load (the plan below is sized for it)."""
    from bot.dialogue.answers.serve_fit import asks_concurrency, asks_throughput

    if q.slot("serve_use") in BATCH_USES or not (asks_throughput(q.text) or asks_concurrency(q.text)):
        return None
    if any(q.u.said.get(k) is not None for k in LOAD_SLOTS):
        return None
    load_said = any(q.slot(k) is not None for k in LOAD_SLOTS)
    if load_said and not q.context.get("served"):
        return None  # asked with the load in the same message: the plan below is sized for it
    options = data.get("options") or []
    first = options[0] if options else None
    if first is None or not first.get("fits") or not first.get("output_tokens_per_second"):
        return None
    full = _full_load(q, req, first)
    if not full.get("fits") or not full.get("output_tokens_per_second"):
        return None
    return {
        "gpus": first["gpus_per_replica"],
        "gpu_name": first["gpu_name"],
        "replicas": first["replicas"],
        "precision": first["precision"],
        "planned_concurrency": first["concurrency"],
        "planned_qps": float(first["output_tokens_per_second"]) / req.output_tokens,
        "planned_tokens_per_s": first["output_tokens_per_second"],
        "full_concurrency": full["concurrency"],
        "full_qps": float(full["output_tokens_per_second"]) / req.output_tokens,
        "full_tokens_per_s": full["output_tokens_per_second"],
        "full_per_user": full["output_tokens_per_second_per_user"],
        "full_tpot_ms": full["tpot_ms"],
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "load_said": load_said,  # asked after a plan for a load said: no "tell me your users"
        "budget": _budget_capacity(q, req, first),
    }


def _budget_capacity(q: Question, req: ServeRequest, first: Mapping[str, Any]) -> dict[str, Any] | None:
    """ "每月预算 2 万，能支持多少并发？": the load the budget buys, as copies of the plan's first replica
    (the cheapest that carries a load there) each at as many requests as the latency targets allow
    (serve_fit.within_targets). None without a budget per hour or month, or an unpriced plan."""
    from bot.dialogue.answers.serve_fit import within_targets

    if req.budget is None or req.batch is not None or req.budget.period == "total":
        return None
    limit = Context(req, q.catalog).budget_usd_per_hour()
    cost = first.get("cost") or {}
    if limit is None or not cost.get("hourly_usd") or not first.get("replicas"):
        return None
    copy_usd = float(cost["hourly_usd"]) / int(first["replicas"])
    copies = int(limit * 1.0001 // copy_usd)
    shape = replace(req, gpu=first["gpu"], gpus=first["gpus_per_replica"], precision=first["precision"])
    held = within_targets(q, shape) if copies >= 1 else None
    if copies >= 1 and (held is None or not held["meets"] or not held["concurrency"]):
        return None
    rate = q.catalog.usd_to_cny if req.budget.currency == "CNY" else 1.0
    per_copy = int(held["concurrency"]) if held else 0
    return {
        "currency": req.budget.currency,
        "amount": req.budget.amount,
        "period": req.budget.period,
        "copies": copies,
        "copy_monthly": copy_usd * rate * HOURS_PER_MONTH,
        "monthly": copies * copy_usd * rate * HOURS_PER_MONTH,
        "per_copy": per_copy,
        "concurrency": copies * per_copy,
        "qps": copies * float(held["tokens_per_s"]) / req.output_tokens if held else 0.0,
        "tpot_ms": held["tpot_ms"] if held else None,
        "gpus": copies * int(first["gpus_per_replica"]),
    }


def refused(q: Question, error: SizingError, reply: Reply) -> None:
    """A request the engine will not plan. Too long for the model's window is asked back with the
    window and, where the catalogue has one, a model of that family and size with a longer window."""
    if error.code != "context_exceeds_model":
        reply.add("error", code=error.code, message=error.message, params=error.params)
        return
    card = q.kb.find_model(str(q.slot("model") or ""))
    tokens = int(str(error.params["tokens"]))
    longer = [
        c
        for c in q.kb.models
        if card is not None
        and c.family == card.family
        and c.max_context >= tokens
        and abs(c.params_total / card.params_total - 1) < 0.25
    ]
    reply.add(
        "serve_context_ask",
        model=error.params["model"],
        tokens=tokens,
        max_context=error.params["max_context"],
        longer=longer[0].name if longer else None,
        longer_context=longer[0].max_context if longer else None,
    )


def typical_answer(q: Question, reply: Reply) -> bool:
    """ "日活 5000 的聊天机器人需要几张卡", "serve a chatbot to 2000 users": no model named, so the answer is
    sized at once for a typical small and a typical large open model (TYPICAL_MODELS, named as the
    assumption) at the load said, and asks which model is meant."""
    rows = []
    # Without a load, a named GPU would be sized at saturation (slow per user): the stated pilot load.
    no_load = not any(q.slot(k) for k in LOAD_SLOTS)
    load = {"concurrency": DEFAULT_CONCURRENCY} if no_load and q.slot("gpu") else {}
    for model_id in TYPICAL_MODELS:
        if q.kb.find_model(model_id) is None:
            continue
        found = plan(replace(q, context={**q.context, **load, "model": model_id}))
        if found is None or isinstance(found, SizingError):
            continue
        req, result = found
        data = view(req, result.to_dict())
        if data["first"] is not None and data["first"]["fits"]:
            rows.append(data)
    if not rows:
        return False
    if q.slot("serve_use") in BATCH_USES:
        add_batch_typical(q, rows, reply)  # an offline job of no model named: the job on each typical model
        return True
    hours = busy_hours_saving(q, {})
    if hours is not None:
        reply.add("serve_busy_hours", **hours)  # the share of the week, for each plan below
    daily = q.slot("daily_users")
    reply.add("serve_typical", rows=rows, china=in_china(q) and not q.slot("gpu"), **{
        k: rows[0][k] for k in ("concurrency", "qps", "daily_users", "daily_requests", "load_default",
                                "input_tokens", "output_tokens", "lengths_default")
    }, peak_qps=peak_qps(int(daily)) if daily else None, assumed_load=no_load,
       volume_said=q.slot("volume_said"), engine=rows[0].get("engine"))  # fmt: skip
    return True


def read_as(q: Question, req: ServeRequest) -> str | None:
    """The card's name when the user named a family and a size only ("通义千问7B" -> "Qwen2.5 7B")."""
    if req.model_id is None or q.kb.family_default(q.text) != req.model_id:
        return None
    return req.model.name


def view(req: ServeRequest, data: dict[str, Any]) -> dict[str, Any]:
    """What the serve template shows: the first option in full, a few more as rows, the warnings,
    and what was assumed."""
    options: list[dict[str, Any]] = list(data["options"])
    first = options[0] if options else None
    # The headline already says why the hardware asked for cannot serve it.
    said = "serve_requested_does_not_fit" if first is not None and first["label"] == "requested" else ""
    workload = data["workload"]
    return {
        "model": req.model.name,
        "named": req.model_id is not None,
        "params": req.model.params_total,
        "precision": req.precision,
        "input_tokens": req.input_tokens,
        "output_tokens": req.output_tokens,
        "kv_tokens": req.kv_tokens,
        "context_tokens": req.context_tokens,
        "lengths_default": req.input_tokens_default or req.output_tokens_default,
        **lengths_said(req),
        "concurrency": req.concurrency,
        # A daily load is sized as its peak-hour rate (sizing.serve_load): shown with it.
        "qps": _shown_qps(req),
        "daily_users": req.daily_users,
        "daily_requests": req.daily_requests,
        "load_default": req.load_default,
        "ttft_ms": workload["ttft_ms"],
        "tpot_ms": workload["tpot_ms"],
        "latency_default": workload["latency_default"],
        "tpot_default": workload["tpot_default"],
        "floor_tpot_ms": workload.get("floor_tpot_ms"),
        "kv_bytes_per_token": workload["kv_bytes_per_token"],
        "first": first,
        "others": options[1 : 1 + SHOWN_OPTIONS - 1],
        "warnings": [
            w for w in shown_warnings(data["warnings"], options[:SHOWN_OPTIONS]) if w["code"] != said
        ],
        "kv_per_request_gb": options[0]["kv_cache_per_request_gb"] if options else None,
        # The first option spreads the experts over its GPUs (sizing/serve_layout.py): said as assumed.
        "expert_parallel": first["expert_parallel"]
        if first is not None and first["layout"] == "ep"
        else None,
        # Tensor parallel because the user said so ("张量并行"): said back, as the other layout is.
        "tensor_parallel_named": req.layout == "tp" and req.model.moe is not None,
        # Tensor parallel because the batch per GPU is small (serve_layout's regime): said with why.
        "tensor_parallel_small_batch": first is not None
        and req.layout is None
        and first["layout"] == "tp"
        and expert_parallel_possible(req.model, first["tensor_parallel"], first["pipeline_parallel"]),
        # Why the layout (TensorRT-LLM's recipes: attention data parallel from this batch per GPU up).
        "large_batch_per_gpu": LARGE_BATCH_PER_GPU,
        # The engine said (sizing.serve_types.SERVE_ENGINES): its note replaces the default engine's.
        "engine": req.engine,
    }


def _shown_qps(req: ServeRequest) -> float | None:
    """The peak request rate a daily load brings (sizing.serve_load), or the rate the user said."""
    if req.qps is not None:
        return req.qps
    if req.daily_requests is not None:
        return peak_qps_from_requests(req.daily_requests)
    return peak_qps(req.daily_users) if req.daily_users is not None else None


def lengths_said(req: ServeRequest) -> dict[str, Any]:
    """What an answer's Assumed line says of the request lengths beyond the two numbers: a window said alone
    is the longest request, with the prompt typical for the use (sizing.serve_types.TYPICAL_PROMPT_TOKENS)."""
    return {
        "window_tokens": req.window_tokens if req.full_window else None,
        "prompt_use": req.prompt_use,
        "output_default": req.output_tokens_default,
        "input_default": req.input_tokens_default,
    }


def shown_warnings(warnings: list[dict[str, Any]], shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The warnings about the whole answer, and those about a GPU only when that GPU is shown."""
    gpus = {o["gpu"] for o in shown}
    return [w for w in warnings if w.get("params", {}).get("gpu") in gpus or "gpu" not in w.get("params", {})]


def explain(q: Question, reply: Reply) -> bool:
    """ "Show the math" for the serving answer under discussion: every explain line."""
    found = plan(q)
    if found is None or isinstance(found, SizingError):
        return False
    _req, result = found
    data = result.to_dict()
    reply.add("explain", items=data["explain_items"], workload={}, pitfalls=[], software=[])
    return True


def answer(q: Question, reply: Reply) -> bool:
    if serving_answer(q, reply):
        return True
    params = q.slot("params")
    if params is None and q.slot("model") is None:
        serving_verdict(q, reply)  # "is the L4 any good for inference?": what one card serves, first
        if typical_answer(q, reply):
            return True
    weights = (
        {name: float(params) * LINEAR_BYTES[name] / 1e9 for name in QUOTED_FORMATS}
        if params is not None
        else None
    )
    # The load said so far ("日活 5000 的聊天机器人"): kept for the follow-up that names the model.
    daily, requests = q.slot("daily_users"), q.slot("daily_requests")
    reply.add(
        "serve_basic",
        params=params,
        weights_gb=weights,
        concurrency=q.slot("concurrency"),
        qps=q.slot("qps"),
        daily_users=daily,
        daily_requests=requests,
        volume_said=q.slot("volume_said"),
        peak_qps=peak_qps_from_requests(float(requests))
        if requests
        else peak_qps(int(daily))
        if daily
        else None,
    )
    return True
