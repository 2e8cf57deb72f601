"""Questions that count cards without naming them, ask for a card's figure on a counted server, or ask
a job's total (cost, GPU-hours) get their answer at once, with the assumption said."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import FORM, ask


def test_cards_counted_without_a_model_are_taken_as_80gb_training_gpus_and_said_so(real: Consultant) -> None:
    zh = ask(real, "4张卡能不能训70b")
    # No method said: full training does not fit, the adapters do, and that is the verdict.
    assert zh.startswith("*不能全参训练；用 LoRA 可以*") and "4 × 80 GB" in zh and "没说是哪种卡" in zh
    en = ask(real, "can 8 gpus handle a full finetune of 13b")
    assert en.startswith("*Yes.*") and "Which GPU? I assumed the NVIDIA H100 SXM5" in en


def test_the_power_of_a_counted_server_is_its_gpus_and_its_host(real: Consultant) -> None:
    text = ask(real, "一台8卡H100服务器功耗多少")
    assert "功耗（TDP）700 W" in text and "10.2 kW" in text and "模型有多少参数" not in text


def test_gpu_hours_and_a_cost_asked_apart_are_planned_without_a_deadline(real: Consultant) -> None:
    hours = ask(real, "how many gpu hours does a 13b lora on 1b tokens take")
    assert hours.startswith("*Recommended:*") and not any(f in hours for f in FORM)
    cost = ask(real, "how much does a lora on mistral 7b cost with 100k examples of 512 tokens")
    assert cost.startswith("*Recommended:*") and "$" in cost


def test_the_catalogue_answers_which_cards_are_available(real: Consultant) -> None:
    assert ask(real, "what cards are available").startswith("*GPU catalogue*")


def test_a_laptop_is_outside_the_catalogue(real: Consultant) -> None:
    text = ask(real, "can i train on a macbook m3")
    assert "NVIDIA and AMD GPUs only" in text


def test_a_spot_price_asked_leads_with_the_spot_listings(real: Consultant) -> None:
    text = ask(real, "h200 spot price?")
    assert text.startswith("*The cheapest NVIDIA H200 SXM on spot:") and "on demand $" in text
    assert "競價" in ask(real, "搶佔式 H100 多少錢")


def test_a_version_before_a_size_is_not_a_thousands_group(real: Consultant) -> None:
    from bot.nlu import parse

    assert parse("llama 3 405b 全参微调要多少卡").slots.params == 405e9
    assert parse("gemma 3 270m lora").slots.params == 270e6


def test_how_many_cards_a_sized_model_needs_gets_the_gpus_that_hold_it(real: Consultant) -> None:
    text = ask(real, "how many gpus do i need to full finetune a 70b model")
    assert "24 × NVIDIA H100 SXM5" in text and not any(f in text for f in FORM)


def test_how_many_of_a_named_gpu_a_job_with_data_and_a_budget_needs_gets_the_plan(real: Consultant) -> None:
    hant = ask(real, "需要多少張 H100 微調 llama 3 8b，資料 2億 token，預算 5万美元")
    assert hant.startswith("*推薦方案*：") and "NVIDIA H100 SXM5" in hant and "小時*" in hant and "*$" in hant
    assert "一張放不下" not in hant and "放得下的方案" not in hant
    en = ask(real, "full finetune 13b on 100k samples, budget $50k, how many h100?")
    assert "What does fit" not in en and "tokens is each of the 100K samples" in en


def test_a_rate_asked_of_a_named_provider_is_checked_against_its_listing(real: Consultant) -> None:
    zh = ask(real, "H100 在 Lambda 一小時是 2 美元嗎")
    assert zh.startswith("*不是*：Lambda") and "$3.99" in zh and "0.0417" not in zh
    en = ask(real, "is an h100 on lambda $3.99 an hour?")
    assert en.startswith("*Yes*: Lambda lists the NVIDIA H100 SXM5 at $3.99/GPU-hour")


def test_whether_a_quoted_rate_is_dear_is_judged(real: Consultant) -> None:
    assert ask(real, "H100 一小时 2 美元 贵不贵").startswith("*划算*")


def test_two_boards_of_one_family_are_compared(real: Consultant) -> None:
    # how far apart they are, first, then the side-by-side card
    zh = ask(real, "h100 sxm 和 h100 pcie 差多少")
    assert zh.startswith("*NVIDIA H100 SXM5 更快*") and "*NVIDIA H100 SXM5 对比 NVIDIA H100 PCIe*" in zh
    en = ask(real, "is h100 pcie much slower than sxm")
    assert en.startswith("*Yes.*") and "989" in en and "756" in en


def test_the_cheapest_cloud_for_a_server_of_gpus_is_one_server_that_holds_them(real: Consultant) -> None:
    text = ask(real, "what's the cheapest cloud for 8x h100")
    assert "`gpu_8x_h100_sxm5`" in text and "talk over the network" not in text
