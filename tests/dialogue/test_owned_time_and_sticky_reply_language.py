"""Feasibility on GPUs the user owns says the time on them and no rent (a price only when asked);
a reply language asked for ("answer in English", "请用中文回答") holds for the conversation until another is
asked, while a message in another language without such a request is still answered in its own."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_feasibility_on_owned_gpus_says_their_time_and_no_rent(real: Consultant) -> None:
    turn = real.handle("o1", "we own 8 A100 80GB; can we full fine-tune 8B on 3B tokens in 2 weeks?")
    time_line = next(line for line in turn.text.splitlines() if line.startswith("*Time:*"))
    assert "on your 8 × NVIDIA A100 80GB" in time_line
    assert time_line.endswith("; no rent on your own GPUs.") and "$" not in turn.text


def test_feasibility_on_gpus_not_said_to_be_owned_still_quotes_the_rent(real: Consultant) -> None:
    turn = real.handle("o2", "can we full fine-tune 8B on 3B tokens on 8 A100 80GB in 2 weeks?")
    assert "on demand." in turn.text and "your own" not in turn.text


def test_an_english_request_holds_when_the_user_goes_on_in_chinese(real: Consultant) -> None:
    real.handle("l1", "LoRA 微调 8B，1 亿 tokens，一周内")
    real.handle("l1", "answer in English please")
    turn = real.handle("l1", "那三天呢？")
    assert turn.text.startswith("*What changed*: 7 days → 3 days")


def test_a_chinese_request_beside_the_job_holds_for_english_follow_ups(real: Consultant) -> None:
    real.handle("l2", "请用中文回答：LoRA 微调 8B，1 亿 tokens，一周内")
    turn = real.handle("l2", "what if 3 days?")
    assert turn.text.startswith("*变化*：7 天 → 3 天")


def test_without_a_request_the_reply_follows_the_users_language(real: Consultant) -> None:
    real.handle("l3", "LoRA 微调 8B，1 亿 tokens，一周内")
    turn = real.handle("l3", "what if 3 days?")
    assert turn.text.startswith("*What changed*: 7 days → 3 days")


def test_chinese_data_described_is_no_language_request(real: Consultant) -> None:
    real.handle("l4", "用中文语料 5GB 做 LoRA 微调 8B，一周内")
    turn = real.handle("l4", "what if 3 days?")
    assert turn.text.startswith("*What changed*")


def test_a_request_in_the_same_message_already_holds_for_its_reply(real: Consultant) -> None:
    turn = real.handle("l5", "Please reply in Chinese. Full fine-tune 7B on 500M tokens within 3 days")
    assert turn.text.startswith("*推荐方案*")


def test_an_english_follow_up_to_a_chinese_serving_plan_is_answered_in_english(real: Consultant) -> None:
    real.handle("l6", "我们想用 H100 部署 Llama 3.1 70B 做客服，大概 50 个人同时用")
    turn = real.handle("l6", "what about 200 users?")
    assert turn.text.startswith("*What changed*") and "200" in turn.text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in turn.text)


def test_a_chinese_follow_up_to_an_english_serving_plan_is_answered_in_chinese(real: Consultant) -> None:
    real.handle("l7", "how many H100s to serve Qwen2.5-72B for 100 concurrent users?")
    turn = real.handle("l7", "换成 INT4 呢")
    heading = turn.text.split("\n")[0]  # the how-many question's count still leads
    assert heading.startswith("*") and heading[1].isdigit() and "张 NVIDIA H100" in heading
    assert "：推理部署 Qwen2.5 72B（INT4）" in heading


def test_a_gpu_name_with_a_particle_keeps_the_conversations_language(real: Consultant) -> None:
    real.handle("l8", "how many H100s to serve Qwen2.5-72B for 100 concurrent users?")
    turn = real.handle("l8", "4090 呢")
    assert "RTX 4090" in turn.text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in turn.text)
