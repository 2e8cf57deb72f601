"""The FAQ search's reading of a question: the same text every time it is read, whatever was read before."""

from __future__ import annotations

import unicodedata

from knowledge.query_text import _converters, looks_like_spec, normalize


def _read_afresh(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    for converter in _converters():
        text = converter.convert(text)
    return text


def test_a_question_read_again_or_after_another_reads_the_same() -> None:
    questions = [
        "伺服器網路頻寬要多少？",
        "ＬｏＲＡ和全參數微調差多少",
        "What is FP8?",
        "按量付费和包年包月哪个划算",
    ]
    for _ in range(2):
        for question in questions + questions[::-1]:
            assert normalize(question) == _read_afresh(question)
            assert normalize(question) == _read_afresh(question)


def test_a_stated_workload_is_told_apart_after_a_question_was_read() -> None:
    assert not looks_like_spec("按量付费和包年包月哪个划算？")
    assert looks_like_spec("用8张H100训练70亿参数模型，数据500GB")
    assert not looks_like_spec("按量付费和包年包月哪个划算？")
