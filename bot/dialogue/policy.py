"""Question first: the direct answers, by question kind, and what a follow-up may reuse.

The consultant asks `direct(...)` before any slot filling. A kind listed here is answered from
what the message says plus the answer's stated defaults (bot/dialogue/answers/*); only a plan
(kind "size") goes through the form, which asks for what a plan cannot do without.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.dialogue.answers import (
    batch_fit,
    best,
    both_tasks,
    budget,
    capability,
    catalogue,
    cheapest,
    china,
    cluster,
    compare,
    coverage,
    data_amount,
    encoder_batch,
    feasibility,
    figure,
    host_ram,
    linked_cards,
    memory,
    model_info,
    offering,
    power,
    price,
    provider,
    published,
    seq_fit,
    serve,
    serve_budget,
    serve_fit,
    serve_pick,
    stored,
    throughput,
    transfer,
    worth,
)
from bot.dialogue.answers.base import Question
from bot.dialogue.answers.serve import LOAD_SLOTS as SERVE_LOAD_SLOTS
from bot.dialogue.clouds import any_provider
from bot.dialogue.hardware import main_variant
from bot.dialogue.reply import Reply
from bot.dialogue.route import SWITCH_WORDS
from bot.dialogue.state import SERVE_SLOT_NAMES
from bot.dialogue.timeline import unlengthed_cheapest
from bot.nlu.gpus import board_named
from bot.nlu.lexicon import SPOT_WORDS, has_cue
from bot.nlu.question_cues import CHEAPER_THAN, COST_ASKS, JOB_COST_ON, PER_GPU_PRICE, PLAN_CHEAPER, WH_WORDS
from bot.nlu.serving import BATCH_USES, asks_operations
from bot.nlu.text import normalise
from sizing.types import Catalog

Answer = Callable[[Question, Reply], bool]


def _provider_or_price(q: Question, reply: Reply) -> bool:
    """Providers compared; with none named but a GPU ("哪家H100多少钱", "which cloud has the H100 for
    what"), every provider's price for it, as the price answer lists them."""
    if provider.answer(q, reply):
        return True
    return bool(q.u.gpus) and not q.u.providers and price.answer(q, reply)


ANSWERS: dict[str, Answer] = {
    "figure_check": figure.answer,
    "batch_fit": batch_fit.answer,  # "what batch size fits for 7b lora on 24gb": the largest micro-batch
    "seq_fit": seq_fit.answer,  # "max sequence length for a 7B LoRA on an A10G": the longest sequence in it
    "encoder_batch": encoder_batch.answer,  # "transcribe 10k hours of audio with whisper": what it is
    "throughput": throughput.answer,  # "how many tokens/s does an H100 do training a 7B": per GPU and node
    "price": price.answer,
    "provider_compare": _provider_or_price,
    "china_providers": china.answer,
    "gpu_compare": compare.answer,
    "list_gpus": catalogue.answer_list,
    "feasibility": feasibility.answer,
    "memory": memory.answer,
    "cheapest_gpu": cheapest.answer,
    "serve": serve.answer,
    # Inference versions of the memory questions (Parse.task == "serve"): weights + KV cache at the load.
    "serve_feasibility": serve_fit.feasibility,
    "serve_memory": serve_fit.memory,
    "serve_cards": serve_fit.cards,  # cards described by memory alone, weighed against the model
    "serve_cheapest": serve_pick.cheapest,
    "serve_compare": serve_pick.compare,
    "serve_budget": serve_budget.answer,  # "$500 a month, what's the biggest model we can serve?"
    "model_info": model_info.answer,  # a named model's card: layers, active parameters, KV per token
    "cheapest_offering": offering.answer,
    "price_coverage": coverage.answer,  # which providers the catalogue prices, and how to add one
    "data_amount": data_amount.answer,  # "How many tokens should I train a 3B model on?"
    "budget": budget.answer,  # "what can I train with $5k?": what the budget buys
    "published_run": published.answer,  # "训练 Llama 3 8B 用了多少 GPU 小时": the makers' figures, sourced
    "transfer_time": transfer.answer,  # "how long to upload 2TB to the cloud?": line rates, computed
    "stored_size": stored.answer,  # "70B 權重檔案有多大": the weights and checkpoints on disk, computed
    "data_storage": stored.data_answer,  # "2T token 的数据要多大存储": raw text and token files, computed
    "network": cluster.network,  # "Is 100 Gb Ethernet enough between nodes for 16 A100s?"
    "spot": cluster.spot,  # "用spot跑微调划算吗"
    "reserved": cluster.reserved,  # "包月能省多少": the billing FAQ (on a plan: dialogue.consultant)
    # "8卡H100 全参 70B 要多久？": a plan on the GPUs counted, unless the job does not fit on them
    "misfit": feasibility.answer_if_misfit,
    "worth": worth.answer,  # "Is the A100 still worth renting in 2026?": work per dollar against newer GPUs
    "best_gpu": best.answer,  # "what's the best gpu for fine-tuning a 7B?": the job ranked per 1B tokens
    "power": power.answer,  # "8 卡 H100 整机功耗多少千瓦": TDP × count plus the host (vendor's server)
    "linked_cards": linked_cards.answer,  # "link a bunch of 4090s to train a 70B?": no pooled memory
    "host_ram": host_ram.answer,  # "how much system RAM to fine-tune 13B on 4 A100s?": the job's host RAM
}
# Kinds whose answer offers to plan the workload it computed ("say 'plan it' or give a deadline"):
# outside a plan under way, the form starts from that workload (its assumed slots marked as such).
OFFERS_PLAN: dict[str, Callable[[Question], dict[str, Any]]] = {
    "best_gpu": best.offered,  # the model and method stay; the data or a deadline plans it
    "data_amount": data_amount.offered,
    "budget": budget.offered,  # the budget (and model size) stay for the plan that follows
    "spot": cluster.spot_job,  # "plan LoRA 13B, 3 days; is spot OK?": that run, its data asked next
    "china_providers": china.offered,  # "which Chinese cloud to fine-tune Qwen 7B on?": the job stays
    "price": price.offered,  # "H100 多少钱一小时？我们数据有 500GB": the data (and GPU) stay for the plan
}
ASSUMED_IN_OFFER: dict[str, tuple[str, ...]] = {"data_amount": ("tokens",)}
# Kinds after which the workload kept is said back above the form's next question ("Got it: 500 GB of
# data, H100."): the price, whose answer says nothing of the data beside it.
SAYS_OFFERED = ("price",)
# A question kind asked about inference gets its serving version; when that cannot answer (no model
# named) the kind's own answer runs.
SERVING_VERSIONS = {
    "feasibility": "serve_feasibility",
    "memory": "serve_memory",
    "cheapest_gpu": "serve_cheapest",
    "gpu_compare": "serve_compare",
}
BASE_KIND = {serving: base for base, serving in SERVING_VERSIONS.items()}
# Direct answers about serving: "show the math" after one explains the serving plan.
SERVING_TOPICS = ("serve", *SERVING_VERSIONS.values())
# Kinds whose answer ends with the invitation to size a plan when no plan is under way (the
# others close with their own next step).
INVITE_AFTER = (
    "figure_check",
    "price",
    "cheapest_offering",
    "price_coverage",
    "provider_compare",
    "gpu_compare",
    "list_gpus",
    "capability",
    "network",
    "spot",
    "reserved",
    "stored_size",
    "data_storage",
    "transfer_time",
)
# Kinds whose workload a follow-up may reuse ("and on an A100?", "with LoRA?").
TOPIC_KINDS = (
    "price",  # "A100 呢？" after a price: the price of the A100; "那 AWS 呢": the same GPU there
    "gpu_info",  # "那 H200 呢？" after the MI300X's datasheet: the H200's
    "capability",  # "and the L40S?" after "is the H100 good for fine-tuning?"
    "gpu_compare",  # "what about for inference?" after "h100 vs a100 for training": the same GPUs weighed
    "feasibility",
    "memory",
    "cheapest_gpu",
    "best_gpu",  # "what GPU do I need to fine-tune Llama 3 8B?" … "we have 20M tokens": that model's plan
    "serve",
    "serve_feasibility",
    "serve_memory",
    "serve_cheapest",
    "host_ram",  # "and on 8 H100s?" after the host RAM of a job: the same job's, on those
)
TOPIC_SLOTS = (
    "params", "active_params", "method", "precision", "gpu", "gpu_count", "seq_len", "budget",
    *SERVE_SLOT_NAMES,
)  # fmt: skip
# Direct answers about a training job whose model a plan that follows takes over ("how much VRAM to
# fine-tune Llama 3 8B?" … "we have 20M tokens, 3 days"): the workload, never the hardware weighed.
TRAINING_JOB_TOPICS = ("feasibility", "memory", "cheapest_gpu", "best_gpu")
JOB_WORKLOAD_SLOTS = ("params", "active_params", "method", "precision", "seq_len")
PLAN_DATA_SLOTS = ("tokens", "data_bytes", "days", "budget", "samples")
# The dataset of a feasibility or memory question, kept beside its topic for "那要跑多久？" (time_variant).
JOB_TOPICS = ("feasibility", "memory")
# The GPUs the team owns, kept in such a topic, that a plan following it runs on (state.owned).
OWNED_HARDWARE_SLOTS = ("gpu", "gpu_count")
JOB_DATA_SLOTS = ("tokens", "data_bytes", "epochs", "days")
# How much data a job has, said one way or another (a follow-up saying any of these says the data anew).
DATASET_SLOTS = ("tokens", "data_bytes", "samples", "epochs")
# The hardware a follow-up may name and still ask about the deployment held ("2 H100s or 4 L40S in FP8,
# which is cheaper?").
FOLLOW_UP_HARDWARE = ("gpu", "gpu_count", "precision")
# What a follow-up of a topic may say: hardware, method or precision; data or a deadline is a plan.
FOLLOW_UP_SLOTS = (
    "gpu", "gpu_count", "method", "precision", "params", "active_params", "seq_len", *SERVE_SLOT_NAMES,
)  # fmt: skip
# Topics whose answer is priced on the clouds a message names (Question.market).
PRICED_TOPICS = ("serve", "serve_cheapest", "cheapest_gpu")
FOLLOW_UP_INTENTS = ("whatif", "correction", "size", "gpu_info", "unknown")
# Topics whose answer picks the GPU itself, and the answer on a GPU a follow-up names ("and with 4090s?"
# after the cheapest way to serve a model: the serving plan on 4090s, not the same pick again).
ON_NAMED_GPU = {"serve_cheapest": "serve", "cheapest_gpu": "feasibility"}


def kind_of(q: Question, topic: Any, form_in_progress: bool) -> str | None:
    """The direct answer this message gets, or None for the form (or the other turn kinds).
    `topic`: the conversation's last direct answer (policy.topic_after), if any."""
    topic = topic if isinstance(topic, Mapping) else None
    kind = q.u.kind
    if q.u.corrected and kind in ("gpu_info", "size", "faq", "unknown") and q.u.said.get("params") is None:
        kind = "figure_check"  # "I heard the A100 does 624 TFLOPS": the correction is the answer
    said = q.u.said
    data_said = said.get("tokens") is not None or said.get("data_bytes") is not None
    workload = data_said or any(said.get(k) is not None for k in ("params", "days", "budget"))
    if serve.cost_of_plan_shown(q, topic, form_in_progress):
        return "serve"  # "what's the monthly cost?" after a serving plan: what that plan costs
    if host_ram.applies(q, form_in_progress):
        return "host_ram"  # "RAM per node for training 70B on 16 H100s": the machines' memory, not the GPUs'
    if linked_cards.applies(q, form_in_progress):
        return (
            "linked_cards"  # "chain 8 4090s for a 70b full finetune": cards without NVLink or P2P do not pool
        )
    if (
        q.u.gpus
        and q.u.task != "serve"
        and not form_in_progress
        and not data_said
        and capability.topic(q.text) == "precision"
    ):  # "should I train my 13B in fp16 or bf16 on V100s?": what the GPU runs, no form ("fp8 or bf16 for
        return "capability"  # serving 70B on H100?" is a serving plan, which weighs FP8 itself)
    if (
        not form_in_progress
        and not data_said
        and said.get("days") is None
        and said.get("budget") is None
        and q.u.task != "serve"
        and q.slot("params") is not None
        and batch_fit.asks(q.text)
        and (q.u.gpus or q.slot("gpu") or q.memory_floor_gb is not None)
    ):
        return "batch_fit"  # "what batch size fits for 7b lora on 24gb": the largest micro-batch in it
    if (
        not form_in_progress
        and not data_said
        and q.u.task != "serve"
        and q.slot("params") is not None
        and not any(said.get(k) is not None for k in ("days", "budget", "seq_len"))
        and seq_fit.asks(q.text)
        and seq_fit.trains(q)
        and (q.u.gpus or q.slot("gpu") or q.memory_floor_gb is not None)
    ):
        return "seq_fit"  # "max sequence length for a 7B LoRA on an A10G": the longest sequence in it
    if (
        not form_in_progress
        and said.get("params") is None
        and (q.u.samples or data_said)
        and encoder_batch.job(q.text)
    ):
        return "encoder_batch"  # "embed 50M documents with bge-large": an inference batch job, not training
    if q.u.asks_speed and not form_in_progress and throughput.applies(q):
        return (
            "throughput"  # "how many tokens/s does an H100 do training a 7B": the speed, and its derivation
        )
    if (
        (kind in ("size", "faq", "unknown") or (kind == "gpu_info" and worth.asks(q.text)))
        and len(set(q.u.gpus)) >= 2
        and not workload
        and not form_in_progress
    ):
        kind = "gpu_compare"  # "L40S 和 A100 哪个适合微调": two GPUs and nothing to size yet
    if (
        kind in ("spot", "faq", "whatif", "unknown")
        and topic is not None
        and topic.get("kind") == "cheapest_gpu"
        and not form_in_progress
        and not workload
        and not q.u.gpus
        and len(q.text.strip()) <= SPOT_FOLLOW_UP_CHARS
        and SPOT_WORDS.search(normalise(q.text).lower) is not None
    ):
        return "cheapest_gpu"  # "and with spot?" after the cheapest GPUs for a job: the same, by spot price
    if batch_follow_up(q, topic, form_in_progress):
        return "serve"  # "what if it must be done in 12 hours?", "10M documents then": the batch job again
    if capacity_follow_up(q, topic, form_in_progress):
        return "serve"  # "how many users can that handle?" after a serving plan: what that plan carries
    if kind == "figure_check" and SWITCH_WORDS.search(q.text):
        return None  # "switch to the H100 with 160GB": corrected, and the switch goes to the form
    if kind in ("faq", "unknown", "price_coverage") and not q.u.gpus and not workload:
        if catalogue.lists_at_provider(q):
            return "list_gpus"  # "what gpus does AWS have?": the GPUs that provider lists, with its prices
    if kind in ("faq", "unknown", "gpu_info") and not q.u.gpus and catalogue.lists_linked(q.text):
        return "list_gpus"  # "哪些卡有 NVLink": the GPUs with a GPU-to-GPU link, not the FAQ on NVLink
    if kind in ("faq", "unknown", "gpu_info", "list_gpus") and not q.u.gpus and catalogue.lists_mig(q.text):
        return "list_gpus"  # "哪些卡支持 MIG": the GPUs that split into MIG instances
    if kind in ("faq", "unknown", "gpu_info", "power") and not q.u.gpus and catalogue.lists_by_power(q.text):
        return "list_gpus"  # "功耗 300 瓦以下的卡有哪些": the GPUs within that TDP
    if (
        q.u.gpus
        and not form_in_progress
        and q.u.said.get("params") is None
        and capability.topic(q.text) == "mig"
    ):
        return "capability"  # "H100 MIG 最多切几个", "can I split an A100 into 7 MIG instances?"
    if (
        q.u.gpus
        and kind != "figure_check"
        and not form_in_progress
        and q.u.said.get("params") is None
        and capability.topic(q.text) == "fp4"
    ):
        return (
            "capability"  # "H100 的 FP4 是多少", "B200 FP4 算力多少": the format's rate, or that it has none
        )
    if published.applies(q, form_in_progress):
        return "published_run"  # "how long did BLOOM-176B take to train?": what was reported, not a plan
    if cheaper_instead(q, form_in_progress):
        return "cheapest_gpu"  # "有没有比 H100 便宜但够用的卡做 LoRA 13B": the named GPU is the reference
    if kind in ("faq", "unknown") and cheaper_while_asked(q, form_in_progress):
        return (
            "cheapest_gpu"  # "有便宜点的吗" while the form asks for the data: the cheapest GPUs for the job
        )
    valued = kind == "cheapest_gpu" and best.asks_value(
        q
    )  # "best value", not "cheapest": per job, not per hour
    if (kind in ("size", "faq", "unknown") or valued) and best.applies(q, form_in_progress):
        return "best_gpu"  # a sized job and "which GPU is best": ranked per reference data, not the form
    if kind != "figure_check" and worth.applies(q, form_in_progress):
        return "worth"  # one GPU, "still worth it?", no job sized: before its datasheet or a form
    if (
        len(set(q.u.gpus)) == 1
        and not workload
        and not form_in_progress
        and q.u.said.get("model") is None
        and not any(q.u.said.get(k) is not None for k in SERVE_SLOT_NAMES)
        and capability.asks_both_tasks(q.text)
    ):
        return (
            "capability"  # "is the L40S good for inference or training?": both verdicts, not a serving plan
        )
    if (
        kind == "gpu_info"
        and (q.u.yes_no or capability.topic(q.text) == "fp8_speed")
        and capability.asks_capability(q.text)
    ):  # "H100 的 FP8 比 BF16 快多少" asks no yes/no but is about what the GPU can do
        return "capability"
    if (
        kind in ("size", "feasibility", "gpu_info", "faq")
        and q.u.gpus
        and not workload
        and not form_in_progress
        and capability.asks_training(q.text)
    ):
        return "capability"  # "Is the H100 good for fine-tuning?", "can we train with 4 A10s?" (even where
        # the FAQ matched its words): about the GPU, no job to size
    if (
        q.u.task == "serve"
        and q.u.gpus
        and not workload
        and not form_in_progress
        and q.u.said.get("model") is None
        and not any(q.u.said.get(k) is not None for k in SERVE_SLOT_NAMES if k != "serve_engine")
        and capability.asks_engine_support(q.text)
    ):
        return "capability"  # "vLLM 能在 MI300X 上跑吗": the engine's GPU support, not a serving plan
    if not q.u.gpus and not workload and not form_in_progress and capability.outside_support(q) is not None:
        return "capability"  # "does vLLM support the Gaudi 3?": the library's documented support, not "not in
        # the catalogue" alone
    if serve_budget.applies(q, form_in_progress):
        return (
            "serve_budget"  # "our budget is $500/month for inference, what's the biggest model we can serve?"
        )
    if budget.applies(q, form_in_progress):
        return "budget"  # "我有 1 万块预算，能训练什么模型": what the budget buys, not "how many parameters?"
    if q.u.task == "serve" and not q.u.gpus and not form_in_progress and serve_fit.describes_cards(q):
        return (
            "serve_cards"  # "one 80GB card or two 40GB cards for a 34B?": each set of cards against the model
        )
    if (
        q.u.task == "serve"
        and len(set(q.u.gpus)) == 1
        and not form_in_progress
        and (q.u.said.get("model") is not None or q.u.said.get("params") is not None)
        and not any(q.u.said.get(k) is not None for k in SERVE_LOAD_SLOTS)
        and serve_fit.asks_concurrency(q.text)
    ):
        return "serve_feasibility"  # "一张 4090 跑 Qwen2.5-7B 能撑多少并发": the load those GPUs carry, first
    if serving_cost_on_gpus(q, topic, form_in_progress):
        return (
            "serve_compare"  # "how much per month on H100 vs L40S?" after a serving answer: that deployment
        )
    if q.u.task == "serve" and kind in SERVING_VERSIONS:
        return SERVING_VERSIONS[kind]
    if q.u.task == "serve" and kind == "serve" and q.u.yes_no and _memory_asked(q):
        return "serve_memory"  # "is 24GB enough to serve Llama 3.1 8B?": that memory against the model's need
    if not q.u.gpus and catalogue.outside_catalogue(q.text) is not None:
        if not workload and not form_in_progress:
            return "list_gpus"  # "Do you support TPUs?", "RTX 5090 多少钱": not in the catalogue, and what is
        if q.u.yes_no and _sized_only(q):
            # "Can the Kunlun P800 train a 7B model?": what a 7B needs, on the GPUs held; "MI250 能跑 70B
            # 推理吗": what serving it needs
            return "serve_memory" if q.u.task == "serve" else "memory"
    if kind == "size" and q.u.asks_time and q.u.gpus and not form_in_progress:
        if q.u.said.get("gpu_count") and q.u.said.get("params") is not None:
            return "misfit"  # answered as a plan when the job fits on the GPUs counted
    if kind == "cheapest_gpu" and any(q.u.said.get(k) is not None for k in ("tokens", "data_bytes")):
        return None  # "pretrain 350M on 10B tokens, cheapest please": the plan of lowest total cost
    if kind == "cheapest_gpu" and q.u.said.get("params") is not None and unlengthed_cheapest(q.u):
        return None  # "8B，1.2萬筆資料，最便宜怎麼做": planned with each record one full sequence, said
    if kind == "china_providers" and _another_provider_for_the_price(q, topic, form_in_progress):
        return "price"  # "腾讯云呢" after "阿里云 H800 多少钱一小时": the H800's price there
    if kind in ("price", "price_coverage", "unknown") and _plan_priced_at(q, topic, form_in_progress):
        return str(topic.get("kind")) if topic else kind  # "how much would that cost on GCP?": re-priced
    if kind in ANSWERS:
        return kind
    if (
        topic
        and not form_in_progress
        and q.named_clouds
        and not q.u.said
        and kind in ("whatif", "correction")
    ):
        if topic.get("kind") in PRICED_TOPICS:
            return str(topic.get("kind"))  # "what about on AWS?": the same answer priced there
    if topic and not form_in_progress and not q.u.said and not q.u.providers and kind not in ANSWERS:
        held = topic.get("slots") or {}
        if topic.get("kind") in PRICED_TOPICS and held.get("clouds") and any_provider(q.text):
            return str(
                topic.get("kind")
            )  # "any provider is fine" after "what about on AWS?": everywhere again
    if (
        topic
        and not form_in_progress
        and q.u.providers
        and not q.u.gpus
        and (kind in ("whatif", "correction") or (kind in ("faq", "unknown") and price.bare_provider(q)))
    ):
        if topic.get("kind") == "price" and (topic.get("slots") or {}).get("topic_gpus"):
            return "price"  # "那 AWS 呢" after "H100 在 Lambda 上多少钱": the H100's price there
    if (
        topic
        and not form_in_progress
        and q.u.said
        and (kind in FOLLOW_UP_INTENTS or (kind == "faq" and bare_follow_up(q)))
    ):
        # After a datasheet only "X 呢？" asks for another one: "我们想用 A100 训练" starts a plan.
        follows = (topic.get("kind") in ANSWERS and topic.get("kind") != "gpu_compare") or topic.get(
            "kind"
        ) in (
            "capability",
            "gpu_info",
        )
        if (
            follows
            and set(q.u.said) <= set(FOLLOW_UP_SLOTS)
            and (topic.get("kind") != "gpu_info" or kind == "whatif")
        ):
            if q.u.gpus and topic.get("kind") in ON_NAMED_GPU:
                return ON_NAMED_GPU[str(topic.get("kind"))]  # "and with 4090s?" after the cheapest pick
            return str(topic.get("kind"))
    # A training plan held beside the serving answer of its model ("we fine-tune an 8B monthly and then serve
    # it to 200 users"): a load said next is the serving's, not a change to the training plan.
    beside_plan = topic is not None and topic.get("kind") in SERVING_TOPICS
    if (
        (not form_in_progress or beside_plan)
        and kind in ("whatif", "correction")
        and q.u.task == "serve"
        and not q.u.gpus
        and q.u.said.get("params") is None
        and any(q.u.said.get(k) is not None for k in SERVE_LOAD_SLOTS)
    ):
        return (
            "serve"  # "what about 200k requests a day?" with no serving answer before: a serving load, whose
        )
        # answer asks which model (never the training form's "how many parameters?")
    return None


def _plan_priced_at(q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool) -> bool:
    """ "how much would that cost on GCP?", "在 Azure 上要花多少" after a serving plan or a cheapest pick: the
    answer held, priced on that one provider (as "and on AWS?"), not the provider's price list; a GPU or any
    other value said, a price period, or two providers weighed is not this (consultant._job_cost_at, for a
    training plan)."""
    if not topic or form_in_progress or topic.get("kind") not in PRICED_TOPICS:
        return False
    if q.u.gpus or q.u.said or q.u.price_period or len(set(q.u.providers)) != 1:
        return False
    return has_cue(normalise(q.text).lower, JOB_COST_ON)


# A value said alone after a direct answer ("fp8?", "lora?", "qlora?", "int4?"): the same question with it,
# not the FAQ entry on that word ("what is qlora?" asks one: a question word).
BARE_FOLLOW_UP_CHARS = 16


def bare_follow_up(q: Question) -> bool:
    """A message of a slot value and little else, and no question word."""
    text = q.text.strip(" ?？.!！")
    return len(text) <= BARE_FOLLOW_UP_CHARS and not has_cue(normalise(text).lower, WH_WORDS)


# A follow-up this short naming spot ("and with spot?", "what about spot instances?", "竞价的呢") asks the
# last cheapest-GPU answer again on spot prices.
SPOT_FOLLOW_UP_CHARS = 40
# A follow-up this short naming only a provider ("腾讯云呢", "and on Azure?") asks the last question there.
ELLIPTICAL_CHARS = 24
_ELLIPTICAL_OPENERS = ("and ", "what about", "how about", "那", "换", "換")


def _another_provider_for_the_price(
    q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool
) -> bool:
    if not topic or form_in_progress or topic.get("kind") != "price" or q.u.said or q.u.gpus:
        return False
    if not (topic.get("slots") or {}).get("topic_gpus") or not q.u.providers:
        return False
    return elliptical(q.text)


def elliptical(text: str) -> bool:
    """A short follow-up that leaves the question out: "腾讯云呢", "80G 的呢", "and on Azure?"."""
    t = text.strip().rstrip("?？!！。. ")
    return len(t) <= ELLIPTICAL_CHARS and (t.endswith("呢") or t.lower().startswith(_ELLIPTICAL_OPENERS))


def board_variant(topic: Any, u: Any, text: str, catalog: Catalog) -> Any:
    """ "那 80G 的呢" after an answer about the A100 40GB, "SXM 版呢" after the H100 NVL's datasheet, "PCIe
    的呢" after the H100 SXM's price: the same question on that board of the family (a size is a GPU's
    memory here, not a dataset). `u` unchanged when that is not what it asks."""
    slots = (topic.get("slots") or {}) if isinstance(topic, Mapping) else {}
    named = slots.get("gpu") or next(iter(slots.get("topic_gpus") or ()), None)
    if named is None or u.gpus or not elliptical(text) or set(u.said) - {"data_bytes"}:
        return u
    board = board_named(normalise(text).lower, str(named)) if not u.said else None
    if board is not None:
        return replace(u, gpus=(board,), said={"gpu": board}, intent="whatif", kind="whatif", gpu_memory=None)
    size = u.said.get("data_bytes")
    gb = float(size) / 1e9 if size else (u.gpu_memory or {}).get("gb")
    spec = main_variant(catalog, str(named))
    if gb is None or spec is None:
        return u
    family = spec.id.split("-")[0]
    cards = [g for g in catalog.gpus if g.id.split("-")[0] == family and abs(g.memory_gb - float(gb)) < 1]
    cards.sort(key=lambda g: (g.form_factor != spec.form_factor, g.variant_of is not None))
    if not cards:
        return u
    return replace(
        u, gpus=(cards[0].id,), said={"gpu": cards[0].id}, intent="whatif", kind="whatif", gpu_memory=None
    )


def time_variant(topic: Any, u: Any) -> Any:
    """ "那要跑多久？", "how long would that take?" right after "2 张 A100 能不能 LoRA 13B": the job asked
    about, as a plan on those GPUs (the time and cost are its answer; data said now joins it). `u`
    unchanged when that is not what it asks."""
    if not isinstance(topic, Mapping) or topic.get("kind") not in JOB_TOPICS:
        return u
    if not (u.asks_time or u.asks_cost) or u.gpus or set(u.said) - {*JOB_DATA_SLOTS, "days", "budget"}:
        return u
    slots = topic.get("slots") or {}
    if slots.get("params") is None or slots.get("gpu") is None:
        return u
    job = {k: v for k, v in slots.items() if k in (*TRAINING_SLOTS, *JOB_DATA_SLOTS)}
    return replace(u, said={**job, **u.said}, gpus=(str(slots["gpu"]),), intent="size", kind="size")


# The training job of a feasibility topic that a time follow-up plans (time_variant).
TRAINING_SLOTS = ("params", "active_params", "method", "precision", "gpu", "gpu_count", "seq_len")


# A workload comparison ("H100 vs A100 for LoRA 13B") remembered for its follow-ups, and what they may
# change: another GPU, the model size, method or precision.
COMPARISON = "workload_compare"
COMPARISON_CHANGES = ("gpu", "gpu_count", "params", "active_params", "method", "precision")


def load_on_training_plan(state: Any, u: Any, text: str) -> bool:
    """ "what about 300 users?", "and with 50 requests a second?", "那 300 个用户同时用呢", "serving it for
    20 users", "部署给 20 个人用要几张卡" after a training plan: a serving load and nothing else, which no
    training plan holds: the model of that job served to that load (answers/serve.py, which says so),
    not "nothing changes" nor a typical model."""
    said = {k for k, v in u.said.items() if v is not None}
    topic = state.topic if isinstance(state.topic, Mapping) else {}
    return (
        (u.intent in ("whatif", "correction", "unknown") or u.task == "serve")
        and state.last is not None
        and state.slots.get("params") is not None
        and topic.get("kind") not in SERVING_TOPICS
        and bool(said & set(SERVE_LOAD_SLOTS))
        and said <= {*SERVE_LOAD_SLOTS, "input_tokens", "output_tokens", "data_language"}
        and not u.gpus
    )


def task_variant(topic: Any, u: Any, text: str) -> Any:
    """ "what about for inference?", "推理呢", "and for training?" right after two GPUs were weighed ("h100 vs
    a100 for training"): the same GPUs weighed for that task. `u` unchanged when that is not what it asks."""
    if not isinstance(topic, Mapping) or topic.get("kind") != "gpu_compare":
        return u
    gpus = (topic.get("slots") or {}).get("topic_gpus") or ()
    if len(gpus) < 2 or u.gpus or u.said or u.task not in ("serve", "train") or not elliptical(text):
        return u
    return replace(u, gpus=tuple(gpus), intent="gpu_compare", kind="gpu_compare")


def comparison_topic(gpus: tuple[str, ...]) -> dict[str, Any]:
    return {"kind": COMPARISON, "slots": {"compared": list(dict.fromkeys(gpus))}}


def comparison_variant(topic: Any, u: Any, params: Any) -> Any:
    """ "and the H200?", "what about a 70B?", "with QLoRA?" right after "H100 vs A100 for LoRA 13B": the
    comparison again, on the GPUs compared (and the one named now) with what changed; `params` is the
    conversation's model size. `u` unchanged when that is not what it asks."""
    slots = (
        (topic.get("slots") or {}) if isinstance(topic, Mapping) and topic.get("kind") == COMPARISON else {}
    )
    compared = slots.get("compared")
    if not compared or u.intent not in ("whatif", "correction") or not u.said:
        return u
    if not set(u.said) <= set(COMPARISON_CHANGES):
        return u
    said = {k: v for k, v in u.said.items() if k not in ("gpu", "gpu_count")}
    said.setdefault("params", params)
    if said["params"] is None:
        return u
    gpus = tuple(dict.fromkeys((*compared, *u.gpus)))
    return replace(u, gpus=gpus, said=said, intent="whatif", kind="whatif")


def cheaper_instead(q: Question, form_in_progress: bool) -> bool:
    """A sized job and a GPU named as what to beat on price: the cheapest GPUs that hold the job."""
    if form_in_progress or q.u.said.get("params") is None or q.u.task == "serve":
        return False
    if any(q.u.said.get(k) is not None for k in ("tokens", "data_bytes", "days", "budget")):
        return False
    return has_cue(normalise(q.text).lower, CHEAPER_THAN)


def cheaper_while_asked(q: Question, form_in_progress: bool) -> bool:
    """ "cheaper?", "有便宜点的吗" said alone while the form still asks about a sized training job (no plan
    yet to make cheaper): the cheapest GPUs that hold the job so far."""
    if not form_in_progress or q.u.gpus or q.u.task == "serve" or q.slot("params") is None:
        return False
    if any(q.u.said.get(k) is not None for k in ("params", "tokens", "data_bytes", "days", "budget")):
        return False
    text = normalise(q.text).lower
    return len(text.strip()) <= SPOT_FOLLOW_UP_CHARS and has_cue(text, PLAN_CHEAPER)


def _memory_asked(q: Question) -> bool:
    """A GPU memory size asked about, with no GPU named and a model to hold ("is 24GB enough to serve …")."""
    has_model = q.u.said.get("model") is not None or q.u.said.get("params") is not None
    return q.memory_floor_gb is not None and not q.u.gpus and has_model


def _sized_only(q: Question) -> bool:
    """The message sizes a model and nothing else of a job (no data, deadline or budget)."""
    said = q.u.said
    return q.slot("params") is not None and all(
        said.get(k) is None for k in ("tokens", "data_bytes", "days", "budget")
    )


# Direct answers that stand in for a question about hardware outside the catalogue: the line on it
# says the answer that follows is for the GPUs the catalogue holds.
INSTEAD_OF_OUTSIDE = ("memory", "serve_memory", "feasibility")


# Serving kinds whose training version follows when a message asks both side by side
# ("推理跟全参微调各要多少显存"): the memory to serve the model, then the memory to train it. The GPUs to
# serve it and to fine-tune it ("70B 推理 vs 微调，分别要几张 A100？") are one compact answer (both_tasks),
# the two full answers only when it cannot size both.
BOTH_TASKS = {"serve_memory": "memory", "serve": "memory"}
# Answers after which a named GPU's price asked in the same message follows (Understood.also_price).
ALSO_PRICED = ("capability", "serve", "serve_feasibility", "serve_memory", "feasibility", "memory", "power")


def answer(kind: str, q: Question, reply: Reply) -> bool:
    if kind == "serve" and q.u.both_tasks and both_tasks.answer(q, reply):
        # "70B 推理 vs 微调，分别要几张 A100？": one compact answer, a line for each task
        if q.u.also_price:
            price.answer(q, reply)
        return True
    answered = capability.answer(q, reply) if kind == "capability" else ANSWERS[kind](q, reply)
    if answered and kind in BOTH_TASKS and q.u.both_tasks:
        ANSWERS[BOTH_TASKS[kind]](q, reply)
    if not answered and kind in BASE_KIND:
        kind = BASE_KIND[kind]
        answered = ANSWERS[kind](q, reply)
    if answered and kind in ALSO_PRICED and q.u.also_price:
        price.answer(q, reply)
    return answered


# What a follow-up of an offline batch job may say and stay that job's: its deadline, its size (items, their
# length), the hardware, the precision, the model, a budget.
BATCH_FOLLOW_UP_SLOTS = (
    "days", "tokens", "input_tokens", "output_tokens", "gpu", "gpu_count", "precision", "model", "params",
    "active_params", "serve_engine", "budget",
)  # fmt: skip


def batch_follow_up(q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool) -> bool:
    """The message changes the offline batch job answered last ("what if within 12 hours?", "不急", "改成
    500 万条", "on H100s?"): the job planned again, never the training form."""
    if topic is None or form_in_progress or topic.get("kind") != "serve" or q.u.kind == "faq":
        return False  # "how do we autoscale the vLLM replicas?" after the job asks how to run them: the FAQ
    if (topic.get("slots") or {}).get("serve_use") not in BATCH_USES:
        return False
    said = set(q.u.said) - {"serve_use", "batch_requests"}
    changed = bool(said) or q.u.samples is not None or q.u.no_deadline
    return changed and said <= set(BATCH_FOLLOW_UP_SLOTS)


# Words that point back at the plan just given: "how many users can *that* handle?", "这个能扛多少并发".
BACK_REFERENCES = (
    "that", "it", "this", "these", "those", "that setup", "this setup", "that plan", "this plan", "这个",
    "这样", "那个", "这套", "它", "這個", "這樣", "那個", "這套",
)  # fmt: skip


def serving_cost_on_gpus(q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool) -> bool:
    """ "how much per month on H100 vs L40S?", "H100 和 L40S 部署各要多少钱" after a serving answer: the
    deployment held, sized on each GPU named (serve_pick.compare), not their price lists. Only with two GPUs
    or more and no model or load said (those ask a new question), and only when the cost is asked."""
    if topic is None or form_in_progress or topic.get("kind") not in SERVING_TOPICS or len(set(q.u.gpus)) < 2:
        return False
    if (topic.get("slots") or {}).get("serve_use") in BATCH_USES or set(q.u.said) - set(FOLLOW_UP_HARDWARE):
        return False
    low = normalise(q.text).lower
    return (q.u.kind == "price" or has_cue(low, COST_ASKS)) and not has_cue(low, PER_GPU_PRICE)


def capacity_follow_up(q: Question, topic: Mapping[str, Any] | None, form_in_progress: bool) -> bool:
    """ "how many users can that handle?", "what's the throughput of that setup?", "这个能扛多少并发" after a
    serving plan: the load that plan carries (serve.plan_capacity), not the FAQ on sizing serving or on
    training throughput. Only with no model, GPU or load named (those ask a new question) and a word
    pointing back at the plan."""
    if (
        topic is None
        or form_in_progress
        or topic.get("kind") != "serve"
        or q.u.kind not in ("faq", "unknown")
    ):
        return False
    if (topic.get("slots") or {}).get("serve_use") in BATCH_USES or q.u.gpus:
        return False
    if any(q.u.said.get(k) is not None for k in ("model", "params", *SERVE_LOAD_SLOTS)):
        return False
    low = normalise(q.text).lower
    asks = serve_fit.asks_throughput(q.text) or serve_fit.asks_concurrency(q.text)
    return asks and has_cue(low, BACK_REFERENCES)


def operations_topic(said: Mapping[str, Any], task: str | None, text: str) -> dict[str, Any] | None:
    """After an answer on operating a deployment that named the model ("how do I autoscale vLLM replicas
    for an 8B model?"): a serving topic holding it, so "peak is 200 users" sizes that model for the peak,
    as the answer offers. None otherwise."""
    if task != "serve" or not (said.get("model") or said.get("params")) or not asks_operations(text):
        return None
    return {"kind": "serve", "slots": {k: v for k, v in said.items() if k in TOPIC_SLOTS and v is not None}}


def topic_after(kind: str, q: Question) -> dict[str, Any] | None:
    """What the conversation remembers of a direct answer for follow-ups (None: nothing)."""
    # "8 张 A100 全参 70B 要多久？" that does not fit: the feasibility answer was shown, and "那 16 张呢" asks
    # it again on 16, "and on an h100?" on that GPU (a job that fits was planned: the form holds it)
    kind = "feasibility" if kind == "misfit" else kind
    if kind not in TOPIC_KINDS:
        return None
    # A price or a capability is about the GPU the follow-up names itself ("A100 呢？"): none of their
    # slots may carry over into another question ("DeepSeek-V3 全参微调要多少显存" is not about the last GPU).
    slots = (
        {}
        if kind in ("price", "capability", "gpu_info", "gpu_compare")
        else {name: q.slot(name) for name in TOPIC_SLOTS}
    )
    if kind == "gpu_compare":
        return {"kind": kind, "slots": {"topic_gpus": list(dict.fromkeys(q.u.gpus))}} if q.u.gpus else None
    if kind in ("price", "capability", "gpu_info"):
        # the GPUs the answer was about: "那 AWS 呢" prices them there, "SXM 版呢" / "PCIe 的呢" asks the
        # same of another board of their family (board_variant)
        slots["topic_gpus"] = list(q.u.gpus) or None
        if kind == "price":  # "and on AWS?" priced the GPUs before: "what about 8 of them" still counts those
            slots["topic_gpus"] = list(price.gpus_asked(q)) or None
            slots["topic_providers"] = list(price.providers_asked(q)) or None
    if kind == "capability":  # what was asked of the GPU ("good for fine-tuning?"), for "and the L40S?"
        slots["capability_topic"] = capability.topic(q.text) or q.context.get("capability_topic")
    if kind in PRICED_TOPICS:
        # priced on the clouds asked: so are the same job's what-ifs ("what about fp8?"), until lifted
        slots["clouds"] = list(q.clouds) or None
        slots["region"] = "cn" if serve.in_china(q) else None
    if kind == "serve":
        # a serving plan was shown: a follow-up that changes none of it answers its question alone
        # (serve.plan_held)
        slots["served"] = True
        # "how many H100s to serve …": the question stays a how-many through its follow-ups (serve.asks_count)
        slots["counts_gpus"] = serve.asks_count(q) or None
    if kind == "serve" and q.slot("serve_use") in BATCH_USES:
        # an offline job's deadline is its own ("no rush" said now drops the one before)
        slots["days"] = None if q.u.no_deadline else q.slot("days")
        slots["batch_requests"] = serve.batch_requests(q)
    if kind in JOB_TOPICS:
        slots.update({name: q.slot(name) for name in JOB_DATA_SLOTS})
        slots["data_language"] = q.u.data_language  # its bytes per token, for the plan that follows
        # On GPUs the team owns ("we've got 8 A100s, can we …"): so are its follow-ups ("ok, LoRA then")
        slots["owned"] = q.on_owned_gpus or None
    return {"kind": kind, "slots": {k: v for k, v in slots.items() if v is not None}}


def outside_note(q: Question, direct: str | None) -> tuple[str, bool, bool, bool] | None:
    """The accelerator or GPU outside the catalogue a message names, said in one line before the
    answer goes on with what the catalogue holds: (its name, whether it is a GPU, whether a known GPU
    was named beside it). A workload on it ("pretrain 7B on TPU v5e") is planned on the catalogue's
    GPUs; a question naming it beside a known GPU ("MI325X vs H200", "is the L20 better than the
    L40S") is answered for the known one; "can the Kunlun P800 train a 7B?" gets what a 7B needs on
    the GPUs held (the last flag: the answer stands in for the one asked). None when nothing is to be
    said (the catalogue answer says it itself when no known GPU is named)."""
    workload = any(q.u.said.get(k) is not None for k in ("params", "tokens", "data_bytes"))
    instead = direct in INSTEAD_OF_OUTSIDE and not q.u.gpus
    if not instead and (direct == "list_gpus" or (not q.u.gpus and (direct is not None or not workload))):
        return None
    beside = bool(q.u.gpus) and not workload
    other = catalogue.other_accelerator(q.text)
    if other is not None:
        return other, False, beside, instead
    gpu = catalogue.unknown_gpu(q.text)
    return (gpu, True, beside, instead) if gpu is not None else None
