"""Data said in pages ("3000 篇论文，每篇大约 10 页", "5,000 pages of manuals") or in hours of transcribed
speech ("500 小时的会议录音转写稿", "300 hours of call-center transcripts") is planned at a typical page's or
hour's tokens, and the reply says the rate it took: no endless "how many tokens each?"."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from knowledge.text_units import text_units


def test_papers_of_some_pages_each_are_planned_at_a_pages_tokens(real: Consultant) -> None:
    real.handle("p1", "用 QLoRA 微调 Qwen 14B，语料是 3000 篇论文，每篇大约 10 页")
    turn = real.handle("p1", "训两轮，月底前")
    assert turn.payload["recommendation"] is not None
    assert turn.payload["slots"]["tokens"] == 3000 * 10 * text_units().tokens_per_page
    assert "按页数折算：每页约 665 token" in turn.text


def test_contracts_in_traditional_chinese_are_planned_too(real: Consultant) -> None:
    real.handle("p2", "幫我看看 QLoRA 微調 70B 要什麼卡")
    turn = real.handle("p2", "資料是 1 萬份合約，每份大約 20 頁，一個月內，1 個 epoch")
    assert turn.text.startswith("*推薦方案*")
    assert "按頁數折算" in turn.text


def test_pages_counted_alone_are_a_dataset(real: Consultant) -> None:
    turn = real.handle("p3", "LoRA fine-tune 7B on 5,000 pages of manuals, 3 epochs, within a week")
    assert turn.text.startswith("*Recommended:*")
    assert "3.33M tokens (counted in pages: ~665 tokens a page" in turn.text


def test_a_length_per_page_said_is_used_instead(real: Consultant) -> None:
    turn = real.handle("p4", "LoRA 7B，3 万个 PDF，平均每个 20 页，每页 600 字，一周内")
    assert turn.payload["slots"]["tokens"] == 30000 * 20 * 600 * text_units().tokens_per_chinese_character
    assert "按页数折算" not in turn.text


def test_hours_of_transcripts_are_planned_at_a_conversational_rate(real: Consultant) -> None:
    turn = real.handle("h1", "Fine-tune Llama 3 8B with QLoRA on 300 hours of call-center transcripts")
    assert turn.payload["slots"]["tokens"] == 300 * text_units().tokens_per_speech_hour
    assert "(from hours of speech: ~12K tokens an hour" in turn.text
    real.handle("h2", "用 500 小时的会议录音转写稿做 LoRA 微调，模型 7B")
    done = real.handle("h2", "越快越好，钱不是问题")
    assert done.text.startswith("*推荐方案*")
    assert "按录音时长折算" in done.text


def test_hours_that_are_a_schedule_stay_a_schedule(real: Consultant) -> None:
    turn = real.handle("h3", "LoRA 7B，数据 1 亿 token，每天训练 8 小时，一共 10 天")
    assert turn.payload["slots"]["days"] == 10
    assert turn.payload["slots"]["tokens"] == 1e8


def test_short_chats_of_unknown_length_are_planned_at_a_typical_dialogues_tokens(real: Consultant) -> None:
    real.handle("p9", "QLoRA a 14B on 60k customer conversations in 10 days")
    turn = real.handle("p9", "no idea tbh, they're short support chats")
    assert turn.payload["recommendation"] is not None
    assert turn.payload["slots"]["tokens"] == 60_000 * text_units().tokens_per_short_dialogue
    assert "short chat dialogues of unknown length: ~281 tokens each" in turn.text
    real.handle("p10", "全参微调 1.5B，数据 4 万条，两周内")
    zh = real.handle("p10", "不太清楚，都是很短的问答")
    assert "长度不详的短对话按典型长度估算：每段约 281 token" in zh.text


def test_a_length_not_known_of_samples_not_said_to_be_short_chats_is_still_asked(real: Consultant) -> None:
    real.handle("p11", "LoRA a 7B on 20k legal documents in a week")
    turn = real.handle("p11", "not sure, they're contracts")
    assert turn.payload["slots"].get("tokens") is None


def test_hours_of_audio_for_a_speech_model_are_its_encoders_audio_positions_not_transcript_text(
    real: Consultant,
) -> None:
    per_hour = text_units().audio_positions_per_hour
    turn = real.handle("a1", "fine-tune whisper large-v3 (1.55B) on 1200 hours of audio, within a week")
    assert turn.payload["slots"]["tokens"] == pytest.approx(1200 * per_hour)
    assert (
        "hours of audio for a speech model, not transcript text: ~180K audio positions an hour" in turn.text
    )
    zh = real.handle("a2", "我们要训练一个 600M 的语音识别模型，有 5000 小时的录音，两周内")
    assert zh.payload["slots"]["tokens"] == pytest.approx(5000 * per_hour)
    assert "这是语音模型的音频时长，不是转写文本" in zh.text
    hant = real.handle("a3", "微調 Whisper（15 億參數），用 800 小時的客服錄音，一週內")
    assert hant.payload["slots"]["tokens"] == pytest.approx(800 * per_hour)
    assert "這是語音模型的音訊時長" in hant.text or "這是語音模型的音頻時長" in hant.text


def test_transcripts_from_speech_recognition_for_a_text_model_stay_transcript_tokens(
    real: Consultant,
) -> None:
    turn = real.handle("a4", "LoRA 7B on 400 hours of ASR transcripts of support calls")
    assert turn.payload["slots"]["tokens"] == pytest.approx(400 * text_units().tokens_per_speech_hour)


def test_hours_of_video_are_no_transcript_tokens_and_what_they_hold_is_asked(real: Consultant) -> None:
    turn = real.handle("a5", "fine-tune a 7B video model on 1000 hours of video in two weeks")
    assert turn.payload["slots"].get("tokens") is None
    assert "“1000 hours” of video is no text" in turn.text and "How many video clips" in turn.text
    zh = real.handle("a6", "7B 多模态模型，500 小时视频，两周")
    assert zh.text.startswith("“500 小时”是视频，不是文本")


def test_hours_a_speech_model_trains_on_are_its_data_not_the_deadline(real: Consultant) -> None:
    per_hour = text_units().audio_positions_per_hour
    turn = real.handle("a7", "fine-tune whisper-large-v3 (1.55B) on 2000 hours of Mandarin")
    assert turn.payload["slots"]["days"] is None
    assert turn.payload["slots"]["tokens"] == pytest.approx(2000 * per_hour)
    zh = real.handle("a8", "微调 whisper（7.69亿参数），数据 1000 小时，一周内")
    assert (zh.payload["slots"]["days"], zh.payload["slots"]["tokens"]) == (7, pytest.approx(1000 * per_hour))
    deadline = real.handle("a9", "fine-tune whisper (1.5B) on our calls, must finish within 48 hours")
    assert deadline.payload["slots"]["days"] == 2 and deadline.payload["slots"].get("tokens") is None
