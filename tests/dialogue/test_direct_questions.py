"""Question first: a direct question in a fresh conversation gets its answer at once, in the
language and script it was asked in, and never starts the training form (no slot is asked)."""

from __future__ import annotations

import re

import pytest

from bot.dialogue.consultant import Consultant, Turn
from bot.nlu.parser import parse

from .asking import FORM


def ask(consultant: Consultant, *texts: str) -> Turn:
    turn = None
    for text in texts:
        turn = consultant.handle("s", text)
    assert turn is not None
    return turn


def answered_directly(turn: Turn) -> None:
    assert turn.payload["pending"] is None, turn.text
    assert turn.payload["recommendation"] is None


# (question, the reply starts with, words the reply must contain, its language)
CASES = [
    # figure checks: No with the datasheet figure, Yes for a right one
    ("The B200 comes with 192 GB, correct?", "*No.*", ["180 GB", "source"], "en"),
    ("B200 的显存是 192GB 吧？", "*不对*。", ["180 GB", "来源"], "zh-Hans"),
    ("The H100 has 80 GB, right?", "*Yes.*", ["80 GB"], "en"),
    ("the L40S has 48GB of vram right", "*Yes.*", ["48 GB"], "en"),
    ("B200 的記憶體是 96GB 對吧？", "*不對*。", ["180 GB", "來源"], "zh-Hant"),
    # prices: per GPU-hour and per month, per provider, dated
    ("How much is an H100 per hour?", "*NVIDIA H100", ["/GPU-hour", "per GPU-month", "as of"], "en"),
    ("A100 一个月多少钱", "*NVIDIA A100", ["每卡每月", "快照"], "zh-Hans"),
    ("H200 一小時多少錢", "*NVIDIA H200", ["卡時", "快照"], "zh-Hant"),
    # provider comparisons
    ("Is GCP cheaper than Lambda for A100s?", "*No.*", ["Lambda is cheaper", "per GPU-month"], "en"),
    ("腾讯云和阿里云哪家便宜", "目录里*没有", ["GPU_ADVISOR_OFFERINGS", "逐项确认"], "zh-Hans"),
    # GPU comparisons: a yes/no question gets yes/no first
    ("Is the H20 quicker than an H100 for training?", "*No.*", ["148", "989", "slower"], "en"),
    ("H800 跟 H100 差在哪？", "*NVIDIA H800", ["400 GB/s", "900"], "zh-Hans"),
    ("H20 比 H100 慢嗎？", "*是的*。", ["148", "989"], "zh-Hant"),
    ("RTX 4090 适合多机训练吗", "*不适合*。", ["NVLink", "PCIe"], "zh-Hans"),
    (
        "L40S 和 A100 哪个适合微调？",
        "*微调：放得下的模型选 NVIDIA L40S",
        ["PCIe", "NVLink", "每美元"],
        "zh-Hans",
    ),
    # the catalogue
    ("which GPUs can do FP8?", "*GPUs that compute in FP8*", ["H100", "no FP8 units"], "en"),
    ("which GPUs are in your catalogue?", "*GPU catalogue*", ["H100", "A100", "MI300X"], "en"),
    ("列出所有的显卡", "*GPU 目录*", ["H100", "A100"], "zh-Hans"),
    ("你们的卡清单给我看看", "*GPU 目录*", ["H100", "L40S"], "zh-Hans"),
    ("what accelerators can you price?", "*GPU catalogue*", ["H100", "B200"], "en"),
    # feasibility: the verdict first, then what fits
    (
        "Could we full fine-tune a 70B model on 8 A100s?",
        "*Not as is — yes with CPU offload",
        ["What does fit", "LoRA"],
        "en",
    ),
    ("单张 T4 能 QLoRA 微调 7B 吗", "*能*。", ["GB"], "zh-Hans"),
    # memory, cheapest GPU, serving, Chinese providers
    ("How much GPU memory to fully fine-tune a 13B model?", "*GPU memory", ["model state", "LoRA"], "en"),
    (
        "我想 LoRA finetune 一个 7B model，需要多少 VRAM",
        "*训练 70亿参数模型需要的显存*",
        ["*LoRA*", "GB"],
        "zh-Hans",
    ),
    (
        "how many 4090 do i need to serve a 7 B model to 30 users",
        "*1 × NVIDIA GeForce RTX 4090* to serve a 7B-parameter model",
        ["KV cache"],
        "en",
    ),
    (
        "Is RunPod or Vast cheaper for an RTX 4090?",
        "The catalogue has *no prices for RunPod and Vast.ai*",
        [],
        "en",
    ),
    ("全参微调 DeepSeek-V3 需要多大显存", "*训练 6710亿参数模型", ["TB", "张"], "zh-Hans"),
    ("cheapest GPU to LoRA fine-tune a 13B model?", "*The cheapest GPU", ["/hour", "as of"], "en"),
    (
        "how many GPUs do I need to serve Llama 3 70B to 200 users?",
        "*",
        ["to serve Llama 3 70B (BF16) to 200 concurrent users", "KV cache"],
        "en",
    ),
    ("火山引擎靠谱吗", "*火山引擎*：", ["GPU_ADVISOR_OFFERINGS", "不会猜价格"], "zh-Hans"),
    # the cheapest place to rent a named GPU: its price list, cheapest first (interim answer)
    ("where is the cheapest L40S to rent?", "*The cheapest NVIDIA L40S", ["/GPU-hour", "a month"], "en"),
    ("B200 在哪里能租到", "*最便宜的 NVIDIA B200", ["Lambda", "其次"], "zh-Hans"),
    (
        "how many H100s to full fine-tune Llama 3.1 405B?",
        "*160 × NVIDIA H100 SXM5*",
        ["per GPU of 80 GB"],
        "en",
    ),
    ("租一張 A100 一小時要多少？", "*NVIDIA A100", ["卡時"], "zh-Hant"),
]


@pytest.mark.parametrize(("question", "opening", "words", "lang"), CASES, ids=[c[0] for c in CASES])
def test_a_direct_question_gets_its_answer_first_in_its_own_language(
    real: Consultant, question: str, opening: str, words: list[str], lang: str
) -> None:
    turn = ask(real, question)
    answered_directly(turn)
    assert turn.text.startswith(opening), turn.text[:200]
    for word in words:
        assert word in turn.text, (word, turn.text)
    assert turn.lang == lang


def test_a_price_question_is_never_read_as_a_one_hour_deadline(real: Consultant) -> None:
    turn = ask(real, "L4 一小时多少钱")
    answered_directly(turn)
    assert turn.payload["slots"]["days"] is None
    assert "0.0417" not in turn.text


def test_a_provider_without_catalogue_prices_gets_no_invented_price(real: Consultant) -> None:
    turn = ask(real, "Is Alibaba Cloud cheaper than Tencent Cloud for H800?")
    answered_directly(turn)
    assert "no prices for Alibaba Cloud (阿里云) and Tencent Cloud (腾讯云)" in turn.text
    assert "$" not in turn.text.split("*What to check")[0]


def test_a_feasibility_follow_up_reuses_the_workload_on_new_hardware(real: Consultant) -> None:
    first = ask(real, "Can I fully fine-tune an 8B model on a single L4?")
    assert first.text.startswith("*Not with plain AdamW — yes with the low-memory recipe.*")
    turn = ask(real, "what about 8 H100s?")
    answered_directly(turn)
    assert turn.text.startswith("*Yes.*")
    assert "8 × NVIDIA H100" in turn.text and "8B-parameter" in turn.text


def test_a_question_in_the_middle_of_the_form_is_answered_and_the_form_resumes(real: Consultant) -> None:
    ask(real, "I want to pretrain a 3B model")
    turn = ask(real, "how much is an A100 per hour?")
    assert "/GPU-hour" in turn.text
    assert turn.payload["pending"] == "data"
    assert turn.payload["slots"]["params"] == 3e9


def test_a_plan_request_still_gets_the_planning_form(real: Consultant) -> None:
    turn = ask(real, "Fine-tune a 7B model on 2B tokens on H100 in 5 days")
    assert turn.payload["recommendation"] is not None
    assert turn.text.startswith("*Recommended:*")


def test_the_cheapest_way_to_fine_tune_names_a_lighter_method_when_it_costs_less(real: Consultant) -> None:
    turn = ask(real, "cheapest way to fine-tune a 70B model")

    answered_directly(turn)
    lines = turn.text.splitlines()
    assert lines[0].startswith("*The cheapest GPU for full fine-tuning")
    assert lines[1].startswith("*Cheaper: QLoRA on")
    full, light = (float(x.split("$")[1].split("/")[0].replace(",", "")) for x in lines[:2])
    assert light < full


def test_whether_a_job_is_doable_on_a_budget_gets_the_cheapest_gpus_and_the_cheaper_method(
    real: Consultant,
) -> None:
    turn = ask(real, "is this doable on a budget: finetune a 70b model")

    answered_directly(turn)
    lines = turn.text.splitlines()
    assert lines[0].startswith("*The cheapest GPU for full fine-tuning of a 70B-parameter model")
    assert lines[1].startswith("*Cheaper: QLoRA on")


def test_buying_gpus_weighed_against_renting_them_gets_the_notes_on_cloud_against_owned_servers(
    real: Consultant,
) -> None:
    for text in ("is it cheaper to buy our own h100s than rent", "buy vs rent for 8 h100s running all year"):
        turn = ask(real, text)
        answered_directly(turn)
        assert turn.text.startswith("*What does a cloud GPU server offer over buying physical GPU servers?*")
        assert "dense TFLOPS" not in turn.text
    assert ask(real, "租卡还是买卡划算，8张H100").text.startswith(
        "*GPU 云服务器和自建物理服务器相比有什么优势？*"
    )


def test_a_feasibility_question_with_a_deadline_also_answers_the_time(real: Consultant) -> None:
    turn = ask(real, "can we pretrain a 7B model from scratch on 8 H100 in a month?")

    answered_directly(turn)
    # ~31 days at the assumed 20 tokens per parameter: a day past the month, said as such
    assert turn.text.startswith("*Not quite — it fits, but takes a little longer than you have.*")
    time_line = next(x for x in turn.text.splitlines() if x.startswith("*Time:*"))
    assert "8 × NVIDIA H100" in time_line and "30 days you have" in time_line
    assert "20 tokens per parameter" in time_line


def test_chinese_replies_keep_a_space_between_a_gpu_name_and_the_chinese_after_it(real: Consultant) -> None:
    turn = ask(real, "8张H100两周能预训练一个7B模型吗")

    assert "NVIDIA H100 SXM5 放得下" in turn.text and "在 8 张 NVIDIA H100 SXM5 上" in turn.text
    assert re.search(r"SXM5[\u4e00-\u9fff]", turn.text) is None


def test_a_cost_asked_at_the_end_of_the_question_is_priced_without_asking_a_deadline(
    real: Consultant,
) -> None:
    text = ask(real, "what would a QLoRA of a 13B model on 40M tokens for 2 epochs cost?").text
    assert "$" in text and not any(f in text for f in FORM)


def test_memory_asked_with_the_taiwan_word_gets_the_memory_answer(real: Consultant) -> None:
    text = ask(real, "LoRA 微調 Qwen2.5 14B 大概要多少記憶體？").text
    assert text.startswith("*訓練 140億參數模型需要的顯存*") and "GB" in text


@pytest.mark.parametrize(
    ("text", "opens"),
    [("MI300X 的記憶體有多大？", "*AMD Instinct MI300X*：顯存 192 GB"),
     ("L40S 記憶體幾 GB？", "*NVIDIA L40S*：顯存 48 GB"),
     ("H20 的记忆体是多少", "*NVIDIA H20*：显存 96 GB")],
)  # fmt: skip
def test_a_gpus_memory_asked_with_the_taiwan_word_gets_its_datasheet_not_the_form(
    real: Consultant, text: str, opens: str
) -> None:
    turn = ask(real, text)
    answered_directly(turn)
    assert turn.text.startswith(opens), turn.text


@pytest.mark.parametrize(
    ("text", "opens"),
    [("A100 一小時多少錢？要 80G 那款", "*NVIDIA A100 80GB (SXM4) 按需價（每卡）*"),
     ("A100 多少钱一小时，80G 的那款", "*NVIDIA A100 80GB (SXM4) 按需价（每卡）*"),
     ("how much is an A100 per hour, the 80GB version?", "*NVIDIA A100 80GB (SXM4), on demand, per GPU*")],
)  # fmt: skip
def test_a_board_picked_by_its_memory_after_a_price_question_is_priced_not_read_as_data(
    real: Consultant, text: str, opens: str
) -> None:
    turn = ask(real, text)
    answered_directly(turn)
    assert turn.text.startswith(opens), turn.text


def test_the_ram_of_a_server_asked_with_the_taiwan_word_is_not_the_gpus_memory(real: Consultant) -> None:
    assert parse("8 張 H100 的伺服器要配多少記憶體？").intent != "gpu_info"
    assert parse("H100 機器的記憶體要多大").intent != "gpu_info"


def test_examples_needed_for_fine_tuning_are_answered_without_the_pretraining_rule(real: Consultant) -> None:
    text = ask(real, "QLoRA 微调 14B 模型需要准备多少条样本？").text
    assert text.startswith("*微调没有“每参数多少 token”的规则*")


def test_how_many_examples_to_collect_for_a_lora_gets_the_fine_tuning_data_answer(real: Consultant) -> None:
    text = ask(real, "how many training examples do I need to LoRA a 13B model?").text
    assert text.startswith("*Fine-tuning has no tokens-per-parameter rule*")
    assert not any(f in text for f in FORM)


def test_users_chatting_with_a_model_at_once_is_a_serving_plan(real: Consultant) -> None:
    text = ask(real, "部門裡 30 位使用者會同時用 Qwen2.5 7B 聊天，要幾張 A10？").text
    assert "張 NVIDIA A10*" in text.split("\n")[0] and "推理部署 Qwen2.5 7B" in text and "KV 快取" in text


def test_the_memory_asked_by_its_unit_alone_is_the_cards_not_the_tokens_in_a_gigabyte(
    real: Consultant,
) -> None:
    en = real.handle("s-gb-en", "quick question, how many GB does an H200 have").text
    assert en.startswith("*NVIDIA H200 SXM*: 141 GB memory")
    zh = real.handle("s-gb-zh", "H100 几个G啊").text
    assert "显存 80 GB" in zh and "token" not in zh.split("\n")[0]
    # a dataset counted in GB is still data, not the card's memory
    assert parse("H100 一天能训多少G数据").intent != "gpu_info"


def test_which_chinese_cloud_for_a_job_gets_the_china_answer_and_the_job_stays_for_the_plan(
    real: Consultant,
) -> None:
    session = "s-cn-cloud"
    en = real.handle(session, "which Chinese cloud should we use for fine-tuning Qwen 7B?").text
    assert en.startswith("*GPU clouds in mainland China:*") and not any(f in en for f in FORM)
    plan = real.handle(session, "we have 20k samples of about 1k tokens, no deadline").text
    assert plan.startswith("*What you can rent in mainland China*")
    zh = real.handle("s-cn-pair", "微调 7B 用阿里云还是腾讯云").text
    assert zh.startswith("*阿里云、腾讯云*") and "GPU_ADVISOR_OFFERINGS" in zh


@pytest.mark.parametrize(
    ("text", "card"),
    [("H100 PCIe", "*NVIDIA H100 PCIe*"), ("a100 80g pcie", "*NVIDIA A100 80GB PCIe*"),
     ("NVIDIA B200：NVLink 1,800 GB/s", "*NVIDIA B200*")],
)  # fmt: skip
def test_a_gpu_named_with_a_spec_word_and_no_question_gets_its_datasheet_not_the_form(
    real: Consultant, text: str, card: str
) -> None:
    turn = ask(real, text)
    answered_directly(turn)
    assert turn.text.startswith(card), turn.text
