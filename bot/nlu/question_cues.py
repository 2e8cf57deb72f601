"""Cue words of the question kinds (bot/nlu/intents.py decides with them): what a message asks before
any slot is filled. Text is simplified and lower-cased; ASCII phrases match whole words.
"""

from __future__ import annotations

import re

# -- yes/no questions ------------------------------------------------------------------------
# An English question that opens with an auxiliary asks yes or no ("Is the H20 faster...?").
YES_NO_OPENERS = (
    "is", "are", "does", "do", "can", "could", "will", "would", "should", "has", "have", "did", "was", "were",
    "isn't", "aren't", "doesn't", "don't", "can't", "won't", "am", "may", "might", "shall", "didn't",
    "wouldn't", "shouldn't", "couldn't",
)  # fmt: skip
# "can you size this for me": a request, not a yes/no question.
REQUEST_OPENERS = ("can", "could", "would", "will")
# ...unless "you" is anyone and the verb is the job: "can you train on a T4?", "could you run 70B on an A100?"
JOB_VERBS = (
    "train", "fine-tune", "finetune", "fine", "pretrain", "pre-train", "run", "serve", "host", "fit", "use",
)  # fmt: skip
# A later clause that opens with an auxiliary and a subject asks yes or no even without a question
# mark: "we have 4 A10s, can we fine tune mistral 7b".
CLAUSE_SUBJECTS = (
    "we", "i", "it", "they", "this", "that", "these", "those", "one", "a", "an", "the", "my", "our",
)  # fmt: skip
# Anywhere: a tag asking to confirm, or the Chinese A-not-A forms and 是否.
YES_NO_TAGS = (
    "right?", "correct?", "true?", ", right", "isn't it", "is that right", "is that correct", "is it true",
    "am i right", "yes or no", "or not", "or nah", "or nope", "or no?", "is it possible", "is it feasible",
    "is that possible", "possible to",
    "feasible to", "possible?", "feasible?", "doable?", "doable", "workable?", "will it work",
    "would it work", "does it work", "will that work", "would that work", "is this possible",
    "能不能", "是不是", "有没有", "可不可以", "可以不", "够不够", "行不行", "会不会", "要不要", "对不对",
    "好不好",
    "靠不靠谱", "值不值", "支不支持", "跑不跑得", "放不放得下", "装不装得下", "是否", "能否", "可否", "对吗",
    "对吧",
    "是吗", "是吧", "真的吗", "没错吧",
)  # fmt: skip
# A confirming tag as the last word, typed without a question mark ("the L40S has 48GB of vram right").
# A tag after a comma asks the same ("…can full fine-tune Llama 3 70B, no?", "…fits, yes?", "…, eh?").
YES_NO_LAST_WORDS = (
    " right", " correct", " true", " isn't it", " isnt it", " yeah",
    ", no", ",no", ", yes", ", eh", ", innit",
)  # fmt: skip
# A question that drops its "is" ("a 3060 12gb ok for qlora 7b?", "4090 good enough for lora on 8b?"):
# a thing, then whether it suits a job; yes/no when the clause ends in a question mark.
SUITS_A_JOB = (
    "ok for", "okay for", "enough for", "good for", "fine for", "sufficient for", "viable for", "ok to",
    "okay to", "enough to",
)  # fmt: skip
# After a yes/no question, what to do if the answer is no: the question stays yes/no ("can 8x H100 fully
# fine-tune DeepSeek-V3? if not, what's the minimum?", "8 张 H100 能全参微调 70B 吗？不行的话最少要几张").
IF_NOT = (
    "if not", "if no,", "if it can't", "if it cannot", "if it doesn't", "if they can't", "otherwise",
    "不行的话", "不能的话", "如果不行", "如果不能", "不够的话", "如果不够", "放不下的话", "否则",
)  # fmt: skip
# Final particles of a Chinese yes/no question (吧 asks to confirm: "T4 的 FP16 是 89 TFLOPS 吧").
YES_NO_PARTICLES = ("吗", "嘛", "么", "吧", "不")
# A question word makes it a wh-question, not yes/no ("有什么区别吗", "can you tell me how many").
WH_WORDS = (
    "什么", "多少", "哪", "怎么", "怎样", "如何", "为什么", "为啥", "几", "多大", "多久", "多长", "多快",
    "多高", "啥",
    "what", "which", "how", "why", "when", "where", "who", "whom",
)  # fmt: skip
# A message that asks: a question word, or 吗 ("不急，便宜的就行吗").
ASKS = (*WH_WORDS, "吗")
# The why words themselves ("why 2.6 days?", "为什么这么贵"); WHY_WORDS below adds the rhetorical forms.
PLAIN_WHY = ("为什么", "为啥", "为何", "why", "how come")
# Running out of GPU memory ("3090 训 7B 爆显存了", "OOM on my 3090"): with a job and one GPU named, whether
# that GPU holds the job (intents._feasibility), so the answer says what does fit there. ("4090 显存不够，只好
# 用 2 张 A100" states a known limit and settles on other GPUs: no report of a run.)
OUT_OF_MEMORY = ("oom", "oom'd", "out of memory", "爆显存", "显存溢出", "显存爆了", "显存炸了")
# A run that failed without saying how ("13B 全参 8 张 A100 跑到一半报错", "训练跑着跑着就挂了", "our
# 8xA100 run crashed halfway"): with a job and its GPUs named, whether the job fits there, then the usual
# causes and which error it was (answers/feasibility). Simplified Chinese: the text is converted first.
RUN_FAILED = (
    "报错", "报了个错", "出错", "挂了", "挂掉", "崩了", "崩溃", "跑崩", "跑挂", "断掉了", "中断了", "失败了",
    "crashed", "crashes", "crashing", "errored", "errors out", "error out", "threw an error",
    "throws an error",
    "failed halfway", "fails halfway", "died halfway", "keeps dying", "keeps crashing",
)  # fmt: skip
# Which way to train asked of hardware at hand ("公司有 4 張 V100 32G，想微調 14B，該用什麼方法", "8 张 4090
# 微调 70B 用哪种方式", "what method should we use on our 2 A100s"): what fits those GPUs, method by method;
# asked with no hardware ("想微调 7B，用什么方法比较好"), the memory each method needs and how to choose.
METHOD_ASKS = (
    "什么方法", "哪种方法", "什么方式", "哪种方式", "什么训练方法", "哪种训练方法", "怎么训比较好",
    "哪个方法", "什么微调方法", "哪种微调", "怎么微调比较好", "微调方案怎么选", "用什么方案", "哪种方案",
    "which method", "what method", "which approach", "what approach", "which technique", "what technique",
)  # fmt: skip
# The failures that name themselves besides running out of memory ("13B 全参 8 张 A100 跑到一半 NCCL timeout",
# "我們 4 張 A100 微調 32B，loss 變成 NaN"): said with a job, their own FAQ answers them (intents.
# _reports_named_failure), since whether the job fits is not in question as it is for an OOM.
# NCCL's own errors are the GPUs' collectives failing, in a training run or a multi-GPU server alike.
COLLECTIVE_ERRORS = ("nccl", "watchdog")
NAMED_ERRORS = (
    *COLLECTIVE_ERRORS, "nan", "timeout", "timeouts", "timed out", "超时", "磁盘满", "磁盘写满", "disk full",
    "no space left",
    # a kernel's out-of-bounds access ("CUDA error: an illegal memory access", "device-side assert triggered")
    "illegal memory access", "illegal address", "device-side assert", "device side assert", "非法内存访问",
)  # fmt: skip
# The failures that name themselves (answered by their own FAQ, not the list of usual causes).
NAMED_FAILURES = (*OUT_OF_MEMORY, *NAMED_ERRORS)
# A training failure reported without a question word ("fp16训练loss变成nan", "my loss went nan, using bf16",
# "微调一直爆显存"): a question to the FAQ as much as "怎么办" is, not a slot to fill.
SYMPTOMS = (
    "nan", "loss spike", "loss spiked", "diverged", "diverging", *OUT_OF_MEMORY[:5],
    "loss飙升", "loss 飙升", "发散了", "loss不降", "loss 不降",
    # still out of memory after a change ("开了梯度检查点还是显存不够", "micro batch 设成 1 显存还是不够")
    "还是显存不够", "显存还是不够", "仍然显存不够", "显存仍然不够", "还是不够显存",
)  # fmt: skip
# Launching one training job on several nodes ("torchrun 跨節點怎麼設定", "how do I write a deepspeed
# hostfile"): the launcher, its flags or starting the job named, which the multi-node launch FAQ answers,
# not the network one.
LAUNCH_ASKS = (
    "torchrun", "hostfile", "nnodes", "node_rank", "node-rank", "rdzv", "rdzv_endpoint", "rdzv-endpoint",
    "master_addr", "master-addr", "pdsh", "mpirun", "launcher", "accelerate launch", "launch command", "ssh",
    "启动命令", "启动参数", "启动指令", "怎么启动", "如何启动", "免密",
)  # fmt: skip
# Setting a sharding stack up in a training framework ("turn on zero3 with HF trainer", "set up FSDP with
# accelerate", "zero3 配置文件怎么写"): how to switch it on, which the FAQ answers, not a job to plan. Read
# only with the stack named (slot "stack"); zh-Hant is folded to zh-Hans before matching.
STACK_SETUP = (
    "enable", "enabling", "configure", "configuring", "config", "set up", "setting up", "turn on",
    "switch on", "trainer", "accelerate", "ds_config", "fsdp_config", "开启", "启用", "打开", "设置", "设定",
    "配置", "怎么开",
    # launching it, on one node or several ("deepspeed 多机启动要准备什么", "launch deepspeed on 2 nodes")
    "启动", "launch", "launching", "hostfile", *LAUNCH_ASKS,
)  # fmt: skip
# A premise that two GPUs are equally fast ("the H100 PCIe and SXM are the same speed, so I should rent the
# cheaper one, right?", "A100 40G 和 80G 算力一样"): the comparison checks it first.
SAME_SPEED = (
    "same speed", "as fast as", "equally fast", "just as fast", "same performance", "same tflops",
    "same compute", "same flops", "一样快", "速度一样",
    "速度相同", "性能一样", "性能相同", "算力一样", "算力相同", "差不多快", "算力差不多", "速度差不多",
    "性能差不多",
)  # fmt: skip
# A premise that two GPUs have the same memory ("an H100 has the same memory as an H200, right?", "显存一样"):
# the comparison answers it on memory.
SAME_MEMORY = (
    "same memory", "same vram", "same amount of memory", "same amount of vram", "显存一样", "显存相同",
    "显存差不多", "一样大的显存",
)  # fmt: skip
# An alternative question ("A100 or H100?", "A100 还是 H100") asks to choose, not yes/no.
ALTERNATIVE = ("还是", " or ")
# How much faster one number format runs than another ("H100 的 FP8 比 BF16 快多少"; answers/capability.py).
SPEEDUP_ASKS = (
    "快多少", "快几倍", "快多少倍", "提速", "加速多少", "多快", "how much faster", "faster", "speedup",
    "speed-up", "speed up", "speed", "速度",
)  # fmt: skip
# Whether two GPUs are one and the same part ("is the A10G the same as the A10?", "A800 和 A100 是一回事吗"):
# a yes/no over every figure, with what differs (answers/compare.py).
SAME_ASKS = (
    "the same as", "same as the", "same as", "same thing as",
    "same gpu", "same card", "same chip", "identical", "a rebrand", "rebranded",
    # one figure the same: "has the same NVLink bandwidth as the H100, yes?" (answers/compare.py reads which)
    "same nvlink", "same bandwidth", "same memory bandwidth", "same interconnect", "same link",
    "一样吗", "一样么", "一样的吗", "是一样的", "相同吗", "一样不", "同一款", "同一张", "同一个", "一回事",
)  # fmt: skip

# -- moving data -------------------------------------------------------------------------------
# Moving a dataset or a model's weights between places ("how long to upload 2TB to the cloud?",
# "下载 70B 模型要多久"): with a time asked and no job to plan, the transfer time is the answer.
TRANSFER_WORDS = (
    "download", "downloading", "upload", "uploading", "transfer", "transferring", "copy", "copying",
    "move", "moving", "sync", "migrate", "pull", "上传", "下载", "传到", "传上", "传输", "拷贝", "复制",
    "迁移", "搬到", "拉取",
)  # fmt: skip

# Asking how two GPUs differ ("A800 和 A100 有啥区别", "what's the difference between"): the datasheet
# comparison, also beside a job sized on both.
DIFFERENCE = (
    "区别", "差别", "差异", "差在哪", "有啥不同", "有什么不同", "哪里不同", "不一样",
    "difference", "differences", "differ",
)  # fmt: skip

# LLM work a comparison is asked for ("A100 vs L40S for training?"): figures such as FP64 do not decide it.
LLM_WORK = (
    "train", "trains", "trained", "training", "fine-tune", "fine-tuning", "finetune", "finetuning",
    "pretrain", "pretraining", "pre-training", "lora", "qlora", "inference", "serving", "serve", "llm",
    "训练", "微调", "预训练", "推理", "部署", "大模型",
)  # fmt: skip

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
# What the catalogue prices, asked of providers in general ("what providers do you have prices for?",
# "你们有哪些云厂商的价格", "支持哪些平台"): with PROVIDER_WORDS and no GPU or provider named.
PRICE_COVERAGE = (
    "which", "what", "list", "哪些", "什么", "支持", "覆盖", "收录", "包括", "包含", "cover", "covers",
    "covered", "support", "supported", "include", "included", "includes", "know", "do you have",
)  # fmt: skip
# Where the prices come from: the same answer without a provider word ("where do your prices come from?").
PRICE_SOURCES = (
    "prices come from", "price data come from", "pricing come from", "pricing data come from",
    "where are your prices from", "where does your price", "where do your price",
    "price source", "price sources", "pricing source", "pricing sources", "source of your prices",
    "sources of your prices", "价格来源", "价格从哪", "报价来源", "价格数据来源", "价格是哪来的",
    "价格哪来的", "价格数据从哪",
)  # fmt: skip
# Whether the catalogue holds something: "is CoreWeave in your catalogue?", "目录里有 RunPod 吗".
IN_CATALOGUE = (
    "in your catalogue", "in your catalog", "in the catalogue", "in the catalog", "do you cover",
    "do you support", "do you have", "do you know", "目录里有", "收录了", "支持", "有没有",
)  # fmt: skip
# Whether a provider sells a GPU: "does Lambda have H100s?", "can I rent a B200 on GCP?", "Azure 有 A100 吗".
OFFERS = (
    "have", "has", "offer", "offers", "sell", "sells", "rent", "carry", "carries", "provide", "provides",
    "available", "support", "supports", "有没有", "有", "提供", "支持", "能租", "租得到", "租到", "可以租",
    "上架",
)  # fmt: skip
# Whether one GPU is a cut-down version of another ("H20 是不是阉割版 H100", "is the H800 a nerfed H100?"):
# the same architecture with figures cut, said as a yes/no with what was cut (answers/compare.py).
CUT_DOWN = (
    "阉割", "缩水", "削减版", "简化版", "残血", "cut-down", "cut down", "nerfed", "crippled", "watered-down",
    "watered down", "neutered", "stripped-down", "stripped down", "downgraded",
)  # fmt: skip
# Stock or capacity asked of a provider ("Lambda 的 H100 有现货吗", "does AWS have H100s in stock now?"):
# the catalogue holds listings, not live capacity, and the answer says so beside its "yes".
IN_STOCK = (
    "现货", "有货", "缺货", "库存", "in stock", "stock", "capacity", "right now", "available now",
    "availability", "sold out",
)  # fmt: skip
# How recent the prices are: the same answer, with every provider's snapshot dates.
PRICE_DATES = (
    "how fresh", "how old are your prices", "how old are the prices", "how recent", "up to date",
    "up-to-date", "when were the prices", "when were your prices", "price date", "prices date",
    "snapshot date", "last updated", "价格是什么时候的", "价格是哪天的", "价格多久更新",
    "价格更新", "报价是什么时候的", "价格日期", "价格时效", "价格是最新的吗", "价格新不新",
)  # fmt: skip
# A provider question that asks which is cheaper or better, or for an opinion: not the coverage list.
NOT_COVERAGE = (
    "cheap", "cheaper", "cheapest", "expensive", "pricier", "便宜", "贵", "划算", "性价比", "vs", "versus",
    "compare", "comparison", "比较", "对比", "better", "best", "recommend", "推荐", "靠谱", "reliable",
    "怎么样", "好用", "稳定", "口碑", "哪个好", "哪家好", "should",
    # advice about training on clouds, not which clouds are priced ("云上训练有什么要注意的", "上云有什么坑",
    # "云服务器和物理机有什么区别", "怎么控制云端训练的成本，有什么技巧", "any tips for cloud training cost?")
    "技巧", "建议", "办法", "注意", "坑", "区别", "差别", "不同", "省钱", "优势", "好处", "安全", "控制成本",
    "tips", "tip", "advice", "difference", "watch out", "advantage", "advantages", "save money",
)  # fmt: skip
# Questions about a Chinese cloud itself: reliability, experience, which to pick.
PROVIDER_OPINION = (
    "靠谱", "怎么样", "好用", "稳定", "推荐", "哪家", "哪个好", "值得", "口碑", "坑", "好不好", "安全吗",
    "能用吗",
    "reliable", "trustworthy", "any good", "good", "recommend", "worth it", "legit", "experience", "stable",
    "which", "list", "有哪些", "哪些",
)  # fmt: skip
# Asking whether one option is worth it over another: "instead of" / "而不是" there weighs two options and
# corrects nothing ("Is it worth using spot instances instead of on-demand for a week-long run?").
WORTH_ASKS = (
    "is it worth", "worth it", "worth using", "worth switching", "worth paying", "worth renting",
    "worth buying", "still worth", "值得", "值不值", "划算吗",
    "划不划算", "合算吗", "合不合算",
    # "when should I use tensor parallelism instead of FSDP?": when each one fits, not a switch of the plan
    "when should i use", "when should we use", "when do i use", "when do you use", "when to use",
    "when would i use", "什么时候用", "什么时候该用", "何时用",
)  # fmt: skip
# Whether one GPU can take another's place for a job ("L40S 能不能取代 A100 做 13B 的 LoRA", "can an L40S
# replace an A100 for …"): the replacing GPU's verdict first (answers/workload_compare.py). With "换成"/"with"
# after it ("把 A100 替换成 L40S", "replace the A100 with an L40S") the replacing GPU is the one named second.
REPLACE_ASKS = (
    "取代", "替代", "代替", "顶替", "替换", "换掉", "replace", "replacing", "a replacement for",
    "substitute for", "stand in for",
)  # fmt: skip
REPLACED_BY = re.compile(r"(?:替换成|替换为|换成|replac\w*\b.*\bwith\b)")
# Value for money, asked of two options: "H100 SXM 跟 PCIe 版哪个划算", "which is better value?" (the
# "value" aspect of answers/compare.py: work per dollar).
VALUE_ASKS = (
    "better value", "best value", "value for money", "bang for the buck", "bang for your buck",
    "cost-effective", "cost effective", "more economical", "for the money", "for your money", "for my money",
    "more per dollar", "性价比", "划算", "更值", "更实惠",
    # "A800 和 H800 哪个值", "哪個比較值": which is worth its price (值 after 哪个: never a figure here)
    "哪个值", "哪个比较值", "谁更值", "哪个较值", "serving value", "inference value",
    "value for serving", "value for inference", "training value", "value for training",
    # "the H100 is faster, should I always pick it over the A100?": is the faster one the better buy too
    "always pick", "always choose", "always go with", "always go for", "always use", "always get",
    "always rent", "always buy",
    # "is the MI300X cheaper than the H100 per TFLOP?": the price of a unit of compute
    "per tflop", "per tflops", "per teraflop", "per flop", "per unit of compute", "每 tflops", "每tflops",
    "每单位算力", "单位算力",
    # the price of the work, not of the hour: "whats cheaper per token trained, h100 or a100?"
    "per token", "per training token", "per unit of work", "per unit of training", "cheaper to train",
    "每个 token", "每 token", "每个token", "每token",
)  # fmt: skip
# Moving from one GPU to another: "I have an H100 PCIe, should I upgrade to the SXM?", "从 A100 升级到 H100
# 值得吗": whether the GPU moved to is worth it over the one held.
UPGRADE_ASKS = ("upgrade", "upgrading", "升级")
# Beside spot words and a GPU, a spot price weighed against on demand ("RunPod 的 spot H100 跟 on-demand
# 差多少錢", "H100 有抢占式实例吗？比按需便宜多少"): that GPU's spot listings, each with its on-demand price.
AGAINST_ON_DEMAND = (
    "按需", "按量", "on-demand", "on demand", "ondemand", "便宜多少", "便宜几", "差多少", "差价", "差價",
    "省多少", "how much cheaper", "how much less", "how much does it save", "how much would it save",
)  # fmt: skip
# A quoted price asked as a fact to confirm ("听说 A100 一小时只要 0.3 美元，真的吗"), or weighed as a deal
# ("$2/hr for an H100, good price?", "划算吗"): the price answer says whether it is true, or how good it is.
PRICE_AS_FACT = (
    "真的吗", "真的假的", "是真的", "对吗", "对吧", "对不对", "是吗", "是吧", "没错吧", "没错吗", "是不是",
    "听说", "据说", "right?", "correct?", "correct", "true?", "is that right", "is it true", "really",
    "i heard", "isn't it", "am i right",
)  # fmt: skip
# A quoted figure said as approximate: "around $10/hr", "3 美元左右", "大概 2 块".
APPROXIMATE = (
    "左右", "大概", "大约", "约", "差不多", "上下", "around", "about", "roughly", "approximately", "~",
    "or so", "-ish", "ish",
)  # fmt: skip
PRICE_AS_DEAL = (
    "划算", "贵不贵", "贵吗", "便宜吗", "值不值", "值得", "合理吗", "合不合理", "good price", "good deal",
    "fair price", "a deal", "worth", "overpriced", "too expensive", "reasonable", "rip-off", "ripoff",
)  # fmt: skip
# Whether a GPU's price is dear with no figure quoted ("Is the H100 on AWS expensive?", "H100 贵不贵"): its
# price placed in the catalogue's range for that GPU.
PRICE_IS_DEAR = (
    *PRICE_AS_DEAL, "expensive", "pricey", "costly", "贵", "便宜吗", "划算吗",
)  # fmt: skip
# The gap between two prices asked ("price difference between A100 40GB and 80GB", "PCIe 和 SXM 差多少钱").
PRICE_GAP = (
    "difference", "differ", "gap", "how much more", "how much less", "how much cheaper", "how much pricier",
    "差多少", "差价", "价差", "相差", "差几", "差了多少", "贵多少", "便宜多少", "多多少钱",
    # which of two priced GPUs costs less: the gap answers it ("L40S 和 A100 每小时哪个便宜")
    "which is cheaper", "which one is cheaper", "哪个便宜", "哪个更便宜", "哪张便宜", "哪张更便宜",
)  # fmt: skip
# How a price moved ("比上个月便宜了吗", "has the H100 price dropped?"): the catalogue keeps dated snapshots,
# not a history, and says so before today's prices.
PRICE_HISTORY = (
    "上个月", "上月", "去年", "涨价", "降价", "涨了", "降了", "变便宜", "变贵", "走势",
    "last month", "last year", "price history", "price trend", "gone up", "went up", "gone down", "went down",
    "dropped", "risen", "rose", "compared to last", "than before", "over time",
)  # fmt: skip
# Asking how much an option saves ("how much would spot save?", "用竞价实例能省多少"): about that option,
# even though it asks "how much".
SAVING_ASKS = (
    "save", "saving", "how much cheaper", "how much less", "省多少", "能省", "省下", "省钱", "便宜多少",
    "便宜几",
)  # fmt: skip
# Invoices and company payment ("能开发票吗", "对公转账可以吗", "可以開統一發票嗎", "can you invoice us?"):
# outside what the advisor does (it rents and bills nothing); the provider rented from issues them.
PAPERWORK_ASKS = (
    "发票", "专票", "普票", "开票", "对公", "公对公", "invoice", "invoices", "invoicing", "fapiao",
    "vat receipt",
)  # fmt: skip
# Which of two billing terms costs less ("包月跟按量哪个划算", "which is cheaper, weekly or on demand").
WHICH_PAYS = (
    "哪个划算", "哪个更划算", "哪个便宜", "哪个更便宜", "哪种划算", "哪种更划算", "哪种便宜", "哪个省钱",
    "which is cheaper", "which one is cheaper", "which works out cheaper", "which is better value",
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
    # "A10 和 L4 哪个推理延迟低？价格差多少": which answers sooner, beside the price
    "延迟低", "延迟更低", "延迟小", "延迟更小", "lower latency", "less latency",
    # "A100 和 H100 哪个推理吞吐高": which serves more tokens per second
    "吞吐高", "吞吐更高", "吞吐量高", "吞吐量更高", "higher throughput", "more throughput",
    # "does a 3090 beat a 4090 for LoRA?", "H100 能打过 A100 吗": one GPU winning over the other
    "beat", "beats", "outperform", "outperforms", "outpace", "outpaces", "outrun", "outruns",
    "胜过", "打得过", "打过", "干得过", "赢过", "跑赢", "得赢", "跑得过",
)  # fmt: skip
# Verbs that ask for a list; with GPU words and no GPU named they ask for the catalogue.
LIST_VERBS = ("列出", "列一下", "列个", "都列", "全部列", "list", "show me all", "show all", "enumerate")
# The catalogue as a list: "列出所有 GPU", "show me the gpu catalog", "what GPUs do you know about?".
LIST_GPUS = (
    "有哪些gpu", "有哪些显卡", "有哪些卡", "支持哪些gpu", "支持哪些显卡", "哪些gpu", "gpu列表", "显卡列表",
    "列出所有",
    "列出gpu", "列出显卡", "所有gpu", "所有显卡", "所有的gpu", "所有的显卡", "全部gpu", "全部显卡", "gpu目录",
    "显卡目录", "卡清单", "显卡清单", "gpu清单", "卡的清单", "卡列表", "卡的列表", "型号清单", "型号列表",
    "有什么卡", "有哪些型号", "有什么显卡", "有什么gpu",
    "list gpus", "list gpu", "list the gpus", "list all", "all gpus", "all the gpus", "show gpus", "gpu list",
    "gpu catalog", "gpu catalogue", "the catalog", "the catalogue", "your catalog", "your catalogue",
    "which gpus", "what gpus", "gpus do you know", "gpus do you have", "gpus do you support",
    "gpus are supported", "gpus are available", "available gpus", "supported gpus", "what accelerators",
    "which accelerators", "accelerators do you", "what cards do you", "which cards do you",
    "cards are available", "available cards", "cards available", "gpus available", "what gpu options",
    "what cards can you",
)  # fmt: skip

# The catalogue's extreme on one figure, no GPU named: "显存最大的卡是哪张", "which gpu has the most memory?",
# "算力最强的卡". Text is simplified Chinese, lower-cased.
MOST_MEMORY = (
    "most memory", "most vram", "most gpu memory", "largest memory", "biggest memory", "highest memory",
    "largest vram", "biggest vram", "most hbm", "显存最大", "最大显存", "显存最多", "最多显存", "显存最高",
    "记忆体最大", "最大记忆体", "显存最大的",
)  # fmt: skip
MOST_COMPUTE = (
    "most powerful gpu", "most powerful card", "fastest gpu", "fastest card", "strongest gpu", "most compute",
    "most tflops", "highest tflops", "算力最强", "算力最高", "算力最大", "最强的卡", "最快的卡", "最强的gpu",
    "最快的gpu", "最强显卡", "最快显卡",
)  # fmt: skip
# The best value with no job named ("性价比最高的卡是哪张", "which GPU has the best price per TFLOP?"): the
# catalogue ranked by work per dollar, not the cheapest GPU-hour (with a job, CHEAPEST plans it).
MOST_VALUE = (
    "性价比最高", "性价比最好", "最有性价比", "性价比最强", "每美元算力最高", "每美元算力", "最划算",
    "best value", "best price per tflop", "best price/performance", "best price performance",
    "price per tflop", "tflops per dollar", "tflops per $", "most cost-effective", "most cost effective",
    "best bang for the buck", "most bang for the buck",
)  # fmt: skip
MOST_BANDWIDTH = (
    "most bandwidth", "highest bandwidth", "most memory bandwidth", "highest memory bandwidth",
    "带宽最高", "带宽最大", "最高带宽", "最大带宽",
)  # fmt: skip
# The memory a card reports to software, asked beside its datasheet size: "usable memory of an RTX PRO 6000
# in nvidia-smi", "MI300X 实际可用显存多少" (the card line answers with the nvidia-smi / rocm-smi total).
USABLE_MEMORY = (
    "usable memory", "usable vram", "usable gpu memory", "nvidia-smi", "nvidia smi", "rocm-smi", "rocm smi",
    "实际可用", "可用显存", "显存实际", "能用多少显存", "实际能用",
)  # fmt: skip
# The GPU for a sized job, no data said: "what's the best gpu for fine-tuning a 7B model?", "哪张卡最适合
# 微调 13B", "what GPU do I need to fine-tune Llama 3 8B?", "微调 7B 需要什么显卡": the job ranked per 1B
# tokens; data or a deadline said with it makes it a plan (answers/best.PLAN_SLOTS).
BEST_GPU = (
    "best gpu", "best card", "best gpus", "best cards", "best hardware", "gpu is best", "card is best",
    "最适合", "最合适", "哪张卡最好", "哪个卡最好", "什么卡最好", "哪种卡最好", "最好的卡", "最佳的卡",
    "what gpu do i need", "which gpu do i need", "what gpus do i need", "what gpu do we need",
    "which gpu do we need", "what gpus do we need", "what hardware do i need", "what hardware do we need",
    "what gpu should i use", "which gpu should i use", "what gpu should we use", "which gpu should we use",
    "需要什么显卡", "需要什么卡", "需要什么gpu", "需要什么 gpu", "需要哪种卡", "需要哪款卡", "该用什么卡",
    "应该用什么卡", "用什么显卡好", "用什么卡好", "用什么卡", "用什么显卡", "用哪种卡", "用哪张卡",
    # which GPU to rent: "该租啥卡", "要租什么 GPU", "what gpu should i rent"
    "租什么卡", "租啥卡", "租什么gpu", "租啥gpu", "租什么显卡", "租哪种卡", "租哪款卡", "租哪张卡", "租哪张",
    "该租哪", "要租哪", "该租什么", "该租啥",
    "要租什么", "要租啥", "用啥卡", "what gpu should i rent", "which gpu should i rent",
    "what gpus should i rent", "which gpus should i rent", "what gpu should we rent",
    "what gpus should we rent", "which gpus should we rent", "which gpu should we rent", "what should i rent",
    "what should we rent",
)  # fmt: skip
# Which GPU to take, asked with a verb BEST_GPU's phrases do not list ("what gpu should i pick", "which card
# would you recommend", "what GPUs to choose for…", "选什么卡", "推荐哪张卡"): the same question.
GPU_TO_TAKE = re.compile(
    r"\b(?:what|which)(?: kind of| type of)? (?:gpus?|cards?|graphics cards?|hardware|accelerators?)"
    r"(?: (?:should|would|do|could|can|shall) (?:i|we|you))?(?: to)?"
    r" (?:use|rent|pick|choose|get|go with|go for|recommend|suggest|buy)\b"
    r"|\brecommend (?:a |an |me a |us a )?(?:gpu|card)\b"
    # "用哪张显卡", "推荐哪一张顯示卡" (Taiwan's 顯示卡), "选哪款 GPU"
    r"|(?:选|挑|推荐|建议|用|租)(?:一下|用|租)?(?:什么|哪一?种|哪一?款|哪一?张|哪一?个|啥)(?:样的)?\s*"
    r"(?:显卡|显示卡|卡|gpu)"
)


# The words of BEST_GPU that ask for the best, not for what will do: "what GPU do I need for a 7B LoRA?"
# is answered with the cheapest hour that holds the job, "the best GPU for a 7B LoRA" with the best value.
BEST_ONLY = (
    "best gpu", "best card", "best gpus", "best cards", "best hardware", "gpu is best", "card is best",
    "最适合", "最合适", "最好", "最佳",
)  # fmt: skip
# A task ruled out before the one meant ("不是要训练，只是推理：…", "not for training, just inference"):
# the message says what it is about, it corrects nothing said before.
NEGATED_TASK = (
    "不是要训练", "不是训练", "不是做训练", "不做训练", "不用训练", "不训练", "不是要微调", "不是微调",
    "不是要部署", "不是部署", "不是推理", "不是要推理", "not for training", "not training", "not to train",
    "no training", "not for fine-tuning", "not fine-tuning", "not for inference", "not inference",
    "not for serving", "not serving",
)  # fmt: skip
# Asking for the plan itself ("帮我算下预训练 1.3B 需要什么卡", "help me plan a 7B fine-tune"): the form asks
# what the plan needs, even where the words also ask which GPU.
PLAN_REQUEST = (
    "帮我算", "帮忙算", "帮我估", "帮我规划", "帮我做个方案", "给个方案", "出个方案", "做个方案",
    "help me plan", "help me size", "plan this", "size this", "make a plan", "plan it",
)  # fmt: skip
# A memory size said as a floor ("80GB 以上的卡", "GPUs with at least 48GB"); without one,
# "24G 显存的卡有哪些" asks for the cards of that size.
AT_LEAST = (
    "以上", "至少", "起步", "超过", "大于", "不少于", "不低于", "or more", "at least", "more than", "over",
    "above", "bigger than", "larger than", "greater than", "or larger", "or bigger", "+", "≥", ">=",
    "minimum",
)  # fmt: skip
# Words that ask for a list of GPUs with a feature: "哪些卡有 NVLink", "which gpus have nvlink?".
WHICH_GPUS = (
    "which gpus", "which gpu", "which cards", "what gpus", "what cards", "list", "哪些卡", "哪些gpu",
    "哪些显卡", "哪几张", "哪几款", "哪些型号", "哪款", "哪张",
)  # fmt: skip
# Cloud regions a price question may ask for, by the place people name: (English name, Chinese name, the
# words that name it (simplified, lower-cased), fragments of the providers' region codes there).
CLOUD_REGIONS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Tokyo", "东京", ("tokyo", "东京", "japan", "日本"),
     ("ap-northeast-1", "japan", "asia-northeast1", "tokyo")),
    ("Singapore", "新加坡", ("singapore", "新加坡"), ("ap-southeast-1", "southeastasia", "asia-southeast1")),
    ("Hong Kong", "香港", ("hong kong", "hongkong", "香港"), ("ap-east-1", "eastasia", "asia-east2")),
    ("Taiwan", "台湾", ("taiwan", "taipei", "台湾", "台北"), ("ap-east-2", "asia-east1", "taiwan")),
    ("Seoul", "首尔", ("seoul", "korea", "首尔", "韩国"), ("ap-northeast-2", "korea", "asia-northeast3")),
    ("Mumbai", "孟买", ("mumbai", "india", "孟买", "印度"), ("ap-south-1", "india", "asia-south1")),
    ("Sydney", "悉尼", ("sydney", "australia", "悉尼", "澳洲", "澳大利亚"),
     ("ap-southeast-2", "australia")),
    ("Frankfurt", "法兰克福", ("frankfurt", "germany", "法兰克福", "德国"),
     ("eu-central-1", "germany", "europe-west3")),
    ("London", "伦敦", ("london", "伦敦", "英国"), ("eu-west-2", "uk", "europe-west2")),
    ("Europe", "欧洲", ("europe", "欧洲", "欧盟"), ("eu-", "europe", "uk", "france", "sweden", "germany",
                                                  "norway", "switzerland", "italy", "poland", "spain")),
)  # fmt: skip
# Asking how much load fixed hardware carries: "how many QPS can one L40S handle", "吞吐多少".
THROUGHPUT_ASKS = (
    "how many qps", "what qps", "how many requests per second", "requests per second can", "how many req/s",
    "tokens per second", "tokens/s", "tok/s", "throughput", "吞吐", "每秒多少", "每秒能", "qps多少",
    "能撑多少", "撑多少", "扛多少", "多少qps",
)  # fmt: skip
# How often something happens ("每半小时存一次", "every 2 hours"): with a span of days, a retention,
# not a deadline.
EVERY_WORDS = ("每隔", "每半", "每小时", "每天", "every", "each hour", "each day")
# A cheaper GPU than the one named, for a job: "有没有比 H100 便宜但够用的卡做 LoRA 13B", "anything cheaper
# than an A100 that can LoRA a 13B?": the cheapest GPUs that hold the job, the named one only the reference.
CHEAPER_THAN = (
    "便宜但", "更便宜的卡", "便宜点的卡", "便宜一点的卡", "cheaper than", "cheaper alternative",
    "cheaper option", "cheaper gpu", "cheaper card", "cheaper one",
)  # fmt: skip
# A price ceiling on a list of GPUs: "list gpus under $1/hr", "1 美元以下的卡有哪些".
PRICE_CEILING = (
    "under", "below", "less than", "cheaper than", "at most", "no more than", "up to", "以下", "以内",
    "之内", "不超过", "低于", "少于", "< $", "<$", "<= $", "<=$", "≤ $", "≤$",
)  # fmt: skip

# Accelerators the catalogue does not hold (not NVIDIA or AMD GPUs): a question about one asks what the
# catalogue covers ("Do you support TPUs?", "有昇腾的价格吗", "昆仑芯能训练吗"), and the model number
# after one is no model size ("昇腾 910B", "TPU v5", "MLU370", "昆仑芯 P800"). Not "atlas": Huawei's
# server line shares the name with MongoDB Atlas, where people keep their data. Text is simplified
# Chinese here (崑崙 arrives as 昆仑).
# Huawei Ascend model numbers named on their own ("910B 能训练 70B 吗"): a chip, not a 910B-parameter model.
ASCEND_MODELS = ("910a", "910b", "910c")
# China's own accelerators, as a group ("国产卡能训练大模型吗") and by maker: Ascend, Cambricon, Hygon,
# Kunlun… Outside the catalogue; the answer offers the cards rentable in China that it holds, not its list.
CHINA_ACCELERATOR_GROUP = (
    "国产卡", "国产gpu", "国产 gpu", "国产芯片", "国产算力", "国产加速卡", "国产显卡", "国产ai芯片",
    "国产 ai 芯片",
)  # fmt: skip
CHINA_ACCELERATOR_MAKERS = (
    "升腾", "昇腾", "ascend", "寒武纪", "cambricon", "mlu", "昆仑", "kunlun", "kunlunxin", "海光", "hygon",
    "燧原", "enflame", "摩尔线程", "moore threads", "壁仞", "biren", "沐曦", "metax", "天数智芯", "iluvatar",
)  # fmt: skip
CHINA_ACCELERATORS = (*CHINA_ACCELERATOR_GROUP, *CHINA_ACCELERATOR_MAKERS, *ASCEND_MODELS)
# Apple silicon: "can i train on a macbook m3", "Mac Studio 能跑 70B 吗", "can I train on a Mac M3 Max?",
# "苹果电脑能微调吗": not in the catalogue, and what a Mac can do locally (the FAQ on Apple silicon). The
# longer names first: the first one found names it.
APPLE_SILICON = (
    "macbook pro", "macbook air", "macbook", "mac studio", "mac mini", "mac pro", "imac", "apple silicon",
    "apple m1", "apple m2", "apple m3", "apple m4", "m1 max", "m2 max", "m3 max", "m4 max", "m1 ultra",
    "m2 ultra", "m3 ultra", "m1 pro", "m2 pro", "m3 pro", "m4 pro", "苹果芯片", "苹果电脑", "苹果笔记本",
    "mac", "mps",
)  # fmt: skip
OTHER_ACCELERATORS = (
    *CHINA_ACCELERATOR_GROUP,  # first: "国产卡，像昇腾" names the group
    "tpu", "tpus", "gaudi", "gaudi2", "gaudi3", "trainium", "inferentia",
    *CHINA_ACCELERATOR_MAKERS,
    "npu", "npus", "ipu", "ipus", "cerebras", "groq",
    *APPLE_SILICON,
    *ASCEND_MODELS,  # last: "昇腾 910B" is named by its maker's word first
)  # fmt: skip
# Running on the CPU alone ("7B 模型能不能只用 CPU 部署", "run a 7B on CPU only"): outside the catalogue
# like the accelerators above. Not "cpu" alone: "offload to CPU" and "CPU 内存" go with a GPU plan.
CPU_ONLY = (
    "on cpu", "on a cpu", "on the cpu", "on cpus", "cpu only", "cpu-only", "only cpu", "only the cpu",
    "cpu inference", "cpu for inference", "without a gpu", "without gpus", "without any gpu",
    "只用cpu", "只用 cpu", "纯cpu", "纯 cpu", "仅用cpu", "仅用 cpu", "cpu部署", "cpu 部署", "cpu推理",
    "cpu 推理", "cpu上跑", "cpu 上跑", "cpu跑", "cpu 跑", "用cpu跑", "用 cpu 跑", "没有gpu", "没有 gpu",
    "没有显卡", "不用显卡", "不用gpu", "不用 gpu",
)  # fmt: skip

# -- workloads ----------------------------------------------------------------------------------
# Asking how much GPU memory something needs ("DeepSeek-V3 全参微调要多少显存？").
MEMORY_ASK = (
    "多少显存", "多大显存", "显存要多少", "显存需要多少", "显存多少", "显存需求", "显存占用", "占多少显存",
    "吃多少显存", "显存分别要多少", "显存各要多少", "显存分别需要多少", "显存各需要多少", "显存各是多少",
    "显存分别是多少", "显存各多少", "显存分别多少",
    "需要多少内存", "多少g显存", "几g显存", "多少gb显存", "显存够", "how much memory", "how much vram",
    "how much gpu memory", "how much ram", "memory requirement", "memory requirements", "memory needed",
    "memory does it need", "memory do i need", "memory do we need", "vram requirement", "vram needed",
    "how many gb", "memory footprint", "how much hbm", "vram for", "memory for", "gpu memory for",
    "vram to", "gpu memory to", "memory to train", "memory to pretrain", "memory to pre-train",
    "memory to fine-tune", "memory to finetune", "memory to fine tune", "memory to run", "memory to serve",
    "显存要求", "要多大显存", "占用多少显存", "需要多大显存",
    # Taiwan says 記憶體 for memory (simplified: 记忆体): "全參數微調 13B 需要多少記憶體"
    "多少记忆体", "多大记忆体", "记忆体要多少", "记忆体需要多少", "记忆体需求", "占多少记忆体",
    # the memory as the question's last word: "Mixtral 8x7B full fine-tune memory?"
    "memory?", "vram?", "memory usage", "memory estimate", "memory needs", "显存？", "显存?", "显存呢",
    # VRAM said for memory: "whats the vram footprint of llama 3 8b full finetune with adam"
    "vram footprint", "vram usage", "vram needs", "vram estimate", "how much gpu ram",
    "how much video memory",
    # per GPU: "LoRA 70B on 8x A100, memory per GPU?", "每卡显存多少"
    "memory per gpu", "per-gpu memory", "memory per card", "vram per gpu", "每卡显存", "每张卡显存",
    # "how much gpu mem does qlora on llama 3.1 70b take"
    "gpu mem", "how much mem", "mem does", "memory does", "vram does", "memory will", "memory would",
    "单卡显存多少", "每卡多少显存", "多少vram", "vram多少", "vram要多少", "多大vram", "几g的vram",
)  # fmt: skip
# Asking what a change saves in memory ("QLoRA 能省多少显存", "how much memory would QLoRA save?"): the plan's
# change line then says the memory per GPU before and after (dialogue.recommend).
# Whether memory holds at a sequence length said ("if I raise the context length to 16k will memory blow up?",
# "context 16k, will it OOM?", "序列长度16k显存会爆吗", "序列長度加到16k顯存會爆嗎"): read only with a length
# said (slot seq_len). Before a plan, the FAQ on how the length drives memory, then the model asked for; on a
# plan, that plan's memory at the new length (answers/plan_memory.at_length). zh-Hant is folded first.
LENGTH_MEMORY = (
    *OUT_OF_MEMORY, "memory", "vram", "blow up", "blows up", "explode", "still fit", "fit in", "显存", "内存",
    "记忆体", "放得下", "放不下", "装得下", "撑得住", "撑不住",
)  # fmt: skip
MEMORY_SAVED = (
    *MEMORY_ASK, "省多少显存", "显存能省", "显存省", "显存能降", "显存降", "显存少", "save memory",
    "memory saving", "saves memory", "less memory", "memory save",
)  # fmt: skip
# Asking how big the saved files are: a checkpoint or the weights on disk ("How big is a checkpoint
# of a 70B model?", "7B 全参训练一个 checkpoint 多大", "70B 模型的權重檔案有多大"). Taiwan's 檔案 (a file)
# is 档案 once simplified. The FAQ answers it per parameter; the memory answer would be GPU memory.
# The answer (bot/dialogue/answers/stored.py) tells weights from checkpoints by the first two lists.
WEIGHT_FILES = (
    "weights file", "weight file", "weight files", "weights on disk", "model file", "model files",
    "safetensors", "权重文件", "模型文件", "权重档案", "模型档案", "权重有多大", "权重多大",
    # the weights themselves, with a size asked and no GPU memory word (intents._asks_stored_size)
    "weights", "权重",
)  # fmt: skip
CHECKPOINT_FILES = ("checkpoint", "checkpoints", "检查点", "存档")
# The adapter words; named as the way to fine-tune they are LoRA too (lexicon.ADAPTER_TUNING).
ADAPTER_WORDS = ("adapter", "adapters", "适配器")
ADAPTER_FILES = (*ADAPTER_WORDS, "lora adapter", "adapter file")
STORED_FILES = WEIGHT_FILES + CHECKPOINT_FILES + ADAPTER_FILES
# Storage itself, for a dataset's size on disk ("多大的儲存空間", "how much disk for 2T tokens").
STORAGE_WORDS = (
    "存储", "储存", "硬盘", "磁盘", "硬碟", "磁碟", "盘", "空间", "容量", "storage", "disk", "space", "nvme",
    "ssd", "存起来", "存下来", "存放", "落盘", "to store", "store it", "store them",
)  # fmt: skip
SIZE_ASK = (
    "how big", "how large", "what size", "size of", "how much disk", "how much storage", "how many gb",
    "多大", "大小", "多少gb", "多少g", "占多少", "多少存储", "多少硬盘", "多少磁盘", "多少空间",
    # Taiwan's 硬碟/磁碟 stay as they are once simplified; "checkpoint size?", "disk space for ..."
    "多少硬碟", "多少磁碟", "多少容量", "size", "disk space", "how much space", "how much room",
    "几gb", "几g", "几tb", "多少tb", "几t", "how many tb", "how many terabytes",
)  # fmt: skip
# Asking how much data a model should be trained on ("How many tokens should I train a 3B model on?",
# "3B 模型要多少数据", "7B 预训练需要多少 token"). Text is simplified and compacted ("多少 token": 多少token).
DATA_ASK = (
    "多少数据", "多少token", "多少个token", "多少tokens", "多少训练数据", "多少语料", "多少数据量",
    "数据量多少", "数据要多少", "数据需要多少", "数据量要多少", "数据量需要多少", "需要多大的数据",
    "多大的数据集", "多少词元",
    # counted in examples: "做客服需要多少条数据", "要幾筆資料" (笔/资料 once simplified)
    "多少条数据", "多少条样本", "多少条训练数据", "多少条语料", "多少个样本", "多少样本", "多少条对话",
    "多少笔资料", "多少笔数据", "多少笔训练资料", "多少资料", "几条数据", "几笔资料", "几条资料", "几条样本",
    "几条训练数据", "几条语料", "几笔数据",
    "how many tokens", "how much data", "how much training data", "how much text", "how many training tokens",
    "how big a dataset", "how large a dataset", "how big should the dataset", "what dataset size",
    "how much pretraining data", "how much pre-training data",
    "how many examples", "how many training examples", "how many samples", "how many training samples",
    "how many conversations", "how many rows",
)  # fmt: skip
# Asking what a run did use ("how many tokens was Llama 3 trained on?"): a fact about that run.
DATA_USED = (
    "was trained",
    "were trained",
    "tokens was",
    "tokens were",
    "tokens did",
    "data was",
    "data did",
    "did it",
    "did they",
    "用了多少",
    "训练了多少",
    "训了多少",
)
# The cheapest GPU for a job ("what's the cheapest GPU that can QLoRA a 7B model?").
CHEAPEST = (
    "cheapest", "least expensive", "lowest cost", "lowest-cost", "most affordable", "most cost-effective",
    "most cost effective", "best value", "budget gpu", "最便宜", "最省钱", "成本最低", "最低成本", "最划算",
    "性价比最高", "最实惠", "最少的钱", "花最少钱", "least money", "as cheaply as possible",
)  # fmt: skip
# Speed asked of GPUs compared for a job ("H20 和 A800 训练 32B 哪个快", "which is faster for a 32B?"): with
# no data and no cost weighed, the speed per GPU is the answer (answers/workload_compare).
SPEED_ASKED = (
    "快", "慢", "速度", "faster", "fastest", "quicker", "quickest", "slower", "speed", "more quickly",
)  # fmt: skip
# Cost weighed in a comparison of GPUs for a job ("H20 和 A800 训练 32B 哪个划算", "which is cheaper"): the
# totals are the answer; without such a word a "which is faster" needs no data (answers/workload_compare).
COST_WEIGHED = (
    *VALUE_ASKS, *CHEAPEST, "便宜", "贵", "省钱", "成本", "费用", "花多少", "多少钱", "cheaper", "cheap",
    "expensive", "pricier", "cost", "costs", "price", "budget", "预算",
)  # fmt: skip
# Watching cost without a superlative: "预算有限，想QLoRA微调14B，推荐什么卡", "budget option for serving".
ON_A_BUDGET = (
    "预算有限", "预算不多", "预算紧", "预算比较少", "预算少", "没什么预算", "经费有限", "便宜点",
    "便宜一点", "省钱", "便宜的卡", "便宜的显卡", "便宜的gpu",
    "on a budget", "limited budget", "tight budget", "low budget", "small budget", "budget option",
    "budget-friendly", "budget friendly", "cheap", "affordable", "inexpensive",
    # asking to do what they run now for less: "we burn $15k/month on 8x A100 serving a 13B, could we do it
    # cheaper?", "can we cut that cost?", "現在 8 張 A100 跑 13B 推理，怎麼降低成本"
    "do it cheaper", "do this cheaper", "do that cheaper", "run it cheaper", "run this cheaper",
    "serve it cheaper", "host it cheaper", "a cheaper way", "any cheaper way", "cheaper setup",
    "cheaper option", "cheaper options", "cheaper alternative", "cheaper alternatives", "cut costs",
    "cut cost", "cut our costs", "cut our cost", "cut the cost", "cut that cost", "cut our bill",
    "reduce costs", "reduce cost", "reduce our costs", "reduce the cost", "lower our costs", "lower the cost",
    "bring the cost down", "bring costs down", "save money", "spend less",
    "更便宜", "便宜些", "降低成本", "降成本", "降本", "省点钱", "少花点钱", "少花钱",
)  # fmt: skip
# Asking which GPU to use: with a job and ON_A_BUDGET, the cheapest GPU that does it.
WHICH_GPU = (
    "推荐什么卡", "推荐什么gpu", "推荐哪", "用什么卡", "用什么gpu", "什么卡", "哪张卡", "哪款", "选什么",
    "租什么",
    # "有什么便宜的卡可以跑 QLoRA 7B", "有没有便宜点的显卡": which cards, asked with what they should be
    "有什么便宜", "有没有便宜", "有哪些便宜",
    "which gpu", "what gpu", "which gpus", "what gpus", "which card", "what card", "which cards",
    "what cards",
    "what hardware", "which hardware", "what should we rent", "what should i rent", "recommend", "suggest",
    "option", "options",
)  # fmt: skip
# Where to rent: with a GPU named and no job, the cheapest offering ("哪家租4090最便宜" has 最便宜).
CHEAPEST_PLACE = (
    "cheapest place", "cheapest provider", "cheapest cloud", "where to rent", "where can i rent",
    "where is it cheapest", "best price", "best deal", "lowest price", "哪里租最便宜", "哪家最便宜",
    "去哪租", "哪里租", "在哪租", "哪里便宜", "哪家便宜", "最低价", "在哪里能租", "在哪里可以租", "哪里能租",
    "哪里可以租", "哪里租得到", "哪里能租到", "哪家有", "哪些云有", "哪个云有", "哪里有得租", "where to get",
    "where can i get", "where can we rent", "where can we get", "who rents", "who has",
)  # fmt: skip
# Where to rent, asked beside a rent word and a GPU named ("租 H100 有推荐的吗", "在台湾要租 H100 去哪家",
# "any cloud that rents H100s?"): which providers list it (CHEAPEST_PLACE: the phrases that say so alone).
WHERE_TO_RENT = (
    "推荐", "去哪", "哪家", "哪里", "recommend", "recommendation", "recommendations", "any cloud",
    "any provider", "where",
)  # fmt: skip
# Model-card fields a question asks about (Parse.model_fields): "How many layers does Llama 3 70B have?",
# "DeepSeek-V3 激活参数多少", "KV cache per token of Llama 3 70B".
MODEL_FIELDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("layers", ("layers", "layer count", "num layers", "num_hidden_layers", "depth", "层数", "多少层", "几层",
                "层")),
    ("hidden", ("hidden size", "hidden dim", "hidden dimension", "hidden_size", "d_model", "model dimension",
                "隐藏层维度", "隐层维度", "隐藏维度", "隐藏层大小", "hidden")),
    ("heads", ("attention heads", "num heads", "how many heads", "query heads", "注意力头", "头数",
               "多少个头")),
    ("kv_heads", ("kv heads", "kv head", "key-value heads", "key/value heads", "gqa", "kv头", "kv 头",
                  "kv组")),
    ("vocab", ("vocab", "vocabulary", "vocab size", "词表", "词汇表")),
    ("context", ("context length", "context window", "max context", "maximum context", "上下文长度",
                 "上下文窗口", "最长上下文", "最大上下文", "max position", "支持多长",
                 # "what's the longest context llama 3.1 70b can handle on 2 H100s?", "上下文能开多长"
                 "longest context", "how long a context", "how much context", "how many tokens of context",
                 "上下文最长", "上下文能开多长", "上下文能开到多长", "上下文能到多长")),
    ("active_params", ("active params", "active parameters", "activated parameters", "activated params",
                       "激活参数", "激活参数量", "激活的参数", "激活多少")),
    ("params", ("how many parameters", "how many params", "parameter count", "number of parameters",
                "多少参数", "参数量多少", "参数量是多少", "总参数", "多少个参数")),
    ("experts", ("experts", "how many experts", "专家", "专家数", "moe结构", "几个专家")),
    ("kv_per_token", ("kv cache per token", "kv per token", "kv cache size per token", "per-token kv",
                      # the KV cache of a named model, maybe at a context: "kv cache for llama 3 70b at 8k"
                      "kv cache for", "kv cache of", "kv cache size", "size of the kv cache", "kv cache at",
                      "kv缓存多大", "kv cache多大", "kv cache有多大", "kv缓存有多大", "kv缓存要多少",
                      "kv cache要多少",
                      "kv cache占多少", "kv缓存占多少",
                      # "how much KV cache does one 128k request take", "一个请求要吃多少 KV cache"
                      "how much kv cache", "how much kv", "多少kv cache", "多少 kv cache", "多少kv缓存",
                      "多少 kv 缓存", "kv cache需要多少", "kv缓存需要多少",
                      "kv cache 每个token", "kv cache每个token", "每个token的kv", "每token的kv",
                      "kv cache每token",
                      "kv cache 每token")),
    ("architecture", ("architecture", "config.json", "model card", "架构", "模型结构", "网络结构")),
    # Which parameters the compute follows (an MoE's active ones): "训练算力按哪个算", "compute per token"
    ("compute", ("compute per token", "flops per token", "worth of compute", "compute does it",
                 "compute cost", "算力按", "计算量按", "按哪个算", "算力怎么算", "计算量怎么算",
                 "每个token的计算量", "每token计算量")),
)  # fmt: skip
# Fields that make a question of a model card even without a question word: "KV cache per token of X".
# Busy engineers drop the question word: "kv cache size for llama 70b at 32k ctx", "llama 3.1 70b
# architecture".
MODEL_FIELD_ALWAYS = (
    "kv cache per token", "kv per token", "每个token的kv", "激活参数", "layers", "层数", "kv cache size",
    "size of the kv cache", "kv缓存多大", "kv cache多大", "architecture", "config.json", "num_hidden_layers",
    "hidden size", "vocab size", "模型结构", "架构",
)  # fmt: skip

# Proposing a GPU for the job under discussion, as a yes/no question: "用 4090 可以吗", "can we use
# A100s?", "would an H100 be faster?". Without a plan it is a question about the GPU itself.
# PROPOSES_BETTER asks whether it beats the plan rather than whether it runs the job at all.
PROPOSES_BETTER = ("更快", "更便宜", "快一点", "便宜一点", "faster", "cheaper", "quicker")
PROPOSES = (
    *PROPOSES_BETTER,
    "用", "换", "使用", "改用", "换成", "可以吗", "可以么", "可以嘛", "行吗", "行么", "行不行", "可不可以",
    "能行", "够", "use", "using", "switch", "instead", "work",
    "do it", "do this", "do the job", "run it", "ok", "okay", "enough",
    "train with", "train on", "fine-tune with", "fine-tune on", "finetune with", "finetune on",
    "放得下", "装得下", "塞得下", "跑得动", "fit",
    # "A100 能跑吗？" after a plan: the job on it
    "能跑", "跑得了", "可以跑", "can it run", "can we run",
)  # fmt: skip

# Asking whether a change to the plan at hand can be made: "时间减半可以吗", "能不能把预算砍半", "can we halve
# the time?". A conditional ("if I double the GPUs, does training take half as long?") asks about scaling in
# general instead (CONDITIONALS).
ASKS_TO_CHANGE = (
    "可以吗", "可以么", "可以嘛", "行吗", "行么", "行不行", "可不可以", "能不能", "能否", "能把", "可以把",
    "can we", "could we", "can you", "could you", "is it possible", "possible to",
    # "could it run twice as fast?": the plan held ("it"), with its time scaled
    "could it", "can it", "could this", "can this", "make it",
)  # fmt: skip
# Words that make what follows a supposition; intents.WHATIF builds on them too.
SUPPOSE = ("如果", "要是", "假如", "假设", "suppose")
# The cost of the job held on other hardware ("what would it cost with H200s?", "用 H200 的话多少钱"), not
# the GPU's price list: said after a plan, with no period the price is asked per.
JOB_COST_ON = (
    "would it cost", "would that cost", "will it cost", "would this cost", "does it cost", "的话", "总共多少",
    "一共多少", "要花多少",
    # "how much would that be on AWS?", "how much on Lambda?", "price it on GCP"
    "how much would that be", "how much would it be", "how much would this be", "how much is that",
    "how much is it", "how much on", "how much there", "price it", "price this", "price that", "re-price",
    "reprice",
)  # fmt: skip
CONDITIONALS = (*SUPPOSE, "if ", "assuming")
# A price asked per GPU ("the per-GPU price of H100 vs L40S", "H100 和 L40S 每卡单价"): the GPUs' price lists,
# even after a serving answer (not that deployment's cost on each).
PER_GPU_PRICE = (
    "per gpu", "per-gpu", "per card", "each gpu", "a gpu", "one gpu", "per gpu-hour", "per gpu hour",
    "gpu-hour", "每卡", "每张卡", "单卡", "单价", "卡时", "list price", "price list", "list prices",
)  # fmt: skip
# A GPU kept running, the condition of a price asked ("what's an H100 a month if we keep it 24/7", "要是一直
# 开着，A100 一个月多少钱"): how long it is rented, no what-if on a plan.
KEPT_RUNNING = (
    "keep it", "keep them", "keep one", "run it", "run them", "run one", "leave it", "leave them",
    "leave one",
    "一直开着", "开着不关", "不关机", "一直跑", "小时开着", "全天开着",
)  # fmt: skip
# The model of the training job held, pointed at from a serving question ("训完以后要部署上线，同一个模型",
# "once it's trained we need to serve it"): the serving answer sizes that model (dialogue.consultant).
THE_JOB_MODEL = (
    "同一个模型", "同一模型", "同样的模型", "这个模型", "该模型", "训完", "训好", "训练好", "训出来",
    "训练完",
    "微调后", "微调完", "微调好", "the same model", "same model", "once it's trained", "once it is trained",
    "once trained", "after training", "the trained model", "the fine-tuned model", "the finetuned model",
    "serve it", "deploy it", "host it", "this model", "that model",
)  # fmt: skip
# After a plan over its budget, asking how to get within it ("is there any way to make that work?",
# "有没有办法压到预算内"): what the budget buys for the job (answers/budget.py).
MAKE_IT_FIT = (
    "any way", "anyway to", "make that work", "make it work", "make this work", "make it fit",
    "fit the budget", "fit our budget", "within budget", "within the budget", "under budget",
    "what can we do", "what are our options", "有没有办法", "有什么办法", "怎么办", "怎么才能",
    "压到预算", "控制在预算", "预算内", "预算之内", "预算以内", "有办法吗", "能不能省", "怎么省",
)  # fmt: skip
# The cost of the plan shown, asked after it ("那一共要花多少钱？", "折合人民币多少？",
# "how much is that in RMB?"): its total in both currencies, against the budget held
# (answers/plan_cost.py). A GPU named makes it a price question; a currency word alone asks for the
# plan's cost in it.
PLAN_COST_ASKS = (
    "多少钱", "花多少", "一共多少", "总共多少", "总费用", "总成本", "总价", "费用多少", "成本多少",
    "how much is that", "how much is it", "how much will", "how much would", "how much does",
    "how much in total", "how much money", "how much all in", "total cost", "cost in total",
    "what's the cost", "what is the cost", "what does it cost", "what will it cost", "what would it cost",
    "what's the damage", "费用大概", "费用是多少", "费用呢", "价格呢", "价钱", "总花费", "花费多少",
)  # fmt: skip
# The plan's cost per hour asked after it ("一小时多少钱？", "多少錢一小時", "what's the hourly rate?"): its
# GPUs' hourly price (instance, provider, dated), then the total (answers/plan_cost.py).
PLAN_HOURLY_ASKS = (
    "一小时多少", "多少钱一小时", "每小时多少", "一个小时多少", "每个小时多少", "按小时多少", "时薪",
    "hourly rate", "hourly cost", "hourly price", "cost per hour", "price per hour", "rate per hour",
    "how much per hour", "how much an hour", "how much is it per hour", "how much is that per hour",
    "how much by the hour", "per-hour cost", "per-hour price", "per hour cost",
)  # fmt: skip
# The plan's GPUs kept a whole month asked after it ("如果一直租着这些卡，一个月多少钱？", "how much per
# month if we keep them running?", "租一整個月要多少"): its hourly price × 730 hours, then the job's own
# total (answers/plan_cost.py). 包月 (a monthly commitment) is the reserved-pricing answer's.
PLAN_KEPT_MONTHLY = (
    "一直租着", "一直开着", "一直租", "一直挂着", "长期租着", "一直租著", "一直开著", "长期租著", "长期租",
    "租一个月", "租一整个月", "租满一个月", "开一个月", "开一整个月", "整月租", "租整月", "一整个月",
    "月租多少", "每月租金", "月租金", "keep them running", "keep it running", "keep them on", "keep the gpus",
    "keep these gpus", "keep those gpus", "keep the cluster", "keep them rented", "keep them for a month",
    "keep them all month", "leave them running", "leave it running", "run them all month",
    "for a whole month", "for the whole month", "for a full month", "a full month", "monthly cost of these",
    "monthly cost of the gpus", "monthly cost of this", "monthly rate", "monthly rent",
    "rent them for a month", "rent these for a month", "rent it for a month", "per month to keep",
    "a month to keep",
)  # fmt: skip
# The same asked in a word or two ("how much?", "total?", "费用？"): the whole message, punctuation aside.
PLAN_COST_WORDS = (
    "how much",
    "total",
    "cost",
    "price",
    "the cost",
    "the price",
    "total cost",
    "费用",
    "价格",
    "总价",
)
# The plan's pitfalls asked in a word ("FAQ?", "常见问题？"): the whole message.
WATCH_OUT_WORDS = ("faq", "faqs", "常见问题", "注意事项", "pitfalls", "gotchas", "risks", "风险")
# After a plan, asking for a cheaper one ("cheaper?", "便宜点的呢", "有更便宜的吗"): the plan of the lowest
# total cost that still meets the deadline, or that the plan shown already is (dialogue.consultant).
PLAN_CHEAPER = (
    "cheaper", "less expensive", "lower cost", "cheapest", "save money", "便宜点", "便宜一点", "便宜些",
    "更便宜", "再便宜", "最便宜", "省点钱", "省钱点", "更省钱", "成本低一点", "成本更低",
)  # fmt: skip
# A deadline pointed at, not said again ("在那之前训完就行", "needs to finish before then"): with a
# deadline held (a date said earlier, "我们 12 月 15 号要演示"), whether the plan shown makes it
# (dialogue.consultant).
BEFORE_THEN = (
    "在那之前", "那之前", "那天之前", "那天前", "在这之前", "这之前", "赶得上", "来得及", "before then",
    "by then", "before that", "in time", "make it in time", "make the deadline",
)  # fmt: skip
# A memory need stated to be checked ("7B 全参大概要 112G 显存，对吧", "needs about 112GB of VRAM, right?"):
# a need word right before the size the message asks about; that size is the user's estimate of the need,
# not a GPU's memory to hold the job in (answers/memory.py). The size is group 1.
_NEED_WORD = (
    r"(?:需要|要|得|占用|占|吃|(?<![a-z])(?:needs?|takes?|requires?|uses?|eats?))\s*"
    r"(?:about|around|roughly|approximately|approx\.?|like|大概|大约|约|差不多)?\s*[~≈]?\s*"
)
# "大概要 500 多 G", "needs 100+ GB": a size with 多/+ after it is that size, put up the same way.
MEMORY_CLAIMED = re.compile(_NEED_WORD + r"(\d+(?:\.\d+)?)\s*(?:多|\+)?\s*(?:gb|gib|g)(?![a-z])")
# The same need word ending the text before a size (slots: such a size put up to be confirmed is memory).
NEED_BEFORE_SIZE = re.compile(_NEED_WORD + "$")
# Words that put a stated figure up to be confirmed ("对吧", "没错吧", "right?").
CONFIRM_ASKS = (
    "对吧", "对吗", "对不对", "是吧", "是不是", "没错吧", "没错吗", "吧？", "吧?", "right", "correct",
    "is that so", "isn't it", "am i right", "yes?",
)  # fmt: skip
# Currency words a cost question asks in ("折合人民币", "in RMB"): that currency first.
CNY_WORDS = ("人民币", "rmb", "cny", "yuan", "renminbi")
# A price converted, not a value corrected ("换成台币大概多少", "換算成港幣", "转成人民币是多少"): the
# conversion verb with the currency it converts to (intents: no correction for it).
CONVERTED_TO_CURRENCY = re.compile(
    r"(?:换算|换|折算|折|转换|转)(?:成|为)\s*"
    r"(?:新台币|台币|港币|港元|人民币|美元|美金|日元|欧元|rmb|cny|usd|twd|ntd|hkd|nt\$|hk\$)"
)
# How often the plan's run is repeated, said with its cost ("how much is that per month if we do it every
# week", "retrained weekly", "每周跑一次一个月多少钱"): the days between runs (answers/plan_cost.py).
RUN_REPEATS: tuple[tuple[str, float], ...] = (
    ("every day", 1), ("each day", 1), ("daily", 1), ("nightly", 1), ("every night", 1), ("once a day", 1),
    ("twice a day", 0.5), ("every week", 7), ("each week", 7), ("weekly", 7), ("once a week", 7),
    ("once per week", 7), ("twice a week", 3.5), ("every other week", 14), ("every two weeks", 14),
    ("every 2 weeks", 14), ("biweekly", 14), ("bi-weekly", 14), ("fortnightly", 14), ("every month", 30.4),
    ("each month", 30.4), ("once a month", 30.4), ("twice a month", 15.2), ("every quarter", 91.25),
    ("每天一次", 1), ("每天跑", 1), ("每天训", 1), ("每天都", 1), ("一天一次", 1), ("每周一次", 7),
    ("一周一次", 7), ("每周跑", 7), ("每周训", 7), ("每周都", 7), ("每周重训", 7), ("每星期一次", 7),
    ("每周两次", 3.5), ("一周两次", 3.5), ("每两周一次", 14), ("两周一次", 14), ("每两周", 14),
    ("每月一次", 30.4), ("每个月一次", 30.4), ("一个月一次", 30.4), ("每月跑", 30.4), ("每个月跑", 30.4),
)  # fmt: skip
# The period a repeated run's cost is asked for; a month when none is said.
REPEAT_TOTAL_PERIODS: tuple[tuple[str, str], ...] = (
    ("per month", "month"), ("a month", "month"), ("monthly", "month"), ("/month", "month"),
    ("/mo", "month"), ("each month", "month"), ("every month", "month"), ("per year", "year"),
    ("a year", "year"), ("yearly", "year"), ("annually", "year"), ("/year", "year"), ("per week", "week"),
    ("a week", "week"), ("每月", "month"), ("每个月", "month"), ("一个月", "month"), ("每年", "year"),
    ("一年", "year"), ("每周", "week"), ("一周", "week"),
)  # fmt: skip
USD_WORDS = ("美元", "美金", "usd", "us dollars", "in dollars")
# What to look out for in the plan shown ("有什么要注意的？", "anything we should watch out for?",
# "有问题吗？"): its pitfalls and warnings (answers/watch_out.py), not a search of every entry.
WATCH_OUT = (
    "要注意", "注意什么", "注意事项", "需要注意", "有什么坑", "有坑吗", "哪些坑", "什么坑", "踩坑", "坑在哪",
    "什么风险", "哪些风险", "有风险吗", "常见问题", "what could go wrong", "common mistakes", "the catch",
    "any catch", "a catch", "downside", "downsides", "drawbacks", "有什么缺点", "缺点是什么",
    "有问题吗", "有没有问题", "有什么问题", "watch out", "look out for", "pitfalls", "gotchas",
    "be careful", "any risks", "what risks", "any concerns", "caveats", "anything to note", "anything wrong",
    "any problems", "any issues",
)  # fmt: skip
# "How long" asked of something other than the training run ("保存 checkpoint 要多久", "how long to spin up a
# node?"): not the plan's time (dialogue.consultant).
OTHER_DURATIONS = (
    *TRANSFER_WORDS, "checkpoint", "检查点", "保存", "save", "load", "加载", "启动", "开机", "boot",
    "spin up", "provision", "排队", "queue", "推理", "inference", "serve", "部署",
)  # fmt: skip
# Why the plan chose its GPU ("为什么不用 H100？", "為什麼選這張卡？", "why that GPU?"): a why word with a GPU
# named or pointed at; after a plan, the job sized on its GPU beside the other (answers/workload_compare.py).
WHY_WORDS = (
    "为什么", "为啥", "为何", "干嘛", "干吗", "why", "how come", "怎么不用", "怎么没用", "怎么不选", "咋不用",
    # the rhetorical "isn't it better?": "H100 不是更快吗？", "isn't the H100 cheaper?"
    "不是更快", "不是更便宜", "不是更省", "不是更好", "不会更快", "不会更便宜", "isn't the", "aren't the",
    "wouldn't the",
)  # fmt: skip
# A number of GPUs asked about without a number ("为什么要这么多卡？", "why do we need so many GPUs?"): with a
# why word, why the plan takes its count (answers/gpu_count.py).
SO_MANY_GPUS = (
    "这么多卡", "那么多卡", "这么多张", "那么多张", "这么多块", "那么多块", "这么多显卡", "那么多显卡",
    "这么多gpu", "那么多gpu", "这么多台", "那么多台", "so many gpus", "that many gpus", "this many gpus",
    "so many cards", "that many cards", "so many of them", "more than one gpu", "multiple gpus",
    "several gpus",
)  # fmt: skip
# The plan's time asked about with a why word ("为什么要这么久？", "為什麼要這麼多小時？",
# "why does it take so long?"): how the hours were worked out, the plan's math (intents: "explain").
SO_LONG = (
    "这么久", "那么久", "这么长时间", "那么长时间", "这么多小时", "那么多小时", "这么多天", "那么多天",
    "这么慢", "那么慢", "so long", "that long", "this long", "so many hours", "so many days", "so slow",
)  # fmt: skip
# The plan's cost asked about the same way ("为什么这么贵？", "為什麼要花這麼多錢", "why does it cost so
# much?"): how the cost was worked out, the same math (intents: "explain").
SO_EXPENSIVE = (
    "这么贵", "那么贵", "这么多钱", "那么多钱", "花这么多", "花那么多", "这么高的费用", "费用这么高",
    "成本这么高", "so expensive", "that expensive", "this expensive", "so pricey", "that pricey", "so costly",
    "so much money", "cost so much", "costs so much", "cost that much", "costs that much", "cost this much",
    "costs this much",
)  # fmt: skip
# A cost asked of the market, not of a plan ("为什么云上租卡这么贵", "why are cloud GPUs so expensive?"): the
# FAQ's, never the plan's math.
MARKET_COST = (
    "云", "cloud", "clouds", "租", "rent", "renting", "rental", "provider", "providers", "厂商", "市场",
)  # fmt: skip
# "怎么这么久", "咋这么贵": a why asked with 怎么/咋, about how long or how much only.
WHY_SO = ("怎么这么", "怎么那么", "怎么要这么", "怎么会这么", "咋这么", "咋那么")
# A GPU or choice pointed at: "why that GPU?", "为什么选这张卡？" (a choice made, even before any plan).
_POINTED_AT = (
    "这张卡", "这个卡", "这款卡", "这块卡", "这个gpu", "这个显卡", "那张卡", "那个卡", "该卡", "选它", "选这",
    "用这", "this gpu", "that gpu", "this card", "that card", "these gpus", "those gpus", "that one",
    "this one", "that choice", "this choice",
)  # fmt: skip
# After a plan, a GPU said loosely is the plan's too: "why the GPU?", "why pick H100?", "为什么推荐 B200".
THIS_GPU = _POINTED_AT + (
    "这种卡", "这张", "这款", "the gpu", "pick", "picked", "chose", "choose", "recommend", "recommended",
    "推荐",
)  # fmt: skip
# Before any plan only a choice pointed at is one: "why leave headroom on the GPU?" and "why not just always
# pick the top GPU?" ask about GPUs in general; "why did you pick the H100?" about a choice.
POINTED_CHOICE = _POINTED_AT + (
    "你选", "你推荐", "you pick", "you chose", "you choose", "you recommend", "did you", "do you",
)  # fmt: skip

# A job that must fit on hardware the user names: "fit", "放得下", "跑得动".
FITS = (
    "fit", "fits", "fit on", "fit in", "fit into", "enough", "big enough", "handle", "run on", "放得下",
    "装得下",
    "塞得下", "跑得动", "跑得起来", "跑得了", "带得动", "够吗", "够不够", "够用", "能跑", "能训", "能微调",
    "能做",
    "能不能", "可以跑", "可以训", "可以微调", "可以做", "行吗", "行不行", "撑得住", "跑吗",
)  # fmt: skip
# Hardware named before and pointed at ("we have 32 A100s" … "can we full fine-tune a 13B on them?", "这些卡能
# 全参微调 13B 吗"): the job on the GPUs the conversation holds, never a question about a concept.
HELD_HARDWARE = (
    "on them", "on those", "on these", "with them", "with those", "with these", "on it", "those gpus",
    "these gpus", "those cards", "these cards", "our gpus", "our cards", "这些卡", "那些卡", "这几张",
    "那几张", "这批卡", "我们的卡", "手上的卡", "用它们", "在它们上",
)  # fmt: skip
# The network between nodes: "Is 100 Gb Ethernet enough between nodes for 16 A100s?", "两台8卡a100之间用万兆网
# 够不够", "do 2 nodes of 8xH100 need InfiniBand or is RoCE fine". Asked of a cluster with no job to size,
# the network FAQ answers it; not bare "network"/"网络" ("neural network", "网络结构" of a model).
NETWORK_ASKS = (
    "infiniband", "ib", "roce", "rocev2", "rdma", "efa", "ethernet", "以太网", "万兆", "千兆", "gbe", "10gbe",
    "25gbe", "100gbe", "网卡", "nic", "nics", "组网", "interconnect", "networking", "network bandwidth",
    "网络带宽", "网速", "网路", "g网", "节点间", "节点之间", "机器之间", "服务器之间", "跨节点", "跨机",
    "机间",
    "between nodes", "between the nodes", "between servers", "inter-node", "internode", "gb/s network",
    "gbps network", "gb network",
)  # fmt: skip
# Where the data sits and how fast it moves: object or file storage, a data disk, read speed, the network
# ("训练数据在腾讯云 COS，读取速度跟得上吗", "阿里云节点间有 RDMA 吗"). A question with one is about storage
# or the network even when it names the cloud; the cloud's own answer (its checklist) is for a question
# about the cloud itself. Not 空间/容量: "腾讯云还有 H100 容量吗" asks about the cloud's stock.
STORAGE_OR_NETWORK = (
    *NETWORK_ASKS,
    "存储", "储存", "硬盘", "磁盘", "硬碟", "磁碟", "数据盘", "云盘", "系统盘", "本地盘",
    "对象存储", "文件存储", "共享存储", "文件系统", "读取", "读写", "读得", "读数据", "读盘", "写入",
    "吞吐", "带宽", "nvme", "ssd", "storage", "disk", "oss", "cos", "s3", "obs", "tos", "bos", "cfs",
    "cpfs", "nas", "gcs", "lustre", "io", "i/o", "iops", "bandwidth", "throughput",
)  # fmt: skip
# The link between the GPUs of one box: "do we need NVLink for LoRA 13B on 2 GPUs", "is PCIe enough
# for …", "需要 NVLink 吗". Whether a job needs it is the network answer for that job; "does the 4090
# have NVLink?" (no job, no need asked) stays the datasheet. Bare "pcie" names a card ("H100 PCIe").
SCALE_UP_ASKS = (
    "nvlink", "nv link", "nvswitch", "infinity fabric", "fast interconnect", "高速互联", "卡间互联",
    "卡间带宽",
)  # fmt: skip
# PCIe with its verdict asked in the same breath: a need of the link by themselves.
PCIE_ENOUGH = (
    "pcie enough", "pcie ok", "pcie fine", "pcie be enough", "pcie sufficient", "pcie够", "pcie 够",
    "pcie就够", "pcie 就够", "pcie就行", "pcie 就行", "pcie可以", "pcie 可以", "over pcie", "just pcie",
    "only pcie", "pcie only", "只有pcie", "只有 pcie", "走pcie", "走 pcie",
)  # fmt: skip
# A need asked of it: "do we need", "is … enough", "要不要", "有必要" ("pcie ok" is in PCIE_ENOUGH; a
# bare "ok" is a lead-in: "ok so does the L4 have NVLink" asks the datasheet).
NEED_ASKS = (
    "need", "needs", "needed", "require", "required", "requires", "necessary", "matter", "matters",
    "worth", "enough", "sufficient", "需要", "必须", "必要", "要不要", "够", "就行",
    "可以吗", "重要",
)  # fmt: skip
# The planning form's own questions: a request that asks these wants a plan, not a verdict.
PLAN_ASKS = (
    "多久", "多长时间", "几天", "多少天", "how long", "how many days", "how many gpus", "how many cards",
    "几张",
    "多少张", "多少卡", "几台", "多少台", "多少钱", "花多少", "cost", "how much will", "how much would",
)  # fmt: skip
# Power and cooling asked of named GPUs with no job: "8 卡 H100 整机功耗多少千瓦", "how much power does an 8x
# H100 server draw?", "B200 能风冷吗". The power answer (TDP × count plus the host) answers them, not the
# datasheet. Not "compute power" or 算力, which is TFLOPS.
COOLING_ASKS = (
    "散热", "水冷", "风冷", "液冷", "cooling", "air-cool", "air cool", "air-cooled", "air cooled",
    "liquid-cool", "liquid cool", "liquid-cooled", "liquid cooled", "liquid cooling", "water cooling",
    "water-cooled", "water cooled", "heat", "thermal",
)  # fmt: skip
POWER_ASKS = (
    "功耗", "功率", "耗电", "用电", "电费", "多少电", "多大的电", "千瓦", "瓦数", "多少瓦", "几瓦", "kw",
    "kilowatt", "kilowatts", "watt", "watts", "wattage", "tdp", "tgp", "power draw", "power consumption",
    "power usage", "power supply", "power budget", "how much power", "draw", "draws", "pull", "pulls", "psu",
    "电源", "供电", "省电", "费电", "power-efficient", "power efficient", "energy", "less power",
    "lower power", "more power", "power hungry", "power-hungry", *COOLING_ASKS,
)  # fmt: skip
# Building a model of one's own for a use ("想做一个 7B 的客服模型", "搞个法律问答模型", "build our own
# support model"): a training job (a fine-tune of an open model, said as an assumption), not serving, even
# with a serving word such as 客服 in it. Not "训练一个 7B 模型", which is training as such. Text is
# simplified and lower-cased (and 一个 may already read 每个, the parser's one-per-sample reading).
BUILDS_A_MODEL = re.compile(
    r"(?:做|搞|弄|整|打造)(?:一个|每个|个|一款|款|一套|套)[^，,。.!！?？]{0,14}?模型"
    r"|\b(?:build|make|create|develop)(?:ing)?\s+(?:a|an|our|my)\s+(?:own\s+)?[^,.!?]{0,30}?\bmodel\b"
)
# A run of a stated length ("3-day run, 7B", "a two-week training job"): a training job with its deadline,
# not "run" as in running a model (serving.INFERENCE).
# (The number is bounded and follows a non-digit: linear over a long run of digits.)
TIMED_RUN = re.compile(
    r"(?:(?<![\d.])\d{1,4}(?:\.\d{1,3})?|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"[- ]?(?:day|week|month)s?[- ]"
    r"(?:long[- ])?(?:training[- ])?(?:run|job)\b"
)
# Whether the GPUs said are needed ("do I need 2 H100s for a 13B LoRA?", "LoRA 13B 需要两张 H100 吗",
# "非得用 8 张吗"): with a count that holds the job, the answer says whether fewer would too (feasibility).
# ("What GPU do I need" is BEST_GPU's, answered before this one is read.)
NEED_ASKED = (
    "do i need", "do we need", "do you need", "would i need", "would we need", "will i need", "will we need",
    "do i really need", "do we really need", "is it necessary to", "are they necessary", "required?",
    "需不需要", "要不要用", "非得", "非要", "必须用", "必须要", "一定要", "有必要用",
)  # fmt: skip
# More GPUs than the job needs, asked ("is 8xH100 overkill for a 7B LoRA?", "8 张 H100 跑 7B LoRA
# 是不是大材小用"): the need question from the other side, its answer "yes" where NEED_ASKED's is "no".
OVERKILL_ASKED = (
    "overkill", "over kill", "too much for", "too many gpus", "too many cards", "more than i need",
    "more than we need", "more gpus than", "overprovision", "over-provision", "excessive", "wasteful",
    "a waste", "大材小用", "杀鸡用牛刀", "浪费", "太多了", "多余", "过剩", "用不了那么多", "用不着",
    "是不是太多",
)  # fmt: skip


# The tokens a deadline holds, asked ("…in 2 weeks? how many tokens would that get me?", "两周能训多少
# token"): with hardware and a deadline, the feasibility answer says how many tokens that time trains.
TOKENS_ASKED = (
    "how many tokens", "how much data could", "how much data can", "多少token", "多少 token", "多少个token",
    "能训多少",
    "能训练多少", "训多少token", "跑多少token",
)  # fmt: skip
# Several GPUs' memory used as one ("两张 4090 能合成 48G 用吗", "can two 3090s pool their memory?"): the
# FAQ on multi-GPU memory and links answers it (a model is split across cards, never one big memory).
POOL_ASKS = (
    "合成", "合起来", "合在一起", "合并显存", "显存合并", "显存叠加", "叠加", "当一张", "当成一张",
    "当作一张", "pool", "pooled", "pooling", "combine their", "combined memory", "add up", "as one gpu",
    "as a single gpu",
)  # fmt: skip

# -- questions about the plan shown (bot/dialogue/plan_questions.py) ---------------------------------
# Each is a cue that the question is about that part of the plan, and one that it asks.
# "为什么要留这么多检查点储存？", "why do checkpoints need so much space?": the plan's checkpoint, sized.
PLAN_CHECKPOINT = re.compile(r"checkpoint|ckpt|检查点|存档|断点")
PLAN_CHECKPOINT_ASKS = re.compile(
    r"why|how (?:much|big|many|large)|so (?:much|big|many|large)|what(?:'s| is) in|size|space|storage"
    r"|为什么|为何|干嘛|为啥|多少|多大|几个|这么多|这么大|那么多|那么大|要留|占|空间|存储|储存"
)
# "How much VRAM per GPU does that need?", "这个方案每张卡要多少显存？": the plan's memory, term by term.
# Taiwan says 記憶體 (simplified 记忆体) for a card's memory: "每張卡的記憶體夠嗎？".
PLAN_MEMORY = re.compile(r"\b(?:vram|gpu memory|memory)\b|显存|内存|记忆体")
# How much, per card, or whether it is enough ("显存够吗", "記憶體夠不夠用", "is the memory enough?").
PLAN_MEMORY_HOW_MUCH = re.compile(
    r"how much|how many gb|per gpu|per card|each gpu|\benough\b|多少|多大|几g|每张|每卡|每块|够"
)
# Whether the plan runs at all, asked bare after it ("那能跑吗", "跑得动吗？", "so will it fit?"): the whole
# message, filler and punctuation aside, is one of these; the plan's memory per GPU answers it.
PLAN_RUNS = frozenset({
    "能跑吗", "能跑", "能跑不", "跑得动吗", "跑得动", "跑得起来吗", "能跑起来吗", "能不能跑", "可以跑吗",
    "跑得了吗", "放得下吗", "装得下吗", "塞得下吗", "能放下吗", "能训吗", "能行吗", "行得通吗", "够用吗",
    "够不够用", "will it run", "will it fit", "does it fit", "can it run", "can we run it", "would it run",
    "would it fit", "will that run", "does that fit", "will that fit", "will it work", "would that work",
    "does it run",
})  # fmt: skip
PLAN_RUNS_FILLERS = (
    "那么",
    "那就",
    "那",
    "所以",
    "这样的话",
    "这样",
    "so ",
    "then ",
    "and ",
    "ok ",
    "okay ",
    "but ",
)
# "How many nodes is that?", "what network do we need between them?", "需要什么存储？": that line of the plan.
PLAN_ASPECTS = {
    "nodes": re.compile(
        r"how many (?:nodes|machines|servers|instances|boxes|hosts)"
        r"|(?:几|多少)(?:台|个节点|个机器|个服务器|节点)"
    ),
    "network": re.compile(
        r"\b(?:network|networking|interconnect|infiniband|bandwidth|nvlink|nic|ethernet|ib|roce)s?\b"
        r"|网络|带宽|互联|网卡|组网|以太网|乙太网|万兆|千兆"
    ),
    "storage": re.compile(r"\b(?:storage|disk|filesystem|file system)s?\b|存储|硬盘|磁盘|文件系统"),
    # "用的什么精度？", "what precision does this plan use?": what the plan runs (FP16 on a GPU with no BF16);
    # not "精度会下降吗" (精度 is also accuracy)
    "precision": re.compile(
        r"\b(?:what|which) (?:precision|dtype|data type)\b|\bprecision (?:is|does|do|will)\b"
        r"|(?:什么|哪种|哪个|啥)精度|精度是(?:什么|多少|啥)|精度用(?:的)?(?:什么|哪|啥)|数据类型"
    ),
}
PLAN_ASPECT_ASKS = re.compile(r"[?？]|how|what|which|do we need|吗|什么|多少|几|哪|怎么|要不要|需不需要")
# "Which provider is cheapest for this?", "哪家云最便宜？": the job on each cloud, cheapest first.
PLAN_WHICH_PROVIDER = re.compile(
    r"\b(?:which|what) (?:provider|cloud|vendor|platform|company|host)s?\b"
    r"|\b(?:provider|cloud|vendor)s? (?:is|are)"
    r"|哪家|哪个云|哪个平台|哪个厂商|哪个服务商|哪个供应商|哪朵云|云厂商|服务商"
)
PLAN_CHEAPEST = re.compile(r"cheap|lowest|least expensive|best price|便宜|最省|价格最低|成本最低|划算")
# "Compare the two plans", "which one would you pick?", "这两个方案比一下": the plan before the last change
# and the plan now, side by side.
PLAN_PAIR = re.compile(
    r"\bcompare (?:the |these |those |both )?(?:two |2 )?(?:plans|options)\b"
    r"|\b(?:the|these|those|both) (?:two|2) (?:plans|options)\b"
    r"|\bwhich (?:one |plan |option )?(?:would you|should i|should we|do you|to)"
    r" (?:pick|choose|take|recommend|go with)\b"
    r"|\bwhich (?:one |plan |option )?(?:was|is|were) (?:the )?"
    r"(?:cheaper|faster|better|quicker|cheapest|fastest)\b"
    r"|两个方案|哪个方案|哪个更(?:便宜|划算|快|好|省)|哪个划算|哪个便宜|选哪个|比一下|比较一下|对比一下"
)
# A plan compared with another one held ("how does that compare to the first one?", "compare it with the
# earlier plan", "跟第一個方案比呢", "和上一个方案比呢", "比之前贵吗"): with PREVIOUS_PLAN the plan before
# the last change (PLAN_PAIR's answer), with FIRST_PLAN the conversation's first plan for this job; never
# "undo".
PLAN_COMPARED = re.compile(
    r"\b(?:compare[sd]?|comparing|comparison|vs|versus|against|(?:cheaper|faster|slower|pricier|quicker|better"
    r"|worse|more expensive|less expensive) than|differ(?:ence|s)? from)\b"
    r"|(?:跟|和|与|同)[^，。,.!?！？]{0,12}(?:比|相比|对比|比较|有什么区别|差多少|差别)|相比|对比|比较|比起"
    r"|比(?:之前|刚才|刚刚|上一个|上个|原来|原先|最初|最开始|一开始|第一个)"
)
PREVIOUS_PLAN = re.compile(
    r"\b(?:previous|earlier|last|before|prior)\b|之前|刚才|刚刚|上一个|上个|前一个|前面那|原来|原先"
)
FIRST_PLAN = re.compile(
    r"\b(?:first|original|initial|starting)\b|第一个|第一版|第一次|最初|最开始|最早|一开始|起初|开头那个"
)
# "这两个卡有什么区别？", "what's the difference between the two cards?", "這兩張卡哪個快？" after a change
# of GPU: the two cards are the GPUs of the plan before the change and the plan now.
PLAN_TWO_GPUS = re.compile(
    r"\b(?:the|these|those|both) (?:two |2 )?(?:cards|gpus)\b|\bboth (?:cards|gpus)\b"
    r"|(?:这|那|这俩|那俩)(?:两|2)\s*(?:个|张|款|种|块)?\s*(?:卡|gpu|显卡)"
)
PLAN_TWO_GPUS_ASKS = re.compile(
    r"区别|差别|差异|差在|不同|不一样|哪个|哪张|比较|对比|比一下|\bdiffer|\bcompare|\bvs\b|\bversus\b"
    r"|\bwhich\b|\bbetter\b|\bfaster\b|\bcheaper\b"
)

# A choice made, put softly: "用 FP8 吧", "还是换回 H100 吧", "选 H100 吧" (吧 without a question mark
# after a verb of using or switching is "let's", not "…, right?"); "用 A100 够吧" still asks to confirm.
PROPOSAL = re.compile(
    r"^(?:那|那么|好吧|好|好的|ok|行)?[，, ]*(?:那就|就|还是|干脆|先|那)?\s*"
    r"(?:用|改用|换用|换成|换回|改成|改回|用回|切换到|切到|换到|选用|选择|改选|选|租用|改租|租)(?!.*(?:可以|行|够|对|没错|是|能|没问题|好)\s*吧$).*吧$"
)

# Renting, said beside GPUs the user owns: "we have 4 A100s, or should we rent H100s?", "還是應該租 H100？"
# (the owned GPUs and the rented ones side by side, bot/dialogue/answers/own_or_rent.py).
RENT_WORDS = (
    "租",
    "租用",
    "租赁",
    "租几张",
    "上云",
    "云上",
    "rent",
    "renting",
    "rented",
    "lease",
    "leasing",
    "in the cloud",
    "on the cloud",
    "cloud gpus",
)
# Buying GPUs, weighed against renting them ("should we buy or rent h100s", "is it cheaper to buy our own
# h100s than rent", "租卡还是买卡"): the notes on cloud against owned servers, never a datasheet or the form.
BUY_WORDS = (
    "buy", "buying", "purchase", "purchasing", "own hardware", "our own hardware", "on-prem", "on prem",
    "on-premise", "on-premises", "购买", "买卡", "买服务器", "买机器", "自己买", "自购", "采购", "自建",
)  # fmt: skip
# A rent weighed, not chosen: "还是应该租 H100？", "要不要租", "should we rent H100s", "is renting worth it"
# ("那就租 H100 吧", "let's rent them" choose it: the plan on the rented GPUs).
RENT_ASKS = (
    "?",
    "？",
    "吗",
    "要不要",
    "该不该",
    "是不是",
    "是否",
    "值不值",
    "值得",
    "划算",
    "哪个",
    "should",
    "would",
    "worth",
    "better",
    "or rent",
    "or should",
)
# "Change" asked about, not asked for: "what does the LoRA rank change here?", "how does fp8 change the
# cost?", "would that change anything?" (no "to"/"into" after it: "can you change it to 13B?" corrects).
ASKS_EFFECT = re.compile(
    r"\b(?:what|how|why|does|do|did|would|will|much)\b.*\bchange[sd]?\b(?!.*\b(?:to|into)\b)"
)
# The GPUs they own, kept after renting was weighed: "那还是用我们自己的卡吧", "we'll stick with ours".
KEEP_OWN = (
    "用自己的",
    "用我们自己的",
    "用咱们自己的",
    "用我们的卡",
    "用自有的",
    "用现有的卡",
    "自己的卡就行",
    "stick with ours",
    "stick with our own",
    "keep ours",
    "keep our own",
    "use ours",
    "use our own",
    "our own gpus then",
    "go with ours",
    "go with our own",
)
# An apology that opens a message sets a value right: "sorry, 7B, and 200B tokens", "抱歉，是 3B", "不好意思，
# 13B", "oops, 3 epochs", "说错了，是两周" (not "sorry to bother you, …", "sorry for the delay").
APOLOGY_OPENER = re.compile(
    r"^(?:sorry|oops|whoops|my bad|apologies|抱歉|不好意思|对不起|说错了|写错了|打错了|搞错了)"
    r"(?!\s+(?:to|for|about)\b)(?:[,，!！.。:：;；\s]|$)"
)


# Which of the GPUs named costs less ("A10G 和 L4 推理哪个便宜", "which costs less per token?"): cheaper per
# GPU-hour is not cheaper to serve, so a serving comparison that asks it is weighed per million output
# tokens (answers/serve_pick.py); value for money (VALUE_ASKS) goes by bandwidth per dollar (compare.py).
COST_ASKS = (
    "cheap",
    "cheaper",
    "costs less",
    "cost less",
    "per token",
    "per million",
    "便宜",
    "省钱",
    "成本",
)
# How many requests or users some hardware carries for a model ("能撑多少并发", "大概能支援多少同時在線",
# "how many concurrent users can 2 L40S handle?"): the load it holds at chat speed and at full memory, not a
# yes or no, and never a question back about the users (answers/serve_fit.py). Text is simplified first.
CONCURRENCY_ASKS = (
    "多少并发", "多少个并发", "多少路并发", "多少同时在线", "多少人同时", "多少个同时", "多少用户",
    "多少个用户", "多少人用", "多少人在线", "多少个请求", "多少请求", "几个并发", "几路并发", "几个人同时",
    "几个用户", "最大并发", "并发上限", "并发能到多少", "并发多少",
    "how many concurrent", "how many simultaneous", "how many users", "how many requests at once",
    "how many requests in flight", "how many people", "how many parallel requests", "how many sessions",
    "max concurrency", "maximum concurrency", "how much concurrency", "what concurrency",
)  # fmt: skip
# A price per unit of output ("cost per million tokens", "每百万 token 多少钱"): with a price word, the
# serving answer leads with the cost per million output tokens at full load (answers/serve.py).
PER_TOKEN_COST = (
    "per million", "per 1m", "per 1 million", "per token", "per 1k tokens", "per thousand tokens",
    "/m tokens", "/1m", "每百万", "每 100 万", "每100万", "百万 token", "百万token", "每个 token",
    "每 token", "每千 token", "token 成本", "token成本",
)  # fmt: skip


# A micro-batch asked for, not set: "what batch size fits", "max micro batch", "batch 能开多大", "最大 batch".
_BATCH = r"(?:micro[- _]?batch(?:[ _]size)?|batch[ _]size|batch|mbs|批大小|批次大小|微批)"
BATCH_SIZE_ASKS = re.compile(
    rf"(?:what|which|how (?:big|large|high)|max(?:imum)?|largest|biggest)\s+(?:\w+\s+){{0,2}}?{_BATCH}"
    rf"|{_BATCH}\s*(?:can|could|will|would|should|fits?|do|does)\b"
    rf"|{_BATCH}\s*[能可以最多大开设到用的上]{{0,6}}\s*(?:多大|多少|几)"
    rf"|(?:最大|最多)(?:的|能开的|可以开的)?\s*{_BATCH}"
)


def asks_batch_size(t: str) -> bool:
    """Whether a (simplified, lower-cased) message asks what micro-batch fits (answers.batch_fit)."""
    if "batch" not in t and "批" not in t and "mbs" not in t:
        return False  # the cheap precondition: a word of its own table
    return BATCH_SIZE_ASKS.search(t) is not None


# The longest sequence asked for, not set: "max sequence length for a 7B LoRA on an A10G", "how long a context
# can I train", "what seq len fits", "序列长度最长能开多少", "最长能跑多长的上下文" (answers.seq_fit).
_SEQ = (
    r"(?:seq(?:uence)?[ _]?len(?:gth)?s?|max_seq_len(?:gth)?|sequences?"
    r"|context(?:[ _]?(?:length|len|window))?|序列(?:长度)?|上下文(?:长度)?)"
)
SEQ_LEN_ASKS = re.compile(
    rf"(?:what|which|how (?:long|big|large)|max(?:imum)?|longest|largest|biggest)\s+(?:\w+\s+){{0,2}}?{_SEQ}"
    rf"|{_SEQ}\s*(?:can|could|will|would|should|fits?|do|does)\b"
    rf"|{_SEQ}\s*[能可以最多长大开设到用的上跑训练]{{0,6}}\s*(?:多长|多少|多大|几)"
    rf"|(?:最长|最大|多长)(?:的|能开的|可以开的|能跑的|能训的|能用的)?\s*{_SEQ}"
)
_SEQ_WORDS = ("seq", "context", "序列", "上下文")


def asks_seq_len(t: str) -> bool:
    """Whether a (simplified, lower-cased) message asks what sequence length fits (answers.seq_fit)."""
    if not any(w in t for w in _SEQ_WORDS):
        return False  # the cheap precondition: a word of its own table
    return SEQ_LEN_ASKS.search(t) is not None


# Ways to lay a training job out across GPUs: naming two of them asks which layout to use ("data parallel
# vs model parallel for a 13b?", "训练 13b 用数据并行还是模型并行", faq.training_parallelism), whatever
# size it names.
PARALLEL_LAYOUTS = (
    "data parallel", "model parallel", "tensor parallel", "pipeline parallel", "3d parallel", "fsdp", "ddp",
    "zero-3", "zero3", "zero 3", "megatron",
    "数据并行", "模型并行", "张量并行", "流水线并行", "管线并行", "3d并行",
    "资料平行", "数据平行", "模型平行", "张量平行", "管线平行", "流水线平行",
)  # fmt: skip
# A layout question's own precondition: one of these in the text before the table above is scanned.
PARALLEL_MARKS = ("parallel", "并行", "平行", "fsdp")

# The machine's own memory (host RAM), not the GPU's: "how much system RAM to fine-tune 13B on 4 A100s",
# "RAM per node for training 70B", "微调 13B 要配多少系统内存". Bare 内存 is left out: Chinese users often
# write it for the GPU's memory (显存). knowledge/data/synonyms.yaml's host_ram group is the search's side.
HOST_RAM = (
    "system ram", "system memory", "host ram", "host memory", "host-side memory", "cpu ram", "cpu memory",
    "ram", "dram", "ddr4", "ddr5", "main memory",
    "系统内存", "主机内存", "cpu内存", "cpu 内存", "服务器内存", "机器内存", "内存条", "系统记忆体",
    "主机记忆体", "cpu记忆体", "cpu 记忆体", "伺服器记忆体", "服务器记忆体", "机器记忆体",
)  # fmt: skip
# "host memory" is the machine's RAM, never hosting a model (bot/nlu/serving.SERVING has "host").
HOST_MEMORY_PHRASES = ("host memory", "host ram", "host-side memory", "host side memory")
# Many cards of one kind put together ("link a bunch of 4090s together", "a rig of 4090s", "chain 8 4090s",
# "几张 4090 串起来"): the cards as one machine, which a consumer card without NVLink or P2P is not.
MANY_CARDS = (
    "a bunch of", "bunch of", "several", "multiple", "a few", "a rig of", "rig of", "a cluster of",
    "cluster of", "a stack of", "a pile of", "a box of", "a farm of",
    "chain", "chained", "chaining", "link", "linked", "linking", "combine", "combined", "combining", "pool",
    "pooled", "pooling", "together", "daisy chain", "daisy-chain",
    "多张", "几张", "多块", "几块", "一堆", "一些", "多卡", "串起来", "连起来", "拼起来", "组起来", "并联",
    "叠加", "组合起来", "组集群", "拼集群",
)  # fmt: skip
