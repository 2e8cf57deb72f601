"""One candidate plan: a GPU type and count -> layout, time, network, storage and price."""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

from sizing import compute, cost, layout, network, storage
from sizing.assumptions import HEADROOM_PREMIUM, MIN_HEADROOM, ROOMY_SEARCH_FACTOR
from sizing.compute import GOODPUT, goodput_of
from sizing.fixed import FixedModel, minimum_fixed_hours
from sizing.memory import Layout, LowerBound, MemoryModel, weight_bytes_per_param
from sizing.network import GPUS_PER_NODE
from sizing.result import Excluded, Option, new_option
from sizing.screen import layout_within_batch, network_ok
from sizing.types import Catalog, GpuSpec, Offering, Precision
from sizing.workload import Workload

# Relative margin that keeps Evaluator.floors below the plan they bound when both are exact.
FLOOR_SLACK = 1e-9
# meeting() leaves a count unpriced when its days before the network are over the deadline by this
# margin (they equal the plan's days when the network keeps up, computed in another order).
LATE_SLACK = 1e-9

# Count ladder: 1, 2, 4, then whole 8-GPU nodes in ~25% steps.
_NODE_STEPS = (
    1,
    2,
    3,
    4,
    5,
    6,
    8,
    10,
    12,
    16,
    20,
    24,
    32,
    40,
    48,
    64,
    80,
    96,
    128,
    160,
    192,
    256,
    320,
    384,
    512,
    640,
    768,
    1024,
    1280,
    1536,
    2048,
)
COUNT_LADDER: tuple[int, ...] = (1, 2, 4) + tuple(8 * k for k in _NODE_STEPS)
# Consumer and workstation cards: at most one 8-GPU box (no NVLink switch fabric, no RDMA NICs).
MAX_GPUS_WORKSTATION = 8


def max_gpus(gpu: GpuSpec) -> int:
    return MAX_GPUS_WORKSTATION if gpu.segment != "datacenter" else COUNT_LADDER[-1]


def planning_gbps(offerings: tuple[Offering, ...], gpus: int) -> float | None:
    """The per-node network the layout search plans with: the fastest listed on this GPU's 8-GPU
    instances, else network.unlisted_gbps; None on one node or for a GPU the catalog does not sell."""
    if gpus <= GPUS_PER_NODE or not offerings or cost.one_instance(offerings, gpus):
        return None
    best = cost.best_network_gbps(offerings)
    return best if best is not None else network.unlisted_gbps(gpus)


_COUNTS: dict[tuple[int, int], tuple[tuple[Offering, ...], tuple[int, ...]]] = {}


def purchasable_counts(offers: tuple[Offering, ...], most: int) -> tuple[int, ...]:
    """COUNT_LADDER up to `most`, restricted to counts a shape of these offerings holds exactly
    (any count when the GPU is not sold). Memoised by the offerings' identity: they come from
    cost.usable_offerings, itself memoised per immutable catalog, so a chat reuses them (hashing
    the offerings instead would cost more than computing the counts)."""
    key = (id(offers), most)
    found = _COUNTS.get(key)
    if found is not None and found[0] is offers:
        return found[1]
    counts = tuple(
        n for n in COUNT_LADDER if n <= most and (not offers or cost.purchasable(offers, n, exact=True))
    )
    if len(_COUNTS) > 512:
        _COUNTS.clear()
    _COUNTS[key] = (offers, counts)
    return counts


NO_PRICE = "no usable on-demand price in the catalogue"


@dataclass(frozen=True, slots=True)
class CatalogFacts:
    """What every plan() on one catalogue asks of its GPU types before any workload comes in, worked
    out once per catalogue object (catalog_facts). Read-only: the mappings are shared by every plan."""

    catalog: Catalog
    offerings: dict[str, tuple[Offering, ...]]  # cost.usable_offerings
    # Per GPU type of the catalogue: Evaluator._node_facts (the most GPUs one node holds, at least
    # GPUS_PER_NODE; whether it is sold; the fastest network listed on its 8-GPU instances; whether
    # any instance lists one).
    nodes: dict[str, tuple[float, bool, float | None, bool]]
    cheapest: dict[str, float]  # per priced type: cost.cheapest_gpu_hour_usd
    priced: tuple[tuple[int, GpuSpec], ...]  # (catalogue position, type) of the priced types
    unpriced: tuple[Excluded, ...]  # a "no_price" exclusion per type without a usable price


_CATALOG_FACTS: dict[int, CatalogFacts] = {}


def catalog_facts(catalog: Catalog) -> CatalogFacts:
    """CatalogFacts of this catalogue, memoised per catalogue object (kept with it, so the id cannot
    be reused): a chat plans on the same few catalogues again and again."""
    found = _CATALOG_FACTS.get(id(catalog))
    if found is not None and found.catalog is catalog:
        return found
    offerings = cost.usable_offerings(catalog)
    nodes: dict[str, tuple[float, bool, float | None, bool]] = {}
    for g in catalog.gpus:
        offers = offerings.get(g.id, ())
        largest, best, listed = cost.offering_facts(offers)
        nodes[g.id] = (max(GPUS_PER_NODE, largest), bool(offers), best, listed)
    found = CatalogFacts(
        catalog,
        offerings,
        nodes,
        {gid: cost.cheapest_gpu_hour_usd(offers) for gid, offers in offerings.items()},
        tuple((i, g) for i, g in enumerate(catalog.gpus) if g.id in offerings),
        tuple(Excluded(g.id, "no_price", NO_PRICE) for g in catalog.gpus if g.id not in offerings),
    )
    if len(_CATALOG_FACTS) >= 16:
        _CATALOG_FACTS.pop(next(iter(_CATALOG_FACTS)))
    _CATALOG_FACTS[id(catalog)] = found
    return found


class Evaluator:
    """The plans of one plan() call, memoised per (gpu, count), sharing layout and price memos."""

    def __init__(self, w: Workload, catalog: Catalog, strict_batch: bool = False) -> None:
        self.w = w
        self.catalog = catalog
        self.strict_batch = strict_batch
        self._search = layout.LayoutSearch(w, strict_batch, catalog.offload)
        self.facts = facts = catalog_facts(catalog)
        self._offerings = facts.offerings
        self.priced_ids = self._offerings.keys()  # the GPU ids priced() holds, for a test without a call
        self._cheapest = facts.cheapest
        self._seen: dict[tuple[str, int], Option] = {}
        self._ladders: dict[str, tuple[int, ...]] = {}
        self._ideal: dict[str, float] = {}
        self._bounds: dict[tuple[bool, int], LowerBound] = {}  # memory.lower_bound_gb per (fp32, max TP)
        self._min_micro_batch = min(self._search.micro_batches)
        self._max_micro_batch = max(self._search.micro_batches)
        self._batch_ranks = max(1, int(w.global_batch_tokens * 1.0001 // (w.seq_len * self._min_micro_batch)))
        # Per GPU: (the most GPUs one node of it holds, at least GPUS_PER_NODE; whether the catalog
        # sells it; the fastest network listed on its 8-GPU instances; whether any lists one).
        self._nodes: dict[str, tuple[float, bool, float | None, bool]] = dict(facts.nodes)
        self._cost_floors: dict[tuple[str, int], float] = {}
        self._fits: dict[tuple[str, int], bool] = {}
        self._days_floors: dict[tuple[str, int], float] = {}
        self._floors: dict[tuple[str, int], tuple[float, float]] = {}  # Evaluator.floors
        self._roomy: dict[tuple[str, int, int], tuple[Offering, ...]] = {}  # Evaluator._host_ram_offerings
        self._fitted: dict[tuple[str, int], layout.Fitted] = {}  # Evaluator.fitted
        self._before: dict[tuple[str, int], float] = {}  # Evaluator._before_network
        self._rising: dict[str, tuple[float, float]] = {}  # per GPU: Evaluator.rising_factors
        self._beyond: dict[str, float] = {}  # per GPU: Evaluator._beyond_price
        self.min_fixed_hours = minimum_fixed_hours(w)  # the fixed hours every plan pays at least
        self._fixed = FixedModel(w)
        self._storage = storage.StorageModel(
            w.dataset_tokens,
            w.bytes_per_token,
            w.data_bytes,
            w.arch.vocab,
            w.n,
            w.trainable_params,
            w.is_peft,
        )

    def priced(self, gpu: GpuSpec) -> bool:
        return gpu.id in self._offerings

    def offerings(self, gpu: GpuSpec) -> tuple[Offering, ...]:
        """This GPU's usable offerings (cost.usable)."""
        return self._offerings.get(gpu.id, ())

    def ladder(self, gpu: GpuSpec) -> tuple[int, ...]:
        """Counts the engine plans for this GPU: COUNT_LADDER within max_gpus and, when the
        catalog sells the GPU, only counts a purchasable shape holds exactly (cost.purchasable;
        1, 2, 4, 8 where sold, then whole 8-GPU nodes), so no plan pays for idle GPUs."""
        found = self._ladders.get(gpu.id)
        if found is None:
            offers = self._offerings.get(gpu.id, ())
            most = MAX_GPUS_WORKSTATION if gpu.segment != "datacenter" else COUNT_LADDER[-1]  # = max_gpus
            if self.strict_batch:  # more GPUs than the global batch can use are never planned
                most = min(
                    most, self._batch_ranks * (layout.max_tp(gpu) if self.w.stack.model_parallel else 1)
                )
            found = purchasable_counts(offers, most)  # = those of max_gpus(gpu) up to `most`
            self._ladders[gpu.id] = found
        return found

    def batch_cap(self, gpu: GpuSpec) -> int | None:
        """The most GPUs the global batch lets a plan use on this GPU (None: not capped by it)."""
        if not self.strict_batch:
            return None
        # = layout.max_gpus_within_batch(self.w, gpu, self._min_micro_batch): the batch's ranks,
        # worked out once, × the GPU's TP limit.
        return self._batch_ranks * (layout.max_tp(gpu) if self.w.stack.model_parallel else 1)

    def __call__(self, gpu: GpuSpec, gpus: int) -> Option:
        """The plan on `gpus` GPUs of this type (memoised)."""
        key = (gpu.id, gpus)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = self._evaluate(gpu, gpus)
        return found

    def _evaluate(self, gpu: GpuSpec, gpus: int) -> Option:
        """One plan: layout, time, network, storage and price.

        Across nodes the network is the priced offering's (the cheapest whose listed network covers
        the layout's need, else the fastest listed), or network.unlisted_gbps when the instances sold
        list none; a GPU sold nowhere in the catalog is not network-limited (the buyer picks one)."""
        w = self.w
        offerings = self._offerings.get(gpu.id, ())
        most, sold, best, _ = self._nodes.get(gpu.id) or self._node_facts(gpu)
        one_node = gpus <= most
        stated = w.network_gbps  # the user's own cluster network: the plan runs on it
        multi_node = not one_node and (sold or stated is not None)  # sold = bool(offerings)
        search = self._search
        # = _planning_gbps(gpu, gpus)
        gbps: float | None = None
        if multi_node:
            gbps = stated if stated is not None else best if best is not None else network.unlisted_gbps(gpus)
        fitted = search.choose(gpu, gpus, gbps)
        lay = fitted.layout
        ideal = search.speed.throughput(gpu, lay)
        tokens_per_step = lay.dp * lay.micro_batch * lay.grad_accum * w.seq_len
        per_gpu_s = ideal.tokens_per_gpu_second
        step_s = tokens_per_step / (per_gpu_s * gpus)
        grad_bytes = weight_bytes_per_param(ideal.precision)
        terms = (
            network.layout_sync_terms(lay, w.trainable_params, grad_bytes, step_s, w.seq_len, w.arch.hidden)
            if gbps is None
            else search.sync_terms_of(gpu, lay, grad_bytes, step_s)  # the choice's own, when the same
        )
        offered: float | None = None
        assumed: float | None = None
        need_gbps: float | None = None
        required = 0.0
        if not one_node:
            required = network.node_need_gbps(terms[1], terms[2], terms[3], terms[4])  # = SyncNeed.node_gbps
        if multi_node and stated is not None:
            offered = assumed = stated  # need_gbps stays None: the rental's network is not the plan's
        elif multi_node:
            need_gbps = required
            offer = cost.node_offering(offerings, gpus, need_gbps)
            offered = offer.network_gbps if offer is not None else None
            assumed = offered if offered is not None else network.unlisted_gbps(gpus)
        net = network.advise(gpu, gpus, terms, required, offered, assumed, one_node)
        tp = ideal
        if net.comm_slowdown > 1.0:
            tp = compute.with_comm(ideal, net.comm_slowdown)
            per_gpu_s = tp.tokens_per_gpu_second
        hours = w.tokens / per_gpu_s / 3600.0  # = compute.gpu_hours(w, tp)
        training_hours = hours / gpus
        nodes = 1 if one_node else math.ceil(gpus / GPUS_PER_NODE)  # = nodes(gpu, gpus)
        fixed = self._fixed.costs(training_hours, nodes)
        days = (training_hours + fixed.total_hours) / 24.0
        store = self._storage.advise(per_gpu_s * gpus)
        if w.offload:
            offerings = self._host_ram_offerings(gpu, gpus, lay, ideal.precision, offerings)
        q = cost.quote(self.catalog, gpu.id, gpus, days, offerings, need_gbps)
        return new_option(
            gpu,
            fitted,
            tp,
            hours,
            compute.gpu_hours_band(hours),
            days,
            net,
            store,
            q,
            self.catalog.usd_to_cny,
            "",
            (),
            fixed,
            training_hours / 24.0,
        )

    def _host_ram_offerings(
        self,
        gpu: GpuSpec,
        gpus: int,
        lay: Layout,
        precision: Precision,
        offerings: tuple[Offering, ...],
    ) -> tuple[Offering, ...]:
        """With CPU offload, the instances of this GPU whose host RAM holds their GPUs' share of what
        is offloaded (MemoryModel.host_bytes): one A10G on a 16 GiB g5.xlarge cannot hold a 7B model's
        ~100 GB of optimizer state, the same GPU on a 128 GiB g5.8xlarge can. All of them when none
        does (feasibility then leaves offload out) or the RAM is not listed."""
        if not offerings:
            return offerings
        per_gpu = MemoryModel(self.w, precision).host_bytes(lay) / gpus
        key = (gpu.id, gpus, round(per_gpu / 1e6))
        found = self._roomy.get(key)
        if found is None:
            roomy = tuple(
                o
                for o in offerings
                if o.ram_gib is None or o.ram_gib * 2**30 >= per_gpu * min(o.gpu_count, gpus)
            )
            found = self._roomy[key] = roomy or offerings
        return found

    def one_node(self, gpu: GpuSpec, gpus: int) -> bool:
        """Whether `gpus` GPUs of this type run on one node: at most GPUS_PER_NODE, or one instance on
        sale holds them all (cost.one_instance; quote() then rents it)."""
        return gpus <= (self._nodes.get(gpu.id) or self._node_facts(gpu))[0]

    def _node_facts(self, gpu: GpuSpec) -> tuple[float, bool, float | None, bool]:
        """(the most GPUs one node of this type holds: GPUS_PER_NODE or the largest instance on sale;
        whether the catalog sells it; the fastest network listed on its 8-GPU instances; whether any
        of its instances lists a network at all). cost.one_instance(offerings, n) is "n <= the
        largest instance": asked per count, it is the engine's most frequent question, so these
        are looked up once per type."""
        offerings = self._offerings.get(gpu.id, ())
        largest, best, listed = cost.offering_facts(offerings)
        found = self._nodes[gpu.id] = (max(GPUS_PER_NODE, largest), bool(offerings), best, listed)
        return found

    def nodes(self, gpu: GpuSpec, gpus: int) -> int:
        """The nodes a plan on `gpus` GPUs of this type spans."""
        if gpus <= (self._nodes.get(gpu.id) or self._node_facts(gpu))[0]:
            return 1
        return math.ceil(gpus / GPUS_PER_NODE)

    def _planning_gbps(self, gpu: GpuSpec, gpus: int) -> float | None:
        """planning_gbps for this GPU's offerings, their fastest listed network looked up once."""
        most, sold, best, _ = self._nodes.get(gpu.id) or self._node_facts(gpu)
        if gpus <= most:
            return None
        if self.w.network_gbps is not None:
            return self.w.network_gbps
        if not sold:
            return None
        return best if best is not None else network.unlisted_gbps(gpus)

    def network_unlisted(self, gpu: GpuSpec, gpus: int) -> bool:
        """A plan on `gpus` GPUs of this type spans nodes on instances none of which lists its
        network, so its network is never known to be adequate (screen.network_ok is False)."""
        most, sold, _, listed = self._nodes.get(gpu.id) or self._node_facts(gpu)
        return gpus > most and sold and not listed and self.w.network_gbps is None

    def _floor_rules_out(self, gpu: GpuSpec, gpus: int) -> bool:
        floor = self._memory_floor(self._search.speed.precision(gpu), layout.max_tp(gpu), gpus)
        return floor > gpu.capacity_gb * (1.0 + 1e-9)

    def _memory_floor(self, precision: Precision, tp: int, gpus: int) -> float:
        """memory.lower_bound_gb on `gpus` GPUs."""
        return self._lower_bound(precision, tp)(gpus)

    def _lower_bound(self, precision: Precision, tp: int) -> LowerBound:
        """memory.lower_bound_gb per (precision, max TP), memoised per count by the LowerBound. It
        depends on the precision only through its MemoryModel (4- or 2-byte values) and on the TP
        limit only where the stack splits the model, so GPU types alike in those share one."""
        key = (precision == "fp32", tp if self.w.stack.model_parallel else 1)
        bound = self._bounds.get(key)
        if bound is None:
            model = self._search.memory_model(precision)  # its activations memo shared with the search
            bound = self._bounds[key] = LowerBound(self.w, tp, self._min_micro_batch, precision, model)
        return bound

    def fits(self, gpu: GpuSpec, gpus: int) -> bool:
        """Whether some layout fits; a memory floor rules most hopeless counts out unsearched."""
        key = (gpu.id, gpus)
        found = self._fits.get(key)
        if found is None:
            seen = self._seen.get(key)
            if seen is not None:
                found = seen.fits
            else:
                # A probe needs a fitting layout, not the best one.
                found = not self._floor_rules_out(gpu, gpus) and self._search.fits(gpu, gpus)
            self._fits[key] = found
        return found

    def surely_fits_somewhere(self, gpu: GpuSpec) -> bool:
        """True when smallest_fitting_count(gpu) is surely not None, known without a layout scan:
        one layout on the largest count of the ladder fits (LayoutSearch.surely_fits; its memory is
        above the count's floor, so the floor passes too). False says nothing."""
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        if not ladder or self._floor_rules_out(gpu, ladder[-1]):
            return False  # (no layout on the most GPUs fits: the search decides for the others)
        return self._search.surely_fits(gpu, ladder[-1])

    def smallest_fitting(self, gpu: GpuSpec) -> Option | None:
        n = self.smallest_fitting_count(gpu)
        return None if n is None else self(gpu, n)

    def smallest_fitting_count(self, gpu: GpuSpec) -> int | None:
        """The fewest GPUs of this type some layout fits on (layout searches only, no plan)."""
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        # Counts below the first whose memory floor fits cannot fit: start there. Usually that
        # count fits (the floor is close to the leanest layout) and one search answers.
        precision, tp = self._search.speed.precision(gpu), layout.max_tp(gpu)
        capacity = gpu.capacity_gb * (1.0 + 1e-9)
        lo = self._lower_bound(precision, tp).first_within(ladder, capacity)
        if lo is None:
            return None
        first = ladder[lo]
        key = (gpu.id, first)
        found = self._fits.get(key)
        if found is None:  # fits(), its floor known to pass
            seen = self._seen.get(key)
            found = self._fits[key] = seen.fits if seen is not None else self._search.fits(gpu, first)
        if found:
            return first
        if not self.fits(gpu, ladder[-1]):
            return None
        lo, hi = lo + 1, len(ladder) - 1  # fits is (nearly) monotone in n: binary search, then confirm
        while lo < hi:
            mid = (lo + hi) // 2
            if self.fits(gpu, ladder[mid]):
                hi = mid
            else:
                lo = mid + 1
        for n in ladder[lo:]:
            if self.fits(gpu, n):
                return n
        return None

    def fitted(self, gpu: GpuSpec, gpus: int) -> layout.Fitted:
        """The layout a plan would choose on `gpus` GPUs of this type (its memo; no plan)."""
        key = (gpu.id, gpus)
        found = self._fitted.get(key)
        if found is None:
            found = self._fitted[key] = self._search.choose(gpu, gpus, self._planning_gbps(gpu, gpus))
        return found

    def _before_network(self, gpu: GpuSpec, gpus: int) -> float:
        """The days of the chosen layout at its compute speed on this count's nodes, before the
        slowdown of a network below its need (the arithmetic of days() on one node), memoised:
        the searches ask it of a count again and again."""
        key = (gpu.id, gpus)
        found = self._before.get(key)
        if found is None:
            training_hours = self._search.speed.gpu_hours(gpu, self.fitted(gpu, gpus).layout) / gpus
            nodes = self.nodes(gpu, gpus)
            found = self._before[key] = (
                training_hours + self._fixed.total_hours(training_hours, nodes)
            ) / 24.0
        return found

    def unfit_or_beyond_batch(self, gpu: GpuSpec, gpus: int) -> bool:
        """True when the plan on `gpus` GPUs of this type would not fit or its layout would exceed
        the global batch (screen.within_batch), known from the layout alone; False when its layout
        is within the batch, found without a search when no layout on this many GPUs can exceed
        it (the plan may then still not fit)."""
        if gpus * self._max_micro_batch * self.w.seq_len <= self.w.global_batch_tokens * 1.0001:
            return False  # DP ranks × micro-batch ≤ gpus × the largest micro-batch searched
        fitted = self.fitted(gpu, gpus)
        return not (fitted.fits and layout_within_batch(fitted.layout, self.w))

    def roomy_count(self, gpu: GpuSpec, small: int) -> int:
        """The smallest count from `small` up whose layout leaves MIN_HEADROOM of memory free,
        within ROOMY_SEARCH_FACTOR × small; `small` itself when none does (layouts only)."""
        if self.fitted(gpu, small).headroom >= MIN_HEADROOM:
            return small
        for n in self._ladders.get(gpu.id) or self.ladder(gpu):
            if small < n <= small * ROOMY_SEARCH_FACTOR:
                f = self.fitted(gpu, n)
                if f.fits and f.headroom >= MIN_HEADROOM:
                    return n
        return small

    def roomy(self, gpu: GpuSpec, small: Option) -> Option:
        """The smallest count from `small` up that leaves MIN_HEADROOM of memory free, within
        ROOMY_SEARCH_FACTOR × small's count; `small` itself when none does."""
        if small.fitted.headroom >= MIN_HEADROOM:
            return small
        for n in self.ladder(gpu):
            if small.gpus < n <= small.gpus * ROOMY_SEARCH_FACTOR:
                o = self.offered(gpu, n)
                if o is not None and o.fits and o.fitted.headroom >= MIN_HEADROOM:
                    return o
        return small

    def cost_floor(self, gpu: GpuSpec, gpus: int) -> float:
        """A lower bound on the on-demand USD of any plan on `gpus` GPUs of this type: the price of
        the shape that would be rented × (GPU-hours at the best per-GPU speed + the fixed hours no
        job avoids, on every GPU)."""
        key = (gpu.id, gpus)
        found = self._cost_floors.get(key)
        if found is None:
            found = self._cost_floors[key] = self._cost_floor(gpu, gpus)
        return found

    def _cost_floor(self, gpu: GpuSpec, gpus: int) -> float:
        per_gpu_hour = cost.per_gpu_hour_usd(self._offerings.get(gpu.id, ()), gpus)
        if per_gpu_hour is None:
            return math.inf
        hours = self.ideal_gpu_hours(gpu) + gpus * self.min_fixed_hours
        return per_gpu_hour * hours

    def ideal_gpu_hours(self, gpu: GpuSpec) -> float:
        """GPU-hours at the best per-GPU speed any layout reaches (one GPU: TP 1, no pipeline, no
        ZeRO-3, no recompute, full goodput): a floor under every plan's GPU-hours on this type."""
        found = self._ideal.get(gpu.id)
        if found is None:
            found = self._ideal[gpu.id] = self._search.speed.ideal_gpu_hours(gpu)
        return found

    def days_floor(self, gpu: GpuSpec, gpus: int) -> float:
        """Days on `gpus` GPUs at the best per-GPU speed any layout could reach (the ideal speed
        with the goodput of this many GPUs): no plan on this many GPUs can be faster."""
        key = (gpu.id, gpus)
        found = self._days_floors.get(key)
        if found is None:
            ideal = self._ideal.get(gpu.id) or self.ideal_gpu_hours(gpu)
            found = self._days_floors[key] = ideal / (GOODPUT.get(gpus) or goodput_of(gpus)) / gpus / 24.0
        return found

    def floors(self, gpu: GpuSpec, gpus: int) -> tuple[float, float]:
        """(cost floor, days floor) of any plan on `gpus` GPUs of this type, before a layout is
        searched: training at the ideal per-GPU speed with the goodput of this many GPUs (no layout
        runs faster: TP, pipeline, ZeRO-3, recompute and a slow network only slow it), plus the
        fixed hours of a job that trains that long on that many nodes (they only grow with the
        training time), on the cheapest shape that holds the count. A data-parallel layout at
        full speed meets them (7B pre-training on whole nodes); FLOOR_SLACK keeps them below
        a plan's own arithmetic, done in another order. cost is inf when no shape holds the count."""
        key = (gpu.id, gpus)
        found = self._floors.get(key)
        if found is None:
            found = self._floors[key] = self._floors_of(gpu, gpus)
        return found

    def _floors_of(self, gpu: GpuSpec, gpus: int) -> tuple[float, float]:
        per_gpu_hour = cost.per_gpu_hour_usd(self._offerings.get(gpu.id, ()), gpus)
        ideal = self._ideal.get(gpu.id) or self.ideal_gpu_hours(gpu)
        gpu_hours = ideal / (GOODPUT.get(gpus) or goodput_of(gpus))
        training_hours = gpu_hours / gpus
        one = gpus <= (self._nodes.get(gpu.id) or self._node_facts(gpu))[0]
        nodes = 1 if one else math.ceil(gpus / GPUS_PER_NODE)
        hours = training_hours + self._fixed.total_hours(training_hours, nodes)
        usd = math.inf if per_gpu_hour is None else per_gpu_hour * gpus * hours * (1.0 - FLOOR_SLACK)
        return usd, hours / 24.0 * (1.0 - FLOOR_SLACK)

    def offered(self, gpu: GpuSpec, gpus: int) -> Option | None:
        """The plan on `gpus` GPUs, or None when fewer GPUs of this type finish sooner.

        A count can be slower than a smaller one: its GPUs may not divide into the layout that
        made the smaller count fast (32 = TP 8 × PP 2 × DP 2 without recompute; 40 cannot, and
        falls back to full recompute). The engine never offers such a count, so along the counts
        it offers, more GPUs never take longer. Smaller counts are checked downwards until even
        their ideal speed could not beat this plan.
        """
        o = self(gpu, gpus)
        if not o.fits:
            return o
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        days_floors, gid = self._days_floors, gpu.id
        below = ladder.index(gpus) if gpus in ladder else sum(1 for n in ladder if n < gpus)
        for m in ladder[below - 1 :: -1] if below else ():  # the smaller counts, largest first
            if (days_floors.get((gid, m)) or self.days_floor(gpu, m)) >= o.days:
                break
            if (
                self.fits(gpu, m)
                and self._days_before_network(gpu, m) < o.days
                and self.days(gpu, m) < o.days
            ):
                return None
        return o

    def _late_before_network(self, gpu: GpuSpec, gpus: int, days: float) -> bool:
        """The plan on `gpus` GPUs (across nodes) would not fit, or would take over `days` even
        before its network's slowdown (_days_before_network), known from its layout alone."""
        if not self.fitted(gpu, gpus).fits:
            return True
        return self._before_network(gpu, gpus) > days * (1.0 + LATE_SLACK)

    def _usd_before_network(self, gpu: GpuSpec, gpus: int) -> float:
        """A floor under the on-demand USD of the plan on `gpus` GPUs: its layout's days before the
        network's slowdown (_days_before_network) on the cheapest shape that holds the count (the
        price cost_floor uses); inf when no layout fits or no shape holds the count."""
        per_gpu_hour = cost.per_gpu_hour_usd(self._offerings.get(gpu.id, ()), gpus)
        if per_gpu_hour is None or not self.fitted(gpu, gpus).fits:
            return math.inf
        return per_gpu_hour * gpus * self._days_before_network(gpu, gpus) * 24.0 * (1.0 - FLOOR_SLACK)

    def _rank_usd_before_network(self, gpu: GpuSpec, gpus: int) -> float:
        """A floor under rank_cost of the plan on `gpus` GPUs: _usd_before_network, with the
        HEADROOM_PREMIUM of a layout short of headroom (its layout is the plan's)."""
        usd = self._usd_before_network(gpu, gpus)
        return usd * _PREMIUM if self.fitted(gpu, gpus).headroom < layout.HEADROOM else usd

    def _fitting_floor(self, gpu: GpuSpec, gpus: int) -> float:
        """For a stack without tensor or pipeline parallelism, a floor under the on-demand USD of
        the plan on `gpus` GPUs that sees memory: floors()' ideal speed × the relative speed of the
        fastest layout that fits (LayoutSearch.fastest_fitting_speed). Without TP and PP a
        layout's speed is the ideal one × goodput × _ordering's relative speed exactly (ZeRO-3's
        loss, full recompute's factor), so no layout the plan can choose is faster; found without
        the network's arithmetic of a full layout search. inf when nothing fits."""
        per_gpu_hour = cost.per_gpu_hour_usd(self._offerings.get(gpu.id, ()), gpus)
        if per_gpu_hour is None:
            return math.inf
        speed = self._search.fastest_fitting_speed(gpu, gpus)
        if speed is None:
            return math.inf
        # _ordering sorts speeds rounded to 6 decimals: a later layout may be faster by less than 1e-6.
        gpu_hours = self.ideal_gpu_hours(gpu) / (GOODPUT.get(gpus) or goodput_of(gpus)) / (speed + 1e-6)
        training_hours = gpu_hours / gpus
        hours = training_hours + self._fixed.total_hours(training_hours, self.nodes(gpu, gpus))
        return per_gpu_hour * gpus * hours * (1.0 - 2.0 * FLOOR_SLACK)

    def rising_cost_floor(self, gpu: GpuSpec, gpus: int) -> float:
        """A floor under cost_floor(gpu, gpus) that never falls as the count grows: the same
        hours at the lowest price per GPU-hour this type is sold at (inf: not sold)."""
        per_gpu_hour, ideal = self.rising_factors(gpu)
        return per_gpu_hour * (ideal + gpus * self.min_fixed_hours)

    def rising_factors(self, gpu: GpuSpec) -> tuple[float, float]:
        """(the lowest price per GPU-hour of this type, inf when not sold; ideal_gpu_hours)."""
        found = self._rising.get(gpu.id)
        if found is None:
            per_gpu_hour = self._cheapest.get(gpu.id)
            if per_gpu_hour is None:  # = cost.cheapest_gpu_hour_usd of its offerings; inf: not sold
                offerings = self._offerings.get(gpu.id, ())
                per_gpu_hour = cost.cheapest_gpu_hour_usd(offerings) if offerings else math.inf
            ideal = self._ideal.get(gpu.id)
            if ideal is None:  # = ideal_gpu_hours(gpu)
                ideal = self._ideal[gpu.id] = self._search.speed.ideal_gpu_hours(gpu)
            found = self._rising[gpu.id] = (per_gpu_hour, ideal)
        return found

    def _rising_floor(self, gpu: GpuSpec, gpus: int) -> float:
        """A floor under floors(gpu, gpus)'s cost that never falls as the count grows: the lowest
        price per GPU-hour this type is sold at × (the ideal GPU-hours with this count's goodput +
        the fixed hours every job pays, on each GPU). Beyond one node the price is that of the
        8-GPU nodes quote() rents (_beyond_price), at least the lowest: the bound only rises. Once
        it is above a bar, so is every larger count's cost floor, and a search up the ladder can stop."""
        per_gpu_hour, ideal = self._rising.get(gpu.id) or self.rising_factors(gpu)
        if gpus > (self._nodes.get(gpu.id) or self._node_facts(gpu))[0]:
            per_gpu_hour = self._beyond.get(gpu.id) or self._beyond_price(gpu)
        gpu_hours = ideal / (GOODPUT.get(gpus) or goodput_of(gpus))
        return per_gpu_hour * (gpu_hours + gpus * self.min_fixed_hours) * (1.0 - 2.0 * FLOOR_SLACK)

    def _beyond_price(self, gpu: GpuSpec) -> float:
        """The price per GPU-hour floors() uses for every count beyond the largest instance on sale
        (cost.per_gpu_hour_usd: whole 8-GPU nodes of the cheapest node shape, the same for every
        such count; inf when none is sold), at least the lowest price of the type."""
        offerings = self._offerings.get(gpu.id, ())
        lowest = (self._rising.get(gpu.id) or self.rising_factors(gpu))[0]
        largest = int(cost.offering_facts(offerings)[0]) if offerings else 0
        first_beyond = GPUS_PER_NODE * (max(largest, GPUS_PER_NODE) // GPUS_PER_NODE + 1)
        per_gpu_hour = cost.per_gpu_hour_usd(offerings, first_beyond) if offerings else None
        found = self._beyond[gpu.id] = math.inf if per_gpu_hour is None else max(lowest, per_gpu_hour)
        return found

    def _days_before_network(self, gpu: GpuSpec, gpus: int) -> float:
        """A floor under days(): the chosen layout's days at its compute speed, before the slowdown
        of a network below its need (which only adds time, and the fixed hours with it); exact on
        one node. It spares pricing a smaller count that cannot finish sooner."""
        if gpus <= GPUS_PER_NODE or self.one_node(gpu, gpus):
            return self.days(gpu, gpus)
        return self._before_network(gpu, gpus)

    def days(self, gpu: GpuSpec, gpus: int) -> float:
        """The days the plan would give for `gpus` GPUs; on one node (no scale-out network in
        play) from the layout and speed alone, without pricing the plan."""
        seen = self._seen.get((gpu.id, gpus))
        if seen is not None:
            return seen.days
        if gpus > GPUS_PER_NODE and not self.one_node(gpu, gpus) and self._offerings.get(gpu.id):
            return self(gpu, gpus).days
        if gpus <= GPUS_PER_NODE or self.one_node(gpu, gpus):
            return self._before_network(gpu, gpus)  # on one node: exact
        lay = self.fitted(gpu, gpus).layout
        training_hours = self._search.speed.gpu_hours(gpu, lay) / gpus
        return (training_hours + self._fixed.total_hours(training_hours, 1)) / 24.0

    def preferred(self, gpu: GpuSpec, meet: Option, tie: float) -> Option:
        """The type's plan among `meet` (the fewest GPUs that meet the deadline) and the larger
        counts that could cost as little and that the screens keep (_screens_keep), by the
        ranking's own rule (cheapest_of): the fewest GPUs within `tie` of the cheapest (an 8-GPU
        instance can cost less per GPU than a 1-GPU one), unless a larger count costs no more and
        finishes sooner; costs compared as rank_cost (a plan without headroom as if
        HEADROOM_PREMIUM dearer). Only this plan and its faster variants reach the
        pool, so a rule of its own here would drop the plan the ranking prefers: "13B full
        fine-tune, 10 days" kept 2 × B200 ($2,409, 7.3 days) over 4 × B200 ($2,402, 3.7 days),
        and the ranking then took 8 × B200 ($2,405), a variant that beats 2 but not 4.

        A looser deadline lowers `meet` and adds candidates, so the pick never costs more than
        `tie` above what it cost under the tighter one (tests/sizing/test_properties.py)."""
        if meet.quote is None:
            return meet
        options = [meet]
        # The bar a count must not cost more than to change cheapest_of's answer: while `meet` is
        # within `tie` of the cheapest plan it is the pick (the fewest GPUs), and only a plan that
        # costs no more can beat it; otherwise the answer is within `tie` of a plan cheaper than
        # `meet`, so costs no more either. And once a plan found costs C, no plan above C × (1 +
        # tie) is within `tie` of the cheapest. Leaving the others unpriced changes no answer.
        bar = rank_cost(meet)
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        # Every larger count, not only those on one node: a shape's price per GPU can fall with
        # the count (16 × A100-40GB on one GCP a2-megagpu-16g cost more than 24 on three p4d).
        # Up to the first count whose rising floor is above the bar: nor can any larger count cost less.
        fitting_floor = not self.w.stack.model_parallel  # a stack _fitting_floor holds for
        start = bisect.bisect_right(ladder, meet.gpus)
        floors, gid = self._floors, gpu.id
        for n in ladder[start:]:
            if self._rising_floor(gpu, n) > bar:
                break  # above the bar (lowered by a plan found, or meet's own), as is every larger count
            if (floors.get((gid, n)) or self.floors(gpu, n))[0] > bar:
                continue  # even at its best speed this count costs more than the bar
            if self.network_unlisted(gpu, n):
                continue  # no network known to cover it: the network screen drops it
            if (
                fitting_floor
                and n > GPUS_PER_NODE
                and not self.one_node(gpu, n)
                and self._fitting_floor(gpu, n) > bar
            ):
                continue  # so does the fastest layout that fits in memory (its network unpriced)
            if self._rank_usd_before_network(gpu, n) > bar:
                continue  # its layout alone costs more
            if self.unfit_or_beyond_batch(gpu, n):
                continue  # the batch screen would drop it (or it does not fit)
            o = self.offered(gpu, n)
            if o is not None and o.fits and o.quote is not None and _screens_keep(o, self.w):
                options.append(o)
                bar = min(bar, rank_cost(o) * (1.0 + tie))
        if len(options) == 1:
            return meet
        return cheapest_of([(rank_cost(o), o) for o in options], tie)[1]

    def fastest(self, gpu: GpuSpec) -> Option:
        """The plan with the fewest days: the largest count that no smaller count beats."""
        ladder = self.ladder(gpu)
        for n in reversed(ladder):
            o = self.offered(gpu, n)
            if o is not None and o.fits:
                return o
        return self(gpu, ladder[-1])

    def too_slow(self, gpu: GpuSpec, start: int, days: float) -> bool:
        """No count from `start` up could finish within `days` even at its best per-GPU speed
        (days_floor), so meeting() from any of them finds none (without a layout search)."""
        # n × goodput(n) grows with n on every count the ladder holds (calibration
        # .GOODPUT_PER_DOUBLING is far below 1 / (log2 n + 1 / ln 2)), so days_floor falls along the
        # ladder: the largest count decides for every count from `start` up (tests/sizing).
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        return self.days_floor(gpu, ladder[-1]) > days

    def meeting(self, gpu: GpuSpec, start: int, days: float) -> Option | None:
        """Fewest GPUs (>= start) that fit and finish within `days`."""
        found = self._from_guess(gpu, start, days)
        if found is None:
            return None
        ladder, begin = found
        seen, days_floors, gid = self._seen, self._days_floors, gpu.id
        for n in ladder[begin:]:
            if (days_floors.get((gid, n)) or self.days_floor(gpu, n)) > days:
                continue  # not even the best layout on this many GPUs is fast enough
            if n > GPUS_PER_NODE and (gpu.id, n) not in seen and self._late_before_network(gpu, n, days):
                continue  # across nodes, a count too slow even before its network is left unpriced
            o = self.offered(gpu, n)
            if o is not None and o.fits and o.days <= days:
                return o
        return None

    def _from_guess(self, gpu: GpuSpec, start: int, days: float) -> tuple[tuple[int, ...], int] | None:
        """(the count ladder, where a search for `days` starts in it): one count below the first
        that reaches the GPU-hours' guess from `start`'s layout (the last count when none does).
        None when no count is at least `start`."""
        ladder = self._ladders.get(gpu.id) or self.ladder(gpu)
        first = bisect.bisect_left(ladder, start)  # the counts from `start` up
        if first == len(ladder):
            return None
        lay = self.fitted(gpu, ladder[first]).layout
        hours = self._search.speed.gpu_hours(gpu, lay)
        guess = max(start, math.ceil(hours / (days * 24.0)))
        begin = min(bisect.bisect_left(ladder, guess, first), len(ladder) - 1)
        return ladder, max(first, begin - 1)

    def one_node_meeting(self, gpu: GpuSpec, start: int, days: float) -> int | None:
        """The count meeting(gpu, start, days) returns when that count is on one node, found from
        layouts alone: on one node days() is exact without pricing, and so is offered()'s check of
        the smaller counts. None when meeting() would look beyond one node or find nothing."""
        found = self._from_guess(gpu, start, days)
        if found is None:
            return None
        ladder, begin = found
        for i in range(begin, len(ladder)):
            n = ladder[i]
            if n > GPUS_PER_NODE:
                return None
            if self.days_floor(gpu, n) > days or not self.fits(gpu, n):
                continue
            d = self.days(gpu, n)
            if d > days:
                continue
            beaten = False  # offered(): a smaller count finishes sooner
            for m in ladder[i - 1 :: -1] if i else ():
                if self.days_floor(gpu, m) >= d:
                    break
                if self.fits(gpu, m) and self._days_before_network(gpu, m) < d and self.days(gpu, m) < d:
                    beaten = True
                    break
            if not beaten:
                return n
        return None


def _screens_keep(o: Option, w: Workload) -> bool:
    """The screens before the ranking keep this plan whatever else is found: it is within the
    global batch and on one node or a network known to cover it (screen.py). A larger count that
    they may drop must not stand for its type (40 × B200 beyond a 128K-token fine-tuning batch
    would take the place of 32 that is within it, and then be screened out)."""
    return layout_within_batch(o.fitted.layout, w) and network_ok(o)


def cheapest_of(costed: list[tuple[float, Option]], tie: float) -> tuple[float, Option]:
    """The cheapest of these (rank_cost, plan) pairs, with its rank_cost: plans within `tie` of
    the least cost count as equally cheap and the fewest GPUs win, unless a larger plan costs no
    more and finishes sooner (1 × B200 for 7.2 days at $1,212 never beats 4 × B200 for 1.9 days
    at $1,209). The one rule for "cheapest": each type's pick (Evaluator.preferred) and the
    ranking (rank.cheapest) both use it."""
    bar = min([co[0] for co in costed]) * (1.0 + tie)
    close = [co for co in costed if co[0] <= bar]
    pick = (
        close[0]
        if len(close) == 1
        else min(close, key=lambda co: (co[1].gpus, co[0], co[1].days, co[1].gpu.id))
    )
    # ...unless that plan is dominated: a larger one that costs no more and finishes sooner wins.
    pick_cost, days = pick[0], pick[1].days
    better = [co for co in close if math.isfinite(co[0]) and co[0] <= pick_cost and co[1].days < days]
    if better:
        return min(better, key=lambda co: (co[0], co[1].days, co[1].gpus, co[1].gpu.id))
    return pick


def rank_cost(o: Option) -> float:
    """On-demand USD for ranking: a plan with less than layout.HEADROOM free memory counts as
    HEADROOM_PREMIUM dearer, so a roomier plan that costs at most that much more wins."""
    q = o.quote
    usd = q.on_demand_usd if q is not None else math.inf
    return usd * _PREMIUM if o.fitted.headroom < layout.HEADROOM else usd


_PREMIUM = 1.0 + HEADROOM_PREMIUM
