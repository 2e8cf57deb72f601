"""One-message questions of the classes issue 11 left open: two asks in one message, cards described by
memory, "fits/放下" as inference, a monthly budget on a training plan, INT8/TOPS and pair figure checks."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_two_asks_about_two_gpus_get_a_verdict_each_in_the_order_asked(real: Consultant) -> None:
    zh = ask(real, "L40S 和 A100 哪个推理快？每小时贵多少")
    assert zh.startswith("*NVIDIA A100 80GB (SXM4) 推理更快")
    assert "*NVIDIA A100 80GB (SXM4) 更贵*" in zh
    en = ask(real, "Which has more memory bandwidth, the H200 or the H100, and how much more per hour is it?")
    assert en.startswith("*The NVIDIA H200 SXM has more memory bandwidth.*")
    assert "*The NVIDIA H200 SXM is more expensive.*" in en


def test_a_question_without_a_figure_before_a_price_ask_gets_both_answers(real: Consultant) -> None:
    text = ask(real, "A10 和 L4 哪个推理延迟低？价格差多少")
    assert text.startswith("*NVIDIA A10 更适合推理部署*") and "*NVIDIA L4 更便宜*" in text


def test_which_of_two_gpus_has_more_memory_is_a_comparison_not_two_datasheets(real: Consultant) -> None:
    assert ask(real, "A40 和 A10 哪个显存大").startswith("*NVIDIA A40 显存更大*")


def test_two_gpus_with_the_same_memory_are_called_the_same_not_about_the_same(real: Consultant) -> None:
    assert ask(real, "4090 和 3090 哪个显存大").startswith("*一样大*。NVIDIA GeForce RTX 4090 显存 24 GB")
    assert ask(real, "which has more vram, the 4090 or the 3090?").startswith("*The same.*")


def test_faster_for_inference_goes_by_bandwidth_unless_compute_is_far_apart(real: Consultant) -> None:
    text = ask(real, "Is the L40S faster than the A100 for inference?")
    assert text.startswith("*No.*") and "864 GB/s" in text and "2.04 TB/s" in text
    # 4 TB/s but a seventh of the compute: not "faster for inference"
    h20 = ask(real, "Is the H20 faster than the H100 for inference?")
    assert h20.startswith("*No.*") and "prefill" in h20 and "for training" not in h20.splitlines()[0]


def test_compute_deciding_an_inference_speed_question_is_not_called_training_speed_in_chinese(
    real: Consultant,
) -> None:
    first = ask(real, "H20 推理比 H100 快吗").splitlines()[0]
    assert first.startswith("*不是*") and "算力上" in first and "训练" not in first
    plain = ask(real, "H20 比 H100 快吗").splitlines()[0]
    assert "训练（受算力限制）" in plain


def test_cards_described_by_memory_are_weighed_against_the_model(real: Consultant) -> None:
    en = ask(real, "one 48GB card or two 24GB cards for serving a 13B model?")
    assert en.startswith("*1 × 48 GB is the better pick*") and "2 × 24 GB" in en
    hant = ask(real, "4 張 16GB 的卡和 1 張 24GB 的卡，哪個能跑 14B 推論")
    assert hant.startswith("*4 張 16 GB 的卡*") and "1 張 24 GB 的卡放不下" in hant
    assert not any(f in en + hant for f in FORM)


def test_cards_that_hold_a_model_only_when_quantised_say_which_precision(real: Consultant) -> None:
    text = ask(real, "do 2x 16 G cards fit a 20B model for inference?")
    assert text.startswith("*No: 2 × 16 GB do not hold") and "in FP8 they do" in text


def test_a_memory_size_that_holds_a_model_with_no_training_word_is_an_inference_question(
    real: Consultant,
) -> None:
    text = ask(real, "48G的卡能放下30b的模型吗")
    assert text.startswith("*不够：48 GB 放不下") and "推理，不是训练" in text
    assert "微调" not in text
    assert ask(real, "12G显存装得下7B模型吗").startswith("*不够：12 GB 放不下")


def test_a_monthly_budget_on_a_training_job_gets_yes_or_no_first(real: Consultant) -> None:
    text = ask(real, "Is $3,000 a month enough to full fine-tune a 7B model on 500M tokens?")
    assert text.startswith("*Yes: $3,000 a month covers it.*") and "within a month" in text


def test_a_memory_figure_that_is_a_pair_of_cards_says_what_each_gpu_has(real: Consultant) -> None:
    text = ask(real, "H100 NVL 188GB, correct?")
    assert text.startswith("*No.*") and "94 GB per GPU" in text and "pair" in text


def test_an_int8_figure_in_tops_is_recognised_and_taken_for_tflops_is_corrected(real: Consultant) -> None:
    assert ask(real, "Does the L40S do 733 TOPS?").startswith("*Yes, as its INT8 rate.*")
    wrong = ask(real, "the T4 does 130 TFLOPS, right?")
    assert wrong.startswith("*No.*") and "INT8" in wrong and "65 TFLOPS" in wrong
    assert "130 TOPS, not 260" in ask(real, "T4 260 TOPS right?")


def test_a_gpu_size_that_names_the_card_in_a_job_question_is_not_confirmed_as_a_figure(
    real: Consultant,
) -> None:
    text = ask(real, "Will Mistral 7B load on one L4 24 GB?")
    assert text.startswith("*Yes.* 1 × NVIDIA L4 can serve") and "has 24 GB of memory" not in text


def test_which_of_two_gpus_has_higher_inference_throughput_is_a_comparison(real: Consultant) -> None:
    text = ask(real, "L40S 和 H100 哪个推理吞吐更高？")
    assert text.startswith("*NVIDIA H100 SXM5 推理更快") and "Llama" not in text


def test_a_bare_memory_size_that_runs_a_model_is_the_gpus_memory_not_data(real: Consultant) -> None:
    text = ask(real, "can 24gb run a 13b model")
    assert text.startswith("*No: 24 GB does not hold") and "of data" not in text


def test_two_counted_gpu_sets_are_weighed_as_sets_not_one_card_against_one(real: Consultant) -> None:
    en = ask(real, "which is faster for training, 8x A100 or 4x H100?")
    assert en.startswith("*The 4 × NVIDIA H100 SXM5 is faster.* The 8 × NVIDIA A100 80GB (SXM4) has 2,496")
    assert "about 1.6× slower" in en and "3.2×" not in en.split("\n")[0]
    zh = ask(real, "8 张 A100 和 4 张 H100 哪个训练快")
    assert zh.startswith(
        "*4 张 NVIDIA H100 SXM5 更快*。8 张 NVIDIA A100 80GB (SXM4) 的稠密 BF16 算力是 2,496 TFLOPS"
    )
    # the table below stays per GPU
    assert "• Compute, dense BF16: 312 TFLOPS vs 989 TFLOPS" in en
