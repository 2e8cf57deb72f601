"""Tokens per word, per Chinese character, per page and per hour of speech (knowledge/data/settings.yaml
`text_units`, sourced): the one place a dataset counted in words, 字, pages or hours of transcripts becomes
tokens. The parser reads it through `text_units()`, the replies state the ratio and its source."""

from __future__ import annotations

import functools
from pathlib import Path

from pydantic import Field

from knowledge.base import Source, Strict, read_yaml, validate


class TextUnits(Strict):
    tokens_per_word: float = Field(gt=0)  # an English word
    tokens_per_chinese_character: float = Field(gt=0)
    words_per_page: float = Field(gt=0)  # a single-spaced page, when no length per page is said
    words_per_speech_hour: float = Field(gt=0)  # transcribed speech, at a conversational rate
    short_dialogue_turns: float = Field(gt=0)  # a short chat dialogue of unknown length: its turns
    short_dialogue_words_per_turn: float = Field(gt=0)  # and words per turn
    # Visual tokens one image becomes in a vision-language model (LLaVA-1.5: 576 for a 336px image): the
    # example the question about images counted as data gives; never applied without being said.
    visual_tokens_per_image: float = Field(gt=0)
    # A speech model's audio (Whisper): the encoder reads fixed windows of audio, each this many positions.
    audio_window_seconds: float = Field(gt=0)
    encoder_positions_per_window: float = Field(gt=0)

    @property
    def audio_positions_per_hour(self) -> float:
        return 3600 / self.audio_window_seconds * self.encoder_positions_per_window

    @property
    def tokens_per_short_dialogue(self) -> float:
        return self.short_dialogue_turns * self.short_dialogue_words_per_turn * self.tokens_per_word

    @property
    def tokens_per_page(self) -> float:
        return self.words_per_page * self.tokens_per_word

    @property
    def tokens_per_speech_hour(self) -> float:
        return self.words_per_speech_hour * self.tokens_per_word

    sources: tuple[Source, ...] = Field(min_length=1)


def load_text_units(path: Path) -> TextUnits:
    return validate(TextUnits, (read_yaml(path) or {}).get("text_units"), path, "text_units")


@functools.cache
def text_units() -> TextUnits:
    """The packaged ratios, read and validated once."""
    from knowledge.load import DATA_DIR

    return load_text_units(DATA_DIR / "settings.yaml")


__all__ = ["TextUnits", "load_text_units", "text_units"]
