"""Round three of direct questions: the board a user names ("A100 PCIe") is the board planned and
compared; a family with several boards at a fixed count gets the one with room to spare."""

from __future__ import annotations

import uuid

from bot.dialogue.consultant import Consultant


def ask(consultant: Consultant, *texts: str) -> str:
    sid = "s-" + uuid.uuid4().hex
    reply = ""
    for text in texts:
        reply = consultant.handle(sid, text).text
    return reply


def test_a_plan_on_a100_pcie_uses_only_pcie_boards(real: Consultant) -> None:
    text = ask(real, "QLoRA Mistral 7B on 2 A100 PCIe, 500M tokens, no deadline")
    assert "A100 40GB PCIe" in text or "A100 80GB PCIe" in text
    assert "SXM4" not in text


def test_a100_pcie_against_h100_compares_the_pcie_a100_not_the_sxm_one(real: Consultant) -> None:
    text = ask(real, "A100 PCIe vs H100, which is faster?")
    assert "A100 80GB PCIe" in text and "A100 80GB (SXM4)" not in text


def test_four_a100s_for_a_job_that_nearly_fills_the_40gb_board_get_a_board_with_room(
    real: Consultant,
) -> None:
    text = ask(real, "full fine-tune 8B on 4 A100s, 50M tokens, 3 days")
    first = text.split("\n")[0]
    assert "4 × NVIDIA A100 80GB" in first


def test_a_gpu_outside_the_catalogue_beside_a_known_one_is_said_first_and_the_known_one_answered(
    real: Consultant,
) -> None:
    text = ask(real, "MI325X vs H200, which one?")
    assert text.startswith("*No MI325X in the catalogue*") and "H200 SXM*: 141 GB" in text
    zh = ask(real, "L20 和 L40S 哪个好")
    assert zh.startswith("*目录里没有 L20*") and "NVIDIA L40S" in zh


def test_a_workload_on_a_known_gpu_or_an_unknown_accelerator_is_planned_on_the_known_one(
    real: Consultant,
) -> None:
    text = ask(real, "pretrain 7B on 100B tokens on H100 or TPU v5e")
    assert text.startswith("*No TPU in the catalogue*") and "plan this on the GPUs it holds" in text


def test_inference_in_taiwan_wording_is_a_serving_question(real: Consultant) -> None:
    text = ask(real, "推論 Llama 3 8B 用一張 L4 夠嗎")
    assert "微調" not in text and "KV 快取" in text


def test_where_to_keep_checkpoints_is_answered_with_the_storage_tiers_not_their_size(
    real: Consultant,
) -> None:
    text = ask(real, "where should I store checkpoints?")
    assert text.startswith("*Where should training data and checkpoints live?")


def test_paying_for_a_stopped_instance_is_answered_per_cloud(real: Consultant) -> None:
    text = ask(real, "am I still billed for a stopped GPU instance?")
    assert text.startswith("*Do I still pay for a GPU instance while it is stopped?*")
    assert "deallocated" in text and "EBS" in text
    assert ask(real, "關機以後還會收費嗎？").startswith("*執行個體關機")


def test_a_dataset_counted_in_words_becomes_tokens_at_a_stated_sourced_ratio(real: Consultant) -> None:
    text = ask(real, "pretrain 1B on 2M docs of 500 words")
    assert "1.33B tokens (counted in words: ~1.33 tokens per English word, OpenAI's rule of thumb)" in text


def test_a_dataset_counted_in_chinese_characters_becomes_tokens_and_the_plan_says_how(
    real: Consultant,
) -> None:
    text = ask(real, "数据是 100 万篇文章，每篇约 2000 字，继续预训练 7B", "不急")
    assert "12亿 tokens（按字数折算，每个汉字约 0.6 token，DeepSeek 的经验值）" in text


def test_a_word_count_per_sample_completes_a_pending_sample_count(real: Consultant) -> None:
    text = ask(real, "LoRA 8B on 300k emails", "about 200 words each")
    assert "79.8M tokens (counted in words" in text


def test_a_budget_first_question_gets_what_the_budget_buys_not_the_model_size_question(
    real: Consultant,
) -> None:
    text = ask(real, "what can I train with $5k?")
    assert text.startswith("*What $5,000 buys*") and "GPU-hours" in text and "LoRA, 7B model" in text
    assert "How many parameters" not in text and "pre-training from scratch, 1B model" in text
    zh = ask(real, "我有 1 万块预算，能训练什么模型")
    assert zh.startswith("*¥10,000 能买到什么*（约 $1,4") and "卡时" in zh and "模型有多少参数" not in zh


def test_can_a_budget_pay_for_a_job_gets_the_verdict_and_the_data_it_trains(real: Consultant) -> None:
    text = ask(real, "只有 2000 块钱，能 LoRA 一个 7B 吗")
    assert text.startswith("*能*。¥2,000 够70亿参数模型的LoRA 微调训练约") and "训练数据有多少" not in text


def test_the_budget_stays_for_the_plan_that_follows_the_budget_answer(real: Consultant) -> None:
    text = ask(real, "what can I train with $5k?", "LoRA 13B on 200M tokens, no deadline")
    assert "*Recommended:*" in text and "a budget of $5,000" in text


def test_wanting_to_serve_a_chatbot_is_sized_for_typical_models_at_a_stated_load(real: Consultant) -> None:
    text = ask(real, "we want to serve a chatbot")
    assert text.startswith("*Serving (inference), 10 requests at once (no load given)")
    assert "Llama 3.1 8B" in text
    assert ask(real, "我们想部署一个聊天机器人").startswith("*推理部署（serving）")


def test_training_on_a_fine_tuning_sized_dataset_without_a_method_is_planned_as_fine_tuning(
    real: Consultant,
) -> None:
    text = ask(real, "训练 7B 模型，有 3 万条对话，每条 500 token，两周内")
    assert "全参数微调（按数据量判断是微调；若是从零预训练，请说“预训练”）" in text
    corpus = ask(real, "train 1B on 20B tokens in 2 weeks")
    assert "pre-training (default)" in corpus


def test_which_gpu_suits_inference_is_picked_by_memory_then_bandwidth(real: Consultant) -> None:
    assert ask(real, "L4 跟 T4 哪個比較適合推論？").startswith("*NVIDIA L4 更適合推理部署*")
    text = ask(real, "which is better for inference, L40S or A100?")
    assert text.startswith("*The NVIDIA A100 80GB (SXM4) is the better pick for serving.*")
    assert "80 GB at 2.04 TB/s" in text
    assert ask(real, "is the H200 better than the H100 for serving?").startswith("*Yes.* For serving")


def test_is_a_memory_size_enough_gets_yes_or_no_first_and_what_fits(real: Consultant) -> None:
    text = ask(real, "is 24GB enough to fine-tune Mistral 7B?")
    assert text.startswith("*No: 24 GB does not hold full fine-tuning of a 7B model*") and "LoRA (~" in text
    assert ask(real, "will 48GB be enough for LoRA on 13B?").startswith(
        "*Yes: 48 GB holds LoRA of a 13B model*"
    )
    assert ask(real, "24G 显存够微调 7B 吗").startswith("*不够*：24 GB 放不下 70亿参数模型的全参数微调")


def test_a_gpu_list_asked_by_memory_lists_only_the_gpus_with_that_memory(real: Consultant) -> None:
    text = ask(real, "which GPUs have more than 100GB of memory?")
    assert text.startswith("*GPUs with at least 100 GB*") and "H200" in text and "H100 SXM5" not in text


def test_a_follow_up_naming_only_another_gpu_repeats_the_last_answer_on_it(real: Consultant) -> None:
    assert ask(real, "H100 多少钱一小时", "A100 呢？").startswith("*NVIDIA A100 80GB (SXM4) 按需价（每卡）*")
    replanned = ask(real, "LoRA 8B on 100M tokens, no deadline", "and on L40S?")
    assert replanned.startswith("*What changed*: now L40S") and "*Recommended:* 1 × NVIDIA L40S" in replanned
    capable = ask(real, "is the H100 good for fine-tuning?", "and the L40S?")
    assert "NVIDIA L40S" in capable and "How many parameters" not in capable
    assert ask(real, "7B 全参微调要多少显存", "那 A100 呢").startswith("*放不下*")


def test_a_new_question_after_a_price_or_capability_answer_does_not_inherit_its_gpu(real: Consultant) -> None:
    text = ask(real, "4090 能做多机训练吗", "DeepSeek-V3 全参微调要多少显存？")
    assert "4090" not in text and text.startswith("*训练 6710亿参数模型需要的显存*")
    assert ask(real, "H100 多少钱一小时", "7B 全参微调要多少显存").startswith("*训练 70亿参数模型需要的显存*")


def test_a_family_beside_an_accelerator_outside_the_catalogue_is_shown_as_its_main_board(
    real: Consultant,
) -> None:
    text = ask(real, "is the Gaudi 3 faster than the H100?")
    assert text.startswith("*No Gaudi in the catalogue*") and "H100 SXM5" in text and "H100 NVL" not in text


def test_a_budget_in_mainland_china_is_spent_on_gpus_rentable_there(real: Consultant) -> None:
    text = ask(real, "在国内租卡，预算 1 万，能训练什么")
    assert "B200" not in text and "国内算力市场公开的按卡标价" in text


def test_a_pretraining_budget_shows_which_sizes_it_trains_compute_optimally(real: Consultant) -> None:
    text = ask(real, "we got 10k USD budget, whats the largest model we could pretrain?")
    assert "3B model" in text and "7B model" in text and "beyond the budget" in text


def test_a_budget_said_before_its_word_or_per_month_is_answered_with_what_it_buys(real: Consultant) -> None:
    assert ask(real, "有 5 万预算，想训个自己的模型").startswith("*¥50,000 能买到什么*")
    assert ask(real, "budget is $5k per month, what can we train?").startswith("*What $5,000 per month buys*")
    assert ask(real, "what would $3000 get me for fine-tuning llama 3 70b?").startswith("*What $3,000 buys*")
    assert "How much training data?" in ask(real, "Pretrain 1B params, budget $10k, how long?")


def test_a_gpu_and_a_period_with_a_bare_how_much_is_a_price_not_a_deadline(real: Consultant) -> None:
    text = ask(real, "請問 H200 在 Azure 一個月要多少？")
    assert text.startswith("*NVIDIA H200 SXM 按需價（每卡）*（先列月價）") and "模型有多少參數" not in text


def test_how_many_of_a_named_gpu_a_job_needs_is_answered_from_memory_not_the_form(real: Consultant) -> None:
    text = ask(real, "全参微调 13B 需要几张 A100")
    assert text.startswith("*4 张 NVIDIA A100 80GB (SXM4)*") and "训练数据有多少" not in text
    english = ask(real, "how many A100s do I need to full fine-tune 13B?")
    assert (
        english.startswith("*4 × NVIDIA A100 80GB (SXM4)* for full fine-tuning")
        and "*Not on one.*" in english
    )
