"""Which script and language a message is written in, and the OpenCC converters.

The one owner in bot/ of these language concepts: Chinese-character detection, simplified vs
traditional script (and when the characters cannot tell them apart), the reply language of a
mostly-English message that names a Chinese cloud, and the OpenCC converters (each configuration
built once per process). knowledge/ may not import bot/; its search tokeniser keeps its own
phrase-level tw2sp converter (knowledge/query_text.py), which the parser cannot use because it
changes the text's length.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import opencc

Config = Literal["t2s", "s2t", "s2twp", "tw2sp"]

# Common English words: a message with enough of them is written in English even when it names
# 阿里云 or 腾讯云. Technical words (LoRA, H100, DeepSpeed, Qwen) are not here: Chinese messages
# use them all the time.
ENGLISH_WORDS = frozenset(
    """a about after all also am an and any are as at be been before but by can could do does
    don't for from get got had has have how i i'm if in into is it it's its just like many me more
    most much my need needs no not now of on one or our out over per please right should so some
    than that the their them then there these they this those to too under up us use using very
    want was we we're we've were what what's when where which while who why will with within would
    you your price prices cost costs cheap cheaper cheapest expensive hour hours hourly month months
    monthly day days week weeks rent renting buy train training fine tune tuning model models data
    run running serve serving deploy budget deadline team fast faster better best enough fit fits
    compare versus between time long big much reliable good worth cloud clouds provider providers
    region available""".split()
)
# The English words of the trade that Chinese writers type inside Chinese sentences ("用 LoRA
# fine-tune 一个 7B model，data 大概 10k samples", "budget 大概 2w，想 train 一個 3B 的 model"):
# beside Chinese grammar they are loanwords and do not make the message English; beside Chinese names
# only ("Which is cheaper, 阿里云 or 腾讯云?") they still count.
LOANWORDS = frozenset(
    """price prices cost costs hour hours hourly rent renting buy train training fine tune tuning model
    models data run running serve serving deploy budget deadline team cloud clouds provider providers
    region available""".split()
)
# Characters of Chinese grammar (pronouns, particles, measure words, common verbs): Chinese that is more
# than a name ("阿里云", "腾讯云" have none).
CHINESE_GRAMMAR = frozenset(
    "想用要的个個我们們能吗嗎是在有哪么麼啥够夠不就都也这這那可做跑帮幫给給把了还還概跟和"
)
PHRASES_FILE = Path(__file__).with_name("zh_hant_phrases.json")
MIN_ENGLISH_WORDS = 3  # fewer than this and the Chinese decides
MAX_SCAN_CHARS = 2000  # script and language are settled well within a message's first paragraph
# Taiwan words written with characters both scripts share (the mainland says 支持, 程序, 服务器, 性能, 算法,
# 用户, 界面): Chinese that the characters cannot place, but these words can ("有哪些卡支援 FP8").
TAIWAN_WORDS = ("支援", "程式", "伺服器", "效能", "演算法", "使用者", "介面", "晶片")
# Script-specific characters of the minority script at least 1/MIXED_SHARE of the majority's: mixed.
MIXED_SHARE = 2
# Words that open an English question: with one more English word after them the Latin text is a
# sentence ("what about int4?", "how about 200 users?"), not a name or a figure typed in any language.
QUESTION_OPENERS = frozenset(
    "what what's how which why where when who can could does do is are will would should".split()
)
# The verdict a yes/no question asks for ("a 3060 12gb ok for qlora 7b?", "4090 enough for 13b lora?", "A10
# fine for that?"): with one more English word beside it, a question mark makes the Latin text an English
# question. "ok" or "fine" alone, or a name and a figure ("ok, H100", "and 8?"), are still no sentence.
VERDICT_WORDS = frozenset("ok okay fine enough fit fits work works handle possible doable feasible".split())
# Chinese sentence-final particles: beside names and figures alone ("4090 呢", "H100 吗？") they add no
# language of their own, and the conversation's language answers the message.
PARTICLES = frozenset("呢吗嗎吧啊呀嘛哦噢呗唄")


def is_cjk(ch: str) -> bool:
    """A CJK unified ideograph (the basic block or extension A)."""
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


_CJK = re.compile("[\u4e00-\u9fff\u3400-\u4dbf]")  # is_cjk, for a whole text at once


def has_cjk(text: str) -> bool:
    return _CJK.search(text, 0, MAX_SCAN_CHARS) is not None


@functools.cache
def converter(config: Config) -> opencc.OpenCC:
    """An OpenCC converter, built on first use and shared: t2s (reading), s2t, s2twp (Taiwan
    characters and phrases, for replies), tw2sp."""
    return opencc.OpenCC(config)


# Taiwan's words that t2s turns into simplified characters but not into the mainland word the rules read,
# each the same length as its mainland word so offsets stay valid (頻寬 → 频宽, read as 带宽).
TAIWAN_WORDS_SAME_LENGTH = {"频宽": "带宽"}
# Cantonese question forms (after t2s), each the same length as the Mandarin form the rules read: "8 張 A100
# 夠唔夠 fine-tune 70B" reads as 够不够, "H100 租一個月幾多錢" as 多少钱, "LoRA 7B 要幾耐" as 要多久. Longer
# forms first (几多钱 before 几多). Looked for only when 唔 or 几 is in the text.
CANTONESE_SAME_LENGTH = {
    "够唔够": "够不够", "得唔得": "行不行", "使唔使": "要不要", "驶唔驶": "要不要", "系唔系": "是不是",
    "啱唔啱": "对不对", "可唔可以": "可不可以", "能唔能": "能不能", "几多钱": "多少钱", "几多": "多少",
    "几耐": "多久",
}  # fmt: skip


def to_simplified(text: str) -> str:
    """Traditional to simplified, character for character, so offsets into `text` stay valid.
    OpenCC's phrase tables may change the length; then each character is converted alone."""
    if text.isascii():
        return text  # OpenCC's tables map Chinese only: ASCII comes back as it went in
    t2s = converter("t2s")
    simplified = str(t2s.convert(text))
    if len(simplified) != len(text):
        simplified = "".join(str(t2s.convert(ch)) or ch for ch in text)
        if len(simplified) != len(text):
            return text
    for taiwan, mainland in TAIWAN_WORDS_SAME_LENGTH.items():
        if taiwan in simplified:
            simplified = simplified.replace(taiwan, mainland)
    if "唔" in simplified or "几" in simplified:
        for cantonese, mandarin in CANTONESE_SAME_LENGTH.items():
            if cantonese in simplified:
                simplified = simplified.replace(cantonese, mandarin)
    return simplified


def to_traditional(text: str) -> str:
    """Simplified to traditional with Taiwan characters and phrases: OpenCC s2twp, with the terms it
    mistranslates kept out of it and its other slips fixed (bot/nlu/zh_hant_phrases.json)."""
    protect, fix = _hant_phrases()
    for i, term in enumerate(protect):
        text = text.replace(term, _placeholder(i))
    converted = str(converter("s2twp").convert(text))
    for i, form in enumerate(protect.values()):
        converted = converted.replace(_placeholder(i), form)
    for wrong, right in fix.items():
        converted = converted.replace(wrong, right)
    return converted


def _placeholder(i: int) -> str:
    return chr(0xE000 + i)  # a private-use character: s2twp passes it through untouched


@functools.cache
def _hant_phrases() -> tuple[dict[str, str], dict[str, str]]:
    """(terms kept out of s2twp -> their Taiwan form, fix-ups of s2twp's output); reasons in the file."""
    raw = json.loads(PHRASES_FILE.read_text(encoding="utf-8"))
    return dict(raw["protect"]), dict(raw["fix"])


@dataclass(frozen=True, slots=True)
class ScriptRead:
    script: str  # zh-Hans | zh-Hant | en
    lang: str  # zh | en: the language to answer in
    # Chinese whose characters read the same in both scripts ("改成13B", "好的"), or Latin text with
    # fewer than MIN_ENGLISH_WORDS common English words ("2 epochs", "ASAP"): the script is a guess
    # (zh-Hans / en) and the dialogue should follow the previous turn or the Slack locale.
    ambiguous: bool = False
    # Latin names and figures ("and 8?", "70B", "no deadline"): no language of its own (has_own_language
    # also counts Chinese particles beside names), so a conversation answers in its own language.
    languageless: bool = False


def read_script(text: str, simplified: str | None = None) -> ScriptRead:
    """Script and reply language of `text`. `simplified` is to_simplified(text) when the caller
    already has it. Traditional wins when it has at least as many script-specific characters as
    simplified; English wins over Chinese when the English words outnumber the Chinese characters
    ("Which is cheaper, 阿里云 or 腾讯云?")."""
    head = text[:MAX_SCAN_CHARS]
    cjk = len(_CJK.findall(head))
    if not cjk:
        # Numbers, names and a word or two ("2 epochs", "no deadline", "8x H100", "help") are written
        # the same in any conversation: the language is a guess, the conversation's own wins.
        neutral = not _english_sentence(head)
        return ScriptRead("en", "en", ambiguous=neutral, languageless=neutral)
    grammar = not CHINESE_GRAMMAR.isdisjoint(head)
    if _english_words(head, loanwords=not grammar) >= max(MIN_ENGLISH_WORDS, cjk / 2):
        return ScriptRead("en", "en")  # answered in English, whatever script the names are in
    simp = to_simplified(head) if simplified is None else simplified[: len(head)]
    # Counted character by character only when some character differs (a string compare in C first).
    traditional = 0 if simp == head else sum(1 for a, b in zip(head, simp, strict=False) if a != b)
    hans = str(converter("s2t").convert(head))
    if hans == head:
        simplified_only = 0
    elif traditional == 0 or len(hans) != len(head):
        # Beside no traditional character, only whether there is a simplified one decides what follows.
        simplified_only = 1
    else:
        simplified_only = sum(1 for a, b in zip(head, hans, strict=False) if a != b)
    if traditional == 0 and simplified_only == 0:
        if any(word in head for word in TAIWAN_WORDS):
            return ScriptRead("zh-Hant", "zh")
        return ScriptRead("zh-Hans", "zh", ambiguous=True)
    # Both scripts mixed about evenly ("数据1.2萬條", an IME switched mid-sentence): a guess, and a
    # conversation keeps the script it has.
    mixed = min(traditional, simplified_only) * MIXED_SHARE >= max(traditional, simplified_only)
    return ScriptRead("zh-Hant" if traditional >= simplified_only else "zh-Hans", "zh", ambiguous=mixed)


# Letters (and apostrophes) not glued to a digit on either side: "h100" and "8x" are names, not words.
_WORD = re.compile(r"(?<![0-9a-z'])[a-z']+(?![0-9a-z'])")


def _english_words(text: str, loanwords: bool = True) -> int:
    """The common English words in `text`; without `loanwords`, not the trade's words Chinese borrows."""
    return sum(
        1
        for word in _WORD.findall(text.lower())
        if word in ENGLISH_WORDS and (loanwords or word not in LOANWORDS)
    )


def _english_sentence(text: str) -> bool:
    """Latin text written as English: MIN_ENGLISH_WORDS common words, a question opener and one more ("what
    about int4?"), or a verdict asked with one more ("a 3060 12gb ok for qlora 7b?"); "3 epochs", "no
    deadline" and "and 8?" are not."""
    words = _WORD.findall(text.lower())
    english = [word for word in words if word in ENGLISH_WORDS]
    if len(english) >= MIN_ENGLISH_WORDS:
        return True
    first = _WORD.search(text.lower())
    if len(english) >= 2 and first is not None and first.group() in QUESTION_OPENERS:
        return True
    # "a 3060 12gb ok for qlora 7b?": a verdict asked with another English word, as a question
    verdict = [word for word in words if word in VERDICT_WORDS]
    return bool(verdict) and len({*english, *verdict}) >= 2 and "?" in text


def has_own_language(text: str) -> bool:
    """False for names, figures and at most a Chinese particle ("4090 呢", "H100 吗？", "and 8?",
    "70B"): the conversation's language answers such a message; any other text is answered in its own."""
    read = read_script(text)
    if read.lang == "en":
        return not read.languageless
    return not all(ch in PARTICLES for ch in _CJK.findall(text, 0, MAX_SCAN_CHARS))


def script_neutral(text: str) -> bool:
    """True when `text` says nothing about the conversation's script: Chinese that reads the same in
    simplified and traditional script, or Latin text that is not English sentences."""
    return read_script(text).ambiguous


__all__ = [
    "ScriptRead",
    "converter",
    "has_cjk",
    "has_own_language",
    "is_cjk",
    "read_script",
    "script_neutral",
    "to_simplified",
    "to_traditional",
]
