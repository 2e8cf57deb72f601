"""The Slack layer's own short notices (errors, rate limit, store outage), in the user's language.

The consultant renders every answer from templates; these few lines are what the transport says when
it cannot reach the consultant at all, so they live next to the code that sends them.
"""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# A handful of characters that exist only in traditional script, enough to pick zh-Hant for a notice.
_HANT_ONLY = set("們這個麼說請訓練數據時間預費顯錢對開發參機們與為會這與幾萬億週")

NOTICES: dict[str, dict[str, str]] = {
    "error": {
        "zh-Hans": "抱歉，处理这条消息时出了点问题。请稍后再试一次。",
        "zh-Hant": "抱歉，處理這則訊息時出了點問題。請稍後再試一次。",
        "en": "Sorry, something went wrong while handling that message. Please try again in a moment.",
    },
    "rate_limited": {
        "zh-Hans": "消息有点多，请稍等一分钟再问。🙏 / You're sending messages fast, please wait a minute.",
        "zh-Hant": "訊息有點多，請稍等一分鐘再問。🙏 / You're sending messages fast, please wait a minute.",
        "en": "You're sending messages quickly, please wait a minute and ask again. 🙏 / 请稍等一分钟再问。",
    },
    "store_down": {
        "zh-Hans": "机器人的会话存储暂时不可用，请稍后重试。",
        "zh-Hant": "機器人的會話儲存暫時無法使用，請稍後重試。",
        "en": "The bot's state store is unavailable right now, please retry shortly.",
    },
    "modal_sent": {
        "zh-Hans": "已收到表单，答复稍后发给你。",
        "zh-Hant": "已收到表單，答覆稍後發給你。",
        "en": "Got the form, the answer is on its way.",
    },
}


def detect_lang(text: str | None) -> str:
    """Script of a message for a notice: zh-Hans, zh-Hant or en (the consultant does the real NLU)."""
    if not text or not _CJK.search(text):
        return "en"
    return "zh-Hant" if any(ch in _HANT_ONLY for ch in text) else "zh-Hans"


def lang_from_locale(locale: str | None) -> str:
    """Slack user locale (e.g. zh-CN, zh-TW, en-US) to the consultant's language code."""
    if not locale or not locale.lower().startswith("zh"):
        return "en"
    return "zh-Hant" if locale.lower() in ("zh-tw", "zh-hk", "zh-mo", "zh-hant") else "zh-Hans"


def notice(kind: str, lang: str) -> str:
    texts = NOTICES[kind]
    return texts.get(lang) or texts["en"]
