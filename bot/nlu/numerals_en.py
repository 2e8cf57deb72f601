"""English number words: "seventy", "forty-five", "a hundred", "two point two million",
"three billions", "three thousand millions", "one and a half", "half a", "a dozen", "30 lakh".

Coverage follows the Duckling EN numeral corpus (facebook/duckling Duckling/Numeral/EN/Corpus.hs).
Vague quantifiers ("a few", "several") are deliberately not numbers: they are not a slot value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

ONES: dict[str, int] = {
    "zero": 0, "nought": 0, "naught": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
}  # fmt: skip
# Scale words, singular and plural; lakh/crore are Indian English (Duckling's EN corpus has them).
SCALES: dict[str, float] = {
    "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "lakh": 1e5, "lac": 1e5,
    "crore": 1e7, "thousands": 1e3, "millions": 1e6, "billions": 1e9, "trillions": 1e12,
    "lakhs": 1e5, "crores": 1e7, "cr": 1e7, "lkh": 1e5, "lkhs": 1e5,
}  # fmt: skip
DOZEN = frozenset({"dozen", "dozens"})
# Words after which "a"/"an" means one ("a month", "a dollar", "an hour").
ARTICLE_UNITS = frozenset(
    {"day", "week", "weekend", "fortnight", "month", "year", "hour", "quarter", "dollar", "buck", "million"}
    | {"billion", "trillion", "thousand", "hundred", "dozen", "couple"}
)
MAX_WORDS = 24


@dataclass(frozen=True, slots=True)
class WordNumber:
    value: float
    words: int  # how many words were used
    weak: bool  # a bare article ("a month"): fine for a duration or money, not for params


def _is_number_word(w: str) -> bool:
    return w in ONES or w in TENS or w in SCALES or w in DOZEN or w == "hundred"


def _quarter_of_a_scale(words: list[str], n: int) -> WordNumber | None:
    """ "a quarter million", "a quarter of a million", "three quarters of a billion": the fraction, with the
    scale word after it left for the magnitude (not "a quarter" of a year)."""
    i = 1 if n and words[0] in ("a", "one", "three") else 0
    if not (n > i and words[i] in ("quarter", "quarters")):
        return None
    used = i + 1
    if n > used + 1 and words[used] == "of" and words[used + 1] in ("a", "an"):
        used += 2
    if not (n > used and words[used] in SCALES):
        return None
    return WordNumber(0.75 if words[0] == "three" else 0.25, used, False)


def read_words(words: list[str]) -> WordNumber | None:
    """Read a number from the start of `words` (lower-case, hyphenated parts already split)."""
    total = 0.0
    current = 0.0
    last_scale = 0.0
    seen = False
    i = 0
    n = min(len(words), MAX_WORDS)
    weak = False
    quarter = _quarter_of_a_scale(words, n)
    if quarter is not None:
        return quarter
    if n and words[0] in ("a", "an"):
        if n > 1 and words[1] in ("couple", "pair"):  # Duckling EN: "a couple (of)", "a pair"
            i = 3 if n > 2 and words[2] == "of" else 2
            return WordNumber(2.0, i, False)
        if (
            n > 1
            and words[1] in ARTICLE_UNITS - {"couple"}
            and (words[1] in SCALES or words[1] in DOZEN or words[1] == "hundred")
        ):
            current, i, seen = 1.0, 1, True
        elif n > 1 and words[1] in ARTICLE_UNITS:
            return WordNumber(1.0, 1, True)
        else:
            return None
    if n > i and words[i] == "half":
        used = i + 1
        if n > used and words[used] in ("a", "an"):
            used += 1
        return WordNumber(0.5, used, False)
    while i < n:
        w = words[i]
        if w in TENS and i > 0 and 0 < ONES.get(words[i - 1], 0) < 10 and current < 10:
            current = current * 100 + TENS[w]  # "one twenty two" = 122 (Duckling EN corpus)
        elif w in ONES or w in TENS:
            current += ONES.get(w, 0) + TENS.get(w, 0)
        elif w == "hundred":
            current = (current or 1) * 100
        elif w in DOZEN:
            current = (current or 1) * 12
        elif w in SCALES:
            scale = SCALES[w]
            if current == 0 and total > 0 and scale > last_scale:
                total *= scale  # "three thousand millions"
            else:
                total += (current or 1) * scale
            current, last_scale = 0.0, scale
        elif w == "point" and i + 1 < n and words[i + 1] in ONES:
            digits = ""
            j = i + 1
            while j < n and words[j] in ONES and ONES[words[j]] < 10:
                digits += str(ONES[words[j]])
                j += 1
            current += float("0." + digits) if digits else 0.0
            i = j
            seen = True
            continue
        elif w == "and" and seen and i + 1 < n:
            nxt = words[i + 1]
            if nxt == "a" and i + 2 < n and words[i + 2] == "half":
                current += 0.5
                i += 3
                continue
            if not _is_number_word(nxt) or nxt in SCALES:
                break
        else:
            break
        seen = True
        i += 1
    if not seen:
        return None
    value = total + current
    if not math.isfinite(value):
        return None
    return WordNumber(value, i, weak)
