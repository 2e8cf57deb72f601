"""A limit the user takes back ("forget the budget", "预算不限", "any GPU is fine", "卡數不限") leaves the
plan and is said as a change; a bare number after a what-if ("and 20?", "那5呢") is another value of
the slot that what-if changed."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant
from tests.dialogue.asking import ask


def _understood(text: str, head: str = "*Understood:*") -> str:
    return text.split(head)[1].splitlines()[0]


def test_forgetting_the_budget_drops_it_and_says_so(real: Consultant) -> None:
    real.handle("b1", "LoRA fine-tune a 7B model on 1B tokens in 3 days, budget $500")
    turn = real.handle("b1", "actually, forget the budget")
    assert turn.text.startswith("*What changed*: a budget of $500 → no budget")
    assert "budget" not in _understood(turn.text)
    assert turn.payload["slots"]["budget"] is None and turn.payload["recommendation"]


def test_budget_no_limit_in_chinese_is_not_a_pitfall_about_budgets(real: Consultant) -> None:
    real.handle("b2", "QLoRA微调14B模型，数据6000万 tokens，不急")
    real.handle("b2", "如果预算只有100美元呢")
    turn = real.handle("b2", "算了，预算不限")
    assert turn.text.startswith("*变化*：预算 $100 → 不限预算")
    assert turn.payload["faq"] == [] or "pitfall.budget_too_small" not in turn.payload["faq"]
    assert turn.payload["slots"]["budget"] is None


def test_any_gpu_is_fine_lets_the_named_gpu_go(real: Consultant) -> None:
    real.handle("b3", "LoRA fine-tune a 7B model on 1B tokens in 3 days on H100")
    turn = real.handle("b3", "any GPU is fine")
    assert turn.text.startswith("*What changed*: H100 → any GPU")
    assert turn.payload["slots"]["gpu"] is None


def test_no_limit_on_the_count_in_traditional_chinese_keeps_the_gpu(real: Consultant) -> None:
    real.handle("b4", "LoRA微調7B，資料10億 tokens，三天，用4張H100")
    turn = real.handle("b4", "卡數不限")
    assert turn.text.startswith("*變化*：4 張卡 → 不限卡數")
    assert turn.payload["slots"]["gpu"] == "h100" and turn.payload["slots"]["gpu_count"] is None


def test_a_limit_that_was_never_set_is_not_reported_as_taken_back(real: Consultant) -> None:
    real.handle("b5", "LoRA fine-tune a 7B model on 1B tokens in 3 days")
    turn = real.handle("b5", "money is no object, what if we need it in 1 day?")
    assert "no budget" not in turn.text and turn.payload["slots"]["days"] == 1


def test_a_bare_number_after_a_deadline_what_if_is_another_deadline(real: Consultant) -> None:
    real.handle("n1", "LoRA fine-tune a 7B model on 1B tokens in 3 days")
    real.handle("n1", "what if 10 days?")
    turn = real.handle("n1", "and 20?")
    assert turn.text.startswith("*What changed*: 10 days → 20 days")
    assert turn.payload["slots"]["gpu_count"] is None


def test_a_bare_number_after_a_gpu_count_what_if_is_another_count(real: Consultant) -> None:
    real.handle("n2", "pretrain a 1B model on 30B tokens in 2 weeks")
    real.handle("n2", "what if we only get 2 GPUs?")
    turn = real.handle("n2", "and with 16?")
    assert turn.payload["slots"]["gpu_count"] == 16
    assert turn.text.split("*Recommended:*")[1].lstrip().startswith("16 ×")


def test_a_bare_number_after_an_epochs_what_if_in_chinese_is_epochs(real: Consultant) -> None:
    real.handle("n3", "LoRA微调7B，数据10亿 tokens，三天")
    real.handle("n3", "如果训3轮呢")
    turn = real.handle("n3", "那5呢")
    assert turn.payload["slots"]["epochs"] == 5 and turn.payload["slots"]["gpu_count"] is None
    assert turn.text.startswith("*变化*：训练 3 轮 → 训练 5 轮")


def test_a_count_change_from_one_gpu_says_gpu_in_the_singular(real: Consultant) -> None:
    real.handle("n4", "LoRA fine-tune a 7B model on 1B tokens in 3 days")
    turn = real.handle("n4", "what if we use 4 GPUs?")
    assert turn.text.startswith("*What changed*: 1 GPU → 4 GPUs")


def test_taking_back_a_budget_that_was_never_set_says_the_plan_has_none(real: Consultant) -> None:
    real.handle("b6", "想用 QLoRA 微調 32B 模型，資料 2 萬筆，每筆 3k tokens，不趕")
    turn = real.handle("b6", "預算上限不用管")
    assert turn.text.startswith("當前方案本來就沒有設預算，方案不變。")
    assert turn.payload["faq"] == []


def test_epochs_misspelt_still_changes_the_epochs(real: Consultant) -> None:
    real.handle("t1", "lora finetune 7B on 1B tokens in 3 days")
    turn = real.handle("t1", "make it 3 epocs")
    assert turn.payload["slots"]["epochs"] == 3 and turn.payload["changes"]


def test_a_value_that_could_not_be_read_after_a_plan_is_said_not_to_be_used(real: Consultant) -> None:
    real.handle("t2", "lora finetune 7B on 1B tokens in 3 days")
    turn = real.handle("t2", "use zx-10q")
    assert turn.text.startswith("I couldn't use “use zx-10q”.")
    assert "Your plan above still stands." in turn.text


def test_asap_after_a_deadline_is_said_as_soon_as_possible_not_no_deadline(real: Consultant) -> None:
    real.handle("s1", "full fine-tune 13B on 3B tokens within 10 working days")
    turn = real.handle("s1", "ASAP actually")
    assert turn.text.startswith("*What changed*: 14 days → as soon as possible:")


def test_asap_in_chinese_after_a_deadline_is_said_as_such(real: Consultant) -> None:
    real.handle("s2", "全参微调13B，30亿 tokens，两周")
    assert real.handle("s2", "越快越好").text.startswith("*变化*：14 天 → 越快越好：")


def test_a_number_said_with_with_after_a_deadline_what_if_is_a_gpu_count(real: Consultant) -> None:
    real.handle("n4", "pretrain a 13B model on 300B tokens in 30 days")
    real.handle("n4", "what if 5 days?")
    turn = real.handle("n4", "and with 64?")
    assert turn.payload["slots"]["gpu_count"] == 64 and turn.payload["slots"]["days"] == 5
    assert turn.text.startswith("*What changed*:") and "→ 64 GPUs" in turn.text.splitlines()[0]


def test_a_number_said_on_after_a_deadline_what_if_is_a_gpu_count(real: Consultant) -> None:
    real.handle("n5", "pretrain a 13B model on 300B tokens in 30 days")
    real.handle("n5", "what if 5 days?")
    turn = real.handle("n5", "what about on 32?")
    assert turn.payload["slots"]["gpu_count"] == 32 and turn.payload["slots"]["days"] == 5


def test_a_number_said_with_yong_after_a_deadline_what_if_in_chinese_is_a_gpu_count(real: Consultant) -> None:
    real.handle("n6", "预训练 13B 模型，300B tokens，30 天")
    real.handle("n6", "如果 5 天呢")
    turn = real.handle("n6", "那用 64 呢")
    assert turn.payload["slots"]["gpu_count"] == 64
    assert turn.text.startswith("*变化*：") and "→ 64 张卡" in turn.text.splitlines()[0]


def test_a_number_said_with_yong_in_traditional_chinese_keeps_the_reply_traditional(real: Consultant) -> None:
    real.handle("n7", "預訓練 13B 模型，300B tokens，30 天")
    real.handle("n7", "如果 5 天呢")
    turn = real.handle("n7", "那用 64 呢")
    assert turn.payload["slots"]["gpu_count"] == 64
    assert turn.text.startswith("*變化*：") and "→ 64 張卡" in turn.text.splitlines()[0]


def test_a_count_of_them_after_an_ok_is_a_gpu_count_what_if(real: Consultant) -> None:
    real.handle("n9", "pretrain a 3B model on 60B tokens, done in a month")
    real.handle("n9", "what if 2 weeks?")
    turn = real.handle("n9", "ok and on 16 of them?")
    assert turn.text.startswith("*What changed*:") and "16 × NVIDIA" in turn.text.splitlines()[0]
    assert turn.payload["slots"]["gpu_count"] == 16


def test_a_plain_number_after_a_deadline_what_if_still_follows_the_deadline(real: Consultant) -> None:
    real.handle("n8", "pretrain a 13B model on 300B tokens in 30 days")
    real.handle("n8", "what if 5 days?")
    turn = real.handle("n8", "and 64?")
    assert turn.payload["slots"]["days"] == 64 and turn.payload["slots"]["gpu_count"] is None


def test_use_a_number_instead_right_after_the_first_plan_is_the_gpu_count(real: Consultant) -> None:
    real.handle("u1", "full fine-tune a 3B model on 2B tokens within a week")
    turn = real.handle("u1", "use 16 instead")
    assert turn.payload["slots"]["gpu_count"] == 16
    assert turn.text.startswith("*What changed*:") and "→ 16 GPUs" in turn.text.splitlines()[0]


def test_make_it_a_number_after_a_deadline_what_if_is_another_deadline(real: Consultant) -> None:
    real.handle("u2", "full fine-tune a 3B model on 2B tokens within a week")
    real.handle("u2", "what if 10 days?")
    turn = real.handle("u2", "make it 20")
    assert turn.text.startswith("*What changed*: 10 days → 20 days")
    assert turn.payload["slots"]["gpu_count"] is None


def test_a_count_told_in_traditional_chinese_keeps_the_reply_traditional(real: Consultant) -> None:
    real.handle("u3", "全參微調 3B，資料 20億 tokens，一週內")
    turn = real.handle("u3", "改成十六")
    assert turn.payload["slots"]["gpu_count"] == 16
    assert turn.text.startswith("*變化*：") and "16 張卡" in turn.text.splitlines()[0]


def test_a_count_told_in_simplified_chinese_is_the_gpu_count(real: Consultant) -> None:
    real.handle("u4", "全参微调 3B，数据 20亿 tokens，一周内")
    turn = real.handle("u4", "那就用8吧")
    assert turn.payload["slots"]["gpu_count"] == 8 and turn.text.startswith("*变化*：")


def test_a_bare_number_after_a_budget_what_if_is_counted_in_the_thousands_of_that_budget(
    real: Consultant,
) -> None:
    real.handle("n5", "pretrain a 1B model on 20B tokens within 10 days")
    real.handle("n5", "what if the budget is $10k?")
    turn = real.handle("n5", "and 20?")
    assert turn.payload["slots"]["budget"] == {"amount": 20000.0, "currency": "USD", "period": "total"}
    assert turn.text.startswith("*What changed*: a budget of $10,000 → a budget of $20,000")
    assert "no currency said" not in turn.text


def test_a_bare_amount_in_wan_after_a_plan_with_a_budget_is_another_budget_in_its_currency(
    real: Consultant,
) -> None:
    real.handle("n6", "预训练7B，1000亿token，两个月，预算20万人民币")
    turn = real.handle("n6", "那30万呢")
    assert turn.text.startswith("*变化*：预算 ¥200,000 → 预算 ¥300,000")
    turn = real.handle("n6", "那40呢")
    assert turn.payload["slots"]["budget"] == {"amount": 400000.0, "currency": "CNY", "period": "total"}
    assert turn.payload["slots"]["gpu_count"] is None


def test_a_bare_number_far_from_the_budget_either_way_is_asked_back_and_the_plan_stands(
    real: Consultant,
) -> None:
    real.handle("n7", "pretrain a 1B model on 20B tokens within 10 days")
    real.handle("n7", "what if the budget is $10k?")
    turn = real.handle("n7", "and 500?")
    assert turn.text.startswith("Is “500” a budget of $500 or $500,000? The budget now is $10,000")
    assert turn.payload["slots"]["budget"]["amount"] == 10000.0


def test_a_bare_number_in_chinese_after_a_budget_what_if_is_counted_in_wan(real: Consultant) -> None:
    real.handle("n8", "pretrain a 1B model on 20B tokens within 10 days")
    real.handle("n8", "what if the budget is $10k?")
    turn = real.handle("n8", "那2呢")
    assert turn.payload["slots"]["budget"] == {"amount": 20000.0, "currency": "USD", "period": "total"}


def test_an_amount_in_thousands_right_after_a_plan_without_a_budget_is_asked_back_and_the_plan_stands(
    real: Consultant,
) -> None:
    real.handle("n9", "LoRA a 13B on 300M tokens in 5 days")
    turn = real.handle("n9", "what about 50k?")
    assert turn.text.startswith("What is “50k”: a budget of $50,000, or 50k samples? The plan stands")
    assert turn.payload["slots"].get("budget") is None
    assert turn.payload["slots"]["days"] == 5
    zh = ask(real, "LoRA 微调 13B，3 亿 token，五天", "那 5 万呢")
    assert zh.startswith("“5 万”是指预算 ¥50,000，还是 5 万条数据？说清楚之前方案不变")


def test_a_plain_number_right_after_a_plan_without_a_budget_is_still_read_as_days_or_gpus(
    real: Consultant,
) -> None:
    real.handle("n10", "LoRA a 13B on 300M tokens in 5 days")
    assert "What is" not in real.handle("n10", "and 8?").text
