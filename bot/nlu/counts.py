"""GPU counts: "8张A100", "4x H100", "A100 x 8", "16张卡", "8 GPUs", "两台8卡H800" (2 x 8)."""

from __future__ import annotations

import re

from bot.nlu import lexicon
from bot.nlu.found import Found, negated, turned_down_in_clause
from bot.nlu.gpus import CARD_COUNT_WORDS, GPU_WORDS, GPU_WORDS_EN, GpuMention
from bot.nlu.scan import Num
from bot.nlu.units import Unit, labels_next

_GPU_WORDS_ALL = GPU_WORDS + GPU_WORDS_EN
_DASH_GPU = ("-gpus", "-gpu", "-cards", "-card")


# Part of the GPUs at hand already busy with other work: "8 卡 H100 里有 4 张在跑推理", "16 张卡其中一半
# 在跑线上服务", "8 H100s but 3 are used for inference", "a 16-GPU box where half are busy serving". The
# plan may use the rest.
BUSY_PART = re.compile(
    r"(?:里|中|里面|当中|之中|其中)[,， ]*(?:有|的)?\s*(?P<zh>一半|半数|[0-9]+|[一二两三四五六七八九十]+)\s*"
    r"(?:张|块|个|台)?(?:卡|gpu)?\s*(?:都|已经|还|目前|正|现在|要|得|会)*\s*"
    r"(?:在|被|用来|用于|拿来|拿去|给|留给|预留给|占着|占用|跑|做)"
    r"|\b(?:but|and|where|though|of which|of them)\s+(?P<en>half|[0-9]+)\s+"
    r"(?:of (?:them|those|these)\s+|gpus?\s+|cards?\s+)?(?:are|is|remain)\s+"
    r"(?:already\s+|currently\s+|still\s+|being\s+)?"
    r"(?:busy|used|in use|taken|reserved|running|serving|tied up|occupied|allocated|dedicated|committed"
    r"|booked)"
)
_BUSY_GATE = ("里", "中", "but ", "and ", "where ", "though ", "of ")
_BUSY_SPAN = 60  # characters after a count searched for the busy part, up to the sentence's end
_SENTENCE_ENDS = "。.!?！？;；\n"
_CLAUSE_ENDS = ",，;；。!！?？\n"


def busy_part(s: str, end: int) -> re.Match[str] | None:
    """The busy part said of the GPUs counted just before `end`, in the same sentence."""
    window = s[end : end + _BUSY_SPAN]
    if not any(w in window for w in _BUSY_GATE):
        return None  # no word a busy part starts with (most counts)
    cut = next(
        (k for k, ch in enumerate(window) if ch in _SENTENCE_ENDS and not window[k - 1 : k].isdigit()), None
    )
    return BUSY_PART.search(window[:cut] if cut is not None else window)


# Servers named after a GPU's name: "two H100 nodes", "3 A100 servers" count the servers, not the GPUs.
_NODES_AFTER = re.compile(r" ?(?:nodes|servers|machines|boxes|hosts|节点|服务器)(?![a-z])")


def _nodes_of(s: str, gpu_end: int) -> bool:
    return _NODES_AFTER.match(s, gpu_end) is not None


def busy_clauses(s: str) -> list[tuple[int, int]]:
    """Each busy part with the rest of its clause ("里有 4 张在跑推理", "where half are busy serving")."""
    out = []
    for m in BUSY_PART.finditer(s):
        end = next((k for k in range(m.end(), len(s)) if s[k] in _CLAUSE_ENDS), len(s))
        out.append((m.start(), end))
    return out


# The share of a shared cluster the user may use: "1000 张 A100 的集群，我们组能分到 64 张", "a 512-GPU
# cluster, of which we can use 32".
_SHARE = re.compile(
    r"(?:分到|分给我们|能用|可以用|可用|只能用|能拿到|拿到|申请到)(?:的)?(?:有|是|约|大概)?\s*(?P<n>[0-9]+)"
    r"\s*(?=张|块|卡|个|gpu|[,，。;；]|$)"
    r"|\b(?:we (?:can |could |only |may )*(?:get|use|have access to)|allocated to us|available to us|"
    r"of which we (?:can )?(?:get|use))\s+(?P<en>[0-9]+)(?=\s*(?:gpus?\b|cards?\b|of them|[,.;]|$))"
)


def _share(s: str, nums: list[Num], idx: int, value: float, found: Found) -> float | None:
    window = s[nums[idx].end : nums[idx].end + _BUSY_SPAN]
    m = _SHARE.search(window)
    if m is None:
        return None
    at = nums[idx].end + m.start("n" if m.group("n") else "en")
    got = next((j for j, n in enumerate(nums) if j > idx and n.start == at), None)
    if got is None or not 0 < nums[got].value < value:
        return None
    found.used.add(got)
    return nums[got].value


# Several jobs run at once on the GPUs counted ("2 张 4090，能同时跑两个 QLoRA 吗", "兩張卡同時跑 2 個實驗",
# "2 A100s, can we run two LoRA jobs at the same time?"): each job gets its share of them.
_AT_ONCE = re.compile(
    r"(?:同时|并行|一起|分别)(?:跑|训|训练|微调|做)?\s*(?P<zh>[2-9]|[两二三四五六七八])\s*个"
    r"|\b(?:run|train|do)\s+(?P<en>2|3|4|two|three|four)\s+(?:\w+\s+){0,3}?(?:jobs|runs|experiments|trainings)\s+"
    r"(?:at once|at the same time|in parallel|simultaneously|concurrently)"
)
_AT_ONCE_WORDS = {
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "two": 2,
    "three": 3,
    "four": 4,
}


def jobs_at_once(s: str, end: int) -> int | None:
    """How many jobs the message runs at once on the GPUs counted before `end` (2 and up), or None."""
    m = _AT_ONCE.search(s, end)
    if m is None:
        return None
    said = m.group("zh") or m.group("en")
    return int(said) if said.isdigit() else _AT_ONCE_WORDS.get(said)


def _free(s: str, nums: list[Num], idx: int, value: float, found: Found) -> float:
    """The GPUs left when part of the `value` counted at nums[idx] is busy ("8 卡里有 4 张在跑推理": 4), or
    the share of them the user may use ("1000 张 A100 的集群，我们组能分到 64 张": 64)."""
    m = busy_part(s, nums[idx].end)
    jobs = jobs_at_once(s, nums[idx].end) if m is None and value > 1 else None
    if jobs is not None and value >= jobs and value % jobs == 0:
        found.jobs_at_once = jobs  # "2 张 4090 同时跑两个 QLoRA": one job on 1 of them, said so
        return value / jobs
    if m is None:
        share = _share(s, nums, idx, value, found) if value > 1 else None
        return share if share is not None else value
    said = m.group("zh") or m.group("en")
    if said in ("一半", "半数", "half"):
        return value / 2 if value >= 2 else value
    at = nums[idx].end + m.start("zh" if m.group("zh") else "en")
    busy = next((j for j, n in enumerate(nums) if j > idx and n.start == at), None)
    if busy is None or not 0 < nums[busy].value < value:
        return value
    found.used.add(busy)
    return value - nums[busy].value


def gpu_counts(s: str, nums: list[Num], units: list[Unit], gpus: list[GpuMention], found: Found) -> None:
    """GPU counts: "8张A100", "4x H100", "A100 x 8", "16张卡", "8 GPUs", "两台8卡H800" (2 x 8).
    `units`: units.unit_after of each of `nums`."""
    per_node: list[tuple[int, float]] = []  # "8卡" (a server's card count): idx, value
    totals: list[tuple[int, float]] = []
    nodes: list[tuple[int, float]] = []
    servers_after: set[int] = set()
    starts = {g.start for g in gpus}
    ends = {g.end for g in gpus}
    end_of = {g.start: g.end for g in gpus}
    for idx, num in enumerate(nums):
        if num.mult not in ("", "k") or num.weak or _labelled_otherwise(s, num):
            continue
        j = num.end
        k = j + 1 if j < len(s) and s[j] == " " else j
        k = _past_modifier(s, k)  # "8 NVIDIA H100s", "4 more A100s", "8 spare GPUs"
        for sep in ("x", "×", "*", "张", "块", "个", ""):
            if s.startswith(sep, k):
                m = k + len(sep)
                if (m in starts or (m + 1 in starts and s[m] == " ")) and (sep or k > j or k in starts):
                    gpu_end = end_of.get(m, end_of.get(m + 1, m))
                    if _nodes_of(s, gpu_end) and not (idx > 0 and _servers_before(s, nums, idx)):
                        nodes.append((idx, num.value))  # "two H100 nodes (16 GPUs total)": servers
                    else:
                        totals.append((idx, num.value))  # "16k H100s", "sixteen thousand H100s" too
                    break
        else:
            if num.mult:
                continue  # "8k context": a count of GPUs is written out in full unless a GPU name follows
            if units[idx].kind == "node" and _after_gpu_name(s, num, ends):
                servers_after.add(idx)  # "8 张 H100 * 2 台": two servers of what is before
            elif num.value == 1 and s.startswith("卡", k) and _period_after_card(s, k + 1):
                continue  # "一卡一天 35 元", "一卡每小时 8 元": a price per card and period counts no card
            elif (s.startswith("卡", k) and not s.startswith(("卡路里", "卡时", "卡小时"), k)) or _dash_gpu(
                s, j
            ):
                # ("2 元一卡时": a card-hour, the unit of a price, counts no card)
                per_node.append((idx, num.value))
                _node_count_before(s, nums, idx, nodes)
            elif (
                (_gpu_word_at(s, k) or _measured_gpu_word(s, k)) and not _people(s, k) and not _gpu_time(s, k)
            ):
                totals.append((idx, num.value))
            elif _after_gpu_name(s, num, ends) or _sized_gpu_word(s, k):
                totals.append((idx, num.value))  # "4x 24gb cards", "four 24GB GPUs": cards by their memory
            elif _cards_of_named_gpu(s, num, k, ends):
                totals.append((idx, num.value))  # "卡是 A100 80G 的，8 块": the cards, not 8 yuan
            elif units[idx].kind == "node" or _machines_times_cards(s, num):
                nodes.append((idx, num.value))
    for idx, _ in per_node + totals + nodes:
        found.used.add(idx)
    found.used.update(servers_after)
    total, per_server = _kept(s, nums, totals), _kept(s, nums, per_node)
    if totals and (total is not None or per_server is None):
        idx, value = total or totals[0]
        each = _EACH_ALONE_AFTER.match(s, nums[idx].end) is not None  # "(8 GPUs each)"
        systems = _systems_before(s, nums[idx].start, nums, gpus) if each else None
        if (
            nodes
            and nodes[0][0] < idx
            and (each or _per_node_phrase(s, nums[nodes[0][0]].end, nums[idx].start))
        ):
            value *= nodes[0][1] * _groups_before(s, nums, nodes[0][0], found)
        elif systems is not None:
            value *= systems  # "2 x DGX H100 (8 GPUs each)"
        elif idx + 1 in servers_after:
            value *= nums[idx + 1].value  # "8 张 H100 * 2 台", "8x H100 x 2 nodes": servers times each one's
        elif idx > 0 and _servers_before(s, nums, idx):
            value *= nums[idx - 1].value  # "3 x 8 H100 nodes": three servers of eight
            found.used.add(idx - 1)
        elif nodes and nodes[0][0] > idx and _each_server(s, nums[idx]):
            value *= nodes[0][1]  # "每台 8 张 H100，共 4 台", "8 H100s per node, 16 nodes"
        found.add("gpu_count", _free(s, nums, idx, value, found), nums[idx], s)
    elif per_node:
        idx, value = per_server or per_node[0]
        if nodes and abs(nodes[0][0] - idx) <= 2:
            value *= nodes[0][1] * _groups_before(s, nums, nodes[0][0], found)  # 两台8卡H800 = 16
        elif idx + 1 in servers_after:
            value *= nums[idx + 1].value  # "8 卡 A800 x 4 台"
        found.add("gpu_count", _free(s, nums, idx, value, found), nums[idx], s)
    else:
        (
            _single(s, gpus, found)
            or _single_card(s, found)
            or _of_them(s, nums, gpus, found)
            or _server_system(s, nums, gpus, found)
            or _labelled_count(s, nums, units, ends, found)
            or _bare_count_follow_up(s, nums, found)
        )


def _kept(s: str, nums: list[Num], counts: list[tuple[int, float]]) -> tuple[int, float] | None:
    """The first count not turned away in favour of another: "8 张卡太少了，还是 16 张", "不是 8 卡，是 16
    卡", "12 GPUs are too many, use 4 A10G" (Found.drop_turned_down for the other slots). None when every
    one is."""
    return next(
        (c for c in counts if not (negated(s, nums[c[0]].start) or turned_down_in_clause(s, nums[c[0]].end))),
        None,
    )


# Groups of servers counted before the servers: "2 racks × 4 servers × 8 GPUs", "3 个机柜，每个 4 台 8 卡".
_GROUP_OF_SERVERS = re.compile(
    r"\s*(?:个|组)?\s*(?:racks?|pods?|superpods?|clusters?|机柜|机架|集群|機櫃|機架|叢集)"
    r"\s*(?:[x×*,，、]|of|with|each with|each|每个|每個|每柜|每櫃)?\s*(?:each with|with|每个|每個|有)?\s*"
)


def _groups_before(s: str, nums: list[Num], node_idx: int, found: Found) -> float:
    """The count of server groups said right before the count of servers at nums[node_idx] (its racks or
    pods), else 1."""
    if node_idx == 0:
        return 1.0
    prev = nums[node_idx - 1]
    if prev.mult or prev.weak or not 1 <= prev.value <= MAX_BARE_COUNT:
        return 1.0
    m = _GROUP_OF_SERVERS.match(s, prev.end)
    if m is None or m.end() != nums[node_idx].start:
        return 1.0
    found.used.add(node_idx - 1)
    return prev.value


_OTHER_LABELS = (*lexicon.EPOCH_LABELS, *lexicon.HYPERPARAMETER_LABELS)


def _labelled_otherwise(s: str, num: Num) -> bool:
    """A label of something else right before the number: "epochs 3 4090" trains 3 epochs on a 4090."""
    head = s[max(0, num.start - 32) : num.start].rstrip(" :：=" + lexicon.KEY_QUOTES)
    return lexicon.label_at_end(head, _OTHER_LABELS) is not None


def _gpu_word_at(s: str, k: int) -> bool:
    """A word for GPUs at `k` that counts the number before it: not a key of a key=value list ("epochs=3
    gpu=h100")."""
    word = lexicon.phrase_at(s, k, _GPU_WORDS_ALL)
    return word is not None and not labels_next(s, k + len(word))


MAX_LABELLED_COUNT = 100_000


def _labelled_count(s: str, nums: list[Num], units: list[Unit], gpu_ends: set[int], found: Found) -> bool:
    """A bare number after a GPU-count label of a spec list: "gpus: 8", "num_gpus=8", "GPU 数量：8", and
    "count=8" / "数量 8" right after a GPU's name ("gpu=h100 count=8")."""
    for idx, num in enumerate(nums):
        if num.mult or num.weak or units[idx].kind != "none" or idx in found.used:
            continue
        if not (1 <= num.value <= MAX_LABELLED_COUNT and float(num.value).is_integer()):
            continue
        head = s[: num.start].rstrip(" :：=" + lexicon.KEY_QUOTES)
        label = lexicon.label_at_end(head, lexicon.GPU_COUNT_LABELS)
        if label is None:
            label = lexicon.label_at_end(head, lexicon.COUNT_LABELS)
            rest = head[: -len(label)] if label else ""
            rest = rest.removesuffix(" ")  # GPU names are blanked out: strip one space only
            rest = rest[:-1] if rest.endswith((";", ",", "，", "、")) else rest  # "GPU: H100; count: 16"
            if label is None or len(rest) not in gpu_ends:
                continue  # "count" alone counts GPUs only right after one's name
        found.used.add(idx)
        found.add("gpu_count", num.value, num, s)
        return True
    return False


# "what about two?", "and 4?", "那 8 呢", "what about 8 of them", "what if we had 16 of those", "on two",
# "what about on 2 of them": a lone number in a follow-up is a GPU count (the one thing a count-less number
# asks of the hardware answer before it: "can one H100 serve 70B?" / "what about two?"; "how much is an
# H100 per hour" / "what about 8 of them"; "can we lora a 70b on an h100" / "on two").
# Asked with the time it takes around it ("how long on 8 of them?", "how long would it take with 8?", "and
# with only 8 of them, how long?"): the same count, the time on it asked.
_HOW_LONG = r"how long(?: would it take| will it take| does it take| would that take| does that take)?"
_BARE_COUNT_FOLLOW_UP = re.compile(
    r"(?:(?:ok(?:ay)?|so|alright|right)\s*,?\s*)?(?:and\s+)?"  # "ok and on 16 of them?": a lead-in, no more
    rf"(?:{_HOW_LONG}\s+)?"
    # "back to 32", "let's go back to 32", "改回 32", "換回32吧": a count tried before, after count what-ifs
    r"(?:(?:let'?s\s+)?(?:go\s+|switch\s+|change\s+|revert\s+)?back\s+to\s+|revert\s+to\s+"
    r"|(?:那|那就|还是)?(?:改回|换回|回到|退回到?)\s*"
    r"|(?:what about|how about|and|what if|what if only|with|那|那么)\s*(?:on\s+|with\s+)?|on\s+)"
    r"(?:we (?:only\s+|just\s+)?(?:had|have|used|use|got|get|rented|rent|took|take)\s+)?(?:only\s+|just\s+)?"
    r"(\S+?)(?:\s+of (?:them|those|these|'em|em))?"
    rf"(?:\s*,?\s*{_HOW_LONG})?\s*[呢吧]?\s*[?？.。!！]*"
)
# ... or with no lead-in when "of them" says whose count it is: "2 of them?", "8 of those", "ok 4 of em".
_BARE_OF_THEM = re.compile(
    r"(?:(?:ok(?:ay)?|so|alright|right)\s*,?\s*)?(\S+?)\s+of (?:them|those|these|'em|em)\s*[?？.。!！]*"
)
MAX_BARE_COUNT = 1024


def counts_them(t: str) -> bool:
    """ "2 of them?", "8 of those": a count of the GPUs the last answer was about (intents: a follow-up)."""
    return "of " in t and _BARE_OF_THEM.fullmatch(t.strip()) is not None


def _bare_count_follow_up(s: str, nums: list[Num], found: Found) -> bool:
    m = _BARE_COUNT_FOLLOW_UP.fullmatch(s.strip())
    if m is None and "of " in s:
        m = _BARE_OF_THEM.fullmatch(s.strip())
    if m is None or len(nums) != 1:
        return False
    num = nums[0]
    if num.mult or num.weak or num.start != m.start(1) or num.end != m.end(1):
        return False  # "what if $800?": a currency sign before the number makes it money, no count
    if not (1 <= num.value <= MAX_BARE_COUNT and float(num.value).is_integer()):
        return False
    found.used.add(0)
    found.add("gpu_count", num.value, num, s)
    return True


# Words between a count and the GPUs it counts: the vendor, or how the GPUs are had.
COUNT_MODIFIERS = (
    "nvidia", "amd", "more", "spare", "idle", "extra", "additional", "rented", "available", "free",
    "dedicated", "new", "used", "own", "of the", "of our", "of those",
)  # fmt: skip


# Each with the space after it: a word followed by a space is a whole word (lexicon.phrase_at).
_MODIFIERS_SPACED = tuple(f"{word} " for word in COUNT_MODIFIERS)


def _past_modifier(s: str, k: int) -> int:
    """The position after one modifier word and its space at `k` ("8 NVIDIA H100s"), else `k`."""
    found = lexicon.phrase_at(s, k, _MODIFIERS_SPACED)
    return k + len(found) if found is not None else k


# NVIDIA's 8-GPU servers named before the GPU: "a DGX A100", "2 HGX H100 boxes", "一台 DGX H800".
SERVER_SYSTEMS = ("dgx", "hgx")
GPUS_PER_SERVER_SYSTEM = 8


def _server_system(s: str, nums: list[Num], gpus: list[GpuMention], found: Found) -> bool:
    for g in gpus:
        named = _system_named(s, nums, g)
        if named is None:
            continue
        start, servers = named
        found.add("gpu_count", servers * GPUS_PER_SERVER_SYSTEM, Num(start, g.end, servers, ""), s)
        return True
    return False


def _system_named(s: str, nums: list[Num], g: GpuMention) -> tuple[int, float] | None:
    """Where a server system's name before the GPU `g` starts ("DGX H100") and how many of them are counted
    before it ("2 DGX H100", "两台 DGX A100"; 1 when none); None when no system is named."""
    k = g.start - 1 if g.start > 0 and s[g.start - 1] == " " else g.start
    word = next((w for w in SERVER_SYSTEMS if s.endswith(w, 0, k)), None)
    if word is None:
        return None
    start = k - len(word)
    before = next((n for n in reversed(nums) if n.end <= start and not n.mult and not n.weak), None)
    if before is not None and s[before.end : start].strip(" x×台个") == "":
        return start, before.value
    return start, 1.0


def _systems_before(s: str, at: int, nums: list[Num], gpus: list[GpuMention]) -> float | None:
    """The server systems counted before `at` ("2 x DGX H100 (8 GPUs each)": 2), or None."""
    named = [got for g in gpus if g.end <= at and (got := _system_named(s, nums, g)) is not None]
    return named[-1][1] if named else None


# Words right before a GPU name that mean exactly one: "单卡4090", "a single H100".
_SINGLE = ("单卡", "单张", "single", "one single")


# ... or right after it: "4090 单卡", "H100 单张".
_SINGLE_AFTER = ("单卡", "单张", "一张", "一卡")


# The hardware a job runs on, named with an article, is one GPU ("LoRA on a 4090", "with an H100") unless a
# word for a machine of several follows it ("on an H100 node", "with a 4090 box"). Elsewhere an article
# names the kind ("is an H100 faster", "the price of an A100"), not a count; and in a question about the
# GPU ("can you train on a T4?") it names the kind too, so the parser asks this of sizing requests only.
_ARTICLES = ("on a", "on an", "with a", "with an", "using a", "using an")
_MACHINES = (
    "node", "nodes", "server", "servers", "box", "boxes", "cluster", "clusters", "machine", "machines",
    "instance", "instances", "pod", "pods", "rig", "rigs", "system", "systems", "workstation", "farm",
)  # fmt: skip


def one_by_article(s: str, gpus: list[GpuMention]) -> bool:
    """The first GPU is named as the one a job runs on: "7B LoRA on a 4090", "fine-tune with an H100"."""
    if not gpus:
        return False
    g = gpus[0]
    k = g.start - 1
    if k < 0 or s[k] != " ":
        return False  # the article and the name are two words
    word = next(
        (w for w in _ARTICLES if s.endswith(w, 0, k) and (k == len(w) or s[k - len(w) - 1] == " ")), None
    )
    if word is None:
        return False
    j = g.end + 1 if s.startswith(" ", g.end) else g.end
    while j < len(s) and (s[j].isdigit() or s[j] in "gb "):
        j += 1  # "an A100 80GB server"
    return lexicon.phrase_at(s, j, _MACHINES) is None


# One GPU of no named kind: "单卡能跑吗", "a single 24GB card", "just one GPU" (not "单卡显存 80G", a card's
# memory).
_SINGLE_CARD = re.compile(
    r"(?:单卡|单张卡|单张显卡|单块卡|一张卡|一块卡)(?!显存|内存|的显存|的内存)"
    r"|\b(?:a single|one single|single|just one|only one)\s+(?:\d{1,3} ?gb?\s+)?(?:gpu|card|graphics card)\b"
)


def _single_card(s: str, found: Found) -> bool:
    if not ("卡" in s and ("单" in s or "一" in s)) and "single" not in s and "one " not in s:
        return False  # most messages
    m = _SINGLE_CARD.search(s)
    if m is None or s[m.end() :].lstrip().startswith(("还是", "或", "or ", "vs", "/", "和多卡", "跟多卡")):
        return False  # "单卡还是多卡？": a choice asked
    found.add("gpu_count", 1.0, Num(m.start(), m.end(), 1.0, ""), s)
    return True


_OF_THEM = (" of them", " of those", " of these")


def _of_them(s: str, nums: list[Num], gpus: list[GpuMention], found: Found) -> bool:
    """ "H100 is $2.49/hr; 8 of them for a 13B LoRA": a plain count of the GPU named before it."""
    if not gpus or " of th" not in s:
        return False  # most messages
    for idx, num in enumerate(nums):
        if num.mult or num.weak or idx in found.used:
            continue
        if num.start < gpus[0].end and not _gpus_named_before(s, num.start, gpus[0].start):
            continue
        if (
            s.startswith(_OF_THEM, num.end)
            and 1 <= num.value <= MAX_LABELLED_COUNT
            and num.value.is_integer()
        ):
            found.used.add(idx)
            found.add("gpu_count", num.value, num, s)
            return True
    return False


def _gpus_named_before(s: str, at: int, gpu_start: int) -> bool:
    """ "our GPUs have 80 GB each and we have 24 of them (H100)": the GPUs were named by a word before the
    count, and by their name only after it."""
    return lexicon.has_cue(s[:at], GPU_WORDS_EN) or (0 <= gpu_start - at <= 16 and "(" in s[at:gpu_start])


def _single(s: str, gpus: list[GpuMention], found: Found) -> bool:
    for g in gpus:
        k = g.start - 1 if g.start > 0 and s[g.start - 1] == " " else g.start
        word = next((w for w in _SINGLE if s.endswith(w, 0, k)), None)
        if word is not None:
            found.add("gpu_count", 1.0, Num(k - len(word), g.end, 1.0, ""), s)
            return True
        j = g.end + 1 if s.startswith(" ", g.end) else g.end
        word = next((w for w in _SINGLE_AFTER if s.startswith(w, j)), None)
        if word is not None and not _period_after_card(s, j + len(word)):  # "4090 一卡一天 35 元": a price
            found.add("gpu_count", 1.0, Num(g.start, j + len(word), 1.0, ""), s)
            return True
    return False


# People named by what they work on: "2 GPU engineers", "3 gpu experts", "2 个 GPU 工程师" are no GPUs.
_PEOPLE = (
    "engineer", "engineers", "researcher", "researchers", "expert", "experts", "people", "folks", "admins",
    "specialists", "工程师", "研究员", "专家", "同学", "运维",
)  # fmt: skip


def _people(s: str, k: int) -> bool:
    """The GPU word at `k` (maybe after a measure word) names what people work on: "2 GPU engineers"."""
    j = k
    for words in (_MEASURE_WORDS, _GPU_WORDS_ALL):
        word = lexicon.phrase_at(s, j, words)
        j += len(word) if word else 0
        while j < len(s) and s[j] == " ":
            j += 1
    return lexicon.phrase_at(s, j, _PEOPLE) is not None


# A measure word between a count and the word for GPUs, with a space after it: "8 个 GPU", "4 张 显卡".
_MEASURE_WORDS = ("个", "张", "块")


# "5000 GPU 小时", "2,000 GPU-hours", "300 GPU days": an amount of GPU time, not a count of GPUs.
_GPU_TIME = re.compile(r"[- ·]?(?:小时|时|天|hours?\b|hrs?\b|days?\b)")


def _gpu_time(s: str, k: int) -> bool:
    word = lexicon.phrase_at(s, k, _GPU_WORDS_ALL)
    return word is not None and _GPU_TIME.match(s, k + len(word)) is not None


def _measured_gpu_word(s: str, k: int) -> bool:
    if not s.startswith(_MEASURE_WORDS, k):
        return False
    m = k + 1
    while m < len(s) and s[m] == " ":
        m += 1
    return m > k + 1 and lexicon.phrase_at(s, m, _GPU_WORDS_ALL) is not None


# A memory size and a GPU word after a count: "4x 24gb cards", "4 x 24 gig gpus", "2张 80G 的卡".
_SIZED_GPU = re.compile(r"(?:[x×*] ?)?\d{1,3} ?(?:gb|g|gib|gig|gigs)(?![a-z]) ?(?:的 ?)?")


def _sized_gpu_word(s: str, k: int) -> bool:
    m = _SIZED_GPU.match(s, k)
    return m is not None and lexicon.phrase_at(s, m.end(), _GPU_WORDS_ALL) is not None


# A bare 块 after a count is a yuan ("8 块钱", "预算 5000 块", "H100 一小时 15 块") except right after the
# GPUs were named, with no money said between them and after it: "卡是 A100 80G 的，8 块", "我们有 4090 八块".
_NAMED_GPU_REACH = 16
_MONEY_AROUND = (
    *lexicon.MONEY_CUES, *lexicon.BUDGET_WORDS, *(p for p, _ in lexicon.PRICE_PERIODS),
    "钱", "价", "租", "费", "花", "/",
)  # fmt: skip


def _cards_of_named_gpu(s: str, num: Num, k: int, gpu_ends: set[int]) -> bool:
    if not s.startswith("块", k) or not (1 <= num.value <= MAX_BARE_COUNT and float(num.value).is_integer()):
        return False
    named = [e for e in gpu_ends if num.start - _NAMED_GPU_REACH <= e <= num.start]
    if not named:
        return False
    between, tail = s[max(named) : num.start], s[k + 1 : k + 1 + _NAMED_GPU_REACH].lstrip()
    return not lexicon.has_cue(between, _MONEY_AROUND) and not tail.startswith(_MONEY_AROUND)


def _dash_gpu(s: str, j: int) -> bool:
    """ "8-GPU node", "an 8-card server": a per-server card count."""
    return lexicon.phrase_at(s, j, _DASH_GPU) is not None


def _node_count_before(s: str, nums: list[Num], idx: int, nodes: list[tuple[int, float]]) -> None:
    """ "2 8-GPU nodes", "2x 8卡": a plain number right before a per-server count counts servers."""
    if idx == 0 or nums[idx - 1].mult or nums[idx - 1].weak:
        return
    gap = s[nums[idx - 1].end : nums[idx].start]
    if gap in (" ", "x ", " x ", "× ", " × ", "*") and not any(i == idx - 1 for i, _ in nodes):
        nodes.append((idx - 1, nums[idx - 1].value))


def _servers_before(s: str, nums: list[Num], idx: int) -> bool:
    """A plain count and a times sign right before a GPU count: "3 x 8 H100", "2×8 A100"."""
    prev = nums[idx - 1]
    return not prev.mult and not prev.weak and s[prev.end : nums[idx].start].strip() in ("x", "×", "*")


# "8 卡 * 2 机": a server's cards times the servers, said as machines (机 after a count is no unit on its own:
# in "两机十六卡" the cards are the total).
_CARDS_TIMES = re.compile(r"卡\s*[x×*]\s*$")
_MACHINES_AFTER = re.compile(r"\s*[机機](?![柜櫃架房位型])")


def _machines_times_cards(s: str, num: Num) -> bool:
    return _CARDS_TIMES.search(s, 0, num.start) is not None and _MACHINES_AFTER.match(s, num.end) is not None


def _after_gpu_name(s: str, num: Num, gpu_ends: set[int]) -> bool:
    """ "A100 x 8", "H100*8", "H800 8卡" (handled above), "A100 ×8"."""
    k = num.start
    k = k - 1 if k > 0 and s[k - 1] == " " else k
    if k > 0 and s[k - 1] in "x×*":
        k -= 1
        return k in gpu_ends or (k > 0 and s[k - 1] == " " and k - 1 in gpu_ends)  # "A100*8", "A100 * 8"
    return False


# A count of one server's GPUs, said before the count of servers: "每台 8 张 H100，共 4 台", "8 H100s per
# node, 16 nodes".
_EACH_BEFORE = (
    "每台",
    "每个节点",
    "每节点",
    "每机",
    "每台机器",
    "每台服务器",
    "每个服务器",
    "每个机器",
    "单机",
)
_EACH_AFTER = re.compile(r"[^,，;；。.!?！？]{0,20}?\b(?:per|each|a|/) ?(?:node|server|machine|box|host)\b")


# A count of GPUs said to be each server's, with the servers counted before it: "2 servers (8 GPUs each)".
_EACH_ALONE_AFTER = re.compile(r"[^,，;；。.!?！？()（）]{0,20}?\b(?:each|apiece)\b")


def _each_server(s: str, num: Num) -> bool:
    head = s[max(0, num.start - 8) : num.start].rstrip(" :：有是")
    return head.endswith(_EACH_BEFORE) or _EACH_AFTER.match(s, num.end) is not None


def _per_node_phrase(s: str, start: int, end: int) -> bool:
    gap = s[start:end]
    return any(w in gap for w in ("每台", "每个节点", "每节点", "per", "each", "of", "x", "×", "with"))


# A count glued to one GPU of several named ("1 H100 or 2 A100", "2 张 A100 还是 1 张 H100", "A100 x4 vs
# H100 x2"): that GPU's own count, for comparing them as counted.
_BEFORE = re.compile(r"(\d{1,4})\s*(?:x|×|\*|张|块|个|台)?\s*$")
# A count as a word: "one H200 or two A100s", "一张 H200 还是两张 H100" (a Chinese word needs its
# classifier; "a"/"an" are articles here, not counts).
_WORD_BEFORE = re.compile(
    r"(?:(?<![a-z0-9])(?P<en>"
    + "|".join(w for w in CARD_COUNT_WORDS if w.isascii() and w not in ("a", "an"))
    + r")\s*(?:x|×)?|(?P<zh>["
    + "".join(w for w in CARD_COUNT_WORDS if not w.isascii())
    + r"])\s*(?:张|块|个|台))\s*$"
)
_AFTER = re.compile(r"^\s*(?:x|×|\*)\s*(\d{1,4})(?![\d.])")


def counts_by_gpu(text: str) -> dict[str, int]:
    """Each GPU named with its own count, by the GPU id the parser gives it; a GPU named without one
    is left out. Only when two or more GPUs are named (one GPU's count is Parse's gpu_count)."""
    from bot.nlu.parser import gpu_mentions

    s, gpus = gpu_mentions(text)
    if len({g.gpu for g in gpus}) < 2:
        return {}
    out: dict[str, int] = {}
    for i, g in enumerate(gpus):
        lo = gpus[i - 1].end if i else 0
        before = _BEFORE.search(s[max(lo, g.start - 12) : g.start])
        after = _AFTER.match(s[g.end : g.end + 8])
        found = before or after
        if found is not None and 0 < int(found.group(1)) <= 4096:
            out.setdefault(g.gpu, int(found.group(1)))
        elif (word := _WORD_BEFORE.search(s[max(lo, g.start - 12) : g.start])) is not None:
            out.setdefault(g.gpu, CARD_COUNT_WORDS[word.group("en") or word.group("zh")])
    return out


_PERIODS_AFTER_CARD = tuple(p for p, _ in lexicon.PRICE_PERIODS if not p.isascii())


def _period_after_card(s: str, k: int) -> bool:
    """A unit of time right after "一卡" ("一卡一天 35 元", "一卡每小时 8 元"): a price per card and
    period."""
    return lexicon.phrase_at(s, k + (1 if s.startswith(" ", k) else 0), _PERIODS_AFTER_CARD) is not None
