"""After a change of GPU, "the two cards" are the GPUs of the plan before the change and the plan now:
"这两个卡有什么区别？" / "what's the difference between the two cards?" compares their datasheets and
leaves the plan (and its GPU count) as it was."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_the_two_cards_after_a_change_are_the_plans_gpus_in_english(real: Consultant) -> None:
    real.handle("c1", "Full fine-tune Llama 3 8B on 1B tokens within 2 weeks")
    real.handle("c1", "use A100")
    now = real.handle("c1", "switch to H100")
    turn = real.handle("c1", "what's the difference between the two cards?")
    assert turn.text.startswith("*How the NVIDIA A100")
    assert "NVIDIA H100 SXM5 differ*" in turn.text.splitlines()[0]
    assert "*Recommended:*" not in turn.text
    assert turn.payload["slots"].get("gpu_count") == now.payload["slots"].get("gpu_count")


def test_the_two_cards_in_chinese_and_traditional(real: Consultant) -> None:
    real.handle("c2", "全参微调 Qwen2.5 7B，2B tokens，两周内")
    real.handle("c2", "用 A100")
    real.handle("c2", "换成 H100 呢")
    turn = real.handle("c2", "这两个卡有什么区别？")
    assert "A100" in turn.text and "H100" in turn.text and "显存" in turn.text
    real.handle("c3", "預訓練 1B 模型，資料 50B tokens，一個月內")
    real.handle("c3", "用 A100")
    real.handle("c3", "改用 H200")
    turn = real.handle("c3", "這兩張卡差在哪？")
    assert "A100" in turn.text.splitlines()[0] and "H200" in turn.text.splitlines()[0]
    assert "*推薦方案*" not in turn.text


def test_with_one_gpu_only_two_cards_stays_a_gpu_count(real: Consultant) -> None:
    real.handle("c4", "LoRA 8B on 200M tokens within 5 days on A100")
    turn = real.handle("c4", "what about using 2 cards?")
    assert turn.payload["slots"].get("gpu_count") == 2
