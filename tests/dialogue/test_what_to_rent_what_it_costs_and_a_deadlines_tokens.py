"""Round eleven's one-message planning questions: "which GPUs should I rent" with the model and data said is
planned without asking for a deadline; the cost of a job whose data is not said is given per reference
data (a model "built" for a use is a fine-tune, said as the assumption), not the data question; and the
tokens a deadline holds on named GPUs are computed."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import FORM, ask


def test_which_gpus_to_rent_with_the_data_said_needs_no_deadline(real: Consultant) -> None:
    zh = ask(real, "要训一个 3B 的模型，数据三百亿 token，该租什么卡")
    assert zh.startswith("*推荐方案*：") and "不限工期" in zh
    en = ask(real, "what gpus should we rent to fine-tune a 13B model on 2B tokens?")
    assert en.startswith("*Recommended:*") and "no deadline" in en
    assert not any(f in zh + en for f in FORM)


def test_which_gpu_to_rent_with_no_data_ranks_the_job_per_reference_data(real: Consultant) -> None:
    # what will do (the cheapest hour that holds it) first; the ranking per 1B tokens for a big dataset
    text = ask(real, "想用公司数据微调 Qwen2.5 7B，该租啥卡")
    assert (
        text.startswith("*70亿参数模型的全参数微调，4 张 NVIDIA RTX A6000（48 GB）就够*")
        and "每 10亿 tokens" in text
    )
    assert "数据量很大时，最划算的是" in text


def test_the_cost_of_a_job_with_no_data_is_given_per_reference_data(real: Consultant) -> None:
    text = ask(real, "what would a LoRA of a 13B model cost?")
    assert text.startswith("*For LoRA of a 13B model, the best value is") and "per 1B tokens" in text
    assert not any(f in text for f in FORM)


def test_a_model_built_for_a_use_is_a_fine_tune_and_said_so(real: Consultant) -> None:
    assert parse("打算做一个 13B 的法律问答模型，要花多少钱").task == "train"
    assert parse("部署一个 13B 的客服模型要几张卡").task == "serve"
    text = ask(real, "打算做一个 13B 的客服模型，要花多少钱")
    assert text.startswith("*130亿参数模型的全参数微调，最划算的是")
    assert "没说训练方法：做一个用在业务上的模型，通常是在现成的开源模型上微调" in text


def test_the_tokens_a_deadline_holds_on_named_gpus_are_computed(real: Consultant) -> None:
    en = ask(real, "could 16 H100s pretrain a 13B in 10 days, and how many tokens is that?")
    assert "In the 10 days you have, 16 × NVIDIA H100 SXM5 train about *" in en
    zh = ask(real, "4 张 A100 80G 两周能训多少 token 的 7B 模型")
    assert "*能训多少*：14 天内 4 张 NVIDIA A100 80GB (SXM4) 约能做 *" in zh


def test_the_tokens_a_deadline_holds_say_per_parameter_only_where_there_is_at_least_one(
    real: Consultant,
) -> None:
    lora = ask(real, "are 2 H100s enough for a 7B QLoRA with 1B tokens in 12 hours?")
    assert (
        "In the 12 hours you have, 2 × NVIDIA H100 SXM5 train about *" in lora and "per parameter" not in lora
    )
    zh = ask(real, "2 张 H100 做 7B QLoRA，10 亿 token，12 小时够吗")
    assert "约能训 *" in zh and "每参数约" not in zh
    scratch = ask(real, "can 8 H100s pretrain a 1B model on 100B tokens in 2 days?")
    assert "per parameter)" in scratch and "(~0 per parameter)" not in scratch


def test_a_budget_asked_for_a_model_built_for_a_use_is_its_cost(real: Consultant) -> None:
    text = ask(real, "想搞个 7B 的法律问答模型，预算要多少")
    assert text.startswith("*70亿参数模型的全参数微调，最划算的是") and "训练数据有多少" not in text


def test_the_cost_of_one_epoch_of_a_job_with_its_data_said_is_a_plan_without_a_deadline_question(
    real: Consultant,
) -> None:
    en = ask(real, "cost per epoch for a lora of qwen 7b on 80k samples of 1k tokens")
    assert en.startswith("*Recommended:*") and "80M tokens (80K samples × 1,000 tokens)" in en
    assert not any(question in en for question in FORM)
    zh = ask(real, "qwen 7b 全参微调，8万条数据每条1k token，每个epoch的成本大概多少")
    assert zh.startswith("*推荐方案*：") and "训练周期" not in zh
