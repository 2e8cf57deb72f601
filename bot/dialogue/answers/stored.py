""" "How big is Qwen 72B's weights file?", "70B 權重檔案有多大", "how much disk for checkpoints of a 13B full
fine-tune, keeping the last 3": what a named model (or a stated size) takes on disk, computed, instead of
the rule per parameter (faq.checkpoint_storage, which this answer cites) or the planning form.

Weights: bytes per parameter by format (sizing.storage.WEIGHT_FILE_BYTES_PER_PARAM); a resumable
checkpoint of full training: BF16 weights, FP32 master weights and Adam's two moments (14 bytes per
parameter, sizing.storage.CHECKPOINT_BYTES_PER_PARAM); LoRA: the adapters and their optimizer state,
beside the base model's weights kept once. Times the copies kept, when the message says how many.
"""

from __future__ import annotations

import re
from typing import Any

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu.numerals_zh import zh_integer
from bot.nlu.question_cues import CHECKPOINT_FILES, WEIGHT_FILES
from bot.nlu.text import normalise
from sizing.architecture import derive
from sizing.storage import (
    CHECKPOINT_BYTES_PER_PARAM,
    UINT16_VOCAB_LIMIT,
    WEIGHT_FILE_BYTES_PER_PARAM,
    StorageModel,
    saved_sizes,
)
from sizing.workload import BYTES_PER_TOKEN, LORA_RANK, lora_params

NEEDS = ("params",)  # or a named model, whose exact size is used
DEFAULTS: dict[str, Any] = {"lora_rank": LORA_RANK}
FAQ_ID = "faq.checkpoint_storage"
# What the message asks about: the weights (a file to load or export), or the training checkpoints: the words
# that route here (question_cues), matched anywhere in a word, and more that only choose between the two.
WEIGHT_WORDS = re.compile(
    "|".join(map(re.escape, (*WEIGHT_FILES, "weight", "gguf", "模型本身", "下载"))), re.IGNORECASE
)
CHECKPOINT_WORDS = re.compile(
    "|".join(map(re.escape, (*CHECKPOINT_FILES, "ckpt", "断点", "续训", "resum"))), re.IGNORECASE
)
# How many checkpoints are kept: "keeping the last 3", "keep 5 checkpoints", "保留 3 个", "留最近三份".
_COPIES = re.compile(
    r"(?:keep(?:ing)?|retain(?:ing)?|store|storing|保留|留|存)\s*(?:the\s+)?"
    r"(?:last|latest|most recent|最近|最新)?\s*(\d{1,3}|[一二两三四五六七八九十]{1,2})",
    re.IGNORECASE,
)
MAX_COPIES = 100


# "每半小时存一次", "every 2 hours", "每隔 30 分钟": how often a checkpoint is saved.
_EVERY = re.compile(
    r"(?:每隔?|every|each)\s*(半|[\d.]+|[一二两三四五六七八九十]+)?\s*个?\s*"
    r"(小时|钟头|hours?|hrs?|分钟|minutes?|mins?|天|days?)"
)
_UNIT_HOURS = {"小": 1.0, "钟": 1.0, "h": 1.0, "分": 1 / 60, "m": 1 / 60, "天": 24.0, "d": 24.0}


def save_interval_hours(text: str) -> float | None:
    """Hours between checkpoints the message states, if it states them."""
    m = _EVERY.search(normalise(text).lower)
    if m is None:
        return None
    raw, unit = m.group(1), m.group(2)
    if raw is None:
        n: float | None = 1.0
    elif raw == "半":
        n = 0.5
    elif raw.replace(".", "", 1).isdigit():
        n = float(raw)
    else:
        n = zh_integer(raw)
    hours = _UNIT_HOURS.get(unit[0])
    return float(n) * hours if n and hours else None


def copies_kept(text: str) -> int | None:
    """The number of checkpoints the message says it keeps, if it says one (2..MAX_COPIES)."""
    m = _COPIES.search(normalise(text).lower)
    if m is None:
        return None
    raw = m.group(1)
    n = int(raw) if raw.isdigit() else zh_integer(raw)
    return int(n) if n is not None and 2 <= n <= MAX_COPIES else None


def answer(q: Question, reply: Reply) -> bool:
    name = q.slot("model")
    card = q.kb.find_model(str(name)) if name else None
    arch = q.kb.model_architecture(card.id) if card is not None else None
    params = float(arch.params_total) if arch is not None else q.slot("params")
    if params is None or params <= 0:
        return False
    params = float(params)
    shape = arch.training_shape() if arch is not None else derive(params)
    rank = lora_rank(q.text) or LORA_RANK
    sizes = saved_sizes(params, lora_params(shape, rank))
    text = normalise(q.text).lower
    weights = bool(WEIGHT_WORDS.search(text))
    checkpoint = bool(CHECKPOINT_WORDS.search(text)) or not weights
    method = q.slot("method")
    # "每半小时存一次，存一周": the checkpoints that cadence writes over that span, if all were kept.
    every = save_interval_hours(q.text)
    span_days = q.slot("days")
    written = int(float(span_days) * 24 / every) if every and span_days else None
    reply.add(
        "stored_size",
        name=card.name if card is not None else None,
        params=params,
        weights=sizes.weights_gb,
        weights_asked=weights,
        checkpoint_asked=checkpoint,
        checkpoint_gb=sizes.checkpoint_gb,
        per_param=CHECKPOINT_BYTES_PER_PARAM,
        weight_bytes=WEIGHT_FILE_BYTES_PER_PARAM,
        adapter_gb=sizes.adapter_checkpoint_gb,
        adapter_weights_gb=sizes.adapter_weights_gb,
        peft=method in ("lora", "qlora"),
        method=method,
        copies=copies_kept(q.text),
        written=written if written and written >= 2 else None,
        every_hours=every,
        span_days=span_days,
        rank=rank,
    )
    reply.add_faq(FAQ_ID)
    return True


# "at rank 16", "r=64", "rank=8", "秩 32": the LoRA rank a message states.
_RANK = re.compile(r"(?:\brank|\br|秩)\s*[=:]?\s*(\d{1,4})\b")


def lora_rank(text: str) -> int | None:
    found = _RANK.search(text.lower())
    return int(found.group(1)) if found and 0 < int(found.group(1)) <= 1024 else None


CODE_WORDS = re.compile(r"\bcode\b|代码|程式码|源码|源代码", re.IGNORECASE)
# A vocabulary past UINT16_VOCAB_LIMIT (Llama 3's 128,256, Qwen's 151,646): token ids stored in 4 bytes.
LARGE_VOCAB = 128_256


# A language named for the text ("10GB of Chinese text", "英文语料"): its bytes per token, whatever
# the reply's.
CHINESE_WORDS = re.compile(r"\bchinese\b|中文|汉语|漢語", re.IGNORECASE)
ENGLISH_WORDS = re.compile(r"\benglish\b|英文|英语|英語", re.IGNORECASE)


def tokens_in_text(data_bytes: float, text: str, lang: str) -> dict[str, Any]:
    """ "how many tokens is 10gb of text?", "10GB 中文语料大概多少 token": the tokens that much text holds at
    the bytes per token of its language (sizing.workload.BYTES_PER_TOKEN; the language named, else the
    asker's), for the FAQ on tokens per gigabyte to lead with."""
    low = normalise(text).lower
    if CODE_WORDS.search(low):
        language = "code"
    elif CHINESE_WORDS.search(low):
        language = "zh"
    elif ENGLISH_WORDS.search(low):
        language = "en"
    else:
        language = "zh" if lang.startswith("zh") else "en"
    per_token = BYTES_PER_TOKEN[language]
    return {
        "data_bytes": data_bytes,
        "tokens": data_bytes / per_token,
        "per_token": per_token,
        "language": language,
    }


def data_answer(q: Question, reply: Reply) -> bool:
    """ "預訓練資料 2T token，大概要準備多大的儲存空間？": the raw text those tokens come from (bytes per
    token of the message's language, sizing.workload.BYTES_PER_TOKEN) and the tokenised files (4 bytes per
    token id past a 65,500-token vocabulary, 2 below: Megatron's indexed datasets), the storage tier the
    engine would advise for that much, and that checkpoints come on top (per parameter)."""
    tokens = q.slot("tokens")
    if not isinstance(tokens, int | float) or tokens <= 0:
        return False
    text = normalise(q.text).lower
    # "1.2T tokens of code": code tokenises denser than prose
    language = "code" if CODE_WORDS.search(text) else "zh" if reply.lang.startswith("zh") else "en"
    per_token = BYTES_PER_TOKEN[language]
    model = StorageModel(float(tokens), per_token, None, LARGE_VOCAB, 0.0, 0.0, False)
    reply.add(
        "data_storage",
        tokens=float(tokens),
        raw_gb=model.dataset_gb,
        tokenized_gb=model.tokenized_gb,
        small_vocab_gb=float(tokens) * 2 / 1e9,
        bytes_per_token=per_token,
        language=language,
        vocab_limit=UINT16_VOCAB_LIMIT,
        tier=model.tier,
        per_param=CHECKPOINT_BYTES_PER_PARAM,
    )
    reply.add_faq(FAQ_ID)
    return True
