"""Figure checks: kindly correct a wrong hardware figure the user quoted (kb.factcheck)."""

from __future__ import annotations

from typing import Any

from bot.dialogue.reply import Reply
from bot.render.views import pick


def corrections(found: list[Any], reply: Reply) -> None:
    """Correct, kindly, any wrong hardware figure the user quoted (kb.factcheck's results)."""
    if not found:
        return
    reply.add(
        "correction",
        corrections=[
            {
                "gpu": c.gpu_id,
                "metric": c.metric,
                "claimed": c.claimed,
                "correct": c.correct,
                "message": pick(c.message, reply.lang),
                "source": c.source,
            }
            for c in found
        ],
    )
