"""Asking the real consultant one question, or a short dialogue, in a fresh conversation."""

from __future__ import annotations

import uuid

from bot.dialogue.consultant import Consultant

# The planning form's questions: a direct question is answered without them.
FORM = ("How many parameters", "How much training data", "How long can training take", "训练数据有多少")


def ask(consultant: Consultant, *texts: str) -> str:
    """The reply to the last of `texts`, said in turn in one new conversation."""
    session_id = "s-" + uuid.uuid4().hex
    reply = ""
    for text in texts:
        reply = consultant.handle(session_id, text).text
    return reply
