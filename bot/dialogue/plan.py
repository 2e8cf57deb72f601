"""From dialogue slots to the engine and back: the SizingRequest, the pitfall trigger context and
the short summary of a plan kept in the session (for "what changed" and App Home)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from bot.dialogue.state import PLAUSIBLE, SLOT_NAMES, DialogueState
from bot.render.views import num
from sizing.types import RECOMPUTES, STACKS, Budget, Catalog, DataLanguage, SizingRequest
from sizing.workload import BYTES_PER_TOKEN, DEFAULT_SEQ_LEN

# A month of billing, as sizing.assumptions counts it (365/12 days).
DAYS_PER_MONTH = 365.0 / 12.0


def default_precision(gpu_has_bf16: bool) -> str:
    # BF16 is the default training precision; GPUs before Ampere (T4, V100) lack it, so FP16.
    return "bf16" if gpu_has_bf16 else "fp16"


def user_gpu_has_bf16(slots: Mapping[str, Any], catalog: Catalog) -> bool:
    gpu = slots.get("gpu")
    if not gpu:
        return True
    specs = [g for g in catalog.gpus if g.id == gpu or g.id.startswith(f"{gpu}-")]
    return not specs or any(g.tflops.bf16 for g in specs)


# Below this many tokens a dataset is a fine-tuning set, not a pre-training corpus, so "train 7B on 30k
# conversations" is planned as fine-tuning, not pre-training from scratch [our assumption: instruction
# sets are 10^6-10^8 tokens (Alpaca 52k examples, LIMA 1k), while pre-training runs use tens of billions
# of tokens and more; EleutherAI advises no fewer than ~2e11 (sizing.workload.MIN_PRETRAIN_TOKENS)].
FINETUNE_SET_TOKENS = 1e9


def default_method(slots: Mapping[str, Any]) -> str:
    """The method a plan assumes when none was said: pre-training, unless the data is a fine-tuning
    set by its size (then full fine-tuning, and the plan says why)."""
    tokens = slots.get("tokens")
    if tokens is None and slots.get("data_bytes") is not None:
        tokens = float(slots["data_bytes"]) / BYTES_PER_TOKEN["mixed"]
    return "full_finetune" if tokens is not None and float(tokens) < FINETUNE_SET_TOKENS else "pretrain"


def effective_slots(state: DialogueState, catalog: Catalog) -> dict[str, Any]:
    """The slots the engine runs on: what the user said plus the stated defaults."""
    slots = dict(zip(SLOT_NAMES, map(state.slots.get, SLOT_NAMES), strict=True))  # None when unset
    if slots.get("precision") is None:
        slots["precision"] = default_precision(user_gpu_has_bf16(slots, catalog))
    if slots.get("method") is None:
        slots["method"] = default_method(slots)
    return slots


# Preference objectives that train against a frozen reference model (DPO, IPO, KTO; Rafailov et al. 2023,
# arXiv 2305.18290; TRL DPOTrainer/KTOTrainer), and those whose sample is a pair of sequences, chosen and
# rejected, both trained (DPO, IPO, ORPO, SimPO; KTO labels single completions). ORPO and SimPO need no
# reference model (arXiv 2403.07691, 2405.14734).
REFERENCE_OBJECTIVES = ("dpo", "ipo", "kto")
PAIRED_OBJECTIVES = ("dpo", "ipo", "orpo", "simpo")
# The largest micro-batch the engine plans (sizing.workload's bound).
MAX_SAID_MICRO_BATCH = 4096


def build_request(state: DialogueState, catalog: Catalog, today: dt.date) -> SizingRequest:
    slots = effective_slots(state, catalog)
    tokens = _opt_float(slots.get("tokens"))
    if tokens is not None and state.slots.get("objective") in PAIRED_OBJECTIVES and state.sample_basis:
        tokens *= 2  # "20k preference pairs of ~1k tokens": each pair trains two sequences
    budget = slots.get("budget")
    data_language: DataLanguage = _data_language(state.data_language)
    gpu_count = slots.get("gpu_count")
    seq_len = slots.get("seq_len")
    return SizingRequest(
        params=float(slots["params"]),
        tokens=tokens,
        data_bytes=_opt_float(slots.get("data_bytes")),
        epochs=float(slots.get("epochs") or 1.0),
        data_language=data_language,
        precision=slots["precision"],
        method=slots["method"],
        days=_opt_float(slots.get("days")),
        budget=Budget(
            amount=float(budget["amount"]),
            currency=budget.get("currency") or "USD",
            period=budget.get("period") or "total",
        )
        if isinstance(budget, dict) and budget.get("amount")
        else None,
        gpu=slots.get("gpu") or None,
        gpus=int(gpu_count) if gpu_count else None,  # with no GPU named: every type at that count
        seq_len=int(seq_len) if seq_len else None,
        today=today,
        active_params=_opt_float(state.slots.get("active_params")),
        **training_software({**state.slots, "method": slots["method"]}),
        network_gbps=_own_network(state),
    )


def _own_network(state: DialogueState) -> float | None:
    """The cluster network the user says their own GPUs have ("4 nodes of 8 A100 with 100 Gb/s Ethernet",
    "我们的集群是 25G 以太网"), in Gb/s per node, when the plan runs on those GPUs; None otherwise."""
    net = state.cluster_network
    if not state.owned or not net:
        return None
    gbps = net.get("gbps")
    return float(gbps) if isinstance(gbps, int | float) and 0.1 <= gbps <= 25_600 else None


def _data_language(value: str | None) -> DataLanguage:
    return value if value in ("en", "zh", "code", "mixed") else "en"  # type: ignore[return-value]


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def training_software(slots: Mapping[str, Any]) -> dict[str, Any]:
    """The stack, recompute mode and continued pre-training the user named (slots.stack, ...), as
    SizingRequest fields; unknown values are left to the engine's defaults."""
    stack = slots.get("stack")
    recompute = slots.get("recompute")
    return {
        "stack": stack if stack in STACKS else None,
        "recompute": recompute if recompute in RECOMPUTES else None,
        "continued": bool(slots.get("continued")) and slots.get("method") == "pretrain",
        "offload": bool(slots.get("offload")),
        "low_memory": bool(slots.get("low_memory")),
        "reference_model": slots.get("objective") in REFERENCE_OBJECTIVES,
        "micro_batch": _micro_batch(slots.get("micro_batch")),
        "global_batch_tokens": global_batch_said(slots),
    }


def global_batch_said(slots: Mapping[str, Any]) -> float | None:
    """The global batch the user said, in tokens, when plausible and at least one sequence (else the
    recipe's: an implausible one is asked back first)."""
    value = slots.get("global_batch_tokens")
    low, high = PLAUSIBLE["global_batch_tokens"]
    if not isinstance(value, int | float) or not low <= value <= high:
        return None
    seq_len = slots.get("seq_len")
    method = str(slots.get("method") or "pretrain")
    length = int(seq_len) if seq_len else DEFAULT_SEQ_LEN.get(method, DEFAULT_SEQ_LEN["pretrain"])
    return float(value) if value >= length else None


def _micro_batch(value: Any) -> int | None:
    """The micro-batch the user said ("bs=4 per GPU"), as the engine takes it; None: the engine picks."""
    return int(value) if isinstance(value, int | float) and 1 <= value <= MAX_SAID_MICRO_BATCH else None


def budget_usd_total(slots: Mapping[str, Any], days: float | None, usd_to_cny: float) -> float | None:
    """The budget as a total for a job of `days` (the plan's length), in USD.

    A monthly budget covers a whole month, so any job shorter than a month gets all of it; an
    hourly one pays each hour of the job (as sizing.rank compares them)."""
    budget = slots.get("budget")
    if not isinstance(budget, dict) or not budget.get("amount"):
        return None
    amount = float(budget["amount"])
    if budget.get("currency") == "CNY":
        amount /= usd_to_cny
    period = budget.get("period") or "total"
    if period == "total":
        return amount
    if days is None:
        return None
    if period == "month":
        return amount * max(1.0, days / DAYS_PER_MONTH)
    return amount * days * 24


def spot_saving(option: Mapping[str, Any]) -> float | None:
    """Fraction saved by renting spot instead of on-demand (0-1), when both are priced."""
    cost = option.get("cost")
    if not isinstance(cost, Mapping):
        return None
    usd, spot = num(cost.get("on_demand_usd")), num(cost.get("spot_usd"))
    if usd and spot is not None and usd > 0:
        return max(0.0, 1.0 - spot / usd)
    return None


def summarise(rec: Mapping[str, Any]) -> dict[str, Any] | None:
    """What is kept of a plan between turns: enough to say what changed."""
    options = rec.get("options") or []
    if not options:
        return None
    top = options[0]
    cost = top.get("cost") or {}
    return {
        "gpu": top.get("gpu"),
        "name": top.get("gpu_name") or top.get("gpu"),
        "gpus": top.get("gpus"),
        "nodes": top.get("nodes"),
        "days": top.get("days"),
        "cost": num(cost.get("amount")),
        "currency": cost.get("currency"),
        "cloud": cost.get("cloud"),  # where it is priced ("what would it cost on GCP?" compares)
        # What the plan assumed where the user said nothing ("改成 FP8" then changes BF16, the default).
        "precision": (rec.get("workload") or {}).get("precision"),
        "method": (rec.get("workload") or {}).get("method"),
        "memory": num(top.get("memory_per_gpu_gb")),  # for "QLoRA 能省多少显存": the change line says it
        # A plan that could not run (the user's GPUs too small): the next change line says it now fits,
        # not how its time moved.
        "fits": bool(top.get("fits", True)),
    }
