"""Renting a named GPU in mainland China: its public Chinese listings where there are any; where there are
none, what can be rented there is said before the prices abroad."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant

from .asking import ask


def test_which_chinese_clouds_rent_a_gpu_not_sold_there_says_so_before_prices_abroad(
    real: Consultant,
) -> None:
    text = ask(real, "国内有哪些云能租H100")
    assert text.startswith("*国内算力市场没有 NVIDIA H100 的公开标价*")
    assert "*在国内现在能租到哪些 GPU？*" in text and "H100/B200 不能合法出口中国" in text
    assert text.index("不能合法出口") < text.index("Lambda")


def test_a_price_asked_in_china_for_a_gpu_not_listed_there_says_so_before_anything_else(
    real: Consultant,
) -> None:
    hans = ask(real, "A100 一卡时多少钱，国内的")
    assert hans.startswith("*国内算力市场没有 NVIDIA A100 的公开标价*。下面先说国内现在能租到哪些卡")
    assert hans.index("能租到哪些 GPU") < hans.index("Lambda")
    assert ask(real, "國內租 A100 一小時多少錢").startswith("*國內算力市場沒有 NVIDIA A100 的公開標價*")
    assert ask(real, "how much is an H100 per hour in China?").startswith(
        "*No public mainland-China listing of the NVIDIA H100.*"
    )


def test_a_cheap_gpu_asked_for_in_china_gets_its_marketplace_price(real: Consultant) -> None:
    text = ask(real, "台灣或國內有便宜的4090可以租嗎")
    # Taiwan first: the catalogue has no price there (session 22); then the mainland marketplace's
    assert text.startswith("*目錄裡沒有台灣的價格*")
    assert "*NVIDIA GeForce RTX 4090 按需價（每卡）*" in text and "算家雲" in text and "¥" in text


def test_chinese_clouds_asked_about_with_a_gpu_list_that_gpus_listings(real: Consultant) -> None:
    text = ask(real, "any chinese cloud providers with H20?")
    listed = [line for line in text.splitlines() if line.startswith("• NVIDIA")]
    assert listed and all("H20" in line for line in listed)


def test_a_chinese_cloud_without_a_price_list_says_why_and_what_to_check_never_a_price(
    real: Consultant,
) -> None:
    hans = ask(real, "腾讯云 A100 多少钱一个小时")
    first = hans.splitlines()[0]
    assert first.startswith("*目录里没有腾讯云的价格*") and "我不会猜价格" in first
    assert "腾讯云：腾讯云文档写明 GPU 价格“请您登录腾讯云账户后查看”" in first
    assert "`GPU_ADVISOR_OFFERINGS` 加载自己的价目表" in first
    assert "*租腾讯云之前逐项确认*：" in hans and "InfiniBand 或 RoCE" in hans
    hant = ask(real, "火山的H800一卡時多少錢")
    assert hant.startswith("*目錄裡沒有火山引擎的價格*") and "*租火山引擎之前逐項確認*" in hant
    assert "帳號的 GPU 配額" in hant and "賬號" not in hant
    en = ask(real, "What does Tencent Cloud charge for an A100?")
    assert "*Before renting from Tencent Cloud (腾讯云), check:*" in en


def test_a_storage_question_that_names_a_chinese_cloud_answers_the_storage_not_the_cloud(
    real: Consultant,
) -> None:
    for text in ("训练数据在腾讯云 COS，读取速度跟得上吗", "資料放在阿里雲 OSS，讀取會不會卡住 GPU"):
        reply = ask(real, text)
        assert reply.startswith(("*训练数据和 checkpoint 放哪里？", "*訓練資料和 checkpoint 放哪裡？")), reply
        assert "可靠性担保" not in reply and "可靠性擔保" not in reply and "逐项确认" not in reply
    planned = ask(real, "LoRA 微调 7B，数据 2 亿 token，三天", "数据在腾讯云 COS 上，读得过来吗")
    assert planned.startswith("*训练数据和 checkpoint 放哪里？") and "腾讯云：我没法" not in planned


def test_a_chinese_cloud_asked_about_itself_still_gets_its_checklist(real: Consultant) -> None:
    for text in ("腾讯云的 GPU 机器稳不稳", "AutoDL怎么样"):
        assert "怎么判断一家服务商" in ask(real, text)


def test_moving_a_plan_on_a_gpu_not_sold_in_china_to_a_mainland_cloud_lists_cards_rented_there(
    real: Consultant,
) -> None:
    # The plan's H100/B200 is not rented in mainland China (US export controls): that is said, and the
    # mainland list holds cards they rent, never the H100 or B200 itself.
    for user, opening, follow_up, said in [
        ("cn1", "Full fine-tune a 13B on 5B tokens on H100s within 2 days", "switch to Alibaba Cloud",
         "*The NVIDIA H100 SXM5 is not rented in mainland China*"),
        ("cn2", "用 B200 全参微调 13B，500 亿 token，两周内", "换到阿里云呢", "*NVIDIA B200 在国内租不到*"),
        ("cn3", "用 H100 全參微調 13B，50 億 token，兩天內", "改用騰訊雲", "*NVIDIA H100 SXM5 在國內租不到*"),
    ]:  # fmt: skip
        real.handle(user, opening)
        text = real.handle(user, follow_up).text
        assert said in text, follow_up
        listed = text.split(said)[1].split("\n\n")[0]
        assert (
            "× NVIDIA H800 SXM" in listed and "× NVIDIA H100" not in listed and "× NVIDIA B200" not in listed
        )
