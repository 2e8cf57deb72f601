"""Model cards (knowledge/data/models.yaml): loading, the engine's view of each, and name lookup.

Lookup is forgiving in the ways people write model names: case, an organisation prefix
("meta-llama/..."), "-Instruct"/"-Chat"/"-it" and quantisation suffixes, spaces vs dashes vs
underscores, and Chinese family names ("通义千问2.5-72B" is qwen2.5-72b). It is exact after that:
"Llama 3.1 8B" never resolves to Llama 3 8B; near misses are offered by `close_models`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz, process

from knowledge.base import KnowledgeError, Source, entries, read_yaml, validate
from knowledge.schema import ModelCardRecord, ServingRun
from sizing.model_arch import LatentAttention, MixtureOfExperts, ModelArchitecture, SlidingWindow

# Suffixes that name a variant of the same weights (chat/instruct tuning, a quantised copy, a
# file format), not a different shape. Stripped from the end, repeatedly.
_VARIANT_SUFFIXES = (
    "instruct",
    "chat",
    "it",
    "base",
    "hf",
    "sft",
    "bf16",
    "fp16",
    "fp8",
    "int8",
    "int4",
    "awq",
    "gptq",
    "gguf",
    "mlx",
)
_SEPARATORS = re.compile(r"[\s_\-·]+")


class UnknownModelError(LookupError):
    """A model name no card answers to; `close` lists the nearest card ids (best first)."""

    def __init__(self, name: str, close: list[str], names: dict[str, str]) -> None:
        self.name = name
        self.close = close
        self.close_names = [names[c] for c in close]
        hint = "; did you mean " + ", ".join(f"{names[c]} ({c})" for c in close) + "?" if close else ""
        super().__init__(f"unknown model {name!r}{hint}")


def architecture(card: ModelCardRecord) -> ModelArchitecture:
    """The engine's value type for a card."""
    moe = card.moe
    mla = card.mla
    window = card.sliding_window
    return ModelArchitecture(
        name=card.name,
        layers=card.layers,
        hidden=card.hidden,
        heads=card.heads,
        kv_heads=card.kv_heads,
        head_dim=card.head_dim,
        ffn=card.ffn,
        vocab=card.vocab,
        tied_embeddings=card.tied_embeddings,
        max_context=card.max_context,
        params_total=card.params_total,
        params_active=card.params_active,
        moe=None
        if moe is None
        else MixtureOfExperts(
            moe.experts, moe.active, moe.expert_ffn, moe.shared_ffn, moe.dense_layers, moe.every
        ),
        mla=None
        if mla is None
        else LatentAttention(
            mla.kv_lora_rank, mla.qk_rope_head_dim, mla.qk_nope_head_dim, mla.v_head_dim, mla.q_lora_rank
        ),
        sliding_window=None if window is None else SlidingWindow(window.size, window.layers),
        extra_params=card.extra_params,
    )


def _fold(text: str, families: Mapping[str, str]) -> str:
    """Lower-case, NFKC, Chinese family names replaced by the family id."""
    text = unicodedata.normalize("NFKC", text).strip().lower()
    for alias in sorted(families, key=len, reverse=True):
        text = text.replace(alias.lower(), f" {families[alias]} ")
    return text


def name_key(text: str, families: Mapping[str, str]) -> str:
    """The comparison key of a model name: folded, organisation prefix and separators removed."""
    text = _fold(text, families)
    text = text.rsplit("/", 1)[-1]  # "meta-llama/Llama-3.1-8B" -> "llama-3.1-8b"
    return _SEPARATORS.sub("", text)


def _strip_variants(text: str, families: Mapping[str, str]) -> str:
    """The key with trailing variant words removed ("-Instruct-AWQ", "-chat", "-2507" stays)."""
    words = [w for w in _SEPARATORS.split(_fold(text, families).rsplit("/", 1)[-1]) if w]
    while len(words) > 1 and words[-1] in _VARIANT_SUFFIXES:
        words.pop()
    return "".join(words)


def _name_pattern(name: str) -> re.Pattern[str]:
    """A name as a whole word in folded text, its separators optional ("qwen 7b" finds "qwen-7b")."""
    parts = [re.escape(p) for p in _SEPARATORS.split(name) if p]
    return re.compile(r"(?<![a-z0-9.])" + r"[\s_\-·]*".join(parts) + r"(?![a-z0-9]|\.\d)")


def _family_defaults(
    cards: tuple[ModelCardRecord, ...], newest_first: Mapping[str, list[str]]
) -> dict[str, str]:
    """Names of a family with a size and no generation ("qwen 7b", "llama 70b") -> the newest card of
    that family with that size: generations are tried newest first, the first that has the size wins."""
    out: dict[str, str] = {}
    for family, generations in newest_first.items():
        for generation in generations:
            for card in cards:
                size = card.id.removeprefix(f"{generation}-")
                if card.family == family and size != card.id and size[:1].isdigit():
                    out.setdefault(f"{family} {size}", card.id)
    return out


@dataclass(frozen=True)
class ModelIndex:
    """Every model card with the keys it is found by."""

    cards: tuple[ModelCardRecord, ...]
    families: Mapping[str, str]  # alias (e.g. 通义千问) -> family id (qwen)
    keys: Mapping[str, str]  # comparison key -> model id: every spelling the index accepts
    # "qwen 7b" -> qwen2.5-7b: a family name and a size without a generation (models.yaml newest_first).
    family_defaults: Mapping[str, str] = dataclasses.field(default_factory=dict)

    @classmethod
    def build(
        cls,
        cards: tuple[ModelCardRecord, ...],
        families: Mapping[str, str],
        newest_first: Mapping[str, list[str]] | None = None,
    ) -> ModelIndex:
        """The index; a name that would find two models is a data error naming both. Family-default
        names never shadow a card's own name."""
        keys: dict[str, str] = {}
        for card in cards:
            for name in (card.id, card.name, card.hf_id, *card.aliases):
                for key in {name_key(name, families), _strip_variants(name, families)}:
                    owner = keys.setdefault(key, card.id) if key else card.id
                    if owner != card.id:
                        raise KnowledgeError(
                            f"entry {card.id!r}: field 'aliases': {name!r} also names {owner!r}"
                        )
        defaults = {
            name: model_id
            for name, model_id in _family_defaults(cards, newest_first or {}).items()
            if name_key(name, families) not in keys
        }
        for name, model_id in defaults.items():
            keys[name_key(name, families)] = model_id
        return cls(cards, families, keys, defaults)

    def default_names(self, model_id: str) -> list[str]:
        """The generation-less names that mean this card ("qwen 7b" for qwen2.5-7b)."""
        return [name for name, owner in self.family_defaults.items() if owner == model_id]

    def family_default(self, text: str) -> str | None:
        """The card a generation-less family name in `text` was read as ("部署通义千问7B" -> qwen2.5-7b),
        so an answer can say which model it sized; None when the text names no such name."""
        if not self.family_defaults:
            return None
        found = self._default_pattern.search(_fold(text, self.families))
        return self.family_defaults[self._default_names[int(str(found.lastgroup)[1:])]] if found else None

    @functools.cached_property
    def _default_names(self) -> list[str]:
        return list(self.family_defaults)

    @functools.cached_property
    def _default_pattern(self) -> re.Pattern[str]:
        """Every default name in one pattern, longest first: the leftmost match is the first named."""
        order = sorted(range(len(self._default_names)), key=lambda i: -len(self._default_names[i]))
        return re.compile(
            "|".join(f"(?P<n{i}>{_name_pattern(self._default_names[i]).pattern})" for i in order)
        )

    def card(self, model_id: str) -> ModelCardRecord:
        for c in self.cards:
            if c.id == model_id:
                return c
        raise KeyError(model_id)

    def find(self, name: str) -> ModelCardRecord | None:
        if not name or not name.strip():
            return None
        for key in (name_key(name, self.families), _strip_variants(name, self.families)):
            model_id = self.keys.get(key)
            if model_id is not None:
                return self.card(model_id)
        return None

    def require(self, name: str) -> ModelCardRecord:
        """The card for `name`, or UnknownModelError listing the close ones."""
        card = self.find(name)
        if card is None:
            raise UnknownModelError(name, self.close(name), {c.id: c.name for c in self.cards})
        return card

    def close(self, name: str, limit: int = 5) -> list[str]:
        """Ids of the models whose names are nearest to `name`, best first (for "did you mean")."""
        key = _strip_variants(name, self.families) or name_key(name, self.families)
        if not key:
            return []
        hits = process.extract(key, list(self.keys), scorer=fuzz.WRatio, limit=limit * 4, score_cutoff=60)
        out: list[str] = []
        for found, _score, _ in hits:
            model_id = self.keys[found]
            if model_id not in out:
                out.append(model_id)
        return out[:limit]


def load_models(path: Path) -> ModelIndex:
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("models"), list):
        raise KnowledgeError(f"{path}: expected a top-level 'models:' list")
    raw_families = data.get("families") or {}
    if not isinstance(raw_families, dict):
        raise KnowledgeError(f"{path}: 'families:' must map a family id to a list of names")
    families: dict[str, str] = {}
    for family, names in raw_families.items():
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise KnowledgeError(f"{path}: entry {family!r}: field 'families': expected a list of names")
        for n in names:
            families[n] = str(family)
    cards: list[ModelCardRecord] = []
    seen: set[str] = set()
    for i, item in enumerate(data["models"]):
        if not isinstance(item, dict):
            raise KnowledgeError(f"{path}: entry #{i + 1}: expected a mapping, got {type(item).__name__}")
        entry = str(item.get("id") or f"#{i + 1}")
        card = validate(ModelCardRecord, item, path, entry)
        if card.id in seen:
            raise KnowledgeError(f"{path}: entry {card.id!r}: field 'id': duplicate id")
        if card.family not in raw_families:
            raise KnowledgeError(f"{path}: entry {card.id!r}: field 'family': unknown family {card.family!r}")
        seen.add(card.id)
        cards.append(card)
    newest_first = data.get("newest_first") or {}
    if not isinstance(newest_first, dict) or not all(
        isinstance(v, list) and all(isinstance(g, str) for g in v) for v in newest_first.values()
    ):
        raise KnowledgeError(f"{path}: 'newest_first:' must map a family id to a list of generation prefixes")
    for family in newest_first:
        if family not in raw_families:
            raise KnowledgeError(f"{path}: entry {family!r}: field 'newest_first': unknown family {family!r}")
    try:
        return ModelIndex.build(tuple(cards), families, newest_first)
    except KnowledgeError as exc:
        raise KnowledgeError(f"{path}: {exc}") from None


def load_serving_runs(
    path: Path, model_ids: set[str], gpu_ids: set[str]
) -> tuple[tuple[ServingRun, ...], dict[str, Source]]:
    """Published serving measurements, each naming a known model, GPU and source."""
    data = read_yaml(path)
    raw_sources = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(raw_sources, dict):
        raise KnowledgeError(f"{path}: expected a top-level 'sources:' mapping")
    sources = {key: validate(Source, value, path, f"sources.{key}") for key, value in raw_sources.items()}
    runs: list[ServingRun] = []
    seen: set[str] = set()
    for i, item in enumerate(entries(data, path, "runs")):
        entry = str(item.get("id") or f"#{i + 1}")
        run = validate(ServingRun, item, path, entry)
        if run.id in seen:
            raise KnowledgeError(f"{path}: entry {run.id!r}: field 'id': duplicate id")
        for field, value, known in (
            ("model", run.model, model_ids),
            ("gpu", run.gpu, gpu_ids),
            ("src", run.src, set(sources)),
        ):
            if value not in known:
                raise KnowledgeError(f"{path}: entry {run.id!r}: field {field!r}: unknown id {value!r}")
        seen.add(run.id)
        runs.append(run)
    return tuple(runs), sources
