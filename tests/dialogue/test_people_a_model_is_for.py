"""A model served to an organisation's people ("给 100 个同事用", "給全公司 300 人用", "for 100 employees") is
sized for them as daily users, and the answer says so: they are not all online at once (it read them as
concurrent users); people said to use it at once ("300 人同时用") stay concurrent users."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("question", "said", "assumed"),
    [
        ("给 100 个同事用，部署 Qwen2.5-14B 要几张卡", "100 位使用者，按日活计、不是同时在线",
         "日活 100 人、每人每天 5 次请求"),
        ("部署 Qwen2.5-14B 給 100 位同事使用，需要幾張卡", "100 位使用者，按日活計、不是同時線上",
         "日活 100 人、每人每天 5 次請求"),
        ("内部部署 Qwen2.5-14B，全公司 300 人用", "300 位使用者，按日活计、不是同时在线", "日活 300 人"),
        ("公司 80 名员工会用 Llama 3.1 8B 做内部问答，要什么卡", "80 位使用者，按日活计", "日活 80 人"),
        ("Qwen2.5-14B for 100 employees, how many GPUs",
         "100 people, counted as daily users, not all at once", "100 daily users making 5 requests a day"),
    ],
)  # fmt: skip
def test_an_organisations_people_are_sized_as_daily_users_and_the_answer_says_so(
    real: Consultant, question: str, said: str, assumed: str
) -> None:
    text = real.handle("p1", question).text
    assert said in text and assumed in text
    assert "并发用户" not in text and "concurrent users" not in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("部署 Qwen2.5-14B，300 人同时用", "300 个并发用户"),
        ("部署 7B 助手，50 个同事同时用", "50 个并发用户"),
    ],
)
def test_people_said_to_use_it_at_once_are_still_concurrent_users(
    real: Consultant, question: str, said: str
) -> None:
    assert said in real.handle("p2", question).text
