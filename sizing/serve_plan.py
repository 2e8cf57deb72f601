"""plan_serving(): what it takes to serve a model — replica shapes per GPU type, the load, ranking.

A replica is tp GPUs of one type on one node (tensor parallelism inside the node's NVLink domain,
or over PCIe on cards without NVLink), or, for a model no node holds, pp nodes of 8 GPUs in a
pipeline. The load is a number of requests in flight (`concurrency`), or a request rate (`qps`)
turned into one by Little's law, or, when neither is given, whatever one replica holds
(saturation). Replicas are added until the load fits and the latency targets hold.
"""

from __future__ import annotations

import math
from dataclasses import replace

from sizing.cost import Quote
from sizing.errors import SizingError
from sizing.model_arch import ModelArchitecture
from sizing.network import GPUS_PER_NODE
from sizing.plan import resolve_gpus
from sizing.serve_batch import batch_for_tpot, settled_batch
from sizing.serve_calibration import CALIBRATED, ServeConstants
from sizing.serve_catalog import MAX_PIPELINE_NODES, CatalogBook, catalog_book
from sizing.serve_layout import ServeLayout, layout_wanted, layouts_for
from sizing.serve_load import peak_qps, peak_qps_from_requests
from sizing.serve_memory import (
    KV_BYTES,
    ServeMemory,
    ShapeMemory,
    kv_cache_bytes,
    on_gpu,
    serve_memory,
    shape_memory,
)
from sizing.serve_precision import SMALLER_PRECISION, serving_precision
from sizing.serve_rank import Context, leading, lower_precision_bar, rank
from sizing.serve_result import ServeExcluded, ServeOption, ServeResult, hourly_usd_for
from sizing.serve_speed import ModelTerms, Replica, Speed, Timing, model_terms, saturation_batch
from sizing.serve_types import (
    DEFAULT_TPOT_FLOOR_FACTOR,
    DEFAULT_TPOT_MS,
    DEFAULT_TTFT_MS,
    MAX_BATCH_REQUESTS,
    MAX_CONCURRENCY,
    MAX_TOKENS,
    RELAXED_MIN_SAVING,
    RELAXED_TPOT_FACTOR,
    ServePrecision,
    ServeRequest,
)
from sizing.types import Catalog, GpuSpec


def validate(req: ServeRequest) -> None:
    checks: tuple[tuple[bool, str, str, dict[str, object]], ...] = (
        (
            1 <= req.input_tokens <= MAX_TOKENS,
            "bad_input_tokens",
            "input tokens must be a positive number of tokens",
            {"input_tokens": req.input_tokens},
        ),
        (
            1 <= req.output_tokens <= MAX_TOKENS,
            "bad_output_tokens",
            "output tokens must be a positive number of tokens",
            {"output_tokens": req.output_tokens},
        ),
        (
            req.concurrency is None or 1 <= req.concurrency <= MAX_CONCURRENCY,
            "bad_concurrency",
            "concurrency must be at least 1 request in flight",
            {"concurrency": req.concurrency},
        ),
        (
            req.qps is None or (math.isfinite(req.qps) and req.qps > 0),
            "bad_qps",
            "requests per second must be a positive number",
            {"qps": req.qps},
        ),
        (
            all(t is None or (math.isfinite(t) and t > 0) for t in (req.ttft_ms, req.tpot_ms)),
            "bad_latency",
            "latency targets must be positive milliseconds",
            {"ttft_ms": req.ttft_ms, "tpot_ms": req.tpot_ms},
        ),
        (
            req.gpus is None or 1 <= req.gpus <= GPUS_PER_NODE * MAX_PIPELINE_NODES,
            "bad_gpus",
            f"GPUs per replica must be between 1 and {GPUS_PER_NODE * MAX_PIPELINE_NODES}",
            {"gpus": req.gpus},
        ),
        (
            req.budget is None or (math.isfinite(req.budget.amount) and req.budget.amount > 0),
            "bad_budget",
            "budget must be a positive amount",
            {"budget": req.budget.amount if req.budget else None},
        ),
    )
    for ok, code, message, params in checks:
        if not ok:
            raise SizingError(code, message, params)
    if req.daily_users is not None and not 1 <= req.daily_users <= MAX_CONCURRENCY * 1000:
        raise SizingError(
            "bad_daily_users", "daily users must be at least 1", {"daily_users": req.daily_users}
        )
    if req.daily_requests is not None and not 1 <= req.daily_requests <= MAX_CONCURRENCY * 100_000:
        raise SizingError(
            "bad_daily_requests",
            "requests a day must be at least 1",
            {"daily_requests": req.daily_requests},
        )
    job = req.batch
    if job is not None and not 1 <= job.requests <= MAX_BATCH_REQUESTS:
        raise SizingError(
            "bad_batch_requests",
            "a batch job must run at least 1 request",
            {"requests": job.requests},
        )
    if (
        job is not None
        and job.window_hours is not None
        and not (math.isfinite(job.window_hours) and job.window_hours > 0)
    ):
        raise SizingError(
            "bad_batch_window",
            "the time to finish a batch job must be a positive number of hours",
            {"window_hours": job.window_hours},
        )
    context = req.context_tokens
    if context is not None and not 1 <= context <= MAX_TOKENS:
        raise SizingError(
            "bad_context", "the context must be a positive number of tokens", {"context": context}
        )
    window = req.window_tokens
    if window is not None and not 1 <= window <= MAX_TOKENS:
        raise SizingError(
            "bad_context", "the context must be a positive number of tokens", {"context": window}
        )
    if req.model_id is not None and req.longest_tokens > req.model.max_context:
        # Never planned: a server refuses requests beyond the model's window (vLLM max_model_len), and a
        # plan for them would be a silently wrong number. The answer asks for a length that fits.
        raise SizingError(
            "context_exceeds_model",
            f"{req.longest_tokens:,} tokens per request exceed {req.model.name}'s context window of "
            f"{req.model.max_context:,} tokens",
            {"tokens": req.longest_tokens, "max_context": req.model.max_context, "model": req.model.name},
        )


def _layout(gpus: int) -> tuple[int, int]:
    """(tp, pp) for a replica of `gpus` GPUs: one node tensor-parallel, beyond it 8-GPU stages."""
    if gpus <= GPUS_PER_NODE:
        return gpus, 1
    if gpus % GPUS_PER_NODE:
        raise SizingError(
            "bad_gpus",
            f"{gpus} GPUs do not split into nodes of {GPUS_PER_NODE}: use a multiple of {GPUS_PER_NODE}",
            {"gpus": gpus},
        )
    return GPUS_PER_NODE, gpus // GPUS_PER_NODE


def _load(req: ServeRequest, timing: Timing, limit: int, at_least: int = 1) -> tuple[int, int]:
    """(replicas, requests per replica) for the asked load; `limit` is what one replica may hold
    (memory, the server's batch limit and the time-per-token target); `at_least` replicas when
    GPUs already paid for can hold more copies. A batch job (ServeRequest.batch) runs every replica full
    (`limit` requests each, no latency target): as many replicas as finish it within its window, one
    without a window (the cheapest: a job costs the same per token on one replica or many)."""
    job = req.batch
    if job is not None:
        if job.window_hours is None:
            return at_least, limit
        _, full_tpot = timing.latency_s(limit)
        capacity_qps = limit / full_tpot / req.output_tokens  # requests one full replica completes per second
        needed_qps = job.requests / (job.window_hours * 3600.0)
        return max(at_least, math.ceil(needed_qps / capacity_qps - 1e-9)), limit
    if req.concurrency is not None:
        replicas = max(at_least, math.ceil(req.concurrency / limit))
        return replicas, math.ceil(req.concurrency / replicas)
    if req.qps is not None:
        _, full_tpot = timing.latency_s(limit)
        capacity_qps = limit / full_tpot / req.output_tokens  # requests one replica completes per second
        replicas = max(at_least, math.ceil(req.qps / capacity_qps - 1e-9))
        return replicas, settled_batch(timing, req.qps / replicas, limit)
    return 1, limit


def evaluate(
    req: ServeRequest,
    arch: ModelArchitecture,
    gpu: GpuSpec,
    tp: int,
    pp: int,
    precision: ServePrecision,
    book: CatalogBook,
    k: ServeConstants = CALIBRATED,
    single_replica: bool = False,
    mem: ServeMemory | None = None,
    terms: ModelTerms | None = None,
    layout: ServeLayout | None = None,
) -> ServeOption:
    """One replica shape on one GPU type, timed for the load; `mem` (its tensor-parallel
    serve_memory) and `terms` (model_terms of the model at `precision`) when the caller has them
    already. `layout` None: every layout serve_layout offers for the load and the user's words,
    the better kept (_better_layout)."""
    if layout is None:
        offered = layouts_for(arch, tp, pp, req.concurrency, req.layout)
        tried = [
            evaluate(req, arch, gpu, tp, pp, precision, book, k, single_replica, mem, terms, lay)
            for lay in offered
        ]
        # Both offered: full load (expert parallel, serve_layout's regime, where it fits and meets the
        # targets) or a rate (the better of the two; attention data parallel only where the rate keeps
        # every rank busy).
        full_load = req.concurrency is None and req.qps is None
        kept = [
            o
            for o in tried
            if layout_wanted(o.replica.layout, o.concurrency, o.replica.ranks, full_load)
            and (o.fits and o.meets_latency or not full_load)
        ]
        return max(kept or tried, key=lambda o: _better_layout(o, single_replica))
    kv = kv_cache_bytes(precision, req.engine)
    if mem is None or layout != "tp":
        mem = serve_memory(arch, gpu, tp, precision, req.kv_tokens, pp, layout == "ep", kv)
    rep = Replica(arch, gpu, tp, precision, pp, layout, kv if kv != KV_BYTES[precision] else None)
    room = saturation_batch(mem.max_concurrency, k, mem.ranks)
    if req.full_window and room >= 1 and not _holds_window(req, arch, gpu, tp, pp, precision, layout):
        room = 0  # a request of the whole window the deployment promises must fit in the replica's KV cache
    usd_to_cny = book.catalog.usd_to_cny
    if room < 1 and not single_replica:  # priced only when it could be an option
        return ServeOption(rep, 1, mem, 0, None, None, usd_to_cny, fits=False, meets_latency=False)
    q = book.quote(gpu.id, tp * pp)
    if room < 1:
        return ServeOption(rep, 1, mem, 0, None, q, usd_to_cny, fits=False, meets_latency=False)
    timing = Timing(rep, req.input_tokens, req.output_tokens, k, terms)
    req = with_floor_target(req, timing)
    limit = room
    if req.tpot_ms is not None:
        # A fixed number of requests only asks whether one replica carries them all.
        within = batch_for_tpot(timing, room, req.tpot_ms / 1000, enough=req.concurrency)
        limit = within if within >= 1 else room  # unreachable: serve as usual, marked as missing the target
    if single_replica:
        wanted = req.concurrency if req.concurrency is not None else limit
        if req.concurrency is None and req.qps is not None:
            # A rate on fixed hardware: the requests in flight it brings (Little's law, as _load), not
            # capped by what the replica holds, so a rate beyond it does not fit.
            wanted = settled_batch(timing, req.qps, MAX_CONCURRENCY)
        per = min(wanted, room)
        s = timing.speed(per)
        fits = wanted <= mem.max_concurrency
        return ServeOption(rep, 1, mem, per, s, q, usd_to_cny, fits, _meets(req, s))
    replicas, per = _load(req, timing, limit)
    paid = _paid_replicas(q, rep, replicas)
    if paid > replicas:  # the instance is paid for whole: run a copy of the model on every free slot
        replicas, per = _load(req, timing, limit, at_least=paid)
    s = timing.speed(per)
    hourly = hourly_usd_for(q, rep.gpus, replicas)
    return ServeOption(
        rep,
        replicas,
        mem,
        per,
        s,
        q,
        usd_to_cny,
        True,
        _meets(req, s),
        priced_hourly_usd=hourly,
        latency_bound=replicas > 1 and limit < room,
    )


def _holds_window(
    req: ServeRequest,
    arch: ModelArchitecture,
    gpu: GpuSpec,
    tp: int,
    pp: int,
    precision: ServePrecision,
    layout: ServeLayout | None,
) -> bool:
    """One request of the whole window (ServeRequest.window_tokens) fits in the replica's KV cache: a
    server refuses to start with a max_model_len its KV cache cannot hold (vLLM)."""
    window = req.window_tokens or 0
    return (
        serve_memory(
            arch, gpu, tp, precision, window, pp, layout == "ep", kv_cache_bytes(precision, req.engine)
        ).max_concurrency
        >= 1
    )


def full_window(
    req: ServeRequest, options: list[ServeOption], catalog: Catalog, k: ServeConstants = CALIBRATED
) -> tuple[ServeOption, ServeOption, Speed] | None:
    """What the plan would take if every request filled the window (ServeRequest.window_tokens): the first
    option of that plan, beside the plan's own first option, and a whole-window request alone on the
    plan's first replica (its time to the first token). None without a window longer than the requests."""
    first = options[0] if options else None
    if not req.full_window or first is None or first.speed is None or not first.fits:
        return None
    window = req.window_tokens or 0
    prompt = max(1, window - req.output_tokens)
    filled = replace(
        req, input_tokens=prompt, input_tokens_default=False, window_tokens=None, prompt_use=None
    )
    try:
        full = plan_serving(filled, catalog, k)
    except SizingError:
        return None
    other = full.options[0] if full.options else None
    if other is None or other.speed is None:
        return None
    alone = Timing(first.replica, prompt, req.output_tokens, k).speed(1)
    return first, other, alone


def _better_layout(o: ServeOption, single_replica: bool) -> tuple[bool, bool, float, float]:
    """How two layouts of one replica shape compare: it fits, meets the latency targets, then (for
    a plan) costs less for the load, then serves more tokens per second."""
    hourly = o.hourly_usd if not single_replica else None
    return (o.fits, o.meets_latency, -(hourly or 0.0), o.output_tokens_per_second)


def _paid_replicas(q: Quote | None, rep: Replica, replicas: int) -> int:
    """Replicas the rented instances hold: four 2-GPU copies on an 8-GPU machine sold whole."""
    if q is None or q.instances != 1:
        return replicas
    per_instance = int(q.offering.gpu_count) // rep.gpus
    return math.ceil(replicas / per_instance) * per_instance if per_instance > 1 else replicas


def _family_order(
    o: ServeOption, batch: bool = False, targets: bool = True
) -> tuple[bool, bool, bool, float, float, str]:
    if o.fits and (o.meets_latency and targets or batch):
        # one that meets the latency targets first: "one H100" is not the PCIe card that misses them
        # A batch job costs its tokens: "4 张 A100" for a job is the board that runs it cheapest, not the
        # cheapest per hour (a 40 GB card holding 10 requests of a 72B model takes six times as long).
        cost = o.usd_per_million_tokens if batch else o.hourly_usd
        return (False, False, cost is None, cost or 0.0, 0.0, o.gpu.id)
    if o.fits:
        # Holds it but misses the targets, or none is set (full load on "one H100": "how many tokens/s can
        # one H100 do?"): the board the family's name usually means, not the cheapest per hour, as when
        # none holds it (a priced board first).
        return (
            False,
            True,
            o.hourly_usd is None,
            float(o.gpu.form_factor != "sxm"),
            -o.gpu.memory_gb,
            o.gpu.id,
        )
    # None fits: the board the family's name usually means (the SXM, else the most memory), not the
    # cheapest ("1 × H100 cannot hold it" is about the H100 SXM, not the PCIe card).
    return (True, o.gpu.form_factor != "sxm", False, 0.0, -o.gpu.memory_gb, o.gpu.id)


def _meets(req: ServeRequest, s: Speed) -> bool:
    ttft_ok = req.ttft_ms is None or s.ttft_s * 1000 <= req.ttft_ms * 1.0001
    tpot_ok = req.tpot_ms is None or s.tpot_s * 1000 <= req.tpot_ms * 1.0001
    return ttft_ok and tpot_ok


def candidates(
    req: ServeRequest,
    book: CatalogBook,
    precision: ServePrecision,
    k: ServeConstants = CALIBRATED,
    per_type: int = 2,
    below_usd_per_hour: float | None = None,
    terms: dict[ServePrecision, ModelTerms] | None = None,
) -> tuple[list[ServeOption], list[ServeExcluded]]:
    """Per GPU type: the smallest replica that holds the model (single node first; pipelines of
    nodes only when no node does) and, with per_type 2, the next larger tensor-parallel size.
    `below_usd_per_hour` (with per_type 1, one option per type): leave out, untimed, a type whose
    option costs at least that per hour even as one replica (serve_rank.lower_precision_bar).
    `terms`: the plan's model_terms per precision, filled as needed."""
    pool: list[ServeOption] = []
    excluded: list[ServeExcluded] = []
    tokens = req.kv_tokens
    # Per replica shape and per precision served, whatever the GPU type: worked out once.
    held: dict[tuple[ServePrecision, int, int], ShapeMemory] = {}
    terms = {} if terms is None else terms
    for gpu in resolve_gpus(book.catalog, req.gpu):
        mine = book.of(gpu.id)
        if not mine and req.gpu is None:
            excluded.append(ServeExcluded(gpu.id, "no_price", "no usable on-demand price in the catalogue"))
            continue
        served = book.served_precision(gpu, precision)
        if served is None:
            excluded.append(
                ServeExcluded(gpu.id, "precision", f"{gpu.name} has no {precision.upper()} kernels")
            )
            continue
        fitting: list[ServeOption] = []
        shown = True
        tried = book.replica_shapes(gpu) if req.gpus is None else (_layout(req.gpus),)
        for tp, pp in tried:
            if pp > 1 and any(o.replica.pp == 1 for o in fitting):
                break
            shape = held.get((served, tp, pp))
            if shape is None:
                kv = kv_cache_bytes(served, req.engine)
                shape = held[served, tp, pp] = shape_memory(req.model, tp, served, tokens, pp, kv_bytes=kv)
            if shape.requests_on(gpu) < 1:
                continue  # not even one request fits: no option to price or time
            if below_usd_per_hour is not None and per_type == 1:
                alone = hourly_usd_for(book.quote(gpu.id, tp * pp), tp * pp, 1)
                if alone is None or alone >= below_usd_per_hour:
                    shown = bool(fitting)  # no larger shape would be shown: no need to time it
                    break
            if served not in terms:
                terms[served] = model_terms(req.model, served)
            mem = on_gpu(gpu, shape)
            o = evaluate(req, req.model, gpu, tp, pp, served, book, k, mem=mem, terms=terms[served])
            if o.speed is not None:
                fitting.append(o)
            # A shape that misses the latency target, or whose replicas the target keeps small while
            # the load needs many, does not count: a larger one (each GPU reading less of the
            # weights per step) may meet it, or carry the load on fewer GPUs. 20 requests/s of an
            # 8B in BF16 on L4s: one card per replica cannot reach 50 ms per token (16 GB read
            # at 300 GB/s), two-card replicas hold 14 requests each (72 GPUs), four-card ones more.
            settled = [x for x in fitting if x.meets_latency and not x.latency_bound]
            if len(settled) >= per_type or (fitting and fitting[0].replica.pp > 1):
                break
        if not shown:
            continue
        if per_type == 1 and len(fitting) > 1:  # one option per type: its cheapest that meets the targets
            fitting = [min(fitting, key=_cheapest_meeting)]
        if not fitting:
            largest = max((tp * pp for tp, pp in tried), default=1)
            excluded.append(ServeExcluded(gpu.id, "memory", _too_small(req, gpu, served, largest)))
            continue
        pool.extend(fitting)
    return pool, excluded


def _cheapest_meeting(o: ServeOption) -> tuple[bool, bool, float]:
    hourly = o.hourly_usd
    return (not o.meets_latency, hourly is None, hourly or 0.0)


def _too_small(req: ServeRequest, gpu: GpuSpec, precision: ServePrecision, most: int) -> str:
    return f"{req.model.name} at {precision.upper()} does not fit on {most} × {gpu.memory_gb:g} GB {gpu.name}"


def with_default_targets(req: ServeRequest) -> ServeRequest:
    """A load without latency targets gets the chat defaults (serve_types.DEFAULT_TTFT_MS/TPOT_MS); with only
    a time to the first token ("first token under 1 second"), the per-token default still holds: otherwise
    replicas are packed until each user gets a few tokens a second, slower than reading."""
    if req.batch is not None:
        return req  # an offline job: no user waits on a token, throughput alone decides
    has_load = req.concurrency is not None or req.qps is not None
    if has_load and req.ttft_ms is not None and req.tpot_ms is None:
        return replace(req, tpot_ms=DEFAULT_TPOT_MS, tpot_default=True)
    if not has_load or req.ttft_ms is not None or req.tpot_ms is not None:
        return req
    return replace(req, ttft_ms=DEFAULT_TTFT_MS, tpot_ms=DEFAULT_TPOT_MS, latency_default=True)


def floor_target_ms(req: ServeRequest, timing: Timing) -> float | None:
    """The per-token target a replica is planned at when the default one sits at its latency floor
    (serve_types.DEFAULT_TPOT_FLOOR_FACTOR x one request alone), or None: the user's target, no target,
    a replica with room under the default, or one that is slow alone because it reads its weights on too
    few GPUs (bandwidth, which more GPUs per replica fix; the latency floor they do not)."""
    if req.tpot_ms is None or not (req.latency_default or req.tpot_default):
        return None
    alone = timing.speed(1)
    if alone.step.bound != "latency":  # too few GPUs to read the weights in time: more GPUs per replica help
        return None
    floor_ms = DEFAULT_TPOT_FLOOR_FACTOR * alone.tpot_s * 1000
    return floor_ms if floor_ms > req.tpot_ms else None


def with_floor_target(req: ServeRequest, timing: Timing) -> ServeRequest:
    target = floor_target_ms(req, timing)
    return req if target is None else replace(req, tpot_ms=target)


def with_daily_users(req: ServeRequest) -> ServeRequest:
    """A daily load, when it is the only load given, becomes the peak request rate (sizing/serve_load.py):
    requests a day when said (the more direct measure; daily users said as well are then not used, and
    the explain line says so), else daily active users. A concurrency or QPS said wins over both."""
    if req.concurrency is not None or req.qps is not None:
        return req
    if req.daily_requests is not None:
        return replace(req, qps=peak_qps_from_requests(req.daily_requests))
    if req.daily_users is None:
        return req
    return replace(req, qps=peak_qps(req.daily_users))


def plan_serving(req: ServeRequest, catalog: Catalog, k: ServeConstants = CALIBRATED) -> ServeResult:
    validate(req)
    req = with_default_targets(with_daily_users(req))
    from sizing.serve_explain import copies_warning, explain, warnings, window_warning, workload

    book = catalog_book(catalog)
    forced: ServeOption | None = None
    copies: ServeOption | None = None  # the GPUs counted, run as several copies of the model
    if req.gpu is not None and req.gpus is not None:
        tp, pp = _layout(req.gpus)
        # A family ("h100") means the variant that serves it: fits, meets the targets, has a price, then
        # cheapest; with no target to meet (full load), or none met, the board its name usually means (SXM).
        # Hardware the user named is planned in what it can run: BF16 in FP16 on a V100, FP8 as INT8
        # weight-only there (the same bytes per weight); the answer says so (serve_precision_substituted).
        variants = [
            evaluate(req, req.model, gpu, tp, pp, support.precision, book, k, single_replica=True)
            for gpu in resolve_gpus(catalog, req.gpu)
            if (support := serving_precision(gpu, req.precision)) is not None
        ]
        if variants:
            batch = req.batch is not None
            targets = req.ttft_ms is not None or req.tpot_ms is not None
            forced = replace(min(variants, key=lambda o: _family_order(o, batch, targets)), label="requested")
            copies = _copies(req, forced, book, k)
    terms: dict[ServePrecision, ModelTerms] = {}  # the model's per-token terms, per precision timed
    pool, excluded = candidates(req, book, req.precision, k, terms=terms)
    ctx = Context(req, catalog)
    usable = leading(pool, ctx)
    smaller = _smaller_precision(req.precision)
    lower: list[ServeOption] = []
    if smaller is not None:  # its cheapest shape per GPU type, of those that could be shown
        bar = lower_precision_bar(usable, ctx)
        lower, _ = candidates(req, book, smaller, k, per_type=1, below_usd_per_hour=bar, terms=terms)
    # What one user alone gets on each option shown ("tokens/s on a single L4?"), timed for those only.
    options = [
        o.shown(o.label, solo=_solo(o.replica, req, k, terms)) if o.speed else o
        for o in rank(usable, lower, forced, ctx)
    ]
    if copies is not None and options and options[0].label == "requested":
        options.insert(1, copies)
    req = _first_floor_target(req, options, k, terms)
    looser = _relaxed(req, options, book, k, terms)
    if looser is not None:
        options.append(looser)
    window = full_window(req, options, catalog, k)
    lower_same = _lower_on_same_gpus(req, options, smaller, book, k, terms)
    return ServeResult(
        workload=tuple(workload(req, k).items()),
        options=tuple(options),
        warnings=tuple(warnings(req, options, pool, excluded, catalog, k, lower_same=lower_same))
        + ((copies_warning(copies, forced),) if forced is not None and copies is not None else ())
        + ((window_warning(req, *window),) if window is not None else ()),
        explain=tuple(explain(req, options, k)),
        excluded=tuple(sorted(excluded, key=lambda e: e.gpu)),
        currency=req.budget.currency if req.budget else "USD",
        batch=req.batch,
    )


# How much more a load must get from separate copies of the model than from one tensor-parallel copy on
# the same GPUs for the answer to show the copies (below it the two are the same within the model's error).
COPIES_GAIN = 1.1


def _copies(
    req: ServeRequest, forced: ServeOption, book: CatalogBook, k: ServeConstants
) -> ServeOption | None:
    """The GPUs the user counted ("we have 8 H100s") run as several smaller copies of the model that share
    the load (8 copies of one GPU each) rather than one copy split over all of them (tensor parallel), where
    the model fits the smaller copy, the load is given, and the copies meet the targets the split copy
    meets with at least COPIES_GAIN times its throughput: no tensor-parallel traffic on every token. None
    otherwise; the answer shows it beside the copy asked for, which stays first (what was asked)."""
    rep = forced.replica
    gpus = rep.gpus
    if (
        req.layout is not None  # "tensor parallel" said: the layout asked for
        or (
            req.concurrency is None and req.qps is None and req.batch is None
        )  # no load: one user's speed decides
        or rep.pp != 1
        or rep.layout != "tp"
        or gpus < 2
        or not forced.fits
        or forced.speed is None
    ):
        return None
    best: ServeOption | None = None
    for tp in (t for t in range(1, gpus) if gpus % t == 0):
        count = gpus // tp
        share = replace(
            req,
            concurrency=None if req.concurrency is None else math.ceil(req.concurrency / count),
            qps=None if req.qps is None else req.qps / count,
        )
        one = evaluate(share, req.model, rep.gpu, tp, 1, rep.precision, book, k, single_replica=True)
        if not one.fits or one.speed is None or (forced.meets_latency and not one.meets_latency):
            continue
        option = replace(
            one, replicas=count, quote=forced.quote, label="copies", priced_hourly_usd=forced.hourly_usd
        )
        floor = (best or forced).output_tokens_per_second * (1.0001 if best else COPIES_GAIN)
        if option.output_tokens_per_second > floor:
            best = option
    return best


def _lower_on_same_gpus(
    req: ServeRequest,
    options: list[ServeOption],
    smaller: ServePrecision | None,
    book: CatalogBook,
    k: ServeConstants,
    terms: dict[ServePrecision, ModelTerms],
) -> ServeOption | None:
    """The GPUs the user named hold the model but miss the latency target (one H200 serving a 70B in
    BF16): the same GPUs in the next smaller precision, when that meets the target - the fix that
    costs no more hardware, which the answer names before "more GPUs"."""
    first = options[0] if options else None
    if (
        smaller is None
        or first is None
        or first.label != "requested"
        or not first.fits
        or first.speed is None
        or first.meets_latency
        or (support := serving_precision(first.gpu, smaller)) is None
        or support.precision == first.replica.precision
    ):
        return None
    rep = first.replica
    lower = evaluate(req, req.model, rep.gpu, rep.tp, rep.pp, support.precision, book, k, single_replica=True)
    return lower if lower.fits and lower.meets_latency and lower.speed is not None else None


def _first_floor_target(
    req: ServeRequest, options: list[ServeOption], k: ServeConstants, terms: dict[ServePrecision, ModelTerms]
) -> ServeRequest:
    """The request as the answer states it: with the default per-token target raised on the first
    option's replica (floor_target_ms), that target and the time one request alone takes there."""
    first = options[0] if options else None
    if first is None or first.speed is None or not first.fits:
        return req
    rep = first.replica
    timing = Timing(rep, req.input_tokens, req.output_tokens, k, terms.get(rep.precision))
    target = floor_target_ms(req, timing)
    if target is None:
        return req
    return replace(req, tpot_ms=target, floor_tpot_ms=timing.speed(1).tpot_s * 1000)


def _relaxed(
    req: ServeRequest,
    options: list[ServeOption],
    book: CatalogBook,
    k: ServeConstants,
    terms: dict[ServePrecision, ModelTerms],
) -> ServeOption | None:
    """When no option meets the latency targets, the first option's replica shape under a per-token
    target RELAXED_TPOT_FACTOR times looser and no target to the first token (it comes when the prompt's
    prefill allows), if that saves RELAXED_MIN_SAVING of the GPUs: 200 users of Qwen2.5-72B with
    128k-token prompts hold each 8-GPU replica to one request at 50 ms per token (every other prompt's
    11 s prefill stalls its decoding), four at 100 ms. Labelled "relaxed"; it does not meet the targets
    asked, so meets_latency stays False (warnings: serve_latency_relaxed says what was relaxed)."""
    if req.tpot_ms is None or not options:
        return None
    first = options[0]
    if first.label == "requested" or not first.fits or first.speed is None:
        return None
    if any(o.meets_latency for o in options if o.speed is not None):
        return None
    looser = replace(req, ttft_ms=None, tpot_ms=req.tpot_ms * RELAXED_TPOT_FACTOR)
    rep = first.replica
    o = evaluate(
        looser,
        req.model,
        rep.gpu,
        rep.tp,
        rep.pp,
        rep.precision,
        book,
        k,
        terms=terms.get(rep.precision),
        layout=rep.layout,
    )
    if o.speed is None or not o.fits or o.gpus > first.gpus * (1.0 - RELAXED_MIN_SAVING):
        return None
    return replace(o.shown("relaxed", solo=_solo(o.replica, req, k, terms)), meets_latency=False)


def disaggregated(
    req: ServeRequest, o: ServeOption, k: ServeConstants = CALIBRATED
) -> tuple[int, int, float] | None:
    """Prefill-decode disaggregation on `o`'s replica shape (vLLM/SGLang's PD split, NVIDIA Dynamo): the
    prompts run on replicas of their own, so no prefill stalls the decoding ones, which then batch as
    many requests as the per-token target and their KV cache allow. Returns (prefill replicas, decode
    replicas, time per output token in s) for the load, or None without a per-token target or a load.
    The prefill replicas are busy all the time (a floor: queueing adds to the time to first token) and
    the KV cache's move between them is not timed [assumption: over NVLink or RDMA it is small beside
    a long prompt's prefill]."""
    if req.tpot_ms is None or (req.concurrency is None and req.qps is None):
        return None
    timing = Timing(o.replica, req.input_tokens, req.output_tokens, k)
    room = saturation_batch(o.memory.max_concurrency, k, o.memory.ranks)
    target = req.tpot_ms / 1000
    batch = 0
    for b in range(1, room + 1):  # the step time grows with the batch (more KV cache to read)
        if timing.step_s(b) > target * 1.0001:
            break
        batch = b
    if batch < 1:
        return None
    lifetime = timing.prefill_s + req.output_tokens * timing.step_s(batch)
    in_flight = req.concurrency if req.concurrency is not None else (req.qps or 0.0) * lifetime
    rate = req.qps if req.qps is not None else in_flight / lifetime
    decode = max(1, math.ceil(in_flight / batch))
    prefill = max(1, math.ceil(rate * timing.prefill_s))
    return prefill, decode, timing.step_s(min(batch, math.ceil(in_flight / decode)))


def _solo(
    rep: Replica, req: ServeRequest, k: ServeConstants, terms: dict[ServePrecision, ModelTerms]
) -> Speed:
    """One request alone on the replica."""
    return Timing(rep, req.input_tokens, req.output_tokens, k, terms.get(rep.precision)).speed(1)


def _smaller_precision(p: ServePrecision) -> ServePrecision | None:
    return SMALLER_PRECISION.get(p)
