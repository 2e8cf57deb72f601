"""Yes/no, feasibility, capability and memory questions open with the verdict."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_same_compute_and_more_memory_is_better_for_a_job_only_where_its_memory_is_needed(
    real: Consultant,
) -> None:
    # Same dense BF16 at about twice the price per hour: per unit of fine-tuning work the H100 wins.
    text = ask(real, "Is an H200 better than an H100 for fine-tuning?")
    assert text.startswith("*Only for models that need its memory;*") and "141 GB" in text and "80 GB" in text
    assert "per $/hour" in text and "LoRA up to about" in text
    assert ask(real, "is the H100 better than the H200").startswith("*No.*")


def test_a_yes_no_question_after_a_statement_gets_the_feasibility_verdict(real: Consultant) -> None:
    text = ask(real, "our team has 2 L4s, can we do a LoRA of Llama 3 8B")
    assert text.startswith(("*Yes.*", "*No.*")) and not any(f in text for f in FORM)


def test_possible_as_a_tag_makes_a_feasibility_question(real: Consultant) -> None:
    text = ask(real, "full fine-tuning a 3B model on one A10G, possible?")
    assert text.startswith(("*Yes.*", "*No.*", "*Not with plain AdamW")) and not any(f in text for f in FORM)


def test_a_premise_with_a_comma_tag_gets_the_verdict_not_the_planning_form(real: Consultant) -> None:
    # "…, no?" / "…, yes?" after a claim asks to confirm it, as "…, right?" does
    text = ask(real, "Surely one RTX 4090 can do a full fine-tune of a 70B model, no?")
    assert text.startswith("*No.*") and "RTX 4090" in text and not any(f in text for f in FORM)
    assert ask(real, "8 H100s are enough to LoRA a 70B model, yes?").startswith("*Yes.*")


def test_can_you_train_on_a_gpu_is_a_question_about_the_gpu(real: Consultant) -> None:
    text = ask(real, "can you train on a V100?")
    assert text.startswith("*Only for small jobs.*") and "V100" in text
    assert "Pitfall" not in text.split("\n")[0]


def test_a_consumer_card_across_machines_is_explained_for_that_card(real: Consultant) -> None:
    text = ask(real, "3090 能做多机训练吗")
    assert text.startswith("*不适合*") and "RTX 3090" in text and "4090" not in text
    assert "两张卡" in text  # the 3090's NVLink bridge joins a pair at most
    en = ask(real, "can 4090s do multi-node training?")
    assert "RTX 4090" in en and "no NVLink" in en


def test_a_job_that_only_just_fits_says_so_and_compares_bytes_in_one_unit(real: Consultant) -> None:
    text = ask(real, "can we full fine-tune a 70B model on 16 H100s?")
    assert text.startswith("*Yes, but only just.*")
    assert (
        "81.7 GB per GPU of 85.5 GB (the total nvidia-smi reports" in text
    )  # 81.7 GB "of 80 GB" reads as too much


def test_a_yes_no_question_after_a_dash_gets_the_verdict(real: Consultant) -> None:
    text = ask(real, "We only have one A6000 — can it LoRA a 13B model")
    assert text.startswith(("*Yes", "*No")) and not any(f in text for f in FORM)


def test_vram_to_do_a_job_is_a_memory_question(real: Consultant) -> None:
    text = ask(real, "VRAM to full fine-tune a 3B model?")
    assert text.startswith("*GPU memory to train a 3B-parameter model*") and not any(f in text for f in FORM)


def test_a_gpu_judged_ok_for_fine_tuning_gets_the_capability_verdict(real: Consultant) -> None:
    text = ask(real, "is an A10 decent for fine-tuning?")
    assert text.startswith("*For jobs that fit on one card, yes") and not any(f in text for f in FORM)


def test_how_long_on_counted_gpus_says_first_whether_the_job_fits_there(real: Consultant) -> None:
    text = ask(real, "8卡H100 全参微调 Llama 3 70B 要多久？数据 5B tokens")
    assert (
        text.startswith("*按原样不行——开 CPU 卸载可以") and "放得下的方案" in text and "推荐方案" not in text
    )
    fits = ask(real, "how long to fine-tune a 7B model on 500M tokens with 4 A100 80GB?")
    assert fits.startswith("*Recommended:* 4 × NVIDIA A100 80GB")  # it fits: the plan on them


def test_a_feasibility_answer_with_the_data_said_does_not_ask_for_the_data(real: Consultant) -> None:
    text = ask(real, "can we pretrain a 1B model on 20B tokens with 8 A100 80GB in 2 weeks?")
    assert "*Time:*" in text and "tell me the data" not in text


def test_is_a_memory_size_enough_gets_yes_or_no_first_and_what_fits(real: Consultant) -> None:
    text = ask(real, "is 24GB enough to fine-tune Mistral 7B?")
    assert text.startswith("*No: 24 GB does not hold full fine-tuning of a 7B model*") and "LoRA (~" in text
    assert ask(real, "will 48GB be enough for LoRA on 13B?").startswith(
        "*Yes: 48 GB holds LoRA of a 13B model*"
    )
    assert ask(real, "24G 显存够微调 7B 吗").startswith("*不够*：24 GB 放不下 70亿参数模型的全参数微调")


def test_a_gpu_list_asked_by_memory_lists_only_the_gpus_with_that_memory(real: Consultant) -> None:
    text = ask(real, "which GPUs have more than 100GB of memory?")
    assert text.startswith("*GPUs with more than 100 GB*") and "H200" in text and "H100 SXM5" not in text


def test_how_many_of_a_named_gpu_a_job_needs_is_answered_from_memory_not_the_form(real: Consultant) -> None:
    text = ask(real, "全参微调 13B 需要几张 A100")
    assert text.startswith("*4 张 NVIDIA A100 80GB (SXM4)*") and "训练数据有多少" not in text
    english = ask(real, "how many A100s do I need to full fine-tune 13B?")
    assert (
        english.startswith("*4 × NVIDIA A100 80GB (SXM4)* for full fine-tuning")
        and "*Not on one.*" in english
    )


def test_a_full_fine_tune_that_does_not_fit_one_4090_offers_the_low_memory_recipe_first_with_its_cost(
    real: Consultant,
) -> None:
    text = ask(real, "Can I full fine-tune Llama 3.1 8B on one RTX 4090?")
    assert text.startswith("*Not with plain AdamW — yes with the low-memory recipe.*")
    first = next(line for line in text.splitlines() if line.startswith("•"))
    assert "low-memory recipe" in first and "paged 8-bit AdamW" in first and "1.25× slower per step" in first


def test_asked_with_an_8_bit_optimizer_the_verdict_is_on_the_low_memory_recipe(real: Consultant) -> None:
    text = ask(real, "Can I full fine-tune Llama 3.1 8B on one RTX 4090 with paged AdamW 8-bit?")
    assert text.startswith("*Yes.*") and "the low-memory recipe (paged 8-bit AdamW" in text


def test_a_12b_full_fine_tune_on_one_a100_80gb_is_no_with_plain_adamw_and_yes_with_the_low_memory_recipe(
    real: Consultant,
) -> None:
    text = ask(real, "Can we full fine-tune a 12.9B model on one A100 80GB?")
    assert (
        text.startswith("*Not with plain AdamW — yes with the low-memory recipe.*")
        and "paged 8-bit AdamW" in text
    )


def test_a_full_fine_tune_too_big_for_the_gpus_offers_cpu_offload_on_them_with_the_host_ram(
    real: Consultant,
) -> None:
    text = ask(real, "we have 8 H100s, can we full fine-tune a 72B model?")
    # An H100 computes a step fast enough to wait on its host's optimizer step and the weights' fetches
    # (sizing.offload): more than the ~1.5x torchtune measured on A100s
    assert text.startswith("*Not as is — yes with CPU offload (~1.8× slower).*")
    options = [line for line in text.splitlines() if line.startswith("•")]
    offload = next(line for line in options if "CPU offload" in line)
    assert "on 8 × NVIDIA H100 SXM5" in offload and "~1.8× slower per step" in offload
    assert "TB of host RAM per machine" in offload
    # The same choice of options as `gpu-advisor size` makes (sizing.feasibility owns it).
    assert any(line.startswith("• LoRA on 8 ×") for line in options)


def test_pre_training_that_does_not_fit_is_never_offered_lora_instead(real: Consultant) -> None:
    text = ask(real, "can we pretrain a 70B model on 8 A100 80GB?")
    # a 4M-token pre-training batch hides the host's optimizer step behind its compute
    assert text.startswith("*Not as is — yes with CPU offload (barely slower).*")
    assert "LoRA" not in text and "• pre-training on" in text


def test_fine_tune_with_no_method_said_leads_with_the_adapters_that_fit_the_same_gpus(
    real: Consultant,
) -> None:
    text = ask(real, "Can I fine-tune Llama 3 8B on a single T4?")
    assert text.startswith("*No, not in full; yes with QLoRA.*")
    assert next(line for line in text.splitlines() if line.startswith("•")).startswith(
        "• QLoRA on 1 × NVIDIA T4"
    )
    zh = ask(real, "單張 T4 能微調 Llama 3 8B 嗎")
    assert zh.startswith("*不能全參訓練；用 QLoRA 可以*")


def test_full_fine_tuning_said_in_so_many_words_leads_with_cpu_offload_on_the_same_gpu_not_qlora(
    real: Consultant,
) -> None:
    text = ask(real, "Can I full fine-tune Llama 3 8B on a single T4?")
    assert text.startswith("*Not as is — yes with CPU offload (~1.2× slower).*")
    assert "QLoRA on 1 × NVIDIA T4" in text  # still offered, after what keeps the method asked for


def test_can_a_gpu_do_a_training_job_with_no_model_named_gets_the_capability_verdict(
    real: Consultant,
) -> None:
    for text in ("can I use MI300X for fine-tuning?", "can the MI300X do LoRA?", "MI300X 能做 LoRA 微调吗"):
        reply = ask(real, text)
        assert "93.2B" in reply or "932亿" in reply, text  # the largest LoRA one card holds (206 GB usable)
        assert not any(f in reply for f in FORM), text


def test_cheaper_per_tflop_is_answered_on_work_per_dollar(real: Consultant) -> None:
    text = ask(real, "is the MI300X cheaper than the H100 per TFLOP?")
    assert text.startswith("*No.*") and "dense BF16 TFLOPS per $/hour" in text.split("\n")[0]


def test_a_price_asked_in_a_currency_the_catalogue_lacks_gives_usd_and_cny_and_that_currency_at_its_rate(
    real: Consultant,
) -> None:
    text = ask(real, "A100 租一個月要多少台幣")  # TWD has a dated rate on file: converted at it
    assert "每卡每月約 $" in text and "*換成新台幣*" in text and "31.22" in text
    assert "請按當天匯率換算" in ask(real, "A100 租一個月要多少日圓")  # no rate on file: left to the day's
    assert "換算" not in ask(real, "A100 租一個月要多少錢")


def test_a_plan_on_own_gpus_that_cannot_hold_the_job_opens_with_the_verdict_not_a_recommendation(
    real: Consultant,
) -> None:
    text = ask(real, "we have 8 H100s and want to full fine-tune Qwen2.5-72B on 200M tokens")
    # the first option is CPU offload on these very GPUs, so the verdict is not a bare "No"
    assert text.startswith(
        "Not as is — yes with CPU offload (~1.8× slower per step): full fine-tuning does not fit on"
        " 8 × NVIDIA H100 SXM5 as it is."
    )
    assert (
        "Recommended" not in text and "What fits:" in text and "LoRA on the same 8 × NVIDIA H100 SXM5" in text
    )
    zh = ask(real, "我们有 1 张 H200，想 LoRA 微调 70B 模型，数据 1 亿 tokens")
    assert zh.startswith("不行：1 张 NVIDIA H200 SXM 装不下 LoRA") and "推荐方案" not in zh
    # Offloaded LoRA moves the frozen base to host memory, and says how much of it a machine needs.
    assert "冻结的基座权重卸载到 CPU 内存" in zh


def test_a_change_that_makes_the_job_fit_own_gpus_says_it_now_fits(real: Consultant) -> None:
    text = ask(real, "we have 8 H100s and want to full fine-tune Qwen2.5-72B on 200M tokens", "ok, LoRA then")
    assert "which now fits (the plan before could not run)" in text


def test_asking_whether_named_gpus_will_do_gets_one_verdict_not_two(real: Consultant) -> None:
    text = ask(real, "全参微调 14B，数据 8 亿 token，十天", "用 8 张 4090 行不行")
    assert text.startswith("*不行*") and "装不下全参微调" not in text and "RTX4090" not in text


def test_two_gpus_weighed_for_serving_get_the_pick_first(real: Consultant) -> None:
    text = ask(real, "H100 vs H200 for inference?")
    assert text.startswith("*The NVIDIA H200 SXM is the better pick for serving.*") and "141 GB" in text


def test_is_one_gpu_better_than_another_in_chinese_gets_yes_or_no_first(real: Consultant) -> None:
    assert ask(real, "L4 比 T4 好嗎").startswith("*是的*")
    assert ask(real, "T4 比 L4 好吗").startswith("*不是*")


def test_a_figure_asked_then_a_yes_no_on_a_job_gets_the_verdict_with_that_figure(real: Consultant) -> None:
    en = ask(real, "whats the vram on a 4090 and can it do 8b lora in bf16")
    assert en.startswith("*Yes.* One NVIDIA GeForce RTX 4090 can hold LoRA") and "of 24 GB" in en
    assert "How much training data" not in en
    zh = ask(real, "4090 显存多大，能 LoRA 8B 吗")
    assert zh.startswith("*能*。") and "/ 24 GB" in zh


def test_which_of_two_gpus_has_lower_latency_is_a_serving_pick_not_a_plan_for_typical_models(
    real: Consultant,
) -> None:
    for text, pick in (
        ("A10 和 L4 哪个推理延迟低？", "NVIDIA A10 更适合推理部署"),
        ("A10 和 L4 哪個推論延遲低", "NVIDIA A10 更適合推理部署"),
    ):
        reply = ask(real, text)
        assert reply.startswith((f"*{pick}", pick)), reply
        assert "600 GB/s" in reply and "300 GB/s" in reply


def test_a_gpu_named_in_the_plural_without_a_count_gets_how_many_it_takes_first(real: Consultant) -> None:
    plural = ask(real, "is it ok to use 4090s for a 13b lora")
    assert plural.startswith(
        "*2 × NVIDIA GeForce RTX 4090* for LoRA of a 13B-parameter model: ~20.1 GB per GPU"
    )
    assert "\n*Not on one.* LoRA of a 13B-parameter model needs ~27.2 GB" in plural
    # one GPU said is one GPU: its verdict first
    # (a LoRA whose frozen weights would stream from host memory keeps its "No": QLoRA is the usual answer)
    assert ask(real, "Can I LoRA a 13B on a 4090?").startswith("*No.* LoRA of a 13B-parameter model needs")


def test_a_full_fine_tune_that_fits_the_same_gpu_only_with_the_low_memory_recipe_says_so_in_chinese(
    real: Consultant,
) -> None:
    hans = ask(real, "一张4090能全参微调7B吗")
    assert hans.startswith("*普通 AdamW 放不下——用低显存方案可以*。")
    first = next(line for line in hans.splitlines() if line.startswith("•"))
    assert first.startswith("• 1 张 NVIDIA GeForce RTX 4090 做全参数微调（低显存方案")
    assert ask(real, "一張4090能全參微調7B嗎").startswith("*普通 AdamW 放不下——用低顯存方案可以*。")


def test_a_full_fine_tune_that_only_more_gpus_or_larger_ones_hold_keeps_a_plain_no(real: Consultant) -> None:
    text = ask(real, "can I full fine-tune 70B on one L4?")
    assert text.startswith("*No.*")
    assert next(line for line in text.splitlines() if line.startswith("•")).startswith(
        "• full fine-tuning on 128 × NVIDIA L4"
    )


def test_cpu_offload_that_no_listed_machine_has_the_host_memory_for_keeps_a_plain_no(
    real: Consultant,
) -> None:
    # a 70B full fine-tune offloaded from one 4090 needs ~1.1 TB of host RAM; no listed 4090 machine has it
    assert ask(real, "Surely one RTX 4090 can do a full fine-tune of a 70B model, no?").startswith("*No.*")
    # one T4 on a listed machine whose RAM holds the offloaded state: the saver leads the verdict
    assert ask(real, "Can I full fine-tune Llama 3 8B on a single T4?").startswith(
        "*Not as is — yes with CPU offload"
    )


def test_owned_gpus_that_hold_the_job_only_with_offload_get_that_verdict_and_each_option_s_time(
    real: Consultant,
) -> None:
    # two 8-GPU A800 servers (1 TB of RAM each assumed) hold the ~560 GB each offloads
    zh = ask(real, "我们自己有 16 张 A800，能不能训 70B 全参？数据 100 亿 token")
    assert zh.startswith("*按原样不行——开 CPU 卸载可以（每步约慢 1.4 倍）*")
    assert "放得下的方案*（时间按 100亿 tokens 计算）" in zh
    options = [line for line in zh.splitlines() if line.startswith("•")]
    assert options[0].startswith("• 16 张 NVIDIA A800 80GB SXM 做全参数微调（权重、优化器状态")
    # on their own GPUs: a time and no rent
    assert "天*（用自有的卡，没有租金）" in options[0] and "$" not in options[0]
    assert "天*" in options[1] and "LoRA" in options[1]
    en = ask(real, "we have 8 H100s and 2B tokens, can we full fine-tune 70B?")
    assert en.startswith("*Not as is — yes with CPU offload (~1.8× slower).*")
    lines = [line for line in en.splitlines() if line.startswith("•")]
    assert lines[0].endswith("days* on your GPUs") and "/hour" not in lines[0]
    # renting more or larger GPUs is priced for that data
    assert any("on demand" in line and "days*" in line for line in lines[2:])


def test_an_option_sized_without_the_checkpointing_the_assumed_line_states_says_so(real: Consultant) -> None:
    text = ask(real, "we have 8 H100s, can we full fine-tune a 72B model?")
    offload = next(line for line in text.splitlines() if "CPU offload" in line and line.startswith("•"))
    assert "full activation checkpointing" in text.split("_Assumed:")[1]
    assert "~66.3 GB per GPU of 80 GB (no activation recompute)" in offload


def test_a_plan_on_own_gpus_that_fit_with_a_memory_saver_leads_with_it_in_chinese(real: Consultant) -> None:
    text = ask(real, "我們有 8 張 A100 80G，全參微調 70B，資料 10 億 token，兩週內訓完")
    assert text.startswith(
        "按原樣不行，開 CPU 卸載可以（每步約慢 1.5 倍）：8 張 NVIDIA A100 80GB (SXM4) 按原樣裝不下全參微調。"
    )


def test_a_job_that_fits_owned_gpus_with_the_data_said_gets_its_time_there_without_rent(
    real: Consultant,
) -> None:
    en = ask(real, "We own 4 H100s; would a LoRA of Llama 3 70B on 300M tokens fit?")
    assert en.startswith("*Yes.*")
    assert (
        "*Time:* about *33 hours* on your 4 × NVIDIA H100 SXM5, for 300M tokens; no rent on your own GPUs."
        in en
    )
    zh = ask(real, "我們自己有 4 張 A100 80G，LoRA 微調 13B 放得下嗎？資料 2 億 token")
    assert (
        "*時間*：在自有的 4 張 NVIDIA A100 80GB (SXM4) 上約 *6.7 小時*" in zh and "用自有的卡沒有租金" in zh
    )


def test_a_fit_answer_on_a_gpu_without_bf16_says_why_it_assumes_fp16(real: Consultant) -> None:
    zh = ask(real, "V100 还能用来微调 7b 吗，BF16 支持吗")
    assert "_假设：FP16（NVIDIA V100 32GB (SXM2) 不支持 BF16，用 FP16 加损失缩放）、" in zh
    en = ask(real, "can a T4 fine-tune a 3B model?")
    assert "_Assumed: FP16 (the NVIDIA T4 has no BF16: FP16 with loss scaling), " in en
    # FP16 asked for: nothing to explain
    assert "不支持 BF16" not in ask(real, "用 fp16 在 V100 上 LoRA 7B 行吗")


def test_a_gpu_only_chinese_marketplaces_list_is_priced_per_card_in_a_fit_answer(real: Consultant) -> None:
    hans = ask(real, "H20 能不能训 70B，要多少张，多少钱")
    first = hans.splitlines()[0]
    assert first.startswith("*24 张 NVIDIA H20*：700亿参数模型的全参数微调每卡约 60.8 GB / 96 GB")
    assert first.endswith("按国内算力市场的单卡标价约 ¥180/小时起。")
    qlora = next(line for line in hans.splitlines() if "做 QLoRA" in line)
    assert qlora.endswith("按国内算力市场的单卡标价约 ¥7.50/小时起（快照日期未知）")
    en = ask(real, "Can I LoRA a 13B on a 4090?")
    assert "at Chinese marketplaces' public per-GPU prices" in en and "¥" in en


def test_a_question_that_drops_its_is_or_ends_or_nah_gets_the_verdict_not_the_form(real: Consultant) -> None:
    nah = ask(real, "is a 3090 ok for qlora on a 13b or nah")
    assert nah.startswith("*Yes.* One NVIDIA GeForce RTX 3090 can hold QLoRA of a 13B-parameter model")
    dropped = ask(real, "4090 good enough for lora on 8b?")
    assert dropped.startswith("*Yes.* One NVIDIA GeForce RTX 4090 can hold LoRA of an 8B-parameter model")
    assert not any(f in nah + dropped for f in FORM)


def test_asked_whether_the_gpus_counted_are_needed_the_answer_is_no_when_fewer_hold_the_job(
    real: Consultant,
) -> None:
    en = ask(real, "do I need 2 H100s for a 13B LoRA?")
    assert en.startswith("*No: 1 × NVIDIA H100 SXM5 is enough* (~")
    assert "2 × NVIDIA H100 SXM5 can hold LoRA of a 13B-parameter model" in en and "*Yes" not in en
    hans = ask(real, "LoRA 13B 需要两张 H100 吗？")
    assert hans.startswith("*不需要：1 张 NVIDIA H100 SXM5 就够*（每卡约 ")
    eight = ask(real, "do we need 8 A100s to full fine-tune a 7B?")
    assert eight.startswith("*No: 2 × NVIDIA A100 80GB (SXM4) are enough*")
    # asked whether they can, or needed where fewer cannot: the verdict as before
    assert ask(real, "can 2 H100s hold a 13B LoRA?").startswith("*Yes.*")
    assert not ask(real, "do I need 2 H100s for a 70B full fine-tune?").startswith("*No: 1 ×")


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("is 8xH100 overkill for LoRA on a 7B?", "*Yes, for this job: 1 × NVIDIA H100 SXM5 is enough* (~"),
        ("are 8 H100s too much for a 7B LoRA?", "*Yes, for this job: 1 × NVIDIA H100 SXM5 is enough* (~"),
        (
            "8 张 H100 跑 7B 的 LoRA 是不是大材小用？",
            "*是的，这个任务用不了那么多：1 张 NVIDIA H100 SXM5 就够*",
        ),
        ("用 8 張 H100 做 7B LoRA 會不會太浪費", "*是的，這個任務用不了那麼多：1 張 NVIDIA H100 SXM5 就夠*"),
        (
            "is 4 H100 overkill for full fine-tuning a 13B?",
            "*No: fewer would not hold it with room to spare.*",
        ),
        ("4 张 H100 全参微调 13B 是不是太多了", "*不算多：卡再少就放不下（要留足余量）*"),
    ],
)
def test_asked_whether_the_gpus_counted_are_overkill_the_verdict_names_the_fewer_that_do_the_job(
    real: Consultant, message: str, verdict: str
) -> None:
    assert ask(real, message).startswith(verdict)


def test_an_overkill_question_with_the_data_said_times_and_prices_both_counts(real: Consultant) -> None:
    text = ask(real, "is 8xH100 overkill for LoRA on a 7B with 500M tokens?")
    assert "Time:* about" in text and "on 8 × NVIDIA H100 SXM5" in text
    assert (
        "On 1 × NVIDIA H100 SXM5: about *" in text
        and "cheaper, as adding GPUs does not speed a job up" in text
    )


def test_with_a_deadline_the_fewer_gpus_that_are_enough_are_those_that_still_make_it(
    real: Consultant,
) -> None:
    roomy = ask(real, "are 4 A100s overkill for QLoRA on a 13B, 200M tokens, in 1 day?")
    assert roomy.startswith("*Yes, for this job: 2 × NVIDIA A100 80GB (SXM4) are enough*")
    assert "still within the 24 hours you have" in roomy
    tight = ask(real, "are 4 A100s overkill for QLoRA on a 13B, 200M tokens, in 14 hours?")
    assert tight.startswith("*No: fewer would not finish in the time you have.*")
    need = ask(real, "do I need 4 A100s for QLoRA on a 13B, 200M tokens, in 14 hours?")
    assert not need.startswith("*No:")


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("does a 3090 beat a 4090 for LoRA training? yes/no", "*No.*"),
        ("does the H100 outperform the A100 for training?", "*Yes.*"),
        ("would an L40S beat an A100 at inference?", "*No.*"),
        ("3090 训练 LoRA 能打过 4090 吗", "*不是*。"),
        ("L40S 推理跑得赢 A100 吗", "*不是*。"),
        ("H100 跑推理能胜過 A100 嗎", "*是的*。"),
    ],
)
def test_one_gpu_beating_another_is_a_comparison_with_its_verdict(
    real: Consultant, text: str, opening: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(opening) and any(w in reply for w in (" vs ", " 对比 ", " 對比 "))
    assert not any(f in reply for f in FORM)


@pytest.mark.parametrize(
    "message",
    [
        "can I link a bunch of RTX 4090s together to train a 70B model?",
        "could we chain 8 4090s for a 70b full finetune",
        "what about pooling several 4090s to fine-tune llama 70b",
    ],
)
def test_many_4090s_put_together_are_answered_as_many_cards_without_a_link_not_as_one(
    real: Consultant, message: str
) -> None:
    text = ask(real, message)
    assert text.startswith("*NVIDIA GeForce RTX 4090s put together are not one big GPU.*"), text
    assert "no NVLink" in text and "peer-to-peer (P2P)" in text
    assert "*at least 80 × 24 GB cards* just to hold it sharded" in text and "10 machines of 8" in text
    assert "QLoRA of it fits on *4 cards* (FSDP + QLoRA)" in text
    assert "8 × 24 GB is 192 GB" in text and "one NVIDIA GeForce RTX 4090 has 24 GB" not in text


def test_a_rig_of_4090s_for_a_small_pretraining_job_counts_the_cards_that_hold_it(real: Consultant) -> None:
    text = ask(real, "is a rig of 4090s viable for pretraining 7B?")
    assert "*at least 8 × 24 GB cards* just to hold it sharded" in text and "Below, one machine of 8." in text
    assert "Yes, but only just" in text and "8 × NVIDIA GeForce RTX 4090 can hold pre-training" in text
    assert "QLoRA of it" not in text and "Not on one" not in text


@pytest.mark.parametrize(
    ("message", "opening"),
    [
        ("几张 4090 串起来能全参微调 70B 吗", "*多张 NVIDIA GeForce RTX 4090 连在一起也不是一张大卡*。"),
        ("可以把多張 4090 連起來全參微調 13B 嗎", "*多張 NVIDIA GeForce RTX 4090 連在一起也不是一張大卡*。"),
    ],
)
def test_many_4090s_put_together_are_answered_in_chinese(
    real: Consultant, message: str, opening: str
) -> None:
    text = ask(real, message)
    assert text.startswith(opening) and "P2P" in text, text


def test_a_full_ft_that_asks_whether_it_fits_is_a_training_verdict_not_a_serving_one(
    real: Consultant,
) -> None:
    text = ask(real, "full ft 13b, bs 4, ctx 8k — fits on 4x a100 80gb?")
    assert "can hold full fine-tuning of a 13B-parameter model" in text and "serve" not in text, text
