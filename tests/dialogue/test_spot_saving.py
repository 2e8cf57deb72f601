""" "How much would spot save?" after a plan is answered on that plan: each option's spot price where its
quoted offering has one (else the same GPUs where another provider lists one), the saving, the risk in
one line and the FAQ entry to read on. Before a plan, the FAQ entry answers."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask

PLAN_ZH = "预训练 7B，数据 500B token，BF16，两个月"


def test_spot_saving_after_a_plan_gives_each_options_spot_price_and_saving(real: Consultant) -> None:
    plan = ask(real, PLAN_ZH)
    assert "16 × NVIDIA H200 SXM" in plan and "竞价 $33,832" in plan
    zh = ask(real, PLAN_ZH, "用竞价实例能省多少")
    assert zh.startswith("*按这个方案，竞价实例能省多少*")
    assert "16 × NVIDIA H200 SXM：按需 $138,318 → 竞价约 $33,832，省约 $104,486（76%）" in zh
    # Lambda quotes no spot for 8 B200s; AWS lists the same eight on spot.
    assert (
        "8 × NVIDIA B200（推荐方案）：按需 $61,240 → 竞价约 $24,046（同样的卡在 AWS 的 `p6-b200.48xlarge`）"
        in zh
    )
    assert "16 × AMD Instinct MI300X：按需 $109,334，目录里没有这种配置的竞价价格" in zh
    assert "断点续训" in zh and "详见“抢占式 / Spot 实例能用来训练吗？”" in zh
    assert "*推荐方案*" not in zh  # the plan is not shown again


def test_spot_saving_is_asked_in_traditional_chinese_and_english_too(real: Consultant) -> None:
    hant = ask(real, "預訓練 7B，資料 500B token，BF16，兩個月", "用競價實例能省多少錢？")
    assert "競價約 $33,832" in hant and "目錄裡沒有這種配置的競價價格" in hant and "详" not in hant
    en = ask(real, "pretrain 7B on 1T tokens, bf16, 1 month", "how much would spot save?")
    assert en.startswith("*What spot would save on this plan*")
    assert "(the plan): $264,685 on demand → about $48,821 on spot, saving about $215,864 (82%)" in en
    assert (
        "no provider in the catalogue lists a spot price for this setup" in en
        and 'More in "Can I train on spot' in en
    )


def test_spot_saving_on_a_plan_without_spot_prices_says_it_cannot_be_computed(real: Consultant) -> None:
    en = ask(real, "pretrain 7B on 100B tokens, bf16, 1 month, on MI300X", "how much cheaper is spot?")
    assert "None of these setups has a spot price in the catalogue" in en
    # Planned on any GPU, the same job finds the B200s' spot price at another provider.
    found = ask(real, "pretrain 7B on 100B tokens, bf16, 1 month", "how much cheaper is spot?")
    assert "(the same GPUs as `p6-b200.48xlarge` on AWS)" in found


def test_spot_saving_at_many_nodes_warns_that_spot_is_unrealistic(real: Consultant) -> None:
    en = ask(real, "pretrain 70B on 2T tokens, bf16, 2 months", "how much would spot save?")
    assert "saving about" in en and "rarely available" in en


def test_spot_saving_before_a_plan_gets_the_faq_entry(real: Consultant) -> None:
    en = ask(real, "how much would spot save?")
    assert "Yes, and they are often half price or less" in en and "on this plan" not in en
    zh = ask(real, "用竞价实例能省多少")
    assert "断点续训" in zh and "按这个方案" not in zh


def test_reserved_saving_after_a_plan_prices_whole_months_at_the_stated_discount(real: Consultant) -> None:
    zh = ask(real, PLAN_ZH, "包月能省多少")
    assert zh.startswith("*按这个方案，包月 / 预留能省多少*") and "约 30% 折扣估算" in zh
    assert "• 8 × NVIDIA B200（推荐方案）：约 48 天跑完，按需 $61,240，包 2 个月约 $54,697，省约 $6,542" in zh
    assert "忙约 21 天以上时才划算" in zh and "*推荐方案*" not in zh


def test_what_the_plan_costs_on_a_monthly_term_is_the_reserved_saving_set_against_on_demand(
    real: Consultant,
) -> None:
    hant = ask(real, "預訓練 7B，資料 1000 億 token，兩個月內", "用包月的話多少錢")
    assert hant.startswith("*按這個方案，包月 / 預留能省多少*")
    assert "包 1 個月約 $27,349，反而多花約 $15,069（包月要付滿 1 個月）" in hant


def test_reserving_a_short_job_costs_more_and_says_so(real: Consultant) -> None:
    hant = ask(real, "全參微調 7B，資料 10 億 token，一週", "預留執行個體能省多少")
    assert "包 1 個月約 $3,572，反而多花約 $3,435（包月要付滿 1 個月）" in hant
    en = ask(real, "full fine-tune 7B on 1B tokens, 1 week", "how much would reserved instances save?")
    assert "costs about $3,435 more (a reservation pays for whole months)" in en


def test_reserved_saving_before_a_plan_gets_the_billing_faq(real: Consultant) -> None:
    zh = ask(real, "包月能省多少")
    assert zh.startswith("*租用 GPU 云服务器怎么控制成本？按量付费还是包年包月？*")


def test_a_short_follow_up_on_reserving_after_the_spot_saving_gets_the_reserved_saving(
    real: Consultant,
) -> None:
    plan = "pretrain 3B on 200B tokens in 5 weeks"
    en = ask(real, plan, "how much cheaper would spot be?", "and a monthly reservation?")
    assert en.startswith("*What reserved or monthly capacity would save on this plan*")


def test_the_billing_line_shows_the_reservation_it_weighs(real: Consultant) -> None:
    long_run = ask(real, "預訓練 7B，資料 300B token，BF16，兩個月")
    assert "*計費*：約 29 天持續佔用：按月預留 1 個月約 $27,349，比按需的 $36,760 省約 $9,411" in long_run
    en = ask(real, "pretrain 3B on 100B tokens in 6 weeks", "what if we only had 8 L40S?")
    said = "*Billing:* pay-as-you-go: reserved by the month, this run of about 36 days would pay for 2 whole"
    assert said + " months" in en
    assert "usually beats pay-as-you-go" not in en


def test_a_weekly_term_after_a_plan_says_the_weeks_it_needs_and_what_they_must_cost(real: Consultant) -> None:
    zh = ask(real, "从头预训练 1B 模型，300 亿 token，三周内", "按周付费行不行")
    assert zh.startswith("*按这个方案，按周租划不划算*") and "没有按周报价" in zh
    assert "约 3.9 天跑完，按周要租 1 周（7 天）；按量约 $657" in zh
    assert "1 周的总价低于这个数（比按量单价便宜 44% 以上）才划算" in zh
    long_run = ask(real, "预训练 7B，数据 1000 亿 token，两个月", "按周租划算吗")
    assert "约 9.6 天跑完，按周要租 2 周（14 天）" in long_run
    en = ask(real, "pretrain a 1B model on 30B tokens in 3 weeks", "is weekly billing an option?")
    assert "so 1 week (7 days) by the week; $657 on demand" in en
    assert ask(real, "按周付费行不行").startswith("*租用 GPU 云服务器怎么控制成本？")


def test_how_much_cheaper_spot_is_with_no_gpu_or_plan_gives_the_catalogues_range_then_the_notes(
    real: Consultant,
) -> None:
    zh = ask(real, "竞价实例比按需便宜多少")
    assert zh.startswith("*竞价比按需便宜多少*：目录里 ") and "个同时标了按需价和竞价价的实例" in zh
    assert "竞价便宜 " in zh and "中位数约 " in zh and "的快照" in zh
    assert zh.index("中位数") < zh.index("*抢占式 / Spot 实例能用来训练吗？*")
    assert "最便宜的竞价 NVIDIA H100" in ask(real, "H100 竞价多少钱")
    en = ask(real, "how much cheaper is spot than on-demand?")
    assert en.startswith("*How much cheaper spot is than on demand*: across the catalogue's ")
    assert "How much cheaper" not in ask(real, "are spot instances a good idea for a 4 day fine-tuning job?")


def test_the_plans_cost_asked_on_spot_gets_its_spot_prices_not_the_on_demand_total(real: Consultant) -> None:
    en = ask(real, "pretrain 7B on 1T tokens, bf16, 1 month", "how much would that cost on spot?")
    assert en.startswith("*What spot would save on this plan*") and "in total on demand" not in en
    also = ask(real, "pretrain 7B on 1T tokens, bf16, 1 month", "and on spot instances, what's the total?")
    assert also.startswith("*What spot would save on this plan*")
    zh = ask(real, PLAN_ZH, "用竞价实例的话一共多少钱")
    assert zh.startswith("*按这个方案，竞价实例能省多少*") and "竞价约 $33,832" in zh
    hant = ask(real, "預訓練 7B，資料 500B token，BF16，兩個月", "用搶佔式實例要花多少錢")
    assert hant.startswith("*按這個方案，競價") and "競價約 $33,832" in hant


def test_the_plans_cost_asked_without_spot_is_still_the_on_demand_total(real: Consultant) -> None:
    en = ask(real, "pretrain 7B on 1T tokens, bf16, 1 month", "how much would that cost in total?")
    assert en.startswith("*This plan (") and "in total on demand" in en
