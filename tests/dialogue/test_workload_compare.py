"""'X vs Y for <workload>': the workload is sized on each named GPU and compared side by side."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from bot.nlu.counts import counts_by_gpu


def test_4090_vs_a100_for_lora_on_7b_sizes_both_and_keeps_the_gpu_open(real: Consultant) -> None:
    turn = real.handle("s", "RTX 4090 vs A100 80GB for LoRA fine-tuning on a 7B model?")
    assert "GeForce RTX 4090" in turn.text and "A100 80GB" in turn.text
    # The 4090 has no usable cloud price for a plan: the faster one is picked, and the reply says why.
    assert "GPU-hours" in turn.text and turn.text.startswith(
        "*Pick the NVIDIA A100 80GB (SXM4): it is the fastest.*"
    )
    assert "no usable price for a plan on the NVIDIA GeForce RTX 4090" in turn.text
    slots = turn.payload["slots"]
    assert slots["params"] == 7e9 and slots["method"] == "lora"
    assert slots["gpu"] is None  # comparing is not choosing


def test_chinese_comparison_of_l40s_and_a100_for_lora_13b_answers_in_chinese(real: Consultant) -> None:
    turn = real.handle("s", "L40S 和 A100 80GB 哪个适合 LoRA 13B")
    assert "逐卡对比" in turn.text and "L40S" in turn.text and "A100 80GB" in turn.text
    assert turn.payload["slots"]["params"] == 13e9


def test_70b_full_finetune_on_h100_or_h200_shows_memory_per_gpu_for_each(real: Consultant) -> None:
    turn = real.handle("s", "H100 or H200 for a 70B full finetune")
    assert "H100" in turn.text and "H200" in turn.text
    assert turn.text.count(" GB per GPU") >= 2
    assert turn.payload["slots"]["method"] == "full_finetune"


def test_a_comparison_after_a_deadline_uses_that_deadline_and_keeps_the_working_slots(
    real: Consultant,
) -> None:
    real.handle("s", "I want to LoRA fine-tune a 13B model on 2B tokens within 5 days")
    turn = real.handle("s", "H100 vs A100 80GB for this 13B LoRA?")
    assert "deadline 5 days" in turn.text
    slots = turn.payload["slots"]
    assert slots["params"] == 13e9 and slots["tokens"] == 2e9 and slots["days"] == 5


def test_comparing_gpus_without_a_workload_still_shows_the_datasheets(real: Consultant) -> None:
    turn = real.handle("s", "A100 vs H100")
    assert "GPU by GPU" not in turn.text and "H100" in turn.text


def test_plans_on_different_gpu_counts_name_the_gpu_that_is_faster_per_gpu(real: Consultant) -> None:
    text = real.handle("s", "H100 vs A100 for LoRA 13B").text
    assert text.startswith("*Pick the NVIDIA H100 SXM5: it is both the fastest per GPU and the cheapest.*")
    zh = real.handle("z", "H100 和 A100 做 13B 的 LoRA 哪个好").text
    assert zh.startswith("*选 NVIDIA H100 SXM5：单卡更快，也更省钱。*")


def test_a_comparison_of_plans_picks_one_and_shows_the_figures_that_decide_it(real: Consultant) -> None:
    text = real.handle("s", "L40S or A100 80GB for LoRA fine-tuning a 13B model, which is better?").text
    assert text.startswith("*Pick the ")
    # dense BF16 and the list price per GPU-hour of each plan's instance
    assert "362 dense BF16 TFLOPS, $1.86/GPU-hour" in text and "312 dense BF16 TFLOPS" in text


def test_is_it_worth_paying_for_the_faster_gpu_gets_yes_or_no_first(real: Consultant) -> None:
    text = real.handle("s", "is it worth paying for H100 instead of A100 to LoRA an 8B model").text
    assert text.startswith("*Yes — worth it.* *Pick the NVIDIA H100 SXM5")


def test_another_gpu_after_a_comparison_is_added_to_it(real: Consultant) -> None:
    real.handle("s", "H100 vs A100 for LoRA 13B")
    text = real.handle("s", "and the H200?").text
    assert "*LoRA of a 13B-parameter model, GPU by GPU*" in text
    assert (
        all(name in text for name in ("H100 SXM5", "A100 80GB", "H200 SXM"))
        and "How much training data" not in text
    )


def test_another_model_size_or_method_after_a_comparison_compares_again(real: Consultant) -> None:
    real.handle("s", "H100 vs A100 for LoRA 13B")
    assert "*LoRA of a 70B-parameter model, GPU by GPU*" in real.handle("s", "what about a 70B?").text
    assert "*QLoRA of a 70B-parameter model, GPU by GPU*" in real.handle("s", "with QLoRA?").text


def test_gpus_compared_as_counted_keep_their_counts_and_are_weighed_as_they_run(real: Consultant) -> None:
    text = real.handle("wc-c", "Which is faster for LoRA on a 13B, 1 H100 or 2 A100?").text
    rows = [line for line in text.splitlines() if line.startswith("• *")]
    assert rows[0].startswith("• *NVIDIA H100 SXM5*: 1 GPU, ~6.2 hours")
    assert rows[1].startswith("• *NVIDIA A100 80GB (SXM4)*: 2 GPUs,")
    assert "fastest and the cheapest" in text and "per GPU" not in text.splitlines()[0]


def test_a_need_above_the_round_size_is_shown_against_usable_memory_and_flagged_tight(
    real: Consultant,
) -> None:
    text = real.handle("wc-t", "compare 1x H200 and 2x H100 for 70B LoRA").text
    assert "83.6 of 85.5 GB usable per GPU (tight: under 20% free)" in text


def test_counts_are_read_per_gpu_only_when_several_gpus_are_named() -> None:
    assert counts_by_gpu("2 张 A100 还是 1 张 H100 微调 13B") == {"a100": 2, "h100": 1}
    assert counts_by_gpu("A100 x4 vs H100 x2 for 70B LoRA") == {"a100": 4, "h100": 2}
    assert counts_by_gpu("H100 vs A100 for 13B") == {}
    assert counts_by_gpu("8 H100s for a 70B LoRA") == {}


def test_a_total_budget_none_of_the_compared_plans_fits_is_said_with_the_cheapest(real: Consultant) -> None:
    text = real.handle("wc-b", "训练 13B，数据 100GB，预算 5000 美元，用 A100 还是 H100 好").text
    assert "*都超出预算 $5,000*：最便宜的方案也要 $7," in text
    within = real.handle("wc-b2", "full fine-tune 13B on 100M tokens, budget $100, A100 or H100?").text
    assert "budget" not in within.split("*full fine-tuning")[0]


def test_in_chinese_a_gpu_only_the_mainland_marketplaces_rent_is_compared_at_their_price(
    real: Consultant,
) -> None:
    for text in ("4090 和 A100 微调 7B 速度差多少？", "RTX 4090 跟 A100 全參微調 7B 誰比較快"):
        reply = real.handle("s-" + text, text).text
        row = next(line for line in reply.splitlines() if line.startswith("• *NVIDIA GeForce RTX 4090*"))
        # a speed question with no data: the marketplace's price per GPU-hour, not a total on default data
        assert "¥1.24/" in row and ("国内算力市场公开价" in row or "國內算力市場公開價" in row)
        assert "暂无可用价格" not in reply and "暫無可用價格" not in reply


def test_a_chinese_comparison_counts_gpu_hours_in_ka_shi_and_the_model_in_chinese_units(
    real: Consultant,
) -> None:
    reply = real.handle("s", "用 A100 还是用 H100 训 7B，数据 200亿 tokens").text
    assert "*70亿参数模型的训练，逐卡对比*" in reply and "卡时）" in reply and "GPU 小时" not in reply


@pytest.mark.parametrize(
    ("question", "verdict", "no_days"),
    [
        ("H20 和 A800 训练 32B 哪个快", "*NVIDIA A800 80GB SXM 更快*：每卡约", "天（"),
        ("訓練 32B 用 H20 還是 A800 比較快？", "*NVIDIA A800 80GB SXM 更快*：每卡約", "天（"),
        ("32B 预训练，A800 跟 H20 谁的速度快", "*NVIDIA A800 80GB SXM 更快*：每卡约", "天（"),
        (
            "is the A800 or the H20 faster for training a 32B?",
            "*The NVIDIA A800 80GB SXM is faster*: about",
            " days (",
        ),
        (
            "A100 vs H100 for pretraining a 7B, which is quicker",
            "*The NVIDIA H100 SXM5 is faster*: about",
            " days (",
        ),
    ],
)
def test_which_is_faster_with_no_data_is_answered_per_gpu_without_days(
    real: Consultant, question: str, verdict: str, no_days: str
) -> None:
    text = real.handle("s", question).text
    assert text.startswith(verdict) and "tokens/s" in text.splitlines()[0]
    rows = [line for line in text.splitlines() if line.startswith("• *")]
    assert len(rows) == 2 and all("tokens/s" in r and " GB" in r for r in rows)
    assert no_days not in text and "默认数据量" not in text and "default data size" not in text


def test_which_is_faster_with_the_data_given_keeps_the_days(real: Consultant) -> None:
    text = real.handle("s", "H20 和 A800 训练 32B，数据 1000亿 tokens，哪个快").text
    assert "逐卡对比" in text and "天（" in text


@pytest.mark.parametrize(
    ("question", "verdict", "per_unit"),
    [
        (
            "H20 和 A800 训练 32B 哪个划算",
            "*选 NVIDIA A800 80GB SXM：又快又省钱。*每十亿 tokens 约 $",
            "每十亿 tokens 约",
        ),
        (
            "訓練 32B，H20 跟 A800 哪個比較省錢？",
            "*選 NVIDIA A800 80GB SXM：又快又省錢。*每十億 tokens 約 $",
            "每十億 tokens 約",
        ),
        (
            "A800 还是 H20 预训练 32B 成本低",
            "*选 NVIDIA A800 80GB SXM：又快又省钱。*每十亿 tokens 约 $",
            "每十亿 tokens 约",
        ),
        (
            "H20 or A800 for training a 32B, which is cheaper?",
            "*Pick the NVIDIA A800 80GB SXM: it is both the fastest and the cheapest.* About $",
            "per billion tokens",
        ),
    ],
)
def test_which_is_cheaper_with_no_data_is_the_cost_per_billion_tokens_not_a_total(
    real: Consultant, question: str, verdict: str, per_unit: str
) -> None:
    text = real.handle("s", question).text
    assert text.startswith(verdict)
    rows = [line for line in text.splitlines() if line.startswith("• *")]
    # each GPU's price per GPU-hour over its speed: the marketplace's yuan beside the dollars
    assert len(rows) == 2 and all(per_unit in r and "tokens/s" in r and "¥" in r for r in rows)
    assert (
        "天（" not in text
        and " days (" not in text
        and "默认数据量" not in text
        and "default data" not in text
    )


def test_the_cheaper_per_billion_tokens_is_picked_and_the_faster_one_named_for_when_time_matters(
    real: Consultant,
) -> None:
    text = real.handle("s", "LoRA 微调 7B，4090 和 A100 哪个性价比高").text
    assert text.startswith("*选 NVIDIA GeForce RTX 4090：每十亿 tokens 约 $")
    assert "NVIDIA A100 80GB (SXM4) 每卡快 " in text and "时间比钱更要紧时选它" in text


def test_a_cost_question_with_a_gpu_unpriced_says_which_is_faster_and_that_the_price_is_missing(
    real: Consultant,
) -> None:
    text = real.handle("s", "A800 和 H800 训练 32B 哪个划算").text
    assert text.startswith("*NVIDIA H800 SXM 更快*：每卡约")
    assert "目录里没有 NVIDIA H800 SXM 的价格，没法比较每十亿 tokens 的费用" in text
    english = real.handle("s2", "A800 or H800 for training a 32B, which is cheaper?").text
    assert english.startswith("*The NVIDIA H800 SXM is faster*")
    assert "no price for the NVIDIA H800 SXM, so I can't weigh the cost per billion tokens" in english


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("微调 Qwen2.5-7B，1 万条数据，4090 和 A100 哪个性价比高", "这 1 万条数据，每条大约多少 token？"),
        ("微調 7B，資料 2 萬筆，A100 和 H100 哪個划算", "這 2 萬筆資料，每筆大約多少 token？"),
        ("3 万条样本，A100 跟 H100 全参微调 7B 哪个快", "这 3 万条数据，每条大约多少 token？"),
        (
            "fine-tune 7B on 20k samples, A100 or H100 which is cheaper",
            "how many tokens is each of the 20K samples?",
        ),
    ],
)
def test_a_sample_count_without_a_length_in_a_comparison_asks_the_length_per_sample(
    real: Consultant, question: str, asks: str
) -> None:
    text = real.handle("s", question).text
    assert asks in text and "天（" not in text and " days (" not in text


def test_the_length_per_sample_after_a_comparison_completes_the_count(real: Consultant) -> None:
    real.handle("s", "微调 Qwen2.5-7B，1 万条数据，4090 和 A100 哪个性价比高")
    assert "500万 tokens" in real.handle("s", "每条 500 token").text


def test_a_cheaper_gpu_on_more_gpus_names_the_other_as_faster_per_gpu_in_gpu_hours(real: Consultant) -> None:
    text = real.handle("s", "1 万条数据，每条 800 token，4090 和 A100 微调 7B 哪个划算").text
    assert "NVIDIA A100 80GB (SXM4) 单卡更快（0.8 卡时对 2.1 卡时）" in text


@pytest.mark.parametrize(
    ("question", "estimate"),
    [
        (
            "A800 跟 H100 训练 70B 哪个省钱，数据 200 亿 token",
            "按国内单卡标价估算，NVIDIA A800 80GB SXM 约 ¥",
        ),
        (
            "A800 或 H100 預訓練 70B，資料 200 億 token，哪個便宜",
            "按國內單卡標價估算，NVIDIA A800 80GB SXM 約 ¥",
        ),
        (
            "A800 or H100 to pretrain a 70B on 20B tokens, which is cheaper?",
            "At the Chinese marketplaces' list price per GPU, the NVIDIA A800 80GB SXM would cost about ¥",
        ),
    ],
)
def test_a_cluster_the_marketplaces_do_not_rent_is_estimated_at_their_list_price_and_said_to_need_a_quote(
    real: Consultant, question: str, estimate: str
) -> None:
    verdict = real.handle("s", question).text.splitlines()[0]
    assert estimate in verdict and "$52,362" in verdict
    assert any(
        w in verdict for w in ("32 卡的集群要向云厂商询价", "32 卡的叢集要向雲廠商詢價", "a quote on 32")
    )


@pytest.mark.parametrize(
    ("question", "buys"),
    [
        ("預算 5000 美元，A100 還是 H100 訓練 13B 比較划算", "：$5,000 約能訓練 "),
        ("预算 2 万元，H100 和 A100 LoRA 13B 哪个更划算", "：¥20,000 约能训练 "),
        (
            "With a $3000 budget, is the H100 or the A100 cheaper for fine-tuning a 13B?",
            ": $3,000 trains about ",
        ),
    ],
)
def test_a_cost_comparison_with_a_budget_but_no_data_says_the_tokens_it_buys_on_each_gpu(
    real: Consultant, question: str, buys: str
) -> None:
    text = real.handle("s", question).text
    rows = [line for line in text.splitlines() if line.startswith("• *")]
    assert len(rows) == 2 and all(buys in r and "tokens" in r for r in rows), text
    assert "超出预算" not in text and "超出預算" not in text and " days (" not in text and "天（" not in text


def test_a_cost_comparison_of_gpu_counts_with_no_data_is_per_billion_tokens_on_those_counts(
    real: Consultant,
) -> None:
    text = real.handle("s", "4 張 4090 跟 1 張 A100 LoRA 7B 哪個划算？").text
    assert text.startswith("*選 NVIDIA GeForce RTX 4090：每十億 tokens 約 $")
    assert "按 4 張切分時" in text and "天（" not in text
    en = real.handle("s2", "4 RTX 4090s or 1 A100 for LoRA on a 7B, which is cheaper?").text
    assert "per billion tokens" in en and "when split over 4" in en and " days (" not in en


def test_gpu_counts_that_do_not_fit_the_job_show_no_days_or_cost_on_default_data(real: Consultant) -> None:
    text = real.handle("s", "4 張 4090 跟 1 張 A100 訓練 7B 哪個划算？").text
    assert text.startswith("按當前規劃，這幾款都放不下這個任務。") and "顯存放不下" in text
    assert "天（" not in text and " 卡時）" not in text and "預設資料量" not in text
    en = real.handle("s2", "4 RTX 4090s or 1 A100 to train a 7B, which costs less?").text
    assert en.startswith("None of them fits this workload as planned.") and "does not fit" in en
    assert "GPU-hours)" not in en and "about $" not in en and "default data" not in en


@pytest.mark.parametrize(
    "follow_up",
    [
        "how much would it cost on H100 vs A100?",
        "what would it cost with H100s or A100s?",
        "what if we used H100s or A100s, what would it cost?",
        "用 H100 和 A100 的话分别多少钱？",
        "換成 H100 或 A100 的話各要多少錢？",
    ],
)
def test_the_jobs_cost_asked_on_two_gpus_after_a_plan_compares_the_job_on_both(
    real: Consultant, follow_up: str
) -> None:
    # Was: the plan moved to the first GPU named, the second dropped without a word.
    real.handle("s", "LoRA llama 3 8b on 100M tokens in 3 days")
    text = real.handle("s", follow_up).text
    assert "NVIDIA H100 SXM5" in text and "NVIDIA A100 80GB (SXM4)" in text
    assert text.startswith(("*Pick the NVIDIA H100 SXM5", "*选 NVIDIA H100 SXM5", "*選 NVIDIA H100 SXM5"))
    assert "What changed" not in text and "变化" not in text and "變化" not in text


def test_one_gpu_for_the_jobs_cost_after_a_plan_still_moves_the_plan(real: Consultant) -> None:
    real.handle("s", "LoRA llama 3 8b on 100M tokens in 3 days")
    assert "now H100" in real.handle("s", "what would it cost with H100s?").text


def test_whether_one_gpu_can_replace_another_for_a_job_opens_with_that_verdict(real: Consultant) -> None:
    holds = (
        (
            "L40S 能不能取代 A100 拿來做 13B 的 LoRA 微調？",
            "*能：NVIDIA L40S 放得下這個任務*（每卡 31.7 / 48 GB）",
        ),
        ("L40S 能替代 A100 做 13B 的 LoRA 吗", "*能：NVIDIA L40S 放得下这个任务*（每卡 31.7 / 48 GB）"),
        (
            "can an L40S replace an A100 for LoRA on a 13B?",
            "*Yes: the NVIDIA L40S holds this job* (31.7 of 48 GB",
        ),
        # the replacing GPU named second
        ("replace the A100 with an L40S for a 13B LoRA, ok?", "*Yes: the NVIDIA L40S holds this job*"),
    )
    for n, (text, opens) in enumerate(holds):
        assert real.handle(f"r{n}", text).text.startswith(opens), text
    no = real.handle("r9", "用 4090 代替 A100 全参微调 13B 行吗").text
    assert no.startswith("*不能：NVIDIA GeForce RTX 4090 放不下这个任务*（每卡 32.1 / 24 GB）")
    en = real.handle("r10", "can a 4090 replace an A100 for full fine-tuning a 13B?").text
    assert en.startswith("*No: the NVIDIA GeForce RTX 4090 does not hold this job*")
    # which is better, not a replacement: no verdict of that kind
    assert not real.handle("r11", "L40S 跟 A100 做 13B LoRA 哪個好").text.startswith("*能")


def test_a_replacement_is_compared_like_for_like_and_says_the_basis(real: Consultant) -> None:
    # no count or deadline: both GPUs on the same count, the fewest that holds the job on each
    cases = (
        ("L40S 能不能取代 A100 做 13B LoRA", "换卡按同样的卡数比：各 1 张", "1 张，"),
        ("L40S 可以代替 A100 跑 13B 的 LoRA 嗎", "換卡按同樣的卡數比：各 1 張", "1 張，"),
        ("用 H100 换掉 A100 做 70B 全参微调可以吗", "换卡按同样的卡数比：各 24 张", "24 张，"),
        ("could we replace the H100 with an L40S for a 7B LoRA?", "like for like: 1 of each", "1 GPU,"),
        ("can an L40S replace an A100 for LoRA on a 13B?", "like for like: 1 of each", "1 GPU,"),
    )
    for n, (text, basis, count) in enumerate(cases):
        reply = real.handle(f"like{n}", text).text
        rows = [ln for ln in reply.splitlines() if ln.startswith("• ")]
        assert basis in reply and len(rows) == 2 and all(count in r for r in rows), (text, reply[:600])
    # with a deadline both still meet it on the same count, and the deadline is said beside the basis
    reply = real.handle("dl", "L40S 可以替代 A100 跑 13B 的 LoRA 嗎，兩週內要完成，資料 2 億 tokens").text
    assert "（期限 14 天；換卡按同樣的卡數比：各 1 張）" in reply
    # counts the user gave are compared as given
    reply = real.handle("given", "4 張 L40S 能取代 2 張 A100 做 13B LoRA 嗎").text
    assert "換卡按同樣的卡數" not in reply and "4 張，" in reply and "2 張，" in reply
    # which is better, not a replacement: the engine's own plan on each
    assert "同样的卡数" not in real.handle("better", "L40S 跟 A100 做 13B LoRA 哪个好").text


@pytest.mark.parametrize(
    "message",
    [
        "can a 4090 or a 3090 full fine-tune a 13B model?",
        "RTX 4090 vs RTX 3090 for full fine-tuning a 13b model",
        "would full finetuning 13B work on either a 3090 or a 4090?",
    ],
)
def test_a_comparison_where_no_gpu_fits_says_no_then_why_and_what_fits_instead(
    real: Consultant, message: str
) -> None:
    text = real.handle("s", message).text
    assert text.startswith("*No — neither the NVIDIA GeForce RTX")
    # each card: what it needs sharded over one 8-GPU box against its 24 GB, and the adapter that fits it
    assert text.count("*does not fit* — even sharded over 8 of them") == 2
    assert "needs ~32.1 GB per GPU, and the card has 24 GB" in text
    assert text.count("LoRA fits: 2 GPUs at ~") == 2
    assert "*What does work:* full fine-tuning on 4 × NVIDIA H100 SXM5 (~61 of 80 GB per GPU)" in text


@pytest.mark.parametrize(
    "message",
    [
        "4090 和 3090 哪个能全参微调 13B？",
        "4090 跟 3090 能不能全参微调 13B 模型",
        "4090 與 3090 哪張能全參微調 13B？",
    ],
)
def test_in_chinese_a_comparison_where_no_gpu_fits_says_no_then_why_and_what_fits(
    real: Consultant, message: str
) -> None:
    text = real.handle("s", message).text
    assert text.startswith("*不行——NVIDIA GeForce RTX 4090 和 NVIDIA GeForce RTX 3090 都放不下")
    assert text.count("*放不下*——即使分片到 8 张") + text.count("*放不下*——即使分片到 8 張") == 2
    assert "每卡也要约 32.1 GB" in text or "每卡也要約 32.1 GB" in text
    assert "LoRA 放得下：2 张" in text or "LoRA 放得下：2 張" in text
    assert "4 张 NVIDIA H100 SXM5" in text or "4 張 NVIDIA H100 SXM5" in text


def test_three_gpus_none_of_which_fits_each_get_their_own_limit(real: Consultant) -> None:
    text = real.handle("s", "RTX 4090 vs RTX 3090 vs T4 for full fine-tuning a 13b model").text
    assert text.startswith("*No — none of the NVIDIA GeForce RTX 4090, NVIDIA GeForce RTX 3090 or NVIDIA T4")
    # the T4 is a datacenter card: the count is what the catalogue's clouds rent together
    assert "even sharded over 4 of them (the most the catalogue's clouds rent together)" in text


def test_a_gpu_that_cannot_hold_the_job_beside_one_that_can_is_still_shown_with_why(real: Consultant) -> None:
    text = real.handle("s", "can a 4090 or an A100 full fine-tune a 13B model?").text
    assert text.startswith("*Pick the NVIDIA A100 80GB (SXM4)")
    assert "• *NVIDIA GeForce RTX 4090*: *does not fit* — even sharded over 8 of them" in text
    assert "What does work" not in text  # the A100 is what works


def test_with_the_data_given_only_what_fits_is_timed(real: Consultant) -> None:
    text = real.handle("s", "full fine-tune 13B on 1B tokens: rtx 4090 vs rtx 3090?").text
    assert text.startswith("*No — neither")
    assert "LoRA fits: 2 GPUs at ~20.1 of 24 GB per GPU, ~" in text  # the adapter's time on the cards
    assert "GPU-hours" not in text  # nothing that does not fit is timed


def test_a_datacenter_card_stopped_by_the_global_batch_says_so_with_the_count_it_keeps_busy(
    real: Consultant,
) -> None:
    text = real.handle("s", "L4 vs T4 for full fine-tuning a 70b model").text
    assert (
        "*NVIDIA L4*: *does not fit* — even sharded over 64 of them (the most the global batch keeps busy"
        in text
    )
    assert "LoRA fits: 16 GPUs" in text
    zh = real.handle("t", "L4 和 A10 能全参微调 70B 吗").text
    assert (
        "即使分片到 64 张（全局批量每卡至少一条序列" in zh
        and "即使分片到 2 张（目录里的云一次最多租这么多）" in zh
    )


def test_a_speed_or_cost_comparison_shows_the_gpu_that_cannot_hold_the_job_and_why(real: Consultant) -> None:
    text = real.handle("s", "4090 vs A100 vs H100: which is faster for full fine-tuning 13B?").text
    assert text.startswith("*The NVIDIA H100 SXM5 is faster*")
    assert "• *NVIDIA GeForce RTX 4090*: *does not fit* — even sharded over 8 of them" in text
    zh = real.handle("t", "4090、A100 和 H100 全参微调 13B 哪个划算").text
    assert "• *NVIDIA GeForce RTX 4090*：*放不下*——即使分片到 8 张" in zh and "每十亿 tokens" in zh


def test_gpu_hours_beside_a_wall_clock_time_are_of_training_with_the_setup_hours_said(
    real: Consultant,
) -> None:
    # 8 GPUs for ~3.3 hours are 26 GPU-hours: the 17.5 of training plus ~1.1 hours of setup on each GPU
    reply = real.handle("gh", "L40S or A100 for fine-tuning a 13b model?").text
    assert (
        "~3.3 hours (17.5 GPU-hours of training + ~1.1 hours of setup, evaluation and checkpoints)" in reply
    )
    zh = real.handle("gh-zh", "A100 还是 L40S 适合微调 13B 模型？").text
    assert "约 3.3 小时（训练 17.5 卡时 + 约 1.1 小时的准备、评估和存检查点）" in zh


def test_a_cheaper_gpu_about_as_fast_as_the_fastest_is_never_called_slower(real: Consultant) -> None:
    # Three GPUs compared: the third's slower time must not make a near tie between the first two "faster".
    for i, (ask, tie, faster) in enumerate(
        (
            (
                "LoRA 微调 Llama 3 8B，5000 万 token，H100 NVL、H100 SXM 和 A100 80GB 比一下",
                "速度差不多",
                "更快（约",
            ),
            (
                "LoRA 微調 Llama 3 8B，5000 萬 token，H100 NVL、H100 SXM 和 A100 80GB 哪個好",
                "速度差不多",
                "更快（約",
            ),
            (
                "LoRA fine-tune Llama 3 8B on 50M tokens: H100 NVL vs H100 SXM vs L40S?",
                "about as fast",
                "sooner",
            ),
            (
                "which is better for a LoRA of an 8B model on 50M tokens: H100 NVL, H100 SXM or A100 80GB?",
                "about as fast",
                "sooner",
            ),
        )
    ):
        text = real.handle(f"tie{i}", ask).text
        assert tie in text and faster not in text, text


@pytest.mark.parametrize(
    ("question", "per_unit", "pick"),
    [
        ("h100 vs h200 for training a 70b", "per billion tokens", "*Pick the NVIDIA H200 SXM"),
        ("A100 or H100 to train a 13B model?", "per billion tokens", "*Pick the NVIDIA H100 SXM5"),
        ("H100 和 H200 训练 70B 选哪个", "每十亿 tokens", "*选 NVIDIA H200 SXM"),
        ("訓練 34B 用 A100 還是 H100", "每十億 tokens", "*選 NVIDIA H100 SXM5"),
    ],
)
def test_gpus_compared_for_pretraining_with_no_data_are_weighed_per_gpu_not_on_a_default_cluster(
    real: Consultant, question: str, per_unit: str, pick: str
) -> None:
    text = real.handle("s-" + question, question).text
    assert text.startswith(pick) and per_unit in text.splitlines()[0], question
    assert "tokens/s" in text and any(w in text for w in ("/GPU-hour", "/卡時", "/卡时")), question
    # no days, no totals and no GPU-hours of a plan on the engine's default pre-training data
    assert not any(w in text for w in ("GPU-hours of training", "卡时）", "卡時）", "days (", "天（")), (
        question
    )
