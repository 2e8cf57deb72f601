"""What a message says about the user's situation rather than the workload: where they want to
rent (Parse.region) and whether they already own the GPUs they name (Parse.owned).

The one owner of both: the dialogue reads Parse.region and Parse.owned and keeps no detector of its
own ("We have 500 GB of data, pretrain 7B on 8 H100" owns data, not GPUs)."""

from __future__ import annotations

import re

from bot.nlu import lexicon
from bot.nlu.gpus import GPU_WORDS, GPU_WORDS_EN, GpuMention
from bot.nlu.providers import china_providers
from bot.nlu.units import BOUNDARIES

# Words for the mainland (its clouds come from bot/nlu/providers.py): prices there are quoted in
# CNY and export rules change which GPUs are on offer (H800/H20 rather than H100/H200).
MAINLAND = (
    "国内", "中国大陆", "中国", "大陆", "国产云", "china", "mainland",
    # the clouds said by their country ("which Chinese cloud should we use"), never "Chinese" alone (text)
    "chinese cloud", "chinese clouds", "chinese provider", "chinese providers", "chinese gpu cloud",
    "chinese gpu clouds",
    # A rule against clouds abroad ("公司规定不能用境外云"): the mainland's.
    "境内", "不能用境外", "不用境外", "不能用海外", "不用海外",
)  # fmt: skip
# Mainland cities a team says it is in ("我们公司在上海，用什么云比较好"): enough to answer a question about
# which cloud to use with the mainland's clouds, not to move a plan's GPU pool there (a team in Shanghai
# may rent abroad; MAINLAND words and a mainland cloud named do that).
MAINLAND_CITIES = (
    "北京", "上海", "深圳", "广州", "杭州", "成都", "南京", "武汉", "西安", "苏州", "天津", "重庆", "合肥",
    "beijing", "shanghai", "shenzhen", "guangzhou", "hangzhou", "chengdu",
)  # fmt: skip
# Possession words that come before the GPUs someone already has: 我们有8张A100, "we own 16 H100s".
OWNED_CUES = (
    "我们有", "我有", "我们已有", "已有", "已经有", "现有", "自有", "拥有", "手上有", "手里有", "手头有",
    "手上", "手里", "手头", "公司有", "团队有", "实验室有", "机房有", "买了", "已购",
    # Cantonese (我哋/我地 = 我们, 自己有 = of our own) and the Taiwan usage 我们自己有 (after t2s).
    "我哋有", "我地有", "我哋自己有", "我地自己有", "自己有", "我哋嘅", "我们自己的",
    # "only" said of what they have ("对了，我们只有 4 张 4090", "we only have 4 4090s"): all of them theirs
    "我们只有", "我只有", "我们就只有", "手上只有", "手里只有", "手头只有", "we only have", "i only have",
    "we've only got", "we just have",
    "we have", "we've got", "we already have", "we already own", "we own", "i have", "i own",
    "i've got", "our own", "we bought", "we purchased", "in-house", "on-prem",
)  # fmt: skip
# "we have to rent 8 H100s", "we have no GPUs", "we only have budget for 4 H100s"
NOT_OWNED = (" to ", " no ", " zero ", "n't", " budget", " money", " funds", "预算", "钱")
REACH = 16  # characters from the cue to the GPUs it owns


# Words before a GPU count that make it a ceiling, not a choice: "如果只能用 16 张卡", "only 8 H100s",
# "at most 16 GPUs", "最多 16 张卡". The plan then never uses more (dialogue.recommend).
COUNT_LIMIT_CUES = (
    "只能用", "只能", "只有", "只用", "最多", "至多", "顶多", "不超过", "不能超过", "仅有", "就只有",
    "only", "at most", "no more than", "just", "max", "maximum of", "a maximum of", "limited to", "capped at",
    "限制在", "控制在", "不多于",
)  # fmt: skip
# ... or after the GPUs: "2 张卡以内", "卡数限制在 2 张以内", "8 GPUs max", "16 GPUs or fewer".
COUNT_LIMIT_AFTER = ("以内", "之内", "以下", "max", "at most", "or fewer", "or less", "tops")
_GPU_WORD_ENDS = ("张卡", "块卡", "张显卡", "张", "块", *lexicon.GPU_NOUNS)


def count_limit(s: str, gpus: list[GpuMention]) -> bool:
    """A limit word followed, in the same clause, by a GPU name or a GPU word."""
    if lexicon.has_cue(s, COUNT_LIMIT_AFTER) and _limit_after(s, gpus):
        return True
    return lexicon.has_cue(s, COUNT_LIMIT_CUES) and _cue_before_gpus(s, COUNT_LIMIT_CUES, gpus)


def _limit_after(s: str, gpus: list[GpuMention]) -> bool:
    """A GPU name or word right before a limit word: "2 张以内", "8 GPUs max"."""
    ends = [g.end for g in gpus]
    for word in _GPU_WORD_ENDS:
        i = lexicon.find_phrase(s, word)
        while i != -1:
            ends.append(i + len(word))
            i = lexicon.find_phrase(s, word, i + 1)
    return any(lexicon.phrase_at(s, end + (s[end : end + 1] == " "), COUNT_LIMIT_AFTER) for end in ends)


# Where a user says they are when that is Taiwan or Hong Kong ("我在台湾", "我們是香港公司", "we're based in
# Taipei"; text is simplified here: 台灣 arrives as 台湾). There 国内, 境内 and 本地 mean their own region,
# not the mainland: "我在台湾，国内哪家云便宜" asks about Taiwan. Naming the place alone is not enough ("台湾
# 还是日本" weighs regions to rent in).
_HOMES = ("台湾", "台北", "新北", "桃园", "台中", "台南", "高雄", "新竹", "香港")
_HOMES_EN = ("taiwan", "taipei", "hong kong", "hongkong")
_WHO = ("我在", "我们在", "人在", "公司在", "团队在", "住在", "身在", "我是", "我们是", "位于")
_TAILS = ("这边", "本地", "公司", "的公司", "团队", "的团队", "用户")
HOME_OUTSIDE_MAINLAND = (
    *(f"{who}{place}" for who in _WHO for place in _HOMES),
    *(f"{place}{tail}" for place in _HOMES for tail in _TAILS),
    *(f"{who} {place}" for who in ("in", "from", "based in", "located in") for place in _HOMES_EN),
)  # fmt: skip
# The mainland words that are relative to the speaker: said from Taiwan or Hong Kong they mean home.
_RELATIVE = frozenset(("国内", "境内", "不能用境外", "不用境外", "不能用海外", "不用海外"))
_ABSOLUTE = tuple(w for w in MAINLAND if w not in _RELATIVE)


def region(s: str, providers: tuple[str, ...]) -> str | None:
    """ "cn" when the message names a mainland-China cloud or the mainland itself ("国内" only when the
    user is not in Taiwan or Hong Kong: there it means home)."""
    if any(p in china_providers() for p in providers):
        return "cn"
    if not lexicon.has_cue(s, MAINLAND):
        return None
    return "cn" if not home_outside_mainland(s) or lexicon.has_cue(s, _ABSOLUTE) else None


def home_outside_mainland(s: str) -> bool:
    """The user says they are in Taiwan or Hong Kong."""
    return lexicon.has_cue(s, HOME_OUTSIDE_MAINLAND)


def in_mainland_city(s: str) -> bool:
    return lexicon.has_cue(s, MAINLAND_CITIES)


def owned(s: str, gpus: list[GpuMention]) -> bool:
    """A possession word followed, in the same clause, by a GPU name or a GPU word."""
    # One search for every cue first: most messages have none.
    return lexicon.has_cue(s, OWNED_CUES) and _cue_before_gpus(
        s, OWNED_CUES, gpus, unless_next=NOT_OWNED, unless_within=lexicon.RENT
    )


def _cue_before_gpus(
    s: str,
    cues: tuple[str, ...],
    gpus: list[GpuMention],
    *,
    unless_next: tuple[str, ...] = (),
    unless_within: tuple[str, ...] = (),
) -> bool:
    """One of `cues`, not followed by any of `unless_next`, then a GPU name or word in the same clause
    with none of `unless_within` on the way ("我们有预算租 64 张 H100": a rental)."""
    for cue in cues:
        i = lexicon.find_phrase(s, cue)
        while i != -1:
            end = i + len(cue)
            if not s.startswith(unless_next, end):
                reach = s[end : end + REACH]
                cut = next((k for k, ch in enumerate(reach) if ch in BOUNDARIES), len(reach))
                if _names_gpus(reach[:cut], end, gpus) and not any(w in reach[:cut] for w in unless_within):
                    return True
            i = lexicon.find_phrase(s, cue, i + 1)
    return False


def _names_gpus(reach: str, offset: int, gpus: list[GpuMention]) -> bool:
    if any(offset <= g.start < offset + len(reach) for g in gpus):
        return True
    return any(w in reach for w in ("卡", "显卡", "gpu", "服务器", "台机器")) or any(
        lexicon.find_phrase(reach, w) != -1 for w in GPU_WORDS + GPU_WORDS_EN
    )


# A count asked beside the GPUs the team owns, in the same message: "we have 8 H100s, how long on 16?",
# "what about with 24 of them", "我们有 16 张 A800，用 32 张要多久", "換成 32 張呢", "we have 8 H100s,
# pretrain a 1B on 4 of them", "我们有 8 张 H100，只用其中 4 张训 1B". A bare number after a preposition or
# 用/换成/其中, ending the clause, or counted in cards.
_COUNT_ASKED = re.compile(
    r"\b(?:on|with|using|use|across|onto)\s+(\d{1,5})\s*(?:of them|of those|gpus?|cards?)?\s*(?=[?.!,;]|$)"
    r"|(?:用|换成|换到|扩到|加到|扩成|上到|其中|拿出|拿)\s*(\d{1,5})\s*(?:张|块|卡)"
)


def count_asked(s: str, owned_count: float) -> int | None:
    """A count of the GPUs the team owns asked in the same message (normalised `s`), above what they own
    ("how long on 16?" with 8: rented) or below it ("pretrain a 1B on 4 of them" with 8: theirs), else None;
    read only when the message says they own GPUs and how many (Parse.owned)."""
    for m in _COUNT_ASKED.finditer(s):
        value = int(m.group(1) or m.group(2))
        if 1 <= value <= 100_000 and value != owned_count:
            return value
    return None
