"""Two values offered as choices for one part of the job ("2 vs 3 epochs", "7B 全参 vs LoRA 哪个划算",
"全參還是 QLoRA？") are both planned and shown side by side, instead of the first one being taken; on the
GPUs the user gave, the one that does not run on them says so and the one that does is the pick."""

from __future__ import annotations

from bot.dialogue.consultant import Consultant


def test_two_epoch_counts_are_both_planned_and_the_dearer_one_named(real: Consultant) -> None:
    real.handle("o1", "Full fine-tune Llama 3 8B on 500M tokens, 8 H100s")
    turn = real.handle("o1", "2 vs 3 epochs, what's the cost difference?")
    lines = turn.text.splitlines()
    assert lines[0] == "*Both choices planned side by side*"
    assert lines[1].startswith("• *2 epochs*: 8 × NVIDIA H100")
    assert lines[2].startswith("• *3 epochs*: 8 × NVIDIA H100")
    assert lines[3].startswith("The 3 epochs plan costs $")
    assert turn.payload["slots"].get("epochs") is None


def test_methods_weighed_on_the_gpus_owned_pick_the_cheaper_one(real: Consultant) -> None:
    real.handle("o2", "我们有 8 张 A100 80G")
    turn = real.handle("o2", "7B 全参 vs LoRA 哪个划算？数据 2B tokens")
    assert turn.text.startswith("*两个选项分别算了方案*")
    assert "• *全参数微调*：8 × NVIDIA A100 80GB" in turn.text
    assert "• *LoRA 微调*：8 × NVIDIA A100 80GB" in turn.text
    assert "建议选 LoRA 微调的方案：更便宜" in turn.text
    assert turn.payload["slots"]["tokens"] == 2e9 and turn.payload["slots"]["params"] == 7e9


def test_a_method_that_does_not_run_on_the_gpus_given_says_so(real: Consultant) -> None:
    turn = real.handle("o3", "全參還是 QLoRA？70B，2 張 A100 80G，資料 1 億 tokens")
    assert "• *全參數微調*：您的 2 張卡跑不了，需要" in turn.text
    assert "建議選 QLoRA 微調的方案：您現有的卡就能跑。" in turn.text


def test_a_choice_taken_afterwards_plans_it(real: Consultant) -> None:
    real.handle("o4", "Fine-tune Llama 3 8B on 1B tokens with 4 H100s")
    turn = real.handle("o4", "full fine-tune vs LoRA, which is cheaper?")
    assert "• *LoRA fine-tuning*: 4 × NVIDIA H100" in turn.text
    turn = real.handle("o4", "ok, LoRA then")
    assert turn.payload["slots"]["method"] == "lora"


def test_an_or_typed_against_chinese_still_offers_two_choices(real: Consultant) -> None:
    # "全参or LoRA": no space between 全参 and "or", which a \b-bounded word would not see
    turn = real.handle("o9", "全参or LoRA 哪个划算，7B，数据 1B tokens，5 天")
    assert turn.text.startswith("*两个选项分别算了方案*")
    assert "• *全参数微调*" in turn.text and "• *LoRA 微调*" in turn.text
