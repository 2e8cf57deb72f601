"""Choose a parallel layout (DP × TP × PP, ZeRO stage, recompute, micro-batch) for n GPUs.

What the stack allows (sizing.stack): Megatron-LM splits the model with TP inside the
NVLink/Infinity-Fabric domain (≤ 8 on HGX/OAM boards; Megatron guidance, arXiv 2104.04473
takeaway #1) and PP across nodes, and shards the optimizer over DP; DeepSpeed and FSDP shard
states over DP only (ZeRO stages); plain HF Trainer and Unsloth replicate. DP takes the rest,
within the recipe's global batch. Among layouts whose peak fits, the fastest wins (across nodes,
counting the slowdown of a network below the layout's sync need), preferring ≥20% free memory;
recompute is chosen automatically as the cheapest mode that fits, unless the recipe or the user
fixed it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from sizing import calibration as cal
from sizing.assumptions import MIN_HEADROOM
from sizing.compute import Speed, recompute_factor
from sizing.frozen import quick_init, quick_new
from sizing.memory import Layout, MemoryBreakdown, MemoryModel, single_gpu_zero_stages, weight_bytes_per_param
from sizing.network import GPUS_PER_NODE, comm_slowdown, layout_sync_terms, sync_terms
from sizing.pipeline import pipeline_bubble
from sizing.types import GpuSpec, OffloadRates, Precision, Recompute
from sizing.workload import Workload

SPEED_SLACK = 0.10
# One GPU with its parameters offloaded is ordered just behind the same layout keeping them: its real
# cost, the fetches compute.Speed charges per GPU, is charged when the scan meets it (LayoutSearch._best),
# so the ordering speed stays an upper bound.
PARAM_OFFLOAD_ORDER = 0.999
HEADROOM = 0.20  # keep 20-30% of GPU memory free (DESIGN.md; fragmentation and spikes)
_NO_FLASH = ("turing", "volta")  # FlashAttention-2 needs Ampere or newer (Dao-AILab README)


@quick_init
@dataclass(frozen=True, slots=True)
class Fitted:
    layout: Layout
    memory: MemoryBreakdown
    fits: bool
    headroom: float  # fraction of GPU memory left free (negative when it does not fit)


_new_fitted = quick_new(Fitted)
_new_layout = quick_new(Layout)


def _powers(limit: int) -> list[int]:
    out, p = [], 1
    while p <= limit:
        out.append(p)
        p *= 2
    return out


def _grad_accum(w: Workload, dp: int, micro_batch: int, pp: int = 1, grow: bool = False) -> int:
    """Micro-batches per optimizer step for the recipe's global batch. `grow`: on a count the user
    chose, a pipeline gets at least twice as many micro-batches as stages, growing the batch the
    way big runs do (Llama 3 405B: 16M tokens, 16 micro-batches per step with PP 16 on 16K GPUs,
    arXiv 2407.21783 Table 4)."""
    return _accum(w.global_batch_tokens, w.seq_len, dp, micro_batch, pp, grow)


def _accum(global_batch_tokens: float, seq_len: int, dp: int, micro_batch: int, pp: int, grow: bool) -> int:
    accum = max(1, round(global_batch_tokens / (dp * micro_batch * seq_len)))
    return max(accum, 2 * pp) if grow and pp > 1 else accum


def max_tp(gpu: GpuSpec) -> int:
    return max(1, min(8, gpu.scale_up_domain)) if gpu.scale_up_gbs else 1


@functools.lru_cache(maxsize=4096)
def _ordering(
    gpus: int,
    model_parallel: bool,
    zero_stages: tuple[int, ...],
    single_zero_stages: tuple[int, ...],
    modes: tuple[Recompute, ...],
    layers: int,
    global_batch_tokens: float,
    seq_len: int,
    mb0: int,
    grow: bool,
    full: float,
) -> list[_Candidate]:
    """LayoutSearch._ordered for a count: a pure function of these values, memoised across
    plan() calls (a chat asks about the same shapes again and again). Callers must not mutate it."""
    keyed: list[tuple[float, int, int, int, int, float, int, Recompute]] = []
    for tp in _powers(min(8, gpus)) if model_parallel else [1]:
        tp_speed = 1.0 - cal.TP_LOSS_PER_DOUBLING * math.log2(tp)
        for pp in _powers(min(gpus // tp, layers)) if model_parallel else [1]:
            if gpus % (tp * pp):
                continue
            dp = gpus // (tp * pp)
            # Relative speed: the same losses as compute.throughput, without the constants.
            accum = _accum(global_batch_tokens, seq_len, dp, mb0, pp, grow)
            base = tp_speed / (1.0 + pipeline_bubble(pp, accum, layers))
            for zero in single_zero_stages if dp == 1 else zero_stages:
                zspeed = base * (1.0 - cal.ZERO3_LOSS) if zero >= 3 else base
                if zero >= 3 and dp == 1:
                    # Parameters offloaded: slower than keeping them by what their fetches cost
                    # (compute.Speed._offload_factor, which depends on the GPU). Ordered just behind
                    # keeping them, by a sliver that keeps this a floor under the real speed.
                    zspeed = base * PARAM_OFFLOAD_ORDER
                for mode in modes:
                    speed = zspeed / (full if mode == "full" else 1.0)
                    # Sort key first, then insertion order, so ties keep the loop order. At equal
                    # speed the smaller model split wins (TP costs no speed on NVLink, calibration
                    # .TP_LOSS_PER_DOUBLING, but a 1B model is not split when data parallel is as fast).
                    keyed.append((round(-speed, 6), tp, pp, zero, len(keyed), speed, dp, mode))
    keyed.sort()
    return [(c[5], c[3], c[1], c[2], c[6], c[7]) for c in keyed]


def tp_limit(w: Workload, gpu: GpuSpec) -> int:
    """The largest tensor-parallel degree a layout of this workload may use on this GPU."""
    return max_tp(gpu) if w.stack.model_parallel else 1


def max_gpus_within_batch(w: Workload, gpu: GpuSpec, micro_batch: int) -> int:
    """The most GPUs a layout within the global batch can use: DP ranks × pipeline stages ≤ the
    batch's sequences per micro-batch (at least as many micro-batches per step as stages), × TP."""
    ranks = int(w.global_batch_tokens * 1.0001 // (w.seq_len * micro_batch))
    return max(1, ranks) * tp_limit(w, gpu)


def stores_scores(gpu: GpuSpec) -> bool:
    """Without FlashAttention (pre-Ampere) a layout without recompute stores the attention scores."""
    return gpu.architecture in _NO_FLASH


# One layout in scan order: (speed, peak memory GB, zero, tp, pp, dp, recompute, micro-batch).
_Entry = tuple[float, float, int, int, int, int, Recompute, int]
# network.sync_terms' result: (total, node DP, node PP, ..., window).
SyncTerms = tuple[float, float, float, float, float]
# One candidate of a count's ordering: (speed, zero, tp, pp, dp, recompute).
_Candidate = tuple[float, int, int, int, int, Recompute]


class _Scan:
    """Layouts for one (count, TP limit, recompute modes, fp32) in the order choose() tries them:
    fastest first, then fewest ZeRO/TP/PP, each micro-batch largest first. Built lazily and kept,
    because memory never depends on the GPU's capacity: every GPU type with the same key shares it.
    """

    def __init__(
        self,
        ordered: list[_Candidate],
        tp_limit: int,
        micro_batches: list[int],
        memory: MemoryModel,
        max_sequences: float | None = None,
    ) -> None:
        # The count's shared ordering (LayoutSearch._ordered), read through a cursor: TPs above
        # this GPU's limit are skipped; with `max_sequences`, so are layouts whose DP ranks ×
        # micro-batch exceed the global batch or whose pipeline is deeper than its micro-batches
        # per step (dp × mb × pp > sequences).
        self._ordered = ordered
        self._tp_limit = tp_limit
        self._max_dp = max_sequences / min(micro_batches) if max_sequences is not None else math.inf
        self._max_sequences = max_sequences if max_sequences is not None else math.inf
        self._micro_batches = micro_batches
        self.memory = memory
        self._next = 0  # index into the ordering of the next candidate to read
        self.entries: list[_Entry] = []
        self.smallest: int | None = None  # index of the first least-memory entry seen so far
        self.made: dict[_Entry, tuple[Layout, MemoryBreakdown]] = {}  # entries chosen, as values

    def skip_to_candidate(self) -> bool:
        """Moves the cursor past candidates this scan excludes (TP above the GPU's limit, more
        DP ranks than the batch holds); True when no candidate is left, i.e. the scan is complete."""
        return self.next_speed() is None

    def next_speed(self) -> float | None:
        """The speed of the candidate expand_next() expands next, the cursor moved past those this scan
        excludes (skip_to_candidate); None when no candidate is left."""
        ordered, n, i = self._ordered, len(self._ordered), self._next
        limit, max_dp = self._tp_limit, self._max_dp
        while i < n:
            c = ordered[i]
            if c[2] <= limit and c[4] * c[3] <= max_dp:
                self._next = i
                return c[0]
            i += 1
        self._next = i
        return None

    def expand_next(self) -> None:
        """Expand the candidate at the cursor (next_speed() found one) into its entries."""
        speed, zero, tp, pp, dp, rec = self._ordered[self._next]
        self._next += 1
        gpus = dp * tp * pp
        entries, terms = self.entries, self.memory.terms
        mbs = self._micro_batches
        if not dp * mbs[0] * pp > self._max_sequences:  # (largest first: all pass)
            if len(mbs) == 1:
                total = sum(terms(gpus, dp, tp, pp, zero, rec, mbs[0]))  # = MemoryModel.total
                if self.smallest is None or total < entries[self.smallest][1]:
                    self.smallest = len(entries)
                entries.append((speed, total, zero, tp, pp, dp, rec, mbs[0]))
                return
            # Every micro-batch at once: the same sums, the terms the micro-batch leaves alone
            # worked out once.
            for i, total in enumerate(self.memory.totals(gpus, dp, tp, pp, zero, rec, mbs)):
                if self.smallest is None or total < entries[self.smallest][1]:
                    self.smallest = len(entries)
                entries.append((speed, total, zero, tp, pp, dp, rec, mbs[i]))
            return
        for mb in mbs:
            if dp * mb * pp > self._max_sequences:
                continue
            t = terms(gpus, dp, tp, pp, zero, rec, mb)
            total = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6]  # = MemoryBreakdown.total_gb
            if self.smallest is None or total < entries[self.smallest][1]:
                self.smallest = len(entries)
            entries.append((speed, total, zero, tp, pp, dp, rec, mb))


class _GradBytes(dict[str, float]):
    """weight_bytes_per_param per precision, filled as asked."""

    def __missing__(self, precision: str) -> float:
        value = self[precision] = weight_bytes_per_param(precision)
        return value


class LayoutSearch:
    """choose() for one workload, memoised across GPU types and counts within one plan() call.

    The speed-ordered layouts and their memory depend only on (count, TP limit, stored attention
    scores, fp32 or not), never on the GPU's capacity, so every GPU type plan() tries shares them.
    """

    def __init__(self, w: Workload, strict_batch: bool = False, offload: OffloadRates | None = None) -> None:
        self.w = w
        self.strict_batch = strict_batch  # never exceed the global batch while a layout within fits
        self.micro_batches = [w.micro_batch] if w.micro_batch else _powers(w.default_micro_batch)[::-1]
        self._full_recompute = recompute_factor(w, "full")
        modes: tuple[Recompute, ...] = (w.stack.cheap_recompute, "full")  # type: ignore[assignment]
        self.modes: tuple[Recompute, ...] = (w.recompute,) if w.recompute is not None else modes
        self._orders: dict[int, list[_Candidate]] = {}
        self._chosen: dict[tuple[str, int, float | None], Fitted] = {}
        self._models: dict[tuple[bool, bool], MemoryModel] = {}
        self._scans: dict[tuple[int, int, bool, bool, bool], _Scan] = {}
        self._slowdowns: dict[tuple[str, float, _Entry], float] = {}
        self._leanest: dict[tuple[int, int], _Candidate | None] = {}  # surely_fits, per (count, TP limit)
        # _slowdown_uncached's sync terms per (GPU, dp, tp, pp, zero, recompute, micro-batch), with
        # the step time, gradient bytes and accumulation they had (sync_terms_of).
        self._sync: dict[tuple[str, int, int, int, int, str, int], tuple[float, float, int, SyncTerms]] = {}
        # Per GPU: TP limit, stored scores, fp32, the precision that runs, capacity_gb.
        self._gpu_keys: dict[str, tuple[int, bool, bool, Precision, float]] = {}
        self._min_batch_tokens = min(self.micro_batches) * w.seq_len
        self.speed = Speed(w, offload)
        # _grad_accum's arguments. The low-memory recipe steps the optimizer inside backward, once per
        # micro-batch: no gradient accumulation (torchtune's optimizer_in_bwd), so its batch is what the
        # GPUs hold at once.
        self._batch_tokens = 0.0 if w.low_memory else w.global_batch_tokens
        self._grow = not strict_batch
        self._grad_bytes: dict[str, float] = _GradBytes()

    def _gpu_key(self, gpu: GpuSpec) -> tuple[int, bool, bool, Precision, float]:
        """(TP limit, stored scores, fp32, the precision that runs, capacity_gb) of this GPU."""
        # Memory depends on precision only through 4- vs 2-byte values (memory.breakdown).
        precision = self.speed.precision(gpu)
        scores = stores_scores(gpu) and "none" in self.modes
        found = self._gpu_keys[gpu.id] = (
            max_tp(gpu) if self.w.stack.model_parallel else 1,  # = tp_limit(self.w, gpu)
            scores,
            precision == "fp32",
            precision,
            gpu.capacity_gb,
        )
        return found

    def _scan(self, gpus: int, gpu: GpuSpec, within_batch: bool = False) -> _Scan:
        limit, scores, fp32, precision, _ = self._gpu_keys.get(gpu.id) or self._gpu_key(gpu)
        if within_batch and gpus * self._min_batch_tokens <= self.w.global_batch_tokens:
            within_batch = False  # no layout on this many GPUs can exceed the batch: one scan serves
        key = (gpus, limit, scores, fp32, within_batch)
        found = self._scans.get(key)
        if found is None:
            model = self.memory_model(precision, scores)
            ordered = self._ordered(gpus)
            sequences = self.w.global_batch_tokens * 1.0001 / self.w.seq_len if within_batch else None
            found = self._scans[key] = _Scan(ordered, limit, self.micro_batches, model, sequences)
        return found

    def memory_model(self, precision: Precision, scores: bool = False) -> MemoryModel:
        """The MemoryModel for this precision, shared by every precision of the same value sizes
        (memory depends on precision only through 4- vs 2-byte values, memory.breakdown)."""
        key = (precision == "fp32", scores)
        model = self._models.get(key)
        if model is None:
            model = self._models[key] = MemoryModel(self.w, precision, scores)
        return model

    def _ordered(self, gpus: int) -> list[_Candidate]:
        """(speed, zero, tp, pp, dp, recompute) fastest first, for the layouts the stack allows."""
        found = self._orders.get(gpus)
        if found is None:
            w, st = self.w, self.w.stack
            found = self._orders[gpus] = _ordering(
                gpus,
                st.model_parallel,
                st.zero_stages,
                single_gpu_zero_stages(w),
                self.modes,
                w.arch.layers,
                self._batch_tokens,
                w.seq_len,
                self.micro_batches[0],
                not self.strict_batch,
                self._full_recompute,
            )
        return found

    def choose(self, gpu: GpuSpec, gpus: int, node_gbps: float | None = None) -> Fitted:
        """The best layout on `gpus` GPUs of this type; if nothing fits, the one with least memory.

        `node_gbps`: the scale-out network per node across nodes (None: not limited); layouts
        whose gradient sync it cannot hide are charged the slowdown (network.SyncNeed) and lose
        to TP/PP layouts that sync less."""
        key = (gpu.id, gpus, node_gbps)
        found = self._chosen.get(key)
        if found is None:
            found = self._chosen[key] = self._choose(gpu, gpus, node_gbps)
        return found

    def fits(self, gpu: GpuSpec, gpus: int) -> bool:
        """Whether any layout fits (batch and network aside): the scan up to the first that does."""
        return self.fastest_fitting_speed(gpu, gpus) is not None

    def fastest_fitting_speed(self, gpu: GpuSpec, gpus: int) -> float | None:
        """The relative speed (_ordering's) of the fastest layout that fits, batch and network
        aside (fits()' scan, to the first that fits); None when none does. Every layout choose()
        can pick fits, so none it picks is faster by this measure."""
        scan = self._scan(gpus, gpu)
        capacity = self._gpu_keys[gpu.id][4]  # = gpu.capacity_gb, kept by _scan
        entries = scan.entries
        i = 0
        while True:
            if i == len(entries):  # every entry seen: expand the next candidate, if any
                if scan.next_speed() is None:
                    return None
                scan.expand_next()
                continue
            if entries[i][1] <= capacity:
                return entries[i][0]
            i += 1

    def surely_fits(self, gpu: GpuSpec, gpus: int) -> bool:
        """True when fits(gpu, gpus) surely holds, known from one layout's memory instead of a scan:
        the candidate of the count's ordering with the most sharding (the largest model split TP ×
        PP, then ZeRO stage, then TP, then full recompute) at the smallest micro-batch, sized as the
        scan would size it (MemoryModel.terms summed in order). False says nothing (that layout
        does not fit; a leaner one might)."""
        limit, scores, _, precision, capacity = self._gpu_keys.get(gpu.id) or self._gpu_key(gpu)
        key = (gpus, limit)
        if key in self._leanest:
            best = self._leanest[key]
        else:
            best = None
            best_key = (0, -1, 0, False)
            for c in self._ordered(gpus):
                if c[2] > limit:
                    continue
                order = (c[2] * c[3], c[1], c[2], c[5] == "full")
                if order > best_key:
                    best, best_key = c, order
            self._leanest[key] = best
        if best is None:
            return False
        _, zero, tp, pp, dp, rec = best
        total = self.memory_model(precision, scores).total(
            gpus, dp, tp, pp, zero, rec, min(self.micro_batches)
        )
        return total <= capacity

    def _choose(self, gpu: GpuSpec, gpus: int, node_gbps: float | None) -> Fitted:
        scan = self._scan(gpus, gpu)
        # = speed.precision(gpu) and gpu.capacity_gb, kept by _scan
        _, _, _, precision, capacity = self._gpu_keys[gpu.id]
        if not (
            scan.next_speed() is None  # the scan is complete
            and scan.smallest is not None
            and scan.entries[scan.smallest][1] > capacity
        ):
            net = node_gbps if gpus > GPUS_PER_NODE else None
            # Layouts within the recipe's global batch (workload.GLOBAL_BATCH_TOKENS) first: more
            # data-parallel ranks than the batch holds change the recipe, not just the speed; and
            # no more pipeline stages than micro-batches per step, as the 1F1B bubble (p-1)/m
            # wants m ≫ p (Narayanan et al., arXiv 2104.04473 §2.2): at m = p it is ~50%. When
            # not strict (a count the user chose), a bigger batch is taken if it is SPEED_SLACK
            # faster, as big runs raise theirs (Llama 3 405B: 16M tokens on 16K GPUs, arXiv
            # 2407.21783 Table 4).
            # _scan(gpus, gpu, True) is `scan` itself when no layout on this many GPUs can exceed the batch.
            within = (
                scan
                if gpus * self._min_batch_tokens <= self.w.global_batch_tokens
                else self._scan(gpus, gpu, True)
            )
            inside = self._best(within, gpu, capacity, precision, net)
            pick = inside
            if inside is None or not self.strict_batch:
                anyway = self._best(scan, gpu, capacity, precision, net)
                if inside is None or (anyway is not None and anyway[0] > inside[0] * (1.0 + SPEED_SLACK)):
                    pick = anyway
            if pick is not None:
                return self._fitted(scan, pick[1], capacity)
        assert scan.smallest is not None
        return self._fitted(scan, scan.entries[scan.smallest], capacity)

    def _best(
        self,
        scan: _Scan,
        gpu: GpuSpec,
        capacity: float,
        precision: Precision,
        node_gbps: float | None,
    ) -> tuple[float, _Entry] | None:
        """The layout to run, with its effective speed: the fastest that keeps MIN_HEADROOM of
        memory free (a plan at 98% of memory is an out-of-memory error waiting for a longer
        sequence), and among those within SPEED_SLACK of it the fastest with HEADROOM free (a 33%
        full-recompute slowdown is not worth headroom; a few percent is); without any such layout,
        the fastest that fits.
        Speed counts the network's slowdown; it only lowers a layout's compute speed, by which
        the scan is ordered, so the scan stops once no later layout can win."""
        if node_gbps is not None:
            # The pick without the network stands when its own sync fits the network: no layout
            # before it in the scan fits with headroom, and none after it is faster.
            plain = self._best(scan, gpu, capacity, precision, None)
            if plain is None or self._slowdown(gpu, plain[1], precision, node_gbps) <= 1.0:
                return plain
        entries = scan.entries
        fastest: tuple[float, _Entry] | None = None  # fastest that fits
        safe: tuple[float, _Entry] | None = None  # fastest with MIN_HEADROOM free
        roomy: tuple[float, _Entry] | None = None  # fastest with HEADROOM free
        i = 0
        while True:
            if i == len(entries):
                # A candidate's entries all run at its speed: when that speed ends the scan (the
                # test below), its memory need not be worked out.
                speed = scan.next_speed()
                if (
                    speed is None  # every layout seen
                    or (roomy is not None and speed <= roomy[0])
                    or (safe is not None and speed < safe[0] * (1.0 - SPEED_SLACK))
                ):
                    break
                scan.expand_next()
                continue
            e = entries[i]
            i += 1
            if (roomy is not None and e[0] <= roomy[0]) or (
                safe is not None and e[0] < safe[0] * (1.0 - SPEED_SLACK)
            ):
                break
            if e[1] > capacity:
                continue
            speed = e[0] if node_gbps is None else e[0] / self._slowdown(gpu, e, precision, node_gbps)
            if self.w.offload:
                speed /= self._offload_slowdown(gpu, e)
            free = 1.0 - e[1] / capacity
            # Without a layout that leaves MIN_HEADROOM, of equally fast ones the one with the most memory
            # free: micro-batch 1 at 96% full rather than 2 at 99.6% when the speed is the same.
            if fastest is None or speed > fastest[0] or (speed == fastest[0] and e[1] < fastest[1][1]):
                fastest = (speed, e)
            if free >= MIN_HEADROOM and (safe is None or speed > safe[0]):
                safe = (speed, e)
            if free >= HEADROOM and (roomy is None or speed > roomy[0]):
                roomy = (speed, e)
        if roomy is not None and safe is not None and roomy[0] >= safe[0] * (1.0 - SPEED_SLACK):
            return roomy
        return safe if safe is not None else fastest

    def _offload_slowdown(self, gpu: GpuSpec, e: _Entry) -> float:
        """What CPU offload costs this layout on this GPU (compute.Speed): it only lowers the speed the
        scan is ordered by, like the network's slowdown."""
        _, _, zero, tp, pp, dp, rec, mb = e
        accum = _accum(self._batch_tokens, self.w.seq_len, dp, mb, pp, self._grow)  # = _grad_accum
        return self.speed.layout_offload_slowdown(gpu, dp * tp * pp, tp, pp, zero, rec, accum)

    def _slowdown(self, gpu: GpuSpec, e: _Entry, precision: Precision, node_gbps: float) -> float:
        key = (gpu.id, node_gbps, e)
        found = self._slowdowns.get(key)
        if found is None:
            found = self._slowdowns[key] = self._slowdown_uncached(gpu, e, precision, node_gbps)
        return found

    def _slowdown_uncached(self, gpu: GpuSpec, e: _Entry, precision: Precision, node_gbps: float) -> float:
        _, _, zero, tp, pp, dp, rec, mb = e
        w = self.w
        gpus = dp * tp * pp
        accum = _accum(self._batch_tokens, w.seq_len, dp, mb, pp, self._grow)  # = _grad_accum
        tokens_per_s = self.speed.layout_tokens_per_gpu_second(gpu, gpus, tp, pp, zero, rec, accum) * gpus
        step_s = dp * mb * accum * w.seq_len / tokens_per_s
        grad_bytes = self._grad_bytes[precision]  # = weight_bytes_per_param(precision)
        terms = sync_terms(
            gpus,
            dp,
            tp,
            pp,
            zero,
            mb,
            accum,
            w.trainable_params,
            grad_bytes,
            step_s,
            w.seq_len,
            w.arch.hidden,
        )
        self._sync[(gpu.id, dp, tp, pp, zero, rec, mb)] = (step_s, grad_bytes, accum, terms)
        _, node_dp, node_pp, _, window = terms
        return comm_slowdown(node_dp, node_pp, step_s, window, node_gbps)

    def sync_terms_of(self, gpu: GpuSpec, lay: Layout, grad_bytes: float, step_s: float) -> SyncTerms:
        """network.layout_sync_terms of this layout with the workload's values: the terms the scan
        worked out for its network slowdown when they had the same gradient bytes and step time
        (the same arguments, so the same terms), else worked out here."""
        w = self.w
        found = self._sync.get(
            (gpu.id, lay.dp, lay.tp, lay.pp, lay.zero_stage, lay.recompute, lay.micro_batch)
        )
        if found is not None and found[0] == step_s and found[1] == grad_bytes and found[2] == lay.grad_accum:
            return found[3]
        return layout_sync_terms(lay, w.trainable_params, grad_bytes, step_s, w.seq_len, w.arch.hidden)

    def _fitted(self, scan: _Scan, e: _Entry, capacity: float) -> Fitted:
        made = scan.made.get(e)
        if made is None:
            _, _, zero, tp, pp, dp, rec, mb = e
            lay = _new_layout(
                dp * tp * pp,
                dp,
                tp,
                pp,
                zero,
                rec,
                mb,
                _accum(self._batch_tokens, self.w.seq_len, dp, mb, pp, self._grow),  # = _grad_accum
            )
            made = scan.made[e] = (lay, scan.memory.breakdown(lay))
        headroom = 1.0 - e[1] / capacity
        return _new_fitted(made[0], made[1], headroom >= 0.0, headroom)


def choose(w: Workload, gpu: GpuSpec, gpus: int, node_gbps: float | None = None) -> Fitted:
    """The best layout on `gpus` GPUs of this type (one-off; plan() shares a LayoutSearch)."""
    return LayoutSearch(w).choose(gpu, gpus, node_gbps)
