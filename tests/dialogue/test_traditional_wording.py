"""Traditional-Chinese replies are the simplified text through OpenCC s2twp plus the phrase
fix-ups of bot/render/templates/zh_hant_phrases.json: the ML terms s2twp mistranslates must not appear."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant
from bot.store.memory import MemoryStore
from knowledge import KnowledgeBase

from .conftest import TODAY

# s2twp's readings that change the meaning: 激活 (activations) as 啟用 (enable), 全局 as
# 全域性, 镜像 (image) as 映象, the CUDA runtime as 執行時, 只 (only) as the measure word 隻.
WRONG_FORMS = (
    "啟用值",
    "啟用重計算",
    "啟用檢查點",
    "開啟啟用",
    "啟用顯存",
    "全域性",
    "映象",
    "執行時，",
    "隻靠",
)


@pytest.fixture
def real(kb: KnowledgeBase) -> Consultant:
    return Consultant(kb, MemoryStore(session_ttl_s=3600), clock=lambda: TODAY, chart=None)


def test_a_long_sequence_qlora_plan_and_its_explanation_read_as_taiwan_ml_wording(
    real: Consultant,
) -> None:
    plan = real.handle("s", "QLoRA微調一個700億參數的模型，資料20億tokens，序列長度8192，兩週內完成")
    explain = real.handle_action("s", "explain", "")

    text = plan.text + "\n" + explain.text
    assert plan.lang == "zh-Hant" and plan.payload["recommendation"] is not None
    assert [bad for bad in WRONG_FORMS if bad in text] == []
    assert "活化" in text and "全域批次" in explain.text
