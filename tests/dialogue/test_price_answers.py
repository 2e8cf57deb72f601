"""Price questions get the total they ask about: a count of GPUs rented as whole instances, a
period, a budget verdict first, a quoted price judged against the catalogue's range; GPUs only
Chinese marketplaces rent are quoted in CNY; the cheapest listing per instance shape or on spot."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant
from bot.dialogue.reply import Turn
from knowledge.kb import KnowledgeBase
from sizing.types import Budget

from .asking import ask
from .fakes import ScriptedParse


def _money(text: str) -> list[float]:
    return [float(m.replace(",", "")) for m in re.findall(r"\$([\d,]+(?:\.\d+)?)", text)]


def _answered(turn: Turn) -> None:
    assert turn.payload["pending"] is None and turn.payload["recommendation"] is None


def test_eight_gpus_for_a_month_with_a_budget_get_the_verdict_first_then_the_totals(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "租8张A100 80GB跑一个月要多少钱，预算10万够吗"
    nlu.understands(
        text, intent="price", gpu="a100-80gb", gpu_count=8, budget=Budget(100000.0, "CNY"),
        gpus=("a100-80gb",), flags={"price_period": "month"},
    )  # fmt: skip

    turn = consultant.handle("s", text)

    _answered(turn)
    first = turn.text.splitlines()[0]
    assert first.startswith(("*不够*", "*够*"))
    assert "8 张" in first and "730 小时" in first and "%" in first
    # each listed total is 730 h of the hourly price shown beside it
    for line in turn.text.splitlines():
        if line.startswith("• ") and "8 张每小时" in line:
            total, hourly = _money(line)[0], _money(line.split("8 张每小时")[1])[0]
            assert abs(total - hourly * 730) <= 0.01 * total + 1


def test_a_budget_verdict_agrees_with_the_cheapest_total(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "8 H100s for a month, is $20k enough?"
    nlu.understands(
        text, intent="price", gpu="h100-sxm", gpu_count=8, budget=Budget(20000.0, "USD"),
        gpus=("h100-sxm",), flags={"price_period": "month"},
    )  # fmt: skip

    turn = consultant.handle("s", text)

    first = turn.text.splitlines()[0]
    cheapest_total = _money(first)[0]
    assert first.startswith("*No, over the budget*") == (cheapest_total > 20000)


def test_a_day_and_a_year_are_totals_for_that_period(consultant: Consultant, nlu: ScriptedParse) -> None:
    for period, hours in (("day", "24"), ("year", "8,760")):
        text = f"H100 SXM price per {period}"
        nlu.understands(
            text, intent="price", gpu="h100-sxm", gpus=("h100-sxm",), flags={"price_period": period}
        )
        turn = consultant.handle(f"s-{period}", text)
        assert f"for a {period} ({hours} hours)" in turn.text


def test_a_quoted_hourly_price_is_judged_against_the_catalogue_range(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "is $2/hr for an H100 a good price?"
    nlu.understands(
        text,
        intent="price",
        gpu="h100",
        gpus=("h100",),
        budget=Budget(2.0, "USD", "hour"),
        flags={"yes_no": True},
    )

    turn = consultant.handle("s", text)

    _answered(turn)
    assert turn.text.startswith("*Yes, a good price*: $2.00/GPU-hour for an NVIDIA H100 SXM5")
    assert "per GPU-hour on demand" in turn.text


def test_a_gpu_only_chinese_marketplaces_rent_is_quoted_in_cny_with_its_source(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "租一張 4090 一小時要多少？"
    nlu.understands(
        text, intent="price", gpu="rtx4090", gpu_count=1, gpus=("rtx4090",), script="zh-Hant",
        flags={"price_period": "hour"},
    )  # fmt: skip

    turn = consultant.handle("s", text)

    _answered(turn)
    assert "¥1.24/卡時" in turn.text and "算力市場公開標價" in turn.text and "快照日期未知" in turn.text
    assert "目錄裡沒有它的價格" not in turn.text


def test_a_named_provider_without_the_gpu_says_so_and_shows_the_others(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "H100 NVL price on Lambda"
    nlu.understands(
        text, intent="price", gpu="h100-nvl", gpus=("h100-nvl",), flags={"providers_mentioned": ("lambda",)}
    )

    turn = consultant.handle("s", text)

    assert turn.text.startswith("Lambda has no NVIDIA H100 NVL price in the catalogue; elsewhere:")
    assert "Azure" in turn.text and "None of" not in turn.text


def test_the_cheapest_place_to_rent_eight_gpus_ranks_whole_eight_gpu_instances(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "cheapest cloud for 8x A100 80GB?"
    nlu.understands(text, intent="cheapest_offering", gpu="a100-80gb", gpu_count=8, gpus=("a100-80gb",))

    turn = consultant.handle("s", text)

    _answered(turn)
    assert turn.text.startswith("*The cheapest 8 × NVIDIA A100 80GB")
    hourly = [_money(x.split("/hour")[0])[-1] for x in turn.text.splitlines() if "/hour for the 8 GPUs" in x]
    assert len(hourly) >= 2 and hourly == sorted(hourly)
    assert "gpu_1x" not in turn.text  # never eight one-GPU machines


def test_the_cheapest_spot_listing_ranks_by_spot_price(consultant: Consultant, nlu: ScriptedParse) -> None:
    text = "cheapest H100 spot?"
    nlu.understands(text, intent="cheapest_offering", gpu="h100", gpus=("h100",))

    turn = consultant.handle("s", text)

    spot = [_money(x.split("/GPU-hour spot")[0])[-1] for x in turn.text.splitlines() if "/GPU-hour spot" in x]
    assert spot and spot == sorted(spot)
    assert "checkpoint" in turn.text


def test_the_cheapest_gpu_with_a_memory_size_lists_only_gpus_that_have_it(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "cheapest cloud GPU with 48GB"
    nlu.understands(text, intent="cheapest_offering", flags={"gpu_memory": _Memory(">=", 48.0)})

    turn = consultant.handle("s", text)

    assert turn.text.startswith("*The cheapest GPU with at least 48 GB: NVIDIA RTX A6000")
    assert "RTX 4090" not in turn.text and "L4," not in turn.text


class _Memory:
    def __init__(self, op: str, gb: float) -> None:
        self.op, self.gb = op, gb

    def to_json(self) -> dict[str, object]:
        return {"op": self.op, "gb": self.gb}


def test_gpus_that_no_instance_holds_together_are_quoted_as_several_instances_over_the_network(
    consultant: Consultant, nlu: ScriptedParse, kb: KnowledgeBase
) -> None:
    largest = int(max(o.gpu_count for o in kb.catalog.offerings if o.gpu_id == "a100-80gb-pcie"))
    assert largest < 8  # the premise: no 8-GPU instance of this board is listed
    instances = -(-8 // largest)
    text = "8 A100 80GB PCIe per hour?"
    nlu.understands(
        text,
        intent="price",
        gpu="a100-80gb-pcie",
        gpu_count=8,
        gpus=("a100-80gb-pcie",),
        flags={"price_period": "hour"},
    )

    turn = consultant.handle("s", text)

    _answered(turn)
    assert turn.text.startswith("*8 × NVIDIA A100 80GB PCIe for an hour, on demand*")
    assert f"({instances} × {largest} GPUs per instance" in turn.text
    assert f"so these {instances} talk over the network" in turn.text


def test_the_cheapest_place_for_gpus_no_instance_holds_together_says_they_are_split(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "8张A100 80G PCIe哪里租最便宜"
    nlu.understands(
        text, intent="cheapest_offering", gpu="a100-80gb-pcie", gpu_count=8, gpus=("a100-80gb-pcie",)
    )

    turn = consultant.handle("s", text)

    _answered(turn)
    assert "之间走网络" in turn.text and "没有" not in turn.text.split("；")[0]


def test_eight_gpus_an_eight_gpu_instance_holds_are_never_split(
    consultant: Consultant, nlu: ScriptedParse
) -> None:
    text = "8 H100 per hour"
    nlu.understands(
        text, intent="price", gpu="h100-sxm", gpu_count=8, gpus=("h100-sxm",), flags={"price_period": "hour"}
    )

    turn = consultant.handle("s", text)

    assert "/GPU-hour × 8) — `gpu_8x_h100_sxm5` (8 GPUs per instance" in turn.text
    assert "talk over the network" not in turn.text


def test_a_chinese_marketplace_named_gets_its_own_price_not_every_clouds(real: Consultant) -> None:
    text = ask(real, "矩池云的 T4 多少钱")
    assert "矩池云" in text and "¥1.35" in text and "AWS" not in text


def test_a_region_the_snapshot_does_not_list_is_said_before_the_prices_it_has(real: Consultant) -> None:
    text = ask(real, "what does an H100 cost on AWS in Tokyo?")
    assert text.startswith("*The catalogue has no Tokyo price*") and "us-east-1" in text
    assert ask(real, "AWS 的 H100 在东京区多少钱").startswith("*目录里没有东京的价格*")


def test_spot_prices_for_many_gpus_skip_listings_whose_spot_is_no_discount(real: Consultant) -> None:
    # Some H200 listings quote a "spot" price no lower than on demand: they are not spot offers.
    for text in ("spot price for 16 H200s", "16 张 H200 竞价多少钱"):
        answer = ask(real, text)
        assert "something went wrong" not in answer and "内部错误" not in answer
        spot = _money(answer.splitlines()[0])
        assert spot and spot[0] < spot[-1], answer  # the spot total first, then its higher on-demand price


def test_the_cheapest_gpu_in_china_lists_only_what_is_rented_in_china(real: Consultant) -> None:
    text = ask(real, "国内最便宜的卡是哪个")
    assert "¥" in text and "$" not in text and "GCP" not in text and "Lambda" not in text


def test_the_cheapest_gpu_in_china_with_no_listing_there_says_so_before_the_prices_abroad(
    real: Consultant,
) -> None:
    hant = ask(real, "國內哪家雲租 A100 最便宜？")
    assert hant.startswith("*國內算力市場沒有 NVIDIA A100 的公開標價*") and "Lambda" in hant
    assert ask(real, "cheapest H100 in China?").startswith(
        "*No public mainland-China listing of NVIDIA H100*"
    )


def test_a_chinese_marketplace_listing_names_its_region_in_words_not_the_code_cn(real: Consultant) -> None:
    hans = ask(real, "国内租 4090 一小时多少钱")
    assert "（每台 1 卡，国内）" in hans and "，cn" not in hans
    assert "，國內，算力市場公開標價" in ask(real, "國內最便宜的卡是哪張？")
    assert "mainland China), snapshot date unknown" in ask(real, "how much is a 4090 per hour in China?")


def test_a_cheapest_question_with_no_listing_has_no_price_footer(real: Consultant) -> None:
    text = ask(real, "AWS 上最便宜的 H800 多少钱")
    assert "目录里没有 NVIDIA H800 SXM 的报价" in text and "按需标价" not in text
    assert "On-demand list prices" not in ask(real, "cheapest H800 on AWS?")


def test_which_chinese_cloud_is_cheapest_is_answered_even_when_the_gpu_asked_has_no_listing(
    real: Consultant,
) -> None:
    text = ask(real, "阿里云上有 H800 吗？国内云哪家便宜")
    said, listed = text.split("各款卡最便宜的是：")
    assert "目录里没有 NVIDIA H800 SXM 的报价" in said and "中国特供卡" in said
    assert "晨涧云" in listed and "¥5.15" in listed and "$" not in listed  # the A800's marketplace price
    assert "按需标价" in listed  # prices shown: the footer under them
    hant = ask(real, "國內哪家雲租 H800 最便宜？")
    assert hant.startswith("目錄裡沒有 NVIDIA H800 SXM 的報價") and "¥7.50" in hant
    en = ask(real, "cheapest H800 in China?")
    assert en.startswith("The catalogue has no listing of NVIDIA H800 SXM: it is NVIDIA's China part")
    assert "Chenjian Cloud" in en


def test_a_gpu_with_no_price_asked_beside_a_priced_one_keeps_its_own_line(real: Consultant) -> None:
    text = ask(real, "H800 和 H100 多少钱")
    assert text.startswith("*NVIDIA H800 SXM*：目录里没有它的价格。这是英伟达的中国特供卡")
    assert "*NVIDIA H100 SXM5 按需价（每卡）*" in text
    # a family's boards without a price still drop out ("8卡H100": the boards sold as 8-GPU servers)
    assert "目录里没有它的价格" not in ask(real, "A100 多少钱一小时")


def test_whether_a_billing_term_pays_gets_that_terms_rent_then_how_to_choose_a_term(real: Consultant) -> None:
    week = ask(real, "按周租 A800 划不划算")
    assert week.startswith("*1 张 NVIDIA A800 80GB SXM 租一周（168 小时），按需*")
    assert "*租用 GPU 云服务器怎么控制成本？按量付费还是包年包月？*" in week and "每美元·小时" not in week
    month = ask(real, "A800 包月划算吗")
    assert "每卡每月约 ¥3,760" in month and "按量付费还是包年包月" in month
    # the GPU itself weighed is still the work-per-dollar verdict
    assert ask(real, "H100 还值得租吗").startswith("*按现在的标价用来训练不值得")
