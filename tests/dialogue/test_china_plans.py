"""A mainland-China conversation is planned on what can be rented there and priced in CNY from the
public Chinese list prices, each naming where it comes from and its date (or "date unknown")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.dialogue.consultant import Consultant
from knowledge import load_knowledge
from sizing import plan
from sizing.types import SizingRequest

from .conftest import TODAY

CHINA_LORA = "我们在国内，想用LoRA微调一个7B模型，数据2GB，5天内完成"


def china_block(text: str) -> str:
    return text.split("\n\n")[0]


def test_a_china_plan_quotes_marketplace_list_prices_in_yuan_with_their_source(real: Consultant) -> None:
    block = china_block(real.handle("s", CHINA_LORA).text)
    assert "国内可租的配置" in block
    priced = [line for line in block.splitlines() if line.startswith("•") and "¥" in line]
    assert priced and all("标价" in line and "日期未知" in line for line in priced)
    assert "算家云" in block  # the RTX 4090 list price's marketplace


def test_the_yuan_total_is_the_list_price_times_the_billed_hours() -> None:
    kb = load_knowledge()
    request = SizingRequest(params=7e9, tokens=4e8, method="lora", gpu="rtx4090", today=TODAY)
    option = plan(request, kb.china_catalog).options[0]
    assert option.quote is not None
    listed = next(o for o in kb.offering_records if o.id == "suanjiayun/rtx4090").price_cny_per_hour
    assert listed is not None
    cny = option.to_dict("CNY")["cost"]
    assert cny["amount"] == pytest.approx(listed * option.quote.billed_hours, rel=1e-3)
    assert cny["price_currency"] == "CNY"


def test_chinese_list_prices_never_price_a_plan_outside_china() -> None:
    kb = load_knowledge()
    china_ids = {o.id for o in kb.china_catalog.offerings}
    assert china_ids and not china_ids & {o.id for o in kb.catalog.offerings}


def test_an_operators_own_prices_serve_china_plans_too(tmp_path: Path) -> None:
    sheet = tmp_path / "ops.yaml"
    sheet.write_text(
        "offerings:\n"
        "  - {id: yidian/8xh800, cloud: yidian, instance_type: 8xh800, gpu: h800, gpu_count: 8,\n"
        "     price_cny_per_hour: 120.0, region: cn-north-1, as_of: 2026-11-01, source: contract}\n",
        encoding="utf-8",
    )
    kb = load_knowledge(offerings_file=sheet)
    assert "yidian/8xh800" in {o.id for o in kb.china_catalog.offerings}
    assert "yidian/8xh800" in {o.id for o in kb.catalog.offerings}
    h800 = next(o for o in kb.china_catalog.offerings if o.id == "yidian/8xh800")
    assert h800.currency == "CNY" and h800.price_usd_per_hour == pytest.approx(120.0 / kb.catalog.usd_to_cny)


def test_the_gpus_a_user_names_in_china_are_the_china_plan(real: Consultant) -> None:
    text = real.handle("s", "我们在国内，用4张A800全参微调7B模型，数据2GB，一周内").text
    china = text.split("以下海外云方案")[0]
    assert "4 × NVIDIA A800 80GB SXM" in china and "H800" not in china.split("：", 1)[1]


def test_china_options_that_miss_the_deadline_come_last_and_say_so(real: Consultant) -> None:
    text = real.handle("s", "我们在国内，LoRA 13B，数据1GB，一天内").text
    rows = [line for line in text.split("以下海外云方案")[0].splitlines() if line.startswith("•")]
    late = ["超过工期" in row for row in rows]
    assert rows and late == sorted(late)  # every plan in time is listed before every late one


def test_a_china_serving_plan_is_priced_in_yuan_from_a_marketplace_host(real: Consultant) -> None:
    text = real.handle("s", "国内部署Qwen2.5-72B做推理，50个并发，需要几张卡？").text
    headline = next(line for line in text.splitlines() if line.startswith("*推荐*"))
    assert "每小时 ¥" in headline and "$" not in headline
    assert "日期未知" in headline


def test_a_china_serving_plan_with_far_fewer_gpus_wins_over_a_slightly_cheaper_crowd(
    real: Consultant,
) -> None:
    text = real.handle("s", "在国内部署Qwen2.5-72B推理，50个并发").text
    headline = next(line for line in text.splitlines() if line.startswith("*推荐*"))
    assert "RTX 3090" not in headline and "A800" in headline


def test_a_china_training_option_on_several_marketplace_gpus_has_a_yuan_price(real: Consultant) -> None:
    block = china_block(real.handle("s", "我们在国内，用8张A800全参微调7B模型，数据2GB，一周内").text)
    line = next(line for line in block.splitlines() if "8 × NVIDIA A800" in line)
    assert "¥" in line and "没有公开价格" not in line


def test_late_china_options_are_listed_closest_to_the_deadline_first(real: Consultant) -> None:
    block = china_block(real.handle("s", "国内训练一个70亿参数模型，数据500GB，一个月").text)
    late_days = [
        float(line.split("约 ")[1].split(" 天")[0])
        for line in block.splitlines()
        if "超过工期" in line and " 天" in line
    ]
    assert len(late_days) >= 2 and late_days == sorted(late_days)


def test_a_plan_on_an_unpriced_gpu_still_advises_billing_by_the_runs_length(real: Consultant) -> None:
    years = real.handle("s-years", "想用 8 卡 H800 训 34B，数据 1T token，要多久").text
    assert "包年包月/预留" in years and "短期任务" not in years
    hours = real.handle("s-hours", "用 8 卡 H800 训 7B，数据 2B token，一周内").text
    assert "短期任务" in hours


def test_a_plan_on_a_gpu_priced_only_by_a_chinese_marketplace_quotes_that_price_in_yuan(
    real: Consultant,
) -> None:
    # The price answer quotes the RTX 4090 from the marketplace list; the plan on it must not say "no price".
    price = real.handle("p", "4090 多少钱一小时").text
    assert "¥1.24" in price
    reply = real.handle("s", "fine-tune Llama 3 8B with LoRA on 100M tokens in 2 days on RTX 4090").text
    headline = reply.splitlines()[0]
    assert "RTX 4090" in headline and "¥" in headline and "≈ $" in headline
    assert "public marketplace price" in headline and "snapshot date unknown" in headline
    assert "no price" not in reply.lower()
    zh = real.handle("z", "用4090全量微调7B模型，1亿token，3天完成").text.splitlines()[0]
    assert "¥" in zh and "算力市场公开标价" in zh and "目录里暂无价格" not in zh


def test_a_gpu_the_marketplace_rents_too_few_of_for_the_deadline_is_planned_at_the_count_that_makes_it(
    real: Consultant,
) -> None:
    # The marketplace prices one machine of 8 A800s (about 20 days); 16 of them make 10 days, unpriced.
    real.handle("a", "full fine-tune a 13B model on 20B tokens in 10 days")
    reply = real.handle("a", "what about A800s?").text
    assert "any count" not in reply and "cannot run this job" not in reply
    assert reply.split("*Recommended:*")[1].lstrip().startswith("16 × NVIDIA A800")
    assert "no price in the catalogue" in reply.split("*Recommended:*")[1].splitlines()[0]
    real.handle("z", "全参微调 13B 模型，200亿 tokens，10 天内")
    zh = real.handle("z", "那 H20 呢").text
    assert "任何卡数" not in zh and "目录里暂无价格" in zh.split("*推荐方案*：")[1].splitlines()[0]
    real.handle("t", "全參微調 13B 模型，200億 tokens，10 天內")
    hant = real.handle("t", "那 A800 呢").text
    assert "16 × NVIDIA A800" in hant.split("*推薦方案*：")[1].splitlines()[0]


def test_a_marketplace_plan_that_makes_the_deadline_keeps_its_yuan_price(real: Consultant) -> None:
    real.handle("m", "全参微调 13B 模型，200亿 tokens，30 天内")
    zh = real.handle("m", "那 A800 呢").text
    assert "¥" in zh.split("*推荐方案*：")[1].splitlines()[0]


def test_a_plan_moved_onto_a_china_gpu_is_not_introduced_as_a_plan_abroad(real: Consultant) -> None:
    real.handle("s", "全参微调 qwen2.5 14b，数据 2B token，十天")
    text = real.handle("s", "用国内的卡，A800").text
    assert "海外云方案" not in text
    assert "下面是 8 × NVIDIA A800 80GB SXM 方案的详细情况" in text
    en = real.handle(
        "e", "we are in China: full fine-tune a 14B model on 2B tokens in 10 days on 8 A800"
    ).text
    assert "outside China" not in en and "plan in detail" in en


def test_marketplace_listings_carry_no_english_instance_suffix_in_a_chinese_reply(real: Consultant) -> None:
    price = real.handle("p", "4090 现在国内还能租到吗，一小时大概多少钱").text
    assert "`RTX 4090`" in price and "per GPU" not in price
    real.handle("s", "QLoRA 微调 70B，数据 1 亿 token，5 天")
    plan = real.handle("s", "H20 可以吗").text
    assert "H20 96GB" in plan and "per GPU" not in plan


@pytest.mark.parametrize(
    "opening",
    [
        "预算 5000 块，微调 14B，数据 10万条对话，每条1k token",
        "预算五千元，全参微调一个14B模型，1亿 tokens",
        "我们有 5000 人民币的预算，想微调 14B，1亿 tokens",
        "budget 5000 RMB, fully fine-tune a 14B on 100M tokens",
    ],
)
def test_a_budget_said_in_yuan_is_planned_on_what_mainland_china_rents_at_yuan_prices(
    real: Consultant, opening: str
) -> None:
    block = china_block(real.handle("s", opening).text)
    assert any(w in block for w in ("国内可租的配置", "rent in mainland China"))
    priced = [line for line in block.splitlines() if line.lstrip().startswith("•") and "¥" in line]
    assert priced and "B200" not in block


@pytest.mark.parametrize(
    "opening",
    [
        "预算 $5000，微调 14B，1亿 tokens",
        "預算 5000 元，微調 14B，1億 tokens",
        "我在台湾，预算 5000 人民币，微调 14B，1亿 tokens",
    ],
)
def test_a_budget_in_dollars_or_from_taiwan_keeps_the_global_plan(real: Consultant, opening: str) -> None:
    text = real.handle("s", opening).text
    assert "国内可租的配置" not in text and "國內可租的配置" not in text


@pytest.mark.parametrize(
    "opening",
    [
        "预算每月 1 万元，部署 Qwen2.5-32B 给 50 个用户用",
        "budget 10000 RMB a month, serve Qwen2.5-32B to 50 users",
    ],
)
def test_a_serving_budget_in_yuan_is_planned_on_what_mainland_china_rents(
    real: Consultant, opening: str
) -> None:
    text = real.handle("s", opening).text
    assert any(w in text for w in ("按国内部署规划", "Planned for mainland China"))
    assert any(w in text for w in ("国内人民币标价", "a Chinese list price in yuan"))


def test_a_dollar_listing_shown_in_yuan_is_not_called_a_chinese_list_price(real: Consultant) -> None:
    text = real.handle(
        "s", "預算每月 1 萬元，部署 Qwen2.5-32B 給 50 個用戶用"
    ).text  # 元 in Taiwan: no region
    line = next(x for x in text.splitlines() if "Lambda" in x)
    assert "海外雲美元標價按匯率換算" in line and "國內人民幣標價" not in line


@pytest.mark.parametrize(
    "opening",
    [
        "预算 2 万，两周内全参微调 7B，数据 5 亿 token，够吗",
        "想微调 14B，预算 5000，数据 2 亿 token",
        "我们预算一万五左右，LoRA 微调 32B，1亿 tokens",
    ],
)
def test_a_budget_with_no_currency_in_simplified_chinese_is_yuan_rented_in_the_mainland_and_said_so(
    real: Consultant, opening: str
) -> None:
    text = real.handle("s", opening).text
    assert "国内可租的配置" in text
    assert "（没说币种，按人民币算，并按在国内租卡规划）" in text


@pytest.mark.parametrize(
    "opening",
    [
        "預算 2 萬，兩週內全參微調 7B，資料 5 億 token，夠嗎",
        "我在台湾，预算 2 万，全参微调 7B，数据 5 亿 token",
    ],
)
def test_a_budget_with_no_currency_from_taiwan_or_in_traditional_script_keeps_the_global_plan(
    real: Consultant, opening: str
) -> None:
    text = real.handle("s", opening).text
    assert "国内可租的配置" not in text and "國內可租的配置" not in text


def test_an_unpriced_plan_in_china_is_not_headed_as_a_price_comparison(real: Consultant) -> None:
    for user, opening, follow_up in [
        ("u1", "我们在国内训练 13B 模型，16 张 A100，数据 50B tokens，要多少钱", "那 A800 呢"),
        ("u2", "我們在國內訓練 13B 模型，16 張 A100，資料 50B tokens，要多少錢", "換成 A800 呢"),
        (
            "u3",
            "we're in mainland China, pretraining a 13B model on 16 A100s, 50B tokens, what does it cost?",
            "what about A800s?",
        ),
    ]:
        real.handle(user, opening)
        turn = real.handle(user, follow_up)
        assert turn.payload["recommendation"]["options"][0]["cost"]["amount"] is None, user
        assert "仅供对照价格" not in turn.text and "僅供對照價格" not in turn.text
        assert "For price comparison only" not in turn.text
        assert any(
            h in turn.text
            for h in ("没有公开价格，只能看工期", "沒有公開價格，只能看工期", "no public price, so only")
        )
