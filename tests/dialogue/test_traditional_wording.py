"""Traditional-Chinese replies are the simplified text through OpenCC s2twp with the protected terms and
phrase fix-ups of bot/nlu/zh_hant_phrases.json: the ML terms s2twp mistranslates must not appear."""

from __future__ import annotations

import re
from pathlib import Path

from bot.dialogue.consultant import Consultant
from bot.render.text import to_script
from knowledge import KnowledgeBase

# s2twp's readings that change the meaning: 激活 (activations) as 啟用 (enable), 扩展 (scaling) as
# 擴充套件 (an extension), 全局 as
# 全域性, 镜像 (image) as 映象, the CUDA runtime as 執行時, 只 (only) as the measure word 隻.
WRONG_FORMS = (
    "擴充套件",  # 扩展 (scaling) as a software extension
    "解除安裝",  # 卸载 (offloading to CPU memory) as uninstalling software
    "活化",  # 激活 (activations): chemistry's word
    "啟用引數",
    "啟用值",
    "啟用重計算",
    "啟用檢查點",
    "開啟啟用",
    "啟用顯存",
    "全域性",
    "映象",
    "執行時，",
    "隻靠",
    "隻有",  # 还是只有 PCIe: s2twp reads 是只 as a measure word
    "卡里",  # 放得下的卡里 (among the cards): 里 (inside) is 裡 in Taiwan
    "所有云",  # 所有云报价 (every cloud's prices): s2twp leaves 云 (cloud) unconverted here
)


def test_a_long_sequence_qlora_plan_and_its_explanation_read_as_taiwan_ml_wording(
    real: Consultant,
) -> None:
    plan = real.handle("s", "QLoRA微調一個700億參數的模型，資料20億tokens，序列長度8192，兩週內完成")
    explain = real.handle_action("s", "explain", "")

    text = plan.text + "\n" + explain.text
    assert plan.lang == "zh-Hant" and plan.payload["recommendation"] is not None
    assert [bad for bad in WRONG_FORMS if bad in text] == []
    assert "激活" in text and "全域批次" in explain.text


# Mainland wording s2twp leaves, or produces, where Taiwan readers expect their own word: an
# instance is 執行個體 and a network 網路 everywhere, a NIC 網路卡, quality 品質.
MAINLAND_FORMS = (
    "例項",
    "實例",
    "網絡",
    "質量",
    "數據",
    "默認",
    "軟件",
    "硬件",
    "服務器",
    "視頻",
    "運營",
    "賬號",
    "轉賬",
    "雲盤",  # a cloud server's disk: 雲端硬碟
    "資料盤",
    "系統盤",
    "網路盤",
    "訪問控制",  # access control: 存取控制
    "訪問許可權",
    "記憶體訪問",
    "合同",  # a contract: 合約
)


def _zh_sources(kb: KnowledgeBase) -> list[str]:
    """Every Chinese text a reply can carry: the zh templates' wording and the knowledge base's."""
    templates = Path(__file__).resolve().parents[2] / "bot" / "render" / "templates" / "zh"
    texts = [
        re.sub(r"{[{%#].*?[}%#]}", " ", f.read_text(encoding="utf-8"), flags=re.S)
        for f in templates.glob("*.j2")
    ]
    for entry in (*kb.faq, *kb.pitfalls):
        for name in ("title", "answer", "advice", "description"):
            value = getattr(entry, name, None)
            if value is not None and getattr(value, "zh", None):
                texts.append(value.zh)
    texts += [item.text.zh for item in kb.checklist]
    return texts


def test_every_chinese_text_converted_for_taiwan_uses_taiwan_words(kb: KnowledgeBase) -> None:
    converted = [to_script(text, "zh-Hant") for text in _zh_sources(kb)]
    found = {form: [t for t in converted if form in t][:1] for form in MAINLAND_FORMS + WRONG_FORMS}
    assert {form: hits for form, hits in found.items() if hits} == {}
    joined = "\n".join(converted)
    assert "執行個體" in joined and "網路" in joined
    assert "雲端硬碟" in joined and "存取權限" in joined and "合約" in joined
