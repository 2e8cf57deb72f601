"""After a plan, "which provider is cheapest for this?" / "哪家最便宜？" plans the job on each cloud of the
catalogue, cheapest first, instead of the provider checklist; a bare number after a sequence-length
what-if is another sequence length; "deadline flexible" is no deadline."""

from __future__ import annotations

import re

from bot.dialogue.consultant import Consultant


def test_which_provider_is_cheapest_lists_the_job_on_each_cloud_cheapest_first(real: Consultant) -> None:
    real.handle("c1", "LoRA fine-tune 13B on 100M tokens in 3 days")
    turn = real.handle("c1", "which provider is cheapest for this?")
    assert turn.text.startswith("*This job on each cloud in the catalogue*, cheapest first")
    bullets = [line for line in turn.text.splitlines() if line.startswith("• *")]
    assert len(bullets) >= 3
    costs = [float(re.search(r"\$([\d,.]+) on demand", b).group(1).replace(",", "")) for b in bullets]  # type: ignore[union-attr]
    assert costs == sorted(costs)
    assert "pitfall.provider_selection" not in turn.payload["faq"]


def test_the_cheapest_cloud_in_traditional_chinese_ignores_a_cloud_chosen_before(real: Consultant) -> None:
    real.handle("c2", "LoRA微調 13B，資料 1 億 tokens，三天，在 AWS 上")
    turn = real.handle("c2", "哪家最便宜？")
    assert turn.text.startswith("*這個任務在目錄裡各家雲上的方案*")
    assert "*Lambda*" in turn.text and "*AWS*" in turn.text


def test_a_bare_number_after_a_context_length_what_if_is_another_length(real: Consultant) -> None:
    real.handle("c3", "LoRA fine-tune 13B on 2B tokens in 5 days")
    real.handle("c3", "what if the context length is 8k?")
    turn = real.handle("c3", "and 16k?")
    assert turn.payload["slots"]["seq_len"] == 16384


def test_deadline_flexible_is_no_deadline(real: Consultant) -> None:
    real.handle("c4", "we need to pretrain a 7b model on 1T tokens")
    turn = real.handle("c4", "deadline flexible")
    assert "no deadline (a sensible cluster size" in turn.text.split("*Understood:*")[1].splitlines()[0]


def test_more_of_the_same_gpus_adds_to_the_plans_count_and_says_the_new_time(
    real: Consultant,
) -> None:
    real.handle("g1", "We have 8 A100 40GB. Full fine-tune 7B on 2B tokens, how long?")
    turn = real.handle("g1", "what if we add 8 more of them?")
    assert turn.payload["slots"]["gpu_count"] == 16
    assert turn.text.startswith(
        "*What changed*: 8 GPUs → 16 GPUs: 8 → 16 × NVIDIA A100 40GB (SXM4), 29 hours → 15 hours"
    )


def test_more_gpus_bought_or_rented_with_no_noun_after_them_add_to_the_count_held(real: Consultant) -> None:
    for session, follow_up, count in (
        ("g8", "what if we buy 16 more?", 32), ("g9", "and if we add 8 more?", 24),
        ("g10", "如果再买 16 张呢", 32), ("g11", "再租 8 張的話呢", 24),
    ):  # fmt: skip
        real.handle(session, "we have 16 A100 80GB; full fine-tune 13B on 20B tokens")
        turn = real.handle(session, follow_up)
        assert turn.payload["recommendation"]["options"][0]["gpus"] == count, follow_up
        assert f"16 → {count} × NVIDIA A100 80GB (SXM4)" in turn.text, follow_up


def test_adding_cards_in_chinese_adds_to_the_count_held(real: Consultant) -> None:
    real.handle("g2", "LoRA微调7B，数据10亿 tokens，三天")
    real.handle("g2", "如果用4张卡呢")
    turn = real.handle("g2", "再加4张卡呢")
    assert turn.payload["slots"]["gpu_count"] == 8


def test_vram_asked_of_the_plan_is_the_plans_memory_term_by_term(real: Consultant) -> None:
    real.handle("g3", "fine-tune llama 3 70b with qlora on 50k chats (~2k tokens each) in 4 days")
    turn = real.handle("g3", "how much VRAM per GPU does that need?")
    assert turn.text.startswith("*Memory in this plan (1 × NVIDIA B200)*: ~52.5 GB per GPU of 180 GB.")
    assert "• weights: " in turn.text and "• activations: " in turn.text


def test_vram_asked_in_chinese_is_the_plans_memory(real: Consultant) -> None:
    real.handle("g4", "全参微调7B，数据10GB，五天")
    turn = real.handle("g4", "这个方案每张卡要多少显存？")
    assert turn.text.startswith("*本方案（1 × NVIDIA B200）的显存*：每卡约 138 GB / 180 GB。")
    assert "• 优化器状态：" in turn.text


def test_how_many_nodes_after_a_plan_is_the_plans_layout(real: Consultant) -> None:
    real.handle("n1", "预训练7B，数据2TB，一个月")
    turn = real.handle("n1", "需要几台机器？")
    assert turn.text.startswith("*本方案（16 × NVIDIA B200）*共 2 个节点，每个节点 8 张卡")
    assert "*网络*：梯度同步每节点约需" in turn.text


def test_the_network_asked_after_a_one_node_plan_says_it_is_one_node(real: Consultant) -> None:
    real.handle("n2", "pretrain 7B on 300B tokens in 30 days")
    turn = real.handle("n2", "what network do we need between them?")
    assert turn.text.startswith(
        "*Network for this plan (8 × NVIDIA B200)*: one node: the GPUs talk over NVLink"
    )


def test_removing_the_budget_and_changing_the_deadline_in_one_message_does_both(real: Consultant) -> None:
    real.handle("n3", "全參微調 7B，資料 20GB，一週，預算 1000 美元")
    turn = real.handle("n3", "把預算拿掉，改成三天")
    assert turn.payload["slots"]["budget"] is None and turn.payload["slots"]["days"] == 3
    assert turn.text.startswith("*變化*：預算 $1,000 → 不限預算；7 天 → 3 天")


PLAN = "full fine-tune a 13B model on 5B tokens within 2 days"
PLAN_ZH = "全参微调 13B，50亿 token，2 天内"
# What the plan is billed for (4 GPUs × its wall-clock days), which the listed cost prices: the GPU-hours of
# training plus the setup, evaluation and checkpoint hours, so a price per GPU-hour times it gives the cost.
BILLED = "*178 GPU-hours billed* (165 GPU-hours of training + ~3."
BILLED_ZH = "计费共 *178 卡时*（训练 165 卡时 + 约 3."


def test_the_plan_priced_on_a_provider_without_prices_gives_its_billed_gpu_hours_and_keeps_the_plan(
    real: Consultant,
) -> None:
    for user, opening, follow_up, said, hours in [
        ("u1", PLAN, "what would it cost on CoreWeave?", "*No prices for CoreWeave in the catalogue*",
         BILLED),
        ("u2", PLAN, "how much on Vast.ai?", "*No prices for Vast.ai in the catalogue*", BILLED),
        ("u3", PLAN, "and on runpod?", "*No prices for RunPod in the catalogue*", BILLED),
        ("u5", PLAN_ZH, "RunPod 上呢", "*目录里没有 RunPod 的价格*", BILLED_ZH),
    ]:  # fmt: skip
        real.handle(user, opening)
        turn = real.handle(user, follow_up)
        assert turn.text.startswith(said), (follow_up, turn.text[:200])
        assert hours in turn.text, follow_up
        # the providers the catalogue prices, and the plan's own price there, with the plan kept
        assert "Lambda" in turn.text and "$1,212" in turn.text, follow_up
        assert "The plan above stands" in turn.text or "上面的方案不" in turn.text, follow_up
        assert turn.payload["slots"]["gpu"] is None  # nothing of the plan changed


def test_a_mainland_provider_gets_the_job_on_a_card_rented_there_not_the_plans_b200(
    real: Consultant,
) -> None:
    # The plan is on B200s, which mainland providers do not rent (US export controls): the GPU-hours to
    # multiply by their price are those of a card they rent, and the B200 plan stays as it was.
    for user, opening, follow_up, said, instead in [
        ("u4", PLAN_ZH, "在 AutoDL 上多少钱", "*目录里没有 AutoDL 的价格*", "*NVIDIA B200 在国内租不到*"),
        ("u6", "全參微調 13B，50億 token，2 天內", "放在 AutoDL 上要多少錢？", "*目錄裡沒有 AutoDL 的價格*",
         "*NVIDIA B200 在國內租不到*"),
        ("u7", PLAN, "what would it cost on Tencent Cloud?", "*No prices for Tencent Cloud",
         "*The NVIDIA B200 is not rented in mainland China*"),
    ]:  # fmt: skip
        real.handle(user, opening)
        turn = real.handle(user, follow_up)
        assert turn.text.startswith(said), (follow_up, turn.text[:200])
        assert instead in turn.text, follow_up
        assert "× NVIDIA H800 SXM" in turn.text and (
            "卡时*（" in turn.text or "卡時*（" in turn.text or "GPU-hours billed* (" in turn.text
        ), follow_up
        assert "$1,212" in turn.text and "Lambda" in turn.text, follow_up  # the B200 plan, kept
        assert turn.payload["slots"]["gpu"] is None
        assert "faq.h800_h20_export" in turn.payload["faq"]


def test_autodl_has_its_own_note_on_prices_beside_the_plans_gpu_hours(real: Consultant) -> None:
    real.handle("n1", PLAN_ZH)
    text = real.handle("n1", "在 AutoDL 上多少钱").text
    assert "AutoDL：按卡按小时公开标价" in text


def test_a_provider_the_catalogue_prices_still_replans_the_job_there(real: Consultant) -> None:
    real.handle("p1", PLAN)
    text = real.handle("p1", "how much on AWS?").text
    assert text.startswith("*What changed*: now on AWS") and "No prices for" not in text
