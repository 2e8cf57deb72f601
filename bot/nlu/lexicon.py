"""Word tables the slot rules read: units, cue words, precisions, methods.

Kept as data so a new phrasing is a one-line change. Text is matched after NFKC, t2s (so only
simplified forms appear here) and lower-casing. ASCII entries match whole words only.
"""

from __future__ import annotations

import functools
import re
import threading
from typing import NamedTuple

from bot.nlu.question_cues import ADAPTER_WORDS, APPLE_SILICON, PER_TOKEN_COST
from knowledge.hardware_words import LINK_SPEED_WORDS, NETWORK_WORDS
from knowledge.names import alternation
from sizing.assumptions import DAYS_PER_MONTH

# Words that say the user is thinking of spot/preemptible capacity: the pitfall context's
# mentions_spot, and with a question about it, the spot answer (intents: "spot").
SPOT_WORDS = re.compile(r"spot|preempt|竞价|競價|抢占|搶佔|搶占|可中断|可中斷", re.IGNORECASE)
# Reserved or monthly capacity ("包月", "reserved instances"): with a question of what it saves, the
# reserved answer (intents: "reserved").
RESERVED_WORDS = re.compile(
    r"包月|包年|预留|預留|reserved|reservation|\breserve\b|committed use|savings plan|monthly plan",
    re.IGNORECASE,
)
# Renting by the week, as a billing term ("按周付费行不行", "is weekly billing an option?"): beside a plan,
# what a term of whole weeks would cost on it (the reserved answer). Not "每周" or "weekly" alone, which
# also say how often a run repeats ("每周跑一次的话一个月多少钱"), nor "一周", a deadline.
WEEKLY_TERM = (
    "按周", "周租", "包周", "周付", "按星期", "by the week", "weekly billing", "billed weekly",
    "weekly rental", "weekly term", "weekly plan", "weekly pricing", "weekly rate",
)  # fmt: skip

# Days per sprint. The Scrum Guide (scrumguides.org, November 2020) fixes a sprint at "one month or less" and
# no shorter length; two weeks is the common choice and our stated default, so "two sprints" is planned as
# 28 days and the reply says which length it took (Parse.sprints).
SPRINT_DAYS = 14.0

# Calendar days per working day: a working week is 5 days of 7 (Parse.working_days states the rule).
WORKING_DAY = 7 / 5

# (phrase, kind, factor). kind: data (factor = bytes), tokens, days (factor = days), money
# (factor unused; currency in CURRENCY_SUFFIX), params, level (十亿级 magnitude class), node.
# Month = 30 days, year = 365, week = 7, quarter = 90 (the conventions).
# A request rate after a number ("30 req/sec", "20 requests per second"): the qps slot, and a serving word.
REQUEST_RATES = (
    "requests per second", "requests/s", "requests/sec", "requests a second", "requests per sec",
    "request per second", "reqs/s", "reqs/sec", "req/s", "req/sec", "req per second", "req per sec",
    "reqs per second", "qps", "rps", "个请求每秒",
)  # fmt: skip
# Requests counted ("50k requests a day", "每天 5 万次请求"): with a period, a request volume.
REQUEST_COUNTS = (
    "requests", "reqs", "api calls", "api requests", "calls", "queries", "inferences", "inference requests",
    "inference calls", "次请求", "个请求", "次调用", "次推理", "次查询", "次问答", "次api调用", "次 api 调用",
    "次呼叫", "次对话", "次会话", "通对话",  # Taiwan's 呼叫 is a call; conversations served count as requests
    # Visits and hits: a request each, at least ("每月 300 万次访问", "2M visits a month").
    "次访问", "个访问", "人次访问", "人次", "visits", "page views", "pageviews", "hits",
)  # fmt: skip
# Images counted as the training data (after t2s: 張圖片 -> 张图片), longest first within a first character.
IMAGE_WORDS = (
    "张图片", "张图像", "张照片", "张截图", "张图", "幅图片", "幅图像", "幅图", "个图片", "个图像",
    "组图文对", "条图文数据", "条图文", "组图文", "对图文", "图文对", "图片", "图像", "照片", "截图",
    "image-text pairs", "image text pairs", "image-caption pairs", "image caption pairs", "image–text pairs",
    "images", "photos", "pictures", "pics", "screenshots", "imgs", "photographs",
)  # fmt: skip
# …and videos or clips of them.
VIDEO_WORDS = (
    "个视频片段", "段视频片段", "个短视频", "条短视频", "段短视频", "个视频", "段视频", "条视频", "部视频",
    "视频片段", "短视频", "视频",
    "个影片", "段影片", "部影片", "支影片", "影片",  # Taiwan's word for a video
    "video-text pairs", "video text pairs", "video clips", "videos", "clips",
)  # fmt: skip

UNITS: tuple[tuple[str, str, float], ...] = (
    # Daily active users (a serving load): before 日 (days) and "users" (concurrency).
    ("daily active users", "daily_users", 1.0), ("daily users", "daily_users", 1.0),
    ("users a day", "daily_users", 1.0), ("users per day", "daily_users", 1.0),
    ("users/day", "daily_users", 1.0),
    ("users daily", "daily_users", 1.0), ("dau", "daily_users", 1.0), ("daus", "daily_users", 1.0),
    ("日活跃用户", "daily_users", 1.0), ("日活用户", "daily_users", 1.0), ("个日活", "daily_users", 1.0),
    ("日活", "daily_users", 1.0),
    ("tib", "data", 2.0**40), ("gib", "data", 2.0**30), ("mib", "data", 2.0**20),
    ("kib", "data", 2.0**10), ("pib", "data", 2.0**50),
    ("tb", "data", 1e12), ("gb", "data", 1e9), ("mb", "data", 1e6), ("kb", "data", 1e3),
    ("pb", "data", 1e15), ("terabytes", "data", 1e12), ("terabyte", "data", 1e12),
    ("gigabytes", "data", 1e9), ("gigabyte", "data", 1e9), ("megabytes", "data", 1e6),
    ("gigs", "data", 1e9), ("gig", "data", 1e9),  # "a 24 gig card", "16 gigs of vram"
    ("petabytes", "data", 1e15), ("kilobytes", "data", 1e3), ("bytes", "data", 1.0),
    # Taiwan's 位元組 is a byte, and its 兆位元組 a terabyte (兆 = 10^12 there; 百萬位元組 is a megabyte).
    ("兆位元组", "data", 1e12), ("位元组", "data", 1.0),
    ("兆字节", "data", 1e6), ("字节", "data", 1.0), ("兆", "data", 1e6),  # bare "500兆": numerals_zh.ZHAO
    # "500 G", "两百 G 左右": a spaced G is gigabytes in Chinese speech (glued "500G" is read by the scanner).
    ("g", "data", 1e9),  # 兆字节 = MB (numerals_zh.ZHAO)
    ("tokens", "tokens", 1.0), ("token", "tokens", 1.0), ("toks", "tokens", 1.0),
    ("tok", "tokens", 1.0), ("词元", "tokens", 1.0), ("个token", "tokens", 1.0),
    ("个词元", "tokens", 1.0),
    # Text counted in words or Chinese characters (字): tokens at knowledge.text_units' ratio. After 字节.
    ("english words", "word", 1.0), ("words", "word", 1.0), ("word", "word", 1.0),
    # 词 and 单词 are words (词元 above is a token): "每篇 8000 词（英文）".
    ("个单词", "word", 1.0), ("单词", "word", 1.0), ("个词", "word", 1.0), ("词", "word", 1.0),
    ("个汉字", "zh_char", 1.0), ("个中文字", "zh_char", 1.0), ("个字", "zh_char", 1.0),
    ("汉字", "zh_char", 1.0), ("中文字", "zh_char", 1.0), ("字", "zh_char", 1.0),
    # A working day is 7/5 of a calendar day: 10 working days are two weeks (Parse.working_days).
    ("working days", "days", WORKING_DAY), ("working day", "days", WORKING_DAY),
    ("business days", "days", WORKING_DAY), ("business day", "days", WORKING_DAY),
    ("work days", "days", WORKING_DAY), ("workdays", "days", WORKING_DAY),
    ("个工作日", "days", WORKING_DAY), ("工作日", "days", WORKING_DAY), ("个工作天", "days", WORKING_DAY),
    ("工作天", "days", WORKING_DAY),
    # A weekend is its two days, Saturday and Sunday ("over a weekend", "一个周末"); before 周.
    ("个周末", "days", 2.0), ("周末", "days", 2.0), ("weekends", "days", 2.0), ("weekend", "days", 2.0),
    ("个星期", "days", 7.0), ("星期", "days", 7.0), ("个礼拜", "days", 7.0), ("礼拜", "days", 7.0),
    ("个月", "days", 30.0), ("个季度", "days", 90.0), ("季度", "days", 90.0),
    # 一季 is a quarter in Taiwan's usage (一季, 兩季); 第一季 is a date (units._is_duration).
    ("个季", "days", 90.0), ("季", "days", 90.0),
    ("个小时", "days", 1 / 24), ("小时", "days", 1 / 24), ("个钟头", "days", 1 / 24),
    ("钟头", "days", 1 / 24), ("个钟", "days", 1 / 24), ("分钟", "days", 1 / 1440),
    ("分半钟", "days", 1 / 1440), ("分半", "days", 1 / 1440),  # 五分半钟 = 5.5 minutes (+0.5 in slots)
    ("秒钟", "days", 1 / 86400),
    ("天", "days", 1.0), ("日", "days", 1.0), ("周", "days", 7.0), ("月", "days", 30.0),
    ("年", "days", 365.0), ("秒", "days", 1 / 86400),
    ("days", "days", 1.0), ("day", "days", 1.0), ("weeks", "days", 7.0), ("week", "days", 7.0),
    ("wks", "days", 7.0), ("wk", "days", 7.0), ("fortnights", "days", 14.0),
    ("fortnight", "days", 14.0), ("months", "days", 30.0), ("month", "days", 30.0),
    # A sprint is taken as two weeks (SPRINT_DAYS: Parse.sprints states the rule in the reply).
    ("sprints", "days", SPRINT_DAYS), ("sprint", "days", SPRINT_DAYS), ("个sprint", "days", SPRINT_DAYS),
    ("个 sprint", "days", SPRINT_DAYS),
    ("mos", "days", 30.0), ("mo", "days", 30.0), ("years", "days", 365.0), ("year", "days", 365.0),
    ("yrs", "days", 365.0), ("yr", "days", 365.0), ("hours", "days", 1 / 24),
    ("hour", "days", 1 / 24), ("hrs", "days", 1 / 24), ("hr", "days", 1 / 24), ("h", "days", 1 / 24),
    ("minutes", "days", 1 / 1440), ("minute", "days", 1 / 1440), ("mins", "days", 1 / 1440),
    ("min", "days", 1 / 1440), ("seconds", "days", 1 / 86400), ("second", "days", 1 / 86400),
    ("secs", "days", 1 / 86400), ("sec", "days", 1 / 86400), ("quarters", "days", 90.0),
    ("quarter", "days", 90.0), ("钟", "days", 1 / 24),
    ("个参数", "params", 1.0), ("参数", "params", 1.0), ("参", "params", 1.0),
    ("parameters", "params", 1.0), ("parameter", "params", 1.0), ("params", "params", 1.0),
    ("param", "params", 1.0), ("级", "level", 1.0),
    # Images and videos counted ("100万张图片", "500k photos", "20 万段视频"): samples of no known length in
    # tokens (a vision-language model's visual tokens per image vary), never text tokens; the dialogue asks
    # the tokens per image or clip. Before the samples' words (对, 条, 段 alone).
    *((w, "images", 1.0) for w in IMAGE_WORDS),
    *((w, "videos", 1.0) for w in VIDEO_WORDS),
    # Training samples in every form people count them (Chinese measure words after t2s: 筆 -> 笔, 則 -> 则).
    ("条数据", "samples", 1.0), ("条样本", "samples", 1.0), ("条对话", "samples", 1.0),
    ("条指令", "samples", 1.0), ("行日志", "samples", 1.0), ("行数据", "samples", 1.0),
    ("行记录", "samples", 1.0), ("行文本", "samples", 1.0), ("行代码", "samples", 1.0),
    ("条", "samples", 1.0), ("笔对话", "samples", 1.0), ("笔数据", "samples", 1.0), ("笔", "samples", 1.0),
    ("则对话", "samples", 1.0), ("则", "samples", 1.0), ("份对话", "samples", 1.0),
    ("份数据", "samples", 1.0),
    ("份", "samples", 1.0), ("篇", "samples", 1.0), ("个样本", "samples", 1.0), ("样本", "samples", 1.0),
    ("个对话", "samples", 1.0), ("段对话", "samples", 1.0), ("组对话", "samples", 1.0),
    # "客服对话，大概 6 万段": dialogues counted by 段 (at least 10 of them: _counted), not "一段时间".
    ("段", "samples", 1.0),
    ("组多轮对话", "samples", 1.0), ("段多轮对话", "samples", 1.0), ("条多轮对话", "samples", 1.0),
    ("个多轮对话", "samples", 1.0), ("组多轮", "samples", 1.0),
    ("轮对话", "samples", 1.0),
    ("对话", "samples", 1.0),
    # Preference pairs for DPO/RLHF ("偏好数据 3 万对"), after every word that starts with 对.
    ("对", "samples", 1.0),
    ("samples", "samples", 1.0), ("sample", "samples", 1.0),
    ("examples", "samples", 1.0), ("example", "samples", 1.0), ("conversations", "samples", 1.0),
    ("conversation", "samples", 1.0), ("dialogues", "samples", 1.0), ("dialogs", "samples", 1.0),
    ("records", "samples", 1.0), ("rows", "samples", 1.0), ("documents", "samples", 1.0),
    ("docs", "samples", 1.0), ("qa pairs", "samples", 1.0), ("pairs", "samples", 1.0),
    ("instructions", "samples", 1.0), ("sequences", "samples", 1.0), ("chats", "samples", 1.0),
    ("transcripts", "samples", 1.0), ("articles", "samples", 1.0), ("convos", "samples", 1.0),
    ("convo", "samples", 1.0), ("threads", "samples", 1.0), ("tickets", "samples", 1.0),
    ("emails", "samples", 1.0), ("instruction pairs", "samples", 1.0), ("training examples", "samples", 1.0),
    ("training samples", "samples", 1.0), ("sft samples", "samples", 1.0), ("sft examples", "samples", 1.0),
    # Documents a corpus is counted in ("50k books of ~80k words", "2万本书"): each one a sample.
    ("books", "samples", 1.0), ("novels", "samples", 1.0), ("papers", "samples", 1.0),
    ("posts", "samples", 1.0), ("reviews", "samples", 1.0), ("stories", "samples", 1.0),
    ("essays", "samples", 1.0), ("messages", "samples", 1.0), ("web pages", "samples", 1.0),
    ("pages", "samples", 1.0), ("本书", "samples", 1.0), ("本小说", "samples", 1.0), ("本", "samples", 1.0),
    ("篇论文", "samples", 1.0), ("篇文章", "samples", 1.0), ("q&a pairs", "samples", 1.0),
    ("q&as", "samples", 1.0), ("tweets", "samples", 1.0), ("comments", "samples", 1.0),
    # Files and sentences counted ("3 million JSON files", "3 千万句"); rows as 行 or, in Taiwan, 列
    # only before a clause end or 每 (units._rows): "5 万行吗" counts nothing.
    ("files", "samples", 1.0), ("pdfs", "samples", 1.0), ("sentences", "samples", 1.0),
    ("lines", "samples", 1.0), ("页", "samples", 1.0), ("个句子", "samples", 1.0), ("句话", "samples", 1.0),
    ("句", "samples", 1.0),
    ("行", "samples", 1.0), ("列", "samples", 1.0),
    # Business documents counted one per sample ("60k contracts, avg ~3k tokens").
    ("contracts", "samples", 1.0), ("reports", "samples", 1.0), ("filings", "samples", 1.0),
    ("patents", "samples", 1.0), ("invoices", "samples", 1.0), ("abstracts", "samples", 1.0),
    ("summaries", "samples", 1.0),
    # Pieces of text counted one per sample ("2 million short texts at ~100 tokens each").
    ("texts", "samples", 1.0), ("passages", "samples", 1.0), ("paragraphs", "samples", 1.0),
    ("snippets", "samples", 1.0), ("notes", "samples", 1.0), ("memos", "samples", 1.0),
    # Items a batch job runs through ("score 2M prompts", "500k queries"): each one a sample (its length, when
    # said, is "2k-token prompts": a length, read before this as a request side).
    ("prompts", "samples", 1.0), ("queries", "samples", 1.0), ("items", "samples", 1.0),
    # Passes over the data. 轮 is an epoch except in 多轮对话 (rounds of a dialogue, above).
    ("epochs", "epochs", 1.0), ("epoch", "epochs", 1.0), ("个epochs", "epochs", 1.0),
    ("个 epochs", "epochs", 1.0), ("个epoch", "epochs", 1.0), ("个 epoch", "epochs", 1.0),
    ("passes", "epochs", 1.0), ("pass", "epochs", 1.0), ("轮", "epochs", 1.0), ("遍", "epochs", 1.0),
    ("ep", "epochs", 1.0), ("eps", "epochs", 1.0),  # "3ep", "2 eps" (run names and configs)
    # Turns of a multi-turn dialogue ("dialogues of 5 turns", "each has 6 turns"): its length in turns.
    ("turns", "turns", 1.0), ("turn", "turns", 1.0),  # "5-turn conversations"
    # Optimizer steps ("100k steps", "训练 10 万步"): times each step's batch of tokens, the tokens trained.
    ("steps", "steps", 1.0), ("training steps", "steps", 1.0), ("iterations", "steps", 1.0),
    ("iters", "steps", 1.0), ("个step", "steps", 1.0), ("步", "steps", 1.0),
    # Serving: concurrency, request rate, latency, per-user speed.
    ("concurrent users", "concurrency", 1.0), ("concurrent requests", "concurrency", 1.0),
    ("concurrent sessions", "concurrency", 1.0), ("concurrent", "concurrency", 1.0),
    ("simultaneous users", "concurrency", 1.0), ("users", "concurrency", 1.0), ("个并发", "concurrency", 1.0),
    ("路并发", "concurrency", 1.0), ("并发", "concurrency", 1.0), ("个用户", "concurrency", 1.0),
    ("用户", "concurrency", 1.0),
    ("个同时在线", "concurrency", 1.0), ("人同时", "concurrency", 1.0), ("个人同时", "concurrency", 1.0),
    ("人并发", "concurrency", 1.0), ("个人并发", "concurrency", 1.0), ("位用户并发", "concurrency", 1.0),
    ("个人在线", "concurrency", 1.0), ("人在线", "concurrency", 1.0), ("个人用", "concurrency", 1.0),
    ("人用", "concurrency", 1.0),
    ("人使用", "concurrency", 1.0), ("个人使用", "concurrency", 1.0), ("名用户", "concurrency", 1.0),
    ("位用户", "concurrency", 1.0), ("个使用者", "concurrency", 1.0), ("名使用者", "concurrency", 1.0),
    ("位使用者", "concurrency", 1.0), ("people", "concurrency", 1.0), ("ppl", "concurrency", 1.0),
    ("persons", "concurrency", 1.0),
    ("simultaneous", "concurrency", 1.0),
    ("个人", "concurrency", 1.0),  # "能撑 50 个人吗": people, a load only in a serving message (slots)
    ("人", "concurrency", 1.0),  # "那 100 人呢" after a serving answer: the same, said without 个
    *((rate, "qps", 1.0) for rate in REQUEST_RATES),
    # A count of requests: a serving load with the period said around it (serving.request_period; 0 =
    # find it), per day for "daily requests"; without a period read as before ("50 requests at once").
    *((w, "requests", 0.0) for w in REQUEST_COUNTS),
    *((w, "requests", 1.0) for w in ("daily requests", "daily calls", "daily queries", "daily api calls")),
    *((w, "requests", 1 / DAYS_PER_MONTH) for w in ("monthly requests", "monthly calls", "monthly queries")),
    ("milliseconds", "ms", 1.0), ("millisecond", "ms", 1.0), ("毫秒", "ms", 1.0), ("ms", "ms", 1.0),
    ("tokens/s", "tps", 1.0), ("token/s", "tps", 1.0), ("tok/s", "tps", 1.0),
    ("tokens per second", "tps", 1.0),
    ("tokens a second", "tps", 1.0), ("个token每秒", "tps", 1.0), ("token每秒", "tps", 1.0),
    ("台机器", "node", 1.0), ("台服务器", "node", 1.0), ("台", "node", 1.0), ("个节点", "node", 1.0),
    ("节点", "node", 1.0), ("nodes", "node", 1.0), ("node", "node", 1.0),
    ("machines", "node", 1.0), ("machine", "node", 1.0), ("servers", "node", 1.0),
    ("server", "node", 1.0),
    # "TTFT under 1s", "0.5s": seconds (a latency; never a timeline). Last, so "samples" wins.
    ("s", "days", 1 / 86400),
)  # fmt: skip
# A bare size letter after the measure word 个 is bytes in Chinese speech ("数据 2 个T", "1.5个P", "500个M"):
# 个 counts a size, never tokens or parameters ("2T tokens" has no 个), so the T is a terabyte here.
SIZE_LETTERS_AFTER_GE: dict[str, float] = {"t": 1e12, "p": 1e15, "m": 1e6}

# A token count per turn of a multi-turn sample ("每轮 200 token"): times the turns of each sample
# ("每组 5 轮") it is the length per sample.
PER_TURN_BEFORE = ("每轮", "每一轮", "每轮约", "per turn", "each turn", "every turn")
# …and after it: "300 tokens per turn", "~300 tokens a turn".
PER_TURN_AFTER = ("per turn", "a turn", "each turn", "every turn", "/turn")
# A token count that is per sample ("每条 1k tokens", "1k tokens each", "avg 1k tokens"): times the
# sample count it is the token total; alone it waits for the count.
PER_SAMPLE_BEFORE = (
    "每条", "每个样本", "每篇", "每行", "每个example", "每个sample", "单条", "每一条", "每笔", "每则", "每份",
    "每段对话", "每段", "每个对话", "每轮对话", "每组", "平均每条", "平均长度", "平均", "长度约", "每条约",
    "每笔约",
    "per sample", "per example", "per row", "per document", "per doc", "per conversation", "per dialogue",
    "per record", "per item", "each sample", "each example", "each conversation", "each dialogue",
    "each record", "each document", "each row", "each one", "each is", "avg", "average", "averaging",
    "on average", "mean length", "average length", "median length", "median", "typical length", "每本",
    "每部", "每页", "每封", "每条评论", "每对", "每组对", "per book", "per page", "per paper", "per post",
    "per email",
    "each book", "each page", "each paper", "each post", "each email", "每列", "每句", "每句话", "每个句子",
    "每个文件", "每个档案", "每个文档", "每个pdf", "per file", "per line", "each file", "each line",
    "per text", "per passage", "per paragraph", "per snippet", "each text", "each passage", "each paragraph",
    # An image or video clip counted as a sample (IMAGE_WORDS, VIDEO_WORDS): its tokens with its text.
    "每张图", "每张图片", "每幅图", "每张照片", "每段视频", "每个视频", "每条视频", "每个片段", "每段影片",
    "每张", "每幅",
    "per image", "each image", "per photo", "each photo", "per picture", "per clip", "each clip", "per video",
    "each video",
)  # fmt: skip
PER_SAMPLE_AFTER = (
    "each", "apiece", "per sample", "per example", "per row", "per document", "per doc", "per conversation",
    "per dialogue", "per record", "per item", "/条", "每条", "一条", "/sample", "/example", "on average",
    "avg", "average", "per sample on average", "per book", "per page", "per paper", "per post", "per email",
    "per pair", "per article", "per ticket", "per chat", "每对", "per file", "per line",
    # "(~600 tokens/pair)", "4 KB/file": a slash and the sample's noun
    "/pair", "/row", "/page", "/doc", "/document", "/file", "/ticket", "/chat", "/conversation", "/record",
    "/email", "/book", "/article", "/line", "/item",
    "per text", "per passage", "per paragraph", "per snippet", "/text", "/passage", "/paragraph",
    "每张图", "每段视频", "每张", "每幅", "每个视频", "每个片段", "每个样本", "每个对话", "每段", "每篇",
    "每份", "每组", "每笔", "per image", "an image", "per photo", "per clip", "a clip",
    "per video", "/image", "/img", "/photo", "/clip", "/video",
)  # fmt: skip
# A token count that is one step's batch ("global batch 4M tokens", "4M tokens per step"): times the steps,
# the tokens trained (parser); alone it is no dataset.
PER_STEP_BEFORE = ("global batch", "batch size", "batch", "每步", "每个step", "每 step", "每批", "批大小")
PER_STEP_AFTER = (
    "per batch",
    "per step",
    "a step",
    "each step",
    "/step",
    "/batch",
    "per iteration",
    "每步",
    "一步",
)

# "50k samples of ~1k tokens": a length right after a sample count, joined by one of these.
SAMPLE_LENGTH_JOINS = (
    "of", "at", "@", "x", "×", "*", "each", "each of", "each at", "with", "with an average of", "averaging",
    "avg",
)  # fmt: skip
# Hedges between such a join and the length: "of ~1k", "each about 1.5k", "avg roughly 800".
SAMPLE_LENGTH_HEDGES = ("~", "≈", "about", "around", "roughly", "approx.", "approximately", "approx")

# Before a second size of data or tokens, words that add it to the first: "500GB 中文语料，外加 200GB 代码",
# "200B tokens of web text plus 50B tokens of code".
DATA_PLUS = (
    "外加",
    "另加",
    "加上",
    "再加上",
    "再加",
    "另外还有",
    "另外",
    "另有",
    "plus",
    "+",
    "and another",
    "along with",
)

# Recordings counted by their length: "5000 小时的语音转写", "3,000 hours of call-center transcripts",
# "客服逐字稿一共 8000 小时" are an amount of data, not the timeline.
RECORDED_ZH = ("语音", "录音", "音频", "视频", "录像", "转写", "转录", "逐字稿", "通话", "播客")
RECORDED_EN = (
    "audio", "recordings", "recording", "transcripts", "transcript", "transcribed", "transcriptions",
    "speech", "video", "videos", "calls", "call", "podcasts", "podcast", "meetings", "footage", "voice",
)  # fmt: skip
# A speech model trained on the recordings themselves (not a text LLM on their transcripts): hours of audio
# are its encoder's audio frames (knowledge.text_units), never transcript tokens. Named models first; the
# generic words count only when no transcripts are said ("7B on 500 hours of ASR transcripts" is text).
SPEECH_MODELS = (
    "whisper", "wav2vec", "hubert", "paraformer", "sensevoice", "seamlessm4t", "parakeet",
)  # fmt: skip
SPEECH_TASKS = (
    "asr", "speech recognition", "speech-to-text", "speech to text", "speech model", "stt", "语音识别",
    "语音转文字", "语音模型", "语音大模型", "声学模型", "tts", "text-to-speech", "语音合成",
)  # fmt: skip
TRANSCRIPT_WORDS = (
    "transcripts",
    "transcript",
    "transcriptions",
    "转写稿",
    "逐字稿",
    "转录文本",
    "转写文本",
    "文字稿",
)
# Recordings of pictures, not speech: hours of these are no transcript.
VIDEO_RECORDINGS = ("视频", "影片", "录像", "video", "videos", "footage")
# Before a length of time, words that make it a span the data covers ("最近半年的对话日志", "the last 6
# months of logs"), when 的 or "of" follows it.
RECENT_SPAN = ("最近", "过去", "过去的", "近", "the past", "the last", "past", "last", "previous")
# After a length of time and "of" / 的, what was collected over it: the span the data covers ("3 years of chat
# logs", "三年的客服工单"), never the timeline.
COLLECTED_EN = (
    "logs", "log", "chat logs", "chats", "data", "conversations", "tickets", "support tickets", "history",
    "emails", "messages", "records", "dialogues", "interactions", "reviews", "posts", "articles", "news",
    "commits", "user data", "customer data",
)  # fmt: skip
COLLECTED_ZH = (
    "日志",
    "记录",
    "数据",
    "对话",
    "聊天",
    "工单",
    "邮件",
    "消息",
    "评论",
    "新闻",
    "语料",
    "帖子",
    "文章",
)

# In the clause of a second size of the data, words that make it what is left to train on: "原始数据 3.6TB，
# 去重后大约 3TB", "5TB raw, about 2TB after dedup" (the later size is the data) ...
DATA_KEPT = (
    "去重后", "清洗后", "过滤后", "筛选后", "清理后", "处理后", "剩下", "剩余", "剩", "after dedup",
    "after dedupe", "after deduplication", "after filtering", "after cleaning", "after cleanup",
    "deduplicated", "remaining", "left after", "只用其中", "用其中", "其中只用", "only use", "use only",
    "of which we use", "only train on",
)  # fmt: skip
# ... unless the size is labelled as the raw one: "数据 3TB（原始 10TB 去重后）" trains on the 3TB.
DATA_RAW = (
    "原始",
    "原来",
    "原本",
    "去重前",
    "清洗前",
    "过滤前",
    "raw",
    "original",
    "originally",
    "before dedup",
)
# ... or what is taken out of it: "其中 0.6TB 是重复的要先去掉" (the first size less this one).
DATA_REMOVED = ("重复", "去掉", "删掉", "删除", "丢掉", "duplicates", "duplicate", "removed", "dropped")
DATA_PART_OF = ("其中", "of which", "of that", "of this")

# Words between a number and its unit of time that do not change it: "2 more minutes".
DURATION_FILLERS = ("more ", "extra ", "additional ")

# Currency words after an amount. 刀 is Chinese slang for US dollars.
CURRENCY_SUFFIX: tuple[tuple[str, str], ...] = (
    ("人民币", "CNY"), ("块钱", "CNY"), ("元", "CNY"), ("块", "CNY"), ("rmb", "CNY"),
    ("cny", "CNY"), ("美元", "USD"), ("美金", "USD"), ("美刀", "USD"), ("刀", "USD"), ("usd", "USD"),
    ("us$", "USD"), ("$", "USD"), ("dollars", "USD"), ("dollar", "USD"), ("bucks", "USD"),
    ("buck", "USD"), ("yuan", "CNY"),
)  # fmt: skip
# Currencies named with no amount: "that's RMB, not dollars", "是人民币". Words only (元, 块, 刀 and $ alone
# are too short to mean a currency without a number: 元旦, 一块儿).
CURRENCY_WORDS: tuple[tuple[str, str], ...] = (
    ("人民币", "CNY"), ("rmb", "CNY"), ("cny", "CNY"), ("yuan", "CNY"), ("美元", "USD"), ("美金", "USD"),
    ("美刀", "USD"), ("usd", "USD"), ("us dollars", "USD"), ("dollars", "USD"), ("dollar", "USD"),
)  # fmt: skip
# Cents after an amount: "90 cents an hour" (Duckling AmountOfMoney/EN corpus: "10 cents", "10¢").
CENTS_SUFFIX = ("cents", "cent", "¢")
# A tenth of a yuan after an amount: "一小时才 5 毛钱" is ¥0.50 (毛 is spoken 角).
JIAO_SUFFIX = ("毛钱", "毛", "角钱")
# Currencies the engine does not price in (it speaks CNY and USD). An amount in one with a sourced, dated
# rate (TWD, HKD: knowledge/currencies.py) is a budget in USD at that rate, said so in the reply; in any
# other it is not a budget at all: converting at a guessed rate would be worse than asking in the dialogue.
FOREIGN_SUFFIX = (
    "港币", "港元", "欧元", "日元", "日圆", "英镑", "韩元", "新台币", "台币", "twd", "ntd", "nt$",
    "卢比", "hkd", "hk$", "euros", "euro",
    "eur", "€", "gbp", "pounds", "£", "rupees", "rupee", "inr", "rs", "jpy", "yen", "cad", "chf",
    "aud", "sgd", "myr", "ringgit",
    "蚊",  # Hong Kong's spoken word for its dollar ("兩萬蚊"): never yuan
)  # fmt: skip
# The ISO code of a currency a price question names that the catalogue does not price in ("A100 租一個月要
# 多少台幣"): the answer says its prices are USD and CNY. Names only: short symbols stay with amounts.
UNPRICED_CURRENCIES: tuple[tuple[str, str], ...] = (
    ("新台币", "TWD"), ("台币", "TWD"), ("twd", "TWD"), ("ntd", "TWD"), ("港币", "HKD"), ("港元", "HKD"),
    ("hkd", "HKD"), ("欧元", "EUR"), ("euros", "EUR"), ("euro", "EUR"), ("eur", "EUR"), ("日元", "JPY"),
    ("日圆", "JPY"), ("jpy", "JPY"), ("yen", "JPY"), ("英镑", "GBP"), ("gbp", "GBP"), ("韩元", "KRW"),
    ("sgd", "SGD"), ("新币", "SGD"), ("aud", "AUD"), ("cad", "CAD"), ("inr", "INR"), ("rupees", "INR"),
    ("蚊", "HKD"),
)  # fmt: skip


# Symbols of those currencies that stand before an amount ("NT$50萬", "HK$200k"): the amount's currency.
UNPRICED_SYMBOLS: tuple[tuple[str, str], ...] = (("nt$", "TWD"), ("hk$", "HKD"))


def unpriced_currency(s: str) -> str | None:
    """The ISO code of the first currency `s` names that prices are not given in, if any."""
    for phrase, code in UNPRICED_CURRENCIES:
        if find_phrase(s, phrase) != -1:
            return code
    return None


FOREIGN_PREFIX = (
    "港币", "港元", "欧元", "日元", "日圆", "英镑", "新台币", "台币", "twd", "ntd", "jp¥",
    "hkd", "hk$", "eur", "€", "gbp", "£", "rs.", "rs", "inr",
    "jpy", "cad", "chf", "aud", "sgd", "nt$", "a$", "c$", "s$", "myr", "rm",
)  # fmt: skip
CURRENCY_PREFIX: tuple[tuple[str, str], ...] = (
    ("us$", "USD"), ("$", "USD"), ("usd", "USD"), ("¥", "CNY"), ("rmb", "CNY"), ("cny", "CNY"),
    ("人民币", "CNY"), ("美元", "USD"),
)  # fmt: skip

PERIOD_AFTER: tuple[tuple[str, str], ...] = (
    ("/月", "month"), ("每月", "month"), ("每个月", "month"), ("一个月", "month"), ("/month", "month"),
    ("/mo", "month"), ("per month", "month"), ("a month", "month"), ("monthly", "month"),
    ("/小时", "hour"), ("每小时", "hour"), ("一小时", "hour"), ("/h", "hour"), ("/hr", "hour"),
    ("/hour", "hour"), ("per hour", "hour"), ("an hour", "hour"), ("hourly", "hour"),
    ("per gpu-hour", "hour"), ("per gpu hour", "hour"), ("/gpu-hour", "hour"), ("/gpu/hour", "hour"),
    ("/gpu/h", "hour"), ("/gpu/hr", "hour"), ("/卡/小时", "hour"), ("/卡时", "hour"), ("每卡时", "hour"),
    ("per card-hour", "hour"), ("per card hour", "hour"), ("/card-hour", "hour"), ("/card/hour", "hour"),
    ("per gpu-hr", "hour"), ("per gpu hr", "hour"), ("/gpu-hr", "hour"), ("一卡时", "hour"),
    ("一个卡时", "hour"),
    ("in total", "total"), ("total", "total"), ("总共", "total"),
    # Per day / week / quarter: turned into a total or a month by parser._budget.
    ("/天", "day"), ("/日", "day"), ("每天", "day"), ("每日", "day"), ("一天", "day"), ("/day", "day"),
    ("per day", "day"), ("a day", "day"), ("daily", "day"), ("/周", "week"), ("每周", "week"),
    ("每星期", "week"), ("一周", "week"), ("/week", "week"), ("/wk", "week"), ("per week", "week"),
    ("a week", "week"), ("weekly", "week"), ("/季度", "quarter"), ("每季度", "quarter"),
    ("每个季度", "quarter"), ("一个季度", "quarter"), ("/quarter", "quarter"), ("per quarter", "quarter"),
    ("a quarter", "quarter"), ("quarterly", "quarter"),
    # Per card and day or week ("$3/gpu/day", "20 元/卡/天"): slots._per_card_rate reads them as a price.
    ("/gpu/day", "day"), ("/gpu/天", "day"), ("/card/day", "day"), ("/卡/天", "day"), ("/卡/日", "day"),
    ("per gpu per day", "day"), ("per card per day", "day"), ("per gpu-day", "day"), ("/gpu-day", "day"),
    ("/gpu/week", "week"), ("/卡/周", "week"), ("per gpu per week", "week"), ("per card per week", "week"),
)  # fmt: skip
PERIOD_BEFORE: tuple[tuple[str, str], ...] = (
    ("每月", "month"), ("每个月", "month"), ("包月", "month"), ("月预算", "month"), ("月租", "month"),
    ("monthly", "month"), ("per month", "month"), ("每小时", "hour"), ("每个小时", "hour"),
    ("时租", "hour"), ("hourly", "hour"), ("月花费", "month"), ("月费用", "month"), ("月成本", "month"),
    ("月支出", "month"), ("per hour", "hour"), ("总共", "total"),
    ("总预算", "total"), ("一共", "total"), ("in total", "total"), ("total", "total"),
    ("每天", "day"), ("每日", "day"), ("日预算", "day"), ("一天预算", "day"), ("daily", "day"),
    ("per day", "day"), ("每周", "week"), ("每星期", "week"), ("周预算", "week"), ("weekly", "week"),
    # "<one unit>的预算": "一周的预算是 2 万", "一天的预算 3000", "一个月的预算 5 万"
    ("一周的预算", "week"), ("一星期的预算", "week"), ("一天的预算", "day"), ("每天的预算", "day"),
    ("一个月的预算", "month"), ("每月的预算", "month"), ("一小时的预算", "hour"), ("每小时的预算", "hour"),
    ("per week", "week"), ("每季度", "quarter"), ("每个季度", "quarter"), ("季度预算", "quarter"),
    ("quarterly", "quarter"), ("per quarter", "quarter"),
)  # fmt: skip
# A unit of time right after a budget word is its period: 预算一个月五十万, "budget a month: $5k".
BUDGET_PERIODS: tuple[tuple[str, str], ...] = (
    ("预算一个月", "month"), ("预算1个月", "month"), ("经费一个月", "month"), ("预算一周", "week"),
    ("预算一天", "day"), ("预算一小时", "hour"), ("budget a month", "month"),
    ("budget one month", "month"), ("budget a week", "week"), ("budget a day", "day"),
)  # fmt: skip
PERIOD_BEFORE += BUDGET_PERIODS
# The period of a budget held said on its own ("预算是按月的", "it's a one-off budget"), besides the words
# above (dialogue.understand: the budget held in that period).
BUDGET_PERIOD_WORDS: tuple[tuple[str, str], ...] = (
    ("按月", "month"), ("按月算", "month"), ("月度", "month"), ("按小时", "hour"), ("一次性", "total"),
    ("总的", "total"), ("整个项目", "total"), ("overall", "total"), ("one-off", "total"),
    ("one-time", "total"), ("for the whole project", "total"),
)  # fmt: skip

# The user has no timeline: Parse.no_deadline (the dialogue stops asking for days).
# Not knowing the length per sample, and the samples said to be short chats: a typical short dialogue's length
# (parser._unknown_short_dialogues; knowledge/data/settings.yaml text_units).
LENGTH_UNKNOWN = (
    "not sure", "no idea", "dunno", "don't know", "do not know", "not certain", "no clue", "hard to say",
    "不清楚", "不知道", "不确定", "说不准", "没统计", "没算过", "不太清楚", "不太确定",
)  # fmt: skip
SHORT = ("short", "brief", "短", "简短", "很短", "不长")
DIALOGUE_WORDS = (
    "chat", "chats", "turns", "conversation", "conversations", "dialogue", "dialogues", "dialog", "dialogs",
    "q&a", "messages", "对话", "聊天", "问答", "会话", "客服",
)  # fmt: skip
DEADLINE_BY_BUDGET = (
    "depends on the budget", "depends on budget", "depends on our budget", "depends on the cost",
    "depends on how much it costs", "depends on the price", "whatever the budget allows",
    "看预算", "取决于预算", "要看预算", "看钱", "看经费", "看成本", "看价格", "预算决定",
)  # fmt: skip
# Cost before time, said in answer to the timeline question ("no rush, cheapest is fine", "沒差，越便宜越
# 好", "省钱就好"): no deadline of its own, the plan of the lowest total cost without one
# (dialogue.turn_steps.timeline_by_cost). Only as that answer: after a plan with a deadline it keeps it.
COST_FIRST = (
    "the cheaper the better", "cheapest is fine", "cheapest is ok", "cheapest will do", "cheapest works",
    "cheapest option", "cheapest plan", "cheapest one", "cheapest possible", "as cheap as possible",
    "as cheaply as possible", "want it cheap", "keep it cheap", "keep the cost down", "keep costs down",
    "keep costs low", "lowest cost", "minimize cost", "minimise cost", "cost matters more", "越便宜越好",
    "愈便宜愈好", "便宜就行", "便宜就好", "便宜点就行", "便宜点就好", "便宜为主", "省钱就好", "省钱就行",
    "省钱为主", "越省越好", "愈省愈好", "能省则省", "最便宜的就行", "最便宜的就好", "最便宜就行",
    "最便宜就好", "尽量便宜", "尽量省钱", "成本优先", "省钱优先", "便宜优先",
)  # fmt: skip
NO_DEADLINE = (
    "no deadline", "no hard deadline", "no rush", "no hurry", "not in a hurry", "not in a rush",
    "no time limit", "no time constraint", "no time pressure", "whenever", "no timeline",
    "不限时间", "时间不限", "没有截止时间", "没有截止日期", "没有deadline", "没deadline", "无deadline",
    "不着急", "不急", "不赶时间", "没有时间要求", "时间无所谓", "时间随意", "没有期限", "不限期",
    "no particular deadline", "no specific deadline", "no fixed deadline", "no firm deadline",
    "without a deadline", "no time frame", "no timeframe", "not time sensitive", "not time-sensitive",
    "take as long as", "as long as it takes", "whenever it's done", "no deadline really", "open-ended",
    "no real deadline", "no strict deadline", "no set deadline", "no hard timeline", "no real rush",
    "any time is fine", "anytime is fine", "not urgent", "isn't urgent", "no hurry",
    "没有deadline", "没deadline", "无期限", "没期限", "没有截止", "不设期限", "不限时", "随便多久",
    "多久都行",
    "多久都可以", "时间不重要", "不赶", "慢慢来", "没有时间限制", "没时间要求", "没有硬性", "时间充裕",
    "不着急用",
    "不是很急", "不太急", "没那么急", "时间宽裕",
    # 工期 (the schedule) is the word the bot's own question uses: "不限工期", "工期不限", "没有工期要求".
    "不限工期", "工期不限", "没有工期", "没工期", "工期没有要求", "工期无所谓", "工期随意", "工期不急",
    "工期宽松", "工期灵活", "工期弹性", "不限周期", "周期不限", "没有时间压力", "没时间压力", "时间上没要求",
    "时间上没有要求",
    "no particular rush", "no pressure on time",
    # Taiwan wording (after t2s: 時程 -> 时程, 彈性 -> 弹性, 寬鬆 -> 宽松) and "flexible" in English.
    "时间弹性", "时间很弹性", "时程弹性", "时程没有限制", "没有时程限制", "时程不限", "期限宽松", "时间宽松",
    "什么时候都行", "什么时候都可以", "deadline is flexible", "flexible deadline", "flexible timeline",
    "time is not an issue", "time isn't an issue", "no time constraints", "timeline is flexible",
    "deadline flexible", "timeline flexible", "time is flexible", "schedule is flexible", "flexible schedule",
    "flexible on time", "flexible on the deadline", "flexible on timing",
    # The time left to the budget ("depends on the budget really", "看预算吧"): no deadline of its own; a
    # budget said next sizes the plan to fit it.
    *DEADLINE_BY_BUDGET,
)  # fmt: skip
# A deadline field answered with "none" ("deadline: none", "工期：无", "時程：不限", "工期随便"): no deadline.
# DEADLINE_FIELDS is the exact precondition (the pattern cannot match without one of them).
DEADLINE_FIELDS = (
    "deadline",
    "timeline",
    "time limit",
    "工期",
    "截止时间",
    "截止日期",
    "期限",
    "时程",
    "周期",
)
NO_DEADLINE_FIELD = re.compile(
    r"(?:deadline|timeline|time limit|工期|截止时间|截止日期|期限|时程|周期)\s*[:：=]?\s*"
    r"(?:(?:none|n/?a|whatever|open|flexible|tbd)(?![a-z])|无(?!法)|没有|不限|随便|随意|无所谓|都行|都可以|灵活|弹性)"
)
# A clause about a run already done ("我们 2024 年训过一个 1.3B", "去年用 32 张 A100 训了 45 天", "our v3.5
# release trained a 1.3B on 300B tokens last year"), before a clause with the new plan: its figures are
# history, not the request. A verb with 过 is past by itself; the others need a time in the past in the
# same clause.
PAST_RUN = (
    "训过", "训练过", "练过", "跑过", "做过", "微调过", "预训练过", "上次训练", "上一次训练", "previous run",
    "last run", "earlier run", "previous training run",
    # a published run cited before the plan: "GPT-3 175B took 3.14e23 FLOPs; we want a 13B"
    "took", "was trained", "were trained",
)  # fmt: skip
PAST_RUN_WITH_TIME = (
    "训了",
    "训练了",
    "跑了",
    "做了",
    "用了",
    "trained",
    "fine-tuned",
    "pretrained",
    "we ran",
    "ran",
    # what a past run cost: "上次预训练 3B 花了 9 天、烧了 20 万", "last year's run cost us $40k"
    "花了",
    "烧了",
    "耗时",
    "spent",
    "cost us",
    # GPUs rented for a past run: "we rented 16 H100s last month for $30k", "去年租过 32 张 A100"
    "rented",
    "租过",
    "租了",
)
PAST_TIME = (
    "去年", "前年", "上次", "上回", "之前", "以前", "上个月", "上一版", "上一代", "上一期", "last year",
    "last time",
    "previously", "earlier", "last month", "already", "已经",
    # A time ago or a part of the year gone: "两个月前", "3 months ago", "上半年", "last quarter".
    "个月前", "周前", "星期前", "礼拜前", "天前", "年前", "ago", "上半年", "上季度", "上个季度",
    "last quarter",
)  # fmt: skip
# A past run's pre-training, said with the past verb: the method of a plan that repeats it
# (parser._past_method).
PRETRAINED = ("pretrained", "pre-trained", "预训练过", "预训练了", "的预训练", "预训练")
NEW_PLAN = (
    "这次", "这回", "本次", "今年", "现在", "接下来", "下一版", "想", "打算", "准备", "计划", "希望", "要",
    "this time", "now", "next", "want", "plan", "would like", "we'd like", "need",
)  # fmt: skip

# Right before a later GPU, words that settle on it after another was weighed: "A100 不支持 fp8，那就用 H100"
# ("用 A100 还是用 H100" weighs both and settles on none).
SETTLE_ON = (
    "那就用", "那就上", "就用", "改用", "只好用", "so go with", "go with", "switch to",
    "so use", "settle on", "settled on", "we'll use", "we will use", "let's use",
    # after a doubt, not between two offered ("FP8 不稳定吗，我们还是用 BF16 吧"; "用 A 还是用 B" weighs both)
    "我们还是用", "那还是用", "最后还是用", "决定用", "决定还是用", "we'll go with", "we will go with",
    "那就", "那还是", "换成", "改成",
    "stick with", "stick to",
)  # fmt: skip

# "Plan it", alone, after an answer that offered a plan (bot/dialogue/answers/data_amount.py): plan
# with what is known and no deadline, as "no deadline" does (the engine picks a sensible cluster
# size). Inside a longer request ("make a plan for 7B on 100B tokens") it is no answer about time.
GO_AHEAD = (
    "plan it", "plan that", "plan this", "go ahead and plan", "make a plan", "make the plan", "do the plan",
    "规划一下", "帮我规划", "做个规划", "做规划", "按这个规划", "就按这个算", "那就规划",
)  # fmt: skip
# The fastest sensible plan within the budget: Parse.asap.
ASAP = (
    "asap", "as soon as possible", "as fast as possible", "as quickly as possible", "fastest possible",
    "urgent", "urgently", "right away", "immediately", "the sooner the better",
    "as fast as the budget allows", "as fast as our budget allows", "as fast as budget allows",
    "as quickly as the budget allows", "as fast as the money allows", "as fast as we can afford",
    "fastest within the budget", "fastest within budget", "fastest the budget allows", "as fast as we can",
    "预算内最快", "预算范围内最快", "预算内尽量快", "预算内尽快", "预算允许的最快", "尽量快", "能多快就多快",
    "越快越好", "愈快愈好", "尽快", "尽早", "越早越好", "愈早愈好", "很急", "比较急", "非常急", "特别急",
    "加急", "急用", "急需", "赶时间",
    "马上要", "立刻", "立即",
)  # fmt: skip
# Words that ask what something costs. Next to a single unit of time they make it the price's period
# ("H200 多少钱一小时", "一个月多少钱"), never a deadline.
PRICE = (
    "月租", "日租", "时租", "多少钱", "几块钱", "几块", "多少块", "多少刀", "多少美金", "多少美元",
    "什么价", "啥价", "价格", "价钱", "租金", "收费",
    # spoken: 米 for yuan ("一小时大概多少米"), Cantonese 几多 ("一个钟几多钱", "几多蚊": Hong Kong dollars)
    "多少米", "几多钱", "几多蚊", "几多银",
    # a currency the catalogue does not price in, asked for ("一小時多少台幣", "多少 HKD"): converted at
    # the dated rate on file, or said to be converted at the day's rate
    *(f"多少{word}" for word, _ in UNPRICED_CURRENCIES),
    *(f"多少 {word}" for word, _ in UNPRICED_CURRENCIES if word.isascii()),
    "报价", "单价", "售价",
    "费用多少",
    "price", "prices", "pricing", "priced", "cost", "costs", "rate", "rates", "charge", "charges",
    "going rate", "go for per", "goes for per", "go for an hour", "go for a month", "goes for an hour",
    "goes for a month", "going for per", "going for an hour", "going for a month", "going for these days",
    "going for nowadays", "going for now", "going for right now", "going for?", "going for at the moment",
    # "what does an A100 rent for per hour?", "H100s rent for how much a month?"
    "rent for per", "rents for per", "rent for an hour", "rents for an hour", "rent for a month",
    "rents for a month", "rent for how much", "rents for how much", "renting for per",
    # whether a quoted rate is dear: "H100 一小时 2 美元 贵不贵", "is $2/hr a good price for an H100"
    "贵不贵", "贵吗", "算贵吗", "good deal", "good price", "fair price", "overpriced", "too expensive",
    # whether a GPU's price is dear, no figure quoted: "is the H100 on AWS expensive?"; how it moved
    "expensive", "pricey", "costly", "便宜了吗", "便宜了没", "贵了吗", "涨价", "降价", "涨了吗", "降了吗",
    "price history", "price trend", "价格走势", "get cheaper", "got cheaper", "gotten cheaper",
    "getting cheaper", "cheaper than last",
)  # fmt: skip
# A rate someone quotes ("H100s are ~$2.5/hr", "A100 单价 1.2 美元每小时") is the market's price, not what the
# user may spend: these words right before an hourly or monthly amount, with no budget word in its clause.
QUOTED_PRICE_BEFORE = (
    "are", "is", "at", "cost", "costs", "run", "runs", "go for", "goes for", "price", "priced at", "rate",
    "价格", "价格是", "单价", "单价是", "报价", "报价是", "售价", "租金",
    # what a provider charges or the team pays: "Lambda charges $2.49 per GPU hour", "we pay ¥7 a card-hour"
    "charges", "charge", "charging", "pay", "we pay", "paying", "收费", "要价", "收",
)  # fmt: skip
# After a precision, words that rule it out: "FP8 就不考虑了", "fp8 is out".
RULED_OUT_AFTER = (
    "就不考虑", "不考虑", "先不考虑", "就算了", "不用了", "不要了", "is out", "is not an option",
    "isn't an option", "not an option", "is off the table",
    # more than is needed, or too slow: "single precision is overkill so bf16", "fp32 太慢了，用 bf16"
    "is overkill", "overkill", "没必要", "太慢", "is too slow", "too slow",
)  # fmt: skip
# Before an amount, words for money already spent: not a budget ("we spent $40k on annotation").
SPENT = ("spent", "already paid", "we paid", "花了", "花掉", "已花", "已经花", "已经付", "付了")
BUDGET_WORDS = (
    "预算", "经费", "budget", "spend", "afford", "can pay", "能花", "可以花", "最多花",
    # a cap on spending: "hourly cap is $120", "monthly cap: $8k", "spending limit $500/hr"
    "hourly cap", "monthly cap", "daily cap", "spending cap", "cost cap", "spending limit", "spend limit",
)  # fmt: skip
# Asking how long a job takes: the time is the answer (Parse.asks_time), not a deadline to ask for.
ASKS_TIME = (
    "how long", "how many days", "how many hours", "how many weeks", "how much time", "time to train",
    "training time", "time to fine-tune", "time to finetune", "eta", "多久", "多长时间", "多少时间", "几天",
    "多少天", "几个小时", "多少小时", "几周", "要跑多久", "训多久", "要多长", "耗时多少", "需要多长",
    "realistic timeline", "reasonable timeline", "what timeline", "timeline would you", "timeline do you",
    "how many months", "几个月", "多少个月",
)  # fmt: skip

# A meeting where a plan is discussed: with a question of how long the run takes ("下周一要给领导汇报：
# …需要多少天？", "review on Friday, how long would it take?") its date is when the answer is needed,
# not the run's deadline (parser._meetings_left_out), unless the run's results are shown there
# (RESULTS_DUE).
MEETING = (
    "汇报", "评审", "开会", "会议", "例会", "周会", "讨论", "过方案", "定方案", "对齐", "述职",
    "review", "meeting", "sync", "standup", "stand-up", "present", "presentation",
)  # fmt: skip
RESULTS_DUE = (
    "结果", "效果", "训完", "跑完", "训好", "完成", "上线", "交付", "出模型", "results", "trained", "done",
    "finished", "ready", "the model",
)  # fmt: skip

# A finishing verb right after a unit of time, maybe led by "can" ("一天能跑完吗", "一个月搞得定吗", "一周内能
# 训完"): the unit after a budget is the run's timeline, not the budget's period (units.period_said).
FINISH_LEADS = ("能不能", "能否", "可不可以", "可以", "能", "就", "内就", "内能", "内", "里")
FINISH_VERBS = (
    "跑完", "训完", "跑得完", "训得完", "跑的完", "训的完", "完成", "搞定", "搞得定", "做完", "做得完",
    "训好", "跑好", "结束", "出结果", "训出来", "跑下来",
)  # fmt: skip

# The advisor's own answer, asked for by a time ("12 小时内出个估算", "can you give me an estimate within 12
# hours?", "明天前给个报价"): that time is when the answer is wanted, not the run's deadline
# (parser._answer_times_left_out), unless a training or results word is said with it (TRAINING, RESULTS_DUE).
ANSWER_WANTED = (
    "estimate", "estimates", "quote", "a quote", "ballpark", "an answer", "a reply", "a response",
    "get back to me", "get back to us", "hear back", "估算", "估个", "估一下", "预估", "报价", "答复", "回复",
    "回我", "答案",
)  # fmt: skip

# Asking how fast training runs on given hardware: the throughput is the answer (Parse.asks_speed).
ASKS_SPEED = (
    "tokens/s", "tokens per second", "token/s", "tokens a second", "tok/s", "throughput", "how fast",
    "training speed", "每秒多少", "每秒几个", "吞吐", "训练速度", "多快",
    "速度多少", "速度怎么样",
)  # fmt: skip

# Asking what a job costs: the cost is the answer, and it hardly depends on the deadline (the same
# GPU-hours on more or fewer GPUs), so the plan needs none (Parse.asks_cost).
ASKS_COST = (
    "how much would it cost", "how much will it cost", "how much does it cost", "how much would that cost",
    "what would it cost", "what will it cost", "what does it cost", "cost to train", "cost to pretrain",
    "cost to pre-train", "cost to fine-tune", "cost to finetune", "cost to lora", "cost to qlora",
    "cost to sft", "ballpark cost", "rough cost", "how expensive", "total cost",
    "the cost of", "what's the cost", "what is the cost", "cost estimate", "estimate the cost",
    # the cost as the question's last word: "what would a 3-epoch LoRA of Llama 3 8B … cost?"
    "cost?", "costs?", "cost me?", "cost us?", "would that cost", "will that cost", "would this cost",
    "will this cost", "does that cost", "does this cost",
    "多少钱", "花多少", "要多少钱", "需要多少钱", "成本多少", "费用多少", "多少费用", "多少成本", "总成本",
    "总费用", "要花多少", "预算要多少", "预算大概要多少", "要多少预算", "需要多少预算", "预算多少",
    "预算得多少",
    # the currency for the price word: "大概要多少 $", "要多少美金", "得多少刀", "多少块"
    "多少 $", "多少$", "多少美元", "多少美金", "多少刀", "多少块", "多少人民币", "多少 usd", "多少usd",
    "多少 rmb", "多少rmb",
)  # fmt: skip

# "how much does a LoRA of Mistral 7B on 100k examples cost": the question word and the cost apart.
_COST_APART = re.compile(r"\bhow much (?:does|do|would|will|did)\b.{0,120}\bcosts?\b")
# The cost of one pass or one run: "cost per epoch for a LoRA of Mistral 7B", "per-epoch cost", "price of one
# run", "每个 epoch 的成本".
_COST_PER_PASS = re.compile(
    r"\b(?:cost|costs|price|spend)\s+(?:per|for|of)\s+(?:one\s+|an\s+|a\s+|each\s+|the\s+|1\s+)?"
    r"(?:epoch|pass|run|training run|fine-?tun(?:e|ing) run)\b"
    r"|\bper[- ]?(?:epoch|run)\s+(?:cost|price)"
    r"|(?:每|一)\s*(?:个)?\s*(?:epoch|轮)\s*(?:的)?\s*(?:成本|费用|花费)"
)


# The budget asked for, not said: "what should we budget for…", "a reasonable budget for…", "how much budget
# do we need", "what budget would a QLoRA of a 34B take"; and the cost over a period or set against another
# ("cost per month vs per run", "monthly cost", "difference in cost between LoRA and full").
_BUDGET_ASKED = re.compile(
    r"\b(?:reasonable|realistic|sensible|ballpark|rough|typical|expected|likely)\s+budget\b"
    r"|\b(?:what|how much)\s+(?:should|would|do|does|will|shall|must|can)\s+(?:we|i|one|you|they)\s+"
    r"(?:need\s+to\s+|have\s+to\s+|plan\s+to\s+)?(?:budget|set aside|spend)\b"
    r"|\bwhat\s+(?:kind of\s+|sort of\s+)?budget\s+(?:do|would|should|will|does|is needed|we need)\b"
    r"|\bhow much budget\b"
    r"|\b(?:cost|costs|spend)\s+(?:per|a|each)\s+(?:month|week|year)\b"
    r"|\b(?:monthly|weekly|yearly|annual|one-off|one off)\s+(?:cost|spend|bill)\b"
    r"|\bper[- ](?:month|week|year)\s+(?:cost|spend)\b"
    r"|\b(?:difference|diff)\s+in\s+(?:cost|price)\b|\bcost\s+difference\b"
    # the job's cost named by the job: "gpt-3 sized model pretraining cost on 300b tokens"
    r"|\b(?:pre-?training|training|fine-?tuning|finetuning)\s+(?:cost|costs|bill|spend)\b(?!\s+(?:is|of|was)\b)"
)


def asks_cost(s: str) -> bool:
    """Whether a (simplified, lower-cased) message asks what a job costs or how many GPU-hours it takes."""
    return (
        has_cue(s, ASKS_COST)
        or GPU_HOURS.search(s) is not None
        or _COST_APART.search(s) is not None
        or _COST_PER_PASS.search(s) is not None
        or _BUDGET_ASKED.search(s) is not None
    )


# GPU-hours asked ("how many h100 hours to pretrain 7B on 2T tokens", "要多少卡时"): like the cost, the
# total work, which hardly depends on the deadline (asked as cost, Parse.asks_cost).
GPU_HOURS = re.compile(
    r"\b(?:gpu|[a-z]{0,2}\d{2,4}[a-z]?)[- ]?(?:hours?|hrs?)\b|卡时|卡小时|gpu\s*小时|gpu时"
)

# Renting: with a bare "how much" ("租一张 4090 一小时要多少") the question is a price.
RENT = ("租", "租用", "租赁", "rent", "renting", "rental", "to hire")
HOW_MUCH = ("多少", "几块", "how much")
# Words that ask for an amount: a quantity word after one is the thing asked ("要多少 token").
ASKS_AMOUNT = ("多少", "几", "how many", "how much", "what amount of")


# After "how much" these make it a question about a quantity, not a price ("how much memory").
NOT_MONEY = (
    "memory", "vram", "ram", "hbm", "data", "time", "faster", "slower", "better", "worse", "bandwidth",
    "compute", "power", "tflops", "flops", "storage", "disk", "throughput", "speed", "tokens", "longer",
    "more", "less", "gpu memory", "capacity", "context", "space", "electricity", "heat", "energy", "watts",
    "wattage", "cooling",
)  # fmt: skip


# A rate of compute, not money: "the T4's BF16 rate", "its INT8 rates", "learning rate".
_NOT_A_PRICE_RATE = re.compile(
    r"(?:(?:fp|bf|tf)\d+|int\d+|tensor core|tflops?|flops?|compute|matmul|learning|data|transfer)\s+rates?\b"
)


# Value for money, not a price: "which is more cost-effective", "H100 vs A100 哪個 cost-effective 一點"
# (question_cues.VALUE_ASKS weighs them).
_VALUE_NOT_PRICE = re.compile(r"cost[- ]?(?:effective(?:ness)?|efficien\w*)")


def asks_price(s: str) -> bool:
    """A price word; "how much" unless a quantity follows it ("how much is an H100 per hour?" but not
    "how much memory does the A100 have"); or renting with a bare "how much" ("租一張 4090 一小時要多少")."""
    priced = _NOT_A_PRICE_RATE.sub(" ", s) if "rate" in s else s
    priced = _VALUE_NOT_PRICE.sub(" ", priced) if "cost" in priced else priced
    if has_cue(priced, PRICE) or (has_cue(s, RENT) and has_cue(s, HOW_MUCH)):
        return True
    if s.rstrip(" ?？。!！").endswith(("要多少", "多少")) and has_cue(s, _PRICE_PERIOD_WORDS):
        return True  # "H100 一个月要多少": a period and a bare "how much" that counts nothing
    at = find_phrase(s, "how much")
    return at != -1 and not has_cue(s[at + 8 : at + 40], NOT_MONEY)


def asks_token_price(s: str) -> bool:
    """A price per tokens asked ("cost per million output tokens", "每百万 token 多少钱", "token 成本多少"):
    only serving makes tokens to price (answers/serve.py leads with it)."""
    return has_cue(s, PER_TOKEN_COST) and (asks_price(s) or has_cue(s, ("成本", "花费", "开销")))


# One unit of time written out ("一小时", "an hour", "一个月"): the period a price is asked per ("H100 一个月
# 要多少"), or an amount's period when it stands right before it ("一小时是 2 美元", units.period_near).
ONE_UNIT_PERIODS: tuple[tuple[str, str], ...] = (
    ("一小时", "hour"), ("一个小时", "hour"), ("1小时", "hour"), ("1个小时", "hour"), ("an hour", "hour"),
    ("一个钟头", "hour"), ("一个钟", "hour"),
    ("一天", "day"), ("a day", "day"), ("一周", "week"), ("一星期", "week"), ("a week", "week"),
    ("一个月", "month"), ("1个月", "month"), ("a month", "month"),
    ("一个季度", "quarter"), ("a quarter", "quarter"),
    ("一年", "year"), ("1年", "year"), ("a year", "year"),
)  # fmt: skip
# Periods a price can be asked per ("per hour", "月租"), for Parse.price_period; rent has no quarterly price.
PRICE_PERIODS: tuple[tuple[str, str], ...] = (
    ("per hour", "hour"), ("/hour", "hour"), ("/hr", "hour"), ("/h", "hour"),
    ("hourly", "hour"), ("per gpu-hour", "hour"), ("per gpu hour", "hour"), ("每小时", "hour"),
    ("按小时", "hour"), ("时租", "hour"), ("按量", "hour"), ("每卡时", "hour"), ("卡时", "hour"),
    ("per day", "day"), ("daily", "day"), ("每天", "day"), ("按天", "day"),
    ("per month", "month"), ("/month", "month"), ("/mo", "month"), ("monthly", "month"),
    ("每月", "month"), ("每个月", "month"), ("月租", "month"), ("包月", "month"), ("按月", "month"),
    ("per year", "year"), ("/year", "year"), ("/yr", "year"), ("yearly", "year"),
    ("annually", "year"), ("per annum", "year"), ("每年", "year"), ("包年", "year"), ("按年", "year"),
    ("annual", "year"), ("a full year", "year"), ("a whole year", "year"), ("一整年", "year"),
    ("整年", "year"), ("全年", "year"), ("1-year", "year"), ("one-year", "year"), ("12-month", "year"),
    ("年付", "year"), ("年租", "year"), ("a full month", "month"), ("a whole month", "month"),
    ("一整个月", "month"), ("整个月", "month"), ("整月", "month"),
    ("per week", "week"), ("/week", "week"), ("weekly", "week"), ("每周", "week"),
    *((phrase, "week") for phrase in WEEKLY_TERM),
    *((phrase, period) for phrase, period in ONE_UNIT_PERIODS if period != "quarter"),
)  # fmt: skip
_PRICE_PERIOD_WORDS = tuple(p for p, _ in PRICE_PERIODS)  # one tuple: has_cue indexes cues by identity
# Pre-training from a base model rather than from scratch (Slots.continued): no tokens-per-parameter advice.
CONTINUED_PRETRAIN = (
    "增量预训练", "继续预训练", "持续预训练", "二次预训练", "领域预训练", "继续训练base",
    "在base上继续预训练", "增量训练",
    "continued-pretrain", "continued pretrain", "continue-pretrain", "continual pretrain", "cpt on",
    "continued pre-training", "continued pretraining", "continual pre-training", "continual pretraining",
    "continue pretraining", "continue pre-training", "continuing pretraining", "further pretraining",
    "further pre-training", "domain-adaptive pretraining", "domain adaptive pretraining",
    "domain-adaptive pre-training", "dapt",
    # CPT as a verb or a stage ("想 CPT 一个 7B", "do CPT on", "CPT 阶段"), not "CPT codes" (billing codes)
    "想 cpt", "想cpt", "要 cpt", "要cpt", "做 cpt", "做cpt", "打算 cpt", "准备 cpt", "计划 cpt", "cpt 阶段",
    "cpt阶段", "cpt 训练", "cpt训练", "do cpt", "doing cpt", "run cpt", "cpt stage", "cpt run", "cpt a",
    "cpt the", "cpt of", "cpt our", "cpt it", "cpt for", "cpt with", "cpt 一个", "cpt一个", "cpt 一下",
)  # fmt: skip
# Words for a GPU itself ("which cards", "8 GPUs", "显卡"); each reader adds its own ("算力", "accelerators").
GPU_NOUNS = ("gpus", "gpu", "cards", "card", "显卡", "卡")
# A spec list written as key=value ("r=16 epochs=2 gpu=h100"): a word right before this sign labels the value
# after it, so it is never the unit of the number before it.
KEY_VALUE_SIGN = "="
# Quotes around a key of a pasted JSON or YAML config ('"epochs": 3'): stripped with the colon.
KEY_QUOTES = "\"'"
# Labels of a GPU count in a spec list: "gpus: 8", "num_gpus=8", "GPU 数量：8", "卡数 8".
GPU_COUNT_LABELS = (
    "gpus", "gpu count", "gpu_count", "num_gpus", "n_gpus", "num gpus", "number of gpus", "gpu数量",
    "gpu 数量", "gpu数", "卡数", "显卡数", "显卡数量", "卡的数量", "显卡个数",
    "nproc_per_node",  # torchrun's processes per node: one per GPU
    "gpu quota", "gpu quota is", "gpu 配额", "gpu配额", "显卡配额",
)  # fmt: skip
# Labels of a timeline in days before a bare number: "days: 20", "| 天数 | 20 |".
DAY_LABELS = (
    "days",
    "num_days",
    "训练天数",
    "天数",
    "工期天数",
    "工期(天)",
    "duration (days)",
    "timeline (days)",
)
# ... and right after a GPU's name: "gpu=h100 count=8", "A100 数量：8".
COUNT_LABELS = ("count", "数量", "quota", "quota is", "配额", "配额是")  # "H100 quota is 8": a count too
# Labels of a count of tokens, or of parameters, right before an amount: "token 数：2 兆", "词元数 3 兆",
# "参数量 1 兆". A bare 兆 after them counts (10^12), never a megabyte of data (numerals_zh.ZHAO).
TOKEN_COUNT_LABELS = (
    "tokens", "token", "token数", "tokens数", "token 数", "tokens 数", "token数量", "token 数量", "token量",
    "token 量", "词元", "词元数", "词元数量", "词元量", "训练token", "训练 token", "训练tokens",
    "训练 tokens",
)  # fmt: skip
PARAM_COUNT_LABELS = (
    "参数", "参数量", "参数数量", "参数规模", "参数个数", "总参数", "总参数量", "模型参数", "模型参数量",
    "params", "parameters", "param count", "parameter count",
)  # fmt: skip
# Labels of a count of samples before a bare number: "样本 3 万", "偏好对 2 万", "samples: 50k".
SAMPLE_LABELS = (
    "样本数", "样本量", "样本", "条数", "数据条数", "偏好对", "问答对", "偏好数据对", "samples", "examples",
    "num_samples", "n_samples", "sample count", "number of samples", "number of examples",
)  # fmt: skip
# Labels of an epoch count right before a bare number: "epochs: 3", "训练轮数3", "epochs 3 4090" (not 3 GPUs).
EPOCH_LABELS = (
    "epochs", "epoch", "num_train_epochs", "num_epochs", "训练轮数", "轮数", "epoch数", "epochs数",
    "epoch 数", "epochs 数", "epoch 数量", "epoch数量",
)  # fmt: skip
# Training hyperparameters named before their value ("lr 2e-4", "r=16", "batch 128", "学习率 1e-5"): the
# number is that setting, never an epoch count, a sample count or a GPU count.
HYPERPARAMETER_LABELS = (
    "lr", "learning rate", "learning_rate", "学习率", "weight decay", "weight_decay", "wd", "warmup",
    "warmup_steps", "warmup_ratio", "alpha", "lora_alpha", "lora alpha", "r", "rank", "lora_r", "lora rank",
    "dropout", "lora_dropout", "bs", "batch", "batch size", "batch_size", "micro batch", "micro_batch_size",
    "grad_accum", "gradient_accumulation_steps", "gradient accumulation", "beta", "beta1", "beta2", "seed",
    "批大小", "批次大小", "秩",
)  # fmt: skip
PARAM_CUES = ("参数", "模型", "规模", "model", "params", "parameters", "parameter", "size")
TOKEN_CUES = ("token", "tokens", "词元")
DATA_CUES = ("数据", "语料", "训练集", "资料", "data", "dataset", "datasets", "corpus")
# Byte sizes near these words are GPU memory or network speed, not the training data.
HARDWARE_CUES = (
    "显存", "内存", "记忆体", "每张", "每卡", "单卡", "memory", "vram", "ram", "hbm", "per gpu", "per card",
    "gbe", "each", "interconnect", *NETWORK_WORDS, *LINK_SPEED_WORDS,
)  # fmt: skip
# A machine a byte size may be said of ("is my 64gb macbook any use", "我的 Mac 有 128G", "a workstation with
# 256GB"): its RAM or disk, never the training data (bot/nlu/slots.py _hardware_size).
MACHINE_CUES = (
    *(w for w in APPLE_SILICON if w != "mps"),
    "laptop", "laptops", "notebook", "workstation", "workstations", "desktop", "desktops", "pc", "pcs",
    "computer", "computers", "server", "servers", "rig", "machine", "machines",
    "电脑", "笔记本", "笔电", "工作站", "台式机", "主机", "服务器", "伺服器", "机器", "本机", "单机",
)  # fmt: skip
# Right after a byte size, the memory it is ("128G 内存", "64GB of RAM", "32GB 统一内存"): a machine's or a
# card's, never the data, even with a data word before it.
MEMORY_AFTER_SIZE = (
    "内存", "的内存", "记忆体", "的记忆体", "运存", "统一内存", "的统一内存", "显存", "的显存",
    "ram", "of ram", "memory", "of memory", "unified memory", "of unified memory", "system memory",
    "system ram", "vram", "of vram",
)  # fmt: skip
# A length of time said of one part of the work, not of the job ("checkpoint takes 20 minutes to save",
# "新副本起来要十分钟", "每个 epoch 跑 3 小时"): how long that part takes, never the deadline
# (slots._duration). Before the length in its clause...
PART_TIME_BEFORE = (
    "each epoch", "per epoch", "an epoch", "one epoch", "every epoch", "the epoch", "epoch takes",
    "each step", "per step", "a step", "one step", "every step", "each iteration", "per iteration",
    "an iteration", "one iteration", "checkpoint", "checkpoints", "ckpt", "saving", "to save", "loading",
    "to load", "model load", "startup takes", "startup time", "start-up takes", "start-up time",
    "start up takes", "starting up", "booting", "boot time", "spin up", "spinning up", "spin-up",
    "cold start", "cold starts", "warm-up", "warmup", "replica", "replicas", "new pod", "new instance",
    "provisioning", "compile", "compiling",
    "每个 epoch", "每个epoch", "一个 epoch", "一个epoch", "每轮", "一轮", "每一轮", "每步", "每一步",
    "一步要", "一步需要", "一步大概", "一步大约", "每个 step", "每个step", "每次迭代", "一次迭代",
    "加载", "载入", "保存", "存盘", "存一次", "启动要", "启动需要", "启动时间", "起一个", "冷启动", "预热",
    "副本", "实例起", "服务起来", "容器起来", "编译",
)  # fmt: skip
# ... or right after it ("3 小时一个 epoch", "3 hours per epoch", "20 minutes to save").
PART_TIME_AFTER = (
    "per epoch", "an epoch", "each epoch", "a epoch", "per step", "a step", "each step", "per iteration",
    "per checkpoint", "a checkpoint", "to save", "to load", "to start", "to boot", "to spin up", "to warm up",
    "to download", "to upload", "to restart", "to come up", "to compile", "to evaluate",
    "一个 epoch", "一个epoch", "一轮", "每轮", "一步", "每步", "才能起来", "才起来", "才能加载", "加载",
    "保存", "存一次", "才启动", "才能启动", "预热",
)  # fmt: skip
# What makes such a length the job's deadline after all ("one epoch within 3 days", "每轮 3 天内跑完").
PART_TIME_DEADLINE = (
    "deadline", "total", "in total", "overall", "whole run", "whole job", "altogether",
    "期限", "工期", "截止", "总共", "一共", "整个", "全部", "总工期", "跑完", "训完", "搞定", "完成",
)  # fmt: skip
# ... and these only after it: "the 80GB version" is a GPU's, but in "the 32B version of Qwen2.5 on 0.2 PB of
# code" the version is the model's and the size the data.
HARDWARE_CUES_AFTER = ("版本", "version", "variant", "sku")
MONEY_CUES = (
    "预算", "经费", "花费", "费用", "成本", "包月", "月租", "时租", "每月", "每个月", "每小时",
    "租金", "租费", "开销", "开支",  # "一个月租金不超过 8 万"
    "能花", "可以花", "最多花", "愿意花", "打算花", "准备花",  # "我们最多能花 3 万": what may be spent
    "budget", "spend", "cost", "per month", "per hour", "monthly", "hourly",
)  # fmt: skip
CONTEXT_CUES = (
    "seq len", "seq_len", "seqlen", "seq", "sequence length", "max_seq_len", "max_seq_length",
    "max sequence length", "context size", "ctx len", "ctx", "context length", "context window",
    "max length", "max_len", "上下文长度", "上下文窗口", "上下文", "序列长度", "序列长", "序列", "context",
)  # fmt: skip
# The context cues that name a length outright; the others ("context", "上下文", "序列") may head a sentence
# ("Context: we are a 5 person team").
LENGTH_CUES = (
    "seq len", "seq_len", "seqlen", "sequence length", "context length", "context window", "max length",
    "max_len", "max_seq_len", "max_seq_length", "max sequence length", "context size", "ctx len", "ctx",
    "上下文长度", "上下文窗口", "序列长度",
)  # fmt: skip
# After a length: "32k context", "4096 seq length" (the English sequence cues above, and "seq length").
CONTEXT_AFTER = (
    "context", "ctx", "上下文", "的上下文", "token context", "tokens context", "序列", "seq length",
    "window", "token window", "tokens window", "context window",
    *(cue for cue in CONTEXT_CUES if cue.startswith("seq")),
)  # fmt: skip

# Mixed precision with no type named: BF16 (the engine falls back to FP16 where a GPU has no BF16).
MIXED_PRECISION = (
    "混合精度", "混精", "mixed precision", "mixed-precision",
    # PyTorch's automatic mixed precision named by its tool ("AMP 训练", "with amp", "torch.autocast")
    "amp 训练", "amp训练", "用 amp", "用amp", "开 amp", "开amp", "amp training", "with amp", "use amp",
    "using amp", "torch.amp", "autocast",
)  # fmt: skip
# "amp" alone ("amp, 10 days", "bf16? no, amp"): PyTorch's mixed precision, unless the message is about
# electric current (parser._precision).
AMP_ALONE = ("amp", "amps")
ELECTRIC = (
    "psu", "power supply", "power", "watt", "watts", "volt", "volts", "circuit", "breaker", "outlet", "pdu",
    "draw", "draws", "amperage", "current", "rack",
    "电源", "电流", "安培", "功率", "插座", "电路",
)  # fmt: skip
# FP8 training with 16-bit master weights said as one recipe: "fp8/bf16 混合精度", "bf16 + fp8 mixed",
# "fp8 w/ bf16 master weights" (parser._fp8_mixed reads it as FP8; "fp8 or bf16?" stays a choice).
FP8_RECIPE_JOINS = ("/", "+", "&", "和", "与", "跟", "加", "-", "", "w/", "with", "plus")
FP8_RECIPE_CUES = (*MIXED_PRECISION, "mixed", "混合", "混精")
MASTER_WEIGHTS = ("master weights", "master weight", "master copy", "主权重", "主權重", "master 权重")
PRECISIONS: tuple[tuple[str, str], ...] = (
    ("bfloat16", "bf16"), ("bf16", "bf16"), ("bf-16", "bf16"), ("bf 16", "bf16"),
    ("brain float", "bf16"), ("fp32", "fp32"), ("fp-32", "fp32"), ("float32", "fp32"),
    ("单精度", "fp32"), ("全精度", "fp32"), ("full precision", "fp32"), ("single precision", "fp32"),
    ("single-precision", "fp32"), ("full-precision", "fp32"), ("fp16", "fp16"), ("fp-16", "fp16"),
    ("float16", "fp16"), ("半精度", "fp16"), ("half precision", "fp16"), ("half-precision", "fp16"),
    ("fp8", "fp8"), ("fp-8", "fp8"), ("float8", "fp8"), ("8位浮点", "fp8"),
)  # fmt: skip

# Around a model, words that make it the one that makes the data, not the one trained: "用 70B 模型蒸馏
# 出来的数据训 7B", "基于 Llama 3.1 405B 生成数据", "data generated by a 70B". Only when another model is
# named (parser).
TEACHER_AFTER = (
    "蒸馏", "生成的", "生成数据", "生成了", "合成的", "合成数据", "标注的", "标注数据", "造的数据", "当老师",
    "做教师", "作为教师", "generated", "distilled", "as teacher", "as the teacher", "as a teacher", "teacher",
)  # fmt: skip
TEACHER_BEFORE = (
    "generated by", "generated with", "generated from", "distilled from", "distill from", "distil from",
    "distillation from", "distilling from", "distilation from", "synthesized by",
    "synthesised by", "labeled by", "labelled by", "produced by", "created by",
)  # fmt: skip

# Training verbs: with one of these a message is about training whatever else it says (Parse.task).
TRAINING = (
    "train", "training", "trained", "trains", "训练", "训", "微调", "fine-tune", "finetune", "fine tune",
    "fine-tuning", "finetuning", "fine tuning", "pretrain", "pretraining", "pre-train", "pre-training",
    "预训练", "精调", "sft", "instruction-tune", "instruction tune", "lora", "qlora", "dpo", "rlhf", "ppo",
    "grpo", "orpo", "simpo", "kto", "post-train", "post-training",
    # the busy engineer's abbreviation: "ft a 70b", "full ft 13b", "ft'ing llama 8b"
    "ft", "ft'ing", "ft-ing", "fting",
    # "13B 全参 8 张 A100 跑到一半报错": full-parameter work is training ("全量" is not: 全量上线)
    "全参",
)  # fmt: skip

# "Fine-tune" with no word for how: sized as full fine-tuning (METHODS), and an answer that finds
# only adapters fit may lead with them (bot/dialogue/answers/feasibility.py).
FINE_TUNE_UNQUALIFIED: tuple[str, ...] = (
    "微调",
    "精调",
    "fine-tune",
    "finetune",
    "fine tune",
    "fine-tuning",
    "finetuning",
    "fine tuning",
    "ft",
    "ft'ing",
    "ft-ing",
    "fting",
    "sft",
    "指令微调",
    "instruction tuning",
    "instruction-tuning",
    "instruction-tune",
    "instruction tune",
    "instruct-tune",
    # Preference and RL tuning say what is learnt, not how: "做 DPO" alone tunes every weight (TRL default).
    "dpo",
    "rlhf",
    "ppo",
    "grpo",
    "orpo",
    "simpo",
    "kto",
    "偏好对齐",
    # Distillation into a student trains it on the teacher's outputs (SFT): "DeepSeek-R1 蒸馏到 7B",
    # "distill R1 into a 7B" (the DeepSeek-R1-Distill models are supervised fine-tunes of base models)
    "蒸馏到",
    "蒸馏成",
    "distill",
    "distil",
    "distilling",
    "distillation",
    "知识蒸馏",
)

# Every weight trained, with no word for tuning ("全参训练 3B", "full-parameter training"): full fine-tuning
# of a base model, or pre-training from scratch on a corpus-sized dataset (parser._from_scratch).
FULL_WEIGHTS_TRAINED: tuple[str, ...] = (
    "全参", "全参训练", "全量训练", "全量训", "全量参数", "所有参数", "全部参数", "full-parameter",
    "full parameter", "full parameters", "all parameters", "all the weights", "all weights", "full-param",
)  # fmt: skip

# Adapters named as the way to fine-tune ("adapter 微调", "fine-tune with adapters") are LoRA's kind of
# training; only in a message that says fine-tune (parser), since "the adapter file" alone names a file.
ADAPTER_TUNING: tuple[str, ...] = ADAPTER_WORDS

# Ranked: the first rank with a hit wins, so "QLoRA" beats "LoRA" and "fine-tune" beats a
# "pretrained model" mention. Plain "fine-tune"/微调/SFT without a qualifier is read as full
# fine-tuning: it is the conservative (largest) sizing, and the reply says so.
METHODS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("qlora", ("qlora", "q-lora", "4-bit lora", "4bit lora")),
    ("lora", ("lora", "低秩适配", "低秩微调")),
    (
        "full_finetune",
        (
            "全参数微调",
            "全参微调",
            "全量微调",
            "全参",
            "全量参数",
            "full fine-tune",
            "full finetune",
            "full fine tune",
            "full fine-tuning",
            "full finetuning",
            "full-parameter",
            "full parameter",
            "full parameters",
            "all parameters",
            "all the weights",
            "all weights",
            "所有参数",
            "全部参数",
            "full-param",
            "fully fine-tune",
            "full ft",
            "full-ft",
            "full sft",
            "全参sft",
            "全参训练",
            "全量训练",
            "全量训",
            "全量调",
            "全量跑",
            "全量sft",
            "全量 sft",
            "全量ft",
            "全量 ft",
            "method: full",  # a spec list's "method: full"
            "method:full",
            "method=full",
        ),
    ),
    (
        "pretrain",
        (
            "增量预训练",
            "继续预训练",
            "持续预训练",
            "二次预训练",
            "从头训练",
            "从零训练",
            "从零开始训练",
            "从零开始",
            "从0开始",
            "从头开始训练",
            "从头开始",
            "从头预训练",
            "从零预训练",
            "从头训",
            "从零训",
            "从0训",
            "from scratch",
            "from-scratch",
            "train from zero",
            "continued pre-training",
            "continued pretraining",
            "continual pre-training",
            "continual pretraining",
            "continue pretraining",
            "continue pre-training",
            "further pretraining",
            "further pre-training",
            "domain-adaptive pretraining",
            "领域预训练",
            "dapt",
        ),
    ),
    ("lora", ADAPTER_TUNING),
    ("full_finetune", FINE_TUNE_UNQUALIFIED),
    # "a 1B model pretrained on 50B tokens": the run asked for (a "pretrained model" alone is a base model)
    (
        "pretrain",
        (
            "预训练",
            "pretrain",
            "pre-train",
            "pretraining",
            "pre-training",
            "pre train",
            "pretrained on",
            "pre-trained on",
        ),
    ),
)


def _boundary_ok(text: str, start: int, end: int) -> bool:
    """ASCII phrases match whole words: no letter or digit glued to an end that is a letter or digit
    ("?" after "gaudi 3" is still a question mark)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    glued_before = before.isascii() and before.isalnum() and text[start].isalnum()
    glued_after = after.isascii() and after.isalnum() and text[end - 1].isalnum()
    return not glued_before and not glued_after


def find_phrase(text: str, phrase: str, start: int = 0) -> int:
    """Index of the first whole-word occurrence of `phrase` in `text`, or -1."""
    ascii_phrase = phrase.isascii()
    i = text.find(phrase, start)
    while i != -1:
        if not ascii_phrase or _boundary_ok(text, i, i + len(phrase)):
            return i
        i = text.find(phrase, i + 1)
    return -1


@functools.lru_cache(maxsize=256)
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One alternation of literal phrases (knowledge.names.alternation: longest first, English whole).
    Literals only: at most the longest phrase's length of work per position, linear in the text."""
    return re.compile(alternation(phrases) or "(?!x)x")


# The cue index. has_cue is asked ~100 times a message, nearly always of the same normalised text and each
# time with another word list: instead of one pattern search per list, the text is read once for every
# phrase any list has been asked about (registered the first time a list is seen), and each question is
# a set lookup. Readings are dropped whenever the index grows, so a list registered later never meets a
# reading made without its phrases.
_WORD = re.compile("[A-Za-z0-9]+")
_MEMO = 512  # cue lists and windows remembered (a message asks about ~5 windows and ~130 lists)


class _Index(NamedTuple):
    """Every phrase registered so far, arranged for one pass over a window."""

    anywhere: dict[
        str, tuple[int, ...]
    ]  # first character -> lengths of the non-ASCII phrases opening with it
    chinese: frozenset[str]  # the non-ASCII phrases, matched anywhere
    by_word: dict[str, tuple[int, ...]]  # first word -> lengths of the ASCII phrases opening with that word
    by_mark: dict[str, tuple[int, ...]]  # first character -> lengths of the ASCII phrases opening with a mark
    ascii: frozenset[str]  # the ASCII phrases, matched as whole words (find_phrase)


_index = _Index({}, frozenset(), {}, {}, frozenset())
_index_lock = threading.Lock()  # held to change the index, the lists' tables or the readings' membership
_by_id: dict[int, frozenset[str]] = {}  # id(cues) -> their phrases; the list itself is held in _held
_held: list[tuple[str, ...]] = []  # keeps each list in _by_id alive, so no other object can take its id
_by_value: dict[tuple[str, ...], frozenset[str]] = {}  # the same by value, for lists built per call
_readings: dict[str, frozenset[str]] = {}  # window -> the registered phrases in it


def _with_length(table: dict[str, tuple[int, ...]], key: str, length: int) -> None:
    table[key] = tuple(sorted({*table.get(key, ()), length}))


def _register(cues: tuple[str, ...]) -> frozenset[str]:
    """The cue list's phrases, added to the index if new (an empty phrase matches nothing)."""
    global _index
    with _index_lock:
        phrases = _by_value.get(cues)
        if phrases is None:
            phrases = frozenset(p for p in cues if p)
            new = phrases - _index.chinese - _index.ascii
            if new:
                _index = _grown(_index, new)
                _readings.clear()
            if len(_by_value) >= _MEMO:
                _by_value.clear()
            _by_value[cues] = phrases
        if len(_held) >= _MEMO:
            _by_id.clear()
            _held.clear()
        _held.append(cues)
        _by_id[id(cues)] = phrases
    return phrases


def _grown(index: _Index, new: frozenset[str]) -> _Index:
    anywhere, by_word, by_mark = dict(index.anywhere), dict(index.by_word), dict(index.by_mark)
    for p in new:
        first = _WORD.match(p)
        if not p.isascii():
            _with_length(anywhere, p[0], len(p))
        elif first is not None:
            _with_length(by_word, first.group(), len(p))
        else:
            _with_length(by_mark, p[0], len(p))
    return _Index(
        anywhere,
        index.chinese | {p for p in new if not p.isascii()},
        by_word,
        by_mark,
        index.ascii | {p for p in new if p.isascii()},
    )


def _glued_after(window: str, end: int) -> bool:
    return end < len(window) and window[end].isascii() and window[end].isalnum() and window[end - 1].isalnum()


def _read(window: str) -> frozenset[str]:
    """The registered phrases in `window`: non-ASCII ones anywhere, ASCII ones as whole words. An ASCII
    phrase opening with a letter or digit can only start where a run of them starts (and then that run is
    its first word); one opening with a mark, wherever the mark is; either must not end glued to a letter
    or digit (_boundary_ok)."""
    index = _index
    n = len(window)
    ascii_found = set()
    by_word = index.by_word
    for m in _WORD.finditer(window):
        lengths = by_word.get(m.group())
        if lengths is not None:
            start = m.start()
            for length in lengths:
                end = start + length
                if end > n:
                    break
                if not _glued_after(window, end):
                    ascii_found.add(window[start:end])
    for mark, lengths in index.by_mark.items():
        start = window.find(mark)
        while start != -1:
            for length in lengths:
                end = start + length
                if end > n:
                    break
                if not _glued_after(window, end):
                    ascii_found.add(window[start:end])
            start = window.find(mark, start + 1)
    found = index.ascii.intersection(ascii_found)
    if not window.isascii():
        chinese = set()
        anywhere = index.anywhere
        for start, char in enumerate(window):
            lengths = anywhere.get(char)
            if lengths is not None:
                for length in lengths:
                    if start + length > n:
                        break
                    chinese.add(window[start : start + length])
        found |= index.chinese.intersection(chinese)
    with _index_lock:
        if index is _index:  # else the index grew meanwhile: this reading serves this call only
            if len(_readings) >= _MEMO:
                _readings.clear()
            _readings[window] = found
    return found


def has_cue(window: str, cues: tuple[str, ...]) -> bool:
    """Any cue in `window`: a non-ASCII cue anywhere, an ASCII one as a whole word (find_phrase). The
    window is read once for every registered cue (the cue index above); this is a set lookup."""
    phrases = _by_id.get(id(cues))
    if phrases is None:
        phrases = _register(cues)
    found = _readings.get(window)
    if found is None:
        found = _read(window)
    return not found.isdisjoint(phrases)


def cues_in(window: str, cues: tuple[str, ...]) -> frozenset[str]:
    """The cues that has_cue finds in `window`, for a caller that then reads only those."""
    phrases = _by_id.get(id(cues))
    if phrases is None:
        phrases = _register(cues)
    found = _readings.get(window)
    if found is None:
        found = _read(window)
    return found & phrases


def find_any(text: str, phrases: tuple[str, ...]) -> tuple[int, str] | None:
    """The first whole-word occurrence of any phrase (the longest at that place), or None."""
    if not has_cue(text, phrases):
        return None
    m = _pattern(phrases).search(text)
    return (m.start(), m.group()) if m else None


def phrases_in(text: str, phrases: tuple[str, ...]) -> list[re.Match[str]]:
    """Every non-overlapping occurrence of the phrases, left to right (the longest at each place)."""
    if not has_cue(text, phrases):
        return []
    return list(_pattern(phrases).finditer(text))


@functools.lru_cache(maxsize=256)
def _at_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """The phrases as one alternation in their own order, each bounded as match_at bounds it. An
    alternation tries its branches left to right at a position, so the first phrase that matches
    wins, as in a loop of match_at."""
    parts = [
        re.escape(p) + ("(?![A-Za-z0-9])" if p[-1].isascii() and p[-1].isalnum() else "") for p in phrases
    ]
    return re.compile("|".join(parts) or "(?!x)x")


def phrase_at(text: str, pos: int, phrases: tuple[str, ...]) -> str | None:
    """The first of `phrases`, in their order, that match_at(text, pos, phrase): one C-level match
    instead of a Python call per phrase. `pos` >= 0."""
    m = _at_pattern(phrases).match(text, pos)
    return m.group() if m else None


def label_at_end(head: str, labels: tuple[str, ...]) -> str | None:
    """The longest of `labels` that `head` ends with, an ASCII one as a whole word ("qps 20", not "xqps
    20"; "r=16", not "lr=16"), or None."""
    if not head.endswith(labels):
        return None
    for label in sorted(labels, key=len, reverse=True):
        if head.endswith(label):
            start = len(head) - len(label)
            prev = head[start - 1] if start > 0 else " "
            if not (label.isascii() and prev.isascii() and (prev.isalnum() or prev == "_")):
                return label
    return None


def match_at(text: str, pos: int, phrase: str) -> bool:
    """`phrase` starts at `pos` and, if ASCII, ends on a word boundary."""
    if not text.startswith(phrase, pos):
        return False
    end = pos + len(phrase)
    if phrase[-1].isascii() and phrase[-1].isalnum() and end < len(text):
        nxt = text[end]
        return not (nxt.isascii() and nxt.isalnum())
    return True
