"""Data said as samples, words or characters becomes tokens, and the plan says how."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_a_sample_count_with_each_and_a_hedged_length_is_the_token_total(real: Consultant) -> None:
    real.handle("n", "we need to LoRA llama 3 70b")
    text = real.handle("n", "roughly 120k samples, each ~1.5k tokens").text
    assert text.startswith("Got it: 180M tokens.") and "looks implausible" not in text


def test_convos_are_samples(real: Consultant) -> None:
    real.handle("v", "LoRA finetune a 70B")
    assert real.handle("v", "50k convos avg 2k tokens").text.startswith("Got it: 100M tokens.")


def test_a_sample_count_alone_answering_the_data_question_asks_the_length_of_each(real: Consultant) -> None:
    real.handle("k", "QLoRA 微调 32B")
    text = real.handle("k", "大概 2.5万条数据").text
    assert "每条大约多少 token" in text and "还需要训练数据量" not in text
    real.handle("m", "LoRA a 14B model")
    assert real.handle("m", "about 30k examples").text.startswith(
        "*About how many tokens is each of the 30K samples?*"
    )


def test_instruction_pairs_with_a_hedged_length_are_the_token_total(real: Consultant) -> None:
    real.handle("q", "QLoRA 70B")
    assert real.handle("q", "10k instruction pairs ~ 1k tokens").text.startswith("Got it: 10M tokens.")


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


def test_training_on_a_fine_tuning_sized_dataset_without_a_method_is_planned_as_fine_tuning(
    real: Consultant,
) -> None:
    text = ask(real, "训练 7B 模型，有 3 万条对话，每条 500 token，两周内")
    assert "全参数微调（按数据量判断是微调；若是从零预训练，请说“预训练”）" in text
    corpus = ask(real, "train 1B on 20B tokens in 2 weeks")
    assert "pre-training (default)" in corpus


def test_a_corrected_sample_count_keeps_the_length_per_sample_it_was_given_with(real: Consultant) -> None:
    real.handle("s", "LoRA 微调 13B，数据 2 万条，每条 1k token，一周")
    turn = real.handle("s", "数据其实是 5 万条")
    assert turn.payload["slots"]["tokens"] == 5e7
    assert "2000万 tokens → 5000万 tokens" in turn.text
    assert real.handle("s", "每条其实是 2k token").payload["slots"]["tokens"] == 1e8


def test_a_count_after_data_in_bytes_changes_nothing_held(real: Consultant) -> None:
    real.handle("s", "LoRA 8B on 50GB, 1 week")
    turn = real.handle("s", "we have 20k samples actually")
    assert turn.payload["slots"]["data_bytes"] == 5e10


def test_a_length_per_turn_answering_the_length_question_completes_the_dialogue_count(
    real: Consultant,
) -> None:
    asked = ask(real, "LoRA 微调 7B，一周内", "8 千组多轮对话，每组 5 轮")
    assert asked.startswith("*这 8,000 组对话每组 5 轮，每轮大约多少 token？*")
    text = ask(real, "LoRA 微调 7B，一周内", "8 千组多轮对话，每组 5 轮", "每轮 200 token")
    assert "*推荐方案*" in text and "800万 tokens" in text
    en = ask(real, "LoRA fine-tune 8B within a week", "10k dialogues of 6 turns", "about 300 tokens per turn")
    assert "*Recommended:*" in en and "18M tokens" in en


def test_a_length_said_before_the_count_waits_for_it(real: Consultant) -> None:
    asked = ask(real, "LoRA 微调 7B，一周内", "每条大概 2k token")
    assert asked.startswith("*每条约 2,000 token，一共有多少条？*") and "还需要训练数据量" not in asked
    assert "1亿 tokens" in ask(real, "LoRA 微调 7B，一周内", "每条大概 2k token", "有 5 万条")
    en = ask(real, "LoRA fine-tune 8B within a week", "each sample is about 1.5k tokens")
    assert en.startswith("*At about 1.5K tokens each, how many samples are there?*")
    done = ask(
        real, "LoRA fine-tune 8B within a week", "each sample is about 1.5k tokens", "we have 20k of them"
    )
    assert "*Recommended:*" in done and "30M tokens" in done
    turn_first = ask(real, "LoRA 微调 7B，一周内", "每轮 200 token", "8 千组多轮对话，每组 5 轮")
    assert "800万 tokens" in turn_first


def test_a_length_in_characters_before_the_count_keeps_saying_how_it_was_counted(real: Consultant) -> None:
    asked = ask(real, "LoRA 微調 7B，一週內", "每筆大概兩千字")
    assert asked.startswith("*每條約 1,200 token（按字數折算），一共有多少條？*") and "好的：。" not in asked
    text = ask(real, "LoRA 微調 7B，一週內", "每筆大概兩千字", "3 萬筆")
    assert "3600萬 tokens（按字數折算，每個漢字約 0.6 token" in text


def test_a_dataset_bigger_than_any_published_corpus_is_planned_with_the_unit_questioned(
    real: Consultant,
) -> None:
    text = ask(real, "训练 7B 模型，数据 2PB，三个月")
    assert "数据真的是 2 PB，而不是 2 TB？" in text


def test_the_count_asked_for_may_be_said_in_other_words_and_keeps_the_language(real: Consultant) -> None:
    plan = ("LoRA 8B within 10 days", "the conversations average 4 turns", "about 250 tokens per turn")
    assert ask(real, *plan).startswith("*At about 1K tokens each (4 turns × 250 tokens), how many samples")
    assert "30M tokens" in ask(real, *plan, "and there are 30k of them")
    zh = ask(real, "LoRA 微调 7B，一周内", "每轮 200 token", "每组 5 轮", "8000 组")
    assert "*推荐方案*" in zh and "800万 tokens" in zh


def test_the_plan_says_how_tokens_counted_in_samples_were_made(real: Consultant) -> None:
    zh = ask(real, "LoRA 微调 7B，一周内", "8 千组多轮对话，每组 5 轮", "每轮 200 token")
    assert "*理解的需求*：70亿参数，800万 tokens（8,000条 × 5 轮 × 200 token）" in zh
    en = ask(real, "LoRA fine-tune 8B within a week", "20k samples", "each about 1.5k tokens")
    assert "*Understood:* 8B parameters, 30M tokens (20K samples × 1,500 tokens)" in en
    changed = ask(real, "LoRA 微调 7B，数据 5 万条，每条 2k token，一周", "其实是 3 万条")
    assert "6000万 tokens（3万条 × 2,000 token）" in changed
    stated = ask(real, "LoRA 微调 7B，数据 5 万条，每条 2k token，一周", "数据改成 2 亿 token")
    assert "2亿 tokens，" in stated and "条 ×" not in stated


def test_a_later_length_per_turn_changes_the_turns_said_in_one_message(real: Consultant) -> None:
    real.handle("t", "LoRA 微调 8B，数据 8 千组多轮对话，每组 5 轮，每轮 200 token，一周")
    turn = real.handle("t", "其实每轮 300 token")
    assert turn.payload["slots"]["tokens"] == 1.2e7 and "800万 tokens → 1200万 tokens" in turn.text
    real.handle("u", "LoRA 8B on 8k 5-turn conversations, 200 tokens per turn, one week")
    en = real.handle("u", "actually each turn is more like 300 tokens")
    assert "12M tokens (8K samples × 5 turns × 300 tokens)" in en.text


def test_a_time_given_for_a_sample_count_does_not_close_by_asking_for_the_data(real: Consultant) -> None:
    en = real.handle("t1", "how long would a LoRA of a 7B take on 25k samples on one H100?").text
    assert "*Time:*" in en and "tell me the data" not in en
    zh = real.handle("t2", "单张 H100 上用 3 万条样本做 LoRA 微调 8B 要多久？").text
    assert "*时间*" in zh and "告诉我数据量" not in zh


def test_a_length_per_sample_said_with_only_changes_that_factor_of_the_tokens(real: Consultant) -> None:
    real.handle("only1", "LoRA微调7B，3万条数据，每条2k token，一周")
    real.handle("only1", "其实是5万条")
    turn = real.handle("only1", "每条大概只有1k")
    assert turn.payload["slots"]["tokens"] == 5e7
    assert "5000万 tokens（5万条 × 1,000 token）" in turn.text


def test_the_cost_of_a_job_on_counted_samples_asks_their_length_not_a_ranking_per_billion_tokens(
    real: Consultant,
) -> None:
    en = ask(real, "how much would it cost to fine tune llama 3 8b with lora on 100k examples")
    assert en.startswith(
        "Got it: 8B parameters, LoRA fine-tuning.\n*About how many tokens is each of the 100K"
    )
    assert "per 1B tokens" not in en
    zh = ask(real, "用 5 万条数据 LoRA 微调 Qwen2.5-7B 大概要花多少钱")
    assert "*这 5 万条数据，每条大约多少 token？*" in zh
    plan = ask(
        real,
        "how much would it cost to fine tune llama 3 8b with lora on 100k examples",
        "each is about 1k tokens",
    )
    assert "100M tokens (100K samples × 1,000 tokens)" in plan


def test_the_length_question_counts_the_samples_in_the_measure_word_the_user_wrote(real: Consultant) -> None:
    hant = ask(real, "想 LoRA 一個 7B，訓練資料約 8000 筆")
    assert "這 8,000 筆資料，每筆大約多少 token？" in hant
    hans = ask(real, "LoRA 微调 7B，客服对话 3 万则")
    assert "这 3 万则数据，每则大约多少 token？" in hans
    plain = ask(real, "LoRA 微调 7B，数据 3 万条")
    assert "这 3 万条数据，每条大约多少 token？" in plain


def test_a_deadline_left_to_the_budget_plans_without_the_budget_mismatch_pitfall(real: Consultant) -> None:
    turn = ask(real, "full fine-tune a 3B on 1B tokens", "it depends on the budget")
    assert "no deadline" in turn and "a budget that does not match the goal" not in turn


def test_the_understood_line_counts_the_samples_in_the_users_measure_word_until_another_is_said(
    real: Consultant,
) -> None:
    real.handle("mw1", "LoRA 13B，語料 5 萬筆，每筆約 800 token，十天")
    turn = real.handle("mw1", "如果每筆 1k 呢")
    assert "5萬筆 × 1,000 token" in turn.text
    turn = real.handle("mw1", "其實是 6 萬條")
    assert "6萬條 × 1,000 token" in turn.text


def test_a_rough_count_of_samples_is_asked_back_and_a_number_then_plans(real: Consultant) -> None:
    first = real.handle("vague1", "想 LoRA 微调 8B，数据大概几十万条问答，两周").text
    assert first.startswith(
        "好的：80亿参数，LoRA 微调，14 天。\n“几十万条”大概是多少？给个能估算的数，例如 `30万条`"
    )
    assert (
        "*理解的需求*：80亿参数，1.6亿 tokens（40万条 × 400 token）"
        in real.handle("vague1", "40万条，每条 400 token").text
    )


def test_a_rough_count_in_english_is_quoted_back_as_written(real: Consultant) -> None:
    text = real.handle("vague2", "LoRA a 13B on tens of thousands of support tickets, 10 days").text
    assert text.startswith(
        "Got it: 13B parameters, LoRA fine-tuning, 10 days.\n"
        "About how many is “tens of thousands of support tickets”? Give me a number to plan on"
    )


def test_the_example_for_a_rough_count_uses_the_measure_word_the_user_counted_in(real: Consultant) -> None:
    pairs = ask(real, "DPO 一个 14B，偏好数据几万对")
    assert "例如 `3万对`；给范围也行，例如 `2万到3万对`" in pairs
    records = ask(real, "全參微調 8B，客服紀錄幾十萬筆")
    assert "例如 `30萬筆`；給範圍也行，例如 `20萬到30萬筆`" in records


def test_a_rough_count_asked_back_first_says_back_the_model_and_method_of_the_same_message(
    real: Consultant,
) -> None:
    zh = ask(real, "QLoRA 70B，语料几千万 token")
    assert zh.startswith("好的：700亿参数，QLoRA 微调。\n“几千万 token”大概是多少？")
    en = ask(real, "continued pretraining of a 3B on several billion tokens of code")
    assert en.startswith("Got it: 3B parameters, continued pre-training.\nAbout how many is")


def test_the_number_answering_a_rough_count_is_that_count_and_the_rest_of_the_reply_is_kept(
    real: Consultant,
) -> None:
    real.handle("vague3", "full fine-tune a 7B on thousands of chat logs")
    turn = real.handle("vague3", "roughly 60k, each about 1.5k tokens")
    assert turn.payload["slots"]["tokens"] == 9e7
    real.handle("vague4", "LoRA 13B，数据几十万条")
    assert "这 20 万条数据，每条大约多少 token？" in real.handle("vague4", "大概 20 万").text


def test_steps_times_a_global_batch_shows_the_sum_in_the_understood_line(real: Consultant) -> None:
    text = ask(real, "pretrain a 1B model: 6000 steps at batch 512 and seq 4096")
    assert text.startswith(
        "Got it: 1B parameters, 6,000 steps × a global batch of 512 sequences × 4,096 tokens = 12.6B tokens,"
    )
    zh = ask(real, "从头预训练 2B，训练 3 万步，batch 256，序列长度 2048")
    assert "30,000 步 × 全局 batch 256 条序列 × 2,048 token = 157亿 tokens" in zh
    hant = ask(real, "預訓練 3B 模型，訓練 4000 步、每步 300 萬 tokens")
    assert "4,000 步 × 每步 300萬 token = 120億 tokens" in hant


def test_the_plan_built_on_steps_says_how_its_tokens_were_made(real: Consultant) -> None:
    text = ask(real, "pretrain 1B for 10k iterations, global batch 2M tokens, within two weeks")
    assert "*Understood:* 1B parameters, 20B tokens (10,000 steps × 2M tokens a step)," in text
    assert "How much training data" not in text


def test_steps_said_with_epochs_show_the_tokens_trained_and_each_pass(real: Consultant) -> None:
    text = ask(real, "pretrain 3B, 2 epochs, 10000 steps, global batch 512, seq 4096")
    assert "= 21B tokens trained, 10.5B tokens × 2 epochs" in text


def test_steps_said_with_epochs_name_the_epochs_and_the_length_once(real: Consultant) -> None:
    en = real.handle("se1", "pretrain 1B, 6000 steps at batch 512 seq 4096, 3 epochs").text
    assert en.startswith(
        "Got it: 1B parameters, 6,000 steps × a global batch of 512 sequences × 4,096 tokens"
    )
    assert en.count("3 epochs") == 1 and "sequence length" not in en
    zh = real.handle("se2", "预训练 2B，训练 3 万步，batch 256，序列长度 2048，训 2 轮").text
    assert zh.count("2 轮") == 1 and "序列长度" not in zh.splitlines()[0]
    hant = real.handle("se3", "預訓練 1B，4000 步，global batch 128，seq 8192，3 個 epoch").text
    assert hant.count("3 輪") == 1 and "序列長度" not in hant.splitlines()[0]


def test_epochs_added_to_a_plan_on_steps_keep_the_work_and_say_how_they_were_read(real: Consultant) -> None:
    en = ask(real, "pretrain a 1B model, 5000 steps at batch 256 and seq 8192, in a week", "make it 2 epochs")
    assert (
        "5,000 steps × a global batch of 256 sequences × 8,192 tokens = 10.5B tokens trained, 5.24B tokens"
        in en
    )
    assert "(the steps count every epoch: say 10,000 steps if each epoch is 5,000)" in en
    assert "21B tokens" not in en
    zh = ask(real, "预训练 1B，训练 2 万步，每步 100 万 token，两周", "训 2 轮")
    assert "20,000 步 × 每步 100万 token = 共训练 200亿 tokens，即 100亿 tokens × 2 轮" in zh
    assert "若每轮都是 20,000 步，请说 40,000 步" in zh and "400亿" not in zh
    hant = ask(real, "預訓練 1B，訓練 4000 步，批次大小 512，序列長度 2048，兩週", "跑 4 個 epoch")
    assert "4,000 步 × 全域 batch 512 條序列 × 2,048 token = 共訓練 41.9億 tokens" in hant
    assert "步數已包含每一輪" in hant


def test_steps_said_per_epoch_are_one_pass_and_the_epochs_multiply_them(real: Consultant) -> None:
    en = ask(real, "pretrain 1B, 5000 steps per epoch at batch 256 seq 8192, 2 epochs, one week")
    assert "10,000 steps × a global batch of 256 sequences × 8,192 tokens = 21B tokens trained" in en
    assert "10.5B tokens × 2 epochs (5,000 steps an epoch)" in en
    more = ask(
        real, "pretrain 1B, 5000 steps per epoch at batch 256 seq 8192, 2 epochs, one week", "3 epochs"
    )
    assert "15,000 steps × a global batch" in more and "31.5B tokens trained" in more
    zh = ask(real, "预训练 1B，每个 epoch 5000 步，batch 256，seq 8192，训 2 轮")
    assert "共训练 210亿 tokens，即 105亿 tokens × 2 轮（每轮 5,000 步）" in zh
    hant = ask(real, "預訓練 1B，每輪 5000 步，batch 256，序列長度 8192，2 個 epoch，兩週")
    assert "共訓練 210億 tokens，即 105億 tokens × 2 輪（每輪 5,000 步）" in hant


def test_images_counted_as_data_are_no_tokens_and_their_tokens_each_are_asked(real: Consultant) -> None:
    en = ask(real, "LoRA a 13B vision-language model on 400k photos with captions")
    assert "About how many tokens is each of the 400K images, with its caption or text?" in en
    assert "576 per 336×336 image for LLaVA-1.5" in en and "400K tokens" not in en
    zh = ask(real, "我们想训一个 7B 的多模态模型，数据是 200 万张图片和配文")
    assert "这 200 万张图片（连同配文），每张大约多少 token？" in zh and "200万 tokens" not in zh
    hant = ask(real, "微調 7B 視覺語言模型，有 30 萬張照片")
    assert "這 30 萬張圖片（連同配文），每張大約多少 token？" in hant


def test_video_clips_counted_as_data_ask_the_tokens_of_each_clip(real: Consultant) -> None:
    en = ask(real, "fine-tune a 7B video LLM on 80k video clips")
    assert "About how many tokens is each of the 80K video clips, with its text?" in en
    zh = ask(real, "7B 多模态微调，数据有 5 万段短视频")
    assert "这 5 万段视频（连同文本），每段大约多少 token？" in zh


def test_the_tokens_per_image_answered_make_the_tokens_and_the_plan_counts_images(real: Consultant) -> None:
    text = ask(real, "LoRA llava 7B on 300k images", "about 650 tokens per image", "no deadline")
    assert "195M tokens (300K images × 650 tokens)" in text
    zh = ask(real, "全参微调 7B 多模态模型，100 万张图片", "每张图 700 token", "两周")
    assert "7亿 tokens（100万张图片 × 700 token）" in zh
    said_at_once = ask(real, "LoRA qwen2-vl 7B on 200k image-text pairs, ~900 tokens each, in 5 days")
    assert "180M tokens (200K images × 900 tokens)" in said_at_once


@pytest.mark.parametrize(
    ("job", "unsure", "says"),
    [
        ("LoRA llava 7B on 300k images, 5 days", "not sure", "173M tokens (300K images × 576 tokens)"),
        (
            "fine-tune a 7B vision model on 300k captioned photos in a week",
            "no idea",
            "300K images × 576 tokens",
        ),
        ("QLoRA qwen2-vl 7B on 300k images within 10 days", "honestly no clue", "300K images × 576 tokens"),
        ("全参微调 7B 多模态模型，30 万张图片，两周", "不清楚", "30万张图片 × 576 token"),
        ("全參微調 7B 多模態模型，30 萬張圖片，兩週", "不知道", "30萬張圖片 × 576 token"),
    ],
)
def test_not_knowing_the_tokens_per_image_takes_llava_s_576_and_says_so(
    real: Consultant, job: str, unsure: str, says: str
) -> None:
    text = ask(real, job, unsure)
    assert says in text
    assert "LLaVA-1.5" in text and "20 tokens/parameter" not in text and "每参数 20" not in text
    assert (
        "About how many tokens is each" not in text
        and "每张大约多少" not in text
        and "每張大約多少" not in text
    )


def test_the_real_tokens_per_image_said_after_the_default_replace_it(real: Consultant) -> None:
    text = ask(real, "LoRA llava 7B on 300k images, 5 days", "not sure", "each image is about 700 tokens")
    assert (
        "210M tokens (300K images × 700 tokens)" in text and "assumed" not in text.split("Understood")[1][:80]
    )


def test_a_data_amount_without_a_unit_is_asked_back_with_the_number_quoted(real: Consultant) -> None:
    en = ask(real, "full fine-tune a 7B, dataset is about 400, in 10 days")
    assert en.startswith("“400” has no unit, so I can't tell how much training data it is.")
    assert "looks implausible" not in en
    zh = ask(real, "LoRA 微调 14B，数据大概 600，两周内")
    assert zh.startswith("“600”没有单位，我判断不了训练数据有多少。")
    hant = ask(real, "全參微調 7B，資料量約 900 左右")
    assert hant.startswith("“900”沒有單位")


def test_the_unit_said_after_a_bare_amount_plans_the_job_held(real: Consultant) -> None:
    text = ask(real, "full fine-tune a 7B, data: 300, 2 weeks", "300GB")
    assert "*Understood:* 7B parameters, 300 GB of data" in text


def test_a_bare_count_with_its_measure_word_stays_a_sample_count(real: Consultant) -> None:
    assert "每条大约多少 token" in ask(real, "数据 800 条，LoRA 7B")


def test_a_size_of_images_video_or_audio_is_no_text_and_what_it_holds_is_asked(real: Consultant) -> None:
    en = ask(real, "continue pretraining a 2B VLM on 80GB of pictures")
    assert en.startswith("“80GB” of images is no text, so it doesn't tell how many tokens")
    assert "How many images are there" in en
    video = ask(real, "fine-tune a 7B model on 1.5 TB worth of video footage")
    assert video.startswith("“1.5 TB” of video is no text") and "How many video clips" in video
    audio = ask(real, "fine-tune whisper medium (769M) on 120GB of audio")
    assert "How many hours of audio is it?" in audio
    zh = ask(real, "7B 多模态模型，照片数据大概 3TB")
    assert zh.startswith("“3TB”是图片，不是文本") and "一共多少张图片" in zh
    hant = ask(real, "微調 7B，訓練素材是 600GB 的影片")
    assert "是視頻，不是文本" in hant or "是影片，不是文本" in hant


def test_the_images_counted_after_a_size_of_images_complete_the_plan(real: Consultant) -> None:
    text = ask(real, "pretrain 1B on 50GB of images in 2 weeks", "400k images, 700 tokens each")
    assert "280M tokens (400K images × 700 tokens)" in text


def test_a_size_of_text_or_transcripts_stays_the_data_size(real: Consultant) -> None:
    assert "500 GB of data" in ask(real, "pretrain 7B on 500GB of web text")
    assert "数据 20 GB" in ask(real, "7B 微调，数据是 20GB 的录音转写稿")


def test_things_counted_after_the_data_word_are_samples_not_tokens(real: Consultant) -> None:
    zh = ask(real, "7B 全参，数据是 10 万个网页")
    assert zh.startswith("好的：70亿参数，全参数微调。") and "每条大约多少 token" in zh
    hant = ask(real, "微調 7B，資料是 5 萬篇貼文")
    assert (
        hant.startswith("好的：70億參數，全參數微調（你只說了“微調”")
        and "這 5 萬篇資料，每篇大約多少 token？" in hant
    )


def test_the_tokens_of_each_image_or_clip_said_in_many_ways_complete_the_count(real: Consultant) -> None:
    en = ask(real, "full fine-tune a 7B VLM on 500k images in two weeks", "each image is ~600 tokens")
    assert "300M tokens (500K images × 600 tokens)" in en
    zh = ask(real, "7B 多模态全参微调，100 万张图片，两周", "每张图大约 650 token")
    assert "6.5亿 tokens（100万张图片 × 650 token）" in zh
    clips = ask(real, "LoRA a 7B video LLM on 50k clips, ~4k tokens per clip, in a week")
    assert "200M tokens (50K video clips × 4,000 tokens)" in clips


def test_the_tokens_of_one_image_said_with_yi_zhang_complete_the_count(real: Consultant) -> None:
    first = "我们想训一个 7B 的多模态模型，数据是 200 万张图片和配文，两周"
    for reply in ("800 token 一张图", "一张图大概 800 个 token", "大概 800 token 一张"):
        assert "16亿 tokens（200万张图片 × 800 token）" in ask(real, first, reply)
    hant = ask(real, "微調 7B 視覺語言模型，有 30 萬張照片，一週", "一張圖大約 800 個 token")
    assert "2.4億 tokens（30萬張圖片 × 800 token）" in hant
    text = ask(real, "LoRA 7B，5 万条数据，一周", "800 token 一条")
    assert "4000万 tokens（5万条 × 800 token）" in text


def test_steps_times_a_bare_batch_and_length_show_the_sum(real: Consultant) -> None:
    en = ask(real, "pretrain 1B, 20k steps × 1024 × 2048, two weeks")
    assert "41.9B tokens (20,000 steps × a global batch of 1,024 sequences × 2,048 tokens)" in en
    zh = ask(real, "预训练 1B，20k步 x 1024 x 2048")
    assert zh.startswith("好的：10亿参数，20,000 步 × 全局 batch 1,024 条序列 × 2,048 token = 419亿 tokens")


def test_a_what_if_on_the_steps_times_them_by_the_batch_held(real: Consultant) -> None:
    first = "pretrain a 1B model, 5000 steps at batch 256 and seq 8192, in a week"
    en = ask(real, first, "what if 10000 steps?")
    assert en.startswith("*What changed*: 10.5B tokens → 21B tokens")
    assert "21B tokens (10,000 steps × a global batch of 256 sequences × 8,192 tokens)" in en
    zh = ask(real, "预训练 1B，训练 2 万步，每步 100 万 token，两周", "改成 3 万步呢")
    assert zh.startswith("*变化*：200亿 tokens → 300亿 tokens")
    hant = ask(real, "預訓練 1B，訓練 2 萬步，批次大小 512，序列長度 2048，兩週", "那 1 萬步呢")
    assert "10,000 步 × 全域 batch 512 條序列 × 2,048 token" in hant


def test_steps_alone_with_no_batch_held_ask_for_the_data(real: Consultant) -> None:
    text = ask(real, "pretrain a 1B model for 10000 steps in two weeks")
    assert "How much training data?" in text


@pytest.mark.parametrize(
    ("opening", "rough", "asked", "answer", "planned"),
    [
        ("fine-tune a 7B model", "a few hundred GB", "About how much is “a few hundred GB”?", "400GB", 4e11),
        ("train a 13B model", "several hundred gigs I think", "for example `300 GB`", "around 300 gb", 3e11),
        ("fine-tune a 7B model", "hmm, a few TB of logs", "for example `3 TB`", "2TB", 2e12),
        ("我想微调一个7B模型", "大概几百G吧", "大概是多少？给个能估算的大小", "400G", 4e11),
        ("训练一个13B的模型", "几个T的数据", "例如 `3 TB`", "大概 2TB", 2e12),
        ("我想微調一個 7B 模型", "幾十 G 左右", "給個能估算的大小，例如 `30 GB`", "50GB", 5e10),
    ],
)
def test_a_rough_data_size_is_asked_back_and_the_size_answered_next_is_planned(
    real: Consultant, opening: str, rough: str, asked: str, answer: str, planned: float
) -> None:
    """ "几百G" was read as 100 GB, "a few hundred GB" and "几个T" as nothing: a size with no number to plan
    on is asked back, as a rough count of samples or tokens is, and the next bare size answers it."""
    real.handle("r", opening)
    reply = real.handle("r", rough)
    assert asked in reply.text
    assert reply.payload["slots"].get("data_bytes") is None
    reply = real.handle("r", answer)
    assert reply.payload["slots"]["data_bytes"] == pytest.approx(planned)


def test_a_rough_data_size_in_the_first_message_keeps_everything_else_it_said(real: Consultant) -> None:
    reply = real.handle("f", "微调 7B 模型，数据几百G，两周内")
    assert reply.text.startswith("好的：70亿参数，全参数微调，14 天。")
    assert "“几百 G”大概是多少？" in reply.text and "推荐方案" not in reply.text
    reply = real.handle("f", "300GB")
    assert "推荐方案" in reply.text and reply.payload["slots"]["data_bytes"] == pytest.approx(3e11)


def test_sizes_with_a_number_in_them_are_still_read_as_said(real: Consultant) -> None:
    real.handle("n", "fine-tune a 7B model")
    assert real.handle("n", "a couple of TB").text.startswith("Got it: 2 TB of data.")
    real.handle("m", "微调一个7B模型")
    assert real.handle("m", "一两百G").text.startswith("好的：数据 200 GB。")


@pytest.mark.parametrize(
    ("opening", "said", "asked", "answer", "slot", "planned"),
    [
        (
            "fine-tune a 7B model",
            "2T",
            "is “2T” a size on disk or a number of tokens?",
            "2TB",
            "data_bytes",
            2e12,
        ),
        (
            "pretrain a 13B model",
            "roughly 1.5T",
            "reply `1.5TB` or `1.5T tokens`",
            "1.5T tokens",
            "tokens",
            1.5e12,
        ),
        ("我想微调一个7B模型", "大概2T吧", "“2T”是指*数据大小*还是 *token 数*？", "2TB", "data_bytes", 2e12),
        ("我想微調一個 7B 模型", "2T", "“2T”是指*資料大小*還是 *token 數*？", "2T tokens", "tokens", 2e12),
    ],
)
def test_a_bare_size_in_t_answering_the_data_question_asks_bytes_or_tokens_not_parameters(
    real: Consultant, opening: str, said: str, asked: str, answer: str, slot: str, planned: float
) -> None:
    """ "2T" is 2 TB or 2T tokens; the question asked whether it was parameters, already known."""
    real.handle("t", opening)
    reply = real.handle("t", said)
    assert asked in reply.text and "param" not in reply.text and "参数" not in reply.text.split("\n")[-1]
    assert real.handle("t", answer).payload["slots"][slot] == pytest.approx(planned)


def test_a_record_count_with_no_length_asked_the_cheapest_way_is_planned_at_one_full_sequence_each(
    real: Consultant,
) -> None:
    # the count is planned at its upper end (each record one 2,048-token sequence), said, and the real
    # length asked in the same reply; the budget said is kept beside the plan, not answered instead of it
    cases = (
        ("預算 3 萬台幣，想微調 8B，有 1.2萬筆資料，最便宜怎麼做", "2458萬 tokens", "每條大約多少 token"),
        ("预算两万块，LoRA 一个 7B，手上 8000 条样本，怎么最省钱", "1638万 tokens", "每条大约多少 token"),
        ("想全量微调 14B，大概 3w 条指令数据，最便宜的方案是啥", "6144万 tokens", "每条大约多少 token"),
        (
            "Budget 30k TWD, fine-tune an 8B, I have 12k records, what's the cheapest way?",
            "24.6M tokens",
            "tell me",
        ),
        ("cheapest way to LoRA a 7B on 5,000 examples?", "10.2M tokens", "how many tokens or words"),
        ("想用最少的錢微調 8B，手上 1.2 萬筆資料", "2458萬 tokens", "每條大約多少 token"),
        ("I want to fine-tune an 8B on 12k records as cheaply as possible", "24.6M tokens", "tell me"),
    )
    for text, tokens, asks in cases:
        reply = ask(real, text)
        understood = next(
            ln for ln in reply.splitlines() if ln.lstrip("*").startswith(("理解的需求", "Understood"))
        )
        assert tokens in understood and asks in understood, (text, understood)
        assert ("完整的訓練序列" in understood or "完整的训练序列" in understood) or (
            "one full training sequence" in understood
        ), text
        assert "最便宜的 GPU" not in reply and "What $" not in reply, text


def test_the_length_said_after_a_record_count_planned_at_its_upper_end_replaces_that_length(
    real: Consultant,
) -> None:
    text = ask(real, "预算 3 万，想微调 8B，有 1.2万条数据，最便宜怎么做", "每条大概 500 token")
    assert "600万 tokens（1.2万条 × 500 token）" in text and "完整的训练序列" not in text
    text = ask(real, "cheapest way to fine-tune an 8B on 12k records?", "each is about 1k tokens")
    assert "24.6M tokens → 12M tokens" in text and "full training sequence" not in text
