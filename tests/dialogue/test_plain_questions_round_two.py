"""Direct questions in wordings the first round of fixes had not met: a bare "H100" is the SXM board in
comparisons and prices, "is X better than Y" weighs memory when compute is the same, a yes/no question
tucked after a statement ("we have 4 A10s, can we …") or tagged "possible?" gets its verdict, "can you
train on a T4?" is about the card, a consumer card's multi-GPU answer names that card, and a price
asked of a provider the catalogue does not price says so first."""

from __future__ import annotations

import uuid

from bot.dialogue.consultant import Consultant


def ask(consultant: Consultant, text: str) -> str:
    return consultant.handle("s-" + uuid.uuid4().hex, text).text


FORM = ("How many parameters", "How much training data", "How long can training take", "训练数据有多少")


def test_a_bare_h100_in_a_comparison_is_the_sxm_board_not_the_nvl(real: Consultant) -> None:
    text = ask(real, "RTX 4090 or H100 — what's the difference?")
    assert "NVIDIA H100 SXM5" in text and "H100 NVL" not in text


def test_a_pcie_card_named_by_its_form_factor_is_compared_with_the_same_form_factor(real: Consultant) -> None:
    text = ask(real, "A100 80GB PCIe vs H100, which is faster?")
    assert "NVIDIA H100 PCIe" in text


def test_an_h100_price_on_one_cloud_lists_what_that_cloud_rents_and_nothing_it_lacks(
    real: Consultant,
) -> None:
    text = ask(real, "what does AWS charge per hour for one H100?")
    assert text.startswith("*NVIDIA H100 SXM5") and "AWS" in text
    assert "has no" not in text.split("\n")[0] and "H100 NVL" not in text


def test_a_family_price_shows_the_sxm_board_first(real: Consultant) -> None:
    text = ask(real, "H100 每小时租金多少")
    assert text.index("H100 SXM5") < text.index("H100 PCIe")


def test_same_compute_more_memory_is_the_better_gpu_and_says_why(real: Consultant) -> None:
    text = ask(real, "Is an H200 better than an H100 for fine-tuning?")
    assert text.startswith("*Yes.*") and "141 GB" in text and "80 GB" in text
    assert ask(real, "is the H100 better than the H200").startswith("*No.*")


def test_which_gpu_to_rent_gets_a_pick_before_the_table(real: Consultant) -> None:
    assert ask(real, "H200 or B200, which should I rent?").startswith("*The NVIDIA B200 is the better pick.*")
    zh = ask(real, "H20 和 H100 选哪个")
    assert zh.startswith("*NVIDIA H100 SXM5 更值得选*") and "显存更大" in zh


def test_a_yes_no_question_after_a_statement_gets_the_feasibility_verdict(real: Consultant) -> None:
    text = ask(real, "our team has 2 L4s, can we do a LoRA of Llama 3 8B")
    assert text.startswith(("*Yes.*", "*No.*")) and not any(f in text for f in FORM)


def test_possible_as_a_tag_makes_a_feasibility_question(real: Consultant) -> None:
    text = ask(real, "full fine-tuning a 3B model on one A10G, possible?")
    assert text.startswith(("*Yes.*", "*No.*")) and not any(f in text for f in FORM)


def test_can_you_train_on_a_gpu_is_a_question_about_the_gpu(real: Consultant) -> None:
    text = ask(real, "can you train on a V100?")
    assert text.startswith("*Only for small jobs.*") and "V100" in text
    assert "Pitfall" not in text.split("\n")[0]


def test_a_request_to_the_bot_is_still_a_request(real: Consultant) -> None:
    text = ask(real, "can you size a 7B fine-tune on 1B tokens")
    assert "How long can training take" in text


def test_a_consumer_card_across_machines_is_explained_for_that_card(real: Consultant) -> None:
    text = ask(real, "3090 能做多机训练吗")
    assert text.startswith("*不适合*") and "RTX 3090" in text and "4090" not in text
    assert "两张卡" in text  # the 3090's NVLink bridge joins a pair at most
    en = ask(real, "can 4090s do multi-node training?")
    assert "RTX 4090" in en and "no NVLink" in en


def test_a_price_asked_of_an_unpriced_chinese_cloud_says_so_first(real: Consultant) -> None:
    zh = ask(real, "阿里云租 A100 一个小时多少钱")
    assert zh.startswith("*目录里没有 阿里云 的价格*") and "作为参考" in zh
    en = ask(real, "What does Tencent Cloud charge for an A100?")
    assert en.startswith("*No prices for Tencent Cloud")


def test_a_serving_question_without_a_model_is_sized_for_a_small_and_a_large_model_at_once(
    real: Consultant,
) -> None:
    text = ask(real, "we want a support bot for about 3000 users a day, how many GPUs do we need?")
    assert text.startswith("*Serving (inference), 3,000 daily users")
    assert "Llama 3.1 8B" in text and "Llama 3.3 70B" in text and "Which model do you mean?" in text
    zh = ask(real, "上线一个聊天机器人，日活一万，要几张卡")
    assert "Llama 3.1 8B" in zh and "Llama 3.3 70B" in zh and "你用的是哪个模型" in zh


def test_naming_the_model_after_the_typical_answer_sizes_it_for_the_same_load(real: Consultant) -> None:
    real.handle("t", "serve a chatbot to 2000 daily users, how many gpus?")
    text = real.handle("t", "it's Qwen2.5 14B").text
    assert text.startswith("*Serving Qwen2.5 14B (BF16) for 2,000 daily users")


def test_continued_pre_training_is_named_as_such_in_both_understood_lines(real: Consultant) -> None:
    first = real.handle("c", "在 Qwen2.5-7B 基础上继续预训练，语料 80GB").text
    assert first.startswith("好的：") and "继续预训练" in first and "预训练，继续预训练" not in first
    plan = real.handle("c", "不急").text
    assert "，继续预训练，" in plan
    en = real.handle("e", "continue pretraining Llama 3 8B on 30B tokens of medical text, 3 weeks").text
    assert "continued pre-training" in en and ", pre-training," not in en


def test_a_context_heading_with_a_team_size_is_not_a_sequence_length(real: Consultant) -> None:
    text = ask(real, "Context: 8 person startup. QLoRA on Llama 3 8B with 20k examples")
    assert "sequence length" not in text.lower() and "looks implausible" not in text
    assert "About how many tokens is each of the 20K samples?" in text


def test_a_job_that_only_just_fits_says_so_and_compares_bytes_in_one_unit(real: Consultant) -> None:
    text = ask(real, "can we full fine-tune a 70B model on 16 H100s?")
    assert text.startswith("*Yes, but only just.*")
    assert "GB usable, as nvidia-smi counts it" in text  # 85 GB used "of 80 GB" needs the reported size


def test_two_gpus_offered_as_alternatives_are_compared_for_serving(real: Consultant) -> None:
    text = ask(real, "H200 or MI300X to host a 70B model?")
    assert "NVIDIA H200 SXM" in text and "AMD Instinct MI300X" in text


def test_a_workload_comparison_of_gpu_families_compares_the_main_parts_and_opens_with_the_pick(
    real: Consultant,
) -> None:
    text = ask(real, "A100 or H100 for LoRA on a 13B model, which is faster?")
    assert "A100 40GB" not in text and "PCIe" not in text and "NVL" not in text
    first = text.split("\n")[0]
    assert "NVIDIA H100 SXM5" in first and "GPU by GPU" not in first


def test_what_a_gpu_goes_for_per_hour_is_a_price_question(real: Consultant) -> None:
    text = ask(real, "what does an L4 go for per hour?")
    assert text.startswith("*NVIDIA L4, on demand, per GPU*") and "$" in text


def test_a_yes_no_question_after_a_dash_gets_the_verdict(real: Consultant) -> None:
    text = ask(real, "We only have one A6000 — can it LoRA a 13B model")
    assert text.startswith(("*Yes", "*No")) and not any(f in text for f in FORM)


def test_vram_to_do_a_job_is_a_memory_question(real: Consultant) -> None:
    text = ask(real, "VRAM to full fine-tune a 3B model?")
    assert text.startswith("*GPU memory to train a 3B-parameter model*") and not any(f in text for f in FORM)


def test_a_billing_question_that_mentions_the_run_length_gets_the_faq_answer(real: Consultant) -> None:
    text = ask(real, "are spot instances a good idea for a 4 day fine-tuning job?")
    assert "spot" in text.lower() and "checkpoint" in text.lower() and not any(f in text for f in FORM)


def test_a_provider_without_a_price_for_the_gpu_is_said_before_the_list(real: Consultant) -> None:
    text = ask(real, "Is Google Cloud cheaper than Lambda for the B200?")
    assert text.startswith("*Google Cloud (GCP) has no price for that GPU in the catalogue*")


def test_a_sample_count_with_each_and_a_hedged_length_is_the_token_total(real: Consultant) -> None:
    real.handle("n", "we need to LoRA llama 3 70b")
    text = real.handle("n", "roughly 120k samples, each ~1.5k tokens").text
    assert text.startswith("Got it: 180M tokens.") and "looks implausible" not in text


def test_convos_are_samples(real: Consultant) -> None:
    real.handle("v", "LoRA finetune a 70B")
    assert real.handle("v", "50k convos avg 2k tokens").text.startswith("Got it: 100M tokens.")


def test_pretraining_versus_fine_tuning_is_explained_not_planned(real: Consultant) -> None:
    text = ask(real, "預訓練跟微調有什麼不一樣？")
    assert text.startswith("*預訓練和微調有什麼區別？*") and "模型有多少參數" not in text
    en = ask(real, "what's the difference between pretraining and finetuning?")
    assert "Chinchilla" in en and not any(f in en for f in FORM)


def test_a_gpu_judged_ok_for_fine_tuning_gets_the_capability_verdict(real: Consultant) -> None:
    text = ask(real, "is an A10 decent for fine-tuning?")
    assert text.startswith("*For jobs that fit on one card, yes") and not any(f in text for f in FORM)


def test_a_sample_count_alone_answering_the_data_question_asks_the_length_of_each(real: Consultant) -> None:
    real.handle("k", "QLoRA 微调 32B")
    text = real.handle("k", "大概 2.5万条数据").text
    assert "每条大约多少 token" in text and "还需要训练数据量" not in text
    real.handle("m", "LoRA a 14B model")
    assert real.handle("m", "about 30k examples").text.startswith(
        "*About how many tokens is each of the 30K samples?*"
    )


def test_a_message_mixing_both_scripts_keeps_the_conversations_script(real: Consultant) -> None:
    real.handle("h", "LoRA 微调 14B")
    turn = real.handle("h", "数据1.2萬條，每條1500 token")
    assert turn.payload["lang"] == "zh-Hans" and "训练周期多长" in turn.text


def test_a_dgx_is_eight_gpus_the_team_owns(real: Consultant) -> None:
    text = ask(real, "Background: 4 engineers, we own a DGX H100. Goal: full fine-tune a 13B on 2B tokens")
    assert text.startswith("*Recommended:* 8 × NVIDIA H100") and "on your own hardware" in text


def test_instruction_pairs_with_a_hedged_length_are_the_token_total(real: Consultant) -> None:
    real.handle("q", "QLoRA 70B")
    assert real.handle("q", "10k instruction pairs ~ 1k tokens").text.startswith("Got it: 10M tokens.")


def test_a_quoted_nvlink_figure_is_confirmed_or_corrected_against_the_link(real: Consultant) -> None:
    assert ask(real, "H800 的 NVLink 是 400GB/s 对吧").startswith(
        "*对*。NVIDIA H800 SXM 是 400 GB/s 的 NVLink"
    )
    en = ask(real, "the A800 has 600GB/s NVLink, right?")
    assert en.startswith("*No.*") and "400" in en


def test_a_serving_question_without_a_model_in_china_is_priced_in_yuan_on_gpus_rentable_there(
    real: Consultant,
) -> None:
    text = ask(real, "国内上线客服机器人，日活两万，需要几张卡")
    assert "按国内部署规划" in text and "¥" in text and "suanjiayun" not in text


def test_how_long_on_counted_gpus_says_first_whether_the_job_fits_there(real: Consultant) -> None:
    text = ask(real, "8卡H100 全参微调 Llama 3 70B 要多久？数据 5B tokens")
    assert text.startswith("*不能*") and "放得下的方案" in text and "推荐方案" not in text
    fits = ask(real, "how long to fine-tune a 7B model on 500M tokens with 4 A100 80GB?")
    assert fits.startswith("*Recommended:* 4 × NVIDIA A100 80GB")  # it fits: the plan on them


def test_a_feasibility_answer_with_the_data_said_does_not_ask_for_the_data(real: Consultant) -> None:
    text = ask(real, "can we pretrain a 1B model on 20B tokens with 8 A100 80GB in 2 weeks?")
    assert "*Time:*" in text and "tell me the data" not in text


def test_a_gpu_named_for_inference_without_a_model_or_load_is_sized_for_the_pilot_load(
    real: Consultant,
) -> None:
    text = ask(real, "is the L4 any good for inference?")
    assert "10 requests at once (no load given)" in text and "Llama 3.1 8B" in text


def test_wanting_to_rent_gpus_to_train_starts_the_plan(real: Consultant) -> None:
    assert "模型有多少参数" in ask(real, "我们想租卡训练一个模型")
    assert "How many parameters" in ask(real, "we'd like to rent GPUs to train a model")
    assert "模型有多少参数" not in ask(real, "租卡训练要注意什么？")


def test_an_accelerator_outside_the_catalogue_is_said_to_be_outside_it_first(real: Consultant) -> None:
    assert ask(real, "can I rent Gaudi 3 here?").startswith("*No Gaudi")
    planned = ask(real, "pretrain 7B on TPU v5e pods")
    assert planned.startswith("*No TPU in the catalogue*") and "plan this on the GPUs it holds" in planned
    assert "How much training data" in planned  # the 7B it was told is kept
    zh = ask(real, "昇腾 910B 能训练 7B 吗")
    assert zh.startswith("*目录里没有 昇腾*") and "9100亿" not in zh and "70亿参数" in zh


def test_a_family_figure_only_another_board_has_is_confirmed_for_that_board_only(real: Consultant) -> None:
    text = ask(real, "H100 显存是 94G 对吧")
    assert text.startswith("*只有 NVIDIA H100 NVL 是*") and "NVIDIA H100 SXM5 是 80 GB" in text
    same_board = ask(real, "an A100 has 40GB, right?")
    assert same_board.startswith("*Yes.*") and "also comes as the NVIDIA A100 80GB" in same_board
    assert ask(real, "H100 has 80GB right?").startswith("*Yes.* The NVIDIA H100 SXM5 has 80 GB")


def test_a_gpu_name_the_catalogue_does_not_hold_is_said_to_be_missing_first(real: Consultant) -> None:
    assert ask(real, "RTX 5090 一小时多少钱").startswith("*目录里没有 RTX 5090*")
    assert ask(real, "how much is a GB200 per hour?").startswith("*No GB200 in the catalogue*")
    assert "How much training data" in ask(real, "pretrain 7B on 8 H100")  # known GPUs: unchanged


def test_a_board_named_after_a_family_narrows_the_price_answer(real: Consultant) -> None:
    text = ask(real, "A100 PCIe 一小時多少錢？")
    assert "A100 40GB PCIe" in text and "SXM4" not in text


def test_a_gpu_and_a_rate_per_period_is_a_price_question(real: Consultant) -> None:
    assert ask(real, "H100 SXM per hour on aws").startswith("*NVIDIA H100 SXM5, on demand, per GPU*:\n• AWS")
