"""GPU clouds and rental marketplaces a message names (Parse.providers_mentioned), and which of them
are mainland-China ones (Parse.region "cn").

The providers, their markets and the spellings people write are one table: knowledge/data/providers.yaml
(`aliases`), read once. Text is simplified and lower-cased; ASCII names match whole words. A company name
alone (阿里, 腾讯, 华为) is not its cloud: "阿里的Qwen" names a model's author, "华为的卡" a chip.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.nlu import lexicon
from knowledge.load import DATA_DIR, load_providers
from knowledge.names import JOINERS


@dataclass(frozen=True, slots=True)
class Provider:
    id: str
    region: str  # "cn" for mainland-China clouds and marketplaces, "global" otherwise
    names: tuple[str, ...]


@functools.cache
def providers() -> tuple[Provider, ...]:
    """Every provider of knowledge/data/providers.yaml with the spellings that name it."""
    records = load_providers(DATA_DIR / "providers.yaml").values()
    return tuple(Provider(r.id, r.market, r.aliases) for r in records)


@functools.cache
def _by_name() -> dict[str, str]:
    return {name: p.id for p in providers() for name in p.names}


@functools.cache
def _names() -> tuple[str, ...]:
    return tuple(_by_name())


@functools.cache
def china_providers() -> frozenset[str]:
    """Ids of the mainland-China clouds and marketplaces."""
    return frozenset(p.id for p in providers() if p.region == "cn")


# Short names that are also ordinary words ("a vast corpus"): a provider only beside another provider's
# name ("RunPod or Vast"), right after a word that rents from one ("on vast", "在 vast 上") or right before
# a Chinese word for "on" or "of" ("Vast 上 3090 一小时多少", "vast 的 4090").
WORD_NAMES = {"vast": "vast"}
_WORD_NAME_CUES = tuple(WORD_NAMES)  # one tuple: has_cue indexes a cue list by its identity
_RENTED_ON = ("on", "at", "from", "via", "use", "using", "rent", "在", "用", "租")
_RENTED_AFTER = ("上", "的", "平台")
_JOINERS = (*JOINERS, "对比", "比")


def find_providers(s: str) -> tuple[str, ...]:
    """Provider ids in the order the message names them, each once."""
    found: list[tuple[int, int, str]] = []
    for m in lexicon.phrases_in(s, _names()):
        if m.group() == "lambda" and s.endswith(("aws ", "aws-"), 0, m.start()):
            continue  # AWS Lambda is Amazon's serverless product
        found.append((m.start(), m.end(), _by_name()[m.group()]))
    if lexicon.has_cue(s, _WORD_NAME_CUES):
        named = list(found)
        for m in lexicon.phrases_in(s, _WORD_NAME_CUES):
            beside = any(
                s[end : m.start()].strip() in _JOINERS or s[m.end() : start].strip() in _JOINERS
                for start, end, _ in named
            )
            after = s[m.end() :].lstrip().startswith(_RENTED_AFTER)
            if beside or after or s[: m.start()].rstrip().endswith(_RENTED_ON):
                found.append((m.start(), m.end(), WORD_NAMES[m.group()]))
    return tuple(dict.fromkeys(pid for _, _, pid in sorted(found)))


def without_providers(s: str) -> str:
    """The text with each provider's name blanked out: a word for clouds in general ("云", "平台") inside a
    name ("腾讯云", "阿里云") is the name, not that word."""
    for m in reversed(lexicon.phrases_in(s, _names())):
        s = s[: m.start()] + " " + s[m.end() :]
    return s


__all__ = ["Provider", "china_providers", "find_providers", "providers", "without_providers"]
