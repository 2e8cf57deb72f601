"""From numbers and their units to slot values, with the ambiguity and range rules of the issue.

A value that is implausible (a 70-trillion-parameter model), not positive, not finite or of an
unclear unit ("2T" with neither "tokens" nor "data" near) becomes an Ask, never a slot.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import replace

from bot.nlu import lexicon
from bot.nlu.counts import gpu_counts
from bot.nlu.found import RANGES, Found, taken_instead
from bot.nlu.gpus import GpuMention, unknown_gpu_mentions
from bot.nlu.numerals_zh import NUMERAL_CHARS, ZHAO, ZHAO_COUNT
from bot.nlu.question_cues import (
    ASCEND_MODELS,
    CONFIRM_ASKS,
    NEED_BEFORE_SIZE,
    OTHER_ACCELERATORS,
    asks_batch_size,
)
from bot.nlu.scan import Num
from bot.nlu.serving import (
    CONCURRENCY_LABEL,
    CONVERSATION_WORDS,
    COUNTED_SIDES,
    DAILY_USERS_LABEL,
    PER_DAY,
    PER_USER,
    PER_USER_AFTER,
    QPS_LABEL,
    REQUEST_VOLUME_LABEL,
    holds_weights,
    latency_kind,
    per_minute,
    period_name,
    request_period,
    request_side,
    side_after_count,
    side_of_clause_before,
    without_hedges,
    without_latency_words,
)
from bot.nlu.types import Ask
from bot.nlu.units import (
    COPULAS,
    FOREIGN,
    LABEL_REACH,
    NO_UNIT,
    WINDOW,
    Unit,
    cents_after,
    currency_before,
    foreign_prefix_start,
    foreign_suffix_end,
    jiao,
    label_window,
    period_near,
    period_said,
    samples_after_modifiers,
    unit_after,
    window_after,
    window_before,
)
from knowledge.currencies import OtherCurrency, other_currencies
from knowledge.gpu_names import catalogue_names
from knowledge.hardware_words import (
    GPU_OWNED_MEMORY,
    LINK_SPEED_WORDS,
    NETWORK_WORDS,
    STORAGE_WORDS,
    has_before,
)
from knowledge.names import JOINERS, alternation
from knowledge.quotes import SENTENCE_END
from knowledge.text_units import text_units

# Units of text a dataset may be counted in, and the tokens each is worth (knowledge/data/settings.yaml).
TEXT_UNITS: dict[str, Callable[[], float]] = {
    "word": lambda: text_units().tokens_per_word,
    "zh_char": lambda: text_units().tokens_per_chinese_character,
}


def extract(
    s: str,
    nums: list[Num],
    gpus: list[GpuMention],
    lang: str,
    named_model: bool = False,
    serving: bool = False,
) -> Found:
    """Candidate slot values of every number in `s`. `serving`: the message is about serving a model,
    so a small token count is a request length, not a dataset."""
    found = Found(named_model=named_model, serving=serving, gpu_ends=frozenset(g.end for g in gpus))
    # Each number's unit, read once: the readers below ask for most numbers' units several times,
    # and reading one was ~5% of a chat turn. Every number's is needed (_gpu_memory asks for all).
    units = [_unit(s, num) for num in nums]
    gpu_counts(s, nums, units, gpus, found)
    # "GB200 有 384GB 吗": a size glued to a part the catalogue lacks is that part's memory too, not data
    owners = gpus + unknown_gpu_mentions(s, gpus)
    found.used.update(i for i, num in enumerate(nums) if _gpu_memory(s, num, units[i], owners))
    found.used.update(_memory_variants(s, nums, units, gpus))
    for idx, num in enumerate(nums):
        if idx in found.used:
            continue
        floor = max(nums[idx - 1].end, units[idx - 1].end) if idx else 0
        if num.start < floor:
            continue  # inside the previous number's unit: the "a" of "10,000 users a day"
        ceiling = nums[idx + 1].start if idx + 1 < len(nums) else len(s)
        _classify(s, idx, num, units[idx], floor, ceiling, nums, units, found, lang)
    found.drop_turned_down()
    return found


def _unit(s: str, num: Num) -> Unit:
    """The unit after a number, none for a training setting's value: in "lr 2e-4 epochs 3" the word
    epochs labels the 3, and "warmup 500 steps" are no training steps."""
    unit = unit_after(s, num)
    if unit.kind in _SETTING_KEEPS or not _after_label(s[max(0, num.start - WINDOW) : num.start], _SETTINGS):
        return unit
    return Unit("none", 1.0, num.end)


_SETTINGS = lexicon.HYPERPARAMETER_LABELS
# A batch counted in sequences for the whole step (not a micro batch per GPU): "batch 256" beside the steps
# is the global batch, which the understood line says (a micro or per-GPU batch is no step's size).
_GLOBAL_BATCH = (
    "batch size",
    "batch_size",
    "global batch",
    "global batch size",
    "global_batch_size",
    "批大小",
    "batch",
    "bs",
    "批次大小",
)
# …and the batches of one GPU or one forward pass, which are not.
_LOCAL_BATCH = (
    "micro batch", "micro-batch", "micro batch size", "micro-batch size", "micro_batch_size", "mbs",
    "microbatch", "per-device batch", "per device batch", "per-gpu batch", "per gpu batch",
    "per-device batch size", "per device batch size", "per-gpu batch size", "per gpu batch size",
    "per_device_train_batch_size", "local batch", "local batch size", "单卡 batch", "每卡 batch", "单卡batch",
    "每卡batch", "单卡 batch size", "每卡 batch size", "单卡batch size", "每卡batch size", "微批", "微批次",
)  # fmt: skip
_SETTING_KEEPS = ("none", "tokens", "data", "money")  # "batch 4M tokens" is a size per step
_BUDGET_PERIOD_WORDS = tuple(p for p, _ in lexicon.BUDGET_PERIODS)  # "每月 …", "monthly …" before a budget


def _classify(
    s: str, idx: int, num: Num, unit: Unit, floor: int, ceiling: int, nums: list[Num], units: list[Unit],
    found: Found, lang: str,
) -> None:  # fmt: skip
    """`units`: unit_after of each of `nums`; `unit` is this number's."""
    before = window_before(s, num.start, floor)
    after = window_after(s, unit.end if unit.end > 0 else num.end, ceiling)
    if num.weak and unit.kind not in ("days", "money"):
        return
    if unit.kind == "none" and s.startswith("点", num.end) and s[num.start : num.end] == "一":
        return  # "哪個 cost-effective 一點", "快一点": "a little", no amount (一点三 is read whole as 1.3)
    if num.weak and unit.kind == "days" and _PER_PERIOD_COUNT.search(s[max(0, num.start - 24) : num.start]):
        # "each user sends ~10 requests a day", "~20 messages a day": how often, not a timeline, and
        # the messages counted are no dataset
        prior = found.values.get("samples")
        if idx and prior and units[idx - 1].kind == "samples" and prior[-1] == nums[idx - 1].value:
            prior.pop()
        return
    if num.value in (1e3, 1e6) and _per_tokens_unit(s, num, before):
        return  # "cost per million output tokens", "每百万个输出 token": the unit a price is per, no count
    if unit.kind == "none" and not found.serving and (batch := _batch_said(before, after)) is not None:
        # "micro batch 4", "bs=8 per GPU", "每卡 batch 4": one GPU's batch; "global batch 512": the step's
        # (× seq_len × steps); a bare "batch 16" is settled by the parser (bare_batch)
        found.add(batch, num.value, num, s)
        return
    if unit.kind not in ("tokens", "data", "money") and _after_label(before, lexicon.HYPERPARAMETER_LABELS):
        return  # "lr 2e-4", "rank 64", "r=16": a training setting, no slot
    if unit.kind == "none" and num.mult in ("", "k") and _times_the_steps(s, idx, num, nums, units, found):
        found.add("sequences_per_step", num.value, num, s)  # "20k steps × 1024 × 2048": the global batch
        return
    if (
        unit.kind in ("none", "tokens")
        and num.mult in ("", "k")
        and _times_the_batch(s, idx, num, nums, found)
    ):
        found.add("seq_len", num.value * (1.024 if num.mult == "k" else 1.0), num, s)  # "batch 1024 × 2048"
        return
    if unit.kind == "none" and not num.weak and (slot := taken_instead(found, s, num.start)) is not None:
        found.instead = None
        found.add(slot, num.value, num, s)  # "五万亿 token 太多了，先来 1 万亿": tokens
        return
    if num.mult in ("", "k", "m", "zh") and not num.weak and unit.kind == "none":
        if _after_label(before, lexicon.SAMPLE_LABELS):
            found.add("samples", num.value, num, s)  # "样本 3 万", "偏好对 2 万", "samples: 50k"
            return
    if num.mult == "" and _version_of_name(s, num):
        return  # "GPT-4 生成的数据", "Llama-3 output": a model's version, not a count
    if (
        _after_chip_name(before)
        or (num.mult == "b" and before.rstrip().endswith(("张", "块")))
        or s[num.start : num.end].replace(" ", "").lower() in ASCEND_MODELS
    ):
        return  # "昇腾 910B", "TPU v5", "8 张 910B": a chip's model number, not a model size
    if unit.kind == "requests" or (
        unit.kind == "samples" and found.serving and s[num.end : unit.end].strip() in _COUNTED_AS_REQUESTS
    ):
        # The period may be counted before the count ("一天 20 万次调用"): read past the number in it.
        head = window_before(s, num.start, 0, _PERIOD_REACH)
        tail = s[unit.end : unit.end + _PERIOD_REACH]
        user = lexicon.has_cue(window_before(s, num.start, 0, _USER_REACH), _PER_USER_COUNT)
        if user or tail.lstrip().startswith(_PER_USER_AFTER):
            return  # "each user sends ~10 requests a day", "人均每天 15 次调用": how often one user asks
        if unit.kind == "requests" and not unit.factor and per_minute(head, tail):
            if found.serving:
                found.add("qps", num.value / 60.0, num, s)  # "600 requests per minute": 10 requests/s
            return
        per_day = request_period(head, tail, unit.factor if unit.kind == "requests" else 0.0)
        if per_day is not None:
            _drop_period_before(s, idx, nums, units, found)  # 一天 is no timeline
            if found.serving:
                found.add(
                    "daily_requests", num.value * per_day, num, s
                )  # "每天 5 万次请求", "2M calls/month"
                _volume_said(found, num.value, per_day, "requests")
            return  # "2 million requests a month on our website": traffic, not a model size nor a load
        if unit.kind == "requests":
            unit = Unit("none", 1.0, num.end)  # "50 requests at once": no volume; read as any bare count
    if unit.kind == "samples" and num.mult in ("b", "t", "g") and not s[num.end : unit.end].strip().isascii():
        unit = Unit("none", 1.0, num.end)  # "7B条" / "70B份": a model size before a measure word
    elif unit.kind == "none" and num.mult not in ("b", "t", "g"):
        unit = samples_after_modifiers(s, num) or unit  # "20k support tickets", "50k customer chats"
    if (
        unit.kind == "samples"
        and found.serving
        and num.value < _FEWEST_COUNTED_PROMPTS
        and s[num.end : unit.end].strip().split(" ")[-1] in _PROMPT_WORDS
    ):
        # "2k prompts and 500-token answers": a prompt's length, whose side the word after the number names
        unit = Unit("none", 1.0, num.end)
        after = window_after(s, num.end, ceiling)
    if (
        unit.kind == "none"
        and num.mult in ("b", "t", "m", "k", "zh")
        and _low_end_of_tokens(s, idx, nums, units)
    ):
        found.add("tokens", num.value, num, s)  # "1T-2T tokens": the range's lower end counts tokens too
        return
    if unit.kind in ("params", "level", "none", "tokens") and _active_cue(s, before, unit, num):
        # "37B active per token", "激活参数370亿": the MoE's active parameters, never tokens
        found.add("active_params", num.value, num, s)
        return
    if unit.kind == "money" or (unit is NO_UNIT or unit.kind == "none") and currency_before(s, num):
        _money(s, idx, num, unit, nums, found, lang)
        return
    if unit.kind == "days":
        _duration(s, idx, num, unit, nums, units, found)
        return
    if unit.kind == "data":
        counted = _counted_by_zhao(s, num, unit, before)
        if counted is not None:
            found.add(counted, num.value * ZHAO_COUNT, num, s)  # "token 数：2 兆", "参数量 1 兆": 10^12
            return
        rate_end = _growth(s, before, unit.end)
        if rate_end:
            if idx + 1 < len(nums) and nums[idx + 1].start < rate_end:
                found.used.add(idx + 1)  # the "a" of "5GB a day"
            return  # "数据每天新增 2GB", "grows by 5GB a day": how fast the data grows, not its size
        if found.values.get("samples") and (_per_sample(before, after) or _each_one(before)):
            # "3 million JSON files, ~4 KB each", "5 亿行，每行约 100 字节": times the count, the data
            # (parser)
            found.add("bytes_per_sample", num.value * unit.factor, num, s)
            return
        if _memory_filter(s, before, after, unit.end, num.value * unit.factor, found):
            return
        media = _media_of_size(before, s[unit.end : unit.end + 40])
        if media is not None:
            # "50GB of images", "3TB 的视频": bytes of pictures or sound are no text to read tokens from
            said = s[num.start : unit.end].strip()
            found.asks.append(
                Ask("tokens_or_data", "media_size", _finite(num.value * unit.factor), said, word=media)
            )
            return
        if _hardware_size(s, before, after, unit.end):
            found.hardware_size = True
        elif not _tier_label(s, unit.end):
            _add_data(found, "data_bytes", num.value * unit.factor, num, s, before)
        return
    if unit.kind == "tokens":
        if num.mult in ("", "k") and _length_label(before):
            _labelled_length(found, num, s)  # "seq len 4096 tokens": a length, not a dataset
            return
        _tokens(s, idx, num, unit, before, after, nums, units, found)
        return
    if unit.kind in TEXT_UNITS:
        # "2M docs of 500 words", "每篇约 2000 字": tokens at the sourced ratio, which the reply states
        ratio = TEXT_UNITS[unit.kind]()
        found.text_unit = unit.kind
        tokens = replace(num, value=num.value * ratio)
        _tokens(s, idx, tokens, Unit("tokens", 1.0, unit.end), before, after, nums, units, found)
        return
    if unit.kind in ("params", "level"):
        found.add("params", num.value, num, s)
        return
    if unit.kind in ("images", "videos"):
        if num.value >= 10:  # "100万张图片", "500k image-text pairs": samples whose tokens are asked
            found.add("samples", num.value, num, s)
            found.media = "image" if unit.kind == "images" else "video"
        return
    if unit.kind in COUNTED:
        users_before = len(found.values.get("daily_users", ()))
        _counted(s, num, unit, before, after, found)
        if len(found.values.get("daily_users", ())) > users_before:
            _drop_period_before(s, idx, nums, units, found)  # "一天 5000 个用户": 一天 is their period
        return
    if unit.kind == "steps":
        if not s[: num.start].rstrip().endswith(_EVERY):  # "save every 1000 steps", "每 500 步评估一次"
            found.add("steps", num.value, num, s)  # "100k steps", "训练 10 万步"
        return
    if unit.kind in ("node", "count"):
        return
    labelled = before
    if num.mult in ("", "k") and len(before) >= WINDOW and " to " in before:
        labelled = window_before(s, num.start, floor, CONTEXT_REACH)  # "the context length is changed to 8k"
    if num.mult in ("", "k") and (
        (_context_label(labelled) and (_may_be_length(num, after) or _length_label(labelled)))
        or _context_after(s, num)
    ):
        found.add("seq_len", num.value * (1.024 if num.mult == "k" else 1.0), num, s)
        return
    wide = label_window(s, num.start, floor, before)
    if num.mult in ("", "k", "zh") and not num.weak and _labelled(s, num, before, after, found, wide):
        return
    if num.mult in ("", "k") and num.value >= 10 and _bare_length(before, after, found):
        found.add("tokens_per_sample", num.value, num, s)  # "每条1k", "10w条，每条 800"
        return
    budget_period = s[: num.start].rstrip(" 是为:：").endswith(_BUDGET_PERIOD_WORDS)
    money_cue = (
        budget_period
        or lexicon.has_cue(before, lexicon.MONEY_CUES)
        or _capped_per_period(s, num, unit)
        or (wide is not before and _budget_far_back(wide))
        or _budget_clause_before(s, num.start, before, floor)
    )
    # "有 5 万预算", "a 10k budget": the amount right before the word for a budget
    rest = after.lstrip(" 的")
    period = lexicon.phrase_at(rest, 0, _PERIOD_WORDS)  # "5k/mo budget", "3万一个月的预算"
    rest = rest[len(period) :].lstrip(" 的") if period else rest
    changed = _changed_to(before, found)
    if changed == "tokens" and unit.kind == "none" and num.mult in ("zh", "b", "t", "m"):
        found.add("tokens", num.value, num, s)  # "数据从 10 亿 token 加到 20 亿": the tokens changed
        return
    money_cue = money_cue or rest.startswith(_BUDGET_AFTER) or changed == "budget"
    if money_cue and num.mult == "" and _day_of_month(num, after):
        return  # "每月 20 号前交付", "每个月 15 号结算": a day of the month (deadlines), not money
    if money_cue and num.mult in ("", "k", "m", "zh"):
        _money(s, idx, num, unit, nums, found, lang)
        return
    _by_magnitude(s, num, before, after, found)


def _low_end_of_tokens(s: str, idx: int, nums: list[Num], units: list[Unit]) -> bool:
    """This number and the next are a range ("1T-2T tokens", "500B 到 1T token") whose unit, tokens, is said
    after its upper end only."""
    if idx + 1 >= len(nums) or units[idx + 1].kind != "tokens" or nums[idx + 1].mult != nums[idx].mult:
        return False
    return _RANGE_MARK.fullmatch(s, nums[idx].end, nums[idx + 1].start) is not None


_RANGE_MARK = re.compile(r"\s*(?:~|～|-|–|—|到|至|to)\s*")


def _day_of_month(num: Num, after: str) -> bool:
    return 1 <= num.value <= 31 and float(num.value).is_integer() and after.lstrip().startswith("号")


# Characters around a request count where its period may be ("50k requests per day", "一天大约 20 万次调用").
_PERIOD_REACH = 16
# Words that make a request count one user's ("each user sends ~10 requests a day", "每个用户每天 8 次请求").
_PER_USER_COUNT = (
    "each user", "every user", "per user", "each customer", "per customer", "each person", "per person",
    "a user", "users each", "each of them", "each one", "每个用户", "每位用户", "每用户", "每人", "人均",
    "每名用户", "每个人", "每位",
)  # fmt: skip
_USER_REACH = 28  # "each user typically sends about 10 requests a day"
_PER_USER_AFTER = ("per user", "each", "per person", "per head", "per customer", "a user", "a head")
_GAP = " 大约大概约有差不多平均~"  # between a period and its count ("一天大约 20 万次调用")


def _drop_period_before(s: str, idx: int, nums: list[Num], units: list[Unit], found: Found) -> None:
    """Take back the timeline read from the period right before the count at nums[idx] ("一天 20 万次调用",
    "一个月 10 万个用户"): it is the count's period."""
    if idx and units[idx - 1].kind == "days" and not s[units[idx - 1].end : nums[idx].start].strip(_GAP):
        _drop_last(found, "days", nums[idx - 1].value * units[idx - 1].factor)


def _drop_last(found: Found, slot: str, value: float) -> None:
    """Take back the last value of `slot` when it is `value`: a period read as a timeline before the count
    it is the period of."""
    prior = found.values.get(slot)
    if prior and isinstance(prior[-1], float) and math.isclose(prior[-1], value, rel_tol=1e-9):
        prior.pop()
        if not prior:
            del found.values[slot]


# A count of uses before "a day"/"a week": a rate ("10 requests a day", "5 queries each a week").
_PER_PERIOD_COUNT = re.compile(
    r"(?:requests?|reqs|queries|query|messages?|calls?|times|questions?|prompts?|chats?|conversations?|"
    r"sessions?|tickets?|completions?|visits?|hits|page ?views)(?: each| per user| per person| per head)? ?$"
)


# Budget words that label an amount farther back in its clause ("budget is flexible but under 250k"), and
# words of another slot that, between the two, make the amount theirs ("budget aside, the dataset is 500k").
_FAR_BUDGET = ("预算", "经费", "budget")
_OTHER_SLOT_WORDS = (
    "token", "data", "sample", "example", "row", "pair", "gpu", "card", "node", "param", "model", "epoch",
    "step", "seq", "context", "prompt", "user", "people", "day", "week", "month", "year", "hour", "price",
    "rate", "数据", "样本", "语料", "条", "卡", "节点", "参数", "模型", "轮", "步", "上下文", "用户", "人",
    "天", "周", "月", "年", "小时", "价",
)  # fmt: skip


def _budget_far_back(clause: str) -> bool:
    """A budget word farther back in the clause labels the bare amount, when no other slot's word
    stands between them."""
    at = max((clause.rfind(w) + len(w) for w in _FAR_BUDGET if w in clause), default=-1)
    if at < 0 or any(w in clause[at:] for w in _OTHER_SLOT_WORDS):
        return False
    # "預算用台幣算，3萬": a currency prices are not given in is asked back, never read as yuan
    return lexicon.unpriced_currency(clause[at:]) is None


# What a clause may hold beside an amount and still leave it to the clause before: "budget is tight,
# under 40k", "the budget we were given is, roughly, 30k".
_CAP_OR_HEDGE = re.compile(
    r"\s*(?:(?:under|below|at most|up to|max|maximum|no more than|less than|around|about|roughly|"
    r"approximately|approx\.?|maybe|say|probably|so|~|\$|不超过|最多|以内|大概|大约|约|差不多|也就|控制在)\s*)*$"
)


def _budget_clause_before(s: str, start: int, before: str, floor: int) -> bool:
    """A budget word in the clause before, when the amount's own clause holds only a cap or hedge."""
    if not _CAP_OR_HEDGE.fullmatch(before):
        return False
    at = start - len(before)  # just after the boundary that ends the clause before
    for _ in range(3):
        if at - 1 <= floor:
            return False
        clause = window_before(s, at - 1, floor, LABEL_REACH)
        if not _CAP_OR_HEDGE.fullmatch(clause):
            return _budget_far_back(clause)
        at = at - 1 - len(clause)
    return False


# A bare amount the value said just before is changed to: "预算从 10 万提到 20 万", "预算 5 万，能不能加到
# 8 万", "数据从 10 亿 token 加到 20 亿".
_CHANGED_TO_BARE = re.compile(
    r"(?:增加|提高|提升|上调|下调|降低|减少|提|涨|加|升|降|减|砍|压|调|改|变)(?:到|至|成|为)[ :：]*$"
)


def _changed_to(before: str, found: Found) -> str | None:
    """The slot of the value right before, when this bare number is what it is changed to."""
    if found.last_slot is None or _CHANGED_TO_BARE.search(before) is None:
        return None
    return found.last_slot


# A budget word right after a bare amount makes it the budget.
_BUDGET_AFTER = ("预算", "budget", "dollar budget", "usd budget")
_PERIOD_WORDS = tuple(phrase for phrase, _ in lexicon.PERIOD_AFTER)


# Words that make a model size the parameters active per token of a mixture-of-experts model.
_ACTIVE_AFTER = ("active", "activated", "activate", "激活")
_ACTIVE_BEFORE = ("激活", "激活参数", "激活参数量", "激活的参数", "active", "activated", "active params")


def _active_cue(s: str, before: str, unit: Unit, num: Num) -> bool:
    if num.mult == "" and unit.kind not in ("params", "level"):
        return False  # "8 active GPUs" is no model size
    tail = s[max(unit.end, num.end) :].lstrip(" -")
    if tail.startswith(_ACTIVE_AFTER) and not tail.startswith("activation"):
        word = next(w for w in _ACTIVE_AFTER if tail.startswith(w))
        rest = tail[len(word) :].lstrip(" :：为是约有")
        # "总参 236B 激活 21B": the word labels the next size, so this one is the total
        return not (rest[:1].isdigit() or rest[:1] in NUMERAL_CHARS)
    head = before.rstrip(" :：为是约有")
    return head.endswith(_ACTIVE_BEFORE)


# A size the data grows by each day, week or month: "每天新增 2GB", "grows by 5GB a day".
_RATE_BEFORE = ("每天", "每日", "每周", "每月", "每个月", "daily", "weekly", "monthly", "per day", "a day")
_GROWTH = ("新增", "增加", "增长", "多出", "grows", "growing", "new data", "added")
_RATE_AFTER = (
    "/天",
    "/日",
    "/周",
    "/月",
    "per day",
    "a day",
    "/day",
    "per week",
    "a week",
    "per month",
    "a month",
)


def _growth(s: str, before: str, end: int) -> int:
    """Where a rate of growth said around a size ends (0: none)."""
    clause = s[end : end + 2 * WINDOW_AFTER]
    clause = clause[: next((i for i, ch in enumerate(clause) if ch in ",;。，；"), len(clause))]
    if lexicon.has_cue(before, _RATE_BEFORE) and lexicon.has_cue(before, _GROWTH):
        return end
    rate = lexicon.find_any(clause, _RATE_AFTER)
    if rate is not None and lexicon.has_cue(before + " " + clause, _GROWTH):
        return end + rate[0] + len(rate[1])
    return 0


def _each_one(before: str) -> bool:
    """ "100 个 parquet 文件，每个约 20GB": each of the items just counted (said of a size, not of tokens)."""
    return before.rstrip(_LENGTH_FILLERS).endswith(("每个", "每一个", "each"))


def _per_sample(before: str, after: str) -> bool:
    tail = after.lstrip(" ,，(（")
    return (
        lexicon.has_cue(before, lexicon.PER_SAMPLE_BEFORE)
        or tail.startswith(lexicon.PER_SAMPLE_AFTER)
        or _EACH_NOUN.search(before) is not None
    )


# "each turn is about 300 tokens": a length per turn (before _EACH_NOUN reads it as per sample).
_EACH_TURN = re.compile(
    r"\b(?:(?:each|every|per) turn(?: actually)?(?: is| has| runs)?(?: actually| really)?"
    r"(?: more like| closer to)?"
    r"|turns (?:of|at|averaging))(?: about| around| roughly| approximately| ~| ≈)? ?$"
)


# "each tweet is ~40 words", "every ticket about 400 words", "per review 200 tokens": a length per sample
# after "each/every/per" and the sample's noun, whatever the noun.
_EACH_NOUN = re.compile(
    r"\b(?:each|every|per) [a-z][a-z&'-]*(?: is| has| are| runs| of)?(?: actually| really)?"
    r"(?: only| just)?(?: more like| closer to)?"
    r"(?: about| around| roughly| approximately| ~| ≈)? ?$"
)


# An English "each one is" or "each <sample> is" and its hedges right before a bare number: a length in tokens
# ("each one is only about 1k"), with or without a sample count said in the same message.
_EACH_SAMPLE_IS = re.compile(
    r"\b(?:each|every) (?:one|sample|example|conversation|dialogue|chat|record|row|document|doc|item|ticket"
    r"|pair|text)(?: of them)?(?: is| are| has)?(?: actually| really)?(?: only| just)?"
    r"(?: more like| closer to)?"
    r"(?: about| around| roughly| approximately| ~| ≈)? ?$"
)


# Words between a per-sample cue and its bare number: "每条约1k", "each ~800".
_LENGTH_FILLERS = " :：=约~≈大概大约差不多其实际上平均左右为是只有仅就about around roughly"


def _bare_length(before: str, after: str, found: Found) -> bool:
    """A number without a unit right after a per-sample cue ("每条1k", "每笔约800") is a length in
    tokens; after it ("1k each") only once a sample count was said."""
    head = before.rstrip(_LENGTH_FILLERS)
    if head.endswith(tuple(w for w in lexicon.PER_SAMPLE_BEFORE if not w.isascii())):
        return True
    if _EACH_SAMPLE_IS.search(before):
        return True  # "each one is only about 1k", "every conversation is roughly 600"
    tail = after.lstrip(" ,，(（")
    if found.values.get("samples") and before.rstrip(" ~≈").endswith(("×", " x", "*", "@")):
        return True  # "2.5k 条 × 4k", "50k samples @ 2k": a length right after a sample count and a sign
    return bool(found.values.get("samples")) and tail.startswith(("each", "apiece", "per sample", "/条"))


def _after_sample_count(s: str, nums: list[Num], units: list[Unit], idx: int) -> bool:
    """ "50k samples of ~1k tokens": a length joined to the sample count right before it."""
    if idx == 0:
        return False
    prev = units[idx - 1]
    if prev.kind == "none" and nums[idx - 1].mult not in ("b", "t", "g"):
        prev = samples_after_modifiers(s, nums[idx - 1]) or prev  # "50k customer conversations of ~1k"
        start = nums[idx - 1].start
        if prev.kind == "none" and _after_label(s[max(0, start - WINDOW) : start], lexicon.SAMPLE_LABELS):
            prev = Unit("samples", 1.0, nums[idx - 1].end)  # "samples: 20k @ 1.5k tokens"
    if prev.kind != "samples":
        return False
    # "45k Q&A pairs (~600 tokens/pair)", "8,000 examples; each ~1,200 tokens", "8000 examples. Each ~1k"
    gap = s[prev.end : nums[idx].start].strip(" ,，(（;；.。")
    core = " ".join(w for w in gap.replace("~", " ~ ").split() if w not in lexicon.SAMPLE_LENGTH_HEDGES)
    hedged = bool(gap) and not core  # "10k pairs ~ 1k tokens": a hedge alone joins them too
    joined = core in lexicon.SAMPLE_LENGTH_JOINS or hedged or lexicon.has_cue(gap, lexicon.PER_SAMPLE_BEFORE)
    return len(gap) <= 12 and joined


# Words after a token count that make it a rate ("2000 tokens/s"), not data; not "/step" ("1M tokens/step").
_PER_SECOND_AFTER = re.compile(r"(?:/s|/sec| per second| a second|每秒|/秒)(?![a-z])")


def _tokens(
    s: str,
    idx: int,
    num: Num,
    unit: Unit,
    before: str,
    after: str,
    nums: list[Num],
    units: list[Unit],
    found: Found,
) -> None:
    """A token count: a request length (serving), a rate, a length per sample, or the dataset."""
    if _PER_SECOND_AFTER.match(s, unit.end) or before.rstrip().endswith(("每秒", "per second")):
        _per_user_speed(num, before, after, s, found)
        return
    if num.mult in ("", "k") and _context_after_unit(s, unit.end):
        found.add("seq_len", num.value * (1.024 if num.mult == "k" else 1.0), num, s)  # "4k token context"
        return
    floor = max(nums[idx - 1].end, units[idx - 1].end) if idx else 0
    window = label_window(s, num.start, floor, before)
    side = request_side(window, after, found.serving, side_after_count(s[max(0, num.start - 24) : num.start]))
    comma = num.start - len(window) - 1
    if side is None and comma > floor and s[comma] in ",，":
        previous = window_before(s, comma, floor)
        side = side_of_clause_before(window, previous, found.serving)  # "prompts are long, around 6k tokens"
    if side is not None and not found.serving and _tuning_named(s):
        found.add(
            "tokens_per_sample", num.value, num, s
        )  # "LoRA 7B, prompts ~3k tokens": each sample's length
        return
    if side is not None and num.value < 1e6:
        found.add(f"{side}_tokens", num.value, num, s)  # "1k-token prompts", "输出500 token"
        return
    # (the window before stops at the turns counted: "6 turns of 120 tokens" is read on the text itself)
    per_turn = before.rstrip(_LENGTH_FILLERS).endswith(lexicon.PER_TURN_BEFORE) or _EACH_TURN.search(
        s[max(0, num.start - 40) : num.start]
    )
    if num.value < 1e5 and (per_turn or after.lstrip(" ,，(（").startswith(lexicon.PER_TURN_AFTER)):
        found.add("tokens_per_turn", num.value, num, s)  # "每轮 200 token": times the turns of each sample
        return
    if (
        before.rstrip(" :：=约~≈").endswith(lexicon.PER_STEP_BEFORE)
        or after.lstrip(" ,，").startswith(lexicon.PER_STEP_AFTER)
        or _STEPS_TIMES_TOKENS.search(s[max(0, num.start - 30) : num.start]) is not None
    ):
        found.add("tokens_per_step", num.value, num, s)  # "global batch 4M tokens": times the steps
        return
    if _per_sample(before, after) or _after_sample_count(s, nums, units, idx):
        # "每条 1k tokens", "50k conversations of ~1k tokens": times the sample count (parser) it
        # is the token total; a length alone waits for the count.
        found.add("tokens_per_sample", num.value, num, s)
        return
    if before.rstrip().endswith(("per", "每")) or (before.rstrip().endswith("/") and _price_slash(s, num)):
        return  # "cost per million tokens", "每百万token", "$2/1M tokens": a unit of price, not data
    if found.serving and num.value >= 1e4 and _daily_tokens(s, idx, num, unit, nums, units, found):
        return  # "每天大概 5 亿 tokens", "50M tokens a day": the traffic, as requests (parser)
    if found.serving and num.value < 1e6:
        of = _CONTEXT_OF.match(s, unit.end)
        if before.rstrip().endswith(_CONTEXT_AT) or _context_label(before) or of:
            # "KV cache ... at 4k tokens", "上下文 3 万 token": the context; retrieved ("检索回来的上下文有
            # 3 万 token", "20k tokens of retrieved context") it is what every prompt carries
            retrieved = lexicon.has_cue(before + (of.group(0) if of else ""), _RETRIEVED)
            found.add("input_tokens" if retrieved else "seq_len", num.value, num, s)
        return  # no dataset in a serving question
    _add_data(found, "tokens", num.value, num, s, before)


def _daily_tokens(
    s: str, idx: int, num: Num, unit: Unit, nums: list[Num], units: list[Unit], found: Found
) -> bool:
    """A token volume over a period in a serving message ("每天大概 5 亿 tokens", "50M tokens per day",
    "每月 30 亿 token"): the tokens a day it carries, kept as said (Found.volume_said, "of": "tokens");
    the parser turns them into requests a day at the request's length. False when no period is said."""
    head = window_before(s, num.start, 0, _PERIOD_REACH)
    per_day = request_period(head, s[unit.end : unit.end + _PERIOD_REACH], 0.0)
    if per_day is None:
        return False
    _drop_period_before(s, idx, nums, units, found)  # 一天 is no timeline
    period = period_name(per_day) or "day"
    found.volume_said = {"count": num.value, "period": period, "of": "tokens", "per_day": num.value * per_day}
    return True


def _add_data(found: Found, slot: str, value: float, num: Num, s: str, before: str) -> None:
    """The dataset's size, or a further part of it: "500GB 中文语料，外加 200GB 代码" is 700GB, and so is
    "另有英文 200GB" (a word or two for what the part is may stand between)."""
    if _revised(found, slot, value, num, s, before):
        return
    if _adds_a_part(before.rstrip(" 约大概~≈")) or (found.values.get(slot) and _listed_part(s, num, before)):
        found.add_to_last(slot, value, num, s)
    else:
        found.add(slot, value, num, s)


def _revised(found: Found, slot: str, value: float, num: Num, s: str, before: str) -> bool:
    """A later size of the data said already: what is left after cleaning ("去重后大约 3TB") replaces it, and
    a part taken out ("其中 0.6TB 是重复的要先去掉") comes off it."""
    prior = found.values.get(slot)
    if not prior or not isinstance(prior[-1], float):
        return False
    if len(before) >= WINDOW:  # cut by its width, not by the clause: "after filtering we expect about 20 TB"
        before = window_before(s, num.start, 0, REVISED_REACH)
    clause = before + s[num.end : num.end + 2 * WINDOW_AFTER]
    cut = next((i for i, ch in enumerate(clause) if i > len(before) and ch in ",;。，；"), len(clause))
    clause = clause[:cut]
    if lexicon.has_cue(clause, lexicon.DATA_KEPT) and not lexicon.has_cue(
        _own_clause(before), lexicon.DATA_RAW
    ):
        found.values[slot] = []
        found.add(slot, value, num, s)  # the data trained on
        return True
    if lexicon.has_cue(before, lexicon.DATA_PART_OF) and lexicon.has_cue(clause, lexicon.DATA_REMOVED):
        if 0 < value < prior[-1]:
            prior[-1] -= value
        return True
    return False


def _own_clause(before: str) -> str:
    """The words of the size's own clause before it ("（原始 " of "3TB（原始 10TB"), not the earlier ones."""
    cut = max(before.rfind(ch) for ch in ",;，；。(（")
    return before[cut + 1 :]


REVISED_REACH = 64  # characters of its clause before a size searched for what was done to the data
WINDOW_AFTER = 16  # characters after a size searched (twice) for what is done to it, up to the clause's end


def _part_of_data(num: Num, before: str, found: Found) -> str | None:
    """The slot a bare size after a word that adds a part ("外加 500亿", "plus 2T") adds to: tokens after
    tokens, bytes (a G or T) after bytes."""
    if not _adds_a_part(before.rstrip(" 约大概~≈")):
        return None
    if found.values.get("tokens") and num.mult in ("zh", "b", "t", "m"):
        return "tokens"
    if found.values.get("data_bytes") and num.mult in ("g", "t"):
        return "data_bytes"
    return None


def _listed_part(s: str, num: Num, before: str) -> bool:
    """A part named in a list after 、: "网页 1.2TB、书籍 300GB、程式码 500GB" (the name may be left out)."""
    at = num.start - len(before)
    name = before.strip(" :：约大概~≈")
    return (
        at > 0
        and s[at - 1] == "、"
        and len(name) <= _PART_NAME
        and (not name or name.replace(" ", "").isalpha())
    )


# What a further part of the data may be called between the word that adds it and its size: "另有英文", "plus
# code:" (at most this many characters, letters only).
_PART_NAME = 8


def _adds_a_part(head: str) -> bool:
    for cut in range(len(head), max(len(head) - _PART_NAME, 0) - 1, -1):
        rest = head[cut:].strip(" :：")
        if rest and not rest.replace(" ", "").isalpha():
            return False  # a digit or a mark between: not a name of the part
        start = head[:cut].rstrip()
        if not start.endswith(lexicon.DATA_PLUS):
            continue  # one C-level test of every word first: most places end with none
        word = next((w for w in lexicon.DATA_PLUS if start.endswith(w)), None)
        if word is not None:
            glued = word.isascii() and word[0].isalpha() and start[: -len(word)][-1:].isalpha()
            return not glued
    return False


def _price_slash(s: str, num: Num) -> bool:
    """A slash glued to the count, or after a price, makes the count a unit of price: "$0.5/1M tokens",
    "2 美元 / 百万 token". Spaced in a list it only separates items: "13b params / 300b toks / bf16"."""
    head = s[max(0, num.start - _PRICE_REACH) : num.start]
    return head.endswith("/") or any(ch in head for ch in "$¥￥") or lexicon.has_cue(head, _PRICE_WORDS)


_PRICE_REACH = 24  # characters before a spaced slash where a price would be
_PRICE_WORDS = (*lexicon.PRICE, *(word for word, _ in lexicon.CURRENCY_SUFFIX))


# Before a token count in a serving message: the length of context the request holds.
# After a serving message's token count, the context it is: "20k tokens of retrieved context".
_CONTEXT_OF = re.compile(r" of (?:(?:retrieved|retrieval|rag|extra|document|documents|search) )?context\b")
_RETRIEVED = ("retrieved", "retrieval", "检索", "召回")
_CONTEXT_AT = (" at", " @", "@", " with", " of", "上下文", "上下文长度")


# A count of pages ("每篇约 10 页", "5,000 pages"): with no length per page, a typical page's tokens.
_PAGES = re.compile(r"(?:个|張|张)?(?:页|頁|pages?)")

# Kinds of count a unit word gives (lexicon.UNITS).
COUNTED = ("samples", "epochs", "turns", "concurrency", "daily_users", "qps", "ms", "tps")


# After "one epoch", the size of a pass: "一个 epoch 大约 5 亿 token", "1 epoch = 2B tokens".
_EPOCH_SIZE = re.compile(
    r"\s*(?:大约|大概|约|是|有|差不多|就是|≈|~|=|is|has|of|about|around|roughly|:|：)?\s*"
    r"(?:about |around )?~?"
    r"[0-9零一二两三四五六七八九十百千万亿.,]+\s*(?:[kmbt]|万|亿|千)?\s*(?:tokens?|词元|gb|tb|mb|g|t)(?![a-z])"
)
# After "one epoch", how long a pass takes: "一个 epoch 要 5 小时", "一個 epoch 大概跑 40 分鐘",
# "1 epoch takes 3 hours" (the measured time, slots.epoch_hours), not how many passes.
_EPOCH_TIME = re.compile(
    r"\s*(?:要|需要|得|大约|大概|约|差不多|就|跑|用|花|跑了|用了|花了|是|=|:|：|takes?|took|is|about|around|~)*\s*"
    r"(?:about |around |roughly )?~?"
    r"[0-9零一二两三四五六七八九十半.]+\s*(?:个)?\s*(?:小时|钟头|分钟|天|h|hrs?|hours?|mins?|minutes?|days?)(?![a-z])"
)
# A count of 轮 after "每组/每段/每个对话/每条": the turns of each dialogue, never epochs.
_PER_DIALOGUE_TURNS = re.compile(
    r"每(?:组|段|个|条|通|笔|则)?(?:多轮)?(?:对话|会话)?(?:约|大概|差不多|平均|有)? ?$"
)


def _counted(s: str, num: Num, unit: Unit, before: str, after: str, found: Found) -> None:
    if unit.kind == "samples":
        pages = _PAGES.fullmatch(s[num.end : unit.end].strip()) is not None
        if not found.serving and (
            (batch := _batch_said(before, after)) is not None
            or (num.value <= _PER_GPU_SEQUENCES_MAX and _per_gpu_before(before))
        ):
            # "micro-batch of 4 sequences", "每卡 4 条": one GPU's; "batch size 512 samples": settled later
            found.add(batch or "micro_batch", num.value, num, s)
        elif _batch_of(before):
            # "a global batch of 256 sequences", "每步 512 条": one step's sequences (× their length × the
            # steps), never the dataset's samples
            found.add("sequences_per_step", num.value, num, s)
        elif found.values.get("samples") and _per_sample(before, after):
            found.add("parts_per_sample", num.value, num, s)  # "3 万个 PDF，平均每个 20 页": each one's pages
            found.page_parts = pages
        elif num.value >= 10:  # "一份数据", "3条建议" are no training set
            found.add("samples", num.value, num, s)
            found.page_samples = pages and "samples" in found.values
    elif unit.kind == "epochs":
        # 第3轮 is a round, not three passes; "每组 5 轮", "每段对话 3 轮" are turns of each dialogue.
        if _PER_DIALOGUE_TURNS.search(before):
            found.add("turns_per_sample", num.value, num, s)  # "每组 5 轮": the turns of each dialogue
        elif num.value == 1 and _EPOCH_SIZE.match(s, unit.end) is not None:
            return  # "一个 epoch 大约 5 亿 token", "one epoch is 2B tokens": how big a pass is, not how many
        elif num.value == 1 and _EPOCH_TIME.match(s, unit.end) is not None:
            return  # "一个 epoch 要 5 小时", "1 epoch takes 3 hours": how long a pass took, not how many
        elif not s[: num.start].rstrip().endswith("第"):
            found.add("epochs", num.value, num, s)
    elif unit.kind == "turns":
        if num.value <= 1000:
            found.add("turns_per_sample", num.value, num, s)  # "dialogues of 5 turns": each one's turns
    elif unit.kind == "daily_users":
        found.add("daily_users", num.value, num, s)  # "5k daily users", "5000 日活"
    elif unit.kind == "concurrency":
        per_day = _users_period(s, num, unit) if s[num.end : unit.end].strip() in _PLAIN_USERS else None
        if per_day is not None:
            # "每天 5000 个用户", "一个月 10 万个用户", "20k users a month": users a day, not at once; the
            # period counted before them ("一天") is no timeline
            found.add("daily_users", num.value * per_day, num, s)
            _volume_said(found, num.value, per_day, "users")
            return
        if s[num.end : unit.end].strip() == "个人" and s[unit.end :].lstrip().startswith(_SHARING):
            return  # "给 3 个人共用做实验": people sharing the GPUs, not users of a model
        # "100 users" counts concurrent users only where the message is about serving: "our
        # platform has 2000 users" says nothing about load.
        if found.serving or s[num.end : unit.end].strip() not in _PLAIN_USERS:
            found.add("concurrency", num.value, num, s)
    elif unit.kind == "qps":
        found.add("qps", num.value, num, s)
    elif unit.kind == "ms":
        _latency(num, num.value, before, after, found, s)
    else:
        _per_user_speed(num, before, after, s, found)


def _volume_said(found: Found, count: float, per_day: float, of: str) -> None:
    """Keeps a load counted over a month, week or hour as said, beside the day's it became."""
    period = period_name(per_day)
    if period is not None:
        found.volume_said = {"count": count, "period": period, "of": of, "per_day": count * per_day}


def _users_period(s: str, num: Num, unit: Unit) -> float | None:
    """Users a day per user counted, from the period said around the count ("一天 5000 个用户", "100k users
    a month"); None when none is (users at once). The period may be a number itself ("一天"), so the text
    before it is read past the previous number."""
    head = window_before(s, num.start, 0, _PERIOD_REACH)
    label = _without_hedges(window_before(s, num.start, 0, 2 * _PERIOD_REACH).lower().rstrip(" :：=~"))
    if lexicon.label_at_end(label.rstrip(" :：=为是~"), DAILY_USERS_LABEL):
        return 1.0  # "日活大概 2000 人", "DAU around 5k users": the label says a day's users
    if not head.rstrip(" ：:约大概有").endswith(PER_DAY + _PERIOD_BEFORE_USERS):
        return request_period("", s[unit.end : unit.end + _PERIOD_REACH], 0.0)
    return request_period(head.rstrip(" ：:约大概有"), "", 0.0) or 1.0


# Periods before a count of users other than a day's (serving.PER_DAY): "每月 10 万用户", "一周 2 万个用户".
_PERIOD_BEFORE_USERS = ("每月", "每个月", "一个月", "月均", "每周", "一周", "每星期", "monthly", "weekly")


# People who share the GPUs ("3 个人共用"), not users of a served model.
_SHARING = ("共用", "共享", "轮流", "分着", "一起用", "合用")
# Users or people without "concurrent": a load only in a serving message ("a team of 12 people").
_PLAIN_USERS = (
    "users",
    "个用户",
    "用户",
    "people",
    "ppl",
    "persons",
    "个人用",
    "人用",
    "人使用",
    "个人使用",
    "个人",
    "人",
    "名用户",
    "位用户",
    "个使用者",  # Taiwan's word for a user (使用者), simplified before matching
    "名使用者",
    "位使用者",
)


def _latency(num: Num, ms: float, before: str, after: str, found: Found, s: str) -> None:
    """A time that is a latency target ("first token under 500 ms", "30ms per token", "p99 under 2s" as
    the first token's); a bare latency in milliseconds is not guessed."""
    kind = latency_kind(before, after, ms)
    if kind is not None:
        found.add(f"{kind}_ms", ms, num, s)


def _per_user_speed(num: Num, before: str, after: str, s: str, found: Found) -> None:
    """ "30 tokens/s per user" is a per-token latency of 1000/30 ms; an aggregate rate is not."""
    per_user = lexicon.has_cue(after, PER_USER) or lexicon.has_cue(after, PER_USER_AFTER)
    if num.value > 0 and (lexicon.has_cue(before, PER_USER) or per_user):
        found.add("tpot_ms", 1000.0 / num.value, num, s)


# Words between a context-length cue and its number ("context length of 32k", "上下文长度为8192"); a change
# to it first ("序列长度改成 8k 呢", "上下文调到 16k", "seq len changed to 8k"), before the "到" they hold.
_CONTEXT_FILLERS = (
    "改成", "改为", "调到", "调成", "调为", "设成", "设为", "设置为", "设置成", "换成", "改到", "拉到",
    "加到", "提到", "set to", "changed to", "increased to", "bumped to", "raised to", " to ",
    "up to", "about", "of", "is", "max", "最长", "最大", "长度", "大约", "约", "为", "是", "到",
    "around", "roughly", "要", "需要", "大概", "得",
    # the long English forms ("if the context length is changed to 8k", "the seq len were set to 8192",
    # "sequence length gets reduced to 2k"), once " to " is gone
    "changed", "increased", "reduced", "decreased", "lowered", "dropped", "extended", "raised", "bumped",
    "moved", "switched", "set", "were", "was", "gets", "got", "goes", "went", "becomes", "be", "now",
    # and the Chinese ones ("序列长度调整为8k", "上下文长度被改成了 16k", "序列长度如果改成8192")
    "调整", "成", "了", "被", "如果", "要是", "假如",
    "有", "差不多", "左右",  # "检索回来的上下文有 3 万 token"
    # a window to support ("the context needs to support 32k", "上下文要支持 32k", "上下文得能支持 64k")
    "supports", "support", "needs", "must", "能支持", "支持",
)  # fmt: skip
# Characters before a number searched for a context-length cue when the usual window (units.WINDOW) is full:
# the long forms of a change put the cue further back ("what if the context length is changed to 8k?").
CONTEXT_REACH = 48


def _context_label(before: str) -> bool:
    """A context-length cue right before the number: "Context: we are a 5 person team" is a heading."""
    found = lexicon.phrases_in(before, lexicon.CONTEXT_CUES)
    if not found:
        return False
    rest = before[found[-1].end() :]
    for filler in _CONTEXT_FILLERS:
        rest = rest.replace(filler, " ")
    return all(ch in " :：=~≈" for ch in rest)


def _model_or_teacher(before: str, after: str) -> str:
    """ "teacher_params" for a model that makes the data ("用 70B 模型蒸馏出来的数据训 7B"): the model trained
    is another one, when the message names it (parser); else "params"."""
    return "teacher_params" if teacher_near(before, after) else "params"


def teacher_near(before: str, after: str) -> bool:
    """The words around a model make it the one that makes the data (lexicon.TEACHER_AFTER/BEFORE)."""
    head = before.rstrip().removesuffix(" a").removesuffix(" an").removesuffix(" the").rstrip()
    if head.endswith(_DISTIL) and after.lstrip().startswith(("into ", "to ", "down to ")):
        return True  # "distill DeepSeek-R1 into a 7B": the model distilled is the teacher
    return lexicon.has_cue(after[:_TEACHER_REACH], lexicon.TEACHER_AFTER) or head.endswith(
        lexicon.TEACHER_BEFORE
    )


_DISTIL = ("distill", "distil", "distilling", "distiling")


_TEACHER_REACH = 12


def _version_of_name(s: str, num: Num) -> bool:
    """Digits glued by a hyphen to a word before them: "gpt-4", "llama-3"."""
    k = num.start
    return k >= 2 and s[k].isdigit() and s[k - 1] == "-" and s[k - 2].isascii() and s[k - 2].isalpha()


def _after_chip_name(before: str) -> bool:
    """The number follows an accelerator's name, so it is the chip's model number ("昇腾910B" is no
    910B-parameter model; "TPU v5", "昆仑芯 P800")."""
    tail = before.rstrip(" -")
    for mark in ("芯", "v", "p", "r"):  # "昆仑芯", "TPU v5", "Kunlun P800", "昆仑 R200"
        if tail.endswith(mark):
            tail = tail[: -len(mark)].rstrip(" -")
            break
    return tail.endswith(OTHER_ACCELERATORS)


# No one means a context under this many tokens: "Context: 5 person team" is a heading and a team.
MIN_CONTEXT_LABELLED = 64
# Words that may follow a context length ("context 32k tokens", "context: 4096 max").
_LENGTH_WORDS = (
    "tokens", "token", "toks", "tok", "ctx", "context", "max", "maximum", "or", "and", "with",
    "but", "while", "though", "although", "whereas", "yet",  # "context window 16k but prompts ~2k"
    "on", "for", "using", "via",  # "context 32k on 8 H100s"
)  # fmt: skip


def _length_label(before: str) -> bool:
    """The cue before the number names a length, not a heading ("seq len 5", "序列长度 8"): a value too small
    to be one is asked back, never dropped."""
    cues = lexicon.phrases_in(before, lexicon.CONTEXT_CUES)
    return bool(cues) and cues[-1].group(0) in lexicon.LENGTH_CUES


def _labelled_length(found: Found, num: Num, s: str) -> None:
    """ "seq len 4096 tokens", "sequence length 5 tokens": a length in tokens, asked back when too short to
    be one."""
    value = num.value * (1.024 if num.mult == "k" else 1.0)
    if value < MIN_CONTEXT_LABELLED:
        found.asks.append(Ask("seq_len", "out_of_range", value, _text(s, num)))
    else:
        found.add("seq_len", value, num, s)


def _may_be_length(num: Num, after: str) -> bool:
    """A number after a context label is a length unless it is too small to be one or an English noun
    follows it ("Context: 12 engineers, 3 GPUs")."""
    if num.mult == "" and num.value < MIN_CONTEXT_LABELLED:
        return False
    word = after.lstrip().split(" ", 1)[0].strip(",.;:!?)")
    return not (word.isascii() and word.isalpha() and word.lower() not in _LENGTH_WORDS)


# Labels right before a bare number: "epochs: 3", "训练轮数3", "并发50", "QPS 20", "输出500".
_EPOCH_LABELS = lexicon.EPOCH_LABELS


# A change (or setting) of a labelled value: "epoch 改成 4", "轮数调到 3", "set epochs to 4", "epoch 设 2",
# "轮数设置为 3".
_CHANGED_TO = re.compile(
    r"(?:改成|改为|换成|设置为|设置成|设置|设为|设成|设|调到|调成|改到|变成|\bto|->|→)[ :：=]*$"
)


# Hedges between a serving load's label and its number, and user counts as labels in a serving message
# ("用户 1000 人", "users: 500").
_HEDGES = (
    " around", " about", " roughly", " approximately", " approx.", " approx", " ~", " is", " are", " of",
    "大约", "大概", "约", "差不多", "预计", "估计", "有", "是", "在",
)  # fmt: skip
USERS_LABEL = ("用户", "用户数", "用户量", "使用者", "users", "user count", "number of users")


def _counted_by_zhao(s: str, num: Num, unit: Unit, before: str) -> str | None:
    """The slot ("tokens" or "params") whose label stands right before a bare 兆: a count of 10^12 there,
    not the megabyte a bare 兆 is after a word for data ("数据 500兆")."""
    if s[num.end : unit.end].strip() != ZHAO:
        return None
    head = _without_hedges(before.rstrip(" :：=~" + lexicon.KEY_QUOTES)).rstrip(" :：=~" + lexicon.KEY_QUOTES)
    if lexicon.label_at_end(head, lexicon.TOKEN_COUNT_LABELS) is not None:
        return "tokens"
    if lexicon.label_at_end(head, lexicon.PARAM_COUNT_LABELS) is not None:
        return "params"
    return None


def _without_hedges(head: str) -> str:
    return without_hedges(head, _HEDGES, " :：=~")


def _labelled(s: str, num: Num, before: str, after: str, found: Found, wide: str) -> bool:
    head = _CHANGED_TO.sub("", before).rstrip(" :：=为是约~" + lexicon.KEY_QUOTES)
    last = head.rsplit(" ", 1)[-1].lstrip("{[(-" + lexicon.KEY_QUOTES) if head else ""
    if last in _EPOCH_LABELS or head.endswith(tuple(w for w in _EPOCH_LABELS if not w.isascii())):
        found.add("epochs", num.value, num, s)  # "epochs: 3", "--epochs 3"
        return True
    if num.mult == "" and lexicon.label_at_end(head, lexicon.DAY_LABELS) is not None:
        found.add("days", num.value, num, s)  # "days: 20", "| 天数 | 20 |"
        return True
    # A serving load's label may stand before a hedge: "DAU around 20k", "用户大约 1000", "每秒大概 5 个请求".
    hedged = _without_hedges(_CHANGED_TO.sub("", before).rstrip(" :：=~")).rstrip(
        " :：=为是~" + lexicon.KEY_QUOTES
    )
    volume = (
        lexicon.label_at_end(hedged, tuple(w for w, _ in REQUEST_VOLUME_LABEL)) if found.serving else None
    )
    if volume is not None:
        found.add(
            "daily_requests", num.value * dict(REQUEST_VOLUME_LABEL)[volume], num, s
        )  # "月调用量 600 万次"
        return True
    for slot, labels in (
        ("daily_users", DAILY_USERS_LABEL),
        ("concurrency", CONCURRENCY_LABEL + (USERS_LABEL if found.serving else ())),
        ("qps", QPS_LABEL),
    ):
        if lexicon.label_at_end(hedged, labels) is not None:
            found.add(slot, num.value, num, s)  # "1k" is already 1,000 (scan applies the k)
            return True
    side = request_side(
        wide, after, found.serving, side_after_count(s[max(0, num.start - 24) : num.start]), bare=not num.mult
    )  # "输入2k", "prompts are usually around 2000"; "1500 输入 300 输出"
    if side is not None and not (
        not found.serving and _first_word(after) in COUNTED_SIDES and _tuning_named(s)
    ):
        found.add(f"{side}_tokens", num.value, num, s)  # "输入2k" = 2,000 tokens
        return True
    return False


_BATCH_OF = re.compile(r"(?:\s+(?:of|with|has|is|=|:)(?:\s+(?:about|around|roughly|~))?|\s*[:：=~约])\s*$")


def _batch_of(before: str) -> bool:
    """A step's batch names the count after it: "global batch of 256 sequences", "batch size 512 samples",
    "每步 512 条"."""
    head = _BATCH_OF.sub("", before.rstrip())
    return _global_batch(head) or head.rstrip().endswith(("每步", "每个step", "每 step", "每批", "per step"))


def _times_the_batch(s: str, idx: int, num: Num, nums: list[Num], found: Found) -> bool:
    """The number right after a step's batch of sequences and a times sign ("global batch 1024 x 2048
    tokens", "每步 512 条 × 4096"): each sequence's length."""
    ends = [found.ends.get(name) for name in ("sequences_per_step", "bare_batch")]
    if not idx or ends == [None, None]:
        return False
    previous = nums[idx - 1]
    between = s[previous.end : num.start].strip()
    for word in ("sequences", "seqs", "samples", "条序列", "条样本", "条", "條序列", "條樣本", "條"):
        between = between.removeprefix(word).strip()
    return previous.end in ends and between in ("x", "×", "*")


# Right before a token count, the steps and a times sign: "20k steps × 2M tokens", "1 万步 x 400 万 token".
_STEPS_TIMES_TOKENS = re.compile(r"(?:steps?|iterations|iters|步|个step)\s*[x×*]\s*$")
# After the steps and before a batch × length product: "20k steps × 1024 × 2048", "5000 steps at 256 x 8192".
_STEPS_TIMES = ("x", "×", "*", "at", "of", "with", "@", "每步", "每步是")


def _times_the_steps(
    s: str, idx: int, num: Num, nums: list[Num], units: list[Unit], found: Found
) -> bool:  # fmt: skip
    """The first factor of a product right after the steps ("20k steps × 1024 × 2048", "2 万步 x 512 x 4096"):
    steps × sequences × their length, read as the global batch in sequences (the next factor, by
    _times_the_batch, is their length)."""
    if not idx or units[idx - 1].kind != "steps" or found.ends.get("steps") != nums[idx - 1].end:
        return False
    between = s[units[idx - 1].end : num.start].strip(" ,")
    times_next = s[num.end : num.end + 4].lstrip().startswith(("x", "×", "*"))
    return (
        between in _STEPS_TIMES
        and times_next
        and idx + 1 < len(nums)
        and units[idx + 1].kind in ("none", "tokens")
    )


# Before a batch's label or its count, one GPU's ("每卡 batch 4", "每卡 4 条", "per-GPU batch of 8"); after
# the count, the same ("bs=8 per GPU", "batch 4 每卡").
_PER_GPU = (
    "每卡", "单卡", "每张卡", "每块卡", "每个卡", "每 gpu", "每个 gpu", "每gpu", "每个gpu", "每张 gpu",
    "单 gpu", "per gpu", "per-gpu", "per device", "per-device", "each gpu", "on each gpu",
)  # fmt: skip
_PER_GPU_AFTER = _PER_GPU + ("/gpu", "/卡", "a gpu", "per card", "each")
# The step's batch, said outright ("global batch 512", "全局 batch 1024", "effective batch size 256").
_GLOBAL_WORDS = ("global", "全局", "总", "effective", "total")
# Before the count, what only a batch's label can end with: the cheap test before reading the label.
_BATCH_ENDS = (
    "batch", "bs", "大小", "微批", "微批次", "size", "of", "=", ":", "：", "约", "~", "≈",
    "成", "为", "到", "开", "是", " to",
)  # fmt: skip
# Between a batch's label and its count, a verb of setting it ("batch size 设成 6", "bs 开到 8",
# "set batch to 4").
_BATCH_SET = re.compile(r"\s*(?:设成|设为|设置成|设置为|开到|开成|开|是|为|set to|to)\s*$")


def _batch_said(before: str, after: str) -> str | None:
    """Whose batch the count after `before` is: "micro_batch" (one GPU's: "micro batch 4", "bs=8 per
    GPU", "每卡 batch 4", "batch size of 4 per device"), "sequences_per_step" (the step's: "global batch
    512", "全局 batch 1024"), "bare_batch" (a plain "batch 16", "批大小 8": the parser settles it) or None
    (no batch label)."""
    head = before.rstrip(" " + lexicon.KEY_QUOTES)
    if not head.endswith(_BATCH_ENDS) or ("batch" not in head and "bs" not in head and "批" not in head):
        return None
    head = _BATCH_OF.sub("", _BATCH_SET.sub("", head)).rstrip(" :：=约~≈" + lexicon.KEY_QUOTES)
    label = lexicon.label_at_end(head, _GLOBAL_BATCH + _LOCAL_BATCH)
    if label is None and head.endswith("_batch_size"):
        label = "batch_size"  # "per_device_train_batch_size=2" cut short by the window
    if label is None:
        return None
    rest = head[: len(head) - len(label)].rstrip(" -_")
    if (
        label in _LOCAL_BATCH
        or head.endswith(_LOCAL_BATCH + ("device_train_batch_size", "device_batch_size"))
        or rest.endswith(_PER_GPU)
        or after.lstrip().startswith(_PER_GPU_AFTER)
    ):
        return "micro_batch"
    if label.startswith("global") or rest.endswith(_GLOBAL_WORDS):
        return "sequences_per_step"
    return "bare_batch"


# "每卡 4 条" is one GPU's sequences a step; "单卡 1 万条样本" is no batch.
_PER_GPU_SEQUENCES_MAX = 256


def _per_gpu_before(before: str) -> bool:
    """ "每卡 4 条", "per GPU 8 sequences": a count of one GPU's sequences a step."""
    return before.rstrip(" :：=约~≈").endswith(_PER_GPU)


def _global_batch(before: str) -> bool:
    """A global batch's label right before the number ("batch 256", "global batch size: 1024"), not a
    micro or per-GPU batch's ("micro batch 4", "每卡 batch 8")."""
    head = before.rstrip(" :：=约~≈" + lexicon.KEY_QUOTES)
    label = lexicon.label_at_end(head, _GLOBAL_BATCH + _LOCAL_BATCH)
    return label in _GLOBAL_BATCH and label not in _LOCAL_BATCH and not head.endswith(_LOCAL_BATCH)


# Conversations and queries are items of a job (samples) unless, in a serving message, a period says they
# are a load ("100k conversations a day", "500k queries per day").
_COUNTED_AS_REQUESTS = frozenset((*CONVERSATION_WORDS, *(w for w in lexicon.REQUEST_COUNTS if w.isascii())))

# In a serving message a number before "prompts" is their length ("2k prompts, 500 out") below this, and a
# count of them at or above it ("score 2M prompts", "500k queries"): no prompt is 100k tokens by default.
_FEWEST_COUNTED_PROMPTS = 100_000
_PROMPT_WORDS = ("prompts", "queries")


def _after_label(before: str, labels: tuple[str, ...]) -> bool:
    """One of `labels` right before the number, maybe with a colon or "=" between."""
    return lexicon.label_at_end(before.rstrip(" :：=约~≈" + lexicon.KEY_QUOTES), labels) is not None


def _first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].strip(",.;:!?)") if words else ""


def _by_magnitude(s: str, num: Num, before: str, after: str, found: Found) -> None:
    """A number with a magnitude but no unit word: the words around it decide (issue #4)."""
    if num.mult == "" or num.weak:
        label = _nearest_label(before)
        if label in ("params", "tokens") and num.value >= 1e6:
            found.add(label, num.value, num, s)  # "参数量 13000000000", "tokens: 2000000000000"
        elif not num.weak and num.value >= 10 and _bare_data_amount(before, after):
            # "数据 500", "data: 300": an amount of data without its unit, asked back (never guessed)
            found.asks.append(Ask("tokens_or_data", "no_unit", _finite(num.value), _text(s, num)))
        return
    part_of = _part_of_data(num, before, found)
    if part_of is not None:
        found.add_to_last(
            part_of, num.value, num, s
        )  # "数据 2000亿，外加 500亿 (代码 token)": a further part
        return
    if (
        lexicon.has_cue(after, lexicon.TOKEN_CUES)
        and not _asked(after, lexicon.TOKEN_CUES)
        # "30B model needs first token under 500ms": a latency target's token is no token count
        and lexicon.has_cue(without_latency_words(after), lexicon.TOKEN_CUES)
    ):
        found.add("tokens", num.value, num, s)
        return
    if (
        found.values.get("tokens")
        and num.mult in ("zh", "b", "t")
        and _revised(found, "tokens", num.value, num, s, before)
    ):
        return  # "数据 2 万亿 token，清洗后剩 1.2 万亿": the tokens left, bare
    if _model_name(s, num):
        found.add("params", num.value, num, s)
        return
    if num.mult != "m" and _trained_on(before) and not _size_after_method(s, found):
        if num.mult == "t" and _names_data(after):
            found.add("data_bytes", num.value, num, s)  # "on 2T of data": bytes, as "数据 2T" is
        else:
            found.add("tokens", num.value, num, s)  # "a 7B model on 300B"
        return
    if after.lstrip(" 的大小").startswith(_MODEL_WORDS) or _after_training_verb(s, num):
        # "7B模型", "数据预训练 3B", "训一个 7B" (maybe 每个 after parser._each): 训's object is the model
        label = "params"
    else:
        label = _nearest_label(before)
    if label == "tokens" and _tokens_asked_before(s, num):
        label = None  # the tokens are what is asked: "how many tokens can I pretrain a 13B on?"
    if label is None and lexicon.has_cue(after, lexicon.PARAM_CUES):
        label = "params"  # "7B模型", "70亿的模型"
    # (not after a colon: in "Pretrain 7B: data 1.4T tokens" the word labels the next value)
    labels_next = after.lstrip().startswith((":", "："))
    if (
        label is None
        and not labels_next
        and lexicon.has_cue(after, _DATA_WORDS)
        and not _asked(after, _DATA_WORDS)
        and not _method_item_between(after)
    ):
        label = "data"
    if (
        num.mult in ("g", "t")
        and label != "tokens"
        and _memory_filter(s, before, after, num.end, num.value, found)
    ):
        return  # "48G显存的卡", "80G以上的卡"
    if num.mult in ("g", "t") and label != "tokens" and _hardware_size(s, before, after, num.end):
        found.hardware_size = True
        return  # "400G网络", "80G显存"
    if num.mult in ("g", "t") and _tier_label(s, num.end):
        return  # "24G档"
    if num.mult == "g":  # "800G": bytes unless tokens are named
        found.add("tokens" if label == "tokens" else "data_bytes", num.value, num, s)
    elif label == "tokens":
        found.add("tokens", num.value, num, s)
    elif label == "params":
        found.add(_model_or_teacher(before, after), num.value, num, s)
    elif label == "data":
        if num.mult == "t":
            found.add("data_bytes", num.value, num, s)  # "数据5T": bytes
        elif num.mult == "m":
            found.asks.append(Ask("tokens_or_data", "ambiguous_unit", _finite(num.value), _text(s, num)))
        elif _THINGS_COUNTED.match(after) and not _THINGS_OF_TEXT.match(after):
            found.add(
                "samples", num.value, num, s
            )  # "数据是 10 万个网页": things counted, their length asked
        else:
            found.add("tokens", num.value, num, s)  # "数据 2000亿": a token count
    elif num.mult == "t":
        found.asks.append(Ask("tokens_or_data", "ambiguous_unit", _finite(num.value), _text(s, num)))
    elif num.mult in ("b", "m") or (num.mult == "zh" and num.value >= 1e8):
        found.add(_model_or_teacher(before, after), num.value, num, s)  # a bare "7B" / "百亿" is a model size


_DATA_AMOUNT_LABEL = re.compile(
    r"(?:数据|数据量|资料|资料量|语料|语料量|训练数据|训练集|dataset|data|corpus|training data)"
    r"\s*(?:大概|大约|约|差不多|是|有|一共|总共|共|就|:|：|=|is|of|about|around|roughly|~|≈|\s)*$"
)


def _bare_data_amount(before: str, after: str) -> bool:
    """A plain number right after a word for the data, with nothing after it that counts anything ("数据
    500，两周", "data: 300"): an amount whose unit was left out."""
    if _DATA_AMOUNT_LABEL.search(before) is None:
        return False
    rest = after.lstrip()
    return not rest or rest[0] in ",，;；。.!?！？)）" or rest.startswith(("左右", "多", "上下"))


# After a count, a measure word and the thing counted ("10 万个网页", "5 万篇帖子"): items, not tokens…
_THINGS_COUNTED = re.compile(r"\s*(?:个|篇|份|段|条|张|本|部|组|套|则|笔)\s*[\u4e00-\u9fffa-z]")
# …unless what is counted is text itself ("2000 亿个 token", "1 亿个字").
_THINGS_OF_TEXT = re.compile(r"\s*个\s*(?:tokens?|词元|字|词|单词|汉字)")


_IMAGE_NOUNS = "|".join(
    sorted((w for w in lexicon.IMAGE_WORDS if w[0] not in "张幅个组对条"), key=len, reverse=True)
)
_VIDEO_NOUNS = "|".join(
    sorted((w for w in lexicon.VIDEO_WORDS if w[0] not in "个段条部支"), key=len, reverse=True)
)
_AUDIO_NOUNS = "音频|录音|语音数据|audio|recordings|speech audio|wav files|mp3s?"
_MEDIA_AFTER = re.compile(
    r"\s*(?:的\s*|(?:of|worth of)\s+(?:[a-z0-9-]+\s+){0,2}?)?(?:(?P<image>"
    + _IMAGE_NOUNS
    + r"|image data|image)|(?P<video>"
    + _VIDEO_NOUNS
    + r"|video footage|footage|video)|(?P<audio>"
    + _AUDIO_NOUNS
    + r"))(?![a-z])"
)
_MEDIA_BEFORE = re.compile(
    r"(?:(?P<image>图片|图像|照片|images?)|(?P<video>视频|影片|videos?)|(?P<audio>音频|录音|audio))"
    r"\s*(?:数据|资料|素材|data)?\s*(?:大概|大约|约|是|有|一共|总共|共|:|：|=|is|of|about|around|~|\s)*$"
)


def _media_of_size(before: str, after: str) -> str | None:
    """A size of data said to be images, video or audio ("50GB of images", "3TB 的视频", "图片数据 800GB"):
    "image" / "video" / "audio", else None."""
    m = _MEDIA_AFTER.match(after) or _MEDIA_BEFORE.search(before)
    if m is None or lexicon.has_cue(after, lexicon.TRANSCRIPT_WORDS):
        return None  # "200GB 的录音转写稿": the transcripts are text
    return next(kind for kind in ("image", "video", "audio") if m.group(kind))


def _method_item_between(after: str) -> bool:
    """A way to train said as its own item between a size and the data word: in "7B 全参微调 数据20亿token"
    and "7B LoRA, data 2B tokens" the data word labels the next value, and the 7B is the model
    ("300B 预训练数据" keeps the word glued to the data: that is data)."""
    hit = lexicon.find_any(after, _DATA_WORDS)
    if hit is None:
        return False
    head = after[: hit[0]]
    if head.rstrip() == head:
        return False  # glued: "预训练数据"
    return lexicon.has_cue(head, _METHOD_WORDS)


_METHOD_WORDS = tuple(p for _, phrases in lexicon.METHODS for p in phrases)


# Narrower than lexicon.DATA_CUES on purpose: a later "corpus" or "dataset" does not make a bare figure
# the data ("pretrain 1B on a vast corpus" is a 1B model).
_DATA_WORDS = ("数据", "资料", "语料", "data")


def _asked(after: str, cues: tuple[str, ...]) -> bool:
    """The quantity word after a number is what the message asks for, not what the number counts:
    "7B 预训练需要多少 token", "3B model, how much data?" (the 7B and 3B are model sizes)."""
    cue = lexicon.find_any(after, cues)
    ask = lexicon.find_any(after, lexicon.ASKS_AMOUNT)
    return cue is not None and ask is not None and ask[0] < cue[0]


# What may sit between a GPU name and its memory size: "H100 有 160GB 版本吗", "A100 (80GB)".
_GPU_MEMORY_GAP = frozenset(" -(（有的带是,，、/:：")
_TIMES_COUNT = re.compile(r"\d{1,4} ?[x×*] ?$")
_GPU_MEMORY_WORDS = (
    "with",
    "has",
    "have",
    "having",
    "is",  # "the A6000 is 48 gigs"
    "有没有",
    "是不是",
    "还是",
    "和",
    "或",
    "and",
    "or",
    "vs",
    # "A100显存是40G还是80G": the memory word between the GPU and its size
    "显存",
    "记忆体",
    "vram",
    "memory",
)
# Another memory size of the same GPU before this one: "A100 是 40G 还是 80G" (both are its memory), or
# another of its figures: "H200 is 4.8 TB/s and 141 GB, right?", "H100 989 TFLOPS、80GB".
_OTHER_SIZE = re.compile(r"\d{1,4}(?:\.\d+)? ?(?:(?:tb|gb)/s|tb/秒|tflops|(?:gb|g|gib)(?![a-z]))")


_GPU_MEMORY_REACH = 40  # characters; longer than 12 after removing every filler word above
# The memory asked, then a size put up to confirm ("H200 显存是多少？141G 对吧", "L40S 的顯存多大？是 48GB
# 嗎", "how much memory does the H200 have? 141GB right?"): with a memory word in the message, the question
# between the GPU and the size is filler too.
_MEMORY_ASKED = ("显存", "记忆体", "memory", "vram", "hbm")
_MEMORY_QUESTION = re.compile(r"多少|多大|几个?\s*gb?(?![a-z])|how much|how big|[?？]")


def _gpu_memory(s: str, num: Num, unit: Unit, gpus: list[GpuMention]) -> bool:
    """A byte size glued to a GPU name is that GPU's memory, not the training data (`unit`: the
    number's unit_after)."""
    if unit.kind == "data":
        end = unit.end
    elif unit.kind == "none" and num.mult in ("g", "t"):
        end = num.end
    else:
        return False
    if lexicon.has_cue(window_after(s, end, len(s))[:8], lexicon.DATA_CUES):
        return False  # "H100 500GB data"
    listed = _LISTED_SIZE.match(s, end)
    if listed is not None and lexicon.has_cue(window_after(s, listed.end(), len(s))[:12], lexicon.DATA_CUES):
        return False  # "A100, 40GB and 80GB datasets": the first of sizes of data

    def gap_ok(gap: str) -> bool:
        if len(gap) > _GPU_MEMORY_REACH:
            return False  # far apart: no word list shortens it enough (and no work on long gaps)
        for word in _GPU_MEMORY_WORDS:
            gap = gap.replace(word, " ")
        if "x" in gap or "×" in gap:
            gap = _TIMES_COUNT.sub(" ", gap)  # "DGX A100 (8x 80GB)": eight of that memory
        gap = _OTHER_SIZE.sub(" ", gap)
        if ("?" in gap or "？" in gap or "，" in gap or "," in gap) and lexicon.has_cue(s, _MEMORY_ASKED):
            gap = _MEMORY_QUESTION.sub(" ", gap)
        return len(gap) <= 12 and all(ch in _GPU_MEMORY_GAP for ch in gap)

    return any(
        (g.end <= num.start and gap_ok(s[g.end : num.start]))
        or (g.start >= end and gap_ok(s[end : g.start]) and len(s[end : g.start]) <= 3)
        for g in gpus
    ) or _had_by_gpu(s, num, num.value * unit.factor if unit.kind == "data" else num.value, gpus)


# Two sizes joined as alternatives ("40G和80G", "40GB and 80GB", "80/94G").
_SIZE_JOINER = re.compile(r"\s*(?:" + alternation(JOINERS) + r")\s*$")
# The joiner and the second size after a first ("... and 80GB", "和 80G").
_LISTED_SIZE = re.compile(
    r"\s*(?:" + alternation(JOINERS) + r")\s*[0-9][0-9.]*\s*(?:tib|gib|tb|gb|t|g)(?![a-z])"
)


def _memory_variants(s: str, nums: list[Num], units: list[Unit], gpus: list[GpuMention]) -> list[int]:
    """Byte sizes listed together after a GPU's name that are each a memory size of that GPU's family:
    its boards ("A100 comes in 40GB and 80GB, right?", "H100 有 80G 和 94G 两种吗"), never the data
    ("A100, 40GB 和 80GB 的数据" says data)."""
    sized = [
        i
        for i, num in enumerate(nums)
        if units[i].kind == "data" or (units[i].kind == "none" and num.mult in ("g", "t"))
    ]
    listed: set[int] = set()
    for a, b in zip(sized, sized[1:], strict=False):
        if _SIZE_JOINER.match(s[units[a].end if units[a].kind == "data" else nums[a].end : nums[b].start]):
            listed.update((a, b))
    if not listed:
        return []
    last = max(listed)
    end = units[last].end if units[last].kind == "data" else nums[last].end
    if lexicon.has_cue(window_after(s, end, len(s))[:12], lexicon.DATA_CUES):
        return []  # "40GB and 80GB datasets"
    out = []
    for i in sorted(listed):
        num, unit = nums[i], units[i]
        gb = num.value * unit.factor / 1e9 if unit.kind == "data" else num.value / 1e9
        owner = next(
            (
                g
                for g in reversed(gpus)
                if g.end <= num.start
                and num.start - g.end <= _HAD_REACH
                and not SENTENCE_END.search(s, g.end, num.start)
            ),
            None,
        )
        if owner is not None and _nearest_label(s[owner.end : num.start]) != "data":
            if any(abs(gb - size) <= 0.07 * size for size in _family_memory_sizes(owner.gpu)):
                out.append(i)
    return out


@functools.cache
def _family_memory_sizes(name: str) -> frozenset[float]:
    """The memory sizes of the boards a GPU name may mean ("a100": 40 and 80)."""
    records = catalogue_names().records
    return frozenset(float(r.memory_gb.value) for r in records if name in (r.id, r.family))


def _had_by_gpu(s: str, num: Num, size_bytes: float, gpus: list[GpuMention]) -> bool:
    """ "The L4 does 121 TFLOPS and has 24GB": after "has", a size some GPU has, in the clause of a
    GPU named before it (the fact check reads the same size as that GPU's memory)."""
    if size_bytes / 1e9 not in _gpu_memory_sizes():
        return False
    if not has_before(s, num.start):
        return False
    return any(
        g.end <= num.start
        and num.start - g.end <= _HAD_REACH
        and not SENTENCE_END.search(s, g.end, num.start)
        for g in gpus
    )


_HAD_REACH = 60  # characters from the GPU's name to the size it has


# After a byte size these make it a class of GPU ("16-32GB档位", "80GB-class"), not the data.
_TIER_WORDS = ("档", "档位", "tier", "class", "级", "级别", "等级", "段位")


def _tier_label(s: str, end: int) -> bool:
    tail = s[end:].lstrip(" -")
    if not tail.startswith(_TIER_WORDS) or tail.startswith("classif"):
        return False
    return not lexicon.has_cue(tail[:8], lexicon.DATA_CUES)  # "10TB级的数据" is data at that scale


def _hardware_size(s: str, before: str, after: str, end: int) -> bool:
    """A byte size that is GPU memory or link speed: "24GB显存", "900GB/s", "400Gb InfiniBand"."""
    if s.startswith(("/s", "ps", "/秒", " /s"), end):
        return True
    tail = s[end:].lstrip(" -的")
    if lexicon.phrase_at(tail, 0, _GPU_AFTER_SIZE) is not None:
        return True  # "80GB GPUs", "24G的卡": the GPU's memory
    if lexicon.phrase_at(tail, 0, _STORAGE_AFTER) is not None and not tail.startswith(_STORED_IN):
        return True  # "10 PB of storage", "500TB 存储": the disks, not the data
    label = before.rstrip(" :：=是为约有大概~")
    label = label.removesuffix(" is").removesuffix(" are").removesuffix(" takes").rstrip(" :")
    if label.endswith(_STORAGE_LABELS + _WEIGHT_FILES):
        return True  # "存储 2PB", "storage: 500TB": the disks; "权重是 28GB": the model's files, not the data
    if _WEIGHTS_AFTER.match(tail) or _WEIGHTS_BEFORE.search(before):
        return True  # "70B in fp16 needs like 140GB just for weights", "140G 的权重": the model's, not data
    if lexicon.phrase_at(tail, 0, lexicon.MEMORY_AFTER_SIZE) is not None:
        return True  # "我的 Mac 有 128G 内存", "64GB of RAM": a machine's or a card's memory
    if _machine_size(before, after):
        return True  # "is my 64gb macbook any use", "a workstation with 256GB": the machine's, not data
    if _nearest_label(before) == "data":
        return False
    return lexicon.has_cue(before, lexicon.HARDWARE_CUES) or lexicon.has_cue(after, _HARDWARE_AFTER)


def _machine_size(before: str, after: str) -> bool:
    """A byte size said of a machine named right before it (after any data word) or right after it, with no
    data word after it ("2TB of data on my server" stays data)."""
    if lexicon.has_cue(after, lexicon.DATA_CUES):
        return False
    cut = max((before.rfind(cue) + len(cue) for cue in lexicon.DATA_CUES if cue in before), default=0)
    return lexicon.has_cue(before[cut:], lexicon.MACHINE_CUES) or lexicon.has_cue(
        after[:20], lexicon.MACHINE_CUES
    )


_HARDWARE_AFTER = (*lexicon.HARDWARE_CUES, *lexicon.HARDWARE_CUES_AFTER)
# Right after a size, words for the disks that hold data (not "存储在 NAS 上", where the data is stored).
_STORAGE_AFTER = (
    "of storage", "storage", "of disk", "of disk space", "disk space", "of ssd", "of nvme", "nfs", "nas",
    "存储", "存储空间", "硬盘", "的存储", "的存储空间", "的硬盘",
    # a drive named by its kind: "1TB 的 SSD", "3.84TB NVMe", "100TB NAS", "20 TB lustre"
    "ssd", "ssds", "nvme", "hdd", "固态", "磁盘", "云盘", "lustre", "gpfs", "disk", "disks",
)  # fmt: skip
_STORED_IN = ("存储在", "存储于", "存储到", "的存储在")
# Right before a size, the weights it is the size of ("光权重就要 140G", "weights take ~140GB").
_WEIGHTS_BEFORE = re.compile(
    r"(?:权重|weights)\s*(?:文件)?\s*(?:就|光|只|大概|大约|约)?\s*(?:要|需要|占|有|是|take|takes|need|needs|are|is)?"
    r"\s*(?:like|about|around|roughly|~|约)?\s*$"
)
# Right after a size, the model's weights it is the size of ("140GB just for weights", "140G 的权重").
_WEIGHTS_AFTER = re.compile(
    r"(?:(?:just|only|alone|of it)\s+)?(?:for|of|in)\s+(?:the\s+)?(?:model\s*'?s?\s+)?"
    r"(?:weights|params|parameters)\b"
    r"|(?:的)?(?:模型)?权重"
)
_STORAGE_LABELS = tuple(w for w in STORAGE_WORDS if w not in ("内存", "ram"))
_WEIGHT_FILES = (
    "权重",
    "权重文件",
    "模型文件",
    "weights",
    "checkpoint",
    "checkpoints",
    "ckpt",
    "safetensors",
)


# Words for a GPU or its memory: next to a byte size that no GPU name owns, it is a memory size asked
# for ("which GPUs have 80GB or more?", "cheapest cloud GPU with 48GB", "显存80G以上的卡有哪些").
_GPU_MEMORY_CUES = (
    *lexicon.GPU_NOUNS, "显存", "vram", "hbm", "gpu memory", "accelerator", "accelerators", *GPU_OWNED_MEMORY,
)  # fmt: skip
_AT_MOST = ("or less", "or below", "or under", "以下", "以内", "及以下", "不超过", "不到", "under", "below",
            "less than", "at most", "up to", "最多", "小于", "低于", "≤", "<=", "<")  # fmt: skip
# An "at most" word after the size that caps a price ("at least 80GB under $3 an hour"), not the memory.
_CAPS_A_PRICE = re.compile(
    r"(?:under|below|up to|less than|at most|不超过|低于|小于|<=?|≤)\s*"
    r"(?:[$¥￥]|\d[\d.,]*\s*(?:美元|美金|元|块|刀|usd|rmb|dollar))"
)
# A size next to these is a link speed or the server's RAM or disk, not the memory a GPU should have.
_NOT_GPU_MEMORY = (*NETWORK_WORDS, *LINK_SPEED_WORDS, *STORAGE_WORDS)
MAX_GPU_MEMORY_GB = 2048.0  # bigger than any one accelerator: a data size, not a memory filter


def _memory_filter(s: str, before: str, after: str, end: int, size_bytes: float, found: Found) -> bool:
    """A GPU memory size nobody's GPU name owns: the memory the user asks a GPU to have. Kept as
    Found.gpu_memory (">=" or "<=", GB), never as data."""
    if s.startswith(("/s", "ps", "/秒", " /s"), end) or not 1e9 <= size_bytes <= MAX_GPU_MEMORY_GB * 1e9:
        return False
    near = before + " " + after
    # Taiwan's memory word: the server's RAM unless a GPU owns it ("GPU 記憶體 80GB 以上")
    if "记忆体" in near:
        owned = next((w for w in GPU_OWNED_MEMORY if w in near), None)
        if owned is not None:
            near = near.replace(owned, " 显存 ")
    if lexicon.has_cue(near, lexicon.DATA_CUES) or lexicon.has_cue(near, _NOT_GPU_MEMORY):
        return False
    tail = s[end:].lstrip(" -的")
    if not (
        lexicon.has_cue(near, _GPU_MEMORY_CUES)
        or lexicon.phrase_at(tail, 0, _GPU_AFTER_SIZE) is not None
        or (lexicon.has_cue(after[:16], _ENOUGH) and size_bytes / 1e9 in _gpu_memory_sizes())
        or (_WITH_SIZE.search(before) is not None and _asks_for_gpus(s, end, size_bytes))
        or (_FIT_IN.search(before) is not None and holds_weights(s))
        or (_SIZE_RUNS.match(after) is not None and size_bytes / 1e9 in _gpu_memory_sizes())
        # "what batch size fits for 7b lora on 24gb": the memory a micro-batch is asked to fit in
        or (size_bytes / 1e9 in _gpu_memory_sizes() and asks_batch_size(s))
        # "LoRA on a 7B takes about 8GB, right?": a need put up to be confirmed (answers/memory.py judges it)
        or (NEED_BEFORE_SIZE.search(before) is not None and lexicon.has_cue(s, CONFIRM_ASKS))
    ):
        return False
    head = before.rstrip(" :：=~≈")
    capped = lexicon.has_cue(after[:12], _AT_MOST) and _CAPS_A_PRICE.search(s, end, end + 24) is None
    at_most = capped or head.endswith(_AT_MOST)
    strict = not at_most and _MORE_THAN.search(head) is not None  # "more than 80 GB": not the 80 GB cards
    found.gpu_memory = ("<=" if at_most else ">" if strict else ">=", size_bytes / 1e9)
    return True


# Right before a size, a floor that leaves the size itself out ("more than 80 GB", "大于 90G"); "at least",
# "80G 以上" keep it in.
_MORE_THAN = re.compile(
    r"(?:\b(?:more than|over|above|greater than|bigger than|larger than)|超过|大于|高于|多于|>)$"
)


# A GPU's power asked as a bound ("GPUs under 100W", "功耗 300 瓦以下的卡", "more than 500 W"): the
# operator and watts. The bound words are the memory filter's (_AT_MOST, _MORE_THAN).
_WATTS = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:w|watts?|瓦)(?![a-z])")
_AT_LEAST_AFTER = ("以上", "及以上", "or more", "or above", "or over", "at least", "至少")


def power_bound(s: str) -> tuple[str, float] | None:
    """The power bound a message asks GPUs to meet, ("<=" / ">" / ">=", watts), or None without one."""
    for m in _WATTS.finditer(s):
        head = s[: m.start()].rstrip(" :：=~≈")
        tail = s[m.end() : m.end() + 8].lstrip()
        watts = float(m.group(1).replace(",", ""))
        if head.endswith(_AT_MOST) or tail.startswith(("以下", "以内", "or less", "or below", "or under")):
            return "<=", watts
        if _MORE_THAN.search(head) is not None:
            return ">", watts
        if head.endswith(("at least", "至少", "不低于", "≥", ">=")) or tail.startswith(_AT_LEAST_AFTER):
            return ">=", watts
    return None


# "what GPUs can I rent for under $1.50 an hour with at least 24GB?": "with" a size a GPU has, in a message
# that asks for GPUs, is their memory even where a price stands between the two.
_AT_LEAST = (
    r"(?:at least\s+|a minimum of\s+|minimum\s+|min\.?\s+|more than\s+|over\s+|above\s+|greater than\s+"
    r"|≥\s*|>=\s*|>\s*)"
)
# ... and "have"/"has" with an at-least word: "which cards have more than 40 GB" (not "it only has 16gb").
# "will an 8B's weights fit in 16 GiB?": the memory the weights are asked to fit in.
_FIT_IN = re.compile(
    r"(?:(?:fits?|fitting|hold|load|go)\s+(?:in|into|within)|放进|装进|放入|塞进|放到|装到)\s*$"
)
# A size that runs or holds something ("can 80gb run a 34b model", "does 48GB fit a 30B?"): a GPU's memory.
_SIZE_RUNS = re.compile(
    r"\s*(?:can |could |will |would )?(?:run|runs|fit|fits|hold|holds|load|loads|serve|serves)\b"
)
_WITH_SIZE = re.compile(rf"(?:(?:with|having)\s+{_AT_LEAST}?|(?:have|has)\s+{_AT_LEAST})$")


def _asks_for_gpus(s: str, end: int, size_bytes: float) -> bool:
    """A size some GPU has, ending its clause ("with at least 24GB?", "with 48GB and NVLink"; not "with 24GB
    of text"), in a message that names GPUs before it."""
    rest = s[end:].lstrip()
    ends = (
        not rest
        or rest[0] in "?？,，.。!！;；)"
        or rest.startswith(("and ", "or ", "under", "below", "for "))
    )
    return ends and size_bytes / 1e9 in _gpu_memory_sizes() and lexicon.has_cue(s[:end], _GPU_MEMORY_CUES)


# "Is 24GB enough to fine-tune 7B?": a GPU's memory size asked about, when the size is one a GPU has.
_ENOUGH = ("enough", "sufficient", "够", "足够")


@functools.cache
def _gpu_memory_sizes() -> frozenset[float]:
    return frozenset(float(r.memory_gb.value) for r in catalogue_names().records)


# GPU words right after a byte size make it the GPU's memory.
# ("80G 的那款", "94G 那张", "the 80GB version": the board of the GPU named, picked by its memory)
_GPU_AFTER_SIZE = (
    "gpus", "gpu", "cards", "card", "显卡", "卡", "版本", "版", "hbm", "vram", "那款", "款", "那张", "型号",
    "version", "versions", "variant", "variants", "board", "sku",
)  # fmt: skip

_MODEL_WORDS = ("model", "模型", "参数", "param", "llm", "dense", "moe")
_TRAIN_ZH = tuple(verb for verb in lexicon.TRAINING if not verb.isascii())
_TRAIN_EN = frozenset(verb for verb in lexicon.TRAINING if verb.isascii())


def _after_training_verb(s: str, num: Num) -> bool:
    """A size right after a training verb: "训一个 7B", "fine-tune 8B on data ...", "LoRA 70B" (not a T:
    "pretrain 1T" is data)."""
    if num.mult in ("t", "g"):
        return False
    head = s[: num.start].rstrip(" 一每个的")
    if head.endswith(_TRAIN_ZH):
        return True
    head = head.removesuffix(" a").removesuffix(" an").rstrip()
    return any(head.endswith(verb) and not head[: -len(verb)][-1:].isalnum() for verb in _TRAIN_EN)


def _nearest_label(before: str) -> str | None:
    """The cue word closest before the number: "数据 ... 模型 70亿" is a model size."""
    if _ANY_LABEL_CUE.search(before) is None:
        return None  # one C-level search for every cue first: most numbers have none before them
    best: tuple[int, str, int] | None = None  # end, label, start of the cue
    for label, cues in (
        ("params", lexicon.PARAM_CUES),
        ("tokens", lexicon.TOKEN_CUES),
        ("data", lexicon.DATA_CUES),
    ):
        for cue in cues:
            i = before.rfind(cue)
            if i != -1 and (not cue.isascii() or lexicon.find_phrase(before, cue, i) == i):
                if best is None or i + len(cue) > best[0]:
                    best = (i + len(cue), label, i)
    if best is not None and best[1] == "params" and before[best[2] :].startswith(_SIZE_WORDS):
        # "语料规模约 1.2T", "dataset size: 2TB": the size of what is named right before it
        head = before[: best[2]].rstrip()
        for label, cues in (("tokens", lexicon.TOKEN_CUES), ("data", lexicon.DATA_CUES)):
            if head.endswith(cues):
                return label
    return best[1] if best else None


def _tokens_asked_before(s: str, num: Num) -> bool:
    """ "how many tokens can I pretrain a 13B on?", "多少 token 能训 7B": the token word before the number is
    the quantity asked, so the number is no count of tokens."""
    window = s[max(0, num.start - 60) : num.start]
    at = max(window.rfind(cue) for cue in lexicon.TOKEN_CUES)
    return at != -1 and window[:at].rstrip().endswith(lexicon.ASKS_AMOUNT)


# Generic size words among the parameter cues: the size of the data or tokens when one of those is named
# right before them.
_SIZE_WORDS = ("规模", "size")
# Any cue _nearest_label reads (as a substring: a whole-word test follows for the ASCII ones).
_ANY_LABEL_CUE = re.compile(
    "|".join(map(re.escape, (*lexicon.PARAM_CUES, *lexicon.TOKEN_CUES, *lexicon.DATA_CUES)))
)


def _model_name(s: str, num: Num) -> bool:
    """ "Qwen2.5-14B", "Yi-34B": a size glued to a name by a hyphen is the model's size (a bare number before
    the hyphen is a range's lower end: "1-2T")."""
    if not (num.start > 1 and s[num.start - 1] == "-" and s[num.start - 2].isalnum()):
        return False
    word = _WORD_BEFORE_HYPHEN.search(s, 0, num.start - 1)
    return word is None or not _RANGE_LOW.fullmatch(word.group())


_WORD_BEFORE_HYPHEN = re.compile(r"[\w.]+$")
_RANGE_LOW = re.compile(r"[0-9.]+[kmbt]?")


def _size_after_method(s: str, found: Found) -> bool:
    """ "4090 vs A100 for LoRA on 7B?": with a method named and no model size yet, the size after
    "on" is the model's (a token count needs its model first: "7B on 300B")."""
    if found.values.get("params") or found.named_model:
        return False
    return _tuning_named(s)  # "pretrain on 300B" is data


def _tuning_named(s: str) -> bool:
    """A way to tune a model is named (LoRA, fine-tune, RLHF ...; pre-training is not one)."""
    return lexicon.has_cue(s, _TUNING)


# The adapter words are left out: "the adapter file" names a file, not how to train (parser._method_phrases).
_TUNING = tuple(
    p
    for method, phrases in lexicon.METHODS
    if method != "pretrain" and phrases is not lexicon.ADAPTER_TUNING
    for p in phrases
)


def _names_data(after: str) -> bool:
    """Data named right after the amount ("on 2T of data", "on 2T of training data"): the amount is its
    size, as "数据 2T" is, so a T there is bytes (below) and not the tokens a bare "on 2T" is."""
    return lexicon.has_cue(after, _DATA_WORDS) and not _asked(after, _DATA_WORDS)


def _trained_on(before: str) -> bool:
    words = before.rstrip().rsplit(" ", 1)
    return bool(words) and words[-1] in ("on", "over")


def _context_after_unit(s: str, end: int) -> bool:
    """A context word right after a token count's unit: "4k token context", "8k tokens 的上下文"."""
    j = end
    while j < len(s) and s[j] in " -的":
        j += 1
    return lexicon.phrase_at(s, j, lexicon.CONTEXT_AFTER) is not None


def _context_after(s: str, num: Num) -> bool:
    j = num.end + (1 if num.end < len(s) and s[num.end] in " -" else 0)
    return lexicon.phrase_at(s, j, lexicon.CONTEXT_AFTER) is not None


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _text(s: str, num: Num) -> str:
    return s[num.start : num.end][:40].strip()


def _money(s: str, idx: int, num: Num, unit: Unit, nums: list[Num], found: Found, lang: str) -> None:
    if lexicon.has_cue(window_before(s, num.start, 0), lexicon.SPENT):
        return  # "we spent $40k on annotation already", "标注已经花了 20 万": money gone, not a budget
    currency = unit.currency if unit.kind == "money" else None
    currency = currency or currency_before(s, num)
    assumed = currency is None  # no currency said: the dialogue keeps the one of a budget it holds
    # No currency said: yuan in Chinese, or for an amount written in 万 ("budget 10w": a Chinese writer's).
    currency = currency or ("CNY" if lang == "zh" or num.mult == "zh" else "USD")
    value = num.value * (unit.factor if unit.kind == "money" else 1.0)
    end = unit.end if unit.kind == "money" else num.end
    if unit.kind == "money" and s[end - 1 : end] in ("块", "元"):
        extra, end = jiao(s, end)
        value += extra
    elif currency == "USD" and unit.factor == 1.0:
        extra, end = cents_after(s, end)
        value += extra
    said_period, used_end = period_said(s, num.start, end)
    period = said_period or "total"
    for k in range(idx + 1, len(nums)):
        if nums[k].start < used_end:
            found.used.add(k)  # "一个月" in "5万一个月" is the budget period, not the timeline
    per_tokens = _PER_TOKENS_AFTER.match(s, end) or _PER_TOKENS_BEFORE.search(window_before(s, num.start, 0))
    if per_tokens is not None:
        # "$2/1M tokens", "每百万 token 2 元": a price per tokens, not what the user may spend; kept (per
        # million) for the serving answer to weigh against
        if found.token_price is None and currency in ("USD", "CNY"):
            found.token_price = (value * _tokens_per_million(per_tokens.group(0)), currency)
        return
    if currency == FOREIGN:
        # the currency word before the amount ("台币五万块", "NT$5万") or after its 元 ("5 万元港币") included
        fragment = s[foreign_prefix_start(s, num) : foreign_suffix_end(s, end)][:40].strip()
        ranged = (
            idx + 1 < len(nums)
            and nums[idx + 1].mult not in _MODEL_SIZE_MULTS
            and _joined_as_range(s, num.end, nums[idx + 1].start)
        )
        if ranged:
            found.used.add(idx + 1)  # "HK$10-20": its upper end, as a range in yuan or dollars
            _, range_end = period_near(s, nums[idx + 1].start, nums[idx + 1].end)
            found.used.update(k for k in range(idx + 2, len(nums)) if nums[k].start < range_end)
            value = nums[idx + 1].value
        rate = _other_rate(fragment)
        if rate is None:
            # EUR, £, 日元: no budget in a currency without a sourced rate; the dialogue says it works in
            # CNY/USD instead of converting at a guessed rate.
            found.asks.append(Ask("budget", "unsupported_currency", _finite(value), fragment))
            return
        # "50 萬台幣", "HK$20萬": US dollars at the table's dated rate, the amount said kept for the reply
        found.budget_said = (value, rate.code)
        value, currency, assumed = value / rate.per_usd, "USD", False
    if _quoted_price(s, num, period, found):
        if period in _PERIOD_HOURS and found.quoted_rate is None:
            # "$2.1/hr per H100", "A100 每卡每天 180 元": the rate per GPU-hour, for the price answer to judge
            # and the plan to be priced at (a day's or week's rate spread over its hours)
            found.quoted_rate = (value / _PERIOD_HOURS[period], currency)
            found.rate_said = (value, currency, period)
        return
    prior = found.values.get("budget")
    if prior and idx > 0 and _joined_as_range(s, nums[idx - 1].end, num.start):
        prior.pop()  # "from 10 dollars to 20 dollars": keep the upper bound
    # No period said: a total, or in a conversation the period of the budget held (Parse.period_assumed).
    found.add("budget", value, num, s, extra=(value, currency, period, assumed, said_period is None))


# The hours of a rate's period: a rate per card per day or week is per GPU-hour over those hours.
_PERIOD_HOURS = {"hour": 1.0, "day": 24.0, "week": 168.0}


def _other_rate(fragment: str) -> OtherCurrency | None:
    """The sourced rate of the currency an amount is written in ("50 万台币", "hk$20万"), if the table has
    one."""
    code = next((c for sym, c in lexicon.UNPRICED_SYMBOLS if sym in fragment), None)
    return other_currencies().get(code or lexicon.unpriced_currency(fragment) or "")


# A price per so many tokens, after or before the amount.
# The side of the tokens a price is per, said between the number and "tokens" ("per 1M output tokens").
_TOKEN_SIDE = r"(?:个 ?)?(?:(?:output|input|generated|prompt|completion|输出|输入|生成|的) ?){0,2}"
_PER_TOKENS_AFTER = re.compile(
    r" ?(?:/|per |每) ?(?:1 ?|one |a )?(?:m|million|百万|k|thousand|千)? ?"
    rf"{_TOKEN_SIDE}(?:tokens?|toks?|词元)"
)
_MILLION = re.compile(r"百万|million|(?<![a-z])m(?![a-z])")
_THOUSAND = re.compile(r"千|thousand|(?<![a-z])k(?![a-z])")


def _tokens_per_million(unit: str) -> float:
    """How many of the price's units of tokens make a million: "per 1M tokens" 1, "per 1k tokens" 1,000,
    "per token" 1,000,000."""
    if _MILLION.search(unit):
        return 1.0
    return 1e3 if _THOUSAND.search(unit) else 1e6


# The tokens a price is per, after "per"/"每" and the number: "per million output tokens", "/1M generated
# tokens", "每百万个输出 token", "每千 token".
_PRICED_TOKENS_AFTER = re.compile(rf" ?{_TOKEN_SIDE}(?:tokens?|toks?|词元)")


def _per_tokens_unit(s: str, num: Num, before: str) -> bool:
    """The number is the unit of a price per tokens ("per million output tokens", "每百万个输出 token")."""
    return before.rstrip().endswith(("per", "每", "/")) and _PRICED_TOKENS_AFTER.match(s, num.end) is not None


_PER_TOKENS_BEFORE = re.compile(
    r"(?:每|per) ?(?:1 ?|one |a )?(?:百万|million|1m|m|千|thousand|k)? ?(?:tokens?|词元)[ :：]*$"
)


def _quoted_price(s: str, num: Num, period: str, found: Found) -> bool:
    """ "H100s are ~$2.5/hr, we can spend $40k": a per-hour or per-month rate someone quotes (a price
    word or a copula right before it, no budget word in its clause) is the market's price, not a budget."""
    before = window_before(s, num.start, 0)
    if (
        period in ("hour", "day", "week", "month")
        and _rent_per_period(s, num, period, before, found.gpu_ends)
        and not lexicon.has_cue(before + window_after(s, num.end, len(s)), lexicon.BUDGET_WORDS)
    ):
        found.price_period = found.price_period or period
        return True  # "4090 租一天 50 块", "L40S 一卡一天 120 元", "rent an A100 for a day at $30": a price
    if period in ("day", "week", "month") and _per_card_rate(s, num, before):
        found.price_period = found.price_period or period
        return True  # "每卡每天 20 块", "we pay $3 a day per card": a rate per card, never a budget
    if period not in ("hour", "month"):
        # "Lambda H100 is $2.99/hr, AWS is $4; budget $30k": a price quoted, the budget said apart
        return _quoted_beside_a_budget(s, num, before)
    if lexicon.has_cue(before, lexicon.BUDGET_WORDS):
        return False
    if lexicon.has_cue(window_after(s, num.end, len(s)), lexicon.BUDGET_WORDS):
        return False  # "$12k/mo budget"
    if lexicon.has_cue(s, lexicon.BUDGET_WORDS) and _budget_amount_elsewhere(s, num):
        # "H100 的市场价大概 2 美元一小时，我们预算总共 5 万美元": the budget is said elsewhere, so this rate
        # is a price
        found.price_period = found.price_period or period
        return True
    head = before.rstrip(" ~≈$¥￥").removesuffix("about").removesuffix("约").removesuffix("大概").rstrip()
    cues = tuple((" " + w) if w.isascii() else w for w in lexicon.QUOTED_PRICE_BEFORE)
    if head.endswith(cues) or _after_gpu(s, num, found.gpu_ends):
        found.price_period = found.price_period or period
        return True
    return False


def _rent_per_period(s: str, num: Num, period: str, before: str, gpu_ends: frozenset[int]) -> bool:
    """The amount follows a rent word (or, per day or week, a GPU name) with only a unit of time and
    "per card" between: what renting costs per period, quoted, not what the user may spend."""
    heads = [before]
    if period in (
        "day",
        "week",
    ):  # an hourly or monthly rate after a GPU stays a ceiling ("H20 一小时 8 块钱")
        heads += [s[end : num.start] for end in gpu_ends if num.start - 24 <= end <= num.start]
    for i, head in enumerate(heads):
        head = head.rstrip(" ~≈$¥￥").rstrip()
        for hedge in ("about", "around", "约", "大概", "大约", "要", "是"):
            head = head.removesuffix(hedge).rstrip()
        cut = lexicon.label_at_end(head, _RENT_PERIODS)
        if cut is None:
            continue
        head = head[: len(head) - len(cut)].rstrip().removesuffix("for").rstrip()
        for per_card in _PER_CARD:
            head = head.removesuffix(per_card).rstrip()
        rent = tuple((" " + w) if w.isascii() else w for w in lexicon.RENT)
        if (i and not head.strip(" 的")) or head.endswith(rent) or head.strip() in lexicon.RENT:
            return True
    return False


_RENT_PERIODS = tuple(
    p for p, period in lexicon.ONE_UNIT_PERIODS if period in ("hour", "day", "week", "month")
)
_PER_CARD = ("一卡", "每卡", "一张卡", "每张卡", "单卡", "per gpu", "per card", "a card", "each")


def _per_card_rate(s: str, num: Num, before: str) -> bool:
    """A daily, weekly or monthly amount said per card, the card word right around the amount and its
    period ("H800 每张卡每天 200 块", "$30 a day per card", "$3/gpu/day"), with no budget word in its
    clause: what one card costs, since what the user may spend is never per card. An hourly rate per card
    stays an hourly ceiling ("每卡每小时 8 块以内")."""
    after = window_after(s, num.end, len(s))
    if lexicon.has_cue(before + after, lexicon.BUDGET_WORDS):
        return False
    near = before[-_PER_CARD_REACH:] + " " + after[:_PER_CARD_REACH]
    return any(w in near for w in _PER_CARD_RATE)


_PER_CARD_REACH = 24  # characters either side of a rate where its "per card" stands
_PER_CARD_RATE = (
    *_PER_CARD[:5],
    "每块卡",
    "每张",
    "/卡",
    "per gpu",
    "per card",
    "/gpu",
    "/card",
    "a gpu",
    "each gpu",
    "each card",
)


_CLAUSE_MARKS = re.compile(r"[,;!?，。；！？\n]|\. ")


def _budget_amount_elsewhere(s: str, num: Num) -> bool:
    """A budget word in another clause that has a number of its own: "H100 约 2 美元一小时，我们预算 5 万美元"
    (not "预算：台币不够，每月 1.5 万美元", where the budget's clause says no amount and this one is it)."""
    start = 0
    for m in [*_CLAUSE_MARKS.finditer(s), None]:
        end = m.start() if m is not None else len(s)
        clause = s[start:end]
        if not start <= num.start < end and lexicon.has_cue(clause, lexicon.BUDGET_WORDS):
            if any(ch.isdigit() or ch in NUMERAL_CHARS for ch in clause):
                return True
        start = m.end() if m is not None else len(s)
    return False


def _quoted_beside_a_budget(s: str, num: Num, before: str) -> bool:
    clause = before + window_after(s, num.end, len(s))
    if lexicon.has_cue(clause, lexicon.BUDGET_WORDS) or not lexicon.has_cue(s, lexicon.BUDGET_WORDS):
        return False
    head = before.rstrip(" ~≈$¥￥").removesuffix("about").removesuffix("around").rstrip()
    return head.endswith(_QUOTED_IS)


# A copula or price verb right before a quoted amount ("AWS is $4", "the box costs $20").
_QUOTED_IS = (" is", " are", " costs", " cost", " runs", " goes for", " priced at", "报价", "价格是", "单价")


# What may stand between a GPU name and the price quoted for it: "H100 大概 2.5 刀一小时", "A100 ~$1.2/hr".
_PRICE_HEDGES = (
    "about",
    "around",
    "roughly",
    "大概",
    "大约",
    "约",
    "是",
    "要",
    "~",
    "≈",
    "$",
    "¥",
    "￥",
    ":",
    "：",
)


def _after_gpu(s: str, num: Num, gpu_ends: frozenset[int]) -> bool:
    """A rate right after a GPU name is that GPU's price, not the user's budget."""
    for end in gpu_ends:
        if num.start - 16 <= end <= num.start:
            gap = s[end : num.start]
            for hedge in _PRICE_HEDGES:
                gap = gap.replace(hedge, "")
            if not gap.strip():
                return True
    return False


def _joined_as_range(s: str, gap_start: int, gap_end: int) -> bool:
    gap = s[gap_start:gap_end]
    if len(gap) > 16:
        return False
    if any(w in gap for w in ("到", "至", "~", " to ", " and ")):
        return True
    # a dash joins two amounts ("HK$10-20", "5万 - 8万"), not the hyphen inside a word ("50000 TWD fine-tune")
    return any(
        ch == "-" and not (gap[i - 1 : i].isalpha() and gap[i + 1 : i + 2].isalpha())
        for i, ch in enumerate(gap)
    )


# A number with one of these multipliers is a model's size ("13B", "1T"), never the upper end of a
# budget's range.
_MODEL_SIZE_MULTS = ("b", "t", "g")


# After a single unit of time these words make it a budget period, not the timeline: 一周预算.
_PERIOD_NOT_TIMELINE = ("预算", "的预算", " budget", "'s budget", "ly budget")
# Before an article and a unit of time, the part of it meant: "quarter of a year" is 90 days, not 365.
_PART_OF = ((("quarter of", "a quarter of"), 0.25), (("half of", "a half of"), 0.5), (("third of",), 1 / 3))
# "a quarter of an hour" is 15 minutes (Duckling Duration/EN corpus), not 90 days.
_QUARTER_HOUR = (" of an hour", " of a hour", " of hour", " hour", "-hour")


# Before a single unit of time these make it the budget's period: 预算一个月五十万, "budget a month".
_BUDGET_BEFORE_PERIOD = ("预算", "预算是", "预算为", "经费", "budget", "budget is", "budget of")


# An amount of money right after a unit of time, maybe after a copula: "一小时是 2 美元", "一个月 $2000".
_AMOUNT_AFTER_PERIOD = re.compile(
    r"(?:是|约|大概|大约|才|只要|就要|收|要|=|:|：)?\s*(?:(?:us)?\$|¥|￥)\s*\d"
    r"|(?:是|约|大概|大约|才|只要|就要|收|要|=|:|：)?\s*\d+(?:\.\d+)?\s*(?:美元|美金|刀|块钱|块|元|usd|rmb|dollars?|bucks)"
)
# The period a single unit of time names, when it is a price's ("多少钱一小时").
_PRICE_PERIOD = {1 / 24: "hour", 1.0: "day", 7.0: "week", 30.0: "month"}


def _price_period(s: str, num: Num, unit: Unit, found: Found) -> bool:
    """ "H200 多少钱一小时", "一个月多少钱", "一天的价格": a price asked per unit of time."""
    head = s[max(0, num.start - 12) : num.start].rstrip(" ,，的要")
    tail = s[unit.end : unit.end + 12].lstrip(" ,，的要需")
    # a bare "how much" right before the period asks its money too: "how much a month if we rerun it weekly?"
    price_words = lexicon.PRICE + (lexicon.HOW_MUCH if lexicon.has_cue(s, lexicon.RENT) else ("how much",))
    # "一小时是 2 美元": the rate's period; after a comma the amount is another item of a list ("one month,
    # $20k budget": a deadline, then a budget).
    quoted = _AMOUNT_AFTER_PERIOD.match(s[unit.end : unit.end + 12].lstrip(" 的要需")) is not None
    if not (head.endswith(price_words) or tail.startswith(price_words) or quoted):
        return False
    found.price_period = _PRICE_PERIOD.get(unit.factor)
    return True


# Before hours or minutes in the same clause, these make them a daily schedule ("每天训练 8 小时").
_DAILY = ("每天", "每日", "per day", "each day", "every day", "daily")
# Right before a length of time these make it how often, not how long: "每半小时存一次", "every 30 minutes".
_EVERY = ("every", "each", "每", "每隔", "隔")
# Right after hours or minutes, these make them a share of each day, a rate and not the timeline: "we lose
# ~2 hours a day to maintenance", "we can only run 20 hours a day", "2 小时/天".
_A_DAY_AFTER = re.compile(
    r" ?(?:a day|per day|each day|every day|a night|per night|daily|/ ?day|/ ?d\b|/ ?天|每天|一天)"
)


def _duration(
    s: str, idx: int, num: Num, unit: Unit, nums: list[Num], units: list[Unit], found: Found
) -> None:
    if (num.value == 1 or num.weak) and _price_period(s, num, unit, found):
        return
    if s[: num.start].rstrip().endswith(_EVERY):
        return  # a frequency (checkpoints every 30 minutes), not the timeline
    if _time_of_a_part(s, num, unit):
        return  # "checkpoint takes 20 minutes to save", "每个 epoch 跑 3 小时": how long a part takes
    if _recorded(s, num, unit) or _recent_span(s, num, unit) or _speech_model_hours(s, num, unit):
        # "5000 小时的语音转写", "最近半年的对话日志": how much data, not how long to train; hours of
        # speech are its transcripts' tokens at a conversational rate (knowledge.text_units), stated
        if unit.factor <= 1 / 24 + 1e-12 and not _recent_span(s, num, unit):
            hours = num.value * unit.factor * 24
            transcripts = lexicon.has_cue(s, lexicon.TRANSCRIPT_WORDS)
            if _speech_model(s, transcripts):
                # "fine-tune Whisper on 2000 hours of audio": the encoder's audio frames, not transcript text
                found.speech_model = True
                tokens = hours * text_units().audio_positions_per_hour
            elif lexicon.has_cue(s[num.start : unit.end + 40], lexicon.VIDEO_RECORDINGS) and not transcripts:
                # "1000 hours of video": no speech transcript to count; what it holds is asked
                said = s[num.start : unit.end].strip()
                found.asks.append(Ask("tokens_or_data", "media_size", _finite(hours), said, word="video"))
                return
            else:
                tokens = hours * text_units().tokens_per_speech_hour
            if RANGES["tokens"][0] <= tokens < RANGES["tokens"][1]:  # a few hours are no training set
                found.speech_tokens = tokens  # the data's size when nothing else says it (parser)
        return
    if unit.factor >= 1 and _collected(s, unit) and not s[: num.start].rstrip().endswith(("within", "in")):
        return  # "3 years of chat logs, about 2GB": the span the data covers, not how long to train
    if _weekly_schedule(s, idx, num, unit, nums, units, found):
        return  # "一周七天不停训练", "5 days a week": how the weeks are used, not how long
    if unit.factor < 1 and lexicon.has_cue(window_before(s, num.start, 0), _DAILY):
        return  # "每天训练 8 小时，一共 10 天": hours of each day's schedule, not the timeline
    rate = _A_DAY_AFTER.match(s, unit.end) if unit.factor < 1 else None
    if rate is not None:
        # "2 hours a day", "20 hours per day": a share of each day; the "a" of "a day" is no day of its own
        found.used.update(i for i in range(idx + 1, len(nums)) if nums[i].start < rate.end())
        return
    if unit.factor <= 1 / 86400 + 1e-12:
        # Seconds are a latency ("首token 1秒内") or nothing: no training run is planned in seconds.
        after = window_after(s, unit.end, len(s))
        _latency(num, num.value * 1000.0, window_before(s, num.start, 0), after, found, s)
        return
    if num.value == 1 and s.startswith(_PERIOD_NOT_TIMELINE, unit.end):
        return
    if num.value == 1 and s[: num.start].rstrip().endswith(_BUDGET_BEFORE_PERIOD):
        return
    if num.value == 1 and _amount_next(s, idx, unit, nums, units):
        return  # "一个月一万美金", "a month $10k": the period of the budget after it (units.period_near)
    if s[unit.end - 7 : unit.end] == "quarter":
        tail = next((t for t in _QUARTER_HOUR if s.startswith(t, unit.end)), None)
        if tail is not None:
            unit = Unit("days", 1 / 96, unit.end + len(tail))
    days = (num.value + (0.5 if s[num.end : unit.end].startswith("分半") else 0.0)) * unit.factor
    if num.weak:
        head = s[: num.start].rstrip()
        days *= next((part for words, part in _PART_OF if head.endswith(words)), 1.0)  # "quarter of a year"
    end = unit.end
    while idx + 1 < len(nums) and nums[idx + 1].start < end:
        idx += 1
        found.used.add(idx)  # "an" in "a quarter of an hour" is part of this duration
    while True:
        end, half = _half_after(s, end)
        days += half * unit.factor
        nxt = idx + 1
        if nxt >= len(nums) or nxt in found.used:
            break
        gap = s[end : nums[nxt].start]
        if len(gap) > 5 or any(ch not in " ,、零又和加+" for ch in gap.replace("and", "")):
            break
        after_hours = unit.factor == 1 / 24
        said_in = unit.factor
        unit = units[nxt]
        bare = after_hours and unit.kind == "none" and gap.strip() in ("", "and", "零")
        if bare and nums[nxt].value < 60 and not nums[nxt].mult and not nums[nxt].weak:
            # "1 hour thirty", "2 hours and 10", 两小时十分: the minutes (Duckling Duration corpora)
            fen = 1 if s.startswith("分", nums[nxt].end) else 0
            unit = Unit("days", 1 / 1440, nums[nxt].end + fen)
        if unit.kind != "days":
            break
        if unit.factor > said_in and not nums[nxt].weak:
            # "十天半个月": a larger unit after a smaller one is the other end of a rough span, not a sum
            days = max(days, nums[nxt].value * unit.factor)
            found.used.add(nxt)
            idx, end = nxt, unit.end
            break
        days += nums[nxt].value * unit.factor  # 两年零三个月, 2 years 3 months, 1 year, 2 days
        found.used.add(nxt)
        idx, end = nxt, unit.end
    if unit.factor == lexicon.WORKING_DAY:
        found.working_days = num.value  # "10 working days": said so, shown with the rule
    if unit.factor == lexicon.SPRINT_DAYS and "sprint" in s[num.end : unit.end]:
        found.sprints = num.value  # "two sprints": said so, shown with the length taken
    found.add("days", days, num, s)


def _time_of_a_part(s: str, num: Num, unit: Unit) -> bool:
    """A length of time said of one part of the work (an epoch, a step, saving, loading, a replica starting:
    lexicon.PART_TIME_BEFORE / PART_TIME_AFTER) and of nothing that makes it the deadline ("within", "内",
    "in total"): how long that part takes, not the job's deadline."""
    before, after = window_before(s, num.start, 0), window_after(s, unit.end, len(s))
    words = before.split()
    by = bool(words) and words[-1] in ("within", "in", "by", "under", "before", "for")
    if by or after.lstrip(" 的").startswith(("内", "之内", "以内")):
        return False  # "one epoch within 3 days", "每轮 3 天内": a deadline after all
    if lexicon.has_cue(before, lexicon.PART_TIME_DEADLINE) or lexicon.has_cue(
        after, lexicon.PART_TIME_DEADLINE
    ):
        return False
    return lexicon.has_cue(before, lexicon.PART_TIME_BEFORE) or lexicon.has_cue(
        after[:16], lexicon.PART_TIME_AFTER
    )


# Between a count of recordings and its length: "客服逐字稿一共 8000 小时", "录音约 500 小时".
_RECORDED_FILLERS = " :：一共总共合计共约大约大概有是为"
# After a length of time: up to four characters of what is recorded ("会议录音", "客服通话"), or in
# English "of" and up to two words ("of call-center transcripts").
_RECORDED_AFTER_ZH = re.compile(r" ?的? ?[\u4e00-\u9fff]{0,4}?(?:" + "|".join(lexicon.RECORDED_ZH) + ")")
_RECORDED_AFTER_EN = re.compile(
    r" (?:worth )?of (?:[a-z][a-z&'-]* ){0,2}?(?:" + "|".join(lexicon.RECORDED_EN) + r")\b"
)


# After a length of time: what was collected over it ("3 years of chat logs", "三年的客服工单").
_COLLECTED_AFTER_ZH = re.compile(r" ?的 ?[\u4e00-\u9fff]{0,4}?(?:" + "|".join(lexicon.COLLECTED_ZH) + ")")
_COLLECTED_AFTER_EN = re.compile(
    r" (?:worth )?of (?:our |the |their |[a-z][a-z&'-]* ){0,2}?(?:" + "|".join(lexicon.COLLECTED_EN) + r")\b"
)


def _collected(s: str, unit: Unit) -> bool:
    """A span the data was collected over ("3 years of chat logs", "三年的客服工单"): not the timeline."""
    return bool(_COLLECTED_AFTER_EN.match(s, unit.end) or _COLLECTED_AFTER_ZH.match(s, unit.end))


def _speech_model(s: str, transcripts: bool) -> bool:
    """A speech model is trained (Whisper named, or ASR / 语音识别 without transcripts for a text model)."""
    return lexicon.has_cue(s, lexicon.SPEECH_MODELS) or (
        lexicon.has_cue(s, lexicon.SPEECH_TASKS) and not transcripts
    )


# Before hours that are a speech model's data: "on 2000 hours of Mandarin", "数据 1000 小时".
_SPEECH_DATA_BEFORE = (
    "on",
    "with",
    "using",
    "数据",
    "数据量",
    "语料",
    "data",
    "dataset",
    "有",
    "用",
    "共",
    "一共",
    "总共",
)


def _speech_model_hours(s: str, num: Num, unit: Unit) -> bool:
    """Hours that are the data of a speech model named in the message ("fine-tune whisper on 2000 hours of
    Mandarin", "微调 whisper，数据 1000 小时"), not how long to train."""
    if abs(unit.factor - 1 / 24) > 1e-12 or not _speech_model(
        s, lexicon.has_cue(s, lexicon.TRANSCRIPT_WORDS)
    ):
        return False
    head = s[: num.start].rstrip(" :：=~")
    return re.match(r" (?:worth )?of\b", s[unit.end :]) is not None or any(
        h.endswith(_SPEECH_DATA_BEFORE) for h in (head, _without_hedges(head).rstrip(" :：=~"))
    )


def _recorded(s: str, num: Num, unit: Unit) -> bool:
    """A length of recordings: the data's amount ("2 万小时的会议录音转写", "3,000 hours of audio")."""
    if _RECORDED_AFTER_ZH.match(s, unit.end) or _RECORDED_AFTER_EN.match(s, unit.end):
        return True
    return s[: num.start].rstrip(_RECORDED_FILLERS).endswith(lexicon.RECORDED_ZH)


# Around a count of days, words that make it the days of each week: "每周 5 天", "7 days a week".
_A_WEEK_BEFORE = (
    "一周",
    "每周",
    "一星期",
    "每星期",
    "每个星期",
    "一个星期",
    "per week",
    "a week",
    "each week",
)
# ... with a few words between: "每周只能用 3 天".
_A_WEEK_HEAD = re.compile("(?:" + "|".join(_A_WEEK_BEFORE) + r")[^,，;；。\d]{0,6}$")
_A_WEEK_AFTER = (" a week", " per week", " each week", "/week", "/wk", " every week")


def _weekly_schedule(
    s: str, idx: int, num: Num, unit: Unit, nums: list[Num], units: list[Unit], found: Found
) -> bool:
    """ "一周七天不停训练" (a week, then its days), "每周 5 天", "7 days a week": a schedule, not the
    timeline."""
    if unit.factor == 1.0 and num.value <= 7:
        if _A_WEEK_HEAD.search(s, max(0, num.start - 12), num.start) or s.startswith(_A_WEEK_AFTER, unit.end):
            return True
    if unit.factor == 7.0 and num.value == 1:
        if num.weak and s[: num.start].rstrip().endswith(("days", "day", "天")):
            return True  # the "a week" of "7 days a week"
        nxt = idx + 1
        if (
            nxt < len(nums)
            and units[nxt].kind == "days"
            and units[nxt].factor == 1.0
            and nums[nxt].value <= 7
        ):
            if not s[unit.end : nums[nxt].start].strip(" 的"):
                found.used.add(nxt)
                return True
    return False


def _recent_span(s: str, num: Num, unit: Unit) -> bool:
    """ "最近半年（6 月到 11 月）的对话日志", "the last 6 months of logs": the span the data covers."""
    head = s[: num.start].rstrip()
    cue = (
        next(w for w in lexicon.RECENT_SPAN if head.endswith(w))
        if head.endswith(lexicon.RECENT_SPAN)
        else None
    )
    if cue is None or (cue.isascii() and head[: -len(cue)][-1:].isalnum()):
        return False
    if head[: -len(cue)].rstrip().endswith(("from", "over", "covering", "spanning", "来自")):
        return True  # "800k tickets from the last two years"
    tail = s[unit.end :].lstrip()
    if tail.startswith(("(", "（")):
        close = tail.find(")" if tail[0] == "(" else "）", 0, 40)
        tail = tail[close + 1 :].lstrip() if close != -1 else tail
    return tail.startswith(("的", "of ", "'s ", "worth of"))


def _amount_next(s: str, idx: int, unit: Unit, nums: list[Num], units: list[Unit]) -> bool:
    """The next number is an amount of money right after this single unit of time ("一个月一万美金",
    "一个月 1 万美金的预算"): only spaces or a copula between them."""
    nxt = idx + 1
    if nxt >= len(nums):
        return False
    gap = s[unit.end : nums[nxt].start].strip(" $¥￥")
    for copula in COPULAS:
        gap = gap.removeprefix(copula).strip(" $¥￥")
    if gap and gap not in ("us",):
        return False
    money = units[nxt].kind == "money" or currency_before(s, nums[nxt]) is not None
    return money or _capped_per_period(s, nums[nxt], units[nxt])


# A single unit of time before a bare amount: "一个月 1w 以内" (the amount is capped by an _AT_MOST word).
_PER_UNIT = tuple(phrase for phrase, period in lexicon.ONE_UNIT_PERIODS if period != "year")


def _capped_per_period(s: str, num: Num, unit: Unit) -> bool:
    """ "一个月 1w 以内", "a month, 10k at most": a bare amount capped after a single unit of time is a
    budget for that period (no currency said: Parse.currency_assumed, the language's default)."""
    if unit.kind != "none" or num.weak or num.mult not in ("", "k", "zh") or num.value < 100:
        return False
    head = s[: num.start].rstrip(" ,，:：$¥￥")
    for copula in COPULAS:
        head = head.removesuffix(copula).rstrip()
    tail = s[num.end :].lstrip(" 块元")
    return head.endswith(_PER_UNIT) and lexicon.phrase_at(tail, 0, _AT_MOST) is not None


def _half_after(s: str, end: int) -> tuple[int, float]:
    if s.startswith("半", end):
        return end + 1, 0.5  # 三天半, 一年半
    for tail in (" and a half", " and half"):
        if s.startswith(tail, end):
            return end + len(tail), 0.5  # "a month and a half" (Duckling Duration/EN corpus)
    return end, 0.0
