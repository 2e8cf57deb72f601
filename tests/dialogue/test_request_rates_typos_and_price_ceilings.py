"""One-message questions of round eleven's red-team: a request rate written "req/sec" is a serving load (not
a fine-tuning job), a fast-typed "cheapst" still asks for the cheapest GPU, "what's an X going for" asks its
price, and a memory "more than" a size with a "< $1/hr" ceiling lists the GPUs that have both, or says none
does and names the cheapest one above it."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse
from bot.nlu.text import normalise

from .asking import FORM, ask


def test_a_request_rate_written_req_per_sec_is_a_serving_load(real: Consultant) -> None:
    for text in ("~50 req/sec of llama 3.1 8b, how many L4s", "llama 3.1 8b at 50 reqs per second on L4s"):
        p = parse(text)
        assert p.intent == "serve" and p.slots.qps == 50
    reply = ask(real, "~50 req/sec of llama 3.1 8b, how many L4s")
    assert reply.startswith("*Serving Llama 3.1 8B (BF16) at 50 requests/s*")
    assert "fine-tuning" not in reply


def test_a_misspelt_cheapest_still_asks_for_the_cheapest_gpu(real: Consultant) -> None:
    assert normalise("Cheapst GPU to LoRA a 7B?").lower == "cheapest gpu to lora a 7b?"
    reply = ask(real, "chepest gpu to fully fine tune a 1B model?")
    assert reply.startswith("*The cheapest GPU for full fine-tuning of a 1B-parameter model:")
    assert normalise("the cheapstreet market").lower == "the cheapstreet market"  # whole words only


def test_a_misspelling_is_mended_in_any_case_and_inside_hyphenated_words_but_a_right_spelling_stays() -> None:
    assert normalise("FINE-TUNNING a 7B, then pre-trian-style runs").lower == (
        "fine-tuning a 7b, then pre-train-style runs"
    )
    assert normalise("x-Traning 3 dyas").lower == "x-training 3 days"
    assert normalise("LoRA fine-tune a 13B model, 10GB, fp16, 3 days").lower == (
        "lora fine-tune a 13b model, 10gb, fp16, 3 days"
    )


def test_a_misspelt_question_word_still_asks_that_question(real: Consultant) -> None:
    assert normalise("whats the diffrence betwen them, wich is more expensve").lower == (
        "whats the difference between them, which is more expensive"
    )
    assert normalise("shuold we comapre").lower == "should we compare"
    differ = ask(real, "whats the diffrence between an a100 and an h100")
    assert differ.startswith("*How the NVIDIA A100 80GB (SXM4) and the NVIDIA H100 SXM5 differ*")
    dearer = ask(real, "which is more expensve, l40s or a100")
    assert dearer.startswith("*The NVIDIA A100 80GB (SXM4) is more expensive.*"), dearer


def test_a_job_word_typed_with_a_letter_left_out_is_still_that_job(real: Consultant) -> None:
    assert normalise("finetun a 7b, fintuning, paramters, infrence").lower == (
        "finetune a 7b, finetuning, parameters, inference"
    )
    for text in ("hwo much does it cost to finetun a 7b modle", "cost to fintune a 7b model?",
                 "how much would finetunig a 7b model cost"):  # fmt: skip
        reply = ask(real, text)
        assert reply.startswith("*For full fine-tuning of a 7B model, the best value is"), (text, reply)
    # A one-letter-short word that is English stays: "retrain" is no pretrain, "parameter" is a word.
    assert normalise("retrain the 7b, one parameter").lower == "retrain the 7b, one parameter"


def test_a_typo_typed_with_a_dotless_i_is_answered_not_an_error(real: Consultant) -> None:
    # A Turkish keyboard's ı reads like the i of a misspelling the reader mends ("traning"), which has no
    # entry for it: the word stays as written and the rest of the message is read.
    assert normalise("LoRA tranıng a 7B").lower == "lora tranıng a 7b"
    reply = ask(real, "LoRA tranıng a 7B model on 10 GB of chat logs, bf16, 3 days")
    assert "7B" in reply and "LoRA" in reply
    assert "went wrong" not in reply.lower()


def test_what_a_gpu_is_going_for_asks_its_price(real: Consultant) -> None:
    reply = ask(real, "what is an A100 80GB going for per month now?")
    assert reply.startswith("*NVIDIA A100 80GB (SXM4), on demand, per GPU*:")


def test_a_size_floor_with_a_less_than_price_is_both_filters(real: Consultant) -> None:
    memory = parse("which cards have at least 48 GB and cost < $2/hr").gpu_memory
    assert memory is not None and memory.op == ">=" and memory.gb == 48
    strict = parse("which cards have more than 48 GB and cost < $2/hr").gpu_memory
    assert strict is not None and strict.op == ">" and strict.gb == 48  # the 48 GB cards are left out
    reply = ask(real, "which cards have at least 48 GB and cost < $2/hr")
    assert reply.startswith(
        "*2 GPUs rent for $2.00/GPU-hour or less* (on demand): NVIDIA RTX A6000, NVIDIA L40S."
    )
    assert not any(f in reply for f in FORM)


def test_no_gpu_within_a_ceiling_names_the_cheapest_above_it(real: Consultant) -> None:
    en = ask(real, "which cards have more than 40 GB and cost < $1/hr")
    assert en.startswith(
        "*No GPU with more than 40 GB in the catalogue rents for $1.00/GPU-hour or less* on demand. "
        "The cheapest is the NVIDIA RTX A6000, $1.09/GPU-hour on Lambda"
    )
    zh = ask(real, "显存 40G 以上、每小时 1 美元以内的卡有哪些")
    assert zh.startswith(
        "*目录里没有按需每卡时 $1.00 以内的显存至少 40 GB 的 GPU*。最便宜的是 NVIDIA RTX A6000："
    )


def test_the_last_of_several_questions_is_no_follow_up_of_the_last_answer(real: Consultant) -> None:
    assert parse("A100 和 L40S 显存各多少？带宽呢？").intent == "gpu_info"
    assert parse("L40S 呢？").intent == "whatif"
    reply = ask(real, "A100 和 L40S 显存各多少？带宽呢？")
    assert "*NVIDIA L40S*：显存 48 GB" in reply and not any(f in reply for f in FORM)


def test_memory_said_in_gigs_is_checked_with_the_other_figures(real: Consultant) -> None:
    reply = ask(real, "so the A6000 is 48 gigs and 155 TFLOPS bf16, yes?")
    assert reply.startswith("*Yes.*") and "48 GB of memory" in reply


def test_diff_is_short_for_difference_and_a_speed_difference_asks_how_much_faster(real: Consultant) -> None:
    assert (
        normalise("whats the diff between a100 and h100").lower
        == "whats the difference between a100 and h100"
    )
    differ = ask(real, "whats the diff between a100 and h100")
    assert differ.startswith("*How the NVIDIA A100 80GB (SXM4) and the NVIDIA H100 SXM5 differ*")
    speed = ask(real, "whats the speed diff between a100 and h100 for training like 2x?")
    assert speed.startswith("*The NVIDIA H100 SXM5 is faster.*") and "3.2×" in speed
    zh = ask(real, "A100 和 H100 性能差多少")
    assert zh.startswith("*NVIDIA H100 SXM5 更快*") and "3.2 倍" in zh


def test_a_guessed_speed_up_is_weighed_against_the_realised_training_speed_not_only_the_peak(
    real: Consultant,
) -> None:
    speed = ask(real, "whats the speed diff between a100 and h100 for training like 2x?")
    assert "That is the peak ratio; in realised training the NVIDIA H100 SXM5 is about *2.1×* faster" in speed
    assert "so your 2× is about right" in speed
    high = ask(real, "is the h200 really 2x faster than h100 for training or is that marketing")
    assert high.startswith("*About the same.*") and "so your 2× is more than even the peak ratio" in high
    flipped = ask(real, "which is faster, l40s or a100")
    assert (
        flipped.startswith("*The NVIDIA A100 80GB (SXM4) is faster.*")
        and "1.2× faster in peak compute" in flipped
    )
    assert "That is peak compute only, and here it misleads: in realised training the NVIDIA A100" in flipped
    assert ask(real, "is an L40S faster than an A100 for LoRA?").startswith("*No.*")
    zh = ask(real, "h100 比 a100 快 2 倍吗")
    assert "实际训练时 NVIDIA H100 SXM5 快约 *2.1 倍*，所以你说的 2 倍基本准确" in zh


def test_cheaper_per_token_trained_is_the_work_per_dollar_not_the_hourly_price(real: Consultant) -> None:
    text = ask(real, "whats cheaper per token trained, h100 or a100?")
    assert text.startswith("*The NVIDIA H100 SXM5 is better value for training.*")
