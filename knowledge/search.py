"""FAQ and pitfall retrieval over simplified Chinese, traditional Chinese and English.

Tokens: NFKC, lower case, traditional -> simplified (OpenCC t2s); ASCII words kept whole (h100, bf16,
zero-3); Chinese as character unigrams and bigrams (no dictionary, robust to mixed zh/en); stopwords
dropped; plus one concept token per synonym group found (显存 = VRAM = OOM). Ranking is BM25 (bm25s,
fed pre-tokenised lists, since its default tokenizer keeps a Chinese sentence as one token), blended
with rapidfuzz token_set_ratio against the entry's question variants (never WRatio, which ties on
Chinese; reference/slack-and-nlu.md §5). Below a calibrated confidence the answer is [].
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
import opencc
from rapidfuzz import fuzz

from knowledge.base import Bilingual, Strict, entries, read_yaml, validate
from knowledge.faq import DATA_DIR, Entry, check_related, load_faq, load_pitfalls

SYNONYMS_FILE = DATA_DIR / "synonyms.yaml"

# Calibrated on tests/knowledge/faq_queries.yaml (see test_search_accuracy.py): the lowest-scoring
# correct top-1 hits sit well above it, and the negatives (greetings, sizing requests, noise) below.
MIN_SCORE = 0.38
BM25_WEIGHT = 0.7  # the rest is fuzzy overlap with the closest question variant
K1, B = 1.2, 0.75

_ZH_STOP = set(
    "的了吗呢吧啊呀么是我你他她它们在和与及或有要会能该把被就都也还又这那个一些什怎如何哪为对从到给让得地着过请问好嗨谢"
)
_ZH_STOP_BIGRAMS = {
    "什么",
    "怎么",
    "如何",
    "哪个",
    "可以",
    "是不",
    "不是",
    "有没",
    "没有",
    "这个",
    "那个",
    "一个",
}
_ZH_STOP_BIGRAMS |= {
    "你好",
    "您好",
    "谢谢",
    "在吗",
    "请问",
    "我们",
    "我想",
    "帮我",
    "早安",
    "早上",
    "晚安",
    "午安",
}
_ZH_STOP_BIGRAMS |= {"拜拜", "再见", "好的", "收到", "明白", "知道", "辛苦"}
_EN_STOP = set(
    "a an the is are was were be been am do does did i me my we our you your it its this that these those "
    "to of in on at for with by from as and or but if so than then what which who how when where why "
    "can could should would will shall may might must have has had there their them they any some all "
    "about into out up down over just really very get got need needs use using want vs versus "
    "ok okay yes yeah no nope hi hey hello thanks thank please sure great cool bye morning".split()
)

# A sizing request states quantities ("70亿参数，数据1TB", "7B on 20GB in 3 days") and asks nothing;
# FAQ questions ask. Such text belongs to the sizing engine, so its FAQ confidence is scaled down.
_QUANTITY = re.compile(
    r"\d+(?:\.\d+)?\s*(?:亿|万|千|天|小时|周|个月|月|张|块|卡|元|美元|参数|"
    r"(?:[kmbt]|gb|tb|mb|pb|gib|tib|g|days?|hours?|h|weeks?|months?|tokens?|x|usd|rmb|cny|gpus?|params?|"
    r"[ahlbt]\d+s?)(?![a-z]))"
)
_ASKS = re.compile(
    r"[?？]|吗|呢|什么|怎么|如何|为什么|为啥|多少|多大|多久|多长|几|哪|是否|能否|可否|要不要|是不是|会不会|"
    r"能不能|有没有|够不够|行不行|可不可以|^(?:what|how|why|which|when|where|who|should|can|could|is|are|does|do|"
    r"will|would|am)\b"
)
SPEC_FACTOR = 0.5


def looks_like_spec(text: str) -> bool:
    """Two or more quantities and no question: a sizing request, not an FAQ question."""
    norm = normalize(text).strip()
    return len(_QUANTITY.findall(norm)) >= 2 and not _ASKS.search(norm)


_RUN = re.compile(r"[a-z0-9][a-z0-9.+\-]*[a-z0-9+]|[a-z0-9]|[\u3400-\u9fff]+")


@dataclass(frozen=True, slots=True)
class Hit:
    id: str
    score: float  # 0-1, higher is better
    title: Bilingual


class SynonymGroup(Strict):
    id: str
    terms: tuple[str, ...]


@functools.cache
def _converters() -> tuple[opencc.OpenCC, opencc.OpenCC]:
    # tw2sp first maps Taiwan vocabulary onto mainland words (伺服器 -> 服务器, 網路 -> 网络, 資料 -> 数据,
    # 硬碟 -> 硬盘); t2s then converts any remaining traditional characters.
    return opencc.OpenCC("tw2sp"), opencc.OpenCC("t2s")


def normalize(text: str) -> str:
    """NFKC (full-width -> half-width), lower case, traditional -> simplified."""
    text = unicodedata.normalize("NFKC", text).lower()
    for converter in _converters():
        text = converter.convert(text)
    return text


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


class Tokenizer:
    def __init__(self, groups: Sequence[SynonymGroup]) -> None:
        self._patterns: list[tuple[str, re.Pattern[str]]] = []
        for group in groups:
            alternatives = []
            for term in group.terms:
                term = normalize(term)
                if term.isascii():
                    body = re.escape(term.rstrip("*")) + (r"[a-z0-9\-]*" if term.endswith("*") else "")
                    alternatives.append(rf"(?<![a-z0-9]){body}(?![a-z0-9])")
                else:
                    alternatives.append(re.escape(term))
            self._patterns.append((f"~{group.id}", re.compile("|".join(alternatives))))

    def __call__(self, text: str) -> list[str]:
        norm = normalize(text)
        tokens: list[str] = []
        for run in _RUN.findall(norm):
            if run.isascii():
                if run not in _EN_STOP:
                    tokens.append(_stem(run))
                continue
            tokens.extend(ch for ch in run if ch not in _ZH_STOP)
            tokens.extend(
                bg for bg in (run[i : i + 2] for i in range(len(run) - 1)) if bg not in _ZH_STOP_BIGRAMS
            )
        tokens.extend(concept for concept, pattern in self._patterns if pattern.search(norm))
        return tokens


def load_synonyms(path: Path = SYNONYMS_FILE) -> tuple[SynonymGroup, ...]:
    items = entries(read_yaml(path), path, "synonyms")
    return tuple(
        validate(SynonymGroup, item, path, str(item.get("id", f"#{i + 1}"))) for i, item in enumerate(items)
    )


def _document(entry: Entry) -> list[str]:
    """The text an entry is found by: its title, question variants and curated keywords.

    Answers are left out on purpose: a rare word deep in an answer ("list your stack") made one-word
    chatter ("list all gpus") look like a confident match, and curated wording retrieves better.
    """
    return [
        entry.title.zh,
        entry.title.en,
        *entry.questions.zh,
        *entry.questions.en,
        *entry.keywords.zh,
        *entry.keywords.en,
    ]


class Searcher:
    """Built once per knowledge base; `search` is cheap and thread-safe (read-only state)."""

    def __init__(self, items: Iterable[Entry], synonyms: Sequence[SynonymGroup] | None = None) -> None:
        self._entries = tuple(items)
        self._tokenize = Tokenizer(load_synonyms() if synonyms is None else synonyms)
        corpus = [[tok for part in _document(e) for tok in self._tokenize(part)] for e in self._entries]
        self._bm25 = bm25s.BM25(k1=K1, b=B, method="lucene")
        self._bm25.index(corpus, show_progress=False)
        doc_freq = Counter(tok for doc in corpus for tok in set(doc))
        n = len(corpus)
        # Lucene idf, as bm25s computes it; an unseen token weighs as much as the rarest possible one.
        self._idf = {tok: math.log(1 + (n - df + 0.5) / (df + 0.5)) for tok, df in doc_freq.items()}
        self._unseen_idf = math.log(1 + (n + 0.5) / 0.5)
        self._variants = [
            [" ".join(self._tokenize(q)) for q in (e.title.zh, e.title.en, *e.questions.zh, *e.questions.en)]
            for e in self._entries
        ]

    def scores(self, text: str) -> list[float]:
        """One 0-1 score per entry, in catalogue order."""
        query = list(dict.fromkeys(self._tokenize(text)))
        if not query or not self._entries:
            return [0.0] * len(self._entries)
        known = [tok for tok in query if tok in self._idf]
        if all(len(tok) == 1 for tok in known):
            # Lone Chinese characters (早安 -> 安 as in 安全) are not evidence of a topic on their own.
            return [0.0] * len(self._entries)
        ceiling = sum(self._idf.get(tok, self._unseen_idf) for tok in query)
        raw = self._bm25.get_scores(known) if known else [0.0] * len(self._entries)
        joined = " ".join(query)
        damping = SPEC_FACTOR if looks_like_spec(text) else 1.0
        out = []
        for i, variants in enumerate(self._variants):
            lexical = float(raw[i]) / ceiling
            fuzzy = max(fuzz.token_set_ratio(joined, v) for v in variants) / 100.0
            out.append(damping * (BM25_WEIGHT * min(1.0, lexical * 2.0) + (1 - BM25_WEIGHT) * fuzzy))
        return out

    def search(self, text: str, limit: int = 5) -> list[Hit]:
        scored = sorted(zip(self.scores(text), self._entries, strict=True), key=lambda pair: -pair[0])
        return [
            Hit(entry.id, round(score, 4), entry.title)
            for score, entry in scored[:limit]
            if score >= MIN_SCORE
        ]


@functools.cache
def default_searcher() -> Searcher:
    """A Searcher over the shipped FAQ and pitfalls (for callers without a KnowledgeBase)."""
    items: tuple[Entry, ...] = (*load_faq(), *load_pitfalls())
    check_related(items)
    return Searcher(items)
