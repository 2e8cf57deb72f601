"""What the user wants, and which script they wrote in."""

from __future__ import annotations

import pytest

from bot.nlu import parse


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("我想在两周内训练一个13B的模型", "size"),
        ("能不能在三天内用QLoRA把一个34B模型调完？", "size"),
        ("Can we fine-tune a 7B model in a week?", "size"),
        ("BF16", "size"),
        ("想训练个大模型，该租什么GPU？", "size"),
        ("How many GPUs do we need to fine-tune a model?", "size"),
        ("包年包月和按量计费哪个更划算？", "faq"),
        ("Should we rent GPUs in the cloud or buy our own servers?", "faq"),
        ("数据安全怎么保证", "faq"),
        ("改成三周", "correction"),
        ("不对，应该是70B", "correction"),
        ("T4 是16GB显存 对不对", "figure_check"),
        ("actually, make it 30B", "correction"),
        ("change the budget to $20k", "correction"),
        ("what if we only had 3 days?", "whatif"),
        ("如果预算只有十万呢", "whatif"),
        ("要是换成H20呢", "whatif"),
        ("what about H200?", "whatif"),
        ("and with QLoRA?", "whatif"),
        ("FP8 呢？", "whatif"),
        ("改用 LoRA 呢", "whatif"),
        ("重新开始", "reset"),
        ("重新來過", "reset"),
        ("Start over", "reset"),
        ("help", "help"),
        ("你能做什么？", "help"),
        ("怎么用", "help"),
        ("hello!", "greeting"),
        ("您好", "greeting"),
        ("谢谢！", "thanks"),
        ("thank you", "thanks"),
        ("A100和H100有什么区别", "gpu_compare"),
        ("H100 vs H200", "gpu_compare"),
        ("L40S还是A100？", "gpu_compare"),
        ("H20的显存是多少", "gpu_info"),
        ("tell me about the MI300X", "gpu_info"),
        ("GB200 一张卡的 FP8 稠密算力是多少", "gpu_info"),  # "一张卡" and FP8 name the figure, not a job
        ("H100 一张卡的 FP8 算力多少", "gpu_info"),
        ("一张 H100 fp8 训练 7B 要多久", "size"),  # with training words the precision is the job's
        ("T4的FP16算力是65 TFLOPS吧？", "figure_check"),
        ("有哪些GPU", "list_gpus"),
        ("list gpus", "list_gpus"),
        ("show the math", "explain"),
        ("这个是怎么算的", "explain"),
        ("计算过程", "explain"),
        ("不确定", "skip"),
        ("skip", "skip"),
        ("随便", "skip"),
        ("use the default", "skip"),
        ("zzzz", "unknown"),
        ("", "unknown"),
    ],
)
def test_intent(text: str, intent: str) -> None:
    assert parse(text).intent == intent


def test_correction_keeps_the_new_value_not_the_old_one() -> None:
    result = parse("把7B改成13B")
    assert result.correction and result.slots.params == pytest.approx(1.3e10)


def test_whatif_and_skip_flags_follow_the_intent() -> None:
    assert parse("如果只有一周呢").whatif
    assert parse("不知道").skip
    assert not parse("7B, two weeks").whatif


def test_gpus_mentioned_lists_each_card_once_in_order() -> None:
    assert parse("H100 vs H200 vs h100").gpus_mentioned == ("h100", "h200")


@pytest.mark.parametrize(
    ("text", "script", "lang"),
    [
        ("我们要训练一个模型", "zh-Hans", "zh"),
        ("我們要訓練一個模型", "zh-Hant", "zh"),
        ("兩週內完成", "zh-Hant", "zh"),
        ("Train a 7B model", "en", "en"),
        ("7B 模型 on 8 GPUs", "zh-Hans", "zh"),
        ("訓練 7B model", "zh-Hant", "zh"),
        ("", "en", "en"),
    ],
)
def test_script_and_reply_language(text: str, script: str, lang: str) -> None:
    result = parse(text)
    assert (result.script, result.lang) == (script, lang)


def test_wan_yi_inside_an_amount_is_not_a_whatif() -> None:
    # "5万一个月" is 50k per month; 万一 ("in case") must not be read across the numeral.
    assert parse("预算5万一个月，两个月内完成").intent == "size"


@pytest.mark.parametrize(
    "text", ["不是7B，是13B", "13B, not 7B", "make it 13B instead of 7B", "是13B而不是7B"]
)
def test_a_correction_ignores_the_value_it_replaces(text: str) -> None:
    result = parse(text)
    assert result.intent == "correction" and result.slots.params == pytest.approx(1.3e10)


@pytest.mark.parametrize(
    "text",
    [
        "手上有4张H800，最大能训多大的模型",
        "how large a model can I fine-tune on two 4090s?",
        "能訓練多大的模型",
    ],
)
def test_how_big_a_model_fits_is_a_capacity_question(text: str) -> None:
    assert parse(text).intent == "capacity"


@pytest.mark.parametrize(
    "text", ["国内租得到H200吗", "大陸能買到 H100 嗎？", "Can I rent H200s in mainland China?"]
)
def test_asking_whether_a_gpu_can_be_rented_in_china_goes_to_the_faq(text: str) -> None:
    got = parse(text)
    assert got.intent == "faq"
    assert got.region == "cn"


def test_a_workload_question_in_china_stays_a_workload_question() -> None:
    got = parse("能不能在国内租8张H100跑70B预训练？")
    assert got.intent == "feasibility"  # the job on the GPUs named, not the availability FAQ
    assert got.region == "cn"
    assert parse("在国内租H800预训练70B，数据1T tokens，要多久？").intent == "size"


@pytest.mark.parametrize(
    ("text", "fields"),
    [("how many layers and KV heads does Qwen2.5-32B have?", ("layers", "kv_heads")),
     ("Mixtral 8x7B 的专家数和激活参数", ("active_params", "experts")),
     ("KV cache per token for Llama 3.1 8B", ("kv_per_token",))],
)  # fmt: skip
def test_a_model_card_question_names_the_fields_it_asks(text: str, fields: tuple[str, ...]) -> None:
    got = parse(text)
    assert got.intent == "model_info" and got.model_fields == fields


def test_a_model_named_in_a_job_is_no_model_card_question() -> None:
    got = parse("LoRA Qwen2.5-32B, how many layers should I adapt?")
    assert got.intent != "model_info" and got.model_fields == ()


@pytest.mark.parametrize(
    "text",
    ["how long to LoRA Mistral 7B on 2 L4s with 30M tokens?", "8张A800全参微调13B，20亿token，要训多久？",
     "Qwen2.5-7B 在一張 H100 上 QLoRA，5千萬 token，需要多長時間"],
)  # fmt: skip
def test_asking_how_long_on_given_hardware_is_a_plan_that_asks_the_time(text: str) -> None:
    got = parse(text)
    assert got.intent == "size" and got.asks_time and got.slots.days is None


def test_a_stated_timeline_asks_no_time() -> None:
    assert not parse("LoRA 7B on 20M tokens within 3 days").asks_time


@pytest.mark.parametrize(
    "text",
    [
        "what would it cost to pre-train a 3B model on 600B tokens?",
        "全参微调 13B，50 亿 token，总成本大概多少",
        "LoRA 一个 70B 模型，资料 2GB，要花多少錢",
        "cost per epoch for a LoRA of Mistral 7B on 100M tokens",
        "full finetune llama 8b on 200M tokens, per-epoch cost?",
        "全参微调 7B，2亿 token，每个epoch的成本",
        "ballpark budget for a qlora run on qwen 32b with 50m tokens?",
        "what should we budget to lora llama 3 8b on 20m tokens",
        "monthly cost for a lora of a 7b on 5m tokens",
        "difference in cost between lora and full finetune for a 7b on 500m tokens",
        "gpt-3 sized model pretraining cost on 300b tokens",
    ],
)  # fmt: skip
def test_asking_what_a_job_costs_is_a_plan_that_asks_the_cost(text: str) -> None:
    got = parse(text)
    assert got.intent == "size" and got.asks_cost and got.slots.days is None


def test_a_plan_that_names_no_cost_does_not_ask_it() -> None:
    assert not parse("pre-train 3B on 600B tokens in 3 weeks").asks_cost
    assert not parse("budget 5k, lora 8b on 10m tokens in a week").asks_cost  # a budget said, not asked


def test_how_much_right_before_a_period_asks_money_not_a_deadline() -> None:
    got = parse("how much a month if we rerun it weekly?")
    assert got.slots.days is None and got.price_period == "month"


def test_a_negative_auxiliary_typed_without_its_apostrophe_still_opens_a_question() -> None:
    assert parse("doesnt the h100 have 80gb").yes_no
    assert parse("isnt qlora the same speed as lora").intent == "faq"


@pytest.mark.parametrize(
    "text",
    [
        "which GPUs should we rent for LoRA?",
        "LoRA 13B 用什么卡好",
        "70B 全参微调要什么配置",
        "which instance type for pretraining a 1B model?",
    ],
)
def test_asking_what_to_rent_stays_a_plan_however_well_the_faq_matches(text: str) -> None:
    assert parse(text).intent in ("size", "cheapest_gpu")


@pytest.mark.parametrize(
    ("text", "method"),
    [("full FT Mistral 7B on 1B tokens", "full_finetune"), ("全参 SFT 一个 8B", "full_finetune"),
     ("full-ft 3B, 5GB data", "full_finetune")],
)  # fmt: skip
def test_full_fine_tuning_written_short_is_full_fine_tuning(text: str, method: str) -> None:
    assert parse(text).slots.method == method


@pytest.mark.parametrize(
    ("text", "proposes"),
    [
        ("用 4090 可以吗", True),
        ("H100 行不行？", True),
        ("can we use A100s?", True),
        ("would an H100 be faster?", True),
        ("does the 4090 have NVLink?", False),  # a feature of the GPU, not the GPU for the job
        ("H100 显存多大", False),  # not a yes/no question
        ("用 4090 训练 7B 可以吗", False),  # names a job of its own
        ("what about H200?", False),  # already a what-if
    ],
)
def test_a_yes_no_question_proposing_a_gpu_for_the_job_at_hand_is_flagged(text: str, proposes: bool) -> None:
    assert parse(text).proposes_gpu is proposes


@pytest.mark.parametrize(
    "text",
    ["not sure, whatever you think", "up to you", "your call", "你看着办", "听你的", "我们不确定，你决定吧"],
)
def test_leaving_the_choice_to_the_bot_is_a_skip(text: str) -> None:
    assert parse(text).intent == "skip"


def test_asking_for_a_recommendation_is_no_skip() -> None:
    assert parse("你推荐哪个云厂商？").intent != "skip"


@pytest.mark.parametrize(
    "text",
    ["hmm not sure, maybe whatever the team decides", "还不确定，看老板吧", "no idea yet, the team decides"],
)
def test_not_knowing_said_first_with_a_hedge_is_a_skip(text: str) -> None:
    assert parse(text).intent == "skip"


@pytest.mark.parametrize("text", ["not sure which GPU is best", "no idea how much memory a 70B model needs?"])
def test_not_knowing_with_a_question_is_no_skip(text: str) -> None:
    assert parse(text).intent != "skip"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("explain fsdp vs data parallel", "faq"),
        ("can you explain the difference between zero-3 and fsdp?", "faq"),
        ("解释一下 LoRA 和 QLoRA 的区别", "faq"),
        ("explain that", "explain"),
        ("can you explain the numbers?", "explain"),
    ],
)
def test_explain_asks_for_the_math_unless_it_asks_to_compare_two_things(text: str, intent: str) -> None:
    assert parse(text).intent == intent
