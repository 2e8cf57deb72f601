"""Inference batch jobs over an encoder or a speech model, not training and not LLM generation:
"embed 50M documents with bge-large", "用 bge-m3 给 5000 万篇文档做向量化",
"transcribe 10k hours of audio with whisper large-v3", "用 Whisper 转写 1 万小时录音".

The answer says what the job is, what it reads (the documents counted; the audio's encoder positions,
from knowledge.text_units), what the engine lacks to give GPU-hours from measurements (it models
training and LLM generation, not these models' speed) and how to size it: a forward pass costs
~2 × parameters FLOPs per token, and one GPU measured on a sample scales. A training verb
("fine-tune whisper on 10k hours", "train an embedding model") is a training job, not this."""

from __future__ import annotations

from bot.dialogue.answers.base import Question
from bot.dialogue.reply import Reply
from bot.nlu.lexicon import TRAINING, has_cue
from bot.nlu.text import normalise

# What the job does, by its verb.
EMBED = (
    "embed", "embeds", "embedding", "embeddings", "vectorize", "vectorise", "encode", "向量化", "做向量",
    "生成向量", "算向量", "做 embedding", "做embedding", "转成向量", "转向量",
)  # fmt: skip
# Scoring query-document pairs with a cross-encoder: a forward pass per pair, as an embedding's per document.
RERANK = ("rerank", "reranks", "reranking", "re-rank", "re-ranking", "reranker", "重排", "重排序")
TRANSCRIBE = (
    "transcribe", "transcribing", "transcription", "transcriptions", "speech-to-text", "speech to text",
    "asr", "转写", "转录", "转文字", "语音识别", "听写",
)  # fmt: skip
# The exact precondition: has_cue finds a word only where the word stands in the text.
_WORDS = (*EMBED, *RERANK, *TRANSCRIBE)
# The encoder FAQ said after an embedding job (model sizes, TEI, measuring one GPU).
ENCODER_FAQ = "faq.encoder_serving"


def job(text: str) -> str | None:
    """ "embed", "rerank" or "transcribe" for such a batch job, else None (a training verb makes it
    training)."""
    t = normalise(text).lower
    if not any(w in t for w in _WORDS):
        return None
    kind = (
        "rerank"
        if has_cue(t, RERANK)
        else "embed"
        if has_cue(t, EMBED)
        else "transcribe"
        if has_cue(t, TRANSCRIBE)
        else None
    )
    if kind is None or has_cue(t, TRAINING):
        return None
    return kind


def answer(q: Question, reply: Reply) -> bool:
    kind = job(q.text)
    if kind is None:
        return False
    hours = None
    if (
        kind == "transcribe"
        and q.u.said.get("text_unit") == "audio_hour"
        and q.u.said.get("tokens") is not None
    ):
        from knowledge.text_units import text_units

        hours = float(q.u.said["tokens"]) / text_units().audio_positions_per_hour
    reply.add(
        "encoder_batch",
        job=kind,
        documents=q.u.samples if kind in ("embed", "rerank") else None,
        hours=hours,
    )
    if kind in ("embed", "rerank"):
        reply.add_faq(ENCODER_FAQ)
    return True
