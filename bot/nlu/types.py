"""The values `parse` hands back: frozen, JSON-ready, only finite numbers."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from itertools import compress, repeat
from typing import Any

from sizing.frozen import quick_init
from sizing.types import Budget

INTENTS = (
    "size",
    "faq",
    "correction",
    "whatif",
    "reset",
    "undo",
    "help",
    "greeting",
    "thanks",
    "gpu_info",
    "gpu_compare",
    "list_gpus",
    "explain",
    "skip",
    "capacity",
    "feasibility",
    "memory",
    "price",
    "provider_compare",
    "figure_check",
    "cheapest_gpu",
    "serve",
    "china_providers",
    "cheapest_offering",
    "price_coverage",
    "model_info",
    "unknown",
)


SLOT_NAMES: tuple[str, ...] = (
    "params", "tokens", "data_bytes", "precision", "method", "days", "budget", "gpu", "gpu_count", "seq_len",
)  # fmt: skip


# Every slot a message can set, DESIGN.md's first.
FILLABLE: tuple[str, ...] = SLOT_NAMES + (
    "epochs", "samples", "tokens_per_sample", "text_unit", "continued", "stack", "recompute", "offload",
    "low_memory", "objective", "micro_batch", "global_batch_tokens", "model",
    "concurrency",
    "qps", "daily_users", "daily_requests", "volume_said",
    "input_tokens", "output_tokens", "ttft_ms", "tpot_ms", "serve_layout", "context_tokens",
    "serve_use", "batch_requests",
)  # fmt: skip
_FILLABLE_VALUES = operator.attrgetter(*FILLABLE)  # one C-level read of every fillable slot


@dataclass(frozen=True, slots=True)
class StepsBasis:
    """The training tokens said as optimizer steps × each step's batch: `steps` × `tokens_per_step` (a global
    batch of `sequences` × `seq_len` tokens, when said so), over the epochs said (`tokens`: one pass)."""

    steps: float
    tokens_per_step: float
    sequences: float | None
    seq_len: float | None
    tokens: float
    # The steps said for each epoch ("5000 steps per epoch, 2 epochs": `steps` is then 10,000, all of them).
    per_epoch: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "tokens_per_step": self.tokens_per_step,
            "sequences": self.sequences,
            "seq_len": self.seq_len,
            "per_epoch": self.per_epoch,
        }


@quick_init
@dataclass(frozen=True, slots=True)
class Slots:
    """What a message said about the workload; None = not said (DESIGN.md slot names and units)."""

    params: float | None = None
    tokens: float | None = None
    data_bytes: float | None = None
    precision: str | None = None
    method: str | None = None
    days: float | None = None
    budget: Budget | None = None
    gpu: str | None = None
    gpu_count: int | None = None
    seq_len: int | None = None
    data_language: str = "en"
    # Parameters active per token of a known mixture-of-experts model (None = dense or unknown):
    # compute follows these, memory the total in `params`.
    active_params: float | None = None
    epochs: float | None = None  # passes over the data; None = not said (one)
    samples: float | None = None  # training samples/conversations/条, when counted
    tokens_per_sample: float | None = None  # a stated length per sample; tokens = samples x this
    # Half of a length per dialogue said without the other ("每组 5 轮" with no length per turn, "每轮 200
    # token" with no turns): the dialogue completes it with the half said earlier or later.
    turns_per_sample: float | None = None
    tokens_per_turn: float | None = None
    # The data was counted in "word" (English words) or "zh_char" (Chinese characters, 字) and turned into
    # tokens at knowledge.text_units' sourced ratio; the replies say so.
    text_unit: str | None = None
    # The tokens were said as steps × batch ("5000 steps at batch 256 and seq 8192"): how, for the replies.
    steps_basis: StepsBasis | None = None
    continued: bool | None = None  # True: continued pre-training from a base model (method pretrain)
    stack: str | None = None  # megatron | deepspeed | fsdp | torchtune | hf | unsloth
    recompute: str | None = None  # none | selective | full (activation recomputation)
    offload: bool | None = None  # True: optimizer states (ZeRO-Offload / FSDP CPU offload) in CPU memory
    low_memory: bool | None = None  # True: the low-memory recipe (8-bit / paged AdamW; sizing.lowmem)
    objective: str | None = None  # preference / RL tuning: dpo | ipo | kto | orpo | simpo | grpo | ppo
    # One GPU's batch in sequences ("micro batch 4", "bs=8 per GPU", "每卡 batch 4"; a bare "batch 16" up to
    # parser.BARE_MICRO_BATCH_MAX): planned and sized at it instead of the engine's choice.
    micro_batch: int | None = None
    # The step's global batch in tokens ("global batch 4M tokens", "batch size 1024 × 4096", "全局 batch
    # 512 条，序列 2048"): planned at it instead of the method's recipe batch
    # (sizing.workload.GLOBAL_BATCH_TOKENS).
    global_batch_tokens: float | None = None
    # Serving (inference) workload.
    model: str | None = None  # model-card id when a known model is named
    concurrency: int | None = None  # concurrent users / requests in flight
    qps: float | None = None  # requests per second
    daily_users: int | None = None  # daily active users (the engine turns them into a peak rate)
    # Requests a day ("50k requests a day"; a month's count over DAYS_PER_MONTH, an hour's × the busy hours):
    # the engine turns them into a peak rate, and sizes them rather than daily users when both are said.
    daily_requests: int | None = None
    # The load as said when counted over a month, week or hour ("每月 300 万次请求", "100k users a month"):
    # (count, period: "month" | "week" | "hour", of: "requests" | "users", daily), daily being the
    # daily_requests or daily_users it became; the answers show it as said, with the day's beside it.
    volume_said: tuple[int, str, str, int] | None = None
    input_tokens: int | None = None  # prompt length per request
    output_tokens: int | None = None  # answer length per request
    ttft_ms: float | None = None  # time-to-first-token target
    tpot_ms: float | None = None  # per-output-token latency target (1000 / tokens per second per user)
    # "ep" (experts spread over the GPUs, attention data parallel) or "tp", when named
    # (sizing/serve_layout.py)
    serve_layout: str | None = None
    # The context window a serving message states ("128k context", "上下文 32k"): the longest request the
    # deployment must accept. input_tokens is then what it leaves for the prompt unless a prompt length
    # was said as well ("每次输入大约 8k"); the serving answer tells the two apart.
    context_tokens: int | None = None
    # What the deployment is for when said ("rag", "agent", "code"): its typical prompt when only a
    # window is said (sizing.serve_types.TYPICAL_PROMPT_TOKENS); "full" when every request fills the window.
    serve_use: str | None = None
    # The serving engine named ("vllm", "sglang", "tensorrt-llm"; bot/nlu/serving.find_serve_engine). Not
    # in FILLABLE: naming the software ("vLLM 能在 MI300X 上跑吗") fills no sizing slot.
    serve_engine: str | None = None
    # The requests an offline (batch) job runs through (serve_use one of bot/nlu/serving.BATCH_USES): the
    # items counted ("10M documents", "1000 万条数据", "2M prompts"); its deadline is `days`.
    batch_requests: int | None = None

    def to_json(self) -> dict[str, Any]:
        budget = None
        if self.budget is not None:
            b = self.budget
            budget = {"amount": b.amount, "currency": b.currency, "period": b.period}
        return {
            "params": self.params,
            "tokens": self.tokens,
            "data_bytes": self.data_bytes,
            "precision": self.precision,
            "method": self.method,
            "days": self.days,
            "budget": budget,
            "gpu": self.gpu,
            "gpu_count": self.gpu_count,
            "seq_len": self.seq_len,
            "data_language": self.data_language,
            "active_params": self.active_params,
            "epochs": self.epochs,
            "samples": self.samples,
            "tokens_per_sample": self.tokens_per_sample,
            "text_unit": self.text_unit,
            "steps_basis": self.steps_basis.to_json() if self.steps_basis is not None else None,
            "continued": self.continued,
            "stack": self.stack,
            "recompute": self.recompute,
            "offload": self.offload,
            "low_memory": self.low_memory,
            "objective": self.objective,
            "micro_batch": self.micro_batch,
            "global_batch_tokens": self.global_batch_tokens,
            "model": self.model,
            "concurrency": self.concurrency,
            "qps": self.qps,
            "daily_users": self.daily_users,
            "daily_requests": self.daily_requests,
            "volume_said": dict(zip(("count", "period", "of", "daily"), self.volume_said, strict=True))
            if self.volume_said is not None
            else None,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "ttft_ms": self.ttft_ms,
            "tpot_ms": self.tpot_ms,
            "serve_layout": self.serve_layout,
            "context_tokens": self.context_tokens,
            "serve_use": self.serve_use,
            "serve_engine": self.serve_engine,
            "batch_requests": self.batch_requests,
        }

    def filled(self) -> tuple[str, ...]:
        """Names of the slots this message set (data_language is always set, so never listed)."""
        return tuple(compress(FILLABLE, map(operator.is_not, _FILLABLE_VALUES(self), repeat(None))))


@dataclass(frozen=True, slots=True)
class Ask:
    """A value we will not guess: implausible or ambiguous, to be asked back.

    `value` is the number as read (finite, or None when it was not even finite); `text` is the
    fragment of the message it came from, so a reply can quote it.
    """

    slot: str
    reason: str  # out_of_range | ambiguous_unit | not_positive | unsupported_currency | vague_count
    value: float | None
    text: str = ""
    word: str = ""  # the measure word the count was said in ("几万笔": 笔), for the question's example

    def to_json(self) -> dict[str, Any]:
        out = {"slot": self.slot, "reason": self.reason, "value": self.value, "text": self.text}
        return {**out, "word": self.word} if self.word else out


@dataclass(frozen=True, slots=True)
class GpuMemory:
    """A GPU memory size the user asks for: at least (">="), more than (">") or at most ("<=") `gb`."""

    op: str
    gb: float

    def to_json(self) -> dict[str, Any]:
        return {"op": self.op, "gb": self.gb}


@quick_init
@dataclass(frozen=True, slots=True)
class Parse:
    intent: str
    lang: str  # zh | en
    script: str  # zh-Hans | zh-Hant | en
    slots: Slots = Slots()  # frozen: one empty Slots serves as every default
    asks: tuple[Ask, ...] = ()
    gpus_mentioned: tuple[str, ...] = ()
    correction: bool = False
    whatif: bool = False
    skip: bool = False
    region: str | None = None  # "cn": the user wants mainland-China clouds (阿里云, 国内, ...)
    owned: bool = False  # the user already has the GPUs they named ("我们有8张A100")
    # More of them asked in the same message ("we have 8 H100s, how long on 16?"): that count, else None
    count_asked: int | None = None
    count_limit: bool = False  # the GPU count is a ceiling ("如果只能用 16 张卡", "at most 8 GPUs")
    currency: str | None = None  # a currency named with no amount ("that's RMB, not dollars")
    currency_assumed: bool = (
        False  # the budget's currency was not said ("预算只有一万"): the script's default
    )
    period_assumed: bool = False  # the budget's period was not said ("make that $8,000"): a total
    no_deadline: bool = False  # "no deadline", "不着急": the timeline is deliberately open
    # The Chinese reads the same in both scripts ("改成13B"): `script` is a guess; follow the
    # previous turn or the Slack locale.
    script_ambiguous: bool = False
    yes_no: bool = False  # a yes/no question ("Is the H20 faster than the H100?", "4090 能做多机训练吗")
    asap: bool = False  # "ASAP", "越快越好": the fastest sensible plan within the budget
    deadline_date: str | None = None  # ISO date of a calendar or relative deadline ("by March 15")
    providers_mentioned: tuple[str, ...] = ()  # provider ids (bot/nlu/providers.py), in order
    price_period: str | None = None  # hour | day | month: the period a price question asks about
    # An hourly rate quoted as a GPU's market price, not a budget ("H100 on Lambda is $1/h right?"):
    # (amount, currency).
    quoted_rate: tuple[float, str] | None = None
    rate_said: tuple[float, str, str] | None = (
        None  # the quoted rate as said ("每卡每天 180 元": 180, CNY, day)
    )
    # A price per tokens quoted ("an API at $0.90 per million tokens", "每百万 token 4 块钱"): (amount per
    # million tokens, currency).
    token_price: tuple[float, str] | None = None
    # A service busy only part of the week ("only busy 9am to 6pm on weekdays", "白天 9 点到 6 点才有流量"):
    # (busy hours a day, busy days a week).
    busy_hours: tuple[float, float] | None = None
    # A budget said in TWD or HKD ("50 萬台幣"), which the budget slot holds in USD: (amount said, ISO code).
    budget_said: tuple[float, str] | None = None
    stack_said: str | None = None  # the training stack as the user wrote it ("DeepSpeed ZeRO-3")
    # The language the message names for the training text ("数据都是英文", "2TB of code"); None: not named.
    data_language_said: str | None = None
    task: str | None = None  # "serve": inference / deployment; "train": training named; None: not said
    # Serving and training asked side by side ("推理跟全参微调各要多少显存"): both answers (task is "serve").
    both_tasks: bool = False
    # A training job planned before serving its model ("we fine-tune an 8B monthly and then serve it to 200
    # users"): the serving answer, then the training form from what the message says (task is "serve").
    trains_first: bool = False
    # A named GPU's price asked beside another question ("is the L40S good for training, and what does it
    # cost a month?", "H200 一小时多少钱？跑 70B 推理要几张？"): the price follows the other answer.
    also_price: bool = False
    # "2 张 4090 同时跑两个 QLoRA": the jobs run at once; slots.gpu_count holds one job's share of the GPUs.
    jobs_at_once: int | None = None
    # "10 working days": the count said; slots.days holds 7/5 of it (a working week is 5 days of 7).
    working_days: float | None = None
    # "two sprints": the count said; slots.days holds lexicon.SPRINT_DAYS per sprint.
    sprints: float | None = None
    # "每个 epoch 3 小时", "an epoch takes 90 minutes": the hours of one pass the user measured on their GPUs.
    epoch_hours: float | None = None
    # The Chinese measure word the samples were counted in ("2 万笔", "3000 则", "5 万条"), so the question
    # about them uses the user's word ("这 2 万笔数据，每笔…").
    sample_word: str | None = None
    # The samples counted are images or video clips ("100万张图片", "100k video clips"): "image" / "video";
    # their tokens are asked (never the count itself read as tokens).
    sample_media: str | None = None
    # Training steps said without each step's batch ("what if 10000 steps?"): the dialogue times them by the
    # batch held (Slots.steps_basis of an earlier message).
    steps_said: float | None = None
    # A bit width said as how to train ("int8 training?", "8bit 训练"): no precision training is sized in,
    # so the reply says it was not read and which precision it kept.
    unread_precision: str | None = None
    # A yes/no question proposing a GPU for the job at hand ("用 4090 可以吗", "can we use A100s?").
    proposes_gpu: bool = False
    asks_time: bool = False  # "how long", "多久": the time is the answer (intent size on given hardware)
    asks_speed: bool = False  # "how many tokens/s", "吞吐": the training throughput is the answer
    asks_cost: bool = (
        False  # "how much would it cost", "要花多少钱": the cost is the answer, no deadline needed
    )
    # "what GPU do I need", "该租啥卡": the GPUs are the answer; a plan for them needs no deadline.
    asks_gpu: bool = False
    # Model-card fields asked about (intent model_info): layers, hidden, heads, kv_heads, vocab, context,
    # active_params, params, experts, kv_per_token, architecture.
    model_fields: tuple[str, ...] = ()
    # A GPU memory size asked for with no GPU named ("which GPUs have 80GB or more?", "cheapest cloud GPU
    # with 48GB"): {"op": ">=" | ">" | "<=", "gb": float}; never data.
    gpu_memory: GpuMemory | None = None
    # A byte size said of hardware ("my 64gb macbook", "我的 Mac 有 128G 内存", "A100 80G"): never the data,
    # so a reply to the data question that says one is not read as the data.
    hardware_size: bool = False
    # Relative changes to held values ("预算砍半" -> (("budget", 0.5),)): concept and factor
    # (bot/nlu/relative.py); the dialogue applies them to what it holds.
    scales: tuple[tuple[str, float], ...] = ()
    # Additive changes ("one more epoch" -> (("epochs", 1.0),), "再给两周" -> (("days", 14.0),)).
    deltas: tuple[tuple[str, float], ...] = ()
    # GPU names typed with look-alike letters ("h10o", "A1OO"): (as written, the catalogue names they may
    # be). One name: read as it (the slots hold it); several: left unread, to be asked back.
    gpu_typos: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "intent": self.intent,
            "lang": self.lang,
            "script": self.script,
            "slots": self.slots.to_json(),
            "asks": [a.to_json() for a in self.asks],
            "gpus_mentioned": list(self.gpus_mentioned),
            "correction": self.correction,
            "whatif": self.whatif,
            "skip": self.skip,
            "region": self.region,
            "owned": self.owned,
            "count_asked": self.count_asked,
            "count_limit": self.count_limit,
            "currency": self.currency,
            "currency_assumed": self.currency_assumed,
            "period_assumed": self.period_assumed,
            "no_deadline": self.no_deadline,
            "script_ambiguous": self.script_ambiguous,
            "yes_no": self.yes_no,
            "asap": self.asap,
            "deadline_date": self.deadline_date,
            "providers_mentioned": list(self.providers_mentioned),
            "price_period": self.price_period,
            "quoted_rate": list(self.quoted_rate) if self.quoted_rate is not None else None,
            "rate_said": list(self.rate_said) if self.rate_said is not None else None,
            "token_price": list(self.token_price) if self.token_price is not None else None,
            "busy_hours": list(self.busy_hours) if self.busy_hours is not None else None,
            "budget_said": list(self.budget_said) if self.budget_said is not None else None,
            "stack_said": self.stack_said,
            "task": self.task,
            "both_tasks": self.both_tasks,
            "trains_first": self.trains_first,
            "also_price": self.also_price,
            "jobs_at_once": self.jobs_at_once,
            "working_days": self.working_days,
            "sprints": self.sprints,
            "epoch_hours": self.epoch_hours,
            "sample_word": self.sample_word,
            "sample_media": self.sample_media,
            "steps_said": self.steps_said,
            "unread_precision": self.unread_precision,
            "proposes_gpu": self.proposes_gpu,
            "asks_time": self.asks_time,
            "asks_speed": self.asks_speed,
            "asks_cost": self.asks_cost,
            "asks_gpu": self.asks_gpu,
            "model_fields": list(self.model_fields),
            "gpu_memory": self.gpu_memory.to_json() if self.gpu_memory is not None else None,
            "scales": [list(x) for x in self.scales],
            "deltas": [list(x) for x in self.deltas],
        }
