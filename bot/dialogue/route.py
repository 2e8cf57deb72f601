"""What one understood message may change in the working slots, and how it is routed."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from bot.dialogue.state import DialogueState
from bot.dialogue.understand import Understood

# Slots a question (FAQ digression) may never set: naming a GPU in a question is not choosing it.
# A question names a GPU or a technique without choosing it ("ZeRO-2 or ZeRO-3?", "A100 vs H100?").
QUESTION_NEVER_SETS = ("gpu", "gpu_count", "stack", "recompute", "offload", "low_memory")
# "能训多大的模型" / "how big a model can we train": for parsers without the "capacity" intent.
CAPACITY_WORDS = re.compile(r"多大的?模型|多大模型|最大.{0,6}模型|how (big|large) a model", re.IGNORECASE)
# A message that quotes a wrong GPU figure ("what about H100 160GB?") is answered with the
# correction and leaves the plan alone, unless it also clearly asks to switch GPUs ("改用H100").
SWITCH_WORDS = re.compile(
    r"改用|换成|換成|改成|换用|換用|改为|改為|切换到|切換到|switch(es|ing)? (over )?to|move to|go with"
    r"|change (it |the gpus? )?to|let'?s use|use .{1,40} instead|instead of",
    re.IGNORECASE,
)
# Kinds of kb.factcheck corrections that mean the GPU the user named is not a real product as stated.
WRONG_PRODUCT_KINDS = ("nonexistent", "wrong", "sparse")
# What such a message may not set: its GPU and count, and a size that may be the misquoted memory.
CORRECTED_NEVER_SETS = ("gpu", "gpu_count", "tokens", "data_bytes")


def count_on_current_gpu(state: DialogueState, u: Understood) -> dict[str, Any]:
    """ "What if only 8 GPUs?" after a plan means 8 of the plan's GPU type (the engine plans a
    count only for a named GPU), not a fresh search that repeats the previous plan."""
    last = state.last or {}
    if (
        u.intent != "whatif"
        or u.count_limit  # "如果只能用 16 张卡": a ceiling on any GPU type (dialogue.recommend)
        or u.said.get("gpu_count") is None
        or u.said.get("gpu")
        or state.slots.get("gpu")
        or not last.get("gpu")
    ):
        return u.said
    return {**u.said, "gpu": last["gpu"]}


def keep_plan_on_correction(text: str, said: dict[str, Any], kinds: list[str]) -> dict[str, Any]:
    """The slots a message may still set when it quotes a wrong GPU figure: all of them when it
    asks to switch ("switch to H100 80GB"), otherwise none of the GPU/count/data slots."""
    if not any(k in WRONG_PRODUCT_KINDS for k in kinds) or SWITCH_WORDS.search(text):
        return said
    return {name: value for name, value in said.items() if name not in CORRECTED_NEVER_SETS}


def asks_capacity(text: str) -> bool:
    return bool(CAPACITY_WORDS.search(text))


def weighed(text: str) -> set[str]:
    """The slots a message names two or more values of ("BF16 跟 FP8 差在哪？", "LoRA or full
    fine-tuning?"): a question that weighs them chooses neither."""
    from bot.nlu.lexicon import METHODS, PRECISIONS, find_phrase, has_cue
    from bot.nlu.text import normalise

    t = normalise(text).lower
    out = set()
    if len({value for phrase, value in PRECISIONS if find_phrase(t, phrase) != -1}) >= 2:
        out.add("precision")
    if len({method for method, phrases in METHODS if has_cue(t, phrases)}) >= 2:
        out.add("method")
    return out


def fills_only(state: DialogueState, said: dict[str, Any], text: str = "") -> dict[str, Any]:
    """What a question may add to the working slots: values for empty slots, never a GPU choice, nor
    one of two values it weighs."""
    slots = state.slots
    compared = weighed(text) if text else set()
    has_data = slots.get("tokens") is not None or slots.get("data_bytes") is not None
    return {
        name: value
        for name, value in said.items()
        if name not in QUESTION_NEVER_SETS
        and name not in compared
        and slots.get(name) is None
        and not (name in ("tokens", "data_bytes") and has_data)
    }


# "ok, different project: ...": the message starts a new consultation, whatever it repeats.
NEW_REQUEST_WORDS = re.compile(
    r"different project|new project|another project|different model|another model|something else"
    r"|new request|new job|another job|换个项目|換個項目|另一个项目|另一個項目|新项目|新項目"
    r"|新專案|另一個專案|另外一个|另外一個|换个需求|換個需求|新需求|另一个任务|另一個任務",
    re.IGNORECASE,
)
# Back to the job a new request set aside ("回到第一个，改成 3 个 epoch", "回到剛剛預訓練那個",
# "back to the first one"). "The previous plan" is an undo (dialogue.consultant._undo), not this.
BACK_TO_ASIDE = re.compile(
    r"回到(第一个|第一個|最开始|最開始|最初|原来那|原來那|之前那|之前的需求|之前的任务|前面那|刚才|剛才|刚刚|剛剛)"
    r"|(back to|return to|go back to) (the )?(first|earlier|original|other|1st|older)"
    r" (one|job|project|request|plan|model|run)",
    re.IGNORECASE,
)
# Which job set aside: the first one asked for ("back to the first one", "回到最开始那个"), else the latest.
FIRST_JOB = re.compile(r"first|1st|original|第一|最开始|最開始|最初|一开始|一開始", re.IGNORECASE)
# Intents that change the current plan rather than start another one.
CHANGES_THE_PLAN = ("whatif", "correction", "reset", "explain", "skip")


def starts_over(state: DialogueState, u: Understood, text: str) -> bool:
    """A complete new request in a conversation that already has one: a different model with its
    data ("pretrain a 1B model on 100B tokens" after a 7B plan), or any request after "different
    project". What-ifs and corrections change the plan instead."""
    slots = state.slots
    if slots.get("params") is None or u.intent in CHANGES_THE_PLAN or not u.said:
        return False
    if NEW_REQUEST_WORDS.search(text):
        return True
    new_params = u.said.get("params")
    has_data = u.said.get("tokens") is not None or u.said.get("data_bytes") is not None
    return u.intent == "size" and new_params is not None and has_data and new_params != slots.get("params")


# "what did you assume?", "summarize what I asked for", "总结一下我的需求": the conversation so far,
# restated.
RECAP_WORDS = re.compile(
    r"\b(?:recap|sum(?:marize|marise|mary)"
    r"|what (?:have|did) i (?:tell|told|say|said|ask|asked)"
    r"|what do you have so far|where are we|remind me (?:what|of)|what(?:'s| is) the plan again"
    r"|show (?:me )?the plan again|what did you understand)\b"
    r"|总结一下|汇总一下|回顾一下|概括一下|复述|我(?:的|们的)需求是(?:什么|啥)|你理解的需求"
    r"|你(?:是)?怎么理解|我们说到哪|目前的?(?:需求|方案)是|(?:方案|需求)再(?:说|发|列)一(?:遍|下)",
    re.IGNORECASE,
)


# "what did you assume?", "做了哪些假设": the math with every assumption in it (the explain answer).
ASSUMPTION_WORDS = re.compile(
    r"\b(?:what (?:did|do|are) you assum\w*|(?:your|the|those|these|any) assumptions?|assum\w* about)\b"
    r"|(?:做了|有)哪些假设|假设了(?:什么|哪些|啥)|你(?:的)?假设|默认了(?:什么|哪些|啥)|按(?:什么|啥|哪些)(?:假设|前提)",
    re.IGNORECASE,
)


def asks_assumptions(text: str) -> bool:
    from bot.nlu.text import normalise

    return bool(ASSUMPTION_WORDS.search(normalise(text).lower))


def asks_recap(text: str) -> bool:
    from bot.nlu.text import normalise

    return bool(RECAP_WORDS.search(normalise(text).lower))


# "用英文语料微调", "用中文数据": the language of the data trained on, not of the reply.
_DATA_AFTER = r" ?(?:的)? ?(?:语料|数据|资料|文本|data|text|corpus)"

# "can you answer in English?", "请用中文回答", "用繁體中文回覆": the language asked for, by its reply code.
# Read on the simplified text, so 繁體 is 繁体 here.
LANGUAGE_ASKED = (
    (
        "zh-Hant",
        re.compile(r"繁体|正体|台湾(?:的)?(?:用语|中文)|traditional chinese", re.IGNORECASE),
    ),
    (
        "en",
        re.compile(
            r"\b(?:answer|reply|respond|speak|write|talk|switch|continue|go)(?: back)?(?: to)?(?: me)?"
            r"(?: in)? english\b|\bin english,? (?:please|pls)\b|\benglish,? (?:please|pls)\b"
            rf"|(?:用|说|讲|改成|换成|切换到?|改用)(?:英文|英语)(?!{_DATA_AFTER})"
            r"|(?:英文|英语)(?:回答|回复|答复|交流|说)",
            re.IGNORECASE,
        ),
    ),
    (
        "zh-Hans",
        re.compile(
            r"\b(?:answer|reply|respond|speak|write|talk|switch)(?: to)?(?: me)?(?: in)?"
            r" (?:simplified )?chinese\b"
            rf"|(?:用|说|讲|改成|换成|切换到?|改用)(?:简体)?中文(?!{_DATA_AFTER})"
            r"|中文(?:回答|回复|答复|交流)|简体",
            re.IGNORECASE,
        ),
    ),
)
# A language request is a short message of its own, not a data description ("中文语料 5GB").
LANGUAGE_ASK_CHARS = 60


# A word every LANGUAGE_ASKED cue holds, in either script: a message with none of them asks for no
# language, and is not normalised clause by clause to find out.
_LANGUAGE_WORDS = (
    "english", "chinese", "中文", "英文", "英语", "英語", "繁", "正体", "正體", "台湾", "台灣", "简体",
    "簡體",
)  # fmt: skip
_LANGUAGE_WORD = re.compile("|".join(map(re.escape, _LANGUAGE_WORDS)))  # any of them, one C-level search


def reply_language_asked(text: str) -> str | None:
    """The reply language a message asks for, also beside a request ("请用中文回答：LoRA 微调 8B…"): a
    clause of its own that asks it and holds no figure ("用中文语料 5GB" describes data, asks nothing)."""
    folded = unicodedata.normalize("NFKC", text).lower()
    if _LANGUAGE_WORD.search(folded) is None:
        return None
    whole = language_asked(text)
    if whole is not None and not re.search(r"\d", text):
        return whole
    clauses = re.split(r"[:：，,。.!！?？;；\n]", text)
    return next(
        (lang for c in clauses if not re.search(r"\d", c) and (lang := language_asked(c)) is not None), None
    )


def language_asked(text: str) -> str | None:
    from bot.nlu.text import normalise

    if len(text) > LANGUAGE_ASK_CHARS:
        return None
    t = normalise(text).lower
    return next((lang for lang, cue in LANGUAGE_ASKED if cue.search(t)), None)
