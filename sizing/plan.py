"""plan(): candidate plans per GPU type, ranked into cheapest / balanced / fastest options."""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import replace

from sizing import bigger_batch, feasibility
from sizing.assumptions import COST_TIE, DEFAULT_TARGET_DAYS, FASTEST_COST_CAP, SMALL_MODEL_PARAMS
from sizing.errors import SizingError
from sizing.evaluate import NO_PRICE, Evaluator, max_gpus, rank_cost
from sizing.explain import lines
from sizing.explain_notes import assumption_lines, tradeoffs
from sizing.prune import Pruner
from sizing.rank import not_top_first, rank, right_sized_first, spend, within_budget
from sizing.result import Excluded, Option, SizingResult, SizingWarning
from sizing.screen import batch_screen, network_screen, within_batch
from sizing.types import Catalog, GpuSpec, SizingRequest
from sizing.variants import VariantBound
from sizing.vendor import family_pick, prefer_nvidia, priced_first
from sizing.warnings import collect
from sizing.workload import Workload, normalise

MAX_OPTIONS = 5


def resolve_gpus(catalog: Catalog, query: str | None) -> tuple[GpuSpec, ...]:
    """The GPU types a query names: a catalog id; a family ("a100": every A100); or a family's boards
    of one form factor ("a100-pcie": the A100 40GB and 80GB PCIe)."""
    if query is None:
        return catalog.gpus
    q = query.strip().lower()
    exact = tuple(g for g in catalog.gpus if g.id == q)
    if exact:
        return exact
    family = _family(catalog, q)
    if not family:
        name, _, form = q.rpartition("-")
        family = tuple(g for g in _family(catalog, name) if g.form_factor == form) if name else ()
    if not family:
        raise SizingError("unknown_gpu", f"unknown GPU '{query}'", {"gpu": query})
    return family


def _family(catalog: Catalog, name: str) -> tuple[GpuSpec, ...]:
    return tuple(g for g in catalog.gpus if g.id.startswith(name + "-") or g.id.split("-")[0] == name)


def _budget_usd(req: SizingRequest, catalog: Catalog) -> float | None:
    if req.budget is None:
        return None
    amount = req.budget.amount / catalog.usd_to_cny if req.budget.currency == "CNY" else req.budget.amount
    return amount


def plan(request: SizingRequest, catalog: Catalog) -> SizingResult:
    return plan_with(request, catalog, prune=True)


def _megatron_instead(request: SizingRequest, catalog: Catalog, prune: bool) -> SizingResult | None:
    """No plan with the method's usual stack, which the user did not choose: data parallelism alone
    (FSDP/ZeRO-3) is capped by the global batch (64 GPUs at a 128K-token fine-tuning batch), so a
    model too big for that many GPUs (a 671B full fine-tune) gets no plan. Megatron-style tensor and
    pipeline parallelism splits the model instead, as such runs are done (DeepSeek-V3, arXiv 2412.19437
    §3.2: pipeline and expert parallelism, no tensor parallelism); the answer says it switched."""
    if request.stack is not None or request.gpus is not None:
        return None
    usual = normalise(request).stack.id
    if usual == "megatron":
        return None
    result = _plan_with(replace(request, stack="megatron"), catalog, prune=prune)
    if not result.options:
        return None
    explain = tuple(
        replace(i, params=(*i.params, ("fallback_from", usual))) if i.code == "stack" else i
        for i in result.explain
    )
    note = SizingWarning("stack_fallback", params=(("stack", "megatron"), ("usual", usual)))
    return replace(result, explain=explain, warnings=(note, *result.warnings))


def fits(request: SizingRequest, gpu: GpuSpec, catalog: Catalog) -> bool:
    """Whether some layout fits the request's model on exactly request.gpus × `gpu`: the layout probe
    plan() asks (memory floor, then the first fitting layout), without planning, pricing or ranking.
    It agrees with plan(request).options[0].fits for a request naming one GPU and a count
    (tests/sizing/test_fit_probe.py), at a tenth of the time; capacity searches ask it ~20 times a method."""
    if request.gpus is None:
        raise ValueError("fits() needs a GPU count")
    return Evaluator(normalise(request), catalog).fits(gpu, request.gpus)


def plan_with(request: SizingRequest, catalog: Catalog, *, prune: bool) -> SizingResult:
    """plan(); `prune=False` searches every GPU type and every faster variant (sizing.prune), which
    must give the same answer, only slower (tests/sizing/test_search_shortcuts.py)."""
    result = _plan_with(request, catalog, prune=prune)
    if not result.options:
        return _megatron_instead(request, catalog, prune) or result
    return result


def _plan_with(request: SizingRequest, catalog: Catalog, *, prune: bool) -> SizingResult:
    w = normalise(request)
    types = resolve_gpus(catalog, request.gpu)
    ev = Evaluator(w, catalog, strict_batch=request.gpus is None)
    budget = _budget_usd(request, catalog)
    target = request.days or DEFAULT_TARGET_DAYS
    excluded: list[Excluded] = []
    pool: list[Option] = []
    fastest_possible: list[Option] = []
    forced: Option | None = None
    if request.gpu is not None and request.gpus is not None:
        shaped = [g for g in types if ev.ladder(g)] or list(types[:1])
        forced = family_pick([ev(g, request.gpus) for g in shaped], request).relabel("requested")

    primary: set[tuple[str, int]] = set()  # per GPU type, the count that plan prefers
    rate_only: set[tuple[str, int]] = set()  # counts that compete only under a rate cap
    free_choice = request.gpu is None and request.gpus is None
    small_first = free_choice and w.params < SMALL_MODEL_PARAMS
    total_budget = budget if request.budget is not None and request.budget.period == "total" else None
    rate_cap = request.budget is not None and request.budget.period != "total"
    pruner = Pruner(ev, w, request.days, total_budget, rate_cap) if free_choice and prune else None

    def total_over(o: Option) -> bool:
        """Without a deadline, `o` costs more than the total budget (unpriced plans are not over)."""
        return (
            request.days is None
            and total_budget is not None
            and o.cost_usd is not None
            and o.cost_usd > total_budget
        )

    picks: list[Option] = []  # each type's preferred plan
    late: list[GpuSpec] = []  # types that cannot meet the deadline
    searched: Sequence[GpuSpec] = types
    if free_choice:
        # An unpriced type is no answer to a free choice, searched or not: planning it anyway let
        # an unpriced B300 decide which priced types were "too slow" (the unpruned search must give
        # the pruned search's answer). Their exclusions are the catalogue's own (catalog_facts).
        facts = ev.facts
        excluded.extend(facts.unpriced)
        searched = pruner.order(facts.priced) if pruner is not None else [g for _, g in facts.priced]
    for g in searched:
        if pruner is not None:
            skip = pruner.skip(g, pool)
            if skip is not None:
                excluded.append(skip)
                continue
        ladder = ev.ladder(g)
        if not ladder:
            excluded.append(Excluded(g.id, "shape", "no purchasable instance shape in the catalogue"))
            continue
        if request.gpus is not None:
            o = ev(g, request.gpus)
            if o.fits:
                pool.append(o)
                primary.add((g.id, o.gpus))
            elif forced is None:
                excluded.append(
                    Excluded(g.id, "memory", f"does not fit in {g.capacity_gb:.1f} GB on {request.gpus} GPUs")
                )
            if request.gpu is None or forced is None:
                continue
        if (
            request.days is not None
            and request.budget is None
            and ev.too_slow(g, 1, target)
            and ev.surely_fits_somewhere(g)
        ):
            # Too slow on every count (too_slow does not depend on where the search starts), and
            # some count fits: late, known without searching for the smallest count that fits.
            late.append(g)
            excluded.append(_late(g, request.days, ladder))
            continue
        tight = ev.smallest_fitting_count(g)
        if tight is None:
            excluded.append(_too_small(ev, g))
            continue
        if request.gpus is not None and request.gpu is None:
            continue
        if request.days is not None and request.budget is None and ev.too_slow(g, tight, target):
            # meeting() below would find no count (not even the roomy one's search): spare the search.
            late.append(g)
            excluded.append(_late(g, request.days, ladder))
            continue
        small = ev.roomy_count(g, tight)
        if (
            pruner is not None
            and pruner.may_be_needless(g, pool, picks)
            and pruner.needless(g, _counts_it_could_add(ladder, tight))
        ):
            # A plan found beats all this type could add. Dropped unpriced and unlisted only when it
            # would add no exclusion either: its preferred plan on one node (no cluster network to
            # screen), priced, and meeting any deadline (not late).
            meet_count = ev.one_node_meeting(g, small, target)
            if meet_count is not None and math.isfinite(ev.cost_floor(g, meet_count)):
                continue
        if small != tight and request.budget is not None:
            pool.append(ev(g, tight))  # under a budget the tight plan may be all that fits it
        meet = ev.meeting(g, small, target)
        if meet is None:
            if request.days is not None:
                late.append(g)
                excluded.append(_late(g, request.days, ladder))
                continue
            meet = ev.fastest(g)
            fastest_possible.append(meet)
        pick = ev.preferred(g, meet, COST_TIE)
        pool.append(pick)
        primary.add((g.id, pick.gpus))
        if rate_cap:
            # A rate cap (per hour, per month) can favour fewer GPUs for longer: the counts
            # between the smallest that fits and the pick compete too.
            for n in ladder[ladder.index(small) : ladder.index(pick.gpus)]:
                slower = ev.offered(g, n)
                if slower is not None and slower.fits and (request.days is None or slower.days <= target):
                    pool.append(slower)
                    rate_only.add((g.id, n))
        elif total_over(pick):
            # No deadline: the pick aims at DEFAULT_TARGET_DAYS. When that costs more than the total
            # budget, a slower count may fit it (8 x B200 on one machine for 35 days at $45k, where
            # 16 for the 30 days span two and cost $97k): those between the roomy count and the pick
            # compete too, so the answer is a plan within the budget, not the closest one over it.
            for n in ladder[ladder.index(small) : ladder.index(pick.gpus)]:
                slower = ev.offered(g, n)
                if slower is not None and slower.fits:
                    pool.append(slower)
        picks.append(pick)
    # Faster variants (further rungs of each type's ladder) compete as "balanced" or "fastest",
    # which without a budget cost at most FASTEST_COST_CAP × the cheapest plan (rank.rank: a plan
    # within COST_TIE of the cheapest; for an NVIDIA plan, of the cheapest NVIDIA one), and
    # as the type's alternative when cheaper than its pick; with a total budget they may also
    # be anything within it. A variant whose cost floor is above all of these cannot be shown.
    # The cheapest pick that surely reaches the ranking (a plan the network screen drops later
    # must not lower the bar).
    staying = [p for p in picks if pruner.stays(p)] if pruner is not None else []
    cheapest = min((rank_cost(p) for p in staying), default=None)
    stays = {id(p) for p in staying}
    # The NVIDIA-only ranking (vendor.prefer_nvidia) caps its plans at its own cheapest one.
    cheapest_nvidia = min((rank_cost(p) for p in staying if p.gpu.vendor == "nvidia"), default=math.inf)
    bounded = cheapest is not None and (budget is None or total_budget is not None)
    # A plan within the global batch that every ranking sees (priced, so the pool keeps it, and
    # not a rate-only one): batch_screen then drops any plan beyond the batch, so a variant whose
    # layout is beyond it (or does not fit) is never shown, and need not be priced. (It cannot
    # decide the late check either: with a deadline every pick meets it.)
    batch_held = (
        prune
        and request.gpus is None
        and any(
            within_batch(o, w)
            and o.quote is not None
            and (o.gpu.id, o.gpus) not in rate_only
            and (request.days is None or o.days <= target * 1.0001)  # batch_screen keeps on-time plans
            for o in pool
        )
    )
    variants: list[tuple[Option, int]] = []
    for pick in picks:
        g = pick.gpu
        limit = math.inf
        if bounded and cheapest is not None and id(pick) in stays:
            # (A pick the screens may drop does not stand for its type: a variant may then be the
            # type's alternative at any cost.)
            low = cheapest_nvidia if g.vendor == "nvidia" else cheapest
            limit = max(FASTEST_COST_CAP * (1.0 + COST_TIE) * low, rank_cost(pick), total_budget or 0.0)
        ladder = ev.ladder(g)
        for step in (1, 2):
            idx = ladder.index(pick.gpus) + 2 * step
            if idx < len(ladder):
                if ev.cost_floor(g, ladder[idx]) > limit:
                    continue
                if cheapest is not None and ev.network_unlisted(g, ladder[idx]):
                    # A plan that surely reaches the ranking runs on a network known to cover
                    # it, so the network screen drops this one (screen.network_screen).
                    continue
                variants.append((pick, ladder[idx]))
    bound = (
        VariantBound(ev, pruner, total_budget, pool, [(p.gpu, n) for p, n in variants])
        if pruner is not None and bounded
        else None
    )
    if bound is not None:
        # The fastest first (its pick's days scaled to its count, no more than a guess): they are
        # the plans that rule out the slower variants.
        guess = [p.days * p.gpus / n for p, n in variants]
        asked = sorted(range(len(variants)), key=guess.__getitem__)
    else:
        asked = list(range(len(variants)))
    found: list[Option | None] = [None] * len(variants)
    for i in asked:
        pick, n = variants[i]
        if bound is not None and bound.needless(pick, n):
            continue
        if batch_held and ev.unfit_or_beyond_batch(pick.gpu, n):
            continue
        faster = ev.offered(pick.gpu, n)
        if faster is not None and faster.fits:
            found[i] = faster
            if bound is not None:
                bound.note(faster)
    pool.extend(o for o in found if o is not None)  # in the order of the picks, as before

    def on_time(o: Option) -> bool:
        """A plan within the target that can be an answer: on a free choice only a priced one counts,
        as the unpriced are dropped below (the pruner never plans them); an unpriced B300 that
        finishes in time must not rule out the priced types that do not."""
        return o.fits and o.days <= target * 1.0001 and (request.gpu is not None or o.quote is not None)

    if request.days is None and request.budget is None and fastest_possible:
        # Without a deadline or a budget, a type that cannot finish within the default length of a
        # job (DEFAULT_TARGET_DAYS) is no plan while another type can: its cheapest plan can take
        # years (7B on 2T tokens on H100 NVL, sold two to an instance: 1,721 days).
        slow = {o.gpu.id for o in fastest_possible}
        if any(on_time(o) and o.gpu.id not in slow for o in pool):
            if pruner is not None:
                # The pruner's cost bars counted the slow plans: search again without them.
                return plan_with(request, catalog, prune=False)
            pool = [o for o in pool if o.gpu.id not in slow]
            excluded.extend(_slow(o.gpu, target, ev.ladder(o.gpu)) for o in fastest_possible)
            fastest_possible = []
    grown_plans: set[tuple[str, int]] = set()  # plans beyond the batch: the deadline's only or fastest
    if late and not any(on_time(o) for o in pool):
        if pruner is not None:
            # Nothing meets the deadline, so the answer is the fastest plan of any type, whatever
            # its cost: the cost floors that pruned types say nothing about speed.
            return plan_with(request, catalog, prune=False)
        grown = bigger_batch.meeting_beyond_batch(ev, w, late, target) if request.gpus is None else []
        if grown:
            # No count within the recipe's global batch meets the deadline, but more GPUs on a bigger
            # batch do (70B full fine-tuning on 50B tokens in 7 days on H100: 64 at the batch's cap
            # take 19 days; 192 on a 3x batch take 5). The deadline comes first, and a count the user
            # names grows the batch too: those plans are the answer, saying so (batch_grown).
            pool = grown
            met = {o.gpu.id for o in grown}
            excluded = [e for e in excluded if not (e.reason == "deadline" and e.gpu in met)]
            grown_plans = {(o.gpu.id, o.gpus) for o in grown}
        else:
            # Nothing meets the deadline: the warning names the fastest plan of each type, on a bigger
            # batch when that is faster (8B on 500B tokens in a day: 64 x B200 at the batch's cap take
            # 7.4 days, 512 on an 8x batch 1.1).
            for g in late:
                quick = ev.fastest(g)
                grown_fast = bigger_batch.fastest_beyond_batch(ev, w, g) if request.gpus is None else None
                if grown_fast is not None and grown_fast.days < quick.days * bigger_batch.MARGIN:
                    quick = grown_fast
                    grown_plans.add((g.id, grown_fast.gpus))
                fastest_possible.append(quick)
        if request.gpus is None and not grown:
            # The deadline comes first, budget or not: the answer is the fastest plan. The pool holds
            # only the smallest counts a budget let in (2 x A100 for 1,301 days where 64 x B200 take
            # 6 and even 8 x B200 take 46), none of them an answer to a deadline they all miss.
            pool = []
    if request.gpu is None:
        priced = [o for o in pool if o.quote is not None]
        for gid in sorted({o.gpu.id for o in pool} - {o.gpu.id for o in priced}):
            if ev.priced(catalog.gpu(gid)):
                excluded.append(
                    Excluded(gid, "shape", f"not sold as {request.gpus} GPUs on one instance or 8-GPU nodes")
                )
            else:
                excluded.append(Excluded(gid, "no_price", NO_PRICE))
        pool = priced

    def ordered(candidates: list[Option], cap: float | None) -> tuple[list[Option], list[Excluded]]:
        """The options for these candidates under a budget cap (None: no budget)."""
        if request.gpus is None:
            candidates = batch_screen(candidates, w, request.days)
        candidates, dropped = network_screen(candidates)

        def ranked(cs: list[Option]) -> list[Option]:
            out = rank(cs, request, cap, w)
            if small_first:
                return not_top_first(out, cs, primary, request, cap)
            return right_sized_first(out, cs, primary, request, cap) if free_choice else out

        out = (
            priced_first(candidates, ranked)
            if len(types) > 1 and request.gpu is not None
            else ranked(candidates)
        )
        return prefer_nvidia(out, candidates, ranked, request, cap), dropped

    if budget is None:
        options, dropped = ordered(pool, None)
    else:
        # A budget is a constraint, not an objective: the plan recommended without one stays when
        # it already fits the budget; only otherwise do the budget-ranked plans replace it (and
        # are ranked at all).
        unbudgeted = [o for o in pool if (o.gpu.id, o.gpus) not in rate_only]
        if request.days is None and fastest_possible:
            # As without a budget: a type that cannot finish within DEFAULT_TARGET_DAYS is not the plan
            # recommended without one while another type can (1 × H100 PCIe for 747 days is no plan a
            # monthly budget should keep: 4 × H100 SXM within it costs less and takes 124 days). The
            # budget-ranked plans below still see it.
            slow = {o.gpu.id for o in fastest_possible}
            if any(on_time(o) and o.gpu.id not in slow for o in unbudgeted):
                if pruner is not None:
                    return plan_with(request, catalog, prune=False)  # the cost bars counted the slow plans
                unbudgeted = [o for o in unbudgeted if o.gpu.id not in slow]
        options, dropped = ordered(unbudgeted, None)
        if not (options and within_budget(options[0], request, budget)):
            options, dropped = ordered(pool, budget)
    excluded.extend(dropped)
    if forced is not None:
        options = [forced] + [o for o in options if (o.gpu.id, o.gpus) != (forced.gpu.id, forced.gpus)]
    if not options and fastest_possible:
        best = min(fastest_possible, key=lambda o: o.days)
        options = [best.relabel("fastest")]
    options = options[:MAX_OPTIONS]

    warnings, tagged = collect(w, request, catalog, options, fastest_possible, budget, spend, ev.fits)
    if forced is not None:
        warnings.extend(_fewer_is_faster(ev, forced))
        more = bigger_batch.grown(forced, w)
        if more is not None:
            warnings.append(more)
    elif tagged and (tagged[0].gpu.id, tagged[0].gpus) in grown_plans:
        more = bigger_batch.grown(tagged[0], w, deadline=True, met=tagged[0].days <= target * 1.0001)
        if more is not None:
            warnings.append(more)
    elif request.gpus is None and tagged:
        warnings.extend(_beyond_batch(ev, w, tagged[0]))
    workload = _workload(w, request, budget)
    verdict = None
    if forced is not None:
        verdict = feasibility.assess(
            request, w, next(o for o in tagged if o.label == "requested"), ev, catalog
        )
    return SizingResult(
        workload=tuple(workload.items()),
        options=tuple(tagged),
        warnings=tuple(warnings),
        explain=lines(w, tagged[0] if tagged else None)
        + tradeoffs(tagged)
        + assumption_lines(
            request.days, tagged[0] if tagged else None, request.gpu is None and bool(tagged), small_first
        ),
        excluded=tuple(sorted(excluded, key=lambda e: e.gpu)),
        currency=request.budget.currency if request.budget else "USD",
        feasibility=verdict,
    )


def _counts_it_could_add(ladder: tuple[int, ...], tight: int) -> tuple[int, ...]:
    """The counts a type could put in the pool: every one from the smallest that fits (the tight
    plan under a budget) up, as preferred() weighs every larger count that could cost as little
    as the one meeting the deadline, and its faster variants are further rungs up."""
    return ladder[bisect.bisect_left(ladder, tight) :]


def _fewer_is_faster(ev: Evaluator, forced: Option) -> list[SizingWarning]:
    """A requested count that a smaller count of the same GPU beats on time (its GPUs do not divide
    into the layout that made the smaller count fast)."""
    if not forced.fits:
        return []
    smaller = [ev(forced.gpu, n) for n in ev.ladder(forced.gpu) if n < forced.gpus]
    better = [o for o in smaller if o.fits and o.days < forced.days * 0.9999]
    if not better:
        return []
    best = min(better, key=lambda o: (o.gpus, o.days))
    return [
        SizingWarning(
            "fewer_gpus_faster",
            params=(
                ("gpu", forced.gpu.id),
                ("gpus", forced.gpus),
                ("better_gpus", best.gpus),
                ("better_days", round(best.days, 3)),
                ("days", round(forced.days, 3)),
            ),
        )
    ]


def _beyond_batch(ev: Evaluator, w: Workload, top: Option) -> list[SizingWarning]:
    """The recommended plan when more GPUs than the recipe's global batch holds would be faster and
    cheaper (sizing.bigger_batch): the search stops at the batch, a count the user names does not."""
    cap = ev.batch_cap(top.gpu)
    if cap is None or not bigger_batch.worth_a_look(top, w, cap, ev.facts.cheapest.get(top.gpu.id, math.inf)):
        return []
    better = bigger_batch.better_beyond_batch(top, w, Evaluator(w, ev.catalog, strict_batch=False), cap)
    return [] if better is None else [bigger_batch.warning(top, better, w)]


def _late(g: GpuSpec, days: float, ladder: tuple[int, ...]) -> Excluded:
    """No count of this GPU meets the deadline."""
    return Excluded(g.id, "deadline", f"needs over {days:g} days even on {ladder[-1]} GPUs")


def _slow(g: GpuSpec, target_days: float, ladder: tuple[int, ...]) -> Excluded:
    """No count of this GPU finishes within the default length of a job without a deadline."""
    return Excluded(
        g.id,
        "deadline",
        f"needs over {target_days:g} days even on {ladder[-1]} GPUs"
        f" (no deadline given: {target_days:g} days is our default length for a job)",
    )


def _too_small(ev: Evaluator, g: GpuSpec) -> Excluded:
    """Why no count of this GPU holds the job: memory, or the instance shapes it is sold in."""
    most = ev.ladder(g)[-1]
    cap = ev.batch_cap(g)
    if cap is not None and most >= cap and cap < max_gpus(g):
        # The global batch, not the instance shapes, stops the count: one sequence per data-parallel rank.
        return Excluded(
            g.id,
            "batch",
            f"a {ev.w.global_batch_tokens / 1024:,.0f}K-token global batch fills at most {cap} GPUs;"
            " does not fit on that many",
        )
    if most < max_gpus(g):
        return Excluded(
            g.id, "shape", f"sold as at most {most} GPUs per instance, without multi-node shapes; too small"
        )
    return Excluded(g.id, "memory", f"does not fit even on {most} × {g.capacity_gb:.1f} GB")


def _workload(w: Workload, req: SizingRequest, budget: float | None) -> dict[str, object]:
    a = w.arch
    return {
        "model": req.model.name if req.model is not None else None,
        "params": w.params,
        "params_exact": a.params_exact,
        "active_params": w.active_params,
        "architecture": {
            "layers": a.layers,
            "hidden": a.hidden,
            "heads": a.heads,
            "kv_heads": a.kv_heads,
            "ffn": a.ffn,
            "vocab": a.vocab,
            "tied_embeddings": a.tied_embeddings,
        },
        "method": w.method,
        "continued": w.continued,
        "stack": w.stack.id,
        "stack_assumed": w.stack.assumed,
        "recompute": w.recompute,
        "offload": w.offload,
        "precision": w.precision,
        "optimizer": "paged_adamw_8bit" if w.low_memory else w.optimizer,
        "low_memory": w.low_memory,
        # weights + gradients + optimizer state per trained parameter: mixed-precision AdamW 2 + 2 + 12;
        # the low-memory recipe keeps bf16 weights and pages its 8-bit states out (sizing.lowmem).
        "optimizer_bytes_per_param": 2 if w.low_memory else 16,
        "gradient_bytes_per_param": w.stack.grad_bytes,
        "tokens": w.dataset_tokens,  # one pass (DESIGN.md); the work is tokens_trained
        "epochs": w.epochs,
        "tokens_trained": w.tokens,
        "tokens_source": w.tokens_source,
        "data_bytes": w.data_bytes,
        "bytes_per_token": w.bytes_per_token,
        "data_language": req.data_language,
        "seq_len": w.seq_len,
        "seq_len_default": w.seq_len_default,
        "micro_batch": w.micro_batch,
        "global_batch_tokens": w.global_batch_tokens,
        "trainable_params": w.trainable_params,
        "lora_rank": w.lora_rank,
        "days": req.days,
        "target_days": req.days or DEFAULT_TARGET_DAYS,
        "budget": None
        if req.budget is None
        else {
            "amount": req.budget.amount,
            "currency": req.budget.currency,
            "period": req.budget.period,
            "usd": round(budget or 0.0, 2),
        },
        "gpu": req.gpu,
        "gpus": req.gpus,
        "gb_unit": "1e9 bytes",
    }
