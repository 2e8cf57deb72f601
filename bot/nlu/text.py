"""Normalisation before any rule runs: bounded length, NFKC, no control characters, simplified
Chinese, and a same-length lower-case copy so spans found in one index the other."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from bot.nlu.script import read_script, to_simplified

# A sizing request is a few sentences; Slack caps a message at 40k characters. Everything past
# this many characters is ignored so a pasted log cannot make parsing slow.
MAX_CHARS = 4000
# NFKC may expand a character (e.g. ligatures), so the raw input is cut first, more generously.
MAX_RAW_CHARS = 4 * MAX_CHARS


@dataclass(frozen=True, slots=True)
class Text:
    original: str  # after NFKC and cleaning, before t2s (script detection reads this)
    simplified: str  # t2s of `original`
    lower: str  # `simplified`, lower-cased character by character (same length)
    script: str  # zh-Hans | zh-Hant | en
    lang: str  # zh | en
    script_ambiguous: bool = False  # Chinese that reads the same in both scripts


class _PerCharacter(dict[int, str]):
    """A str.translate table filled in as characters are first met, so a text is mapped in C and a
    character's rule runs once per process; cleared past MAX_CACHED characters (hostile text may
    bring many distinct ones)."""

    MAX_CACHED = 20_000

    def __init__(self, rule: Callable[[str], str]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, code: int) -> str:
        if len(self) >= self.MAX_CACHED:
            self.clear()
        mapped = self[code] = self.rule(chr(code))
        return mapped


def _space_if_invisible(ch: str) -> str:
    cat = unicodedata.category(ch)
    # Control, format (zero-width, bidi overrides), surrogates and private use become spaces.
    return " " if cat[0] == "C" or cat == "Zs" else ch


def _lower_char(ch: str) -> str:
    low = ch.lower()
    return low if len(low) == 1 else ch  # the same length: spans found in one index the other


_CLEAN = _PerCharacter(_space_if_invisible)
_LOWER = _PerCharacter(_lower_char)


# Common misspellings of the English words the rules read, typed fast in Slack ("cheapst gpu that can
# fine tune a 1.5B?"): each is mended before any rule runs, as a whole word, so every reader sees the word.
TYPOS = {
    "cheapst": "cheapest", "cheapset": "cheapest", "chepest": "cheapest", "cheepest": "cheapest",
    "cheapeast": "cheapest", "chaepest": "cheapest", "cheaptest": "cheapest", "chepaest": "cheapest",
    "cheeper": "cheaper", "chepaer": "cheaper", "cheapr": "cheaper",
    "traning": "training", "trainig": "training", "trianing": "training", "trainning": "training",
    "finetunning": "finetuning", "fine-tunning": "fine-tuning", "finetuen": "finetune",
    "inferance": "inference", "infrence": "inference", "inferece": "inference", "infernce": "inference",
    "memroy": "memory", "memmory": "memory", "memeory": "memory", "vrma": "vram",
    "recomend": "recommend", "reccomend": "recommend", "recommand": "recommend",
    "pirce": "price", "prcie": "price", "deploymnet": "deployment", "deplyo": "deploy",
    "paramters": "parameters", "parmeters": "parameters", "paramaters": "parameters",
    "trian": "train", "pretrian": "pretrain", "pre-trian": "pre-train",
    "scrach": "scratch", "scracth": "scratch", "sratch": "scratch", "modle": "model", "moddel": "model",
    "wich": "which", "whcih": "which", "fintune": "finetune", "fine-tuen": "fine-tune",
    "lroa": "lora", "loar": "lora", "qlroa": "qlora", "qloar": "qlora", "pretarin": "pretrain",
    "tokns": "tokens", "toknes": "tokens", "tokesn": "tokens",
    "epocs": "epochs", "epoches": "epochs", "epcohs": "epochs", "eopchs": "epochs", "ephocs": "epochs",
    "epohcs": "epochs", "epoc": "epoch", "epcoh": "epoch",
    # the words of a question: "whats the diffrence between…", "which is more expensve", "how mcuh"
    "diffrence": "difference", "diference": "difference", "differnce": "difference",
    "differance": "difference", "difrence": "difference", "diffrences": "differences",
    "diferences": "differences", "differances": "differences", "diffrent": "different",
    "diferent": "different", "differnt": "different", "betwen": "between", "beetween": "between",
    "compair": "compare", "comparision": "comparison", "comparsion": "comparison",
    "expensve": "expensive", "expencive": "expensive", "expnsive": "expensive",
    "availble": "available", "avaliable": "available", "avalable": "available", "bandwith": "bandwidth",
    "thoughput": "throughput", "throughtput": "throughput", "recomendation": "recommendation",
    "reccomendation": "recommendation", "perfomance": "performance", "enugh": "enough", "mcuh": "much",
    "muhc": "much", "waht": "what", "hwo": "how", "shoud": "should",
    # a negative auxiliary typed without its apostrophe: "isnt qlora the same speed as lora"
    "isnt": "isn't", "arent": "aren't", "doesnt": "doesn't", "dont": "don't", "didnt": "didn't",
    "cant": "can't", "wont": "won't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "couldnt": "couldn't",
    # the short forms of those words: "whats the diff between a100 and h100"
    "diff": "difference", "diffs": "differences",
    # the units of a timeline: "two wekes", "10 dyas", "a mnth"
    "wekes": "weeks", "weks": "weeks", "weeeks": "weeks", "weekss": "weeks", "wekks": "weeks", "weke": "week",
    "dyas": "days", "dasy": "days", "dayss": "days", "mnth": "month", "mnths": "months", "mth": "month",
    "mths": "months", "monhts": "months", "montsh": "months", "monht": "month", "huors": "hours",
    "horus": "hours",
}  # fmt: skip
# The words that count a dataset or a model, and the words of a question, typed with two neighbouring
# letters swapped ("20k sampels", "exmaples", "parmaeters", "tokesn", "comapre", "shuold"): each such slip
# is mended too. Only swaps, and only of words of six letters or more, so no slip is itself an English word.
SWAPPED_LETTER_WORDS = (
    "samples", "sample", "examples", "example", "tokens", "epochs", "parameters", "parameter", "params",
    "conversations", "dialogues", "billion", "million", "trillion", "pretrain", "finetune", "pretraining",
    "finetuning", "difference", "different", "between", "compare", "comparison", "expensive", "cheapest",
    "recommend", "available", "bandwidth", "throughput", "inference", "training", "enough", "should",
)  # fmt: skip


def _swaps(word: str) -> set[str]:
    return {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)} - {word}


# The job and question words typed with one letter left out ("finetun a 7b", "fintuning", "infrence",
# "paramters"): each such slip is mended too. Only long words whose every one-letter-short form is no
# English word ("training" loses its t to "raining", "pretrain" its p to "retrain", "samples" its s to
# "ample", so they stay out), and never the plural's last s ("parameter" is a word, not a slip).
DROPPED_LETTER_WORDS = (
    "finetune", "finetuning", "inference", "parameters", "throughput", "difference", "expensive",
    "recommend", "available", "bandwidth", "comparison",
)  # fmt: skip


def _drops(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))} - {word, word.removesuffix("s")}


for _word in SWAPPED_LETTER_WORDS:
    for _slip in _swaps(_word):
        TYPOS.setdefault(_slip, _word)
for _word in DROPPED_LETTER_WORDS:
    for _slip in _drops(_word):
        TYPOS.setdefault(_slip, _word)
_TYPO = re.compile(r"\b(?:" + "|".join(map(re.escape, TYPOS)) + r")\b", re.IGNORECASE)
# Each misspelling is lower-case letters, in words joined by hyphens. One that the pattern mends stands
# between word boundaries and lower-cases to it letter for letter, so the lower-cased message holds it, and
# its first word as a whole run of letters: a message without is not searched (the pattern tries every
# misspelling at every word, case-folded).
# A misspelling of another shape (a digit, a space) turns the gate off: every message is searched again.
_GATED = all(re.fullmatch("[a-z]+(?:-[a-z]+)*", typo) for typo in TYPOS)
_TYPOS_BY_HEAD: dict[str, tuple[str, ...]] = {}
for _typo in TYPOS:
    _TYPOS_BY_HEAD[_typo.split("-", 1)[0]] = (*_TYPOS_BY_HEAD.get(_typo.split("-", 1)[0], ()), _typo)
_LETTER_RUN = re.compile("[a-z]+")


def _may_have_typo(text: str) -> bool:
    if not _GATED:
        return True
    lower = text.lower()
    for run in _LETTER_RUN.findall(lower):
        typos = _TYPOS_BY_HEAD.get(run)
        if typos is not None and any(typo in lower for typo in typos):
            return True
    return False


# A Markdown table pasted into Slack, on one line or many: "| GPU | count | model |\n|---|---|---|\n| H100 |
# 16 | 34B |" (a header row over value rows), or "| params | 7e9 | tokens | 2e11 |" (labels and values side by
# side). Each value is written after its label ("GPU: H100; count: 16; model: 34B"), as a person reads it, so
# every rule sees a label next to its number.
_RULE_CELL = re.compile(r":?-{2,}:?")
_LABEL_CELL = 24  # a label is short and has no digit ("token数", "model size")


def _cells_read(cells: list[str]) -> str | None:
    rule = [i for i, c in enumerate(cells) if _RULE_CELL.fullmatch(c)]
    if rule:
        head, body = cells[: rule[0]], cells[rule[-1] + 1 :]
        if not head or len(rule) != len(head) or rule != list(range(rule[0], rule[0] + len(rule))):
            return None
        n = len(head)
        rows = [body[i : i + n] for i in range(0, len(body), n)]
        return ". ".join("; ".join(f"{k}: {v}" for k, v in zip(head, row, strict=False)) for row in rows)
    labels = cells[::2]
    if len(cells) % 2 or not all(len(k) <= _LABEL_CELL and not any(c.isdigit() for c in k) for k in labels):
        return None
    return "; ".join(f"{k}: {v}" for k, v in zip(labels, cells[1::2], strict=True))


def _tables_read(text: str) -> str:
    if text.count("|") < 3:
        return text  # no table (most messages)
    first, last = text.index("|"), text.rindex("|")
    cells = [c.strip() for c in text[first + 1 : last].split("|")]
    read = _cells_read([c for c in cells if c])
    return text if read is None else f"{text[:first]}{read}{text[last + 1 :]}"


def _clean(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw[:MAX_RAW_CHARS])[:MAX_CHARS]
    text = _tables_read(text.translate(_CLEAN))
    if not _may_have_typo(text):
        return text
    # The pattern ignores case as the regex engine folds it, which also takes a dotless ı or a
    # dotted İ for an i ("tranıng"): such a word has no entry and stays as written.
    return _TYPO.sub(lambda m: TYPOS.get(m.group(0).lower(), m.group(0)), text)


def _lower_same_length(text: str) -> str:
    return text.translate(_LOWER)  # character by character: no context rule (final sigma)


# The last message normalised, with its result: a turn normalises the same message in the parser
# and again in the answers that read it (OpenCC conversion is most of the cost). One entry, swapped
# as a whole tuple, so threads never see a half-written pair.
_LAST: tuple[str, Text] | None = None


def normalise(raw: str) -> Text:
    global _LAST
    last = _LAST
    if last is not None and last[0] == raw:
        return last[1]
    text = _normalise(raw)
    _LAST = (raw, text)
    return text


def _normalise(raw: str) -> Text:
    original = _clean(raw)
    simplified = to_simplified(original)
    read = read_script(original, simplified)
    return Text(
        original=original,
        simplified=simplified,
        lower=_lower_same_length(simplified),
        script=read.script,
        lang=read.lang,
        script_ambiguous=read.ambiguous,
    )


__all__ = ["MAX_CHARS", "Text", "compact", "normalise"]


def compact(t: str) -> str:
    """Spaces next to a Chinese character go: Chinese cue words read the same around embedded Latin
    ("有哪些 GPU 可以选" = 有哪些gpu可以选, "多少 token")."""
    if " " not in t or t.isascii() or not any("\u4e00" <= ch <= "\u9fff" for ch in t):
        return t
    out = []
    for i, ch in enumerate(t):
        if ch == " ":
            before = t[i - 1] if i else ""
            after = t[i + 1] if i + 1 < len(t) else ""
            if "\u4e00" <= before <= "\u9fff" or "\u4e00" <= after <= "\u9fff":
                continue
        out.append(ch)
    return "".join(out)
