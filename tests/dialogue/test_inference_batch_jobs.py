"""Embedding documents or transcribing audio is an inference batch job:
"embed 50M documents with bge-large", "用 bge-m3 给 5000 万篇文档做向量化",
"transcribe 10k hours of audio with whisper large-v3", "用 Whisper 轉寫 1 萬小時錄音".

The answer says so, what the job reads, what the engine lacks to time it from measurements and how
to size it; never the welcome text, a training plan or a question about the training data. Training
such a model ("fine-tune whisper on 10k hours") stays a training job."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("embed 50M documents with bge-large",
         "Embedding 50M documents is an inference batch job, not training"),
        ("we need embeddings for 2 million support tickets using e5-large", "Embedding 2M documents"),
        ("用 bge-m3 给 5000 万篇文档做向量化", "给5000万篇文档做向量化是推理批处理任务，不是训练"),
        ("transcribe 10k hours of audio with whisper large-v3",
         "Transcribing 10,000 hours of audio is an inference batch job, not training"),
        ("用 Whisper 轉寫 1 萬小時錄音", "轉寫 1萬小時音訊是推理批處理任務，不是訓練"),
    ],
)  # fmt: skip
def test_an_embedding_or_transcription_job_is_an_inference_batch_job_with_how_to_size_it(
    real: Consultant, message: str, said: str
) -> None:
    turn = real.handle("e1", message)
    assert said in turn.text.replace("*", "")
    assert (
        "2 × the model's parameters" in turn.text
        or "2 × 参数量" in turn.text
        or "real-time factor" in turn.text
        or "即時倍率" in turn.text
    )
    assert turn.payload["recommendation"] is None
    assert "How many parameters" not in turn.text and "I size GPU rentals" not in turn.text


def test_the_audio_job_says_the_encoder_positions_it_reads(real: Consultant) -> None:
    text = real.handle("e2", "transcribe 10k hours of audio with whisper large-v3").text
    assert "~1.8B encoder positions (1,500 per 30-second window, Radford et al. 2022)" in text


def test_training_a_speech_model_on_hours_of_audio_is_still_training(real: Consultant) -> None:
    text = real.handle("e3", "fine-tune whisper large-v3 on 10k hours of audio").text
    assert "inference batch job" not in text and "hours of audio for a speech model" in text


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("rerank 1M query-document pairs with bge-reranker-large",
         "Reranking 1M query–document pairs is an inference batch job, not training"),
        ("用 bge-reranker 给 200 万条查询文档对重排", "给200万对查询–文档做重排是推理批处理任务"),
        ("對 200 萬條查詢結果做重排序，用 bge-reranker-large", "給200萬對查詢–文件做重排是推理批處理任務"),
    ],
)  # fmt: skip
def test_reranking_pairs_is_an_inference_batch_job_counted_in_pairs(
    real: Consultant, message: str, said: str
) -> None:
    text = real.handle("e4", message).text.replace("*", "")
    assert said in text and "I size GPU rentals" not in text
