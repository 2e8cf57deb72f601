"""Intent rules as data: cue phrases per intent, checked in a fixed order (first match wins).

Text is simplified, lower-cased. A message that carries sizing slots is a sizing request even
when it ends with a question mark ("能不能在一周内把一个70B模型LoRA微调完").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.nlu import context, lexicon, question_cues as cues, serving
from bot.nlu.counts import counts_them
from bot.nlu.gpus import find_gpus, unknown_gpu_names
from bot.nlu.lexicon import has_cue
from bot.nlu.providers import china_providers, without_providers
from bot.nlu.text import compact, normalise
from knowledge.names import BOTH
from knowledge.query_text import states_a_job
from sizing.frozen import quick_init

RESET = (
    "重新开始",
    "重新来过",
    "从头再来",
    "重来",
    "清空",
    "start over",
    "reset",
    "restart",
    "new request",
    "clear",
    "start again",
)
# Back to the plan before the last change ("go back to the previous plan", "撤销", "还是刚才那个"):
# with no value said (a value makes it a correction: "go back to 7B").
UNDO = (
    "go back", "undo", "revert", "previous plan", "the plan before", "the last plan", "earlier plan",
    "back to the previous", "back to the last", "上一个方案", "之前的方案", "刚才的方案", "刚才那个方案",
    "原来的方案", "回到上一个", "回到之前", "回到刚才", "撤销", "撤回", "改回去", "改回来", "换回去",
    "换回来", "还是刚才那个", "还是之前那个", "还是原来那个",
    # "还是用回原来的卡吧": back to what the last change replaced
    "用回原来的", "换回原来的", "改回原来的", "用回之前的", "换回之前的", "back to the original",
    # "復原", "还原一下", "回退", "roll it back"
    "复原", "还原", "回退", "退回去", "上一步", "恢复原来的", "恢复之前的", "roll back", "roll it back",
    "rollback",
    # the job as first planned ("回到最开始的方案", "還是用第一個方案吧", "go back to the first plan")
    "回到最开始", "回到一开始", "回到最初", "回到第一个方案", "第一个方案吧", "用第一个方案", "用最初的方案",
    "用最开始的方案", "最开始的方案吧", "最初的方案吧", "back to the first plan", "back to the original plan",
    "the first plan again", "the original plan again",
)  # fmt: skip
CORRECTION = (
    "改成",
    "换成",
    "改为",
    "改一下",
    "不对",
    "其实是",
    "其实",
    "应该是",
    "更正",
    "我是说",
    "actually",
    "instead",
    "change",
    "make it",
    "i meant",
    "correction",
    "rather",
    "instead of",
    "而不是",
    "而非",
)
# A load the service is expected to carry ("预计每天 2 万次请求", "we will get around 1M requests a
# month"): a serving load, not traffic reported as a fact ("we handle 2 million requests a month").
LOAD_EXPECTED = (
    "expect", "预计", "估计", "预期", "预估", "will get", "will have", "will see", "will handle",
    "will serve", "we'll get", "we'll have", "会有", "将有",
)  # fmt: skip
# The Chinese A-not-A question ("对不对", "是不是", "好不好"): a question, whatever word it repeats.
A_NOT_A = re.compile(r"(\w)不\1")
# Only at the start of a message: "不是7B，是13B", "no, 13B" (是不是 elsewhere is a question).
CORRECTION_OPENERS = ("不是", "no,", "no ", "nope", "不，", "不,", "错了")
# A what-if asked as one ("what if we run it on H100s?"), not only a condition said.
ASKED_WHATIF = ("what if", "what about", "how about")
WHATIF = (
    *cues.SUPPOSE,
    "换用",
    *ASKED_WHATIF,
    "if we",
    "if i",
    "and if ",  # "and if training must finish in 3 hours?": the plan held, with that value
    "would it be",  # "would it be faster on H200?" (not "what would it cost": a price question)
)
HELP = (
    "help",
    "怎么用",
    "如何使用",
    "使用说明",
    "你能做什么",
    "你会什么",
    "能做什么",
    "帮助",
    "what can you do",
    "how do i use",
    "usage",
    "commands",
)
GREETING = (
    "你好", "您好", "嗨", "哈喽", "哈啰", "哈罗", "hello", "hi", "hey", "hiya", "howdy", "good morning",
    "good afternoon", "good evening", "早上好", "早安", "下午好", "晚上好", "在吗",
)  # fmt: skip
THANKS = ("谢谢", "多谢", "感谢", "thanks", "thank you", "thx", "ty", "辛苦了")
EXPLAIN = (
    "show the math",
    "show your work",
    "show me the math",
    "explain",
    "how did you",
    "how was",
    "怎么算的",
    "计算过程",
    "怎么算出来",
    "如何计算",
    "算法是",
    "详细计算",
    "breakdown",
    "the math",
    # "算式給我看一下", "把推导过程发我", "walk me through the numbers"
    "算式",
    "推导",
    "计算步骤",
    "计算明细",
    "怎么估的",
    "怎么估出来",
    "walk me through",
    "how you got",
    "formula behind",
    "behind these numbers",
    "behind the numbers",
    "where do these numbers come from",
    "怎么得出",
    "数字怎么来的",
)
SKIP = (
    "不确定",
    "不知道",
    "不清楚",
    "随便",
    "都行",
    "无所谓",
    "没差",  # Taiwan: "沒差" (it makes no difference)
    "跳过",
    "默认",
    "skip",
    "default",
    "don't know",
    "dont know",
    "not sure",
    "not really sure",
    "no idea",
    "no clue",
    "idk",
    "whatever",
    "pass",
    "any",
    "unsure",
)
# Leaving the choice to the bot ("not sure, whatever you think", "你看着办"): a skip, in a message up to
# DEFER_MAX characters (longer than SHORT: these come with a hedge before them).
DEFER = (
    "whatever you think", "whatever you suggest", "whatever you recommend", "up to you", "you decide",
    "your call", "you choose", "you pick", "dunno", "你定", "你来定", "你决定", "你看着办", "听你的",
    "你说了算",
)  # fmt: skip
DEFER_MAX = 48
# Not knowing yet, said first with a hedge after it ("hmm not sure, maybe whatever the team decides",
# "还不确定，看老板"): a skip in a message up to DEFER_MAX characters that asks nothing (no question word
# or mark).
UNSURE = (
    "not sure",
    "not really sure",
    "no idea",
    "no clue",
    "idk",
    "don't know",
    "dont know",
    "unsure",
    "不确定",
    "不知道",
    "不清楚",
    "说不好",
    "说不准",
    "不太确定",
    "不太清楚",
    "不太知道",
)
UNSURE_WITHIN = 8  # the first characters the opener must start in ("hmm, not sure", "还不确定")
COMPARE = (
    "差多少",
    "差几倍",
    "差多少倍",
    "差在哪",
    "相差",
    "区别",
    "比较",
    "对比",
    "差别",
    "差异",
    "哪个好",
    "哪个更",
    # "A10 和 L4 哪个推理延迟低": which decodes sooner (answers/compare.py weighs it for serving)
    "延迟低",
    "延迟更低",
    "延迟小",
    "延迟更小",
    "哪个延迟",
    # "H20 和 4090 哪个适合推理 Qwen2.5 32B": which of the two suits the job
    "哪个适合",
    "哪张适合",
    "哪款适合",
    "哪个合适",
    # which of the GPUs named to take: "L4、L40S、A100 三张卡推理 Llama 3.1 8B，选哪张"
    "选哪张",
    "选哪个",
    "选哪款",
    "用哪张",
    "租哪张",
    "哪张好",
    "哪张更",
    "which one",
    "which of",
    "还是",
    "vs",
    "versus",
    "compare",
    "difference",
    "better",
    "which is",
)
# Which of the GPUs named ("哪个显存大"): with a datasheet word, a comparison of them.
WHICH_ONE = ("哪个", "哪张", "哪款", "哪一", "which")
GPU_INFO = (
    "显存",
    "记忆体",
    "算力",
    "带宽",
    "功耗",
    "多少",
    "规格",
    "参数是",
    "tflops",
    "memory",
    "bandwidth",
    "specs",
    "spec",
    "tell me about",
    "what is",
    "how much",
    "how fast",
    "info",
    "介绍",
    "是什么",
    "吗",
    "吧",
    "档位",
    "tier",
    "what's",
    "whats",
)
# What a GPU's datasheet answers: with one of these, a question naming a GPU is about the card.
DATASHEET = (
    # 记忆体: Taiwan's 記憶體, with a GPU named its memory ("MI300X 的記憶體有多大", "H100 記憶體多少")
    "显存", "记忆体", "算力", "带宽", "功耗", "规格", "参数是", "tflops", "flops", "memory", "vram",
    "bandwidth", "specs",
    "spec", "tdp", "power", "watts", "wattage", "功率", "耗电", "nvlink", "pcie", "fp8", "fp16", "bf16",
    "fp32", "tf32", "int8", "支持",
    "support",
    "介绍", "tell me about", "档位", "tier", "price", "价格", "多少钱",
)  # fmt: skip
# The datasheet words that are not about price: "AWS 的 H100 有 NVLink 吗" asks about the card.
SPEC_WORDS = tuple(w for w in DATASHEET if w not in ("price", "价格", "多少钱"))
# ... and with providers in the question, "支持" is the provider's ("哪些平台支持 H100"), not the card's.
PROVIDER_SPEC_WORDS = tuple(w for w in SPEC_WORDS if w not in ("支持", "support"))
QUESTION = (
    "?",
    "吗",
    "呢",
    "怎么",
    "如何",
    "什么",
    "为什么",
    "哪",
    "是否",
    "能否",
    "可以",
    "how",
    "what",
    "why",
    "should",
    "which",
    "when",
    "is it",
    "do i",
    "can i",
    "does",
    "建议",
    "推荐",
)
# "How big a model can we train on what we have?": the engine is run backwards from the GPUs.
CAPACITY = (
    "能训多大", "能训练多大", "可以训多大", "可以训练多大", "能微调多大", "可以微调多大", "能跑多大",
    "最大能训", "最多能训", "最大可以训", "最大能训练", "训多大的模型", "训练多大的模型", "多大的模型能",
    "how big a model", "how large a model", "how big of a model", "how large of a model",
    "largest model", "biggest model", "what size model", "what size of model", "max model size",
    "maximum model size", "how many parameters can",
    # What fits on hardware they have, to run or to train: "我有 2 张 4090，能跑什么模型".
    "能跑什么模型", "可以跑什么模型", "能跑哪些模型", "可以跑哪些模型", "跑什么模型", "能跑啥模型",
    "能训什么模型",
    "能训练什么模型", "可以训练什么模型", "能微调什么模型", "可以微调什么模型", "能部署什么模型",
    "能放下什么模型",
    "能跑多大的模型", "what models can i run", "what model can i run", "which models can i run",
    "what models can we run", "which models can we run", "what can i run on", "what can we run on",
    "what models fit", "which models fit", "what model fits", "what models will fit", "which models will fit",
    "what can i fine-tune on", "what can we fine-tune on", "what can i train on", "what can we train on",
)  # fmt: skip
# The same in any English wording: "what can we train?", "what models could I fine-tune with these?",
# "what kind of model can we run on them" (the job verb closes the clause or takes the hardware next).
CAPACITY_ASKED = re.compile(
    r"\bwhat(?:\s+(?:size|kind|sort|sizes|kinds)\s+of)?(?:\s+(?:llms?|models?))?\s+(?:can|could|would|will)\s+"
    r"(?:i|we|they|you|it|this|these|those|that)\s+(?:\w+\s+)?(?:pre-?train|train|fine-?tune|finetune|run|serve|host|fit)"
    r"(?:\s+(?:on|with|using|in)\b|\s*[?.!,;]|\s*$)"
    # "能微调什么？", "可以训练哪些", "能跑啥": the job verb, then what, closing the question.
    r"|(?:能|可以|能够)(?:训练?|微调|预训练|跑|部署|放下)(?:些)?(?:什么|啥|哪些)(?:模型|东西)?\s*(?:[?？。!！,，]|吗|呢|$)"
)


def asks_capacity(t: str) -> bool:
    """Whether `t` (normalised) asks what the hardware it names can train or run."""
    return has_any(t, CAPACITY) or CAPACITY_ASKED.search(t) is not None


# A request to be sized that has not given a number yet ("想训练个大模型，该租什么GPU？").
SIZING_START = (
    "想训练", "要训练", "打算训练", "计划训练", "准备训练", "想微调", "要微调", "打算微调", "想预训练",
    "该租什么", "租什么gpu", "用什么gpu", "需要什么gpu", "需要多少张", "需要多少卡", "要多少卡",
    "want to train", "plan to train", "need to train", "planning to train", "want to fine-tune",
    "need to fine-tune", "which gpu should", "what gpu do", "what gpus do", "how many gpus",
    "what hardware do",
    # "我们要训一个模型", "幫我們估一下訓練要租什麼卡"
    "要训一个", "想训一个", "训一个模型", "租什么卡", "租哪种卡", "租哪张卡",
)  # fmt: skip
# The same start said with a colloquial verb or an intent word the list lacks ("我想训个模型",
# "打算練個大模型", "想炼个丹", "想搞个模型训练", "we wanna train a model", "thinking about fine-tuning an
# LLM"): an intent word, then a training verb with its measure word or object.
_INTENT_ZH = "(?:想|要|打算|准备|计划|希望|考虑)(?:自己|来|去)?"
STARTS_TRAINING = re.compile(
    rf"{_INTENT_ZH}(?:训|练|炼)(?:一?个|一下|自己的|大?模型|llm|丹)"
    rf"|{_INTENT_ZH}(?:搞|做|弄)(?:一?个)?(?:自己的)?(?:大?模型|llm)?(?:训练|微调|预训练)"
    r"|\b(?:want|wanna|like|looking|going|gonna|trying|thinking about|thinking of|considering|planning"
    r"|hoping)(?: to)? (?:train|fine-?tune|fine tune|pre-?train)(?:ing)?\b"
    # "can you help me figure out gpus for training", "help us pick hardware for fine-tuning",
    # "帮我选一下训练用的卡": the intake, not an FAQ that happens to share a word
    r"|\bhelp (?:me|us)(?: to)? (?:pick|choose|select|figure out|work out|find|decide on|spec out|size)"
    r" (?:the right |some |the |our |which |what )?(?:gpus?|cards?|hardware|compute|a cluster|instances?)"
    r" (?:for|to) (?:a |our |my )?(?:train|fine-?tun|fine tun|pre-?train)"
    r"|帮(?:我|我们|忙)(?:选|挑|配)(?:一下)?(?:训练|微调|预训练)(?:用的)?(?:卡|gpu|显卡|算力|机器)"
)


def starts_sizing(t: str) -> bool:
    """A request to be sized that gives no number yet: SIZING_START, or the same said colloquially."""
    return has_cue(t, SIZING_START) or STARTS_TRAINING.search(t) is not None


# A service to be sized that has not named a model or a load yet ("we want to serve a chatbot",
# "我们想部署一个聊天机器人"): sized at once for typical models, and asked which one is meant.
SERVING_START = (
    "想部署", "要部署", "打算部署", "准备部署", "计划部署", "需要部署", "想上线", "要上线", "打算上线",
    "want to serve", "want to deploy", "want to host", "need to serve", "need to deploy", "need to host",
    "plan to serve", "plan to deploy", "planning to serve", "planning to deploy", "going to serve",
    "going to deploy", "would like to serve", "would like to deploy", "looking to deploy", "looking to serve",
)  # fmt: skip
# Renting to train, said without a size yet ("我想租卡训练模型", "I want to rent GPUs to train a model"):
# a plan to start, unless it asks something ("租卡训练要注意什么？" is the FAQ's).
RENT_TO_TRAIN = (
    "租卡训练", "租卡微调", "租卡来训练", "租gpu训练", "租显卡训练", "租算力训练", "帮我规划", "帮我估算",
    "rent gpus to train", "rent a gpu to train", "rent gpus to fine-tune", "rent a gpu to fine-tune",
    "gpus to train a", "gpu to train a", "help me plan", "help me size",
    # "帮我估一下训练资源", "想請你幫忙估一下 GPU", "need help sizing a training run"
    "帮我估一下", "帮忙估一下", "帮忙估算", "帮我评估", "估一下训练", "估一下gpu", "help sizing",
    "help with sizing", "size a training", "sizing a training", "size our training", "size a fine-tune",
    "size a finetune", "帮我们估", "帮我们算", "帮忙算算", "help us size", "help us plan", "size something",
)  # fmt: skip
# Slots that make a message a sizing request (gpu alone may be a question about the card).
WORKLOAD = (
    "params", "tokens", "data_bytes", "days", "budget", "method", "gpu_count", "seq_len", "epochs", "samples",
    "tokens_per_sample",
)  # fmt: skip
# What a job is planned on beyond its model: with none said, two methods weighed are weighed on memory.
_JOB_AMOUNTS = ("tokens", "data_bytes", "days", "budget", "gpu_count", "epochs", "samples")
# Two methods weighed on what memory does not tell: cost, speed, quality (the planning form asks the data).
_WEIGHED_BEYOND_MEMORY = (
    "cheap", "cheaper", "cheapest", "expensive", "cost", "便宜", "贵", "划算", "性价比", "成本", "faster",
    "slower", "quicker", "快", "慢", "quality", "accuracy", "效果", "精度", "质量", "省钱", "钱", "money",
    "price", "better", "best", "should", "recommend", "好", "推荐", "该",
)  # fmt: skip
CLOUD_FOLLOW_UP = 48  # characters: "what about on AWS?", "用 Azure 呢", "how about Google Cloud instead?"
SHORT = 24  # characters; skip/greeting/thanks/help cues only count in a short message
UNDO_CHARS = 48  # "can we go back to the previous plan please?": a request on its own, not a clause
# Slots that name a technique rather than a workload: "What is LoRA?" asks about it, it sizes nothing.
QUALITATIVE = ("method", "precision", "stack", "recompute", "continued", "offload", "serve_layout")
DEFINE = (
    "what is", "what's", "what are", "what does", "difference", "vs", "versus", "compare",
    "which is better", "explain", "什么是", "是什么", "区别", "差别", "比较", "怎么选", "哪个好", "哪个更",
    "有什么不同", "优缺点",
    "why", "why do", "why use", "为什么", "为啥", "什么时候用", "when should",
)  # fmt: skip


# Can a GPU be had at all (where export rules apply)? With a region named, the FAQ on export
# variants (H800/H20) answers, not the datasheet: "国内能租到H100吗", "can we rent H100 in China?"
AVAILABILITY = (
    "能租", "租得到", "租到", "能不能租", "可以租", "能买", "买得到", "买到", "能不能买", "可以买",
    "有没有卖", "有卖", "能用", "can we rent", "can i rent", "can you rent", "can we buy", "can i buy",
    "can we get", "can i get", "is it possible to rent", "available in", "availability",
)  # fmt: skip


has_any = has_cue  # the same test under its older name here (one call less on ~40 calls a message)


def _unsure(t: str) -> bool:
    """ "hmm not sure, maybe whatever the team decides": not knowing, said first, and nothing asked."""
    if not has_any(t, UNSURE) or "?" in t or "？" in t or has_any(t, cues.WH_WORDS):
        return False
    return any(0 <= t.find(word) <= UNSURE_WITHIN for word in UNSURE)


@quick_init
@dataclass(frozen=True, slots=True)
class Signals:
    """What the rest of the parse found, for deciding the question kind."""

    filled: tuple[str, ...] = ()  # slot names the message set ("ask" when something is asked back)
    gpus: tuple[str, ...] = ()  # GPUs named, catalogue ids or families
    region: str | None = None
    providers: tuple[str, ...] = ()
    model_named: bool = False  # a known model name ("DeepSeek-V3", "GPT-3")
    serving: bool = False  # serving / inference words
    engine: bool = (
        False  # one serving engine stated as the one run ("we serve with vLLM": serving.find_serve_engine)
    )
    training: bool = False  # training words ("训", "fine-tune"): a job, not a rental question
    figure: bool = False  # a figure quoted about a named GPU ("B200 has 192GB")
    model_card: bool = False  # the named model has a card (knowledge/data/models.yaml)
    memory_filter: bool = False  # a GPU memory size asked for ("which GPUs have 80GB or more?")
    methods_weighed: bool = False  # two methods offered as alternatives ("lora or qlora", "全参 vs LoRA")
    scaled: bool = False  # a relative change to a held value ("预算砍半", "double the data": relative.py)
    gpus_for_time: bool = False  # GPUs scaled up and the time down in one message ("卡翻倍，时间能减半吗")
    # The budget said is a price per hour ("一小时 2 美元以内", "under $3 an hour").
    hourly_budget: bool = False
    quoted_rate: bool = False  # an hourly rate quoted as the market's price ("rents H100s at $1 an hour")
    token_price: bool = False  # a price per million tokens quoted ("an API at $0.90 per million tokens")
    price_period: bool = False  # a price asked per a period ("per hour", "一小时多少钱"): a unit price
    # The FAQ's best score (0-1) and its margin over the runner-up, asked only when the text could be
    # an FAQ question.
    faq_score: Callable[[], tuple[float, float]] | None = None
    # The id of the FAQ's best entry (None: nothing found), asked only where the kind of entry decides.
    faq_top: Callable[[], str | None] | None = None


# What a rental question may say: which GPUs, how many, for how long, on what budget.
RENTAL = ("gpu", "gpu_count", "days", "budget")
# What a GPU's price per period may be asked beside without becoming the planning form: the data alone.
_DATA_BESIDE_A_PRICE = frozenset({"gpu", "gpu_count", "tokens", "data_bytes", "ask"})
# Slots of a serving request (with a model or size, they make a serving question a sizing one).
SERVING_LOAD = (
    "concurrency",
    "qps",
    "daily_users",
    "daily_requests",
    "input_tokens",
    "output_tokens",
    "ttft_ms",
    "tpot_ms",
    "batch_requests",  # an offline job's size
)
_SERVING_LOAD_SET = frozenset(SERVING_LOAD)
# A question without a question mark counts as yes/no from its opening word only when this short.
YES_NO_UNMARKED = 160
# Hardware the user fixes, beyond a named GPU or count: "单卡", "a single GPU", "24GB 显存".
FIXED_HARDWARE = (
    "单卡", "单张", "一张卡", "双卡", "显存", "vram", "gpu memory", "single gpu", "one gpu", "a single",
    "my gpu",
    "our gpus", "my laptop", "消费级",
)  # fmt: skip
GPU_WORDS = (*lexicon.GPU_NOUNS, "算力")
# A rate per period, which only a price has ("per hour", "/hr", "每小时"); "for a month" may be a rental.
# Narrower than lexicon.PRICE_PERIODS on purpose: a billing plan ("按量付费和包年包月怎么选") asks the FAQ.
PER_PERIOD = (
    "per hour", "per day", "per week", "per month", "per year", "/hour", "/hr", "/h", "/month", "/mo",
    "hourly", "monthly", "per gpu-hour", "per gpu hour", "每小时", "每月", "每卡时", "按小时", "按月", "按天",
)  # fmt: skip


# A billing term named ("按周", "包月", "per month"): "is it worth it" then weighs the term, not the GPU.
_BILLING_TERMS = tuple(p for p, _ in lexicon.PRICE_PERIODS)


def classify(text: str, signals: Signals) -> tuple[str, bool]:
    """(question kind, is it a yes/no question). A message is a question before it is a form."""
    t = compact(text.strip())
    if "嘛" in t:
        t = _TOPIC_MA.sub("", t)
    yes_no = is_yes_no(t)
    return _kind(t, signals, yes_no), yes_no


# A value said softly, as the answer to the form's question: a number and its unit, then 吧 ("两个月吧",
# "工期两个月吧", "数据 1.5T token 吧", "預算 5 萬吧"); a figure put to confirm keeps its verb ("A100 有 80G
# 吧", "T4 的 FP16 是 89 TFLOPS 吧", "8 张够吧") or names a GPU's figure ("H100 显存 80G 吧") and stays
# a question.
_SOFT_VALUE = re.compile(
    r"[\d零一二两兩三四五六七八九十百千万萬亿億半] ?(?:[a-z]+ ?){0,2}[\u4e00-\u9fff]{0,3} ?吧$"
)
_CONFIRMS = re.compile(
    r"是|有|对|對|没错|沒錯|能|可以|够|夠|会|會|行|吗|嗎|\?|？"
    r"|显存|顯存|带宽|帶寬|算力|功耗|内存|記憶體|tflops|/s\b|nvlink"  # a GPU's figure: "H100 显存 80G 吧"
)


# 嘛 after a topic, then a comma: "数据量嘛，大概 1.5T token", "工期嘛，两个月", "预算嘛, 5 万": the topic
# marked, no question (嘛 after a verb stays one: "可以嘛，还是要换卡", "够嘛，", "能用嘛，").
_TOPIC_MA = re.compile(r"(?<=[\u4e00-\u9fff])(?<![以行能够夠会會用好对對是有吧])嘛(?= ?[，,、])")


def proposes(t: str) -> bool:
    """ "用 FP8 吧", "还是换回 H100 吧": a choice made, put softly; not a question about it."""
    return cues.PROPOSAL.match(t.strip(" !！。.~…")) is not None


def is_yes_no(t: str) -> bool:
    """ "Is the H20 faster than the H100?", "4090 能做多机训练吗", "B200 has 192GB right?"; not a
    wh-question ("有什么区别吗") nor a choice between alternatives ("A100 or H100?"); a yes/no question after
    another one is yes/no too ("what's an A100 per hour on Lambda, and can one fine-tune llama 3.1 8b?")."""
    if several_questions(t) and any(_asks_of_a_job(_after_join(c)) for c in _clauses(t)[1:]):
        return True
    clauses = _clauses(t)
    if len(clauses) >= 2 and _asks_of_a_job(clauses[0]) and all(has_any(c, SPEED_ASKS) for c in clauses[1:]):
        return True  # "can a 24 gig card run llama 13b in 4bit? and how fast": the verdict, then its speed
    wh = has_any(t, cues.WH_WORDS)
    asks_first = wh or several_questions(t)
    if asks_first and any(_asks_of_a_job(_after_join(c.strip())) for c in _CLAUSES.split(t)[1:]):
        # "whats the vram on a 4090 and can it do 8b lora", "4090 显存多大，能 LoRA 8B 吗": the figure asked
        # first, then a yes/no on a job, which the verdict answers with that figure in it
        return True
    if _opens_yes_no(t) and has_any(t, cues.IF_NOT):
        # "can 8x H100 fully fine-tune DeepSeek-V3? if not, what's the minimum?": the verdict, then what fits
        return True
    if wh:
        return False
    if has_any(t, cues.YES_NO_TAGS):
        return True
    if has_any(t, cues.ALTERNATIVE):
        return False
    if "吗" in t or "嘛" in t:
        return True
    if proposes(t):
        return False  # "用 FP8 吧", "还是换回 H100 吧": a choice made, not a question
    end = t.rstrip(" ?？!！。.~…")
    if end.endswith("吧") and _SOFT_VALUE.search(end) and not _CONFIRMS.search(t):
        return False  # "工期两个月吧", "数据 1.5T token 吧": a value said softly, not asked to confirm
    if end.endswith(cues.YES_NO_PARTICLES) and not end.endswith("什么"):
        return True
    if end.endswith(cues.YES_NO_LAST_WORDS):
        return True  # "the L40S has 48GB of vram right"
    if any(has_any(clause, cues.SUITS_A_JOB) for clause in _questions(t)):
        return True  # "a 3060 12gb ok for qlora 7b?": the "is" left out
    if any(_opens_yes_no(clause) for clause in _questions(t)):
        return True
    if any(clause.rstrip().endswith(cues.YES_NO_PARTICLES) for clause in _questions(t)):
        return True  # "A100 只有 40G 的吧？那 70B QLoRA 肯定放不下": the premise asked to confirm
    if any(_asks_of_subject(clause) for clause in _clauses(t)[1:]):
        return True  # "we have 4 A10s, can we fine tune mistral 7b"
    return _opens_yes_no(t) and len(t) <= YES_NO_UNMARKED  # "is it possible to pretrain 1B on one A10G"


_LEADING_JOINS = ("and also ", "and ", "also ", "but ", "so ")
# How fast a job runs, asked after a yes/no on it ("…? and how fast", "…吗？速度怎么样").
SPEED_ASKS = ("how fast", "how quick", "speed", "latency", "tokens/s", "多快", "速度", "延迟", "快不快")


def asks_to_confirm_figure(t: str) -> bool:
    """A figure put as a question to confirm, beside whatever else the message asks: "is the B200 180GB?
    also, how many…", "H200 显存是 141G 对吧？顺便…", "MI300X 是 192G 沒錯吧？那…" (a clause with a number
    that ends in a question mark and opens or ends as a yes/no question)."""
    for clause in _questions(t):
        c = clause.strip()
        if not any(ch.isdigit() for ch in c):
            continue
        if _asks_of_a_job(c) or serving.runs_inference(c):
            continue  # "will Llama 3.1 70B load on one H100 80 GB?": the size names the card; the job asks
        if (
            _opens_yes_no(_after_join(c))
            or c.endswith(cues.YES_NO_PARTICLES)
            or has_any(c + "?", cues.YES_NO_TAGS)
        ):
            return True
    return False


def _asks_of_a_job(clause: str) -> bool:
    """A yes/no clause about a job ("can one fine-tune llama 3.1 8b with LoRA", "能不能拿来全参微调 Llama 3.1
    8B"), not about the GPU itself ("does it support FP8", which the datasheet answers with the rest)."""
    if _opens_yes_no(clause) and any(w.strip(",.?") in cues.JOB_VERBS for w in clause.split()):
        return True
    if _opens_yes_no(clause) and has_any(clause, lexicon.TRAINING):
        return True  # "can it do 8b lora in bf16": the method names the job
    asks = has_any(clause, _ZH_CAN) or clause.rstrip(" ?？").endswith(("吗", "嘛"))
    return asks and (has_any(clause, lexicon.TRAINING) or serving.is_serving(clause))


# "Can it" in Chinese: a yes/no question whatever its particle.
_ZH_CAN = ("能不能", "可不可以", "行不行", "能否", "可否")


def _after_join(clause: str) -> str:
    """A clause without the join that opens it ("and can one…" -> "can one…")."""
    for join in _LEADING_JOINS:
        if clause.startswith(join):
            return clause[len(join) :]
    return clause


# Clause punctuation, and a dot or hyphen before a space or the end ("qwen2.5", "1.5B", "fine-tune" go on).
# One class of every first character, then the dot or hyphen's condition (the same matches as
# `[!;,，。！；\n?？—–:：]|[.\-](?= |\Z)`): a pattern that opens with a class is scanned for in C.
_CLAUSE_BREAK = re.compile(r"[!;,，。！；\n?？—–:：.\-](?:(?<![.\-])|(?= |\Z))")
# A premise opened by "since" or "given" runs into its question without a comma ("since the A100 has 120GB
# can i full finetune a 13b on one"): the question is a clause of its own, from its auxiliary and subject on.
_PREMISE_OPENERS = ("since", "given", "because", "now that", "seeing as")
_PREMISE_THEN_ASK = re.compile(
    r"^(?:since|given(?: that)?|because|now that|seeing as)\b.{3,}?"
    r"(?= (?:can|could|should|will|would|do|does|is) (?:i|we|it|they|one|you)\b)"
)


def _clauses(t: str) -> list[str]:
    """`t` split at clause punctuation (a dot inside "qwen2.5" or "1.5B" is no break), and after a premise
    that runs into its question ("since the A100 has 120GB can i …")."""
    if t.startswith(_PREMISE_OPENERS):  # the regex runs only where it can match
        t = _PREMISE_THEN_ASK.sub(lambda m: m.group(0) + ",", t, count=1)
    return [c for c in map(str.strip, _CLAUSE_BREAK.split(t)) if c]


def _asks_of_subject(clause: str) -> bool:
    """An auxiliary then a subject: "can we fine tune...", "will it fit...", "is the A10 enough"; or an
    auxiliary and the job it asks to fit: "ive got a 3080 10gb, will qlora on mistral 7b fit"."""
    words = clause.split()
    if len(words) >= 3 and _opens_yes_no(clause) and words[-1].strip("?.!") in cues.FITS:
        return True
    return len(words) >= 3 and _opens_yes_no(clause) and words[1] in cues.CLAUSE_SUBJECTS


def _questions(t: str) -> list[str]:
    """The clauses of `t` that end in a question mark."""
    if "?" not in t and "？" not in t:
        return []
    out, start = [], 0
    for i, ch in enumerate(t):
        if ch in "!;,，。！；\n" or (ch == "." and (i + 1 == len(t) or t[i + 1] == " ")):
            start = i + 1  # "qwen2.5" keeps its dot
        elif ch in "?？":
            out.append(t[start:i])
            start = i + 1
    return out


# Words a casual question opens with before its auxiliary ("btw is fp8 supported on the A100?", "hey quick q,
# can a T4 run…", "ok so does the L4 have NVLink"): passed over when reading how the question opens.
_LEAD_INS = (
    "btw", "hey", "hi", "hello", "ok", "okay", "so", "also", "and", "quick", "q", "question", "qq", "um",
    "hmm", "oh", "just", "curious", "wondering", "pls", "please", "sorry", "yo", "guys", "folks", "team",
    "lol",
)  # fmt: skip


def _kept_running_price(t: str, workload: bool) -> bool:
    """The price of a GPU kept running, its condition said with "if" ("what does an A100 cost if we run it
    24/7", "要是一直开着，H100 一个月多少钱"): a price question, not a what-if on a plan."""
    return (
        not workload
        and has_any(t, cues.KEPT_RUNNING)
        and not has_any(t, ASKED_WHATIF)
        and lexicon.asks_price(t)
    )


def _opens_yes_no(clause: str) -> bool:
    """Opens with an auxiliary ("is", "can", "does"), but is no request ("can you size...")."""
    words = clause.split()
    while len(words) > 1 and words[0].strip(",:;-—!.") in _LEAD_INS:
        words = words[1:]
    if not words or words[0].strip("\"'“‘(") not in cues.YES_NO_OPENERS:
        return False
    if len(words) > 1 and words[1] in ("you", "u") and words[0] in cues.REQUEST_OPENERS:
        return len(words) > 2 and words[2].strip(",.?") in cues.JOB_VERBS  # "can you train on a T4?"
    return True


def _kind(t: str, sig: Signals, yes_no: bool) -> str:
    short = len(t) <= SHORT
    filled, gpus = sig.filled, sig.gpus
    workload = any(s in filled for s in WORKLOAD)
    model = "params" in filled or sig.model_named
    if short and has_any(t, RESET):
        return "reset"
    if (
        len(t) <= UNDO_CHARS
        and has_any(t, UNDO)
        and not filled
        and not gpus
        and not cues.PLAN_COMPARED.search(t)
    ):
        return "undo"  # "compare it with the earlier plan", "和上一个方案比呢" ask: they go back to nothing
    if asks_capacity(t):
        return "capacity"
    # an A-not-A question asks ("T4 是16GB显存对不对": 对不对 holds 不对), it corrects nothing; nor does a
    # price converted ("换成台币大概多少")
    said = cues.CONVERTED_TO_CURRENCY.sub(" ", t) if "成" in t or "为" in t else t
    corrects = (
        has_any(A_NOT_A.sub("", said) if "不" in said else said, CORRECTION)
        or t.startswith(CORRECTION_OPENERS)
        or ", not " in t
    )
    # "sorry, 7B and 200B tokens" sets them right; "sorry, what does LoRA mean?" asks
    corrects = corrects or (cues.APOLOGY_OPENER.match(t) is not None and not has_any(t, (*QUESTION, "请问")))
    corrects = corrects and not has_any(t, cues.WORTH_ASKS)  # weighing two options corrects nothing
    corrects = corrects and not cues.ASKS_EFFECT.search(t)  # "what does the LoRA rank change?" asks
    corrects = corrects and not has_any(
        t, cues.NEGATED_TASK
    )  # "不是要训练，只是推理：…" says what it is about
    # "what about on AWS?", "用 Azure 呢", "on GCP instead": the same job on another cloud (a Chinese
    # provider named alone is a question about it: china_providers).
    clouds = (
        bool(sig.providers)
        and not any(p in china_providers() for p in sig.providers)
        and len(t) <= CLOUD_FOLLOW_UP
        and not lexicon.asks_price(t)
    )
    if (filled or gpus or clouds) and corrects and not has_any(t, WHATIF):
        return "correction"
    asks_to_change = has_any(t, cues.ASKS_TO_CHANGE) and not has_any(t, cues.CONDITIONALS)
    if sig.gpus_for_time and yes_no and not workload and not has_any(t, WHATIF):
        # "GPU 数量加倍，训练时间能不能砍半？" asks how training scales (the FAQ, and the plan's figures)
        return "faq"
    if sig.scaled and not workload and (not yes_no or asks_to_change):
        # "预算砍半呢", "what if we double the data?", "时间减半可以吗": the plan held, with that value scaled
        # ("If I double the GPUs, does training take half as long?" asks about scaling in general: the FAQ
        # answers it)
        return "correction" if corrects and not has_any(t, WHATIF) else "whatif"
    end = t.rstrip(" ?？!！。.~")
    another_cloud = clouds and (end.endswith("呢") or t.startswith(("and on ", "and ", "on ")))
    # ("if I rent 32 H100s for 10 days, how many tokens can I pretrain a 13B on?" asks a question of its own)
    tokens_in_time = bool(gpus) and {"days", "params"} <= set(filled) and has_any(t, cues.TOKENS_ASKED)
    # ("why would i need infiniband if we're only 8 gpus in one box" asks the network: no what-if on 8 GPUs)
    if (
        (has_any(t, WHATIF) or another_cloud)
        and (filled or gpus or clouds)
        and not tokens_in_time
        and not _asks_network(t, sig, yes_no)
        and not _kept_running_price(t, workload)
    ):
        return "whatif"
    if (
        (gpus or filled)
        and set(filled) <= set(FOLLOW_UP_CHOICES)
        and _short_follow_up(t, end)
        and not lexicon.asks_price(t)
        and not cues.ASKS_EFFECT.search(t)  # "what does the LoRA rank change?": a question about it
    ):
        # "A100 呢？", "and on L40S?", "那 H100 呢", "and with QLoRA?", "FP8 呢": the last answer, with this
        return "whatif"
    sized = "params" in filled or sig.model_named
    # With data, tokens, a deadline or a budget the job is sized: how many is the plan's count, time and
    # cost ("需要多少張 H100，資料 2億 token，預算 5万美元"), not the memory check.
    job_sized = any(s in filled for s in SIZED_JOB_PLAN)
    if gpus and sized and counts_gpus(t) and not sig.serving and not job_sized:
        return "memory"  # "QLoRA 32B 最少要几张 4090": the fewest that hold it (memory on that GPU)
    if sized and counts_gpus(t) and not sig.serving and not job_sized:
        return "memory"  # "llama 3 405b 全参微调要多少卡": the GPUs that hold it, by tier (no data to plan)
    asked_fields = model_fields(t) if sig.model_card else ()
    # "kv cache for llama 3 70b at 8k context": a context length is no load; the KV cache of one request.
    context_only = set(filled) & set(SERVING_LOAD) <= {"input_tokens", "output_tokens", "context_tokens"}
    card_load = not serving_load(filled) or ("kv_per_token" in asked_fields and context_only)
    if asked_fields and card_load and "method" not in filled:
        return "model_info"  # "How many layers does Llama 3 70B have?", "DeepSeek-V3 激活参数多少"
    if _asks_data_amount(t, sig):
        return "data_amount"  # "How many tokens should I train a 3B model on?": the answer, not the form
    if _asks_transfer_time(t, sig):
        return "transfer_time"  # "how long to upload 2TB to the cloud?": line rates, not the planning form
    if _asks_stored_size(t, sig):
        # "qwen 72b 权重多大", "7B 全参训练一个 checkpoint 多大": the size on disk of that model, computed
        # (stored_size); without a model size, the rule per parameter (the FAQ). Never the planning form.
        return "stored_size" if "params" in sig.filled or sig.model_named else "faq"
    if _asks_data_storage(t, sig):
        return "data_storage"  # "2T token 的预训练数据要多大的存储": raw text and token files, computed
    if _asks_network(t, sig, yes_no):
        return "network"  # "Is 100 Gb Ethernet enough between nodes for 16 A100s?": the network answer
    if _asks_spot(t, sig, yes_no):
        return "spot"  # "用spot跑微调划算吗", "are preemptible instances a good idea for a 3 day finetune"
    if _asks_reserved(t, sig, yes_no):
        return "reserved"  # "包月能省多少", "how much would reserved instances save?", "按周付费行不行"
    if (
        not gpus
        and not workload
        and "method" not in filled
        and not sig.training
        and has_any(t, cues.MOST_VALUE)
    ):
        return "list_gpus"  # "性价比最高的卡是哪张": the catalogue by work per dollar, not the cheapest hour
    if not model and has_any(t, cues.BUY_WORDS) and has_any(t, cues.RENT_WORDS) and not sig.serving:
        return "faq"  # "buy vs rent for 8 h100s running all year": cloud against owned servers, the notes
    if _reports_named_failure(t, sig):
        return (
            "faq"  # "13B 全参 8 张 A100 跑到一半 NCCL timeout": that error's causes and fixes, not the form
        )
    if (
        not workload
        and not gpus
        and not sig.providers
        and context.home_outside_mainland(t)
        and (has_any(t, cues.PROVIDER_WORDS))
    ):
        # "我在台湾，国内哪家云便宜", "we're in Hong Kong, which local cloud?": their own region's clouds (the
        # FAQ on Taiwan and Hong Kong: no local prices in the catalogue), never the mainland's or a price list
        return "faq"
    question = _question_kind(t, sig, yes_no, workload, model, short)
    if question is not None:
        return question
    if model and _asks_which_china_cloud(t, sig):
        return "china_providers"  # "which Chinese cloud should we use to fine-tune Qwen 7B?": not the form
    if (
        gpus
        and set(filled) <= DATASHEET_SLOTS
        and _asks_datasheet(t)
        and not ("precision" in filled and sig.training)
        and not _machine_memory(t)
    ):
        # "H100 显存多大", "GB200 一张卡的 FP8 稠密算力是多少": the card's figures, counted GPUs or not; a
        # precision there names the figure's number type, unless training words make it a job's
        return "gpu_info"
    if not workload:
        if sig.memory_filter and not gpus and has_any(t, GPU_WORDS + ("which", "what", "哪些", "哪", "有")):
            return "list_gpus"  # "which GPUs have 80GB or more?", "显存 48G 的卡有哪些？国内能租到的"
        if sig.region is not None and has_any(t, AVAILABILITY) and ("?" in t or has_any(t, QUESTION)):
            if gpus and (lexicon.asks_price(t) or has_any(t, cues.CHEAPEST) or has_any(t, cues.CHEAPER)):
                return "price"  # "國內有便宜的4090可以租嗎": its prices there (the price answer says if none)
            return "faq"
        if len(gpus) >= 2 and (has_any(t, COMPARE) or has_any(t, cues.GPU_COMPARATIVES) or short):
            return "gpu_compare"
        if _about_china_clouds(t, sig):
            return "china_providers"
        if not gpus and (
            has_any(t, cues.MOST_MEMORY) or has_any(t, cues.MOST_COMPUTE) or has_any(t, cues.MOST_BANDWIDTH)
        ):
            return "list_gpus"  # "显存最大的卡是哪张": the catalogue's extreme on that figure
        if has_any(t, cues.LIST_GPUS) or _lists_gpus(t, sig):
            return "faq" if _gpus_for_a_technique(sig) else "list_gpus"
        outside = has_any(t, cues.OTHER_ACCELERATORS) or has_any(t, cues.CPU_ONLY)
        if not gpus and outside and (yes_no or has_any(t, QUESTION)):
            return "list_gpus"  # "Do you support TPUs?": what the catalogue covers
        if (
            gpus
            and not proposes(t)
            and (has_any(t, GPU_INFO) or has_any(t, SPEC_WORDS) or _asks_datasheet(t) or yes_no)
            and not _machine_memory(t)
        ):
            if not yes_no and not has_any(t, DATASHEET) and _conceptual(t, sig, yes_no):
                return "faq"  # "what MFU should I expect on H100?": no datasheet figure asked
            return "gpu_info"
        so_long = (  # the plan's time or cost: "why does it take so long?", "为什么这么贵"
            not gpus
            and (
                has_any(t, cues.SO_LONG)
                or (
                    has_any(t, cues.SO_EXPENSIVE)
                    and not has_any(t, GPU_WORDS)
                    and not has_any(t, cues.MARKET_COST)
                )
            )
            and (has_any(t, cues.WHY_WORDS) or has_any(t, cues.WHY_SO))
        )
        if (has_any(t, EXPLAIN) or so_long) and not has_any(t, COMPARE):
            # ("explain fsdp vs data parallel" asks to compare two things: the FAQ's, not the plan's math)
            return "explain"
    if not gpus and set(filled) == {"precision"} and has_any(t, cues.WHICH_GPUS):
        return "list_gpus"  # "which cards support fp8", "哪些显卡支持 BF16": the GPUs that compute in it
    asks_about_technique = filled and set(filled) <= set(QUALITATIVE) and has_any(t, DEFINE)
    if asks_about_technique and not starts_sizing(t):
        return "faq"
    if filled and _conceptual(t, sig, yes_no):
        return "faq"  # "is fp8 training production-ready?", "bf16 和 fp16 选哪个", "1GB 文本大概多少 token"
    if filled or starts_sizing(t):
        return "size"
    if has_any(t, RENT_TO_TRAIN) and not has_any(t, cues.WH_WORDS):
        return "size"
    if short and has_any(t, HELP):
        return "help"
    if (short and has_any(t, SKIP)) or (len(t) <= DEFER_MAX and (has_any(t, DEFER) or _unsure(t))):
        return "skip"
    if short and has_any(t, THANKS):
        return "thanks"
    if short and has_any(t, GREETING):
        return "greeting"
    if gpus:
        return "gpu_info"
    if has_any(t, QUESTION) or len(t) > SHORT:
        return "faq"
    return "unknown"


# Slots a question about a card's datasheet may fill: the card, "一张卡", and the number type of the figure.
DATASHEET_SLOTS = frozenset({"gpu", "gpu_count", "precision"})

# Slots a conceptual question may mention without becoming a workload to size: a technique, a GPU,
# and one quantity it asks about ("1GB 文本大概多少 token", "7B 模型该用多少数据预训练"). A GPU count
# describes a cluster, not a job to size ("do I need InfiniBand for 32 H100s?").
# micro_batch: "micro batch 设成 1 还是显存不够" reports a failure at a setting, not a job to plan
CONCEPT_SLOTS = (
    *QUALITATIVE,
    "micro_batch",
    "gpu",
    "gpu_count",
    "params",
    "tokens",
    "data_bytes",
    "model",
    "days",
)
CONCEPT_QUANTITIES = ("params", "tokens", "data_bytes")
# How sure the FAQ must be before a question with slot words leaves the planning form (knowledge.search
# scores 0-1, its own floor for showing a hit is 0.38; the margin is the best score's lead over the
# runner-up). Fitted on every FAQ entry's questions, the labelled paraphrases and the plan, serving and
# feasibility questions in tests/nlu/faq_gate_messages.yaml (report: python -m tests.nlu.faq_gate).
# A match of FAQ_SURE answers; a weaker one down to FAQ_CONFIDENT answers only with a lead of FAQ_MARGIN
# over the runner-up (plan questions that reach the gate, "is 2 A100 enough?", "两张 4090 够不够",
# match several entries about equally). A model size is a workload, so with one the FAQ must be surer
# and point at one entry clearly. tests/nlu/test_question_kinds.py fails when a new entry moves a
# labelled message within FAQ_GATE_SAFETY of these lines.
FAQ_CONFIDENT = 0.52
FAQ_MARGIN = 0.15
FAQ_SURE = 0.62
FAQ_CONFIDENT_WITH_SIZE = 0.75
FAQ_MARGIN_WITH_SIZE = 0.18
FAQ_GATE_SAFETY = 0.005
# Asking what to rent or use: a planning question however well the FAQ matches its words.
HARDWARE_ASKS = (
    *cues.WHICH_GPU, "什么配置", "什么硬件", "哪些硬件", "配置", "硬件", "hardware", "setup", "suggest",
    "建议",
    "推荐", "怎么样", "how about",
)  # fmt: skip


def _conceptual(t: str, sig: Signals, yes_no: bool) -> bool:
    """A question about a concept that happens to name a technique, a GPU or one quantity, which
    the FAQ answers confidently: no workload to plan, and none of the planning form's questions."""
    filled = [f for f in sig.filled if f != "ask"]
    if _asks_training_layout(t, sig, filled, yes_no):
        return True  # "data parallel vs model parallel for a 13b?": which layout, the size only its example
    if not set(filled) <= set(CONCEPT_SLOTS) or sum(f in CONCEPT_QUANTITIES for f in filled) > 1:
        return False
    # "turn on zero3 with HF trainer": setting the stack up is a question without a question mark
    setup = "stack" in filled and has_any(t, cues.STACK_SETUP)
    question = yes_no or _worded_as_question(t) or has_any(t, cues.SYMPTOMS) or setup
    if not question or starts_sizing(t) or has_any(t, cues.PLAN_ASKS) or asks_capacity(t):
        return False
    if (has_any(t, HARDWARE_ASKS) and not setup) or sig.faq_score is None:
        return False  # what to rent or use is a plan, however well the FAQ matches the words
    if "gpu" in filled and counts_gpus(t):
        return False  # "how many H100s would we need?", "要几张 H100": that GPU's count is a plan
    if "params" in filled and has_any(t, cues.HELD_HARDWARE):
        return False  # "can we full fine-tune a 13B model on them?": that job on the GPUs held
    if asks_if_hardware_suffices(t, sig):
        return (
            False  # "單卡 4090 夠嗎", "does it fit on one H100 with FP8?": the job at hand on that hardware
        )
    score, margin = sig.faq_score()
    if has_any(t, cues.SYMPTOMS) and "params" not in filled and score >= FAQ_CONFIDENT:
        # "我的 loss 到第二个 epoch 突然变 nan，用的 fp16": a failure reported with no job to size; the
        # entries it matches (the NaN entry, the FP16 pitfall beside it) are all about it: no lead needed
        return True
    return faq_gate_slack(score, margin, sized="params" in filled) >= 0


# What a layout question may name beside the layouts: the model, its size, the method and precision; a GPU
# count, the data, a deadline or a budget make it a job to plan ("train a 70b with fsdp + tp on 16 H100s").
_LAYOUT_QUESTION_SLOTS = frozenset(("params", "stack", "serve_layout", "method", "precision", "model", "gpu"))


def _asks_training_layout(t: str, sig: Signals, filled: list[str], yes_no: bool) -> bool:
    """Two ways of laying training out across GPUs named and asked about, with no job to plan beside them
    (no count, data, deadline or budget): faq.training_parallelism, not the planning form."""
    if not any(mark in t for mark in cues.PARALLEL_MARKS) or not set(filled) <= _LAYOUT_QUESTION_SLOTS:
        return False
    if sum(1 for term in cues.PARALLEL_LAYOUTS if term in t) < 2 or sig.faq_top is None:
        return False
    if not (yes_no or _worded_as_question(t) or " or " in t or " vs" in t or "还是" in t):
        return False
    return sig.faq_top() == "faq.training_parallelism"


def asks_if_hardware_suffices(t: str, sig: Signals) -> bool:
    """A GPU counted ("單卡 4090", "2 張 A100 80G", "on one H100") and asked whether it is enough, holds or
    runs the job ("夠嗎", "够不够", "能跑吗", "fit", "enough"): whatever the FAQ matches in its words
    (consumer cards, H100 or A100, FP8), it asks about that hardware for the job, which the plan answers
    (or, with no job yet, the planning form asks for)."""
    return bool(sig.gpus) and "gpu_count" in sig.filled and has_any(t, cues.FITS)


def faq_gate_slack(score: float, margin: float, *, sized: bool) -> float:
    """How far the FAQ's (score, margin) for a conceptual question is inside the gate (>= 0: the FAQ
    answers) or outside it (< 0: the planning form does), on the route nearest to the line."""
    if sized:
        return min(score - FAQ_CONFIDENT_WITH_SIZE, margin - FAQ_MARGIN_WITH_SIZE)
    return max(min(score - FAQ_CONFIDENT, margin - FAQ_MARGIN), score - FAQ_SURE)


# English single units a price is asked per ("an hour", "a month"); "in a month" is a deadline instead.
_ONE_UNIT_EN = tuple(p for p, _ in lexicon.ONE_UNIT_PERIODS if p.startswith("a"))
_DEADLINE_BEFORE = ("in", "within", "over", "under", "inside", "by")


def _asks_per_one_unit(t: str) -> bool:
    """A question of one GPU per single period, nothing else said ("what's an H100 a month?", "an A100
    for a week, roughly?"): its rent for that period, not a 30-day deadline. "in a month" stays a deadline."""
    if not _worded_as_question(t) or not has_any(t, _ONE_UNIT_EN):
        return False
    for phrase in _ONE_UNIT_EN:
        at = lexicon.find_phrase(t, phrase)
        if at != -1:
            before = t[:at].split()
            return not before or before[-1] not in _DEADLINE_BEFORE
    return False


def _worded_as_question(t: str) -> bool:
    """A question mark, a question word or particle ("吗", "how"), or a wh-word."""
    return "?" in t or "？" in t or has_any(t, QUESTION) or has_any(t, cues.WH_WORDS)


def worded_as_question(t: str) -> bool:
    """`_worded_as_question` for callers outside the intent reader (t: normalised, lower-cased)."""
    return _worded_as_question(t)


def model_fields(t: str) -> tuple[str, ...]:
    """The model-card fields a text asks about ("layers", "active_params", "kv_per_token"), if any."""
    if not _worded_as_question(t):
        if not has_any(t, cues.MODEL_FIELD_ALWAYS):
            return ()
    # "expert parallel" / "专家并行" names a serving layout, not the experts a model card lists.
    for layout_words in serving.EXPERT_PARALLEL:
        t = t.replace(layout_words, " ")
    return tuple(name for name, words in cues.MODEL_FIELDS if has_any(t, words))


def _question_kind(
    t: str, sig: Signals, yes_no: bool, workload: bool, model: bool, short: bool
) -> str | None:
    """The direct questions (interfaces.md): figure_check, provider_compare, price, serve,
    cheapest_gpu, memory, feasibility. None: not one of these."""
    filled, gpus = sig.filled, sig.gpus
    asks_price = lexicon.asks_price(t)
    price = asks_price or has_any(t, cues.CHEAPEST)
    sized = model or "tokens" in filled or "data_bytes" in filled
    # "A10G 和 L4 推理哪个便宜", "which costs less per token to serve, L4 or A10G?": which of the GPUs named
    # to serve on is a comparison, whatever it is weighed by
    comparing_gpus = len(set(gpus)) >= 2 and (
        has_any(t, cues.GPU_COMPARATIVES) or (sig.serving and has_any(t, WHICH_ONE))
    )
    pooled = has_any(t, cues.POOL_ASKS)  # "两张就是 48GB，能当一张卡用吗": the pooling, not the 24 GB
    if (
        sig.figure
        and not sized
        and not price
        and not comparing_gpus
        and not pooled
        # "A100 是 40G 还是 80G 的": an either/or is a question without a question mark
        and (yes_no or "?" in t or "？" in t or has_any(t, cues.ALTERNATIVE))
    ):
        return "figure_check"
    if gpus and set(filled) <= {"gpu", "gpu_count"} and has_any(t, cues.POWER_ASKS) and not asks_price:
        return "power"  # "一台8卡H100服务器功耗多少", "H100 和 H200 功耗差多少": TDP × count plus the host
    if gpus and set(filled) <= {"gpu", "gpu_count"} and has_any(t, cues.POOL_ASKS):
        return "faq"  # "既然 4090 有 NVLink，两张能合成 48G 用吗": no single pooled memory; the FAQ says why
    job = model or "method" in filled or sig.serving
    rental = not sized and not job and not sig.training and bool(gpus)  # GPUs to rent, no job named
    said_alone = (
        set(filled) <= {"gpu", "gpu_count"} and len(set(gpus)) == 1
    )  # not "A costs $0.80 more than B"
    if rental and sig.quoted_rate and (yes_no or "?" in t or "？" in t or said_alone):
        # "Lambda rents H100s at $1 an hour, correct?", "we pay $2.1/hr per H100", "我们租的 A100 每卡每天 180
        # 元": that price checked against the listings
        return "price"
    if not sized and not job and not gpus and sig.quoted_rate and not filled:
        return "price"  # "每卡每天 20 块" alone: a rate with no GPU, answered with the GPUs' prices
    if rental and set(filled) <= set(RENTAL) and has_any(t, cues.WORTH_ASKS) and has_any(t, _BILLING_TERMS):
        return "price"  # "按周租 A800 划不划算", "A800 包月划算吗": that term's rent, then how to pick a term
    if not sized and not job and not gpus and _asks_price_coverage(t, sig):
        return "price_coverage"  # "what providers do you have prices for?", "支持哪些平台"
    if not sized and not job and _cheapest_offering(t, sig):
        return "cheapest_offering"  # "cheapest place to rent an H200", "cheapest cloud GPU with 48GB"
    if len(set(gpus)) >= 2 and not sized and asks_price and not comparing_gpus:
        return "price"  # "price difference between A100 40GB and 80GB on Lambda"
    # Two GPUs or more, weighed (the words below are read only then):
    if len(set(gpus)) >= 2 and (
        comparing_gpus
        # "is the A10G the same as the A10?"; "Lambda 的 H100 和 GCP 的 A100 哪个便宜": two GPUs, each at
        # its provider, weighed against each other
        or has_any(t, cues.SAME_ASKS)
        or has_any(t, cues.CUT_DOWN)  # "is the H800 a nerfed H100?"
        or has_any(t, cues.SAME_SPEED)
        or has_any(t, cues.SAME_MEMORY)
        or (len(set(sig.providers)) >= 2 and has_any(t, cues.CHEAPER))
        # "H100 SXM 跟 PCIe 版哪个划算", "should I upgrade to the SXM?": two GPUs weighed by value for money
        or has_any(t, cues.VALUE_ASKS)
        or has_any(t, cues.WORTH_ASKS)
        or has_any(t, cues.UPGRADE_ASKS)
        # "H20 和 H800 哪个显存大", "which has more VRAM, A40 or L40S?": which of the GPUs by a figure
        or (has_any(t, WHICH_ONE) and has_any(t, SPEC_WORDS))
        or has_any(t, COMPARE)
        or has_any(t, cues.ALTERNATIVE)
    ):
        return "gpu_compare"  # with a workload too: "Is H200 better than H100 for a 70B model?", "A or B"
    if not sized and _compares_providers(t, sig, short):
        return "provider_compare"
    if gpus and not sized and not job and asks_price and _asks_two_things(t):
        if has_any(t, SPEC_WORDS) or sig.figure or asks_memory_size(t):
            # "H200 一小时多少钱？功耗多少？", "price and VRAM of an H100?", "H100 的显存和价格": the
            # datasheet card answers both (its figures and the cheapest listing)
            return "gpu_info"
    if not sized and not sig.serving and asks_price and (gpus or has_any(t, GPU_WORDS)):
        return "price"
    if gpus and sig.price_period and not job and set(filled) <= _DATA_BESIDE_A_PRICE and asks_price:
        # "how much is an H100 per hour? we have 500GB of data": the unit price asked first; the data
        # stays for the plan the answer offers (no model size yet, so there is nothing to plan)
        return "price"
    offers = rental and set(filled) <= set(RENTAL) and not has_any(t, PROVIDER_SPEC_WORDS)
    if offers and sig.providers and has_any(t, cues.OFFERS):
        return "price"  # "does Lambda have H100s?", "can I rent a B200 on GCP?": its listing or none
    which_provider = has_any(t, cues.OFFERS) or has_any(t, cues.PRICE_COVERAGE)
    if offers and has_any(t, cues.PROVIDER_WORDS) and which_provider and not has_any(t, cues.NOT_COVERAGE):
        return "price"  # "which cloud providers offer H200?", "哪些平台支持 H100": every listing of it
    if rental and "budget" in filled and (yes_no or has_any(t, QUESTION)):
        return "price"  # "can I get 8 H100 for a week under $5k?": renting them against the budget
    if rental and "gpu_count" in filled and set(filled) <= set(RENTAL):
        period = has_any(t, tuple(p for p, _ in lexicon.PRICE_PERIODS))
        asks = _worded_as_question(t)
        if period or ("days" in filled and asks):
            return "price"  # "4 H100s per month", "4 RTX 3090s for a month?": what renting them costs
    if rental and set(filled) <= set(RENTAL) and (sig.providers or short):
        if has_any(t, PER_PERIOD):
            return "price"  # "H100 SXM per hour on aws", "B200 /hr": a GPU and a price period, nothing else
    if rental and set(filled) <= {"gpu", "gpu_count", "days"} and _asks_per_one_unit(t):
        return "price"  # "what's an H100 a month?", "an A100 for a week?": a GPU and one period, no job
    method = "method" in filled
    if sig.serving and serving.names_encoder_model(t) and not model:
        return "faq"  # "how many GPUs to serve bge-m3?": an encoder, which the LLM serving plan does not size
    if (
        serving.asks_operations(t)
        and not sig.training
        and not serving_load(filled)
        and not has_any(t, HOW_MANY_GPUS)
    ):
        return "faq"  # "how do I autoscale vLLM replicas?", "冷启动要多久": how to run it, not a default plan
    if serving.asks_engine_howto(t) and not serving_load(filled) and not has_any(t, HOW_MANY_GPUS):
        return "faq"  # "how do I install vllm?", "vllm 怎么开 fp8 kv cache": the engine's how-to, not a plan
    if (
        serving.asks_quantization_tradeoff(t)
        and not sig.training
        and not serving_load(filled)
        and not has_any(t, HOW_MANY_GPUS)
        and "gpu" not in filled
    ):
        return "faq"  # "does GPTQ int4 hurt quality vs FP8?": the trade-off, not a plan for a default load
    # "what is vLLM?" defines; "what's the latency on an L4?" asks a serving speed on that GPU
    speed_on_gpu = bool(gpus) and serving.asks_serving_speed(t)
    if sig.serving and not (
        has_any(t, DEFINE) and not model and not serving_load(filled) and not speed_on_gpu
    ):
        # "自建和 API（每百万 token 2 元）比哪个省钱": the quote weighed (answers/serve.py), not the cheapest
        if (has_any(t, cues.CHEAPEST) or has_any(t, cues.ON_A_BUDGET)) and not sig.token_price:
            return "cheapest_gpu"
        if has_any(t, cues.MEMORY_ASK) and not serving_load(filled):
            return "memory"
        if serving.holds_weights(t) and not gpus and not serving_load(filled):
            return "memory"  # "will an 8B's weights fit in 16 GiB?": the memory, not a serving plan
        if _feasibility(t, sig, yes_no, model or method):
            return "feasibility"
        asks = has_any(t, QUESTION) or has_any(t, cues.WH_WORDS)
        # an engine stated ("we serve with vLLM", "用 sglang 部署") says how, not yet what: still a request
        if (
            model
            or serving_load(filled)
            or serving.says_batch_job(
                t
            )  # "离线推理", "offline inference": a job to size, whatever else is said
            or sig.engine
            or starts_sizing(t)
            or has_any(t, SERVING_START)
            or asks
        ):
            return "serve"
    if has_any(t, cues.CHEAPEST) and (model or method or gpus or has_any(t, GPU_WORDS)):
        return "cheapest_gpu"
    if _job_per_hour_on(t, sig, gpus, asks_price, model or method):
        return (
            "cheapest_gpu"  # "用 A800 跑 32B 的 LoRA，一小时多少钱": as few of it as hold the job, per hour
        )
    if has_any(t, cues.ON_A_BUDGET) and (model or method) and (has_any(t, cues.WHICH_GPU) or yes_no):
        # "预算有限，想QLoRA微调14B，推荐什么卡"; "is this doable on a budget: finetune a 70b": the cheapest
        # GPUs that do it (and the cheaper method), not the planning form
        return "cheapest_gpu"
    if has_any(t, cues.MEMORY_ASK) and (model or method):
        return "memory"
    if sig.memory_filter and not gpus and (model or method or "params" in filled):
        return "memory"  # "is 24GB enough to fine-tune Mistral 7B?": the memory the job needs, by tier
    # "想微调 7B，用什么方法比较好": the method asked for, none named; "better" is how it is asked, not a
    # weighing of two named methods by something other than memory
    choosing = has_any(t, cues.METHOD_ASKS) and not sig.methods_weighed and not lexicon.asks_cost(t)
    weighed = sig.methods_weighed and not (
        lexicon.asks_cost(t) or has_any(t, _WEIGHED_BEYOND_MEMORY) or has_any(t, SPEED_ASKS)
    )
    if (choosing or weighed) and model and not gpus and not any(k in filled for k in _JOB_AMOUNTS):
        # "lora or qlora for a 13b?", "difference between lora and qlora for a 13b", "想微调 7B，用什么方法
        # 比较好": with no data or deadline to plan them, what sets them apart for that model is the memory
        # each needs (and, asked which to take, how to choose)
        return "memory"
    if _feasibility(t, sig, yes_no, model or method):
        return "feasibility"
    return None


PROPOSING_INTENTS = ("gpu_info", "faq", "whatif", "size")


def proposes_gpu(t: str, intent: str, yes_no: bool, filled: tuple[str, ...], gpus: tuple[str, ...]) -> bool:
    """A yes/no question that names a GPU (and maybe a count) and nothing else, as hardware for the job
    at hand: "用 4090 可以吗", "can we use A100s?", "would an H100 be faster?" (the consultant reads it
    as a what-if when a plan is under discussion, else as a question about the GPU)."""
    # "用 4 张 4090 可以吗" reads as the consumer-GPU FAQ and "what about 8 A100s, would that work?" as a
    # what-if (its "what" is no wh-question), "用 2 张 H100 够吗" as a request on that hardware: all three
    # still propose hardware for the job.
    # "8 张卡够吗", "are 8 GPUs enough?": a count alone proposes the plan's GPU at that count (the
    # consultant reads it so only after a plan).
    if intent not in PROPOSING_INTENTS or not (gpus or "gpu_count" in filled):
        return False
    if not set(filled) <= {"gpu", "gpu_count"}:
        return False
    asks = yes_no or any(_opens_yes_no(clause.strip()) for clause in _questions(t))
    return asks and has_any(compact(t), cues.PROPOSES)


# Asking how many of a named GPU a job takes ("最少要几张 4090", "how many A100s do I need to …").
HOW_MANY_GPUS = (
    "几张",
    "几块",
    "几卡",
    "多少张",
    "多少块",
    "多少卡",
    "多少个gpu",
    "几个gpu",
    "多少gpu",
    "几块卡",
)
# ... but not GPU-hours ("how many h100 hours to pretrain 7B on 2T tokens": the plan's GPU-hours).
_HOW_MANY_GPUS_EN = re.compile(
    r"\bhow many (?:[a-z]+ )?(?:gpus?|cards?|[a-z]*\d{2,4}[a-z]*)\b(?![- ]?(?:gpu[- ]?)?(?:hours?|hrs?|h)\b)"
    # "is the B200 180GB? also, how many would I need to…": the GPU just named, counted
    r"|\bhow many (?:of (?:them|those|these) )?(?:would|do|will|should|shall|must) (?:i|we|you|one) need\b"
    r"|\bhow many of (?:them|those|these)\b"
    # "can 8x H100 fully fine-tune DeepSeek-V3? if not, what's the minimum?": the fewest that hold it
    r"|\bwhat'?s the (?:minimum|fewest)(?: number| count)?(?: of (?:gpus|cards))?"
    r"(?: needed| required)?\s*\??\s*$"
)


def counts_gpus(t: str) -> bool:
    """Whether a (simplified, lower-cased) message asks how many GPUs: "几张 A100", "how many H100s" (not
    how many GPU-hours: "需要多少 GPU 小时", "要多少卡时")."""
    t = lexicon.GPU_HOURS.sub(" ", t)
    return has_any(t, HOW_MANY_GPUS) or _HOW_MANY_GPUS_EN.search(t) is not None


# How a short follow-up that only names another GPU opens ("and on L40S?", "那 A100 呢").
# What a short follow-up may swap in the last answer: the hardware, the method or the precision.
FOLLOW_UP_CHOICES = ("gpu", "gpu_count", "method", "precision")
_FOLLOW_UP_OPENERS = (
    "and on ", "and with ", "and the ", "and for ", "and ", "on ", "with ", "using ", "in ", "那", "换",
)  # fmt: skip


def prices_the_job(t: str, filled: tuple[str, ...]) -> bool:
    """ "70B 全参微调要几张 H100，多少钱": a bare "how much" clause beside a sized job asks what the job
    costs, not a GPU's price (which names the GPU or a period: "L4 一小时多少钱，能跑 7B 的 LoRA 吗")."""
    if "params" not in filled:
        return False
    periods = tuple(p for p, _ in lexicon.PRICE_PERIODS)
    priced = [c for c in _clauses(t) if lexicon.asks_price(c)]
    return bool(priced) and not any(
        find_gpus(c) or has_any(c, periods) or has_any(c, PER_PERIOD) for c in priced
    )


def asks_which_gpu(t: str) -> bool:
    """ "what gpu should i pick to finetune mistral 7b", "微调 7B 用什么卡": which GPU a job should run on
    (lower-cased, simplified text)."""
    return has_cue(t, cues.BEST_GPU) or cues.GPU_TO_TAKE.search(t) is not None


def several_questions(t: str) -> bool:
    """Two questions or more in one message: "is the L4 24GB? and what does it cost?", "多少钱，功耗多少",
    "what's its bandwidth, how much does it cost per hour, and does it support FP8?"."""
    if t.count("?") + t.count("？") >= 2 or t.count("多少") >= 2:
        return True
    # "…要多久？顺便问下 H100 多少钱一小时", "how long? also, what is it per hour": a question after the first
    first = min((i for i in (t.find("?"), t.find("？")) if i != -1), default=-1)
    if first != -1 and _ASKS_AGAIN.search(t[first + 1 :]):
        return True
    clauses = _CLAUSES.split(t)
    if sum(1 for clause in clauses if _QUESTION_OPENER.match(clause.strip())) >= 2:
        return True
    # "L4 一小时多少钱，能跑 7B 的 LoRA 吗": two Chinese clauses, each with its own question word
    return sum(1 for clause in clauses if _ZH_ASKS.search(clause)) >= 2


# A question asked after a first one has closed with its question mark.
_ASKS_AGAIN = re.compile(r"多少|几|幾|吗|嗎|怎么|怎麼|哪|\b(?:what|how|which|does|do|is|are|can)\b")
# Clauses of a message, and the words an English question opens with: a list of questions in one sentence.
# A lead-in closed by a colon or a dash ("two qs: how much…", "quick q - does…") is a clause of its own.
# Written as one class of every first character, then what follows each (the same matches as
# `[,，;；?？:：]|\s[-–—]\s|\band\b`): a pattern that opens with a class is scanned for in C.
_CLAUSES = re.compile(r"[,，;；?？:：\sa](?:(?<=[,，;；?？:：])|(?<=\s)[-–—]\s|(?<=\ba)nd\b)")
# The words that make a Chinese clause a question of its own.
_ZH_ASKS = re.compile(
    r"多少|几|幾|吗|嗎|嘛|哪|怎么|怎麼|什么|什麼|是否|能否|能不能|可不可以|够不够|夠不夠|行不行"
)
_QUESTION_OPENER = re.compile(r"(?:what|what's|whats|which|how|does|do|is|are|can|will|would|could|should)\b")


def _short_follow_up(t: str, end: str) -> bool:
    """ "A100 呢？", "and on L40S?": short, and not the last of several questions ("H100 显存多少？带宽呢？"
    asks both of the GPU it names, not of the last answer's)."""
    asked_before = any(mark in end for mark in "?？")
    return (
        len(t) <= CLOUD_FOLLOW_UP
        and not asked_before
        and (end.endswith("呢") or _ACKNOWLEDGED.sub("", t).startswith(_FOLLOW_UP_OPENERS) or counts_them(t))
    )


# An acknowledgement before a follow-up: "ok and in FP8?", "okay, and on A100?", "cool, with QLoRA?".
_ACKNOWLEDGED = re.compile(r"^(?:ok|okay|alright|right|cool|great|thanks|got it|i see)\b[,.!]? *")


# What makes a data question part of a plan: the data itself, a deadline, a budget or hardware.
DATA_PLAN_SLOTS = ("tokens", "data_bytes", "days", "budget", "gpu_count", "samples")


def _asks_data_amount(t: str, sig: Signals) -> bool:
    """ "How many tokens should I train a 3B model on?", "3B 模型要多少数据", "7B 預訓練需要多少 token": the
    data a model of a stated size needs, with nothing else to plan around (which is exactly what the
    planning form would ask back). Not what a named run used, not a plan ("…and how many GPUs?")."""
    if not has_any(t, cues.DATA_ASK) or has_any(t, cues.DATA_USED) or has_any(t, cues.PLAN_ASKS):
        return False
    sized = "params" in sig.filled or sig.model_named
    planned = any(s in sig.filled for s in DATA_PLAN_SLOTS) or bool(sig.gpus)
    return sized and not planned and not sig.serving


# A size asked in GPU memory is the memory a job needs, not a file on disk ("70B 权重要多大显存").
GPU_MEMORY_WORDS = ("显存", "vram", "gpu memory", "记忆体", "hbm", "gpu mem")


def _asks_stored_size(t: str, sig: Signals) -> bool:
    """How big a checkpoint or the weights are on disk, of a model at most sized: no data, deadline or
    budget to plan with (then the size of the files is a side question of a plan)."""
    # "70B in fp16 needs like 140GB just for weights right?": a size of the files to confirm asks it too
    confirm = has_any(t, cues.YES_NO_TAGS) and _QUOTED_SIZE.search(t) is not None
    if not has_any(t, cues.STORED_FILES) or not (has_any(t, cues.SIZE_ASK) or confirm):
        return False
    if has_any(t, GPU_MEMORY_WORDS):
        return False
    # "每半小时存一次，存一周要多少空间": the span the checkpoints are kept over, not a deadline
    span = has_any(t, cues.EVERY_WORDS)
    return not any(s in sig.filled for s in DATA_PLAN_SLOTS if not (s == "days" and span)) and not sig.serving


# A byte size written in the message ("140GB", "140 G").
_QUOTED_SIZE = re.compile(r"\d\s*(?:gb|g|tb|gib)(?![a-z])")


def _asks_data_storage(t: str, sig: Signals) -> bool:
    """How much disk a dataset said in tokens takes ("預訓練資料 2T token，大概要準備多大的儲存空間？"), with
    no model to plan (then the plan's storage line answers it) and no checkpoint or weights asked
    (stored_size)."""
    # "how many TB for 3 trillion tokens": a storage unit asked is storage
    storage = has_any(t, cues.STORAGE_WORDS) or has_any(
        t, ("how many tb", "how many terabytes", "几tb", "多少tb")
    )
    if not storage or has_any(t, cues.STORED_FILES):
        return False
    # "硬碟要準備多少": "how much" beside a storage word asks its size
    if not has_any(t, cues.SIZE_ASK) and not has_any(t, ("多少", "how much")):
        return False
    return "tokens" in sig.filled and "params" not in sig.filled and not sig.model_named and not sig.serving


def _asks_transfer_time(t: str, sig: Signals) -> bool:
    """How long moving a dataset (or a named model's weights) takes, with no job to plan."""
    if not has_any(t, cues.TRANSFER_WORDS) or not has_any(t, lexicon.ASKS_TIME):
        return False
    data = "data_bytes" in sig.filled
    planned = any(s in sig.filled for s in ("tokens", "days", "budget", "method", "gpu_count", "samples"))
    # "upload 2TB and pretrain a 7B, how long?" is a plan; a named model alone is its weights to move
    job = data and "params" in sig.filled
    return (data or sig.model_named) and not planned and not job and not sig.serving


# Two things asked in one question ("price and VRAM", "显存和价格", "价格、功耗", "cost plus memory").
_BOTH_ASKED = (*BOTH, "以及", "还有", "plus", "、", "&")
_CLAUSE_COMMA = re.compile(r"[，,]")


def _asks_two_things(t: str) -> bool:
    """Two things asked in one question: "price and VRAM of an H100?", "显存和价格", or two clauses that
    each ask ("H200 多少钱，显存多大？"); not a figure stated beside the question ("4090 显存 24G，租一天多
    少钱")."""
    if several_questions(t) or has_any(t, _BOTH_ASKED):
        return True
    clauses = _CLAUSE_COMMA.split(t)
    if len(clauses) >= 2 and sum(has_any(c, cues.WH_WORDS) for c in clauses) >= 2:
        return True
    # Two Chinese question words with no comma between them ("H100 显存多大 价格多少"): chat messages often
    # leave it out; a datasheet word closed by 呢 is a question of its own ("A100 多少钱一小时 显存呢").
    return len(_CJK_WH.findall(t)) + len(_FIELD_NE.findall(t)) >= 2


_CJK_WH = re.compile("|".join(sorted((w for w in cues.WH_WORDS if not w.isascii()), key=len, reverse=True)))
# "显存呢", "价格呢", "功耗呢": one more thing of the card asked with 呢 alone ("多少钱呢" is one question).
_FIELD_NE = re.compile(
    "(?:"
    + "|".join(
        sorted(
            (w for w in (*SPEC_WORDS, "价格", "价钱", "租金", "单价") if not w.isascii()),
            key=len,
            reverse=True,
        )
    )
    + r")\s*呢"
)


def _machine_memory(t: str) -> bool:
    """The RAM of a machine around the GPUs ("8 張 H100 的伺服器要配多少記憶體"), not the card's memory:
    Taiwan's 记忆体 (and 内存) said with a machine word is no datasheet figure of the GPU."""
    return ("记忆体" in t or "内存" in t) and has_any(t, lexicon.MACHINE_CUES)


def _asks_datasheet(t: str) -> bool:
    """A figure of the card asked with a question word ("功耗多少", "what's the NVLink bandwidth", "how many
    GB is the H200", "H100 几个G")."""
    asks = has_any(t, cues.WH_WORDS) or "?" in t or "？" in t
    figure = has_any(t, SPEC_WORDS) or asks_memory_size(t)
    return asks and figure and not lexicon.asks_price(t) and not has_any(t, cues.FITS)


# The memory's size asked by its unit alone, with no number ("how many GB is the H200", "how many gigs does
# the 4090 have", "H100 多少G", "几个G"): the card's memory, never a dataset size.
_MEMORY_SIZE_ASKED = re.compile(
    r"(?:\bhow many (?:gb|gigs?|gigabytes?|gib)\b|(?:多少|几)\s*(?:个\s*)?(?:gb|gib|g)(?![a-z]))"
    r"(?!\s*(?:of |worth of )?(?:data|text|tokens|training|数据|的数据|语料|文本))"
)


def asks_memory_size(t: str) -> bool:
    return _MEMORY_SIZE_ASKED.search(t) is not None


# What makes "how many GPUs" a plan rather than the GPUs that hold the model: data, a deadline, a budget.
SIZED_JOB_PLAN = ("days", "tokens", "data_bytes", "budget", "samples")


# With these a network question is part of a plan (the plan's network line answers it); a model and a
# method alone are no plan: "4 台 8 卡 H800 一起训 70B，机器之间网络至少要多少带宽" asks the network.
NETWORK_PLAN_SLOTS = ("tokens", "data_bytes", "days", "budget", "samples")


def _asks_network(t: str, sig: Signals, yes_no: bool) -> bool:
    """A question about the network between nodes of a cluster (a GPU, a count, a model at most): which
    fabric, whether Ethernet is enough. Not a job to plan, a price or a serving question."""
    if any(s in sig.filled for s in NETWORK_PLAN_SLOTS):
        return False
    if not has_any(t, cues.NETWORK_ASKS) and not asks_scale_up(t):
        return False
    if has_any(t, cues.LAUNCH_ASKS):
        return False  # "torchrun 跨節點怎麼設定": starting the job on the nodes, the launch FAQ's to answer
    if sig.serving or lexicon.asks_price(t):
        return False
    if has_any(t, cues.NAMED_ERRORS) or has_any(t, cues.RUN_FAILED):
        return False  # "多機訓練網路要怎麼設定，NCCL 一直 timeout": a failure to debug, the FAQ's to answer
    asks = yes_no or _worded_as_question(t)
    return asks or _opens_yes_no(t)  # "do 2 nodes of 8xh100 need infiniband or is RoCE fine"


def asks_scale_up(t: str) -> bool:
    """Whether a job needs NVLink (or whether PCIe is enough) between the GPUs of a box: the link
    named with a need asked ("do we need nvlink for …", "is PCIe enough", "需要 NVLink 吗"); not the
    PCIe of a card's name ("is 8x H100 PCIe enough for 70B" asks of those cards)."""
    link = has_any(t, cues.SCALE_UP_ASKS) and has_any(t, cues.NEED_ASKS)
    if not link and not has_any(t, cues.PCIE_ENOUGH):
        return False
    for g in reversed(find_gpus(t)):
        t = t[: g.start] + " " + t[g.end :]
    return (has_any(t, cues.SCALE_UP_ASKS) and has_any(t, cues.NEED_ASKS)) or has_any(t, cues.PCIE_ENOUGH)


# What a spot question may say of the run: the model, the method, how long; data or a budget is a plan.
SPOT_PLAN_SLOTS = ("tokens", "data_bytes", "budget", "samples")


def _asks_spot(t: str, sig: Signals, yes_no: bool) -> bool:
    """Whether spot/preemptible capacity is worth it or safe for a run ("is spot worth it for a 2 week
    pretraining run", "竞价实例跑训练靠谱吗"): the spot answer, not a plan nor a price list."""
    if not lexicon.SPOT_WORDS.search(t) or any(s in sig.filled for s in SPOT_PLAN_SLOTS):
        return False
    if sig.serving or has_any(t, cues.CHEAPEST) or has_any(t, cues.CHEAPEST_PLACE):
        return False
    if has_any(t, cues.SAVING_ASKS) and not sig.gpus:
        return True  # "how much would spot save?": what spot saves (on the plan held), not a price list
    if sig.gpus and has_any(t, cues.AGAINST_ON_DEMAND):
        return False  # "H100 有抢占式实例吗？比按需便宜多少": its spot listings (_cheapest_offering)
    if lexicon.asks_price(t):
        return False
    asks = yes_no or _worded_as_question(t)
    return asks or has_any(t, cues.WORTH_ASKS) or _opens_yes_no(t)


def asks_spot_beside_job(t: str, yes_no: bool) -> bool:
    """A spot question put beside a job to size ("8B LoRA，1 万条，spot 一天被抢占了三十次，要不要换按需"):
    asked as a question or weighed, with no price asked (a price list answers that)."""
    if not lexicon.SPOT_WORDS.search(t) or lexicon.asks_price(t) or has_any(t, cues.CHEAPEST):
        return False
    return (
        yes_no or _worded_as_question(t) or has_any(t, cues.WORTH_ASKS) or has_any(t, cues.AGAINST_ON_DEMAND)
    )


def _asks_reserved(t: str, sig: Signals, yes_no: bool = False) -> bool:
    """What reserved, monthly or weekly capacity would save ("包月能省多少", "how much would reserved
    instances save?", "按周付费行不行", "包月跟按量哪个划算"): the reserved answer (on the plan held), not
    the billing FAQ nor a price list."""
    term = lexicon.RESERVED_WORDS.search(t) is not None or has_any(t, lexicon.WEEKLY_TERM)
    if not term or lexicon.SPOT_WORDS.search(t) or sig.gpus or sig.serving:
        return False
    if any(s in sig.filled for s in SPOT_PLAN_SLOTS):
        return False
    end = t.rstrip(" ?？!！。.~")
    # "and a monthly reservation?", "那包年呢" right after what spot would save: the same question of it;
    # "用包月的話多少錢": what the plan costs reserved, which the same answer sets against on demand
    if has_any(t, cues.SAVING_ASKS) or _short_follow_up(t, end) or lexicon.asks_price(t):
        return True
    # "按周付费行不行", "按周租划算吗": whether a weekly term pays, on the plan held ("按量付费和包月哪个划算"
    # stays the billing FAQ's question)
    weighed = yes_no or has_any(t, cues.WORTH_ASKS) or has_any(t, cues.WHICH_PAYS)
    return weighed and has_any(t, lexicon.WEEKLY_TERM)


def _gpus_for_a_technique(sig: Signals) -> bool:
    """ "FlashAttention 支持哪些显卡", "which GPUs support FP8 training?": the GPUs a technique runs on,
    which its FAQ entry answers clearly (as sure as a sized question must be), not the catalogue. A
    pitfall is a warning, never the list of GPUs a technique runs on ("有哪些GPU" shares 有哪些 with one)."""
    if sig.faq_score is None or sig.faq_top is None or sig.gpus or sig.memory_filter:
        return False
    if "precision" in sig.filled:
        return False  # "which GPUs can do FP8?": the catalogue lists the GPUs with that precision
    score, margin = sig.faq_score()
    if score < FAQ_CONFIDENT_WITH_SIZE or margin < FAQ_MARGIN_WITH_SIZE:
        return False
    return (sig.faq_top() or "").startswith("faq.")


def _cheapest_offering(t: str, sig: Signals) -> bool:
    """The cheapest place to rent a GPU the text names or describes, with no job to fit on it:
    "cheapest H100 spot?", "cheapest cloud for 8x A100 80GB?", "哪家租4090最便宜"."""
    if len(set(sig.providers)) >= 2:
        return False  # "is Lambda cheaper than AWS for H100s?" compares the two named
    cheapest = has_any(t, cues.CHEAPEST) or has_any(t, cues.CHEAPEST_PLACE)
    # A spot price asked ("h200 spot price?", "搶佔式 H100 多少錢"): the spot listings, cheapest first.
    spot = lexicon.SPOT_WORDS.search(t) is not None
    cheapest = cheapest or (spot and (lexicon.asks_price(t) or has_any(t, cues.AGAINST_ON_DEMAND)))
    # "list gpus under $1/hr", "每小时 1 美元以下的卡有哪些": the GPUs within an hourly price, cheapest first
    # (the period as the parser read the budget's: "一小时 2 美元以内", "under $3 an hour")
    hourly = sig.hourly_budget or has_any(t, PER_PERIOD + ("/hr",))
    ceiling = "budget" in sig.filled and has_any(t, cues.PRICE_CEILING) and hourly
    # "想在台灣找雲端租 H100，有推薦的嗎", "any cloud that rents H100s?": where to rent a GPU named, the
    # listings that price it (and, in a region none of them is in, that said first)
    # (the mainland named is the price answer's: what can be rented there, then the prices abroad)
    where = bool(sig.gpus) and sig.region is None and has_any(t, _RENTS) and has_any(t, cues.WHERE_TO_RENT)
    return (cheapest or ceiling or where) and (bool(sig.gpus) or sig.memory_filter or has_any(t, GPU_WORDS))


# Renting, as a where-to-rent question says it ("rent", "租", "who rents").
_RENTS = (*lexicon.RENT, "rents")


def _asks_price_coverage(t: str, sig: Signals) -> bool:
    """Which providers the catalogue prices, asked in general: "what providers do you have prices
    for?", "你们有哪些云厂商的价格", "支持哪些平台", "where do your prices come from?". Not a provider
    named (china_providers, price), not which is cheaper or better (provider_compare), not China's
    clouds as such (china_providers)."""
    if sig.memory_filter or has_any(t, cues.NOT_COVERAGE) or has_any(t, cues.CHINA_CLOUDS):
        return False
    if sig.providers:
        # "do you have prices for RunPod?", "Lambda prices?": that provider's price list, or that it
        # has none. A Chinese provider is china_providers' (with its checklist).
        if any(p in china_providers() for p in sig.providers):
            return False
        return lexicon.asks_price(t) or has_any(t, cues.PRICE_DATES) or has_any(t, cues.IN_CATALOGUE)
    if has_any(t, cues.PRICE_SOURCES) or has_any(t, cues.PRICE_DATES):
        return True
    return has_any(t, cues.PROVIDER_WORDS) and has_any(t, cues.PRICE_COVERAGE)


def _lists_gpus(t: str, sig: Signals) -> bool:
    """ "把你知道的GPU都列出来", "show me all the cards": a list verb and GPUs in general."""
    return not sig.gpus and has_any(t, cues.LIST_VERBS) and has_any(t, GPU_WORDS)


def serving_load(filled: tuple[str, ...]) -> bool:
    """A serving load among the slots `filled` (concurrency, request rates, lengths, latency targets)."""
    return not _SERVING_LOAD_SET.isdisjoint(filled)


_PER_HOUR = (
    "一小时", "一个小时", "1小时", "每小时", "每个小时", "每卡时", "按小时",
    "per hour", "an hour", "/hour", "/hr", "hourly",
)  # fmt: skip


def _job_per_hour_on(t: str, sig: Signals, gpus: object, asks_price: bool, job: object) -> bool:
    """A job on one GPU named, its price per hour asked, with nothing to plan its length ("用 A800 跑 32B 的
    LoRA，一小时多少钱", "how much per hour to QLoRA a 70B on H100s"): no data, deadline, budget or count."""
    planned = ("tokens", "data_bytes", "days", "budget", "samples", "gpu_count", "epochs")
    return (
        bool(job)
        and len(set(sig.gpus)) == 1
        and asks_price
        and has_any(t, _PER_HOUR)
        and "params" in sig.filled
        and not any(s in sig.filled for s in planned)
        and not sig.serving
        and not several_questions(t)
    )


# Words of a question that asks for something (how many hours, what it costs), not whether a job runs.
_WH_WORDS = ("how ", "what ", "which ", "多少", "几", "幾", "哪", "什么", "什麼", "怎么", "怎麼")


def _feasibility(t: str, sig: Signals, yes_no: bool, job: bool) -> bool:
    """Can a named job run on hardware the user fixes ("Can I fine-tune Llama 3 8B on a single T4?",
    "能在8张H100上全参微调72B吗")? A planning question (how long, how many) wants a plan instead."""
    hardware = bool(sig.gpus) or "gpu_count" in sig.filled or has_any(t, FIXED_HARDWARE)
    # "an RTX 3060 will pretrain a 70B in a day, right?": a GPU outside the catalogue fixes it too
    hardware = hardware or (yes_no and not sig.serving and bool(unknown_gpu_names(t)))
    # "How many tokens/s does an H100 do on a 7B model?": the speed on that hardware is its answer.
    asks = yes_no or has_any(t, cues.FITS) or has_any(t, lexicon.ASKS_SPEED)
    # "3090 训 7B 爆显存了怎么办", "OOM fine-tuning a 13B on my A100 40GB": whether it fits there, what does
    asks = asks or (has_any(t, cues.OUT_OF_MEMORY) and len(set(sig.gpus)) == 1)
    # "13B 全参 8 张 A100 跑到一半报错": whether it fits there comes first, then the usual causes
    asks = asks or (has_any(t, cues.RUN_FAILED) and len(set(sig.gpus)) == 1)
    # "公司有 4 張 V100 32G，想微調 Qwen2.5-14B，該用什麼方法": what fits these GPUs, method by method
    asks = asks or (has_any(t, cues.METHOD_ASKS) and len(set(sig.gpus)) == 1)
    # "…on 8 A100s in 2 weeks? how many tokens would that get me?": what the deadline holds on them
    asks = asks or ("days" in sig.filled and has_any(t, cues.TOKENS_ASKED))
    # "qlora llama 3.1 70b on a single 4090?", "LoRA 8B 两张 3090？": a job and its hardware asked with
    # nothing to plan (no data, deadline or budget) ask whether it runs there
    amounts = (k for k in _JOB_AMOUNTS if k != "gpu_count")  # the count is the hardware here
    bare = t.rstrip().endswith(("?", "？")) and not any(k in sig.filled for k in amounts)
    counted = "gpu_count" in sig.filled or has_any(t, FIXED_HARDWARE)  # "on a single 4090", "on 4 H100s"
    asks = asks or (bare and counted and not sig.serving and not has_any(t, _WH_WORDS))
    return job and hardware and asks and not _asks_a_plan(t) and not _weighs_precisions(t, sig)


# Words that weigh one thing against another ("fp8 vs bf16", "FP8 还是 BF16", "bf16 over fp8").
_WEIGHING = ("vs", "versus", " or ", "还是", "或者", "compared", "instead of", "over", "比", "对比", "worth")


def _weighs_precisions(t: str, sig: Signals) -> bool:
    """Two training precisions weighed ("is fp8 training of a 7B on H100 worth it vs bf16?", "H100 上训 7B 用
    FP8 还是 BF16"): the trade-off between them (the FAQ), not whether the job fits the GPU named."""
    if "precision" not in sig.filled or not has_any(t, _WEIGHING):
        return False  # most messages: no precision named, or nothing weighed
    named = {value for phrase, value in lexicon.PRECISIONS if lexicon.find_phrase(t, phrase) != -1}
    return len(named) >= 2


def _reports_named_failure(t: str, sig: Signals) -> bool:
    """A training failure that names itself other than running out of memory (an NCCL timeout, a NaN loss,
    a full disk) reported of a job ("13B 全参 8 张 A100 跑到一半 NCCL timeout", "our 70B run on 16 H100s
    keeps hitting NCCL timeouts"): the FAQ on that error answers it, the job said with it only where it ran.
    An OOM stays with the feasibility answer (whether the job fits there is its answer); so does a plan
    asked beside the error, and a timeout of a served model's requests (the serving answer)."""
    if not has_any(t, cues.NAMED_ERRORS) or sig.faq_score is None or _asks_a_plan(t):
        return False
    if sig.serving and not has_any(t, cues.COLLECTIVE_ERRORS):
        return False
    return sig.faq_score()[0] >= FAQ_CONFIDENT


def _asks_a_plan(t: str) -> bool:
    """The planning form's questions (how long, how many, what it costs), outside a question of its own
    about a GPU's price per period ("H100 一个月多少钱？能不能全参微调 8B？": a price and a yes/no)."""
    if not has_any(t, cues.PLAN_ASKS):
        return False
    if not several_questions(t):
        return True
    periods = tuple(p for p, _ in lexicon.PRICE_PERIODS)
    return any(
        has_any(c, cues.PLAN_ASKS) and not (lexicon.asks_price(c) and has_any(c, periods))
        for c in _clauses(t)
    )


def _compares_providers(t: str, sig: Signals, short: bool) -> bool:
    """ "is Lambda cheaper than AWS for H100s?", "阿里云和腾讯云哪个便宜", "which cloud is cheapest for
    H100s"."""
    if len(set(sig.providers)) >= 2:
        return short or has_any(t, cues.CHEAPER)
    general = has_any(t, cues.PROVIDER_WORDS) and (has_any(t, cues.CHEAPEST) or has_any(t, cues.CHEAPER))
    return general and has_any(t, lexicon.PRICE + cues.CHEAPEST + ("便宜", "cheaper", "cheap"))


# Which provider to take: "which … should we use", "推荐哪家", "阿里云还是腾讯云".
_WHICH_PROVIDER = ("which", "recommend", "哪家", "哪个", "推荐", "还是", "选哪", " or ")


def _asks_which_china_cloud(t: str, sig: Signals) -> bool:
    """Which Chinese cloud to run a job on, the job's data, deadline and budget unsaid (with them it is a
    plan there)."""
    if any(s in sig.filled for s in SIZED_JOB_PLAN) or sig.gpus:
        return False
    return _about_china_clouds(t, sig) and has_any(t, _WHICH_PROVIDER)


def notes_query(text: str) -> str:
    """The text the notes are searched with for a message: an error reported of a job, its own words; a
    cloud named in a storage or network question only says where ("数据在腾讯云 COS 上，读得过来吗"), so
    its name, which finds the notes on that cloud, is left out (of the simplified, lower-cased text); any
    other message as it is."""
    t = normalise(text).lower
    if has_any(t, cues.NAMED_ERRORS) and states_a_job(text):
        # "13B 全参 8 张 A100 跑到一半 NCCL timeout": the job only says where the error came up; its words
        # ("全参") would find the notes on the job instead, so the error's own words are searched
        return " ".join(sorted(lexicon.cues_in(t, cues.NAMED_ERRORS)))
    if not has_any(t, cues.STORAGE_OR_NETWORK):
        return text
    bare = without_providers(t)
    return bare if bare != t else text


def _about_china_clouds(t: str, sig: Signals) -> bool:
    """ "AutoDL靠谱吗", "阿里云怎么样", "国内有哪些GPU云": about a Chinese cloud itself."""
    cn = (
        any(p in china_providers() for p in sig.providers)
        or has_any(t, cues.CHINA_CLOUDS)
        or context.in_mainland_city(t)
    )
    if not cn or has_any(t, cues.STORAGE_OR_NETWORK):
        return False  # "训练数据在腾讯云 COS，读取速度跟得上吗": storage or the network, the cloud only where
    about = has_any(t, cues.PROVIDER_OPINION) or has_any(t, cues.PROVIDER_WORDS)
    return about or (bool(sig.providers) and len(t) <= SHORT)
