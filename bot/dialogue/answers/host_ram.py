""" "how much system RAM do I need to fine-tune 13B on 4 A100s?": the host memory (the machines' RAM, not
the GPUs') a training job needs, from the FAQ's rule (faq.host_ram: at least the machine's GPU memory,
the vendors' servers 2–3× it) with the job's own numbers: the GPU memory of each machine named, and what
CPU offload would move to host memory (the engine's gradients and optimizer state, split over the
machines as ZeRO-3 / FSDP offload shards them), with whether the job needs offload on those GPUs at all.
"""

from __future__ import annotations

import math
from typing import Any

from bot.dialogue.answers.base import Question, first_option, probe, probe_plan
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import has_cue
from bot.nlu.question_cues import HOST_RAM
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry
from sizing.network import GPUS_PER_NODE
from sizing.types import Method

NEEDS = ("params",)
DEFAULTS = {"method": "full fine-tuning", "precision": "bf16"}
FAQ_ID = "faq.host_ram"
# The one-GPU run whose memory breakdown gives the whole model's gradients and optimizer state.
REFERENCE_GPU = "b200"


def asks(text: str) -> bool:
    """The message asks about the machines' RAM (HOST_RAM), not the GPUs' memory."""
    return has_cue(normalise(text).lower, HOST_RAM)


def applies(q: Question, form_in_progress: bool) -> bool:
    """A training job said (a model size) and its host RAM asked: the job's numbers, not the form."""
    return q.u.task != "serve" and q.u.said.get("params") is not None and asks(q.text)


def answer(q: Question, reply: Reply) -> bool:
    params = q.slot("params")
    entry = find_entry(q.kb, FAQ_ID)
    reference = q.catalog.gpu_or_none(REFERENCE_GPU)
    if params is None or entry is None or reference is None:
        return False
    method: Method = q.slot("method") or "full_finetune"
    single = probe(q, reference, 1, method, minimal=True)
    if single is None:
        return False
    memory = single.get("memory") or {}
    offloaded_gb = float(memory.get("gradients_gb", 0.0)) + float(memory.get("optimizer_gb", 0.0))
    context: dict[str, Any] = {
        "params": float(params),
        "method": method,
        "offloaded_gb": offloaded_gb,
        "bytes_per_param": offloaded_gb * 1e9 / float(params),
        "hardware": None,
        "entry": entry_view(entry, reply.lang),
    }
    gpu = q.slot("gpu") or (q.u.gpus[0] if q.u.gpus else None)
    spec = main_variant(q.catalog, str(gpu)) if gpu else None
    if spec is not None:
        count = int(q.slot("gpu_count") or 1)
        machines = max(1, math.ceil(count / GPUS_PER_NODE))
        per_machine = min(count, GPUS_PER_NODE)
        planned = probe_plan(q, spec, count, method)
        fits = None if planned is None else bool(first_option(planned)["fits"])
        # Too big for the GPUs: the engine's CPU offload on them, when a machine's RAM can hold it
        # (with the weights offloaded too where ZeRO-3 needs it); none when even offload does not fit.
        offload = None
        if fits is False and planned is not None and planned.feasibility is not None:
            offload = next(
                (o for o in planned.feasibility.options if o.kind == "offload" and o.gpus == count), None
            )
        context["hardware"] = {
            "name": spec.name,
            "gpus": count,
            "machines": machines,
            "per_machine": per_machine,
            "gpu_memory_gb": per_machine * spec.memory_gb,
            "fits": fits,
            "offloaded_per_machine_gb": offloaded_gb / machines,
            "offload_gb": None if offload is None else offload.host_memory_per_node_gb,
            "offloads_weights": offload is not None and offload.offloads_weights,
        }
    reply.add("host_ram", **context)
    reply.add_faq(FAQ_ID)
    return True
