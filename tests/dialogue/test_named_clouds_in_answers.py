"""A cloud named in a question about a job ("on AWS", "用 Lambda") prices the answer there, as it
does a training plan: the cheapest GPU for a job and a serving plan quote only that cloud's
offerings and say so; a cloud that sells nothing that does it is said, and the whole catalogue used."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "cloud", "note"),
    [
        ("cheapest GPU on Azure to LoRA fine-tune a 13B model?", "Azure", "Priced on Azure only, as asked."),
        ("how many GPUs to serve Qwen2.5 14B on AWS to 200 users?", "aws", "Priced on AWS only, as asked."),
        ("在 Lambda 上部署 Llama 3 8B 推理最便宜用什么卡", "Lambda", "只用 Lambda 的报价"),
    ],
)
def test_a_named_cloud_prices_the_answer_there(
    real: Consultant, question: str, cloud: str, note: str
) -> None:
    text = real.handle("s", question).text
    assert note in text, text
    low = text.lower()
    assert cloud.lower() in low.replace(note.lower(), "")
    others = [c for c in ("aws", "azure", "google cloud", "gcp", "lambda") if c != cloud.lower()]
    assert not [c for c in others if c in low], text


def test_without_a_named_cloud_nothing_is_said_about_clouds(real: Consultant) -> None:
    text = real.handle("s", "cheapest GPU to LoRA fine-tune a 13B model?").text
    assert "as asked" not in text
