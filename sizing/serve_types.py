"""Value types of the serving engine: what is asked (ServeRequest) and its limits."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from sizing.model_arch import ModelArchitecture
from sizing.serve_layout import ServeLayout
from sizing.types import Budget

ServePrecision = Literal["fp16", "bf16", "fp8", "int8", "int4"]
SERVE_PRECISIONS: tuple[ServePrecision, ...] = ("fp16", "bf16", "fp8", "int8", "int4")
# The serving engines a plan may be made for (ServeRequest.engine). None plans as TensorRT-LLM runs, the
# engine the calibration runs come from (knowledge/data/serving_runs.yaml); vLLM and SGLang differ in
# their defaults (serve_memory.kv_cache_bytes: a 16-bit KV cache beside FP8 weights).
ServeEngine = Literal["vllm", "sglang", "tensorrt-llm"]
SERVE_ENGINES: tuple[ServeEngine, ...] = ("vllm", "sglang", "tensorrt-llm")

# Defaults a person need not state [assumption: a chat turn with some context; stated in the answer]:
# 1,000-token prompts and 500-token answers.
DEFAULT_INPUT_TOKENS = 1000
DEFAULT_OUTPUT_TOKENS = 500
# With a load (users or requests per second) but no latency target, the answer keeps chat usable
# [assumption]: at most 2 s to the first token (MLPerf Inference's Llama 2 70B server scenario
# allows 2 s) and 50 ms per output token, 20 tokens/s per user: about four times reading speed
# (238 words/min, Brysbaert 2019, J. Memory and Language 109; ~1.3 tokens per English word).
# MLPerf's server scenario allows 200 ms per token, its interactive one 40 ms.
DEFAULT_TTFT_MS = 2000.0
DEFAULT_TPOT_MS = 50.0
# When no option meets the targets (a long prompt's prefill takes longer than the time to first
# token allowed, and interleaved with the others' decoding it caps every replica at a request or
# two), the answer also shows the plan under a per-token target this many times looser, with the
# first token when the prefill allows [assumption]: 100 ms per token is 10 tokens/s per user, still
# about twice the reading speed above, and half of MLPerf's server-scenario 200 ms.
RELAXED_TPOT_FACTOR = 2.0
# ... when it saves at least this share of the GPUs [assumption: less is not worth a slower answer].
RELAXED_MIN_SAVING = 0.25
# The default per-token target is ours, not the user's: on a replica where one request alone already
# takes close to it (the kernel and expert-routing latency floor of a deep MoE model at small batch,
# sizing/serve_speed.layer_floor_s), more replicas do not make a token faster, they only take away the
# batch's small share on top of the floor, so holding DEFAULT_TPOT_MS would buy one replica per request
# (Qwen3-235B-A22B: 49.8 ms alone on 8 x H20, 80 GPUs for 10 requests). There the default becomes this
# many times what one request alone takes [assumption: 1.5 x a ~50 ms floor is ~13 tokens/s per user,
# still about three times reading speed]. A target the user gives is held as given.
DEFAULT_TPOT_FLOOR_FACTOR = 1.5
# The prompt a request typically carries, per use, when the user states only the context window ("128k
# context"): the window is the longest request the deployment must accept (vLLM's max_model_len), not every
# request's length. Chat: DEFAULT_INPUT_TOKENS, about the median conversation prompt of Azure's 2023 LLM
# inference trace (~1k tokens; Patel et al., "Splitwise", ISCA 2024; the trace, collected 2023-11, is
# github.com/Azure/AzurePublicDataset, AzureLLMInferenceDataset2023.md). Code: that trace's coding median
# (~1.5k tokens). RAG [assumption]: 4-8 retrieved chunks of ~512 tokens and the question. Agent
# [assumption]: tool results and earlier steps accumulate over a task's calls.
TYPICAL_PROMPT_TOKENS: dict[str, int] = {
    "chat": DEFAULT_INPUT_TOKENS,
    "code": 1500,
    "rag": 4000,
    "agent": 16000,
}
MAX_TOKENS = 10_000_000
MAX_CONCURRENCY = 1_000_000
# The answer a batch job gives each item when it labels, scores or classifies it ("label 10M documents",
# "打标签") and no answer length is said [assumption: a label or score in a short JSON object, with room for a
# one-line reason; a bare class name is a few tokens]. Stated in the answer; say the length to change it.
SHORT_ANSWER_TOKENS = 50
# The most requests one offline job may run through (10 billion: far beyond any job a few GPUs finish).
MAX_BATCH_REQUESTS = 10_000_000_000


@dataclass(frozen=True, slots=True)
class BatchJob:
    """An offline (batch) inference job: `requests` prompts run through the model once (label 10M documents,
    score 2M prompts, generate 500k synthetic samples), to finish within `window_hours` (None: no rush, the
    cheapest plan). No user waits on a token, so there is no latency target: each replica runs as many
    requests at once as its KV cache holds (its saturation batch), and the replicas are as many as the
    window needs (serve_plan._load)."""

    requests: int
    window_hours: float | None = None


@dataclass(frozen=True, slots=True)
class ServeRequest:
    model: ModelArchitecture  # a model card's shape, or ModelArchitecture.standard(params)
    precision: ServePrecision = "bf16"
    input_tokens: int = DEFAULT_INPUT_TOKENS
    output_tokens: int = DEFAULT_OUTPUT_TOKENS
    input_tokens_default: bool = False
    output_tokens_default: bool = False
    concurrency: int | None = None  # requests in flight; None = as many as memory holds
    qps: float | None = None  # requests per second to sustain (Little's law gives the concurrency)
    ttft_ms: float | None = None  # latency targets: time to first token ...
    tpot_ms: float | None = None  # ... and time per output token
    latency_default: bool = False  # the targets are DEFAULT_TTFT_MS / DEFAULT_TPOT_MS, not the user's
    tpot_default: bool = False  # only the time to the first token was given: DEFAULT_TPOT_MS per token
    # The default per-token target was raised to DEFAULT_TPOT_FLOOR_FACTOR x this: what one request alone
    # takes per token on the first option's replica (its latency floor); None when it was not.
    floor_tpot_ms: float | None = None
    gpu: str | None = None  # catalog id or family
    gpus: int | None = None  # GPUs per replica
    budget: Budget | None = None
    model_id: str | None = None  # the model card id when the model was named
    today: dt.date | None = None
    # The context each request may fill ("32k context"): the KV cache is sized for it even when the
    # average prompt is shorter (a server that promises 32k must hold 32k per request in flight).
    context_tokens: int | None = None
    # The context window the deployment must support when requests are typically shorter ("128k context",
    # no prompt length said): not reserved per request. The KV cache is paged (vLLM, SGLang, TensorRT-LLM),
    # so requests in flight hold their own prompt and answer; a replica must still hold one request of
    # the whole window, and the answer says what it would take if every request filled it.
    window_tokens: int | None = None
    # The use whose typical prompt (TYPICAL_PROMPT_TOKENS) input_tokens is, when it was assumed for a window.
    prompt_use: str | None = None
    # The load as the user stated it, when it was not a concurrency: daily active users turned into a
    # peak concurrency by sizing/serve_load.py (kept to say so), or no load at all (a default was used).
    daily_users: int | None = None
    # A request volume a day ("50k requests a day"; a month's or an hour's count turned into a day's):
    # the peak rate by the same busy hours and peak factor; it wins over daily users when both are said.
    daily_requests: int | None = None
    load_default: bool = False
    # How a replica of several GPUs lays out an MoE model, when the user names it ("tp" or "ep",
    # sizing/serve_layout.py); None: the planner times both and keeps the better.
    layout: ServeLayout | None = None
    # The serving engine the user runs ("we use vLLM", `--engine sglang`); None: TensorRT-LLM's defaults.
    engine: ServeEngine | None = None
    # An offline job of a fixed number of requests instead of a live load (BatchJob): sized by throughput.
    batch: BatchJob | None = None

    @property
    def kv_tokens(self) -> int:
        """Tokens of KV cache one request in flight holds: its prompt and answer, or the context
        the deployment promises when that is longer."""
        return max(self.input_tokens + self.output_tokens, self.context_tokens or 0)

    @property
    def longest_tokens(self) -> int:
        """The longest request the deployment must accept: its KV tokens, or the window when longer."""
        return max(self.kv_tokens, self.window_tokens or 0)

    @property
    def full_window(self) -> bool:
        """A window is said and typical requests are shorter than it."""
        return self.window_tokens is not None and self.window_tokens > self.kv_tokens


def prompt_for_context(
    context_tokens: int | None, input_tokens: int | None, output_tokens: int
) -> int | None:
    """The prompt length a stated context implies when no prompt length was said: requests fill the
    context with prompt (history, documents) and leave room for the answer."""
    if input_tokens is not None or context_tokens is None:
        return input_tokens
    return max(1, context_tokens - output_tokens)
