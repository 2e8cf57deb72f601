"""The stack a user names in chat ("we use DeepSpeed ZeRO-3", "我们用 LLaMA-Factory") reaches the
sizing request, and the plan's memory and explanation follow it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bot.dialogue.consultant import Consultant
from bot.dialogue.plan import build_request, training_software
from bot.dialogue.state import DialogueState
from knowledge import KnowledgeBase

from .asking import ask

TODAY = dt.date(2026, 11, 29)


def _state(**slots: Any) -> DialogueState:
    base = {"params": 7e9, "method": "lora", "precision": "bf16", "tokens": 1e8, "days": 3}
    return DialogueState(slots={**base, **slots})


def test_a_named_stack_and_recompute_mode_reach_the_request(kb: KnowledgeBase) -> None:
    request = build_request(_state(stack="deepspeed", recompute="full"), kb.catalog, TODAY)
    assert request.stack == "deepspeed" and request.recompute == "full"


def test_without_a_named_stack_the_engine_picks_the_usual_one(kb: KnowledgeBase) -> None:
    request = build_request(_state(), kb.catalog, TODAY)
    assert request.stack is None and request.recompute is None and request.continued is False


def test_continued_pre_training_reaches_the_request_only_for_pre_training() -> None:
    assert training_software({"continued": True, "method": "pretrain"})["continued"] is True
    assert training_software({"continued": True, "method": "lora"})["continued"] is False


def test_an_unknown_stack_name_is_left_to_the_engine() -> None:
    assert training_software({"stack": "jax", "recompute": "sometimes"}) == {
        "stack": None,
        "recompute": None,
        "continued": False,
        "offload": False,
        "low_memory": False,
        "reference_model": False,
        "micro_batch": None,
        "global_batch_tokens": None,
    }


def test_the_micro_batch_said_reaches_the_request_and_none_said_leaves_it_to_the_engine(
    kb: KnowledgeBase,
) -> None:
    assert build_request(_state(micro_batch=4), kb.catalog, TODAY).micro_batch == 4
    assert build_request(_state(), kb.catalog, TODAY).micro_batch is None


def test_a_full_fine_tune_said_to_run_on_torchtune_is_judged_in_torchtunes_pure_bf16(
    real: Consultant,
) -> None:
    # torchtune keeps weights, gradients and AdamW states in bf16 (8 B/param, not 16): a 7B full
    # fine-tune sharded over four 24 GB cards fits with it, and the answer says what it assumed.
    plain = ask(real, "Can I full fine-tune a 7B model on 4 RTX 4090s?")
    named = ask(real, "Can I full fine-tune a 7B model on 4 RTX 4090s with torchtune?")
    assert plain.startswith("*No") and named.startswith("*Yes.*")
    assert "AdamW in bf16 as torchtune trains (no fp32 master copy)" in named
    zh = ask(real, "用 torchtune 在 4 张 4090 上全参微调 7B 模型可以吗")
    assert zh.startswith("*能") and "按 torchtune 的做法全程 BF16" in zh


@pytest.mark.parametrize(
    ("message", "understood"),
    [
        (
            "full finetune 7B on 8x H100, 20B tokens, seq 4096, batch 4",
            "sequence length 4,096, micro-batch 4 per GPU.",
        ),
        (
            "fine-tune 7B in full on 8 H100s: 20B tokens, 4k sequences, micro batch 4 per GPU",
            "micro-batch 4 per GPU.",
        ),
        (
            "全参微调 7B，8 张 H100，200 亿 token，序列长度 4096，每卡 4 条",
            "序列长度 4,096，每卡 micro-batch 4。",
        ),
        (
            "全參微調 7B，8 張 H100，200 億 token，序列長度 4096，批大小 4",
            "序列長度 4,096，每卡 micro-batch 4。",
        ),
    ],
)
def test_a_plan_runs_at_the_micro_batch_said_and_keeps_it_on_a_follow_up(
    real: Consultant, message: str, understood: str
) -> None:
    session = "mb-" + message[:12]
    plan = real.handle(session, message)
    assert understood in plan.text.replace("*", "")
    assert plan.payload["recommendation"]["options"][0]["layout"]["micro_batch"] == 4
    later = real.handle(session, "what if 16 GPUs?")
    assert later.payload["recommendation"]["options"][0]["layout"]["micro_batch"] == 4


def test_a_new_micro_batch_is_a_change_said_as_one(real: Consultant) -> None:
    ask_ = "full finetune 7B on 8x H100, 20B tokens, seq 4096, batch 4"
    text = ask(real, ask_, "what if micro batch 8?").replace("*", "")
    assert "What changed: micro-batch 4 per GPU → micro-batch 8 per GPU" in text
