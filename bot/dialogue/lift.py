"""Constraints taken back: "预算不限", "forget the budget", "any GPU is fine", "卡数不限".

A message that lifts a limit the conversation holds clears that slot and re-plans, said as a change
("$500 → no budget"), instead of reading as an FAQ question about budgets or a "skip" with nothing
pending. Deadlines have their own words (Parse.no_deadline, dialogue.timeline). The cues are read
on the simplified, lower-cased text (bot/nlu/text.normalise), so one list serves both scripts.
"""

from __future__ import annotations

import re

from bot.dialogue.state import DialogueState, SlotChange
from bot.nlu.text import normalise

_NOT = r"(?:isn'?t|is not|is no|doesn'?t|does not|won'?t be|will not be|is never)"
LIFTS: dict[str, re.Pattern[str]] = {
    "budget": re.compile(
        r"\b(?:no|without(?: a| any)?|unlimited|any|open|flexible|uncapped)\s+budget\b"
        r"(?! (?:is|was|given|said))"
        r"|\bno (?:budget |spending |cost )?(?:limit|cap|ceiling|constraint|restriction)s? on (?:the )?"
        r"(?:budget|cost|spend(?:ing)?|money|price)"
        r"|\b(?:budget|cost|money|price)(?:'s| is)? " + _NOT + r" (?:an? )?(?:real )?"
        r"(?:issue|problem|concern|object|constraint|limit|factor)"
        r"|\b(?:budget|cost|money|price) (?:doesn'?t|does not|don'?t) (?:really )?matter"
        r"|\bmoney is no object\b"
        r"|\b(?:forget|drop|remove|ignore|scrap|lift|clear|ditch|never ?mind|cancel|lose)"
        r" (?:about )?(?:the |my |our |that |this )?budget\b"
        r"|\bbudget:? ?(?:none|no limit|unlimited|n/a|whatever|is unlimited|is open)\b"
        r"|\b(?:don'?t|do not) (?:care|worry) (?:about|for) (?:the )?(?:budget|cost|money|price)"
        r"|预算(?:上限|限制|额度|方面|这块|的事)?(?:就)?(?:不限|无所谓|随意|随便|没有?(?:上限|限制)|不是问题|不成问题|不重要|不用管|不用考虑|充足|没问题|无上限|不设限)"
        r"|不(?:限|管|考虑|用管|用考虑|在乎|在意|设)预算"
        r"|(?:去掉|拿掉|取消|忽略|别管|删掉|删除|移除|撤销|不要)(?:那个|这个|之前的|刚才的)?预算"
        r"|把(?:那个|这个)?预算(?:去掉|拿掉|取消|删掉|删除|移除)"
        r"|(?:没有|没|无)预算(?:限制|上限)|不差钱|钱不是问题"
    ),
    "gpu": re.compile(
        r"\bany (?:gpu|card|accelerator)s?(?: type| model)? (?:is|are|would be|will be|will) ?"
        r"(?:fine|ok|okay|good|alright|do|work)"
        r"|\b(?:any|whatever|whichever) (?:gpu|card)s?(?: type| model)? (?:works|will do|goes)"
        r"|\b(?:don'?t|do not) care (?:about |which )(?:the )?(?:gpu|card|hardware)"
        r"|\b(?:drop|forget|remove|lift|ignore|clear) the (?:gpu|hardware|card)"
        r" (?:choice|constraint|requirement|preference|type)"
        r"|\bno (?:gpu|hardware|card) (?:preference|constraint|requirement)"
        r"|\b(?:gpu|card|hardware)(?: type| model)? (?:doesn'?t|does not|don'?t) matter"
        r"|\bopen to any (?:gpu|card)"
        r"|(?:什么|哪种|哪个|任何|随便什么|啥|什么型号的?)(?:卡|gpu|显卡)都(?:行|可以|好|ok|没问题|成)"
        r"|(?:卡型|型号|gpu型号|显卡型号|gpu类型|显卡)(?:不限|随意|无所谓|随便|都行|都可以)"
        r"|不(?:限|指定|挑)(?:卡型|型号|gpu|显卡)"
    ),
    "gpu_count": re.compile(
        r"\bno (?:limit|cap|ceiling|constraint|restriction|max(?:imum)?) on (?:the )?"
        r"(?:gpu count|number of (?:gpus|cards)|gpus|cards|nodes|count)"
        r"|\b(?:any|an unlimited|unlimited) number of (?:gpus|cards)"
        r"|\bunlimited (?:gpus|cards)\b"
        r"|\bas many (?:gpus|cards) as (?:needed|necessary|it takes|you (?:want|like|need)|required)"
        r"|\b(?:drop|forget|remove|lift|ignore|clear) the (?:gpu )?"
        r"(?:count|number of gpus|gpu limit|limit on gpus|cap)"
        r"|\b(?:gpu count|number of gpus) (?:doesn'?t|does not) matter"
        r"|(?:卡数|张数|卡的数量|gpu数量|显卡数量|gpu数|卡数量)(?:不限|随意|无所谓|随便|没有?限制|都行)"
        r"|不限(?:卡数|张数|数量|几张|卡的数量|gpu数量)"
        r"|(?:多少|几)张(?:卡)?都(?:行|可以|没问题|ok)"
        r"|(?:多少|几)(?:个|块)?(?:卡|gpu)都(?:行|可以|没问题|ok)"
    ),
}


def lifted(text: str, state: DialogueState) -> list[str]:
    """The held slots whose limit the message takes back, in slot order."""
    t = normalise(text).lower
    return [name for name, cue in LIFTS.items() if state.slots.get(name) is not None and cue.search(t)]


def unheld_lifts(text: str, state: DialogueState) -> list[str]:
    """The limits the message takes back that the conversation never set ("预算不用管" with no budget)."""
    t = normalise(text).lower
    return [name for name, cue in LIFTS.items() if state.slots.get(name) is None and cue.search(t)]


def lift(state: DialogueState, names: list[str]) -> list[SlotChange]:
    """Clear those slots; the changes to report ("$500 → no budget")."""
    changes = []
    for name in names:
        changes.append(SlotChange(name, state.slots.get(name), None))
        state.slots[name] = None
        if name == "budget":
            state.assumed = [a for a in state.assumed if a != "currency"]
        if name == "gpu_count":
            state.count_limit = False
        if name == "gpu":
            state.owned = False  # "any GPU" is a rental on whatever fits
    return changes
