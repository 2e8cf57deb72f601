"""Understanding free text (zh-Hans, zh-Hant, en): intent, language and sizing slots.

`parse(text) -> Parse`; see bot/nlu/types.py for the shapes and DESIGN.md for slot names/units.
"""

from bot.nlu.parser import parse, parse_budget, parse_data_size, parse_duration_days, parse_number
from bot.nlu.types import Ask, Parse, Slots

__all__ = [
    "Ask",
    "Parse",
    "Slots",
    "parse",
    "parse_budget",
    "parse_data_size",
    "parse_duration_days",
    "parse_number",
]
