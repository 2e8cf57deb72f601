"""One-message questions of round twelve's red-team: serving and training memory asked side by side get
both, a year's rent is priced for a year, a GPU the catalogue lacks is never answered as a neighbour, a
training failure reported as a complaint gets its FAQ entry, a list of questions gets the datasheet, three
GPUs are compared for serving, a wrong "same speed" premise is corrected, and a GPU settled on (or a
run of a stated length) is planned, not weighed or served."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_serving_and_training_memory_asked_together_are_both_answered(real: Consultant) -> None:
    hans = ask(real, "Qwen2.5 14B 推理要多少显存？全参训练又要多少？")
    assert hans.startswith("*部署 Qwen2.5 14B 需要的显存*（推理，不是训练）")
    assert "*训练 140亿参数模型需要的显存*" in hans and "*全参数微调*：单卡合计约 240 GB" in hans
    hant = ask(real, "Llama 3.1 8B 推論跟全參微調各要多少顯存？")
    assert hant.startswith("*部署 Llama 3.1 8B 需要的顯存*") and "*訓練 80億參數模型需要的顯存*" in hant
    en = ask(real, "how much GPU memory does mistral 7b need for inference vs for full training?")
    assert en.startswith("*Memory to serve Mistral 7B v0.1* (inference, not training)")
    assert "*GPU memory to train a 7B-parameter model*" in en
    # training that comes before serving is not a second question
    assert not parse("we fine-tuned llama 8b and want to deploy it, how much memory?").both_tasks


def test_a_years_rent_is_priced_for_the_year(real: Consultant) -> None:
    assert parse("what's the annual cost of keeping one B200 rented 24/7?").price_period == "year"
    assert parse("公司要長期租 8 張 H100 一整年，大概要準備多少預算").price_period == "year"
    reply = ask(real, "公司要長期租 8 張 H100 一整年，大概要準備多少預算")
    assert reply.startswith("*8 張 NVIDIA H100 SXM5 租一年（8,760 小時），按需*")


def test_a_gpu_the_catalogue_lacks_is_said_plainly_and_never_read_as_a_neighbour(real: Consultant) -> None:
    mi250 = ask(real, "how does the MI250 compare to the MI300X for training?")
    assert mi250.startswith("*No MI250 in the catalogue*")
    assert "MI250X" not in mi250.split("\n")[0]
    ada = ask(real, "RTX 6000 Ada 現在一小時多少錢？")
    assert ada.startswith("*目錄裡沒有 RTX 6000 Ada*")


def test_a_training_failure_reported_as_a_complaint_gets_its_faq_entry(real: Consultant) -> None:
    nan = ask(real, "loss 变成 nan 了怎么办，用的 bf16")
    assert nan.startswith("*训练 loss 变成 NaN 或突然飙升，怎么办？（BF16 也会）*")
    assert "梯度裁剪" in nan
    oom = ask(real, "訓練跑到一半一直 OOM，batch 已經調到 1 了還是爆，怎麼辦")
    assert oom.startswith("*訓練時爆顯存（OOM）怎麼辦？micro-batch 降到 1 還是爆呢？*")
    # no question word: the symptom is the question, not a precision to fill in
    said = ask(real, "my loss went nan after 2k steps, using bf16")
    assert said.startswith("*The training loss turned NaN or spiked: what do I do? (BF16 too)*")


def test_a_list_of_questions_about_one_gpu_gets_its_datasheet(real: Consultant) -> None:
    reply = ask(
        real, "what's the H100's memory bandwidth, how much does it cost per hour, and does it support FP8?"
    )
    assert "*NVIDIA H100 SXM5*: 80 GB memory, 3.35 TB/s; dense TFLOPS: BF16 989, FP16 989, FP8 1,979" in reply
    assert "Cheapest on-demand: $3.99/GPU-hour" in reply


def test_three_gpus_are_compared_for_serving_and_one_is_picked(real: Consultant) -> None:
    en = ask(real, "A100 vs H100 vs H200 for serving llama 70b — which one would you pick?")
    # the pick first, then the GPUs weighed
    assert en.startswith(
        "*Pick the NVIDIA H100 SXM5*: all 3 meet the latency targets, and it costs the least per token.\n"
        "*NVIDIA A100 80GB (SXM4) vs NVIDIA H100 SXM5 vs NVIDIA H200 SXM for serving Llama 3.3 70B (BF16)"
    )
    assert "Cheapest per token: NVIDIA H100 SXM5; fastest for each user: NVIDIA H200 SXM." in en
    zh = ask(real, "L4、A10、L40S 部署 Qwen2.5 7B 哪个好")
    assert zh.startswith(
        "*选 NVIDIA A10*：3 款都满足延迟目标，它按 token 算最便宜。\n*NVIDIA L4、NVIDIA A10、NVIDIA L40S 部署"
    )


def test_a_same_speed_premise_is_checked_before_the_rest(real: Consultant) -> None:
    en = ask(real, "the H100 PCIe and SXM are the same speed, so I should just rent the cheaper PCIe, right?")
    assert en.startswith("*No — the NVIDIA H100 PCIe and the NVIDIA H100 SXM5 are not the same speed:*")
    assert "Per unit of training work the NVIDIA H100 SXM5 costs less" in en
    zh = ask(real, "A100 40G 和 80G 算力一样，那租 40G 就行了吧")  # 40G here is a board, not 40 GB of data
    assert zh.startswith("*差不多一样快：*稠密 BF16 312 对 312 TFLOPS")
    assert "不过 NVIDIA A100 80GB (SXM4) 显存更大（80 GB 对 40 GB）" in zh


def test_a_serving_question_beside_a_corrected_figure_is_still_about_serving(real: Consultant) -> None:
    reply = ask(real, "聽說 MI300X 只有 128G 顯存，那應該跑不了 70B 推論吧？")
    assert reply.startswith("小小更正：沒有 128GB 的 MI300X")
    assert "*能。*1 × AMD Instinct MI300X 可以用 BF16 部署 700億參數的模型" in reply
    assert "standard shape" not in reply and "全參數微調" not in reply


def test_a_wrong_premise_running_into_its_question_is_corrected_and_the_question_answered(
    real: Consultant,
) -> None:
    text = ask(real, "since the A100 has 120GB can i full finetune a 13b on one")
    assert text.startswith("A small correction: There is no 120 GB A100"), text
    assert "*Not with plain AdamW" in text and not any(question in text for question in FORM)


def test_a_gpu_settled_on_is_planned_and_a_timed_run_is_training(real: Consultant) -> None:
    settled = ask(real, "4090 显存不够，只好用 2 张 A100 80G 做 LoRA 13B")
    assert settled.startswith("好的：130亿参数，LoRA 微调，NVIDIA A100 80GB (SXM4)，2 张卡。")
    run = ask(real, "3-day run, 7B")
    assert run.startswith("Got it: 7B parameters, 3 days.")
    assert FORM[1] in run and "Serving" not in run


def test_serving_and_tuning_memory_named_apart_are_both_answered(real: Consultant) -> None:
    hans = ask(real, "部署 Llama 3.1 70B 和 LoRA 微调它，显存分别要多少？")
    assert hans.startswith("*部署 Llama 3.1 70B 需要的显存*") and "*训练 700亿参数模型需要的显存*" in hans
    en = ask(real, "Qwen2.5 32B: memory to serve it, and memory to QLoRA it?")
    assert en.startswith("*Memory to serve Qwen2.5 32B*") and "• *QLoRA*: ~24.9 GB in all on one GPU" in en


def test_serving_on_a_gpu_the_catalogue_lacks_gets_the_serving_memory(real: Consultant) -> None:
    reply = ask(real, "MI250 能跑 70B 推理吗")
    assert reply.startswith("*目录里没有 MI250*")
    assert "*部署 700亿参数的模型需要的显存*（推理，不是训练）" in reply and "全参数微调" not in reply


def test_a_count_of_the_gpus_listed_is_the_list_not_a_cluster(real: Consultant) -> None:
    assert parse("L4、L40S、A100 三張卡推論 Llama 3.1 8B，選哪張？").slots.gpu_count is None
    assert parse("用 2 张 A100 还是 2 张 H100 训练 7B").slots.gpu_count == 2
    reply = ask(real, "L4、L40S、A100 三張卡推論 Llama 3.1 8B，選哪張？")
    assert reply.startswith("*選 NVIDIA L40S*：3 款都滿足延遲目標")
    assert "\n*NVIDIA L4、NVIDIA L40S、NVIDIA A100 80GB (SXM4) 部署 Llama 3.1 8B" in reply


def test_a_price_asked_beside_another_question_follows_its_answer(real: Consultant) -> None:
    en = ask(
        real, "how much memory does the L40S have, what does it cost a month, and is it good for training?"
    )
    assert en.startswith("*For jobs that fit on one card, yes; for sharding a large model, no.*")
    assert "*NVIDIA L40S, on demand, per GPU*:" in en
    zh = ask(real, "H200 一小时多少钱？包月呢？跑 70B 推理要几张？")
    assert (
        zh.startswith("*8 张 NVIDIA H200 SXM*：推理部署 700亿参数的模型（BF16）")
        and "*NVIDIA H200 SXM 按需价（每卡）*" in zh
    )


def test_a_yearly_provider_comparison_says_the_saving_per_year(real: Consultant) -> None:
    reply = ask(real, "yearly cost of one H100 on Lambda vs AWS?")
    assert "about $2,110 less per GPU-month and $25,316 per GPU-year (8,760 hours)" in reply


def test_a_memory_premise_between_two_gpus_gets_its_verdict(real: Consultant) -> None:
    reply = ask(real, "H20 既然是 H100 的阉割版，那显存也比 H100 小吧？")
    assert reply.startswith("*不是*。NVIDIA H20 显存 96 GB，NVIDIA H100 SXM5 80 GB。")


def test_a_size_said_of_a_gpu_is_its_memory_and_the_premise_is_checked(real: Consultant) -> None:
    assert parse("A100 只有 40G 的吧？那 70B QLoRA 肯定放不下").slots.data_bytes is None
    reply = ask(real, "A100 只有 40G 的吧？那 70B QLoRA 肯定放不下")
    assert reply.startswith("*能*。单张 NVIDIA A100 80GB (SXM4) 放得下 700亿参数模型的 QLoRA")


def test_the_other_task_asked_again_with_a_short_follow_on_gets_its_memory(real: Consultant) -> None:
    reply = ask(real, "Mistral 7B 推論要多少顯存？那 LoRA 訓練呢？")
    assert reply.startswith("*部署 Mistral 7B v0.1 需要的顯存*") and "*訓練 70億參數模型需要的顯存*" in reply


def test_a_price_and_a_yes_no_job_question_get_the_verdict_and_the_price(real: Consultant) -> None:
    reply = ask(real, "what's an A100 80GB per hour on Lambda, and can one fine-tune llama 3.1 8b with LoRA?")
    assert reply.startswith("*Yes.* One NVIDIA A100 80GB (SXM4) can hold LoRA of an 8B-parameter model")
    assert "• Lambda: *$2.79/GPU-hour*" in reply
    # a question about the GPU itself stays with the datasheet that answers the rest
    sheet = ask(
        real, "what's the H100's memory bandwidth, how much does it cost per hour, and does it support FP8?"
    )
    assert "3.35 TB/s" in sheet


def test_each_memory_asked_of_serving_and_qlora_gets_both(real: Consultant) -> None:
    reply = ask(real, "Qwen2.5-7B 的推理显存和 QLoRA 训练显存各是多少")
    assert reply.startswith("*部署 Qwen2.5 7B 需要的显存*") and "• *QLoRA*：" in reply


def test_a_monthly_price_and_a_chinese_yes_no_job_question_get_both(real: Consultant) -> None:
    reply = ask(real, "H100 一個月多少錢？能不能拿來全參微調 Llama 3.1 8B？")
    assert reply.startswith("*普通 AdamW 放不下——用低顯存方案可以*。80億參數模型的全參數微調光模型狀態")
    assert "*NVIDIA H100 SXM5 按需價（每卡）*" in reply


def test_a_same_memory_premise_is_answered_on_memory(real: Consultant) -> None:
    reply = ask(real, "an H100 has the same memory as an H200, right?")
    assert reply.startswith("*No.* The NVIDIA H100 SXM5 has 80 GB, the NVIDIA H200 SXM 141 GB.")


def test_qlora_slower_than_lora_is_the_qlora_faq(real: Consultant) -> None:
    reply = ask(real, "QLoRA 訓練速度好慢，比 LoRA 還慢，正常嗎")
    assert reply.startswith("*QLoRA 是什麼？能省多少顯存？*") and "反量化" in reply


def test_how_far_apart_two_gpus_bandwidths_are_is_answered_on_that_figure(real: Consultant) -> None:
    memory = ask(real, "A100 和 H100 的显存带宽差多少")
    assert memory.startswith("*NVIDIA H100 SXM5 显存带宽更高*。NVIDIA A100 80GB (SXM4) 显存带宽 2.04 TB/s")
    link = ask(real, "H100 和 A100 的 NVLink 带宽差多少")
    assert link.startswith("*NVIDIA H100 SXM5 卡间互联更快*。NVIDIA H100 SXM5 的 NVLink 900 GB/s")
    assert "相差约 1.5 倍" in link


def test_taiwans_word_for_bandwidth_and_how_many_times_apart_compare_that_figure(real: Consultant) -> None:
    link = ask(real, "A100 跟 H100 的 NVLink 頻寬各是多少？差幾倍？")
    assert link.startswith("*NVIDIA H100 SXM5 卡間互聯更快*。") and "相差約 1.5 倍" in link


def test_a_premise_about_a_gpu_the_catalogue_lacks_is_checked_with_the_figures(real: Consultant) -> None:
    en = ask(real, "A GTX 1660 could full fine-tune a 13B overnight, right?")
    assert en.startswith("*No GTX 1660 in the catalogue*") and "How much training data" not in en
    assert "is model state (weights, gradients, AdamW states" in en
    hans = ask(real, "两块 2080ti 三天就能预训练 30B 吧？")
    assert hans.startswith("*目录里没有 2080ti*") and "*不能*" in hans and "没说是哪种卡" not in hans


def test_a_price_and_a_fit_asked_after_a_lead_in_or_a_comma_are_both_answered(real: Consultant) -> None:
    en = ask(real, "two qs: how much is an L4 per hour, and can it fine-tune a 7B with LoRA?")
    assert en.startswith("*Yes.* One NVIDIA L4 can hold LoRA of a 7B-parameter model")
    assert "*NVIDIA L4, on demand, per GPU*" in en and "$0.70/GPU-hour" in en
    zh = ask(real, "L4 一小时多少钱，能跑 7B 的 LoRA 吗")
    assert zh.startswith("*能*。单张 NVIDIA L4 放得下 70亿参数模型的 LoRA")
    assert "*NVIDIA L4 按需价（每卡）*" in zh and not any(f in zh for f in FORM)
    # a bare "多少钱" beside a sized job asks the job's cost, not the GPU's price list
    assert not parse("能不能帮我算一下 70B 全参微调要几张 H100，多少钱").also_price


def test_a_bare_geforce_number_in_english_is_a_gpu_the_catalogue_lacks_and_its_memory_no_data(
    real: Consultant,
) -> None:
    bare = ask(real, "is a 3060 ok for qlora 7b?")
    assert bare.startswith("*No 3060 in the catalogue*") and "*QLoRA*: ~" in bare
    with_memory = ask(real, "a 3060 12gb ok for qlora 7b?")
    assert with_memory.startswith("*No 3060 in the catalogue*") and "*QLoRA*: ~" in with_memory
    assert "12 GB of data" not in with_memory and not any(f in with_memory for f in FORM)
    assert ask(real, "would a 4060 ti 16gb work for lora on a 3b").startswith("*No 4060 ti in the catalogue*")
    assert "No 1050" not in ask(real, "how many tokens is a 1050 word essay")  # a count, no card


def test_the_memory_said_of_a_card_the_catalogue_lacks_is_weighed_against_the_job(real: Consultant) -> None:
    fits = ask(real, "a 3060 12gb ok for qlora 7b?")
    assert fits.startswith(
        "*No 3060 in the catalogue*: I have no sourced figures or prices for it, so I go by"
    )
    assert "*Yes: 12 GB holds QLoRA of a 7B model* (~" in fits
    too_small = ask(real, "is a 3060 12gb enough for full finetuning a 7b")
    assert "*No: 12 GB does not hold full fine-tuning of a 7B model*" in too_small and "QLoRA (~" in too_small
    asked_after = ask(real, "ive got a 3080 10gb, will qlora on mistral 7b fit")
    assert "*Yes: 10 GB holds QLoRA of a 7B model*" in asked_after and not any(f in asked_after for f in FORM)
    zh = ask(real, "3060 12gb 能 qlora 7b 吗")
    assert zh.startswith("*目录里没有 3060*：没有它带来源的参数和价格，按你说的 12 GB 显存来看")
    # no size said: the memory the job needs, as before
    assert "can't size or price it" in ask(real, "is a 3060 ok for qlora 7b?")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("can two 4090s with nvlink fine tune a 13b model?", "_The NVIDIA GeForce RTX 4090 has no NVLink: "),
        (
            "we'll link two 4090s over NVLink to get 48GB, can we LoRA a 34B?",
            "_The NVIDIA GeForce RTX 4090 has no",
        ),
        ("两张 4090 用 NVLink 连起来能全参微调 7B 吗？", "_NVIDIA GeForce RTX 4090 没有 NVLink："),
        ("兩張 L40S 用 NVLink 連起來能跑 70B 推理嗎？", "_NVIDIA L40S 沒有 NVLink："),
    ],
)
def test_a_gpu_said_to_be_linked_by_nvlink_that_has_none_is_corrected_before_the_answer(
    real: Consultant, text: str, says: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(says)
    assert len(reply.split("\n\n")) > 1  # the answer follows


def test_nvlink_said_of_a_gpu_that_has_it_or_asked_about_adds_no_premise_line(real: Consultant) -> None:
    assert "has no NVLink: its GPUs talk over PCIe, fine" not in ask(
        real, "can two A100s with nvlink fine tune a 13b?"
    )
    asked = ask(real, "does the 4090 have nvlink?")
    assert asked.startswith("*No.*") and asked.count("has no NVLink") == 1
