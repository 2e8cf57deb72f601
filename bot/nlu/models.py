"""Model names in a message. Open models are found by their model cards (knowledge/data/models.yaml:
ids, names, Hugging Face ids, aliases and Chinese family names such as 通义千问), which give
Slots.model and the parameter counts; a few famous models without a card ("GPT-3", "BERT-large")
keep a small sourced table here; a MoE name in the "<total>B-A<active>B" convention states both
counts itself. Other names that carry a size ("Foo-13B") need no table: the generic "<number>B" rule
reads them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from knowledge.load import DATA_DIR
from knowledge.models import ModelIndex, load_models
from knowledge.names import NameTrie

_S = r"[ \-_]?"
# (pattern, parameters, active parameters per token of an MoE model (None = dense), source).
# Sizes as published by the model authors. Models with a card in models.yaml are not repeated here.
KNOWN_MODELS: tuple[tuple[str, float, float | None, str], ...] = (
    (r"gpt" + _S + r"2" + _S + r"small", 124e6, None, "OpenAI GPT-2 model card / HF gpt2 (124M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"medium", 355e6, None, "HF gpt2-medium model card (355M), 2019"),
    (r"gpt" + _S + r"2" + _S + r"large", 774e6, None, "HF gpt2-large model card (774M), 2019"),
    (
        r"gpt" + _S + r"2" + _S + r"(?:xl|extra large)",
        1.5e9,
        None,
        "Radford et al. 2019, GPT-2 paper (1542M)",
    ),
    # plain "gpt2" ("a gpt2 sized model"): the checkpoint of that name, the 124M one (the sizes above first)
    (
        r"gpt" + _S + r"2(?![.0-9a-z])",
        124e6,
        None,
        "HF model card openai-community/gpt2 ('the smallest version of GPT-2, with 124M parameters')",
    ),
    (r"gpt" + _S + r"3(?![.0-9])", 175e9, None, "Brown et al. 2020, 'Language Models are Few-Shot Learners'"),
    (r"bloom(?![a-z0-9\-])", 176e9, None, "BigScience, BLOOM paper arXiv:2211.05100, 2022"),
    (r"bert" + _S + r"base", 110e6, None, "Devlin et al. 2018, BERT paper, Table (BERT-BASE 110M)"),
    (r"bert" + _S + r"large", 340e6, None, "Devlin et al. 2018, BERT paper (BERT-LARGE 340M)"),
    (r"roberta" + _S + r"base", 125e6, None, "Liu et al. 2019 / HF roberta-base (125M)"),
    (r"roberta" + _S + r"large", 355e6, None, "Liu et al. 2019 / HF roberta-large (355M)"),
    (r"t5" + _S + r"small", 60e6, None, "Raffel et al. 2020, T5 paper §3.7 (60M)"),
    (r"t5" + _S + r"base", 220e6, None, "Raffel et al. 2020, T5 paper (220M)"),
    (r"t5" + _S + r"large", 770e6, None, "Raffel et al. 2020, T5 paper (770M)"),
    (r"gpt" + _S + r"j(?![a-z])", 6e9, None, "EleutherAI GPT-J-6B model card, 2021"),
    (r"gpt" + _S + r"neox(?![a-z0-9\-])", 20e9, None, "Black et al. 2022, GPT-NeoX-20B paper"),
    (
        r"tiny" + _S + r"llama(?![a-z0-9])",
        1.1e9,
        None,
        "jzhang38/TinyLlama README ('a 1.1B Llama model on 3 trillion tokens'), 2023",
    ),
    # the model, not its rule ("chinchilla-style", "chinchilla optimal", "按 chinchilla 法则")
    (
        r"chinchilla(?![ \-_]?(?:style|optimal|law|scaling|rule|ratio|like|法则|定律|比例|最优|标准|规则))",
        70e9,
        None,
        "Hoffmann et al. 2022, arXiv:2203.15556",
    ),
    (r"gopher", 280e9, None, "Rae et al. 2021, arXiv:2112.11446"),
    (r"palm(?![a-z0-9\-])", 540e9, None, "Chowdhery et al. 2022, arXiv:2204.02311"),
    (r"grok" + _S + r"1(?![.0-9])", 314e9, None, "xAI, 'Open Release of Grok-1', 2024-03-17"),
    (r"phi" + _S + r"3" + _S + r"small", 7e9, None, "Abdin et al. 2024, Phi-3 Technical Report (7B)"),
    (r"phi" + _S + r"3" + _S + r"medium", 14e9, None, "Abdin et al. 2024, Phi-3 Technical Report (14B)"),
    (r"phi" + _S + r"2(?![.0-9a-z])", 2.7e9, None, "Microsoft Research blog 'Phi-2', 2023-12-12 (2.7B)"),
    (r"bloomz?" + _S + r"7b1", 7.1e9, None, "BigScience bloom-7b1 model card, 2022 (7,069,016,064 params)"),
    (
        r"qwen1\.5" + _S + r"moe" + _S + r"a2\.7b",
        14.3e9,
        2.7e9,
        "Qwen blog 'Qwen1.5-MoE', 2024-03-28 (14.3B total, 2.7B active)",
    ),
    (
        r"deepseek" + _S + r"moe" + _S + r"16b",
        16.4e9,
        2.8e9,
        "Dai et al. 2024, DeepSeekMoE, arXiv:2401.06066 (16.4B total, 2.8B activated)",
    ),
)
_RE = re.compile(
    r"(?<![a-z0-9])(?:" + "|".join(f"(?P<m{i}>{p})" for i, (p, _, _, _) in enumerate(KNOWN_MODELS)) + ")"
)


def _leading_word(pattern: str) -> str | None:
    """The letters and digits every match of `pattern` starts with ("gpt" of "gpt[ \\-_]?2", "bloom" of
    "bloomz?"), or None when it has none or may have an alternation at its top level."""
    depth, i = 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 1  # the escaped character
        elif ch == "[":  # a class, to its closing bracket (which may come first: "[]a]", "[^]a]")
            i += 2 if pattern.startswith("^]", i + 1) else 1 if pattern.startswith(("]", "^"), i + 1) else 0
            while i + 1 < len(pattern) and pattern[i + 1] != "]":
                i += 2 if pattern[i + 1] == "\\" else 1
            i += 1
        elif ch == "|" and depth == 0:
            return None
        else:
            depth += {"(": 1, ")": -1}.get(ch, 0)
        i += 1
    m = re.match(r"[a-z0-9]+", pattern)
    word = m.group() if m else ""
    if pattern[len(word) : len(word) + 1] in ("?", "*", "{"):
        word = word[:-1]  # "bloomz?": the z is optional
    return word or None


# Every KNOWN_MODELS name starts with its own word: a message with none of them (most) skips _RE, which,
# opening with a look-behind, is tried at every character. None: some pattern has no such word.
_LEADS = [_leading_word(p) for p, _, _, _ in KNOWN_MODELS]
_KNOWN_LEAD = re.compile("|".join(sorted({re.escape(w) for w in _LEADS if w}))) if all(_LEADS) else None

# The MoE naming convention "<total>B-A<active>B" (Qwen2-57B-A14B, Qwen3-30B-A3B, Hunyuan-...):
# the name states both counts, so no table entry is needed.
_TOTAL_ACTIVE = re.compile(
    r"(?<![a-z0-9.])(\d{1,4}(?:\.\d{1,2})?)b[ \-_]a(\d{1,4}(?:\.\d{1,2})?)b(?![a-z0-9])"
)
# The MoE naming convention "<experts>x<expert size>B" without a family name: "8x22B 的 MoE", "a 16x3B model".
_EXPERTS_SIZE = re.compile(r"(?<![a-z0-9.])(\d{1,3}) ?[x×] ?(\d{1,4}(?:\.\d{1,2})?)b(?![a-z0-9])")
# A digit then b: in every _TOTAL_ACTIVE and _EXPERTS_SIZE match. Opening with a class, it skips to the
# candidates in C, where those two, opening with a look-behind, are tried at every character.
_SIZE_B = re.compile(r"\db")
# A size in a dense model's name ("qwen2.5-72b", "llama 3.1 8b"): not an expert count ("8x7b") nor an
# active size ("a3b").
_NAME_SIZE = re.compile(r"(?<![a-z0-9.x])(\d{1,4}(?:\.\d{1,2})?)b(?![a-z0-9])")


@dataclass(frozen=True, slots=True)
class ModelMention:
    start: int
    end: int
    params: float
    source: str
    active_params: float | None = None  # per token, for mixture-of-experts models
    model: str | None = None  # model-card id


@functools.cache
def model_index() -> ModelIndex:
    """The packaged model cards, read and validated once."""
    return load_models(DATA_DIR / "models.yaml")


@functools.cache
def _card_names() -> NameTrie[str]:
    """Every spelling of every card: id, name, Hugging Face id (with and without the organisation),
    aliases, and the name with a Chinese family name in place of the family ("通义千问2.5 72B")."""
    index = model_index()
    by_family: dict[str, list[str]] = {}
    for alias, family in index.families.items():
        by_family.setdefault(family, []).append(alias.lower())
    trie: NameTrie[str] = NameTrie()
    for card in index.cards:
        names = [card.id, card.name, card.hf_id, card.hf_id.rsplit("/", 1)[-1], *card.aliases]
        names += index.default_names(
            card.id
        )  # "qwen 7b" -> the newest Qwen with 7B (models.yaml newest_first)
        for name in list(names):
            low = name.lower()
            if low.startswith(card.family):
                names += [alias + low[len(card.family) :] for alias in by_family.get(card.family, ())]
        for name in names:
            trie.add(name, card.id)
    return trie


def find_models(s: str) -> list[ModelMention]:
    """Model mentions in `s` (simplified, lower-cased), in order, never overlapping."""
    out = [_card_mention(s, hit.start, hit.end, hit.value) for hit in _card_names().find(s)]
    for m in _RE.finditer(s) if _KNOWN_LEAD is None or _KNOWN_LEAD.search(s) else ():
        if not _overlaps(out, m.start(), m.end()):
            idx = next(i for i in range(len(KNOWN_MODELS)) if m.group(f"m{i}") is not None)
            _, params, active, source = KNOWN_MODELS[idx]
            out.append(ModelMention(m.start(), m.end(), params, source, active))
    sized = _SIZE_B.search(s) is not None  # both patterns below end a size in "<digit>b"
    for m in _TOTAL_ACTIVE.finditer(s) if sized else ():
        total, active = float(m.group(1)) * 1e9, float(m.group(2)) * 1e9
        if active < total and not _overlaps(out, m.start(), m.end()):
            out.append(
                ModelMention(m.start(), m.end(), total, "the model's name (<total>B-A<active>B)", active)
            )
    for m in _EXPERTS_SIZE.finditer(s) if sized else ():
        if not _overlaps(out, m.start(), m.end()):
            out.append(_experts_mention(m.start(), m.end(), int(m.group(1)), float(m.group(2))))
    return sorted(out, key=lambda o: o.start)


def _experts_mention(start: int, end: int, experts: int, size: float) -> ModelMention:
    """ "8x22B" alone: the counts of the card named that way (Mixtral 8x22B: 141B, not 8 x 22 = 176B,
    since the experts share attention), without claiming it is that model; with no such card, experts x
    size, an upper bound."""
    name = f"{experts}x{size:g}b"
    card = next((c for c in model_index().cards if c.id.endswith("-" + name)), None)
    if card is not None:
        source = f"the {name} MoE layout of model card {card.id} (knowledge/data/models.yaml)"
        return ModelMention(start, end, card.params_total, source, card.params_active)
    source = "the name (<experts>x<expert size>B; at most, as the experts share attention)"
    return ModelMention(start, end, experts * size * 1e9, source)


def _card_mention(s: str, start: int, end: int, model_id: str) -> ModelMention:
    """The card's counts, except that a size the user's name states is the size they mean
    ("Qwen2.5-72B" is 72B as asked; the card's 72.7B stays with the card for the engines)."""
    card = model_index().card(model_id)
    said = s[start:end]
    source = f"model card {card.id} (knowledge/data/models.yaml)"
    moe = _TOTAL_ACTIVE.search(said)
    if moe is not None:
        return ModelMention(start, end, float(moe.group(1)) * 1e9, source, float(moe.group(2)) * 1e9, card.id)
    if card.params_active is not None:
        return ModelMention(start, end, card.params_total, source, card.params_active, card.id)
    sizes = _NAME_SIZE.findall(said)
    params = float(sizes[-1]) * 1e9 if sizes else card.params_total
    return ModelMention(start, end, params, source, None, card.id)


def _overlaps(found: list[ModelMention], start: int, end: int) -> bool:
    return any(o.start < end and start < o.end for o in found)


__all__ = ["KNOWN_MODELS", "ModelMention", "find_models", "model_index"]
