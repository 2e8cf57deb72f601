""" "4090 能做多机训练吗", "Does the T4 support BF16?": a yes/no question about what one GPU can do,
answered from its catalogue record (the GPU-to-GPU link, the number formats it computes in) and,
for consumer cards across machines, the knowledge base's pitfall on it."""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.hardware import capacity, main_variant, serving_capacity
from bot.dialogue.reply import Reply
from bot.nlu import serving
from bot.nlu.lexicon import find_phrase, has_cue
from bot.nlu.question_cues import ALTERNATIVE, SPEEDUP_ASKS, WORTH_ASKS
from bot.nlu.serving import ENGINES
from bot.nlu.text import normalise
from bot.render.views import entry_view, find_entry
from sizing.errors import SizingError
from sizing.types import GpuSpec

NEEDS = ("gpu",)
DEFAULTS: dict[str, Any] = {}
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # "H100 MIG 最多切几个", "does the L40S support MIG?": Multi-Instance GPU, per NVIDIA's MIG User Guide
    ("mig", ("mig", "multi-instance", "multi instance", "多实例")),
    # "Does the A10 have NVLink?": the link itself, before the multi-GPU topic that also says nvlink
    ("nvlink", ("have nvlink", "has nvlink", "support nvlink", "supports nvlink", "come with nvlink",
                "nvlink?", "有nvlink", "有 nvlink", "有没有nvlink", "有没有 nvlink", "支持nvlink",
                "支持 nvlink", "带nvlink", "带 nvlink", "nvlink吗", "nvlink 吗")),
    ("multi", ("多机", "多卡", "多台", "集群", "分布式", "互联", "nvlink", "p2p", "multi-node", "multinode",
               "multi node", "multi-gpu", "multi gpu", "multiple gpus", "several gpus", "many gpus",
               "cluster",
               "distributed", "scale out", "across machines", "across nodes")),
    # "H100 的 FP8 比 BF16 快多少": the two number formats' rates on one GPU (before the "fp8" yes/no)
    ("fp8_speed", ()),
    # "H100 支持 FP4 吗", "what is the B200's FP4?": the 4-bit inference format (Blackwell on)
    ("fp4", ("fp4", "nvfp4", "mxfp4")),
    ("fp8", ("fp8",)),
    ("training", ("good for training", "good for fine-tuning", "good for finetuning", "good for fine tuning",
                  "suitable for training", "suitable for fine-tuning", "ok for training", "okay for training",
                  "any good for training", "fit for training", "good to train", "usable for training",
                  "适合训练", "适合微调", "适不适合训练", "适不适合微调", "适合做训练", "适合做微调",
                  "能用来训练", "可以用来训练", "拿来训练", "用来训练", "能训练吗", "可以训练吗",
                  "能不能训练", "能微调吗", "可以微调吗", "能不能微调", "train on", "training on",
                  "fine-tune on", "finetune on", "fine tune on", "use for training", "used for training",
                  "use it for training", "在上面训练", "上训练吗", "上微调吗",
                  # "MI300X 跑训练靠谱吗": running training on it, judged
                  "跑训练", "跑微调", "训练靠谱", "微调靠谱")),
    # "L4 適合拿來做推論嗎", "is the L40S good for inference?": what the GPU serves (after "training")
    ("serving", ("适合推理", "适合做推理", "适合推论", "适合做推论", "适合部署", "适不适合推理", "拿来推理",
                 "拿来做推理", "拿来做推论", "用来推理", "用来做推理", "跑推理靠谱", "推理靠谱",
                 "good for inference", "good for serving", "ok for inference", "okay for inference",
                 "suitable for inference", "suitable for serving", "fit for inference",
                 "decent for inference", "use for inference", "used for inference", "reliable for inference",
                 "viable for inference", "good at inference")),
    # "MI300X 能用 PyTorch 吗": the software stack the GPU runs (after "training": "is the T4 good for
    # training with pytorch?" asks about training)
    ("software", ("pytorch", "torch", "tensorflow", "jax", "cuda", "rocm", "deepspeed", "megatron",
                  "flashattention", "flash attention", "flash-attn", "bitsandbytes", "fsdp",
                  "transformer engine",
                  "hugging face", "huggingface", "transformers", *ENGINES, "软件栈", "框架")),
    ("bf16", ("bf16", "bfloat16")),
)  # fmt: skip
# "is the A10G ok for fine-tuning?", "decent for LoRA?": a judgement word, "for", a training job.
_JUDGED = (
    "good",
    "ok",
    "okay",
    "fine",
    "decent",
    "suitable",
    "usable",
    "enough",
    "any good",
    "viable",
    "worth it",
    "reliable",
)
_JOBS = (
    "training",
    "fine-tuning",
    "finetuning",
    "fine tuning",
    "pretraining",
    "pre-training",
    "lora",
    "qlora",
)
TOPICS = tuple(
    (name, cues + tuple(f"{j} for {job}" for j in _JUDGED for job in _JOBS) if name == "training" else cues)
    for name, cues in TOPICS
)
CONSUMER_PITFALL = "pitfall.consumer_multi_gpu"
NO_NVLINK_PITFALL = "pitfall.no_nvlink_multi_gpu"


# "能用 4090 训练吗", "可以拿 3090 来微调吗", "can I train with a 4090?": the GPU named between "use" and
# the training verb, so no phrase list can hold it (text simplified and lower-cased).
_USE_TO_TRAIN = re.compile(
    r"(?:能|可以|可不可以|能不能|可否)(?:用|拿|使用)[^,，。;；]{1,24}?(?:来|去)?(?:训练|微调|训|预训练)"
    r"(?:模型|大模型)?(?:吗|么|嘛|不|[?]|$)"
    r"|\b(?:can|could) (?:i|we|you|one) (?:train|fine-?tune|fine tune|pretrain|pre-train)"
    r" (?:with|using|on) (?:an? |the |one |two |\d+ ?x? ?)?[a-z]*\s?\d"
    # "can I use MI300X for fine-tuning?", "can the MI300X do LoRA?", "MI300X 能做 LoRA 微调吗"
    r"|\b(?:can|could) (?:i|we|you|one) use (?:an? |the |our |my )?[a-z]*\s?\d[a-z0-9 -]{0,16}"
    r" for (?:training|fine-?tuning|fine tuning|lora|qlora|pre-?training)"
    r"|\b(?:can|could) (?:an? |the |our |my )?[a-z]*\s?\d[a-z0-9 -]{0,16} (?:do|handle|run)"
    r" (?:lora|qlora|fine-?tuning|fine tuning|training|pre-?training)\b"
    r"|(?:能|可以|能不能|可不可以)(?:做|跑|进行)\s?(?:(?:lora|qlora)\s?(?:微调|训练)?|微调|训练|预训练)"
    r"(?:吗|么|嘛|不|[?]|$)"
    # "H100 适合做 LoRA 微调吗", "MI300X 支持 LoRA 吗", "MI300X 能不能用 ROCm 跑 LoRA", "跑 QLoRA 行不行": the
    # method named instead of training, judged or allowed
    r"|(?:适合|适不适合|支持|支不支持)(?:做|跑|进行|拿来做|用来做)?\s?(?:lora|qlora)\s?(?:微调|训练)?"
    r"(?:吗|么|嘛|不|[?]|$)"
    r"|(?:能|可以|能不能|可不可以)(?:用|拿|使用)[^,，。;；]{1,24}?(?:跑|做)\s?(?:lora|qlora)\s?(?:微调|训练)?"
    r"(?:吗|么|嘛|不|[?]|$)"
    r"|(?:跑|做)\s?(?:lora|qlora|微调|训练)\s?(?:微调|训练)?\s?(?:行不行|行吗|可以吗|可不可以|ok吗|没问题吧)"
)


SIXTEEN_BIT = ("bf16", "bfloat16", "fp16")
# A speed-up asked as such: with FP8 named, against the 16-bit formats even when they go unsaid.
_HOW_MUCH_FASTER = (
    "how much faster",
    "how many times faster",
    "快多少",
    "快几倍",
    "快多少倍",
    "提速多少",
    "speedup",
)
# The software platform a GPU's vendor ships, per knowledge/data/software.yaml (its `supported`
# architectures decide which one a GPU gets).
STACKS = ("sw.rocm_stack", "sw.cuda_driver")
FP8_FAQ = "faq.fp8"


# The number formats a precision choice names ("fp16 or bf16 on V100s?", "T4 上微调用 fp16 还是 bf16").
PRECISION_NAMES = (
    ("bf16", ("bf16", "bfloat16")),
    ("fp16", ("fp16", "float16", "半精度")),
    ("fp8", ("fp8", "float8")),
    ("fp32", ("fp32", "float32", "单精度")),
)
# A choice between them, or the precision asked for ("which precision on a T4?", "V100 用什么精度训练").
_PRECISION_CHOICE = (*ALTERNATIVE, " vs", "versus", "which", "哪个", "哪种", "选哪", "用哪", "选什么")
_PRECISION_ASKED = (
    "which precision", "what precision", "precision should", "precision to use", "precision for",
    "什么精度", "哪种精度", "哪个精度", "精度选", "精度用",
)  # fmt: skip


def precisions_named(low: str) -> list[str]:
    """The number formats named in normalised `low`, in PRECISION_NAMES order."""
    return [name for name, words in PRECISION_NAMES if any(find_phrase(low, w) != -1 for w in words)]


def _asks_precision(low: str) -> bool:
    """A precision to train in asked ("fp16 or bf16?", "用什么精度"); checked only when a format or the
    word precision is there (the cheap test first)."""
    if not any(w in low for w in ("fp", "bf16", "float", "precision", "精度")):
        return False
    if has_cue(low, _PRECISION_ASKED):
        return True
    named = precisions_named(low)
    if "fp8" in named and has_cue(low, WORTH_ASKS):
        return False  # "is fp8 worth it vs bf16?": what FP8 gains (the FP8 FAQ), not which format runs
    return len(named) >= 2 and has_cue(low, _PRECISION_CHOICE)


def topic(text: str) -> str | None:
    low = normalise(text).lower
    if find_phrase(low, "fp8") != -1 and has_cue(low, SPEEDUP_ASKS):
        # "H100 的 FP8 比 BF16 快多少"; "how much faster is FP8 training on the A100?" (against 16-bit unsaid)
        if any(find_phrase(low, c) != -1 for c in SIXTEEN_BIT) or has_cue(low, _HOW_MUCH_FASTER):
            return "fp8_speed"
    if _asks_precision(low):
        return "precision"  # "should I train in fp16 or bf16 on V100s?": what the GPU runs, and which
    for name, cues in TOPICS:
        if has_cue(low, cues):  # any(find_phrase(low, c) != -1 for c in cues), in one search per kind
            return name
    if _USE_TO_TRAIN.search(low):
        return "training"
    return None


def asks_training(text: str) -> bool:
    """Whether the GPU is asked about for training, also beside a software word ("MI300X 能不能用 ROCm 跑
    LoRA": the software topic answers, the question is still the GPU's, not a job to size)."""
    asked = topic(text)
    return asked == "training" or (
        asked == "software" and _USE_TO_TRAIN.search(normalise(text).lower) is not None
    )


# A GPU said to be linked by NVLink ("can two 4090s with nvlink fine tune a 13b?", "两张 4090 用 NVLink
# 连起来"): a premise, said when that GPU has none (the question about the link itself is the nvlink topic's).
LINKED_BY_NVLINK = (
    "with nvlink", "over nvlink", "via nvlink", "through nvlink", "nvlinked", "nvlink bridge", "nvlink'd",
    "using nvlink", "connected by nvlink", "linked by nvlink", "bridged with nvlink",
    "用nvlink", "用 nvlink", "通过nvlink", "通过 nvlink", "nvlink连", "nvlink 连", "nvlink桥", "nvlink 桥",
    "nvlink互联", "nvlink 互联",
)  # fmt: skip


def no_link_premise(q: Question, reply: Reply) -> None:
    """Before the answer, one line when the message links a GPU that has no NVLink by NVLink: it has none,
    and what its GPUs talk over instead."""
    low = normalise(q.text).lower
    if not q.u.gpus or topic(q.text) == "nvlink" or not has_cue(low, LINKED_BY_NVLINK):
        return
    spec = main_variant(q.catalog, q.u.gpus[0])
    if spec is None or spec.scale_up_gbs is not None or spec.vendor != "nvidia":
        return
    reply.add("no_link_premise", name=spec.name)


def asks_engine_support(text: str) -> bool:
    """ "vLLM 能在 MI300X 上跑吗", "does SGLang run on the MI300X?": whether a serving engine runs on the
    GPU, a software question (the caller checks that no model or load is named)."""
    low = normalise(text).lower
    return topic(text) == "software" and any(find_phrase(low, e) != -1 for e in ENGINES)


def asks_capability(text: str) -> bool:
    return topic(text) is not None


# What a GPU suits, asked with training and serving side by side ("is the L40S good for inference or
# training?", "H20 能拿来训练吗 还是只适合推理", "A100 适合训练还是推理"): both verdicts, one after the other.
_SUITS = (
    "good for", "good at", "suitable", "suited", "ok for", "okay for", "better for", "better at",
    "be used for", "use it for", "used for", "fit for",
    "适合", "适不适合", "比较好", "更好", "拿来", "用来", "用于", "能用", "可以用", "只能",
)  # fmt: skip


def asks_both_tasks(text: str) -> bool:
    low = normalise(text).lower
    if not serving.asks_both_tasks(low):
        return False
    return topic(text) in ("training", "serving") or has_cue(low, _SUITS)


def answer(q: Question, reply: Reply) -> bool:
    # A follow-up that only names another GPU ("and the L40S?") asks what the last question asked.
    asked = topic(q.text) or q.context.get("capability_topic")
    both = bool(q.u.gpus) and asks_both_tasks(q.text)
    if both:
        asked = "training"  # then the serving verdict, below
    spec = main_variant(q.catalog, q.u.gpus[0]) if q.u.gpus else None
    if spec is None and not q.u.gpus:
        return _outside(q, reply)
    if asked is None or spec is None:
        return False
    if asked == "serving":
        return serving_verdict(q, reply)  # "H100 适合部署吗": what one card serves
    advice = None
    rows: list[dict[str, Any]] = []
    if asked == "multi":
        if spec.segment == "consumer":
            verdict = "no"
            entry_id = CONSUMER_PITFALL
        elif spec.scale_up_gbs is None:
            verdict, entry_id = "slow", NO_NVLINK_PITFALL
        else:
            verdict, entry_id = "yes", None
        entry = find_entry(q.kb, entry_id) if entry_id else None
        if entry is not None:
            advice = entry_view(entry, reply.lang)
            advice["advice"] = _pick(getattr(entry, "advice", None), reply.lang)
            advice["description"] = _pick(getattr(entry, "description", None), reply.lang)
            reply.add_faq(entry.id)
    elif asked == "nvlink":
        verdict = "no" if spec.scale_up_gbs is None else "yes"
    elif asked == "mig":
        verdict, advice = _mig(q, spec)
    elif asked == "training":
        verdict, rows = _training(q, spec)
        if spec.vendor == "amd":  # "MI300X 跑训练靠谱吗": the software stack is part of the answer on AMD
            advice = _stack(q, spec, reply.lang)
    elif asked == "fp4":
        verdict, advice = _fp4(q, spec)
    elif asked == "fp8":
        verdict = "yes" if spec.tflops.fp8 else "no"
    elif asked == "fp8_speed":
        # Peak dense FP8 against BF16 on this GPU; what a real run gains is the FAQ's (its sources).
        verdict = "ratio" if spec.tflops.fp8 and spec.tflops.bf16 else "no"
        entry = find_entry(q.kb, FP8_FAQ)
        if entry is not None and verdict == "ratio":
            advice = entry_view(entry, reply.lang)
            advice["source"] = "; ".join(str(s.ref) for s in getattr(entry, "sources", ()))
    elif asked == "software":
        verdict, advice = _software(q, spec, reply.lang)
    elif asked == "precision":
        verdict, advice = _precision(q, spec, reply.lang)
    else:
        verdict = "yes" if spec.tflops.bf16 else "no"
    reply.add(
        "capability",
        topic=asked,
        verdict=verdict,
        name=spec.name,
        segment=spec.segment,
        link_gbs=spec.scale_up_gbs,
        domain=spec.scale_up_domain,
        link="Infinity Fabric" if spec.vendor == "amd" else "NVLink",
        fp8=spec.tflops.fp8,
        bf16=spec.tflops.bf16,
        bandwidth_tbs=spec.memory_bandwidth_tbs,
        # the training cards a slow one is measured against, from the catalogue
        reference={g.id: g.tflops.bf16 for g in q.catalog.gpus if g.id in ("a100-80gb", "h100-sxm")},
        fp16=spec.tflops.fp16,
        advice=advice,
        memory_gb=spec.memory_gb,
        rows=rows,
        both=both,
    )
    if both:
        serving_verdict(q, reply, asked=True)
    return True


def _precision(q: Question, spec: GpuSpec, lang: str) -> tuple[str, dict[str, Any]]:
    """Which precision to train in on the GPU, from its tensor-core figures: BF16 where it has BF16
    units, else FP16 with loss scaling; FP8 beside it where it has FP8 units (the FP8 FAQ says what it
    gains when FP8 is asked). With the catalogue's source of those figures."""
    record = next((r for r in q.kb.gpu_records if r.id == spec.id), None)
    sources = q.kb.gpu_sources
    figure = getattr(getattr(record, "tflops", None), "bf16", None)
    keys = tuple(getattr(figure, "src", ()) or ())
    cites = [sources[k].citation if k in sources else k for k in keys]
    asked = precisions_named(normalise(q.text).lower)
    entry = find_entry(q.kb, FP8_FAQ) if spec.tflops.fp8 and "fp8" in asked else None
    advice: dict[str, Any] = {
        "source": "; ".join(dict.fromkeys(cites)),
        "fp8_asked": "fp8" in asked,
        "fp16_asked": "fp16" in asked or not asked,
        "cores": "matrix" if spec.vendor == "amd" else "tensor",
        "fp8_faq": entry_view(entry, lang) if entry is not None else None,
    }
    return ("bf16" if spec.tflops.bf16 else "fp16"), advice


def _fp4(q: Question, spec: GpuSpec) -> tuple[str, dict[str, Any]]:
    """Whether the GPU has FP4 tensor cores (its dense and sparse rate if so), and the catalogue's GPUs
    that have them."""
    records = {r.id: r for r in q.kb.gpu_records}
    with_fp4 = [g.name for g in q.catalog.gpus if (r := records.get(g.id)) is not None and r.tflops.fp4]
    record = records.get(spec.id)
    fp4 = record.tflops.fp4 if record is not None else None
    if fp4 is None or fp4.value is None:
        return "no", {"with_fp4": with_fp4}
    return "yes", {"fp4": fp4.value, "sparse": fp4.sparse, "with_fp4": with_fp4}


# A count of MIG instances the user quotes: "切 7 个", "7 instances", "7-way", "7 份".
_MIG_COUNT = re.compile(
    r"(?<![\d.])(\d{1,2})\s*(?:mig\s*)?(?:个|個|份|块|塊|instances?|slices?|partitions?|-way|way)"
)


def _mig(q: Question, spec: GpuSpec) -> tuple[str, dict[str, Any]]:
    """Whether the GPU splits into MIG instances, how many at most and the smallest one's memory (1/8 of
    the GPU's on seven-instance GPUs, 1/4 on the A30's four), and the catalogue's GPUs that have MIG."""
    records = {r.id: r for r in q.kb.gpu_records}
    with_mig = [g.name for g in q.catalog.gpus if mig_split(g, records.get(g.id)) is not None]
    split = mig_split(spec, records.get(spec.id))
    if split is None:
        return "no", {"with_mig": with_mig}
    said = _MIG_COUNT.search(normalise(q.text).lower)
    claimed = int(said.group(1)) if said else None
    # "A30 能切 7 个 MIG 实例吧": more than the guide allows is a no with the real maximum, not a yes
    verdict = "fewer" if claimed is not None and claimed > split["instances"] else "yes"
    return verdict, {**split, "claimed": claimed, "with_mig": with_mig}


def mig_split(spec: GpuSpec, record: Any) -> dict[str, Any] | None:
    """How a GPU splits into MIG instances: the most instances, the share of memory the smallest one gets
    (1/8 on seven-instance GPUs, 1/4 on the A30's four) and its GB; None without MIG."""
    most = record.mig_instances if record is not None else None
    if most is None:
        return None
    instances = int(most.value)
    share = 8 if instances == 7 else instances
    return {"instances": instances, "share": share, "slice_gb": spec.memory_gb / share}


# Dense BF16 TFLOPS below half an A100's (312): the GPU trains, but slowly for its class (H20: 148).
SLOW_TRAINING_BF16 = 156.0


def _training(q: Question, spec: GpuSpec) -> tuple[str, list[dict[str, Any]]]:
    """Whether a GPU suits training, from what decides it: NVLink for sharding across GPUs, BF16 for
    mixed precision, and the largest model each method fits on one card (the engine's memory)."""
    try:
        _, rows = capacity(spec.id, 1, q.catalog, q.today)
    except SizingError:
        rows = []
    if not spec.tflops.bf16:
        verdict = "limited"  # FP16 with loss scaling, older tensor cores
    elif spec.scale_up_gbs is None or spec.segment == "consumer":
        verdict = "single"  # one card, or data parallel over PCIe
    elif spec.tflops.bf16 < SLOW_TRAINING_BF16:
        verdict = "slow"  # the H20: NVLink and memory, but a fraction of an A100's compute
    else:
        verdict = "yes"
    return verdict, rows


def serving_verdict(q: Question, reply: Reply, asked: bool = False) -> bool:
    """ "L4 適合拿來做推論嗎", "is the L40S good for inference?" with no model named: whether the GPU suits
    inference, from what decides it (the largest model one card serves in each precision, with weights,
    buffers and one request's KV cache; its memory and bandwidth), said before the serving answer's
    plans for typical models. False when the message does not ask that of one GPU. `asked`: the caller
    knows it is asked (beside the training verdict)."""
    spec = main_variant(q.catalog, q.u.gpus[0]) if q.u.gpus else None
    if spec is None or not (asked or topic(q.text) == "serving"):
        return False
    try:
        _, rows = serving_capacity(spec.id, 1, q.catalog)
    except SizingError:
        return False
    verdict = "yes" if rows and rows[0]["params"] else "no"
    reply.add(
        "capability",
        topic="serving",
        verdict=verdict,
        name=spec.name,
        memory_gb=spec.memory_gb,
        bandwidth_tbs=spec.memory_bandwidth_tbs,
        rows=rows,
        both=asked,
    )
    return True


def _stack(q: Question, spec: GpuSpec, lang: str) -> dict[str, Any] | None:
    """The vendor platform's note for the GPU's architecture (software.yaml STACKS), with its source."""
    features = q.kb.software.features
    stack = next((f for f in features if f.id in STACKS and spec.architecture in f.supported), None)
    if stack is None:
        return None
    return {"advice": _pick(stack.when_supported, lang), "source": stack.source.ref, "stack": True}


def _software(q: Question, spec: GpuSpec, lang: str) -> tuple[str, dict[str, Any] | None]:
    """Whether the GPU runs the software asked about: the software.yaml entry whose name the message
    names ("DeepSpeed", "Megatron", "FlashAttention-3"), by the architectures it supports; otherwise
    the vendor's platform (ROCm or CUDA) with PyTorch. Each with the entry's source."""
    features = q.kb.software.features
    asked = _named_software(features, normalise(q.text).lower)
    if asked is not None:
        ok = spec.architecture in asked.supported
        text = asked.when_supported if ok else asked.when_unsupported
        found = {"advice": _pick(text, lang), "source": asked.source.ref, "feature": asked.name}
        return ("yes" if ok else "no"), {**found, "archs": list(asked.supported)}
    stack = _stack(q, spec, lang)
    if stack is None:
        return "unknown", None
    return "yes", {k: v for k, v in stack.items() if k != "stack"}


def _named_software(features: Any, low: str) -> Any:
    """The software.yaml entry (not a vendor platform) whose name the message names, if any."""
    named, every = _software_names(features)
    if not has_cue(low, every):
        return None  # one search for every name first: most messages name no library
    return next((f for f, words in named if any(find_phrase(low, w) != -1 for w in words)), None)


# Per features tuple (the knowledge base keeps one for its life): its entries other than the vendor
# platforms, each with the words of its name a message may name it by, and all those words together.
_SOFTWARE_NAMES: dict[int, tuple[Any, tuple[tuple[tuple[Any, tuple[str, ...]], ...], tuple[str, ...]]]] = {}


def _software_names(features: Any) -> tuple[tuple[tuple[Any, tuple[str, ...]], ...], tuple[str, ...]]:
    cached = _SOFTWARE_NAMES.get(id(features))
    if cached is not None and cached[0] is features:
        return cached[1]
    named = tuple(
        (
            f,
            tuple(
                w
                for w in re.split(r"[^a-z0-9.\-]+", f.name.lower())
                if len(w) >= 4 and not w.isdigit() and w not in _GENERIC_SOFTWARE_WORDS
            ),
        )
        for f in features
        if f.id not in STACKS
    )
    every = tuple(dict.fromkeys(w for _, words in named for w in words))
    if len(_SOFTWARE_NAMES) > 8:
        _SOFTWARE_NAMES.clear()
    _SOFTWARE_NAMES[id(features)] = (features, (named, every))
    return named, every


def outside_support(q: Question) -> tuple[Any, Any] | None:
    """ "does vLLM support the Gaudi 3?", "llama.cpp 支持昇腾吗": a library the message names and an
    accelerator outside the catalogue whose support that library documents (software.yaml
    `accelerators`), as (the library, the accelerator); None otherwise."""
    low = normalise(q.text).lower
    feature = _named_software(q.kb.software.features, low)
    if feature is None:
        return None
    found = next((a for a in feature.accelerators if any(find_phrase(low, w) != -1 for w in a.words)), None)
    return (feature, found) if found is not None else None


def _outside(q: Question, reply: Reply) -> bool:
    """The software half of a question about an accelerator outside the catalogue, from the library's
    documented support with its source; the answer says the accelerator is not in the catalogue."""
    found = outside_support(q)
    if found is None:
        return False
    feature, accelerator = found
    advice = {
        "advice": _pick(accelerator.note, reply.lang),
        "source": accelerator.source.ref,
        "feature": feature.name,
    }
    reply.add(
        "capability",
        topic="software",
        verdict="outside",
        name=_pick(accelerator.name, reply.lang),
        advice=advice,
    )
    return True


# Words of software.yaml names that name no one library ("training", "mixed", "precision", "cuda").
_GENERIC_SOFTWARE_WORDS = (
    "training", "mixed", "precision", "nvidia", "rocm", "cuda", "pytorch", "software", "stack", "toolkit",
    "driver", "newer", "core", "volta", "blackwell", "4-bit",
)  # fmt: skip


def _pick(text: Any, lang: str) -> str:
    from bot.render.views import pick

    return pick(text, lang) if text is not None else ""
