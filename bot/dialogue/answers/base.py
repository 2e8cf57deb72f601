"""What every direct answer gets: the question as understood, the knowledge base, the engine and
today's date; and the small engine runs that answers about memory share.

An answer module exposes `NEEDS` (the inputs it cannot answer without), `DEFAULTS` (what it
assumes, and says it assumes) and `answer(q, reply) -> bool` (False: it cannot answer this one,
and the turn goes on as before). Nothing else is ever asked.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.dialogue.answers.prices import priced_clouds
from bot.dialogue.clouds import any_provider, restricted
from bot.dialogue.hardware import PROBE_TOKENS
from bot.dialogue.memo import Planner
from bot.dialogue.plan import REFERENCE_OBJECTIVES, default_precision
from bot.dialogue.understand import Understood
from bot.nlu.gpus import find_gpus, unknown_gpu_memory_gb
from bot.nlu.text import normalise
from sizing.errors import SizingError
from sizing.evaluate import COUNT_LADDER
from sizing.result import SizingResult
from sizing.types import (
    RECOMPUTES,
    STACKS,
    Catalog,
    GpuSpec,
    Method,
    Precision,
    Recompute,
    SizingRequest,
    Stack,
)

if TYPE_CHECKING:
    from knowledge import KnowledgeBase

# The least memory a training step needs: one sequence per micro-batch (reference/sizing.md §3).
MINIMAL_MICRO_BATCH = 1
# The most GPUs an answer looks for when it searches the fewest that hold a job (the memory
# template says "more than 1,024" past it); the counts tried are the engine's own ladder.
MAX_COUNTED_GPUS = 1024
# Methods from the heaviest to the lightest: the lighter ones are what may fit instead.
LIGHTER: dict[str, tuple[Method, ...]] = {
    "pretrain": ("lora", "qlora"),
    "full_finetune": ("lora", "qlora"),
    "lora": ("qlora",),
    "qlora": (),
}


@dataclass(frozen=True)
class Question:
    text: str
    u: Understood
    kb: KnowledgeBase
    plan: Planner
    today: dt.date
    # Slots of the conversation a follow-up may build on ("and on an A100?"); the message wins.
    context: Mapping[str, Any]

    @property
    def lang(self) -> str:
        return self.u.lang

    @property
    def catalog(self) -> Catalog:
        return self.kb.catalog

    @property
    def named_clouds(self) -> tuple[str, ...]:
        """The priced clouds the message itself names ("on AWS", "用 Lambda"); none in mainland China,
        priced from its own list."""
        if self.u.region == "cn" or not self.u.providers:
            return ()
        priced = set(priced_clouds(self.catalog))
        return tuple(p for p in self.u.providers if p in priced)

    @property
    def clouds(self) -> tuple[str, ...]:
        """The priced clouds a job's answer prices it on (bot/dialogue/clouds.py, as a plan does): those
        the message names, else those named earlier for the same job ("what about on AWS?" … "what
        about fp8?": still AWS) until the message names another model or lifts them ("any provider")."""
        named = self.named_clouds
        if named or self.u.providers or self.u.region == "cn":
            return named
        return self.kept_clouds

    @property
    def kept_clouds(self) -> tuple[str, ...]:
        """The clouds kept from an earlier answer about the same job, that this message names none of."""
        kept = self.context.get("clouds")
        if not kept or self.u.providers or self.u.region == "cn" or not self.same_market:
            return ()
        return tuple(kept)

    @property
    def same_market(self) -> bool:
        """Whether the market an earlier answer about the job was priced in (its clouds, mainland China)
        holds for this message: it names no cloud, no other model (a new job is priced everywhere
        again) and does not lift it ("any provider is fine")."""
        if self.u.providers:
            return False
        said = self.u.said
        for name in ("model", "params"):
            if said.get(name) is not None and said.get(name) != self.context.get(name):
                return False
        return not any_provider(self.text)

    @property
    def market(self) -> Catalog:
        """The catalogue a job is priced from: only the named clouds' offerings when it names any."""
        return restricted(self.catalog, self.clouds) if self.clouds else self.catalog

    def slot(self, name: str) -> Any:
        value = self.u.said.get(name)
        return value if value is not None else self.context.get(name)

    @property
    def on_owned_gpus(self) -> bool:
        """Whether the question is about GPUs the team owns: said so now, or asked on the owned GPUs of
        the job question before it without naming others ("we've got 8 A100s, can we …" … "ok, LoRA then")."""
        if self.u.owned or not self.context.get("owned"):
            return bool(self.u.owned)
        if not self.u.gpus:
            return True
        # their GPUs named again in this message ("and on our A100s?") are still theirs; another GPU is not
        owned = str(self.context.get("gpu") or "")
        named = {m.gpu for m in find_gpus(normalise(self.text).lower)}
        return bool(named) and all(g == owned or g.startswith(f"{owned}-") for g in named)

    @property
    def memory_floor_gb(self) -> float | None:
        """The GPU memory the message asks about as a floor ("is 24GB enough …", "more than 80 GB"),
        in GB; or the memory said of a card the catalogue lacks ("a 3060 12gb ok for qlora 7b?"); None
        when it asks none, or a ceiling or an exact size."""
        memory = self.u.gpu_memory
        if isinstance(memory, Mapping) and memory.get("op") in (">=", ">"):
            return float(memory["gb"])
        return None if self.u.gpus else unknown_gpu_memory_gb(normalise(self.text).lower)


def precision_for(spec: GpuSpec, said: Any) -> Precision:
    if said in ("fp32", "fp16", "bf16", "fp8"):
        if said == "bf16" and not spec.tflops.bf16:
            return "fp16"
        return said  # type: ignore[no-any-return]
    return "bf16" if default_precision(bool(spec.tflops.bf16)) == "bf16" else "fp16"


def probe(q: Question, spec: GpuSpec, gpus: int, method: Method, **options: Any) -> dict[str, Any] | None:
    """The engine's first option for exactly `gpus` × `spec` running `method` (memory and fit are
    what matter; the data size is a placeholder), or None when the engine refuses it. `options` are
    probe_plan's."""
    result = probe_plan(q, spec, gpus, method, **options)
    return first_option(result) if result is not None else None


def probe_plan(
    q: Question,
    spec: GpuSpec,
    gpus: int,
    method: Method,
    *,
    precision: Any = None,
    minimal: bool = False,
    low_memory: bool | None = None,
    stack_id: Stack | None = None,
    micro_batch: int | None = None,
    recompute: Recompute | None = None,
    seq_len: int | None = None,
) -> SizingResult | None:
    """The whole plan behind `probe`: its first option, and on hardware that cannot hold the job the
    engine's verdict with what fits instead (SizingResult.feasibility). `minimal`: the least memory
    the job can run in (micro-batch 1 and full activation checkpointing, unless the user named a
    recompute mode), the configuration a memory answer states; otherwise the engine picks the
    layout that fits best. `low_memory`: plan the low-memory recipe (None: as said). `stack_id`: plan on
    that training stack instead of the one said or assumed. `micro_batch`: plan that micro-batch (with
    `minimal`, in place of 1); `recompute`: plan that activation recompute mode instead; `seq_len`: plan that
    sequence length instead of the one said or assumed."""
    params = q.slot("params")
    if params is None:
        return None
    seq_len = seq_len or q.slot("seq_len")
    said_recompute = q.slot("recompute") if q.slot("recompute") in RECOMPUTES else None
    request = SizingRequest(
        params=float(params),
        tokens=PROBE_TOKENS,
        method=method,
        precision=precision_for(spec, precision if precision is not None else q.slot("precision")),
        gpu=spec.id,
        gpus=gpus,
        seq_len=int(seq_len) if seq_len else None,
        today=q.today,
        active_params=_opt_float(q.slot("active_params")),
        stack=stack_id or (stack if (stack := q.slot("stack")) in STACKS else None),
        recompute=recompute or ((said_recompute or "full") if minimal else said_recompute),
        offload=bool(q.slot("offload")),
        low_memory=bool(q.slot("low_memory")) if low_memory is None else low_memory,
        micro_batch=micro_batch
        if micro_batch is not None
        else said_micro_batch(q) or (MINIMAL_MICRO_BATCH if minimal else None),
        reference_model=q.slot("objective") in REFERENCE_OBJECTIVES,  # "DPO on …": the reference model too
    )
    return planned(q, request)


def said_micro_batch(q: Question) -> int | None:
    """The micro-batch per GPU the user said ("batch 4", "每卡 batch 4"), None when not said."""
    value = q.slot("micro_batch")
    return int(value) if isinstance(value, int | float) and value >= 1 else None


def planned(q: Question, request: SizingRequest) -> SizingResult | None:
    """The engine's plan for `request`, or None when it refuses the job or offers no option."""
    try:
        result = q.plan(request, q.catalog)
    except SizingError:
        return None
    return result if result.options else None


def first_option(result: SizingResult) -> dict[str, Any]:
    """A plan's first option as the answers read it: its JSON view plus the workload it planned."""
    option: dict[str, Any] = result.options[0].to_dict(result.currency)
    option["workload"] = dict(result.workload)
    return option


T = TypeVar("T")


def smallest_rung(rungs: list[int], fits: Callable[[int], T | None]) -> tuple[int, T] | None:
    """The smallest count in `rungs` (ascending) for which `fits` gives a value, with that value, or
    None. Memory per GPU falls as GPUs are added, so what fits at one count fits at every larger one
    and the rungs are bisected: a handful of engine runs, not one per rung."""
    found: tuple[int, T] | None = None
    low, high = 0, len(rungs) - 1
    while low <= high:
        mid = (low + high) // 2
        value = fits(rungs[mid])
        if value is not None:
            found, high = (rungs[mid], value), mid - 1
        else:
            low = mid + 1
    return found


def fewest_that_fit(
    q: Question,
    spec: GpuSpec,
    method: Method,
    *,
    start: int = 1,
    limit: int = MAX_COUNTED_GPUS,
    min_free: float = 0.0,
    minimal: bool = False,
) -> dict[str, Any] | None:
    """The smallest count on the ladder (from `start` up to `limit`) whose plan fits with at least
    `min_free` of the memory free, or None (the ladder bisected: smallest_rung)."""

    def fits(n: int) -> dict[str, Any] | None:
        option = probe(q, spec, n, method, minimal=minimal)
        if option is not None and option["fits"] and float(option.get("memory_headroom") or 0) >= min_free:
            return option
        return None

    found = smallest_rung([n for n in COUNT_LADDER if start <= n <= limit], fits)
    return found[1] if found is not None else None


def model_state_gb(option: Mapping[str, Any]) -> float:
    """Weights, gradients and optimizer states of the whole model, from a one-GPU run (nothing
    sharded there, so the per-GPU figures are the totals)."""
    memory = option.get("memory") or {}
    return float(sum(memory.get(k, 0.0) for k in ("weights_gb", "gradients_gb", "optimizer_gb")))


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)
