""" "can I link a bunch of RTX 4090s together to train a 70B?": many consumer cards without a GPU-to-GPU link
(no NVLink, and on the 4090 no PCIe peer-to-peer either: pitfall.consumer_multi_gpu, sourced) put together
for one job. Their memories do not pool: the answer says so, how many such cards the job's model state
would need sharded (the engine's fewest that hold it), and then the feasibility answer on one machine of
them (the count said, else the fewest that hold the job when one machine does, else a full machine of 8),
with what does fit there (QLoRA on a few cards, larger GPUs).
"""

from __future__ import annotations

import math
from dataclasses import replace

from bot.dialogue.answers import feasibility
from bot.dialogue.answers.base import MAX_COUNTED_GPUS, Question, fewest_that_fit, model_state_gb, probe
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import MANY_CARDS
from bot.nlu.text import normalise
from bot.render.views import find_entry, pick
from sizing.network import GPUS_PER_NODE
from sizing.types import GpuSpec, Method

NEEDS = ("params", "gpu")
DEFAULTS = {"method": "full fine-tuning", "precision": "bf16"}
PITFALL = "pitfall.consumer_multi_gpu"


def unlinked(q: Question) -> GpuSpec | None:
    """The one consumer card named, when it has no GPU-to-GPU link (scale_up none)."""
    if len(set(q.u.gpus)) != 1:
        return None
    spec = main_variant(q.catalog, q.u.gpus[0])
    if spec is None or spec.segment != "consumer" or spec.scale_up_gbs is not None:
        return None
    return spec


def applies(q: Question, form_in_progress: bool) -> bool:
    """A training job (a model size, no data or deadline to plan) on many cards of one unlinked consumer
    kind put together."""
    said = q.u.said
    return (
        bool(q.u.gpus)
        and not form_in_progress
        and q.u.task != "serve"
        and said.get("params") is not None
        and not any(said.get(k) is not None for k in ("tokens", "data_bytes", "days", "budget"))
        and has_cue(normalise(q.text).lower, MANY_CARDS)
        and unlinked(q) is not None
    )


def answer(q: Question, reply: Reply) -> bool:
    spec = unlinked(q)
    entry = find_entry(q.kb, PITFALL)
    if spec is None or entry is None or q.slot("params") is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    single = probe(q, spec, 1, method, minimal=True)
    fewest = fewest_that_fit(q, spec, method, minimal=True)
    needed = int(fewest["gpus"]) if fewest is not None else None
    # What fits on fewest cards instead: QLoRA (the 4-bit base sharded over a few cards, FSDP+QLoRA)
    qlora = fewest_that_fit(q, spec, "qlora", minimal=True) if method != "qlora" else None
    said = q.u.said.get("gpu_count")
    count = int(said) if said else min(needed or GPUS_PER_NODE, GPUS_PER_NODE)
    reply.add(
        "linked_cards",
        name=spec.name,
        memory_gb=spec.memory_gb,
        params=float(q.slot("params")),
        method=method,
        state_gb=model_state_gb(single) if single is not None else None,
        needed=needed,
        qlora_needed=int(qlora["gpus"]) if qlora is not None else None,
        beyond=MAX_COUNTED_GPUS,
        machines=math.ceil(needed / GPUS_PER_NODE) if needed else None,
        count=count,
        said=bool(said),
        pitfall=pick(entry.description, reply.lang),
    )
    reply.add_faq(PITFALL)
    job = replace(q, context={**q.context, "gpu_count": count})
    return feasibility.answer(job, reply) or True
