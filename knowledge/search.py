"""FAQ and pitfall retrieval over simplified Chinese, traditional Chinese and English.

Tokens: NFKC, lower case, traditional -> simplified (OpenCC t2s); ASCII words kept whole (h100, bf16,
zero-3); Chinese as character unigrams and bigrams (no dictionary, robust to mixed zh/en); stopwords
dropped; plus one concept token per synonym group found (显存 = VRAM = OOM). Ranking is BM25 (bm25s,
fed pre-tokenised lists, since its default tokenizer keeps a Chinese sentence as one token), blended
with rapidfuzz token_set_ratio against the entry's question variants (never WRatio, which ties on
Chinese; reference/slack-and-nlu.md §5). Below a calibrated confidence the answer is [].
"""

from __future__ import annotations

import bisect
import functools
import logging
import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import bm25s
from rapidfuzz import fuzz, process

from knowledge.base import Bilingual, KnowledgeError, Strict, entries, read_yaml, validate
from knowledge.faq import DATA_DIR, FAQ_FILE, PITFALLS_FILE, Entry, check_related, load_faq, load_pitfalls
from knowledge.query_text import (
    SPEC_FACTOR,
    definition_subject,
    looks_like_spec,
    names_money,
    normalize,
    term_key,
)

# bm25s sets its own logger to DEBUG on import (bm25s/__init__.py), so its index-building lines
# would reach every handler; they are a library's progress chatter, not ours to show.
logging.getLogger("bm25s").setLevel(logging.WARNING)

SYNONYMS_FILE = DATA_DIR / "synonyms.yaml"

# Calibrated on tests/knowledge/faq_queries.yaml (see test_search_accuracy.py): the lowest-scoring
# correct top-1 hits sit well above it, and the negatives (greetings, sizing requests, noise) below.
MIN_SCORE = 0.38
# A query needs one word at least this rare (Lucene idf; 训练 ~0.24, 模型 ~0.89, 显存 ~1.5, qlora ~3).
MIN_EVIDENCE_IDF = 1.0
BM25_WEIGHT = 0.7  # the rest is fuzzy overlap with the closest question variant
# An entry whose required concept (FaqEntry.requires) the question does not touch keeps this share
# of its score: still found when nothing else fits, never ahead of the general entry that does.
REQUIRES_FACTOR = 0.7
# A definition question ("what is LoRA?") about a term some entry defines (FaqEntry.defines): every other
# entry keeps this share of its score, so the entry on choosing a LoRA rank never answers "what is LoRA".
DEFINES_FACTOR = 0.85
# Points (of rapidfuzz's 0-100) by which a fuzzy cutoff is lowered, far above float rounding: a
# lower cutoff only means an entry is scored exactly when it might have been skipped.
FUZZY_SLACK = 0.01
OFF_TOPIC, DOMAIN = "~off_topic", "~domain"  # concept tokens of the synonym groups of those ids
BUDGET = "~budget"  # an amount of money ("$500", "5000块") touches the budget group without its words
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
# Question filler ("什么时候需要…") and chat commands ("重新开始") say nothing about a topic.
_ZH_STOP_BIGRAMS |= {"时候", "需要", "开始", "重新", "怎样", "应该", "还是", "大概", "一下"}
# Conversational padding around a question ("我们团队在纠结…", "…到底要不要…", "…怎么办") splits runs the
# same way: its bigrams are no topic, only weight that dilutes the real words' share of the score.
_ZH_STOP_BIGRAMS |= {"要不要", "能不能", "会不会", "是不是", "怎么办", "到底", "纠结", "觉得", "感觉", "请教"}
_ZH_STOP_BIGRAMS |= {"其实", "目前", "现在", "经常", "总是", "一直", "大家", "团队", "的话", "是否"}
# An aside opening a question in the middle of a conversation ("顺便问一下，…", "对了，…", "btw, quick q: …")
# marks it as a question, not its topic.
_ZH_STOP_BIGRAMS |= {"顺便", "顺带", "另外", "对了", "问下", "问问"}
_EN_STOP = set(
    "a an the is are was were be been am do does did i me my we our you your it its this that these those "
    "to of in on at for with by from as and or but if so than then what which who how when where why "
    "can could should would will shall may might must have has had there their them they any some all "
    "about into out up down over just really very get got need needs use using want vs versus "
    "ok okay yes yeah no nope hi hey hello thanks thank please sure great cool bye morning "
    # chat commands the dialogue handles itself
    "help reset restart start".split()
)
# Comparison framing ("what is the difference between X and Y", "X和Y有什么区别") says that two things
# are compared, not which: the X and Y carry the topic. As words they made any entry that listed
# "difference" among its keywords the answer to every comparison question.
_EN_STOP |= {"difference", "differences", "differ", "differs", "different", "compare", "compared"}
_EN_STOP |= {"comparison", "comparing"}
_EN_STOP |= {"btw", "quick", "q", "way", "aside", "also"}
# An apology or a hesitation before a question ("sorry, what is LoRA?", "不好意思，FSDP 是什么", "um, quick
# question: …") is padding too: as unseen words it made the question's one real word look like a coincidence.
_EN_STOP |= {"sorry", "oops", "apologies", "apology", "apologise", "apologize", "pardon", "um", "umm", "uh"}
_EN_STOP |= {"hmm", "er", "erm", "exactly", "actually", "again", "question"}
# Chat asides around a question ("what is a FLOP anyway", "FLOPs vs FLOPS lol", "tbh is spot worth it"): as
# unseen words they made the one topic word look like a coincidence (_evidence).
_EN_STOP |= {"anyway", "anyways", "lol", "lmao", "haha", "tbh", "imo", "honestly", "basically", "literally"}
_EN_STOP |= {"pls", "plz", "kinda", "sorta", "guys", "folks"}
_ZH_STOP_BIGRAMS |= {"不好意思", "抱歉", "对不起", "说错", "刚才", "打扰"}
_ZH_STOP_BIGRAMS |= {"指的是", "意思是"}  # "X 指的是什么" frames the question as "X 是什么" does
_ZH_STOP_BIGRAMS |= {"区别", "差别", "差异", "不同", "对比", "比较", "相比"}
# "时" after a verb says when ("训练时 OOM", "保存 checkpoint 时", "推理时爆显存"), the way "的时候" does, and
# made "训练时" meet "训练时间" (the entry on how times are estimated); it stays in the words it makes:
# 时间, 时长, 时延, 小时, 卡时, 实时, 同时, 超时 and the like.
_WHEN = "(?<![小实同及按耗准定计临当暂随届超费工卡几何平])时(?![间长候延刻段代序钟效])"
_FILLER = re.compile("|".join([*sorted(_ZH_STOP_BIGRAMS, key=len, reverse=True), _WHEN]))
# A name with a stage or version number ("ZeRO-2", "zero3", "llama-3", "qwen2.5") is one thing
# written several ways: the hyphen is dropped, and the name itself is a token too, so "ZeRO-2"
# meets an entry that says "ZeRO-3" or plain "ZeRO". Two-letter stems (h100, fp8, bf16) are
# names of their own, not versions of "h" or "fp".
_VERSIONED = re.compile(r"([a-z]{3,})-?(\d+(?:\.\d+)?)")

_RUN = re.compile(r"[a-z0-9][a-z0-9.+\-]*[a-z0-9+]|[a-z0-9]|[\u3400-\u9fff]+")
# A number counting GPUs, cards or machines ("为什么要 4 张卡", "why 8 GPUs?", "2 nodes") is a quantity, not a
# topic: as a token it met the "4" of "4比特" (QLoRA), so any question about 4 cards found the QLoRA entry.
_COUNTED = re.compile(
    r"(?<![a-z0-9.])\d+(?=\s*(?:张|块|个|台|卡|片|节点|(?:gpus?|cards?|nodes?|machines?|servers?)(?![a-z])))"
)


@dataclass(frozen=True, slots=True)
class Hit:
    id: str
    score: float  # 0-1, higher is better
    title: Bilingual


@dataclass(frozen=True, slots=True)
class Retrieval:
    """The hits and `margin`, the top score minus the runner-up's: below ~0.05 two entries answer about
    equally. Whether the text is an FAQ question at all is the NLU's to say (bot/nlu: Parse.intent)."""

    hits: list[Hit]
    margin: float


class SynonymGroup(Strict):
    id: str
    terms: tuple[str, ...]


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


def _word_tokens(word: str) -> list[str]:
    versioned = _VERSIONED.fullmatch(word)
    if versioned:
        return [versioned[1] + versioned[2], versioned[1]]
    return [_stem(word)]


class Tokenizer:
    def __init__(self, groups: Sequence[SynonymGroup]) -> None:
        # Chinese terms are plain substrings, looked up by the character they start with (a query
        # has a few dozen characters, the groups hundreds of terms, and building the index
        # tokenises every question variant); ASCII terms need word boundaries.
        self._groups: list[tuple[str, re.Pattern[str] | None]] = []
        self._starting: dict[str, list[tuple[str, int]]] = {}  # first character -> (term, group)
        for n, group in enumerate(groups):
            words: list[str] = []
            for term in map(normalize, group.terms):
                if term.isascii():
                    body = re.escape(term.rstrip("*")) + (r"[a-z0-9\-]*" if term.endswith("*") else "")
                    words.append(rf"(?<![a-z0-9]){body}(?![a-z0-9])")
                else:
                    self._starting.setdefault(term[0], []).append((term, n))
            pattern = re.compile("|".join(words)) if words else None
            self._groups.append((f"~{group.id}", pattern))

    def _concepts(self, norm: str) -> list[str]:
        found: set[int] = set()
        for i, ch in enumerate(norm):
            for term, n in self._starting.get(ch, ()):
                if n not in found and norm.startswith(term, i):
                    found.add(n)
        has_ascii = any(ch.isascii() and ch.isalnum() for ch in norm)
        money = names_money(norm)
        return [
            concept
            for n, (concept, pattern) in enumerate(self._groups)
            if n in found
            or (has_ascii and pattern is not None and pattern.search(norm))
            or (money and concept == BUDGET)
        ]

    def __call__(self, text: str) -> list[str]:
        norm = normalize(text)
        tokens: list[str] = []
        for run in _RUN.findall(_COUNTED.sub(" ", norm)):
            if run.isascii():
                if run not in _EN_STOP:
                    tokens.extend(_word_tokens(run))
                continue
            # Filler words split the run, so no bigram straddles them ("什么时候需要用多卡" -> 用多卡:
            # 么时/候需 would otherwise be rare, unseen tokens that drown the real ones).
            for piece in _FILLER.split(run):
                tokens.extend(ch for ch in piece if ch not in _ZH_STOP)
                tokens.extend(piece[i : i + 2] for i in range(len(piece) - 1))
        tokens.extend(self._concepts(norm))
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
        groups = load_synonyms() if synonyms is None else synonyms
        self._tokenize = Tokenizer(groups)
        known_concepts = {g.id for g in groups}
        for e in self._entries:
            unknown = [c for c in e.requires if c not in known_concepts]
            if unknown:
                where = FAQ_FILE if e.id.startswith("faq.") else PITFALLS_FILE
                raise KnowledgeError(
                    f"{where}: entry {e.id!r}: field 'requires': unknown synonym group {unknown[0]!r}"
                )
        self._requires = [frozenset(f"~{c}" for c in e.requires) for e in self._entries]
        self._defines = [frozenset(map(term_key, e.defines)) for e in self._entries]
        self._defined = frozenset().union(*self._defines)
        parts = [[self._tokenize(part) for part in _document(e)] for e in self._entries]
        corpus = [[tok for part in doc for tok in part] for doc in parts]
        self._bm25 = bm25s.BM25(k1=K1, b=B, method="lucene")
        self._bm25.index(corpus, show_progress=False)
        self._doc_tokens = [frozenset(doc) for doc in corpus]
        doc_freq = Counter(tok for doc in corpus for tok in set(doc))
        n = len(corpus)
        # Lucene idf, as bm25s computes it; an unseen token weighs as much as the rarest possible one.
        self._idf = {tok: math.log(1 + (n - df + 0.5) / (df + 0.5)) for tok, df in doc_freq.items()}
        self._unseen_idf = math.log(1 + (n + 0.5) / 0.5)
        # Per token, the (entry, weight) pairs of bm25s' index: a question's BM25 scores are summed
        # here (_bm25_scores) instead of by get_scores, whose numpy calls cost more than the sums
        # for the few entries a short question touches.
        index = self._bm25.scores
        data, indices, indptr = (index[k].tolist() for k in ("data", "indices", "indptr"))
        # Per token, the entries it occurs in and its weight in each (an entry once per token, as in any
        # sparse matrix; _bm25_scores relies on it).
        self._postings = {
            tok: (tuple(indices[indptr[t] : indptr[t + 1]]), tuple(data[indptr[t] : indptr[t + 1]]))
            for tok, t in self._bm25.vocab_dict.items()
            if tok in self._idf  # its vocabulary also holds "", which no question has
        }
        if any(len(set(ids)) != len(ids) for ids, _ in self._postings.values()):
            raise KnowledgeError("bm25s index lists an entry twice for one token")
        # The title and question variants lead each document (see _document); fuzzy matching uses them.
        self._variants = [
            [" ".join(tokens) for tokens in doc[: 2 + len(e.questions.zh) + len(e.questions.en)]]
            for doc, e in zip(parts, self._entries, strict=True)
        ]

    def _evidence(self, text: str) -> _Evidence | None:
        """What the scores of `text` are made of; None when no entry can match at all."""
        query = list(dict.fromkeys(self._tokenize(text)))
        if not query or not self._entries:
            return None
        if OFF_TOPIC in query and DOMAIN not in query:
            # Shopping for a laptop or a phone shares words with GPU questions ("gaming", "buy")
            # but is not one unless the text also names the domain (synonyms.yaml).
            return None
        known = [tok for tok in query if tok in self._idf]
        if max((self._idf[tok] for tok in known if len(tok) > 1), default=0.0) < MIN_EVIDENCE_IDF:
            # Lone Chinese characters (早安 -> 安 as in 安全) and words every entry shares (训练, 模型,
            # gpu, train) are not evidence of a topic: "我想训练一个模型" is a request, not a question.
            return None
        ceiling = sum(self._idf.get(tok, self._unseen_idf) for tok in query)
        raw = self._bm25_scores(known)
        unseen = len(query) - len(known)
        lexical: list[float | None] = []
        for i, doc in enumerate(self._doc_tokens):
            if unseen and len(doc.intersection(query)) <= 1:
                # One shared word amid words no entry uses is a coincidence, not a topic: "what is the
                # meaning of life" shares only "mean" with an entry, "what time is it in Tokyo" "time".
                lexical.append(None)
            else:
                lexical.append(float(raw[i]) / ceiling)
        damping = SPEC_FACTOR if looks_like_spec(text) else 1.0
        touched = frozenset(query)
        required = [1.0 if not need or need & touched else REQUIRES_FACTOR for need in self._requires]
        subject = definition_subject(text)
        if subject in self._defined:
            required = [
                r if subject in d else r * DEFINES_FACTOR
                for r, d in zip(required, self._defines, strict=True)
            ]
        return _Evidence(" ".join(query), damping, lexical, required)

    def _bm25_scores(self, known: list[str]) -> list[float]:
        """bm25s' get_scores(known), bit for bit: each entry's weights of the tokens added in their
        order, in float32 as bm25s adds them (a double sum rounded to float32 after each addition is
        the float32 sum)."""
        scores = [0.0] * len(self._entries)
        for tok in known:
            ids, weights = self._postings[tok]
            # Each entry once per token, so one token's sums round together: array("f") rounds each double
            # to the nearest float32 in C (a cast, as struct.pack("f") makes).
            summed = array("f", [scores[i] + weight for i, weight in zip(ids, weights, strict=True)])
            for i, value in zip(ids, summed, strict=True):
                scores[i] = value
        return scores

    def _bounds(self, evidence: _Evidence) -> list[float]:
        """Per entry, `_score(evidence, i, fuzzy=1.0)[0]`: the score a perfect fuzzy match would give
        (the same operations in the same order, without a call per entry)."""
        damping = evidence.damping
        return [
            0.0
            if lexical is None
            else damping * required * (BM25_WEIGHT * min(1.0, lexical * 2.0) + (1 - BM25_WEIGHT) * 1.0)
            for lexical, required in zip(evidence.lexical, evidence.required, strict=True)
        ]

    def _score(
        self, evidence: _Evidence, i: int, fuzzy: float | None = None, *, below: float = 0.0
    ) -> tuple[float, float] | None:
        """Entry i's 0-1 score and the unclipped lexical score that breaks ties between entries whose
        score saturates at 1 (a short query inside two entries' variants). With `fuzzy` given: the
        score the entry would get with that fuzzy overlap (1.0: the most it can get). With `below`:
        None when the score is certainly under it (the fuzzy match then stops early)."""
        lexical = evidence.lexical[i]
        if lexical is None:
            return (0.0, 0.0) if below <= 0.0 else None
        bm25 = min(1.0, lexical * 2.0)
        factor = evidence.damping * evidence.required[i]
        if fuzzy is None:
            # The fuzzy overlap (0-100) the entry needs to reach `below`, less FUZZY_SLACK: rapidfuzz
            # compares with its cutoff after its own rounding, and an entry that ties must be scored
            # exactly (ties are broken by the lexical score).
            needed = (below / factor - BM25_WEIGHT * bm25) / (1 - BM25_WEIGHT) if factor > 0 else math.inf
            cutoff = max(0.0, needed * 100.0 - FUZZY_SLACK)
            if cutoff > 100.0:
                return None
            # The best variant; extractOne prepares the query once for all of them.
            best = process.extractOne(
                evidence.joined, self._variants[i], scorer=fuzz.token_set_ratio, score_cutoff=cutoff
            )
            if best is None and cutoff > 0.0:
                return None
            fuzzy = (best[1] if best else 0.0) / 100.0
        return (factor * (BM25_WEIGHT * bm25 + (1 - BM25_WEIGHT) * fuzzy), lexical * evidence.required[i])

    def _ranked(self, text: str) -> list[tuple[float, float]]:
        """Per entry, in catalogue order: (score, lexical score), see _score."""
        evidence = self._evidence(text)
        if evidence is None:
            return [(0.0, 0.0)] * len(self._entries)
        return [self._exact(evidence, i) for i in range(len(self._entries))]

    def _exact(self, evidence: _Evidence, i: int, fuzzy: float | None = None) -> tuple[float, float]:
        scored = self._score(evidence, i, fuzzy)
        assert scored is not None  # nothing is cut off without a floor
        return scored

    def scores(self, text: str) -> list[float]:
        """One 0-1 score per entry, in catalogue order."""
        return [score for score, _ in self._ranked(text)]

    def search(self, text: str, limit: int = 5) -> list[Hit]:
        """The hits alone: what retrieve() finds, without the runner-up's exact score (the margin),
        so that entries which can be no hit are never fuzzy-matched."""
        shown = self._shown(text, limit, runner_up=False)
        return [Hit(e.id, round(score, 4), e.title) for score, e in shown[:limit] if score >= MIN_SCORE]

    def retrieve(self, text: str, limit: int = 5) -> Retrieval:
        """Hits plus what the dialogue needs to decide whether to answer from them (see Retrieval)."""
        shown = self._shown(text, max(limit, 2))
        hits = [Hit(e.id, round(score, 4), e.title) for score, e in shown[:limit] if score >= MIN_SCORE]
        top = shown[0][0] if shown else 0.0
        second = shown[1][0] if len(shown) > 1 else 0.0
        return Retrieval(hits, round(top - second, 4) if hits else 0.0)

    def _shown(self, text: str, wanted: int, runner_up: bool = True) -> list[tuple[float, Entry]]:
        """The first `wanted` entries of the ranking (by score, then lexical score, then catalogue
        order) without the twins of better ones: a twin gives the same advice (a FAQ and its
        pitfall), so the answer shows one version and the margin is measured against a different
        topic. Of those, the ones scoring under MIN_SCORE (no hit) may be missing, except the first
        two when `runner_up` (the margin needs the second's exact score); none when the best scores
        under MIN_SCORE.

        Fuzzy overlap is the costly part, so entries are scored in the order of their bound (the
        score each would get with a perfect fuzzy match), and only until the head of the ranking
        is settled: a scored entry that beats every unscored entry's bound keeps its place. An
        entry that cannot reach the head is not fuzzy-matched to the end (see _score's `below`)."""
        evidence = self._evidence(text)
        if evidence is None:
            return []  # every score is 0, below MIN_SCORE
        n = len(self._entries)
        bound = self._bounds(evidence)
        unscored = sorted(range(n), key=bound.__getitem__, reverse=True)
        scored: list[tuple[float, float, int]] = []  # (-score, -lexical, i), in ranking order
        # Scores of the scored entries without twins, negated (ascending): no entry can ever drop one
        # of those from the ranking, so an entry scoring under the `wanted`-th of them cannot be shown.
        untwinned: list[float] = []
        while True:
            ceiling = bound[unscored[0]] if unscored else -math.inf
            shown: list[tuple[float, Entry]] = []
            for neg_score, _, i in scored:
                if -neg_score <= ceiling:
                    break  # an unscored entry may still rank above this one
                entry = self._entries[i]
                if not any(entry.id in kept.twins for _, kept in shown):
                    shown.append((-neg_score, entry))
            settled = len(shown) >= (2 if runner_up else 0)
            if (
                len(shown) >= wanted
                or not unscored
                or (shown and shown[0][0] < MIN_SCORE)
                or (settled and ceiling < MIN_SCORE)  # the rest can be no hit
            ):
                return shown
            i = unscored.pop(0)
            # Past the runner-up an entry only matters as a hit (at least MIN_SCORE).
            last = -untwinned[wanted - 1] if len(untwinned) >= wanted else 0.0
            floor = max(MIN_SCORE, last)
            if runner_up:
                floor = min(floor, -untwinned[1] if len(untwinned) >= 2 else 0.0)
            scored_i = self._score(evidence, i, below=floor)
            if scored_i is None:
                continue  # the fuzzy match stopped early: under the floor
            bisect.insort(scored, (-scored_i[0], -scored_i[1], i))
            if not self._entries[i].twins:
                bisect.insort(untwinned, -scored_i[0])


@dataclass(frozen=True, slots=True)
class _Evidence:
    joined: str  # the query's tokens, as fuzzy matching compares them with the variants
    damping: float  # below 1 for a datasheet question ("H100显存多大"): the catalogue answers those
    lexical: list[float | None]  # per entry: BM25 over the query's ceiling; None: it cannot match
    required: list[float]  # per entry: 1, or REQUIRES_FACTOR when the question misses its required concept


@functools.cache
def default_searcher() -> Searcher:
    """A Searcher over the shipped FAQ and pitfalls (for callers without a KnowledgeBase)."""
    items: tuple[Entry, ...] = (*load_faq(), *load_pitfalls())
    check_related(items)
    return Searcher(items)
