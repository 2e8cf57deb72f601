"""Follow-ups a team lead writes after (or instead of answering) the bot's question: why this GPU, show me the
formula, how long would it take anyway, serve the model we just planned, only GPUs rentable in China, no LoRA
after all, and a plain "help me size this" to start."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_why_the_plan_runs_on_its_gpu_is_the_job_sized_on_it_and_the_other(real: Consultant) -> None:
    hans = ask(real, "预训练 1B，数据 20B token，BF16，三周", "怎么不用 H100 呢？")
    assert "为什么是 NVIDIA B200？" in hans and "• *NVIDIA H100 SXM5*：" in hans
    assert "换成 NVIDIA H100 SXM5" in hans
    hant = ask(real, "QLoRA 微調 32B，資料 1 億 token，兩週", "為啥推薦這張卡？")
    assert "為什麼是 NVIDIA B200？" in hant and "逐卡對比" in hant
    en = ask(real, "full fine-tune 13B on 500M tokens, bf16, 10 days", "how come you picked that GPU?")
    assert "*Why the NVIDIA B200?*" in en and "GPU by GPU" in en and "I don't have a good answer" not in en
    # "干嘛推荐这个卡" asks why, even with "不是更快吗" after it: the plan is not switched to the H200.
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "全参微调 14B，数据 5 亿 token，BF16，十天")
    turn = real.handle(session, "干嘛推荐这张卡，H200 不是更快吗")
    assert "为什么是 NVIDIA B200？" in turn.text and "• *NVIDIA H200 SXM*" in turn.text
    assert turn.payload["slots"].get("gpu") is None
    # The rhetorical "isn't it faster?" asks why too; "would it be faster on H100s?" still tries them.
    assert "*Why the NVIDIA B200?*" in ask(
        real, "full fine-tune 13B on 400M tokens, bf16, 10 days", "isn't the H200 faster?"
    )
    assert "*What changed*" in ask(
        real, "full fine-tune 13B on 400M tokens, bf16, 10 days", "would it be faster on H100s?"
    )


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("why that gpu?", "*No plan yet, so I haven't chosen a GPU.*"),
        ("why the B200?", "(the NVIDIA B200 or any other)"),
        ("why did you pick the H100?", "(the NVIDIA H100 SXM5 or any other)"),
        ("为什么选这张卡？", "*还没有方案，所以我还没选卡。*"),
        ("為什麼是 H100？", "（NVIDIA H100 SXM5 或其他卡都沒選）"),
    ],
)
def test_why_a_gpu_before_any_plan_says_none_is_chosen_and_what_decides_it(
    real: Consultant, question: str, says: str
) -> None:
    turn = real.handle("s-" + uuid.uuid4().hex, question)
    assert says in turn.text
    assert "memory first" in turn.text or "先看显存" in turn.text or "先看顯存" in turn.text
    assert turn.payload["slots"].get("gpu") is None  # the GPU named is not chosen
    assert "I don't have a good answer" not in turn.text and "Pitfall" not in turn.text


@pytest.mark.parametrize(
    ("question", "answered_by"),
    [
        ("why leave memory headroom on the gpu", "headroom"),
        ("why not just always pick the top gpu", "top-end GPUs"),
        ("为什么显存要留余量", "余量"),
    ],
)
def test_a_why_about_gpus_in_general_is_not_taken_for_a_choice_before_any_plan(
    real: Consultant, question: str, answered_by: str
) -> None:
    text = real.handle("s-" + uuid.uuid4().hex, question).text
    assert "No plan yet" not in text and "还没有方案" not in text
    assert answered_by in text


def test_why_a_gpu_while_the_form_asks_goes_back_to_its_question(real: Consultant) -> None:
    text = ask(real, "LoRA fine-tune a 13B model", "why the H100?")
    assert "*No plan yet" in text and "How much training data?" in text


def test_why_that_gpu_after_a_serving_answer_says_how_its_gpu_was_ranked(real: Consultant) -> None:
    text = ask(real, "serve llama 3.1 70b to 100 users", "why that GPU?")
    assert text.startswith("*Why that GPU for serving:*") and "KV cache" in text
    assert "No plan yet" not in text and "To size a training run" not in text


def test_the_math_asked_for_in_other_words_is_the_derivation(real: Consultant) -> None:
    hant = ask(real, "LoRA 微調 8B，資料 4 萬筆，每筆 1k token，一週", "把算式列給我")
    assert "*計算過程*" in hant and "FLOPs" in hant
    en = ask(real, "LoRA 8B on 40M tokens, 1 week", "walk me through the numbers")
    assert "*How this was computed*" in en


def test_a_question_back_about_the_time_gets_the_plan_without_a_deadline(real: Consultant) -> None:
    hans = ask(real, "全参微调 7B，数据 4 亿 token", "一般需要多久？")
    assert "*推荐方案*" in hans and "不限工期" in hans and "资料里没有" not in hans
    en = ask(real, "full fine-tune a 3B on 800M tokens", "what's a reasonable timeline here?")
    assert "*Recommended:*" in en and "no deadline" in en and "How long can training take?" not in en


def test_serving_the_model_just_planned_sizes_that_model(real: Consultant) -> None:
    hans = ask(real, "全参微调 7B，数据 3 亿 token，两周", "训好以后部署，这个模型要支持 30 个并发，几张卡？")
    assert "推理部署 70亿参数的模型" in hans and "你没说用哪个模型" not in hans
    en = ask(real, "LoRA 13B on 20M tokens, 1 week", "after training we'll serve it to 80 concurrent users")
    assert "Serving a 13B-parameter model" in en and "You named none" not in en


def test_a_switch_to_gpus_rentable_in_china_plans_on_them(real: Consultant) -> None:
    hans = ask(real, "LoRA 微调 14B，数据 3000 万 token，十天", "改用国内能租到的卡")
    assert hans.startswith("*国内可租的配置*")
    en = ask(real, "LoRA 14B on 30M tokens, 10 days", "how about GPUs we can rent in mainland China?")
    assert en.startswith("*What you can rent in mainland China*")


def test_a_method_word_that_ends_the_message_is_the_method(real: Consultant) -> None:
    hant = ask(real, "LoRA 微調 13B，資料 2 萬筆，每筆 1k token，兩週", "不要 LoRA，改成全參")
    assert "LoRA 微調 → 全參數微調" in hant
    hans = ask(real, "LoRA 微调 13B，数据 2 亿 token，两周", "我们要全参")
    assert "LoRA 微调 → 全参数微调" in hans


def test_a_plain_request_for_sizing_help_starts_the_form(real: Consultant) -> None:
    assert "*模型有多少参数？*" in ask(real, "麻烦帮忙估一下训练要的 GPU")
    assert "*How many parameters does the model have?*" in ask(real, "I need help sizing a training job")


def test_what_to_watch_out_for_is_the_plans_own_pitfalls_not_a_search(real: Consultant) -> None:
    hant = ask(real, "全參微調 8B，資料 4 億 token，BF16，十天", "這個方案有什麼坑？")
    assert hant.startswith("*這個方案（1 × NVIDIA B200）要注意的*") and "顯存剛好夠用" in hant
    hans = ask(real, "LoRA 微调 7B，数据 5000 万 token，两周，预算 1 万人民币", "有问题吗？")
    assert "没有触发常见误区" in hans and "预算与训练目标不匹配" not in hans
    en = ask(real, "QLoRA 70B on 60M tokens, 3 weeks", "any gotchas we should know about?")
    assert "What to watch out for in this plan" in en and "slower than LoRA" in en


def test_asked_how_to_get_within_a_budget_the_plan_misses_says_what_it_buys(real: Consultant) -> None:
    en = ask(real, "pretrain 3B on 200B tokens, bf16, 6 weeks, budget $2,000", "any way to make it work?")
    assert "over $2,000.*" in en and "pre-training from scratch, 3B model" in en and "LoRA, 3B" not in en
    hans = ask(real, "全参微调 13B，数据 50 亿 token，两周，预算 500 美元", "有什么办法吗")
    assert "超出 $500*" in hans and "130亿参数模型，LoRA 微调" in hans


def test_documents_counted_with_a_length_each_are_the_samples(real: Consultant) -> None:
    en = ask(real, "QLoRA Llama 3.1 70B on 40k contracts, avg ~2k tokens, plus 5k Q&A pairs later, 2 weeks")
    assert "80M tokens (40K samples × 2,000 tokens)" in en


def test_asked_what_a_method_saves_in_memory_the_change_line_says_the_memory(real: Consultant) -> None:
    hans = ask(real, "LoRA 微调 14B，数据 8000 万 token，三周", "换 QLoRA 能省多少显存？")
    assert "LoRA 微调 → QLoRA 微调" in hans and "每卡显存约 66.5 GB → 约 14.2 GB" in hans
    en = ask(real, "LoRA 13B on 40M tokens, 2 weeks", "how much memory would QLoRA save?")
    assert "memory per GPU ~61.6 GB → ~13.5 GB" in en
    plain = ask(real, "LoRA 13B on 40M tokens, 2 weeks", "switch to QLoRA")
    assert "memory per GPU" not in plain.split("\n")[0]


def test_more_openers_that_ask_for_a_plan_start_the_form(real: Consultant) -> None:
    assert "*模型有多少参数？*" in ask(real, "我们想训一个模型")
    assert "*模型有多少參數？*" in ask(real, "幫我們看看訓練要租什麼卡")
    assert "*How many parameters does the model have?*" in ask(real, "could you help us size something")


def test_the_formula_behind_the_plan_is_the_derivation(real: Consultant) -> None:
    assert "*How this was computed*" in ask(
        real, "LoRA 8B on 20M tokens, 1 week", "what's the formula behind it?"
    )


def test_asked_how_to_get_under_a_budget_the_plan_meets_says_it_already_does(real: Consultant) -> None:
    en = ask(real, "LoRA 8B on 50M tokens, 2 weeks, $500 budget", "how can we get this under budget?")
    assert "already within the budget of $500*" in en and "does not match the goal" not in en


def test_a_gpu_proposed_as_can_it_run_after_a_plan_is_the_job_on_it(real: Consultant) -> None:
    hans = ask(real, "QLoRA 微调 70B，数据 4 万条，每条 2k token，三周", "L40S 能跑吗？")
    assert hans.startswith("*可以*") and "L40S" in hans and "稠密算力 BF16" not in hans


def test_own_hardware_carries_no_spot_pitfall(real: Consultant) -> None:
    hans = ask(real, "LoRA 微调 13B，数据 5 万条，每条 1k token，十天", "我们自己有 4 张 A100 40G，不用租")
    assert "用您自有的硬件" in hans and "抢占式" not in hans


def test_how_long_after_a_plan_is_the_plans_time(real: Consultant) -> None:
    hans = ask(real, "全参微调 7B，数据 4 亿 token，两周", "那要多久能训完？")
    assert hans.startswith("*按这个方案（1 × NVIDIA B200），约") and "仍然有效" not in hans
    owned = ask(real, "LoRA 13B on 40M tokens, 10 days", "we own 4 A100 40GB, no renting", "how long then?")
    assert "on your own GPUs" in owned and "add GPUs" not in owned
    assert "*按这个方案" not in ask(real, "全参微调 7B，数据 4 亿 token，两周", "保存 checkpoint 要多久")


def test_the_math_asked_for_before_any_plan_is_how_every_estimate_is_made(real: Consultant) -> None:
    hans = ask(real, "训练的时候 GPU 小时怎么算的")
    assert hans.startswith("目前还没有可以展开计算过程的推荐方案；估算方法如下：")
    assert "费用 = 卡时（卡数 × 小时数）× 实例单价" in hans and "GPU 小时" not in hans
    en = ask(real, "how did you calculate that?")
    assert en.startswith("There is no recommendation to explain yet; this is how every estimate is made:")
    assert "6 × parameters × tokens" in en


def test_qlora_after_a_lora_plan_says_why_it_takes_longer(real: Consultant) -> None:
    en = ask(real, "lora mistral 7b on 20m tokens in 3 days", "same but qlora")
    assert "runs ~1.28× slower than LoRA (dequantising the 4-bit weights), and its recipe turns on" in en
    assert "this plan takes ~1.9× the time of LoRA without it" in en


@pytest.mark.parametrize(
    ("question", "says"),
    [("每張卡的記憶體夠嗎？", "*本方案（2 × NVIDIA B200）的顯存*：每卡約"),
     ("記憶體夠不夠用", "*本方案（2 × NVIDIA B200）的顯存*：每卡約"),
     ("每块卡的显存够吗", "*本方案（2 × NVIDIA B200）的显存*：每卡约"),
     ("is the memory per GPU enough?", "*Memory in this plan (2 × NVIDIA B200)*: ~")],
)  # fmt: skip
def test_whether_the_memory_is_enough_is_the_plans_memory_per_gpu(
    real: Consultant, question: str, says: str
) -> None:
    # Taiwan's 記憶體 is the card's memory here; "夠嗎" asks the same as "多少"
    reply = ask(real, "全參微調 14B，資料 3 億 token，越快越好", question)
    assert reply.startswith(says)


@pytest.mark.parametrize(
    ("question", "says"),
    [("為什麼要這麼多小時？", "*計算過程*"), ("怎麼要跑那麼多天，為什麼", "*計算過程*"),
     ("为什么要这么久？", "*计算过程*"), ("why does it take so long?", "*How this was computed*"),
     ("why so many hours?", "*How this was computed*")],
)  # fmt: skip
def test_why_the_plan_takes_so_long_is_how_its_hours_were_worked_out(
    real: Consultant, question: str, says: str
) -> None:
    reply = ask(real, "LoRA 微調 Llama 3.1 8B，資料 5 萬筆，每筆 700 token，3 個 epoch，一週", question)
    assert reply.startswith(says) and ("卡時 =" in reply or "卡时 =" in reply or "GPU-hours =" in reply)


@pytest.mark.parametrize(
    ("question", "says"),
    [("為什麼要花這麼多錢？", "*計算過程*"), ("怎麼這麼貴", "*計算過程*"), ("为什么这么贵？", "*计算过程*"),
     ("为什么要这么多钱", "*计算过程*"), ("why is it so expensive?", "*How this was computed*"),
     ("how come it costs so much?", "*How this was computed*")],
)  # fmt: skip
def test_why_the_plan_costs_so_much_is_how_its_cost_was_worked_out(
    real: Consultant, question: str, says: str
) -> None:
    reply = ask(real, "预训练 2B，数据 400 亿 token，一周", question)
    assert reply.startswith(says) and any(w in reply for w in ("费用 =", "費用 =", "Cost ="))


@pytest.mark.parametrize(
    ("job", "why", "says"),
    [("pretrain a 1B model on 20B tokens, 10 days", "why 2.6 days?", "*How this was computed*"),
     ("pretrain a 1B model on 20B tokens, 10 days", "why $440?", "*How this was computed*"),
     ("全参微调 13B，数据 5 亿 tokens，两周", "为什么要 9.5 小时？", "*计算过程*"),
     ("全参微调 13B，数据 5 亿 tokens，两周", "为什么要 $131", "*计算过程*"),
     ("全參微調 13B，資料 5 億 tokens，兩週", "為什麼要 9.5 小時", "*計算過程*")],
)  # fmt: skip
def test_why_a_figure_the_plan_shows_is_its_math_not_a_new_deadline_or_budget(
    real: Consultant, job: str, why: str, says: str
) -> None:
    session = "s-" + uuid.uuid4().hex
    before = real.handle(session, job).payload["slots"]
    turn = real.handle(session, why)
    assert turn.text.startswith(says) and turn.payload["slots"] == before


def test_a_what_if_on_a_figure_still_changes_the_plan(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    real.handle(session, "pretrain a 1B model on 20B tokens, 10 days")
    turn = real.handle(session, "what if 2.6 days?")
    assert "*What changed*" in turn.text and turn.payload["slots"]["days"] == 2.6


def test_why_renting_gpus_is_expensive_in_general_is_not_the_plans_math(real: Consultant) -> None:
    for question in ("为什么云上租卡这么贵", "why are cloud GPUs so expensive?"):
        assert "How this was computed" not in ask(real, "pretrain 2B on 40B tokens in a week", question)
        assert "计算过程" not in ask(real, "预训练 2B，数据 400 亿 token，一周", question)


def test_why_a_named_gpu_is_slow_is_not_the_plans_math(real: Consultant) -> None:
    assert "How this was computed" not in ask(real, "why is the A100 so slow?")


@pytest.mark.parametrize(
    ("question", "says"),
    [("那能跑吗", "*本方案（4 × NVIDIA GeForce RTX 4090）的显存*：每卡约"),
     ("跑得動嗎？", "*本方案（4 × NVIDIA GeForce RTX 4090）的顯存*"),
     ("so will it fit?", "*Memory in this plan (4 × NVIDIA GeForce RTX 4090)*: ~"),
     ("will it run?", "*Memory in this plan (4 × NVIDIA GeForce RTX 4090)*: ~")],
)  # fmt: skip
def test_will_it_run_asked_bare_after_a_plan_is_its_memory_per_gpu(
    real: Consultant, question: str, says: str
) -> None:
    reply = ask(real, "LoRA 微调 Qwen2.5-7B，数据 7500 万 tokens，不急", "我们有 4 张 4090", question)
    assert reply.startswith(says) and "AMD" not in reply
