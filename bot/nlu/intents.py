"""Intent rules as data: cue phrases per intent, checked in a fixed order (first match wins).

Text is simplified, lower-cased. A message that carries sizing slots is a sizing request even
when it ends with a question mark ("能不能在一周内把一个70B模型LoRA微调完").
"""

from __future__ import annotations

from bot.nlu.lexicon import has_cue

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
# Only at the start of a message: "不是7B，是13B", "no, 13B" (是不是 elsewhere is a question).
CORRECTION_OPENERS = ("不是", "no,", "no ", "nope", "不，", "不,", "错了")
WHATIF = (
    "如果",
    "要是",
    "假如",
    "假设",
    "换用",
    "what if",
    "what about",
    "how about",
    "suppose",
    "if we",
    "if i",
    "would it",
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
GREETING = ("你好", "您好", "嗨", "哈喽", "hello", "hi", "hey", "good morning", "早上好", "在吗")
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
)
SKIP = (
    "不确定",
    "不知道",
    "不清楚",
    "随便",
    "都行",
    "无所谓",
    "跳过",
    "默认",
    "skip",
    "default",
    "don't know",
    "dont know",
    "not sure",
    "no idea",
    "whatever",
    "pass",
    "any",
    "unsure",
)
LIST_GPUS = (
    "有哪些gpu",
    "有哪些显卡",
    "有哪些卡",
    "支持哪些gpu",
    "支持哪些显卡",
    "哪些gpu",
    "gpu列表",
    "显卡列表",
    "list gpus",
    "list gpu",
    "list the gpus",
    "which gpus",
    "what gpus",
    "available gpus",
    "gpu list",
    "all gpus",
    "show gpus",
)
COMPARE = (
    "区别",
    "比较",
    "对比",
    "差别",
    "差异",
    "哪个好",
    "哪个更",
    "还是",
    "vs",
    "versus",
    "compare",
    "difference",
    "better",
    "which is",
)
GPU_INFO = (
    "显存",
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
)
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
)  # fmt: skip
# A request to be sized that has not given a number yet ("想训练个大模型，该租什么GPU？").
SIZING_START = (
    "想训练", "要训练", "打算训练", "计划训练", "准备训练", "想微调", "要微调", "打算微调", "想预训练",
    "该租什么", "租什么gpu", "用什么gpu", "需要什么gpu", "需要多少张", "需要多少卡", "要多少卡",
    "want to train", "plan to train", "need to train", "planning to train", "want to fine-tune",
    "need to fine-tune", "which gpu should", "what gpu do", "what gpus do", "how many gpus",
    "what hardware do",
)  # fmt: skip
# Slots that make a message a sizing request (gpu alone may be a question about the card).
WORKLOAD = ("params", "tokens", "data_bytes", "days", "budget", "method", "gpu_count", "seq_len")
SHORT = 24  # characters; skip/greeting/thanks/help cues only count in a short message
# Slots that name a technique rather than a workload: "What is LoRA?" asks about it, it sizes nothing.
QUALITATIVE = ("method", "precision")
DEFINE = (
    "what is", "what's", "what are", "what does", "difference", "vs", "versus", "compare",
    "which is better", "explain", "什么是", "是什么", "区别", "差别", "比较", "怎么选", "哪个好", "哪个更",
    "有什么不同", "优缺点",
)  # fmt: skip


# Can a GPU be had at all (where export rules apply)? With a region named, the FAQ on export
# variants (H800/H20) answers, not the datasheet: "国内能租到H100吗", "can we rent H100 in China?"
AVAILABILITY = (
    "能租", "租得到", "租到", "能不能租", "可以租", "能买", "买得到", "买到", "能不能买", "可以买",
    "有没有卖", "有卖", "能用", "can we rent", "can i rent", "can you rent", "can we buy", "can i buy",
    "can we get", "can i get", "is it possible to rent", "available in", "availability",
)  # fmt: skip


def has_any(text: str, cues: tuple[str, ...]) -> bool:
    return has_cue(text, cues)


def classify(text: str, filled: tuple[str, ...], gpus: tuple[str, ...], region: str | None = None) -> str:
    t = text.strip()
    short = len(t) <= SHORT
    workload = any(s in filled for s in WORKLOAD)
    if short and has_any(t, RESET):
        return "reset"
    if has_any(t, CAPACITY):
        return "capacity"
    corrects = has_any(t, CORRECTION) or t.startswith(CORRECTION_OPENERS) or ", not " in t
    if (filled or gpus) and corrects and not has_any(t, WHATIF):
        return "correction"
    if has_any(t, WHATIF) and (filled or gpus):
        return "whatif"
    if not workload:
        if region is not None and has_any(t, AVAILABILITY) and ("?" in t or has_any(t, QUESTION)):
            return "faq"
        if len(gpus) >= 2 and (has_any(t, COMPARE) or short):
            return "gpu_compare"
        if has_any(t, LIST_GPUS):
            return "list_gpus"
        if gpus and has_any(t, GPU_INFO):
            return "gpu_info"
        if has_any(t, EXPLAIN):
            return "explain"
    asks_about_technique = filled and set(filled) <= set(QUALITATIVE) and has_any(t, DEFINE)
    if asks_about_technique and not has_any(t, SIZING_START):
        return "faq"
    if filled or has_any(t, SIZING_START):
        return "size"
    if short and has_any(t, HELP):
        return "help"
    if short and has_any(t, SKIP):
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
