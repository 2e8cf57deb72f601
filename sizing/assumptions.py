"""Planning assumptions that are ours: judgement calls, not measured or published facts.

Each one is named here with the reason we chose it, and the answer's explain lines state it
(explain.assumption_lines), so a user can see it and challenge it. Sourced facts live next to
their formulas (memory, compute, calibration); these are the numbers we could not source.
"""

from __future__ import annotations

# One month, everywhere the engine speaks of months (monthly budgets, the reserved-vs-on-demand
# break-even, explain lines): the average calendar month, 365/12 = 30.42 days = 730 hours. 730 h is
# also the month the clouds price monthly rates with (AWS Pricing Calculator: "730 hours in a month",
# read 2026-11), so a monthly budget and a provider's monthly quote cover the same hours.
DAYS_PER_MONTH = 365.0 / 12.0
HOURS_PER_MONTH = DAYS_PER_MONTH * 24.0

# Without a deadline, plan to finish within 30 days [our assumption]. A month is the horizon
# clouds bill and rent on (DAYS_PER_MONTH, rounded down to whole days), and it keeps an
# open-ended question to a cluster size a small team would rent; a user's deadline always replaces it.
DEFAULT_TARGET_DAYS = 30.0

# A sample counted with no length ("10k samples", "1万条") is 1,000 tokens [our assumption]: a
# round figure for an instruction or chat sample, prompt plus answer, within the 2,048-token
# sequence the engine trains at. Samples vary tenfold either way (a short Q&A pair is ~200 tokens,
# a multi-turn chat several thousand), so the answer states it and asks for the real length.
ASSUMED_TOKENS_PER_SAMPLE = 1000.0

# Monthly/reserved capacity costs ~30% less than on-demand [our assumption]. Commitment
# discounts differ by provider, GPU, region and term, and our price references (SkyPilot catalog
# snapshots, reference/hardware.md §3) carry on-demand and spot prices only, so there is no single
# figure to cite. With a discount d, reserving pays off above (1 - d) utilisation: ~70%, i.e. about
# 21 busy days a month. The answer tells the user to check the provider's own discount.
RESERVED_DISCOUNT = 0.30

# A price snapshot older than 90 days is flagged as stale [our assumption]. GPU list prices move
# by tens of percent within months: AWS P4/P5 on-demand prices fell 33-44% between two SkyPilot
# catalog snapshots, matching AWS's June 2025 cut of up to 45% (reference/hardware.md §3.5 #4),
# so a quarter-old quote is the oldest we let pass without a warning.
STALE_AFTER_DAYS = 90

# Guard rails on the "fastest" option (plan._fastest), so it is a plan a team would run:
# without a budget it may cost at most 1.5x the cheapest plan [our assumption: a premium a team
# might pay to finish sooner; beyond it the option stops being advice]...
FASTEST_COST_CAP = 1.5
# ...and plans within 10% of the quickest count as equally quick, so fewer, then newer, GPUs win
# [our assumption: 10% is well inside the time model's ±49% band, calibration.LOG_BAND].
SIMILAR_DAYS = 1.10

# Instances are billed for training plus the job's fixed hours: booting, setup, downloads,
# evaluation and saving (sizing.fixed). The clouds themselves bill by the minute or second (Lambda
# On-Demand Cloud: one-minute increments, docs.lambda.ai/public-cloud/billing, read 2026-11; AWS EC2
# Linux: per second with a one-minute minimum, AWS News Blog, 2017-10), so those fixed hours, not a
# billing minimum, keep "16 GPUs for 6 minutes" from looking cheaper than one GPU for 90 minutes.

# A larger GPU count wins over a smaller one when it is more than 1% cheaper (it is then also
# faster: same job, more GPUs); within 1% the costs count as a tie and fewer GPUs win (fewer
# nodes, less network, easier to get) [our assumption: 1% is below the price rounding between
# clouds; a wider tie let "2 × B200, 12 days" beat "8 × B200, 3 days" that cost 1.5% less].
COST_TIE = 0.01

# A plan with at least the recommended free memory (layout.HEADROOM, 20%) wins over a tighter one
# that costs up to 10% less [our assumption: 10% pays for not hitting out-of-memory on a longer
# sequence or a framework's extra buffers; reference/sizing.md recommends 20-30% headroom].
HEADROOM_PREMIUM = 0.10

# When the engine chooses the GPU count, it takes the smallest count that leaves at least 15% of
# each GPU's memory free, if one exists within 4× the smallest count that fits [our assumption:
# sizing.md §6 recommends 5-10% headroom over a calibrated few-GB overhead and DESIGN.md 20-30%;
# 15% is the floor below which a longer sequence, a framework update or allocator fragmentation
# (the ZeRO paper saw OOM with >30% nominally free) turns a plan into an out-of-memory error].
# A plan tighter than that is headlined only when the user fixed the hardware, and then says so.
MIN_HEADROOM = 0.15
ROOMY_SEARCH_FACTOR = 4

# Below 2B parameters the first option is not a top-tier GPU (hopper, blackwell, cdna3: H100/H200/
# H800/H20/B200/MI300X class) when a smaller GPU fits, meets the deadline and the budget. Source:
# the seed guide (seed/gpu-cloud-buying-guide.zh-Hant.txt) §4.1 pitfall 1 "盲目追求頂級GPU型號"
# (top GPUs for small models waste money) and §3 scenarios: 億級 (1e8-class) models on T4/A30,
# 十億級 (1e9-class) on A100. The 2B line is ours: it keeps 1B-class models on A100-class GPUs.
SMALL_MODEL_PARAMS = 2e9

# The same pitfall for small jobs on bigger models (QLoRA/LoRA of a 7-13B model needs ~10-20 GB):
# when the first plan is top-tier and its peak memory per GPU is under SMALL_JOB_MEMORY_SHARE of
# that GPU's memory, a non-top-tier plan goes first if it fits with the recommended headroom
# (layout.HEADROOM), meets the deadline and the budget, and costs at most SMALL_JOB_COST_PREMIUM
# times the top-tier plan. Source for the rule: the seed guide §4.1 pitfall 1 (top GPUs for small
# jobs waste money) and §1 (match GPU memory to the model and data). The 25% and the 1.3x are our
# assumptions: a job using a quarter of an H100/B200's memory leaves most of what the top-tier
# price pays for idle, and 30% is the premium we let buy a GPU that is easier to rent and sized to
# the job; above it the cheaper top-tier plan stays first. The top-tier plan stays listed.
SMALL_JOB_MEMORY_SHARE = 0.25
SMALL_JOB_COST_PREMIUM = 1.3

# The first option is an NVIDIA GPU unless the best AMD plan is more than 20% cheaper than the
# best NVIDIA plan that meets the same constraints (deadline, budget, memory) [the 20% is our
# threshold]. Source for defaulting to NVIDIA: the seed guide (seed/gpu-cloud-buying-guide.zh-Hant.txt)
# §2.1 on AMD: "適用于對成本敏感且熟悉AMD生態的用戶，兼容性相對NVIDIA較弱", and §2.6: mainstream
# frameworks support NVIDIA more completely, AMD needs the framework to support ROCm; our software
# notes (knowledge/data/software.yaml: bitsandbytes, FP8 TE, FlashAttention) say the same per library.
# 20% is a saving that pays for some porting and debugging on a multi-week job, and is larger than
# the price spread between clouds for one GPU type. A user who asks for an AMD GPU gets it.
AMD_PREFERENCE_MARGIN = 0.20
