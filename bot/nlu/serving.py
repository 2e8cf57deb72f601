"""Serving (inference) words: what makes a message about serving a model, and which side of a request
or which latency a number belongs to ("1k-token prompts, 500-token answers", "输入2000 token 输出500",
"first token under 500 ms", "30 tokens/s per user", "AWQ int4").

Text is simplified and lower-cased; ASCII phrases match whole words (bot/nlu/lexicon.py).
"""

from __future__ import annotations

import re

from bot.nlu import lexicon, question_cues as cues
from bot.nlu.counts import busy_part
from sizing.assumptions import DAYS_PER_MONTH
from sizing.serve_load import BUSY_HOURS_PER_DAY

# Serving engines by name (also what "vLLM 能在 MI300X 上跑吗" asks about: the engine's GPU support).
ENGINES = ("vllm", "sglang", "tensorrt-llm", "tensorrt llm", "trt-llm", "tgi", "ollama", "llama.cpp")
# A message about serving rather than training (Parse.task "serve"; intent "serve"). 推论 is Taiwan's
# word for inference (推論, simplified before matching).
SERVING = (
    "serve", "serves", "serving", "served", "inference", "inferencing", "deploy", "deployment", "deploying",
    "deployed",
    "host", "hosting", "in production", "online service", "chatbot for", "api for", "qps", "rps", "ttft",
    "time to first token", "first token", "tokens/s per user", "concurrent users", "concurrent requests",
    "concurrency", *lexicon.REQUEST_RATES, *ENGINES, "kv cache", "kv-cache",
    "推理", "推论", "部署", "上线服务", "在线服务", "服务化", "并发", "首token", "首字", "kv缓存",
    "同时服务", "服务用户", "服务使用者",
)  # fmt: skip
# A service a model answers in, which makes a serving request where no training word is said (a model
# trained for one is still trained): "翻译服务", "客服机器人", "a chatbot for our support team".
SERVICES = (
    "翻译服务", "客服机器人", "客服助手", "智能客服", "聊天机器人", "support bot", "support chatbot",
    "customer service bot", "customer support bot", "helpdesk bot",
)  # fmt: skip
# Inference words that need context: running, fitting or generating with a named model, and no
# training verb or dataset in the message ("can I run Llama 3 70B on 2 4090s", "一张4090跑得动
# Qwen2.5-14B吗", "does Mixtral fit on one H100 in fp16?", "tokens/sec for llama 3 8b on an L4").
# A training verb wins: "跑 LoRA 微调", "fit a 70B for full fine-tuning".
INFERENCE = (
    "run", "runs", "running", "ran", "fit", "fits", "fitting", "load", "generate", "generates",
    "generation speed", "tokens/s", "tokens/sec", "token/s", "tok/s", "tokens per second",
    "tokens a second", "throughput", "locally", "chat with", "chatbot", "assistant", "self-host",
    "self-hosted", "api",
    "跑", "运行", "放得下", "装得下", "塞得下", "带得动", "每秒token", "token每秒", "生成速度", "上线",
    # "80g的卡能放下34b的模型吗": holding a model, no training word, is holding it to run it
    "放下", "装下", "塞下", "加载", "载入",
    "吞吐", "客服", "日活", "活跃用户", "人用", "人使用", "人同时", "同时在线", "用户量",
    "同时用", "同时使用", "聊天",
    "daily active", "dau", "users", "people", "ppl", "int4", "int8", "awq", "gptq", "w4a16", "w8a8",
    "latency", "response time", "延迟", "延遲", "响应时间", "響應時間",
    # "keep a 70B endpoint up 24/7": a model's endpoint is the model served ("an API endpoint" alone is not)
    "endpoint", "endpoints",
    # "how fast is Llama 3 8B on an L4?": a model's speed, no training word, is its generation speed
    "how fast", "how quick", "how quickly", "多快", "速度多少", "速度怎么样", "速度怎樣",
)  # fmt: skip
# How fast a deployment answers, which is serving when said of a GPU alone ("what's the latency on an L4?",
# "tokens per second on an H100?", "L4 的延迟多少"): the answer is a model's speed on that GPU (a typical
# one when none is named). Not "how fast", which of a GPU alone asks its datasheet.
SERVING_SPEED = (
    "latency", "response time", "tokens per second", "tokens/s", "tokens/sec", "token/s", "tok/s",
    "tokens a second", "generation speed", "延迟", "延遲", "响应时间", "響應時間", "生成速度", "每秒token",
    "token每秒",
)  # fmt: skip
# 推理 is inference, but 推理模型/推理能力 is a reasoning model/ability, which may well be trained.
_REASONING = ("推理模型", "推理能力", "推理数据", "推理题", "推理链", "推理任务数据")
# How a replica lays out a mixture-of-experts model (sizing/serve_layout.py), when the message names it:
# the experts spread over the GPUs with attention data parallel, or tensor parallel throughout.
EXPERT_PARALLEL = (
    "expert parallel", "expert-parallel", "expert parallelism", "attention dp", "attention data parallel",
    "dp attention", "dp-attention", "enable_attention_dp", "wide ep", "wide-ep",
    "专家并行", "注意力数据并行", "注意力 dp", "dp 注意力",
)  # fmt: skip
TENSOR_PARALLEL = ("tensor parallel", "tensor-parallel", "tensor parallelism", "张量并行")


# What a serving deployment is for, when the message says (the typical prompt per use, sizing.serve_types
# TYPICAL_PROMPT_TOKENS): retrieval over documents, code, agents; anything else is chat.
USES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rag", ("rag", "retrieval", "retrieval-augmented", "knowledge base", "over our docs",
             "over our documents", "检索", "知识库", "检索增强")),
    ("agent", ("agent", "agents", "agentic", "tool calling", "tool use", "智能体", "代理", "工具调用")),
    ("code", ("code", "coding", "coder", "copilot", "code assistant", "coding assistant", "code completion",
              "代码", "编程", "写代码", "代码补全")),
)  # fmt: skip
# An offline (batch) inference job rather than a live service: a fixed set of requests run through the model
# once, sized by throughput (sizing.serve_types.BatchJob; Slots.serve_use "batch"). These words say so alone.
BATCH_JOB = (
    "batch inference", "batched inference", "offline inference", "offline batch", "batch job", "batch jobs",
    "bulk inference", "batch generation", "batch scoring", "batch processing", "batch-process",
    "batch process",
    "batch predict", "batch prediction", "batch predictions", "batch-score", "batch score", "offline scoring",
    "offline generation", "offline job",
    "离线推理", "离线推论", "批量推理", "批量推论", "批推理", "批次推理", "批次推论", "离线批量", "离线批次",
    "批处理", "批量处理", "批量生成", "批量打标", "批量标注", "批量打分", "离线任务", "离线跑",
)  # fmt: skip
# What a job does to each item of a counted set ("label 10M documents", "score 2M prompts", "跑一遍 1000 万条
# 数据打标签", "生成 50 万条合成数据"): with a model and a count, and no training word, a batch job.
BATCH_TASKS = (
    "score", "scoring", "label", "labels", "labelling", "labeling", "classify", "classifying", "tag",
    "tagging", "annotate", "annotating", "summarize", "summarise", "summarizing", "summarising", "translate",
    "translating", "extract", "extracting", "generate", "generating", "synthetic", "synthesize", "synthesise",
    "rewrite", "rewriting",
    "打标签", "打标", "标注", "打分", "评分", "分类", "摘要", "总结", "翻译", "抽取", "提取", "改写", "生成",
    "合成数据", "跑一遍", "过一遍", "跑完", "处理完",
)  # fmt: skip
# Tasks whose answer is short (a label, a score, a class): the job's default answer length is
# sizing.serve_types.SHORT_ANSWER_TOKENS rather than a chat answer's.
SHORT_ANSWER_TASKS = (
    "score", "scoring", "label", "labels", "labelling", "labeling", "classify", "classifying", "tag",
    "tagging", "annotate", "annotating", "batch-score", "batch score", "batch scoring", "offline scoring",
    "打标签", "打标", "标注", "打分", "评分", "分类", "批量打标", "批量标注", "批量打分",
)  # fmt: skip


def says_batch_job(s: str) -> bool:
    """The message names an offline (batch) inference job ("offline batch inference", "离线推理")."""
    return lexicon.has_cue(s, BATCH_JOB)


def names_batch_task(s: str) -> bool:
    """The message says what a job does to each item ("label", "score", "打标签", "生成"): a batch job when
    the caller also finds a model and a count of items, and no training word."""
    return lexicon.has_cue(s, BATCH_TASKS)


# A job whose answers are the product ("生成 50 万条合成数据，每条 500 tokens", "generate 500k samples of 500
# tokens"): the length said per item is the answer's, not the prompt's.
GENERATES = (
    "generate", "generates", "generating", "generation", "synthetic", "synthesize", "synthesise", "write",
    "writing", "生成", "合成", "撰写", "写",
)  # fmt: skip


def generates_items(s: str) -> bool:
    """The job writes the items it counts (synthetic data, generated samples)."""
    return lexicon.has_cue(s, GENERATES)


def short_answers(s: str) -> bool:
    """The job's answers are labels or scores ("label 10M documents", "打标签"): a few tokens each."""
    return lexicon.has_cue(s, SHORT_ANSWER_TASKS)


# Slots.serve_use of a batch job, by what its answers are: the items' own prompts answered ("batch"), items
# written ("batch_generate": a length per item is the answer's), labels or scores ("batch_label": short
# answers).
BATCH_USES = ("batch", "batch_generate", "batch_label")


def batch_use(s: str) -> str:
    """The Slots.serve_use of a batch job message (BATCH_USES)."""
    if short_answers(s):
        return "batch_label"
    return "batch_generate" if generates_items(s) else "batch"


# Every request fills the stated context: "every request fills the full 32k context", "每次都打满上下文".
FILLS_WINDOW = (
    "fills the", "fill the", "fills its", "fill their", "full context", "full window", "whole context",
    "whole window", "entire context", "max out", "maxes out", "uses the whole", "use the whole",
    "uses the full", "use the full", "fill up", "fills up", "fills a", "fill a",
    "打满", "用满", "塞满", "占满", "满上下文", "整个上下文",
)  # fmt: skip


def find_serve_use(s: str) -> str | None:
    """ "rag", "agent" or "code" when the message says what the deployment is for; None: not said."""
    return next((use for use, cues in USES if lexicon.has_cue(s, cues)), None)


def fills_window(s: str) -> bool:
    """The message says every request fills the context it states."""
    return lexicon.has_cue(s, FILLS_WINDOW)


# The serving engines a plan can follow (sizing.serve_types.SERVE_ENGINES), as people write them; the other
# ENGINES (TGI, Ollama, llama.cpp) are planned on the default engine.
ENGINE_IDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vllm", ("vllm",)),
    ("sglang", ("sglang",)),
    ("tensorrt-llm", ("tensorrt-llm", "tensorrt llm", "trt-llm", "trtllm", "tensorrt")),
)


# An address or a repository path ("docs.vllm.ai", "sgl-project/sglang", "https://github.com/…"): a name
# inside it is part of the address, not an engine the user runs.
_ADDRESS = re.compile(
    r"[^\s\u3000-\u9fff\uff00-\uffef]*(?:[a-z0-9]\.[a-z]{2,}|[a-z0-9]/[a-z0-9])[^\s\u3000-\u9fff\uff00-\uffef]*"
)


_ENGINE_PHRASES = tuple(phrase for _, phrases in ENGINE_IDS for phrase in phrases)


def engines_named(s: str) -> set[str]:
    """The serving engines the message names, outside web addresses and repository paths
    ("docs.vllm.ai", "sgl-project/sglang")."""
    plain = _ADDRESS.sub(" ", s) if "." in s or "/" in s else s  # an address needs one of them
    if not lexicon.has_cue(plain, _ENGINE_PHRASES):
        return set()  # one reading for every engine's phrases first: most messages name none
    return {engine for engine, phrases in ENGINE_IDS if lexicon.has_cue(plain, phrases)}


def find_serve_engine(s: str) -> str | None:
    """The serving engine the message runs ("we serve with vLLM", "用 sglang 部署"); None when it names
    none, or several (a comparison of engines chooses none), or only inside an address."""
    named = engines_named(s)
    return named.pop() if len(named) == 1 else None


# An engine's own settings and mechanisms: a message about one is about running the engine.
ENGINE_TERMS = (
    "paged attention", "pagedattention", "分页注意力", "gpu-memory-utilization", "gpu_memory_utilization",
    "max-model-len", "max_model_len", "max model len", "max-num-seqs", "max_num_seqs", "kv-cache-dtype",
    "kv_cache_dtype", "mem-fraction-static", "mem_fraction_static", "max-running-requests", "cache blocks",
    "launch_server", "vllm serve",
)  # fmt: skip
# Installing, configuring or fixing an engine named, or asking what it does: the how-to and trouble FAQ
# answers it (faq.serving_engine_*), not a sizing plan. "装" alone is no cue ("装得下" is "fits"), nor are
# "配置", "参数" or "设置" alone ("推荐配置" is hardware, "模型参数" its size, "默认设置规划" a plan).
ENGINE_HOWTO = (
    "install", "installing", "installation", "pip", "enable", "enabling", "turn on", "configure",
    "configuration", "config", "flag", "flags", "argument", "arguments", "parameter", "parameters",
    "setting", "settings", "launch", "oom", "ooms", "out of memory", "error", "errors", "crash",
    "crashes", "crashing", "keeps failing", "fails to start", "knob", "knobs", "tune", "tuning",
    "how does", "what does", "what is", "安装", "怎么开", "开启", "打开", "怎么设置", "怎麼設定",
    "怎么设", "怎麼設", "怎么配置", "怎麼配置", "启动参数", "啟動參數", "参数怎么", "參數怎麼",
    "启动时", "啟動時", "报错", "報錯", "爆显存", "爆顯存", "显存溢出", "崩了", "挂了", "原理",
    "是什么", "是什麼", "调参", "怎么调", "怎麼調",
)  # fmt: skip
# Weighing two engines named ("vllm vs sglang", "vLLM 还是 SGLang"): the comparison answers it.
ENGINE_COMPARE = (
    "vs", "versus", "or", "compare", "comparison", "difference", "better", "faster", "which", "区别", "區別",
    "还是", "還是", "哪个", "哪個", "对比", "對比", "比较", "比較", "更快", "更好", "怎么选", "怎麼選",
    "快多少", "慢多少", "快几倍", "差多少", "how much faster", "how much slower",
)  # fmt: skip


def asks_engine_howto(s: str) -> bool:
    """The message asks how to install, configure or fix a serving engine, what one of its settings or
    mechanisms does ("how do I install vllm?", "vllm 怎么开 fp8 kv cache", "why is my vllm server OOM?",
    "what does paged attention do"), or which of two engines to run ("vllm vs sglang for llama 3.1
    70b?"): an engine question, not a sizing request."""
    if lexicon.has_cue(s, ENGINE_TERMS):
        return True
    named = engines_named(s)
    if len(named) >= 2 and lexicon.has_cue(s, ENGINE_COMPARE):
        return True
    return bool(named) and lexicon.has_cue(s, ENGINE_HOWTO)


# Quantised serving weighed for what it costs in quality or gains in speed ("does GPTQ int4 hurt quality
# vs FP8?", "AWQ 量化以后推理会变快吗，质量损失大不大", "int4 vs fp16 for Mixtral, what's the tradeoff?"):
# the FAQ answers it (faq.serving_quantization), not a plan for a default load.
QUANT_WORDS = (
    "awq", "gptq", "int4", "int8", "w4a16", "w8a8", "4-bit", "4bit", "8-bit", "8bit", "quantization",
    "quantized", "quantize", "quantizing", "quantisation", "quantised", "quantise", "量化",
)  # fmt: skip
QUANT_TRADEOFF = (
    "quality", "accuracy", "accurate", "degrade", "degrades", "degradation", "hurt", "hurts", "worse",
    "tradeoff", "trade-off", "trade off", "tradeoffs", "trade-offs", "lose", "lost", "speed up", "speedup",
    "质量", "精度损失", "精度下降", "掉点", "掉精度", "效果", "变差", "损失", "权衡", "取舍", "利弊",
    "优缺点", "变快", "变慢", "会不会快", "影响大",
)  # fmt: skip


def asks_quantization_tradeoff(s: str) -> bool:
    """The message weighs quantising a served model: a quantisation word and what it costs or gains."""
    return lexicon.has_cue(s, QUANT_WORDS) and lexicon.has_cue(s, QUANT_TRADEOFF)


# Operating a deployment rather than sizing it: scaling replicas with the load, spreading requests over
# them, starting them ("how do I autoscale vLLM replicas?", "多副本怎么做负载均衡", "冷启动要多久"). The FAQ
# answers it (faq.serving_autoscaling, faq.serving_load_balancing, faq.serving_cold_start), not a plan for a
# default load; a load said with it ("autoscale for 100 users") is still sized.
OPERATIONS = (
    "autoscale", "autoscales", "autoscaling", "autoscaler", "auto-scale", "auto-scaling", "auto scale",
    "auto scaling", "scale to zero", "scale-to-zero", "hpa", "keda", "load balance", "load balancing",
    "load balancer", "load-balance", "load-balancing", "cold start", "cold starts", "cold-start",
    "startup time", "start-up time", "take to start", "takes to start", "扩缩容", "弹性伸缩", "自动伸缩",
    "自动扩容", "自动缩容",
    "负载均衡", "冷启动", "启动要多久", "启动时间", "多久能接请求",
)  # fmt: skip


# ... or replicas said with what is done to them ("scale vLLM replicas with traffic", "四个副本之间怎么分流",
# "新副本要等多久才能接请求").
REPLICA_WORDS = ("replica", "replicas", "副本", "实例", "pods", "pod")
REPLICA_OPERATIONS = (
    "scale", "scales", "scaling", "balance", "balanced", "spread", "route", "routing", "distribute",
    "traffic", "round robin", "round-robin", "in front of", "take requests", "ready to serve",
    "流量", "加减", "增减", "扩", "缩", "分流", "均衡", "路由", "随流量", "接请求", "等多久", "多久才能",
    "启动",
)  # fmt: skip


def asks_operations(s: str) -> bool:
    """The message asks how to operate a serving deployment (OPERATIONS): scaling, balancing, starting."""
    if lexicon.has_cue(s, OPERATIONS):
        return True
    return lexicon.has_cue(s, REPLICA_WORDS) and lexicon.has_cue(s, REPLICA_OPERATIONS)


# LoRA adapters served on the base model ("serve 20 LoRA adapters on Llama 3.1 8B", "微调的 LoRA 要上线").
ADAPTER_WORDS = ("lora", "loras", "qlora", "adapter", "adapters", "适配器", "lora适配器")
_ADAPTER_COUNT = re.compile(
    r"(\d+)\s*(?:个|different|fine-tuned|fine tuned|tuned|customer)?\s*(?:lora|adapter|适配器)"
)


def adapters_served(s: str) -> tuple[bool, int | None]:
    """Whether a serving message serves LoRA adapters, and how many when it counts them ("20 LoRA
    adapters", "10 个 LoRA"). `s` is the lower-cased, simplified text."""
    if not lexicon.has_cue(s, ADAPTER_WORDS):
        return False, None
    counted = _ADAPTER_COUNT.search(s)
    return True, int(counted.group(1)) if counted and 1 < int(counted.group(1)) <= 10_000 else None


# An embedding or reranker (encoder) model named: serving one is no LLM plan (faq.encoder_serving).
ENCODER_MODELS = (
    "embedding model", "embedding models", "embeddings model", "embedding service", "embeddings",
    "embedding", "reranker", "rerankers", "re-ranker", "rerank model", "cross-encoder", "bge-", "bge ",
    "e5-", "gte-", "向量模型", "嵌入模型", "文本向量", "向量化", "重排模型", "重排序模型", "重排",
)  # fmt: skip


def names_encoder_model(s: str) -> bool:
    """An embedding or reranker model is what the message would serve ("serve bge-m3 at 500 requests/s",
    "部署一个 embedding 模型"): the encoder answer, not an LLM plan."""
    return lexicon.has_cue(s, ENCODER_MODELS)


def find_serve_layout(s: str) -> str | None:
    """ "ep" or "tp" when the message names how to lay out the replica; None when it does not (or
    names both: then the planner picks)."""
    ep, tp = lexicon.has_cue(s, EXPERT_PARALLEL), lexicon.has_cue(s, TENSOR_PARALLEL)
    if ep == tp:
        return None
    return "ep" if ep else "tp"


# Words for the two sides of a request, before or after a token count.
INPUT = ("prompt", "prompts", "input", "inputs", "in", "输入", "提示词", "prompt长度", "输入长度", "上文")
OUTPUT = (
    "answer", "answers", "output", "outputs", "out", "completion", "completions", "response", "responses",
    "generation", "generations", "generated", "输出", "回答", "回复", "生成", "输出长度", "生成长度",
)  # fmt: skip
WEAK = ("in", "out")
# After a bare number in a training message these count the samples, not a length: "RLHF on 13B, 50k prompts".
COUNTED_SIDES = ("prompts", "answers", "completions", "responses", "generations")
# After a number, a bit width: "4-bit", "8 bits", "4位", "4比特" (tail of PRECISION_SERVING).
BIT_WIDTH = ("bit", "位", "比特")
TTFT = (
    "ttft", "time to first token", "time-to-first-token", "first token", "首token", "首字", "首个token",
    "首 token",
)  # fmt: skip
TPOT = (
    "tpot", "per-token latency", "per token latency", "inter-token latency", "inter token latency", "itl",
    "每个token", "每token", "每个 token", "每 token", "token间隔", "token间延迟", "单token延迟",
    "each token", "every token", "per token",  # "each token under 40 ms"
)  # fmt: skip
# After the time, the latency it bounds: "30ms per token", "500 ms to first token", "200ms TTFT".
TPOT_AFTER = (
    *TPOT,
    "per token",
    "per output token",
    "per generated token",
    "/token",
    "/tok",
    "each token",
    "a token",
)
TTFT_AFTER = (*TTFT, "to the first token", "to first token", "for the first token")
# A latency said without naming which ("p99 under 2s", "p95 under 500ms", "延迟 2 秒以内"): from a few hundred
# ms up it bounds the wait before the answer starts, since a per-token latency is tens of ms (200 ms a token
# is 5 tokens/s, slower than reading: no one's target). Below that it is not guessed.
BARE_LATENCY = (
    "latency", "latencies", "p99", "p95", "p90", "p50", "延迟", "时延", "响应时间", "response time",
)  # fmt: skip
BARE_LATENCY_MIN_MS = 200.0
# A latency target stated as a percentile: "p99 under 2s", "P95 延迟", "99th percentile", "99 分位".
_PERCENTILE = re.compile(
    r"(?<![a-z0-9])p\s?(50|90|95|99(?:\.9)?)(?![0-9.])"
    r"|(?<![0-9.])(50|90|95|99(?:\.9)?)\s*(?:th|%)?\s*(?:percentile|百分位|分位)"
)


def latency_percentile(s: str) -> float | None:
    """The percentile a latency target names (99.0 for "p99", "99th percentile", "99分位"), else None."""
    m = _PERCENTILE.search(s.lower())
    return float(m.group(1) or m.group(2)) if m else None


PER_USER = (
    "per user", "each user", "per request", "per stream", "per sequence", "每个用户", "每用户", "每路",
    "单用户", "每人", "每个人", "每位用户",
)  # fmt: skip
# Right after a speed, the one that makes it each user's: "30 tokens/s each".
PER_USER_AFTER = ("each", "apiece")
# Label words right before a bare number: "并发50", "QPS 20", "concurrency of 64".
CONCURRENCY_LABEL = ("并发", "并发数", "并发量", "并发用户", "concurrency", "concurrency of", "concurrent")
# Before a bare number: "日活 5000", "DAU 2万", "daily active users: 5k".
DAILY_USERS_LABEL = (
    "日活", "日活用户", "日活跃用户", "日活数", "日活用户数", "日活跃用户数", "日活跃使用者", "每日活跃用户",
    "每日活跃使用者", "每天活跃用户", "dau", "daily active users",
    "daily users", "daily active users of", "daily users of", "dau of",
)  # fmt: skip
# Before a count of users or people: per day, so daily users ("每天 5000 个用户", "日均 3000 人使用").
PER_DAY = ("每天", "每日", "一天", "每天有", "每日有", "一天有", "日均", "每天大约", "每天约", "一天约")
QPS_LABEL = ("qps", "qps为", "qps是", "rps", "每秒请求", "每秒请求数", "每秒")

# A request volume's period, as requests a day: a month is the engine's average month, an hour an average
# busy hour (sizing/serve_load.py turns a day's requests into the peak rate over those busy hours).
_DAY, _MONTH, _HOUR, _WEEK = 1.0, 1.0 / DAYS_PER_MONTH, BUSY_HOURS_PER_DAY, 1.0 / 7.0
_PERIOD_NAMES = {_MONTH: "month", _WEEK: "week", _HOUR: "hour"}


def period_name(per_day: float) -> str | None:
    """The period a load was counted over, by its factor to a day's (request_period): "month", "week",
    "hour"; None for a day."""
    return _PERIOD_NAMES.get(per_day)


# After the count ("50k requests a day", "2M calls/month"); matched at the start of the text after the unit.
_DAY_AFTER = ("per day", "a day", "each day", "every day", "/day", "/d", "daily", "每天", "/天", "每日")
_MONTH_AFTER = (
    "per month",
    "a month",
    "each month",
    "every month",
    "/month",
    "/mo",
    "monthly",
    "每月",
    "/月",
    "每个月",
)
_HOUR_AFTER = (
    "per hour",
    "an hour",
    "each hour",
    "every hour",
    "/hour",
    "/hr",
    "/h",
    "hourly",
    "每小时",
    "/小时",
)
_WEEK_AFTER = ("per week", "a week", "each week", "every week", "/week", "/wk", "weekly", "每周")
REQUEST_PERIOD_AFTER: tuple[tuple[str, float], ...] = (
    *((w, _DAY) for w in _DAY_AFTER),
    *((w, _MONTH) for w in _MONTH_AFTER),
    *((w, _HOUR) for w in _HOUR_AFTER),
    *((w, _WEEK) for w in _WEEK_AFTER),
)
# Before the count, hedges aside ("每天大概 5 万次请求", "日均 10 万次调用", "每月 300 万次请求").
REQUEST_PERIOD_BEFORE: tuple[tuple[str, float], ...] = (
    *((w, _DAY) for w in (*PER_DAY, "daily", "per day", "a day")),
    *((w, _MONTH) for w in ("每月", "每个月", "一个月", "月均", "monthly", "per month", "a month")),
    *((w, _HOUR) for w in ("每小时", "一小时", "每个小时", "一个小时", "hourly", "per hour", "an hour")),
    *((w, _WEEK) for w in ("每周", "一周", "每个星期", "每星期", "weekly", "per week", "a week")),
)
# Labels of a request volume before a bare count in a serving message ("月调用量 600 万次", "daily requests:
# 50k", "日请求量约 8 万"), with their period.
_DAY_LABELS = (
    "日调用量", "日请求量", "日均调用量", "日均请求量", "每日调用量", "每天调用量", "每日请求量",
    "每天请求量", "日调用", "日请求", "daily requests", "requests per day", "requests/day", "daily calls",
    "calls per day", "daily queries", "queries per day", "日访问量", "每日访问量", "每天访问量",
    "daily visits",
)  # fmt: skip
_MONTH_LABELS = (
    "月调用量", "月请求量", "月均调用量", "月均请求量", "每月调用量", "每月请求量", "月调用", "月请求",
    "monthly requests", "requests per month", "requests/month", "monthly calls", "calls per month",
    "月访问量", "每月访问量", "monthly visits",
)  # fmt: skip
REQUEST_VOLUME_LABEL = (*((w, _DAY) for w in _DAY_LABELS), *((w, _MONTH) for w in _MONTH_LABELS))
# Conversations are requests only in a serving message with a period ("100k conversations a day").
CONVERSATION_WORDS = (
    "conversations", "conversation", "chats", "dialogues", "sessions", "对话", "次对话", "个对话", "次会话",
    "个会话", "会话",
)  # fmt: skip
_HEDGED = (
    " around", " about", " roughly", " approximately", " ~", "~", "大约", "大概", "约", "差不多", "预计",
    "估计", "有", "是", "在", "左右", "平均", "average", " on average",
    # the verb between the period and the count ("每天要处理 200 万次请求", "每天会收到 5 万次调用")
    "处理", "要", "需要", "会", "收到", "接到", "承接", "承载", "扛",
)  # fmt: skip


# A count of requests a minute is a rate ("600 requests per minute", "每分钟 300 次调用"): requests/s.
_MINUTE_AFTER = (
    "per minute",
    "a minute",
    "each minute",
    "every minute",
    "/minute",
    "/min",
    "每分钟",
    "/分钟",
)
_MINUTE_BEFORE = ("每分钟", "一分钟", "per minute", "every minute")


def per_minute(before: str, after: str) -> bool:
    """The request count is per minute: a rate, not a day's volume."""
    rest = after.lstrip(" ,")
    return rest.startswith(_MINUTE_AFTER) or _without_hedge(before).endswith(_MINUTE_BEFORE)


# The latency targets whose "token" counts nothing ("our 30B model needs first token under 500ms",
# "30B 模型首 token 要 500ms 内"), longest first so "time to first token" goes whole.
_LATENCY_TOKEN_WORDS = re.compile(
    "|".join(re.escape(w) for w in sorted({*TTFT, *TPOT_AFTER}, key=len, reverse=True) if "tok" in w)
)


def without_latency_words(text: str) -> str:
    """`text` without the latency targets that name a token ("first token", "每个 token", "per token"):
    what is left says whether a token count is near."""
    return _LATENCY_TOKEN_WORDS.sub(" ", text)


def without_hedges(head: str, hedges: tuple[str, ...], trim: str) -> str:
    """`head` without the hedge words at its end ("每天大概" → "每天"), as many as there are, `trim`
    stripped after each."""
    while head.endswith(hedges):  # one C-level test of every hedge, then which one
        cut = next(h for h in hedges if head.endswith(h))
        head = head[: -len(cut)].rstrip(trim)
    return head


def _without_hedge(before: str) -> str:
    return without_hedges(before.rstrip(" :：~≈"), _HEDGED, " :：~≈")


def request_period(before: str, after: str, own: float) -> float | None:
    """Requests a day per request counted, from the period said around the count ("50k requests a day",
    "每月 300 万次请求", "3000 requests per hour"), or `own` when the unit carries it ("50k daily requests");
    None when no period is said ("50 requests at once" is no volume)."""
    if own:
        return own
    rest = after.lstrip(" ,")
    for word, per_day in REQUEST_PERIOD_AFTER:
        if rest.startswith(word) and not (word[-1].isascii() and rest[len(word) : len(word) + 1].isalpha()):
            return per_day
    head = _without_hedge(before)
    for word, per_day in REQUEST_PERIOD_BEFORE:
        if head.endswith(word) and not (word[0].isascii() and head[-len(word) - 1 : -len(word)].isalpha()):
            return per_day
    return None


# Quantised serving weights. "4-bit"/"8-bit" alone count only in a serving message: in training they
# are QLoRA or an 8-bit optimizer.
PRECISION_ALWAYS: tuple[tuple[str, str], ...] = (
    ("int8", "int8"), ("w8a8", "int8"), ("int4", "int4"), ("awq", "int4"), ("gptq", "int4"),
    ("w4a16", "int4"), ("nf4", "int4"),
)  # fmt: skip
PRECISION_SERVING: tuple[tuple[str, str], ...] = (
    ("8-bit", "int8"), ("8bit", "int8"), ("8 bit", "int8"), ("4-bit", "int4"), ("4bit", "int4"),
    ("4 bit", "int4"), ("8 bits", "int8"), ("4 bits", "int4"),
    ("8位量化", "int8"), ("4位量化", "int4"), ("8比特", "int8"), ("4比特", "int4"),
)  # fmt: skip


def is_serving(s: str) -> bool:
    """Serving words ("serve", "inference", 部署, 推理...), not 推理 as in a reasoning model, nor "host" as
    in host memory (the machine's RAM: "how much host memory to fine-tune 13B")."""
    if "host" in s and lexicon.has_cue(s, cues.HOST_MEMORY_PHRASES):
        for phrase in cues.HOST_MEMORY_PHRASES:
            s = s.replace(phrase, " ")
    if not lexicon.has_cue(s, SERVING):
        return _PEOPLE_FOLLOW_UP.fullmatch(s.strip(" ？?。.!！")) is not None
    if "推理" in s and lexicon.has_cue(s, _REASONING):
        return lexicon.has_cue(s.replace("推理", ""), SERVING)
    return True


# After a GPU named in a training message, words that give it to serving: "4 张 3090 只用来跑推理", "one
# RTX 4090 at the office for inference". That GPU is not the training hardware, and its clause makes no
# serving request.
SERVES_AFTER_GPU = (
    *(v + use for v in ("跑", "做", "用于", "用来", "拿来", "专门") for use in ("推理", "推论", "部署")),
    "推理用", "推论用", "部署用", "跑服务",
    "for inference", "for serving", "used for inference", "just for inference", "only for inference",
)  # fmt: skip
# ... or before it, in its clause: "we serve on 4 L4s", "部署在 2 张 L40S 上".
SERVES_BEFORE_GPU = (
    "serve on",
    "serving on",
    "serve it on",
    "inference on",
    "deployed on",
    "部署在",
    "推理在",
)
_GPU_CLAUSE = 48  # characters after a GPU name searched for its use, up to the clause's end


_CLAUSE_ENDS = ",;。!?；，:：\n"


def serving_hardware(s: str, spans: list[tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """The GPUs (index into `spans`, each a name's start and end) whose own clause gives them to serving, with
    that clause's span (from its start, so with the GPU's count)."""
    out: dict[int, tuple[int, int]] = {}
    for i, (start, end) in enumerate(spans):
        clause = s[end : end + _GPU_CLAUSE]
        cut = next((k for k, ch in enumerate(clause) if ch in _CLAUSE_ENDS), len(clause))
        head = s[max(0, start - _GPU_CLAUSE) : start]
        begin = next((k + 1 for k in range(len(head) - 1, -1, -1) if head[k] in _CLAUSE_ENDS), 0)
        used = lexicon.phrases_in(clause[:cut], SERVES_AFTER_GPU)
        if used and busy_part(s, end) is not None:
            continue  # "8 卡 H100 里有 4 张在跑推理": part of them serve, the rest are the plan's
        if used:  # up to the words of its use: "two 4090s for serving and eight A100s for training"
            out[i] = (start - len(head) + begin, end + used[0].end())
        elif lexicon.has_cue(head[begin:], SERVES_BEFORE_GPU):
            out[i] = (start - len(head) + begin, end)
    return out


# Words that set serving and training side by side in one question ("推理跟全参微调各要多少显存",
# "inference vs full training"): a join between the two words, or "each" said of them.
_SIDE_BY_SIDE = ("跟", "和", "与", "以及", "还是", "对比", "vs", "vs.", "versus", "and", "or", "compared to")
_EACH = ("各要", "各需要", "各自", "分别", "respectively", "each")
# The join sits this close between a serving word and a training word ("inference vs for full training"),
# or within the longer gap with a memory word in it ("memory to serve it, and memory to QLoRA it").
_SIDE_GAP = 18
_SIDE_GAP_NAMED = 32
_AMOUNT_WORDS = ("memory", "vram", "显存", "内存", "记忆体", "多少", "how much", "cost", "费用")
# Another question about the other task: "推理要多少显存？全参训练又要多少？".
_SENTENCE_END = re.compile(r"[?？。；;!！]")


# A second question asking the same of the other task: "…又要多少", "那 LoRA 训练呢", "and for training?".
_SAME_AGAIN = ("what about", "how about", "and for", "and to")


def _asks_again(gap: str, rest: str) -> bool:
    clause = _SENTENCE_END.split(rest, maxsplit=1)[0]
    return (
        lexicon.has_cue(rest, lexicon.ASKS_AMOUNT)
        or clause.rstrip().endswith("呢")
        or lexicon.has_cue(gap, _SAME_AGAIN)
    )


def asks_both_tasks(s: str) -> bool:
    """The message asks the same of serving and of training ("Qwen2.5 14B 推理要多少显存？全参训练又要多少？",
    "memory for inference vs for full training"), not training that precedes serving ("we fine-tuned
    Llama 8B and want to deploy it")."""
    if not is_serving(s) or not lexicon.has_cue(s, lexicon.TRAINING):
        return False
    serving_at = [(m.start(), m.end()) for m in lexicon.phrases_in(s, SERVING)]
    training_at = [(m.start(), m.end()) for m in lexicon.phrases_in(s, lexicon.TRAINING)]
    each = lexicon.has_cue(s, _EACH)
    for a_start, a_end in serving_at:
        for b_start, b_end in training_at:
            lo, hi = (a_end, b_start) if a_end <= b_start else (b_end, a_start)
            gap = s[lo:hi]
            if hi < lo or len(gap) > _SIDE_GAP_NAMED:
                continue
            # "部署 Llama 3.1 70B 和 LoRA 微调它，显存分别要多少": "each" over a join, whatever the gap names
            if each and lexicon.has_cue(gap, _SIDE_BY_SIDE):
                return True
            if len(gap) > _SIDE_GAP and not lexicon.has_cue(gap, _AMOUNT_WORDS):
                continue
            if any(c.isdigit() for c in gap):
                continue  # "we fine-tuned llama 8b and want to deploy it": one job after another
            if lexicon.has_cue(gap, _SIDE_BY_SIDE):
                return True
            if _SENTENCE_END.search(gap) and _asks_again(gap, s[hi:]):
                return True  # a second question that asks the same of the other task
    return False


# A training job said before the serving of its model, as the plan's first step ("we fine-tune an 8B
# model every month and then serve it to 200 users", "先 LoRA 微调 Qwen2.5 7B，再部署给 300 人用"): both
# are asked. Not a model already trained ("we fine-tuned Llama 8B and want to deploy it", "训好的模型"),
# nor adapters served.
_TRAINED_ALREADY = (
    "trained", "fine-tuned", "finetuned", "fine tuned", "pretrained", "pre-trained", "已经训", "已训练",
    "已微调", "训好", "训练好", "微调好", "微调过", "训过", "训完的", "训练完的", "微调完的", "训出来的",
    "微调了", "训练了", "训了",  # past: "我们微调了一个 7B" (not "微调完再部署", a plan)
)  # fmt: skip
_ADAPTERS_NAMED = ("adapter", "adapters", "适配器")


def trains_first(s: str) -> bool:
    """A serving message that plans a training job first (see _TRAINED_ALREADY): its first training word
    comes before its first serving word, or it has none ("fine-tune it monthly for 200 concurrent users")."""
    if not lexicon.has_cue(s, lexicon.TRAINING) or lexicon.has_cue(s, _TRAINED_ALREADY):
        return False
    if lexicon.has_cue(s, _ADAPTERS_NAMED) or adapters_served(s)[1] is not None:
        return False  # "we have 20 LoRA adapters to serve": adapters already trained
    trains_at = min(m.start() for m in lexicon.phrases_in(s, lexicon.TRAINING))
    serves_at = min((m.start() for m in lexicon.phrases_in(s, SERVING)), default=len(s))
    return trains_at < serves_at


# A model's weights held by the GPU, asked with no training word ("can one H100 hold the weights of a
# 70B?", "一张 H100 能放下 70B 的权重吗"): the memory of the weights at each precision, as for serving.
WEIGHT_WORDS = ("weights", "weight files", "model weights", "权重", "权重文件", "模型权重")
HOLDS = (
    "hold", "holds", "fit", "fits", "load", "loads", "store", "contain",
    "放下", "放得下", "放不下", "装下", "装得下", "装不下", "塞下", "塞得下", "存下", "放进", "装进", "载入",
    "加载",
)  # fmt: skip


def holds_weights(s: str) -> bool:
    """The message asks whether a GPU holds a model's weights (no training word: the caller checks)."""
    return lexicon.has_cue(s, WEIGHT_WORDS) and lexicon.has_cue(s, HOLDS)


# People a model is for, counted: "for 400 developers", "rolling out to 800 engineers", "服务 80 位同事",
# "给全公司 300 人用", "给 150 个客服用", "600 名员工会用" (not "3 个人共用"). Without a training verb
# they make a serving request, and their count its concurrent users (parser.parse).
PEOPLE = (
    "users", "people", "ppl", "persons", "developers", "devs", "engineers", "employees", "colleagues",
    "coworkers", "co-workers", "teammates", "analysts", "students", "researchers", "scientists", "staff",
    "lawyers", "doctors", "agents", "reps", "customers", "members", "writers", "translators", "testers",
    "editors",
)  # fmt: skip
PEOPLE_ZH = (
    "同事", "员工", "用户", "使用者", "客户", "顾客", "开发者", "开发", "工程师", "研发", "客服", "销售",
    "律师", "医生", "学生", "老师", "研究员", "分析师", "成员", "员", "人",
)  # fmt: skip
_COUNT = r"(?P<n>~?[0-9][0-9,.]*\s*(?:k|万|千)?|[零一二两三四五六七八九十百千万]+)"
_EN_PEOPLE = "|".join(re.escape(w) for w in PEOPLE)
_ZH_PEOPLE = "|".join(PEOPLE_ZH)
_PEOPLE_SERVED = (
    re.compile(
        r"\b(?:for|to|serve|serves|serving|across)\s+(?:(?:about|around|roughly|approximately|some|all|"
        r"all of|our|the|their|its|a team of|team of|up to|over|nearly|almost)\s+)*"
        + _COUNT
        + r"\s+(?:[a-z-]+\s+){0,2}?(?:"
        + _EN_PEOPLE
        + r")\b"
    ),
    re.compile(
        r"(?:服务|面向)[^，。,;；！？!?\n]{0,8}?(?:约|大约|大概|差不多)?\s*"
        + _COUNT
        + r"\s*(?:个|位|名)?\s*(?:"
        + _ZH_PEOPLE
        + r")"
    ),
    re.compile(
        _COUNT
        + r"\s*(?:个|位|名)?\s*[\u4e00-\u9fff]{0,3}?(?:"
        + _ZH_PEOPLE
        + r")(?:会|要|都|来)?(?:同时|同时在线)?(?:用|使用)"
    ),
)
_PEOPLE_GATE = (*PEOPLE, "服务", "面向", "用")
_PEOPLE_WORD = re.compile("|".join(map(re.escape, _PEOPLE_GATE)))  # any of them: one C-level search
# A what-if that only counts people ("那 100 个人呢", "200 个用户的话"): more users of what is served, as
# "what about 100 people?" is in English (SERVING has "people"; 人 alone is too common a word to be one).
_PEOPLE_FOLLOW_UP = re.compile(
    r"(?:那|那么|那要是|要是|如果|换成|改成)?\s*"
    + _COUNT
    + r"\s*(?:个|位|名)?\s*(?:人|用户|使用者|同事|员工|客户)"
    r"\s*(?:同时用|在用|用)?\s*(?:呢|的话呢|的话)"
)


# Of those, an organisation's own people ("100 个同事", "400 developers", "全公司 300 人"): a population who
# each use the model some of the day, counted as daily users; "users", "people", "客户" stay users at once.
_POPULATION = tuple(w for w in PEOPLE if w not in ("users", "people", "ppl", "persons", "customers"))
_POPULATION_ZH = tuple(w for w in PEOPLE_ZH if w not in ("用户", "使用者", "客户", "顾客", "员", "人"))
_POPULATION_AFTER = re.compile(
    r"\s*(?:个|位|名)?\s*[\u4e00-\u9fff]{0,3}?(?:"
    + "|".join(_POPULATION_ZH)
    + r")|\s+(?:[a-z-]+\s+){0,2}?(?:"
    + "|".join(re.escape(w) for w in _POPULATION)
    + r")\b"
)
# "全公司 300 人", "我们团队 12 个人用": a whole organisation's people, counted before the number.
_ORGANISATION = ("全公司", "公司", "全员", "全体", "团队", "部门", "组里", "内部", "company", "team", "org")
# Said of people right after their count, they use it at the same time ("300 人同时用", "50 个同事在线").
_AT_ONCE = re.compile(
    r"\s*(?:个|位|名)?\s*[\u4e00-\u9fff]{0,4}?(?:同时|并发|在线)|\s+(?:concurrent|simultaneous)"
)


def counts_population(s: str, start: int, end: int) -> bool:
    """Whether the count at s[start:end] is of an organisation's people who use a served model ("给 100 个同事
    用", "for 400 developers", "全公司 300 人用"), not of users at once ("300 人同时用", "100 users")."""
    if _AT_ONCE.match(s, end):
        return False
    return _POPULATION_AFTER.match(s, end) is not None or lexicon.has_cue(
        s[max(0, start - 8) : start], _ORGANISATION
    )


def people_served(s: str) -> int | None:
    """Where the count of people a model is for starts in `s`, or None when the message counts none."""
    if _PEOPLE_WORD.search(s) is None:
        return None
    for pattern in _PEOPLE_SERVED:
        m = pattern.search(s)
        if m is not None:
            return m.start("n")
    return None


def weighs_weights(s: str) -> bool:
    """The message asks how much GPU memory a model's weights take ("how much memory do Llama 3 8B weights
    take on an L4?", "70B 的权重占多少显存"): the weights at each precision, as for serving (no training word:
    the caller checks)."""
    return lexicon.has_cue(s, WEIGHT_WORDS) and lexicon.has_cue(s, cues.MEMORY_ASK)


# A weight bit width alone ("4-bit 70B on one 4090?", "4bit 的 70B 一张卡够吗"): with no training word
# it is the precision the model runs in (in a training message it is QLoRA's, and the caller checks).
_BIT_WIDTHS = tuple(word for word, _ in PRECISION_SERVING)


def runs_inference(s: str) -> bool:
    """Inference words that need a named model and no training to mean serving (see INFERENCE)."""
    return (
        lexicon.has_cue(s, INFERENCE)
        or lexicon.has_cue(s, _BIT_WIDTHS)
        or holds_weights(s)
        or weighs_weights(s)
        or lexicon.asks_token_price(s)  # "cost per million output tokens for Qwen2.5-7B on an L40S?"
    )


def asks_serving_speed(s: str) -> bool:
    """The message asks how fast a deployment answers (see SERVING_SPEED)."""
    return lexicon.has_cue(s, SERVING_SPEED)


def names_service(s: str) -> bool:
    """A service the model answers in (see SERVICES); serving only where no training word is said."""
    return lexicon.has_cue(s, SERVICES)


def request_side(
    before: str, after: str, weak: bool = False, follows_count: bool = False, bare: bool = False
) -> str | None:
    """ "input" / "output" when the words next to a token count name a side of the request. `weak`
    also accepts "in"/"out" ("1000 in / 500 out"), which only a serving message can mean that way.
    `follows_count`: the side word right before is said after another count (side_after_count).
    `bare`: the number has no unit nor k/M, so "one request of 8,000 tokens" counts requests: a request
    noun right after it is not that request's length."""
    head = _without_fillers(before.rstrip(" :：=~"))
    tail = after.lstrip(" -")
    if tail.startswith(BIT_WIDTH):
        return None  # "in 4-bit", "4位量化": a weight precision, not a request length
    if weak and _first_word(tail) in WEAK:
        return "input" if _first_word(tail) == "in" else "output"  # "2k in 400 out": each word follows
    for side, words, cjk in _SIDES:
        if head.endswith(cjk) or _usable(_last_word(head), words, weak):
            if follows_count:
                # "1500 输入 300 输出", "1000 input 500 output": the word before is the previous count's
                # own; the word after names this one
                after_side = _side_after(tail, weak)
                if after_side is not None:
                    return after_side
            return side
    if weak and (head.endswith(_DOCUMENT_CJK) or _last_word(head) in DOCUMENT):
        return "input"  # a serving message: the document is the request's prompt
    if weak and (
        head.endswith(PER_REQUEST) or (_per_request_after(tail) and not (bare and _REQUEST_NOUN.match(tail)))
    ):
        return "input"  # "给 50 个用户，每人 4k token": what each request sends is its prompt
    return _side_after(tail, weak)


_COUNT_THEN_SIDE = re.compile(r"\d[kK]?\s*(?:tokens?|token|个token)?\s*(?P<w>[^\W\d]+)\s*$")


def side_after_count(head: str) -> bool:
    """Whether `head` (the text before a number) ends with a side word said right after a count ("每个请求
    1500 输入 " before 300): that word is the count's own, told by the order "N word, N word"."""
    m = _COUNT_THEN_SIDE.search(head[-24:])  # callers pass the 24 characters before the number
    return m is not None and any(m.group("w") in words or m.group("w") in cjk for _, words, cjk in _SIDES)


def _side_after(tail: str, weak: bool) -> str | None:
    for side, words, cjk in _SIDES:
        if _usable(_first_word(tail), words, weak) or tail.startswith(cjk):
            return side
    return None


# Words between a side and its length: "answers of 512 tokens", "prompts of about 2k", "prompts are
# usually around 20k", "每次输入大约 8k", "平均输入大概 4k" (stripped from the end, as many as there are).
_FILLERS = (
    " of about", " of around", " of roughly", " of ~", " of", " around", " about", " roughly", " ~",
    " usually", " typically", " normally", " mostly", " on average", " average", " averaging",
    " is", " are", " will be", " tend to be", " run", " runs", " under", " below", " at most", " up to",
    "大约", "大概", "约为", "约", "平均", "一般", "通常", "差不多", "基本上", "基本", "都在", "在",
    "是", "为", "左右", "长度", "只有", "也就", "大多", "大部分",
    # How long the side is, in the clause before the number: "prompts are long, usually around 6k tokens".
    " long", " short", " quite", " very", " pretty", " fairly", " rather",
    "比较长", "比较短", "很长", "很短", "较长", "较短", "偏长", "偏短", "挺长", "挺短",
)  # fmt: skip
# In a serving message the tokens of each request or user are its prompt: "每个请求 4k token",
# "每人 4k token", "per request 2k tokens".
PER_REQUEST = (
    "每个请求", "每次请求", "每条请求", "每人", "每个人", "每个用户", "每位用户", "每位",
    "per request", "each request", "per user", "each user", "per query", "each query",
)  # fmt: skip
_PER_REQUEST_AFTER = re.compile(
    r"^(?:tokens?|toks?)?\s*(?:(?:per|each|a|every)\s+(?:request|query|user|call)\b"
    r"|(?:-?\s*long\s+)?(?:requests?|query|queries)\b(?!\s*(?:a|per|each|every)\s)|的?请求)"
)


# A request noun right after a number: "one request", "3 long requests", "2 的请求".
_REQUEST_NOUN = re.compile(r"(?:-?\s*long\s+)?(?:requests?|query|queries)\b|的?请求")


def _per_request_after(tail: str) -> bool:
    """ "2k tokens per request", "3k tokens each request", "one 128k-token request", "一个 32k 的请求": the
    length of each request's prompt."""
    return _PER_REQUEST_AFTER.match(tail) is not None


# In a serving message a document is the prompt: "each document is about 60k tokens", "文档平均 50k token".
DOCUMENT = ("document", "documents", "doc", "docs", "文档", "文件", "文章", "合同", "报告")
# Each side with its words and their Chinese ones (matched as a suffix or prefix, not as a word).
_SIDES = tuple(
    (side, words, tuple(w for w in words if not w.isascii()))
    for side, words in (("input", INPUT), ("output", OUTPUT))
)
_DOCUMENT_CJK = tuple(w for w in DOCUMENT if not w.isascii())


def side_of_clause_before(clause: str, previous: str, weak: bool = False) -> str | None:
    """The side named at the end of the clause before a comma, when the number's own clause says only
    fillers: "prompts are long, usually around 6k tokens", "输入比较长，一般 6k token"."""
    if _without_fillers(clause.rstrip(" :：=~")).strip() or any(c.isdigit() for c in previous):
        return None
    return request_side(previous, "", weak)


def _without_fillers(head: str) -> str:
    while head.endswith(_FILLERS):  # one C-level test of every filler, then which one
        cut = next(f for f in _FILLERS if head.endswith(f))
        head = head[: -len(cut)].rstrip(" :：=~")
    return head


def _usable(word: str, words: tuple[str, ...], weak: bool) -> bool:
    return word in words and (weak or word not in WEAK)


def latency_kind(before: str, after: str = "", ms: float | None = None) -> str | None:
    """ "ttft" or "tpot" when the clause before a time names that latency, or else the words right
    after it ("30ms per token", "500 ms to first token"); "ttft" for a bare latency of BARE_LATENCY_MIN_MS
    or more ("p99 under 2s", "p95 under 500ms") when `ms` is given."""
    if lexicon.has_cue(before, TTFT):
        return "ttft"
    if lexicon.has_cue(before, TPOT):
        return "tpot"
    if lexicon.has_cue(after, TTFT_AFTER):
        return "ttft"
    if lexicon.has_cue(after, TPOT_AFTER):
        return "tpot"
    if ms is not None and ms >= BARE_LATENCY_MIN_MS and lexicon.has_cue(before, BARE_LATENCY):
        return "ttft"
    return None


# Per `serving`: the precision table serving_precision reads, and its phrases alone.
_PRECISION_TABLES = {False: PRECISION_ALWAYS, True: PRECISION_ALWAYS + PRECISION_SERVING}
_PRECISION_PHRASES = {k: tuple(phrase for phrase, _ in table) for k, table in _PRECISION_TABLES.items()}


def serving_precision(s: str, serving: bool) -> str | None:
    table = _PRECISION_TABLES[bool(serving)]
    if not lexicon.has_cue(s, _PRECISION_PHRASES[bool(serving)]):
        return None  # one search for all of them first: most messages name none
    best: tuple[int, str] | None = None
    for phrase, value in table:
        i = lexicon.find_phrase(s, phrase)
        if i != -1 and not _qlora_near(s, i, serving) and (best is None or i < best[0]):
            best = (i, value)
    return best[1] if best else None


# A 4-bit weight word and "lora" this close are QLoRA: "4-bit LoRA", "LoRA on a 70B base loaded in NF4",
# "4-bit 量化后做 LoRA". Weights quantised after LoRA are another step, for serving: "LoRA 微调后 int4 部署",
# "LoRA, then export to int4". A serving word between them parts them either way.
_QLORA_REACH = 32
_BIT_LORA_GAP = 8  # "4-bit lora", "int4 + lora"
_SERVING_STEP = ("部署", "上线", "推理", "serve", "serving", "inference", "deploy")
_AFTER_TRAINING = (
    *_SERVING_STEP, "后", "再", "然后", "then", "after", "afterwards", "导出", "转换", "量化成", "量化为",
    "export", "convert", "quantize to", "quantise to", "quantized to", "quantised to",
)  # fmt: skip
_FOUR_BIT = tuple(phrase for phrase, value in PRECISION_ALWAYS + PRECISION_SERVING if value == "int4")


def _qlora_near(s: str, i: int, serving: bool) -> bool:
    """ "4-bit LoRA" is QLoRA, a training method, not a serving precision (`i`: where the bit word starts).
    In a serving message only the bit word right before "lora" is ("serve a LoRA-tuned 13B in AWQ int4")."""
    after = s[i : i + _QLORA_REACH]
    j = after.find("lora")
    if j != -1 and not lexicon.has_cue(after[:j], _SERVING_STEP) and (j <= _BIT_LORA_GAP or not serving):
        return True
    if serving:
        return False
    before = s[max(0, i - _QLORA_REACH) : i]
    k = before.rfind("lora")
    return k != -1 and not lexicon.has_cue(before[k:], _AFTER_TRAINING)


def four_bit_tuning(s: str) -> bool:
    """A 4-bit weight word in a message about tuning, not serving ("fine-tune Llama 3 8B in 4-bit"): only
    adapters can be trained on 4-bit weights, so it is QLoRA."""
    return lexicon.has_cue(s, _FOUR_BIT) and not is_serving(s)


def four_bit_lora(s: str) -> bool:
    """LoRA on 4-bit weights without the word QLoRA: "int4 量化加 LoRA", "LoRA with 4-bit quantization"."""
    if "lora" not in s:
        return False
    four_bit = lexicon.phrases_in(s, _FOUR_BIT)
    if not four_bit:
        return False
    serving = is_serving(s)
    return any(_qlora_near(s, m.start(), serving) for m in four_bit)


def _last_word(text: str) -> str:
    words = text.split()
    if not words:
        return ""
    if len(words) >= 2 and f"{words[-2]} {words[-1]}" in INPUT + OUTPUT:
        return f"{words[-2]} {words[-1]}"
    return words[-1]


def _first_word(text: str) -> str:
    word = []
    for ch in text:
        if not (ch.isascii() and ch.isalpha()):
            break
        word.append(ch)
    return "".join(word)


__all__ = [
    "CONCURRENCY_LABEL",
    "DAILY_USERS_LABEL",
    "PER_DAY",
    "PER_USER",
    "PER_USER_AFTER",
    "QPS_LABEL",
    "CONVERSATION_WORDS",
    "REQUEST_VOLUME_LABEL",
    "per_minute",
    "request_period",
    "without_hedges",
    "SERVING",
    "is_serving",
    "runs_inference",
    "names_service",
    "latency_kind",
    "request_side",
    "side_of_clause_before",
    "serving_precision",
]


# The hours a service is busy, for what stopping its GPUs outside them saves ("only busy 9am to 6pm on
# weekdays", "白天 9 点到 6 点才有流量", "朝九晚六", "工作日 9:00-18:00 才有人用"). Read only with a word of
# this table in the message (the cheap precondition), and never in a training message.
OFF_HOURS_CUES = (
    "busy", "traffic", "office hours", "business hours", "working hours", "work hours", "idle", "scale down",
    "scale to zero", "scale-to-zero", "shut down", "shut it down", "turn off", "switch off", "at night",
    "overnight", "nights", "off-hours", "off hours", "daytime", "only used", "only in use",
    "流量", "白天", "晚上", "夜里", "夜间", "上班时间", "工作时间", "办公时间", "关机", "缩容", "闲置",
    "空闲", "朝九晚", "早九晚", "有人用", "才用", "下班",
)  # fmt: skip
_CLOCK = r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|点钟|点|时)?"
_HOURS_RANGE = re.compile(
    rf"(?<![\d.:$¥]){_CLOCK}\s*(?:to|until|till|through|-|–|~|到|至)\s*(早上|上午|中午|下午|傍晚|晚上)?\s*{_CLOCK}"
    r"(?![\d%]|\s*(?:k|b|m|gb|tb|x|days?|weeks?|months?|users?|gpus?|replicas?|nodes?|instances?|copies|pods?"
    r"|requests?|reqs|qps|rps|ms|s|seconds?|minutes?|hours?|hrs?|h)\b"
    r"|\s*(?:张|块|个|天|副本|台|节点|实例|小时|分钟|秒|倍|路|人|次))"
)
_IDIOMS = (("朝九晚五", 9.0, 17.0), ("朝九晚六", 9.0, 18.0), ("早九晚五", 9.0, 17.0), ("早九晚六", 9.0, 18.0))
WEEKDAYS = (
    "weekdays", "weekday", "mon-fri", "monday to friday", "monday through friday", "monday-friday",
    "business days", "working days", "workdays", "工作日", "周一到周五", "周一至周五", "星期一到星期五",
    "礼拜一到礼拜五", "周末不用", "周末没", "weekends off", "no weekends", "not on weekends",
)  # fmt: skip
_PM = ("pm", "p.m.")
_AFTERNOON = ("下午", "傍晚", "晚上")


def busy_hours(s: str) -> tuple[float, float, tuple[int, int]] | None:
    """(busy hours a day, busy days a week, the span said) of a service busy only part of the day, from a
    (simplified, lower-cased) message; None when it says no such window."""
    if not lexicon.has_cue(s, OFF_HOURS_CUES):
        return None
    days = 5.0 if lexicon.has_cue(s, WEEKDAYS) else 7.0
    for idiom, start, end in _IDIOMS:
        at = s.find(idiom)
        if at != -1:
            return end - start, days, (at, at + len(idiom))
    for m in _HOURS_RANGE.finditer(s):
        opens = _clock(m.group(1), m.group(2), m.group(3), None)
        closes = _clock(m.group(5), m.group(6), m.group(7), m.group(4))
        if opens is None or closes is None:
            continue
        start, end = opens, closes
        if end <= start and not (m.group(7) or "").startswith(("a", "p")):
            end += 12.0  # "9 to 6", "9 点到 6 点": the evening's 6
        if end <= start:
            end += 24.0  # "8pm to 2am": past midnight
        if 1.0 <= end - start <= 23.0:
            return end - start, days, m.span()
    return None


def _clock(hour: str, minute: str | None, mark: str | None, part: str | None) -> float | None:
    h = float(hour) + (float(minute) / 60.0 if minute else 0.0)
    if h > 24:
        return None
    if ((mark or "") in _PM or part in _AFTERNOON) and h < 12:
        h += 12.0
    return h
