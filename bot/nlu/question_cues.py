"""Cue words of the question kinds (bot/nlu/intents.py decides with them): what a message asks before
any slot is filled. Text is simplified and lower-cased; ASCII phrases match whole words.
"""

from __future__ import annotations

# -- yes/no questions ------------------------------------------------------------------------
# An English question that opens with an auxiliary asks yes or no ("Is the H20 faster...?").
YES_NO_OPENERS = (
    "is", "are", "does", "do", "can", "could", "will", "would", "should", "has", "have", "did", "was", "were",
    "isn't", "aren't", "doesn't", "don't", "can't", "won't", "am", "may", "might", "shall",
)  # fmt: skip
# "can you size this for me": a request, not a yes/no question.
REQUEST_OPENERS = ("can", "could", "would", "will")
# Anywhere: a tag asking to confirm, or the Chinese A-not-A forms and 是否.
YES_NO_TAGS = (
    "right?", "correct?", "true?", ", right", "isn't it", "is that right", "is that correct", "is it true",
    "am i right", "yes or no", "or not", "is it possible", "is it feasible", "is that possible",
    "possible to",
    "feasible to",
    "能不能", "是不是", "有没有", "可不可以", "可以不", "够不够", "行不行", "会不会", "要不要", "对不对",
    "好不好",
    "靠不靠谱", "值不值", "支不支持", "跑不跑得", "放不放得下", "装不装得下", "是否", "能否", "可否", "对吗",
    "对吧",
    "是吗", "是吧", "真的吗", "没错吧",
)  # fmt: skip
# Final particles of a Chinese yes/no question (吧 asks to confirm: "T4 的 FP16 是 89 TFLOPS 吧").
YES_NO_PARTICLES = ("吗", "嘛", "么", "吧", "不")
# A question word makes it a wh-question, not yes/no ("有什么区别吗", "can you tell me how many").
WH_WORDS = (
    "什么", "多少", "哪", "怎么", "怎样", "如何", "为什么", "为啥", "几", "多大", "多久", "多长", "多快",
    "多高", "啥",
    "what", "which", "how", "why", "when", "where", "who", "whom",
)  # fmt: skip
# An alternative question ("A100 or H100?", "A100 还是 H100") asks to choose, not yes/no.
ALTERNATIVE = ("还是", " or ")

# -- price and providers ----------------------------------------------------------------------
# Comparing providers or prices ("is Lambda cheaper than AWS", "阿里云和腾讯云哪个便宜").
CHEAPER = (
    "cheaper", "cheapest", "less expensive", "more expensive", "pricier", "better price", "better deal", "vs",
    "versus", "compare", "comparison", "or", "better", "best", "difference", "便宜", "贵", "划算", "性价比",
    "哪家",
    "哪个", "比较", "对比", "区别", "还是", "和", "跟", "与", "比",
)  # fmt: skip
# Words for a provider in general: "which cloud is cheapest for H100s", "哪家云最便宜".
PROVIDER_WORDS = (
    "provider", "providers", "cloud", "clouds", "vendor", "vendors", "platform", "platforms", "host", "hosts",
    "云", "云厂商", "厂商", "平台", "算力平台", "服务商", "供应商", "哪家",
)  # fmt: skip
# Questions about a Chinese cloud itself: reliability, experience, which to pick.
PROVIDER_OPINION = (
    "靠谱", "怎么样", "好用", "稳定", "推荐", "哪家", "哪个好", "值得", "口碑", "坑", "好不好", "安全吗",
    "能用吗",
    "reliable", "trustworthy", "any good", "good", "recommend", "worth it", "legit", "experience", "stable",
    "which", "list", "有哪些", "哪些",
)  # fmt: skip
# Chinese GPU clouds in general (no provider named): "国内的GPU云", "国产算力平台".
CHINA_CLOUDS = (
    "国内", "国内云", "国产云", "国内的云", "国内gpu", "国内算力", "国内平台", "chinese cloud",
    "chinese clouds",
    "china cloud",
)  # fmt: skip

# -- GPUs ---------------------------------------------------------------------------------------
# A comparison between GPUs ("Is the H20 faster than the H100?", "H100 比 A100 快多少").
GPU_COMPARATIVES = (
    "faster", "slower", "better", "worse", "stronger", "weaker", "more memory", "less memory", "bigger",
    "smaller", "cheaper", "more expensive", "than", "比", "快", "慢", "强", "弱", "好",
)  # fmt: skip
# Verbs that ask for a list; with GPU words and no GPU named they ask for the catalogue.
LIST_VERBS = ("列出", "列一下", "列个", "都列", "全部列", "list", "show me all", "show all", "enumerate")
# The catalogue as a list: "列出所有 GPU", "show me the gpu catalog", "what GPUs do you know about?".
LIST_GPUS = (
    "有哪些gpu", "有哪些显卡", "有哪些卡", "支持哪些gpu", "支持哪些显卡", "哪些gpu", "gpu列表", "显卡列表",
    "列出所有",
    "列出gpu", "列出显卡", "所有gpu", "所有显卡", "所有的gpu", "所有的显卡", "全部gpu", "全部显卡", "gpu目录",
    "显卡目录",
    "list gpus", "list gpu", "list the gpus", "list all", "all gpus", "all the gpus", "show gpus", "gpu list",
    "gpu catalog", "gpu catalogue", "the catalog", "the catalogue", "your catalog", "your catalogue",
    "which gpus do you", "what gpus do you", "gpus do you know", "gpus do you have", "gpus do you support",
    "gpus are supported", "gpus are available", "available gpus", "supported gpus", "what gpus are there",
    "which gpus are there", "what gpus can you", "which gpus can you",
)  # fmt: skip

# -- workloads ----------------------------------------------------------------------------------
# Asking how much GPU memory something needs ("DeepSeek-V3 全参微调要多少显存？").
MEMORY_ASK = (
    "多少显存", "多大显存", "显存要多少", "显存需要多少", "显存多少", "显存需求", "显存占用", "占多少显存",
    "吃多少显存",
    "需要多少内存", "多少g显存", "几g显存", "多少gb显存", "显存够", "how much memory", "how much vram",
    "how much gpu memory", "how much ram", "memory requirement", "memory requirements", "memory needed",
    "memory does it need", "memory do i need", "memory do we need", "vram requirement", "vram needed",
    "how many gb", "memory footprint", "how much hbm",
)  # fmt: skip
# The cheapest GPU for a job ("what's the cheapest GPU that can QLoRA a 7B model?").
CHEAPEST = (
    "cheapest", "least expensive", "lowest cost", "lowest-cost", "most affordable", "most cost-effective",
    "most cost effective", "best value", "budget gpu", "最便宜", "最省钱", "成本最低", "最低成本", "最划算",
    "性价比最高", "最实惠",
)  # fmt: skip
# A job that must fit on hardware the user names: "fit", "放得下", "跑得动".
FITS = (
    "fit", "fits", "fit on", "fit in", "fit into", "enough", "big enough", "handle", "run on", "放得下",
    "装得下",
    "塞得下", "跑得动", "跑得起来", "跑得了", "带得动", "够吗", "够不够", "够用", "能跑", "能训", "能微调",
    "能做",
    "能不能", "可以跑", "可以训", "可以微调", "可以做", "行吗", "撑得住",
)  # fmt: skip
# The planning form's own questions: a request that asks these wants a plan, not a verdict.
PLAN_ASKS = (
    "多久", "多长时间", "几天", "多少天", "how long", "how many days", "how many gpus", "how many cards",
    "几张",
    "多少张", "多少卡", "几台", "多少台", "多少钱", "花多少", "cost", "how much will", "how much would",
)  # fmt: skip
