"""Slack mrkdwn as a terminal user sees it: no asterisks, no HTML escapes, readable bullets."""

from __future__ import annotations

from pathlib import Path

from bot.cli.terminal import help_text, message, save_chart, welcome
from bot.render.terminal import BOLD, BOLD_OFF, COLOUR_OFF, CYAN, ITALIC, ITALIC_OFF, render_mrkdwn, wrap

from .fake_consultant import FakeTurn


def test_bold_becomes_ansi_bold_and_escapes_are_undone() -> None:
    text = "*推荐方案*: 8 × H100 &lt; 30 天 &amp; 预算内"
    assert render_mrkdwn(text, colour=True) == f"{BOLD}推荐方案{BOLD_OFF}: 8 × H100 < 30 天 & 预算内"
    assert render_mrkdwn(text, colour=False) == "推荐方案: 8 × H100 < 30 天 & 预算内"


def test_words_with_underscores_and_products_with_stars_are_left_alone() -> None:
    text = "gpu_hours_range = 2*3*4 and memory_per_gpu_gb"
    assert render_mrkdwn(text, colour=True) == text


def test_bullets_are_indented_with_a_dot() -> None:
    text = "Options:\n- 8x h100-sxm\n• 16x a100-80gb\n  - nested"
    assert render_mrkdwn(text, colour=False) == "Options:\n  • 8x h100-sxm\n  • 16x a100-80gb\n    • nested"


def test_links_and_mentions_read_as_plain_text() -> None:
    text = "See <https://example.com/h100|the datasheet>, <https://example.com> and ask <@U123> or <!here>"
    assert render_mrkdwn(text, colour=False) == (
        "See the datasheet (https://example.com/h100), https://example.com and ask @U123 or @here"
    )


def test_code_is_coloured_and_not_reformatted_inside() -> None:
    assert render_mrkdwn("run `*args*`", colour=True) == f"run {CYAN}*args*{COLOUR_OFF}"
    block = "```\nzero_stage: 3\n*not bold*\n```"
    assert render_mrkdwn(block, colour=False) == "    zero_stage: 3\n    *not bold*"


def test_quotes_get_a_bar() -> None:
    assert render_mrkdwn("&gt; 注意：显存不足", colour=False) == "│ 注意：显存不足"


def test_the_welcome_names_the_session_and_how_to_leave_in_both_languages() -> None:
    text = render_mrkdwn(welcome("cli-1a2b3c4d"), colour=False)
    assert "gpu-advisor chat --session cli-1a2b3c4d" in text
    assert "$session" not in text
    assert "Ctrl-D" in text and "退出" in text
    assert "*" not in text


def test_the_help_lists_every_command() -> None:
    text = help_text()
    for command in ("/reset", "/chart", "/help", "exit", "--session"):
        assert command in text


def test_emphasis_may_surround_code() -> None:
    text = "_run `gpu-advisor chat` again_"
    assert (
        render_mrkdwn(text, colour=True)
        == f"{ITALIC}run {CYAN}gpu-advisor chat{COLOUR_OFF} again{ITALIC_OFF}"
    )


def test_control_characters_from_user_text_cannot_drive_the_terminal() -> None:
    text = "you said: \x1b[2J\x07bell\x00"
    assert render_mrkdwn(text, colour=False) == "you said: [2Jbell"


def test_chart_command_writes_the_last_recommendations_png(tmp_path: Path) -> None:
    turn = FakeTurn(text="plan", payload={"recommendation": {"options": []}}, png=b"\x89PNG fake")
    shown = save_chart(turn, str(tmp_path / "plan.png"))
    assert (tmp_path / "plan.png").read_bytes() == b"\x89PNG fake"
    assert str(tmp_path / "plan.png") in shown


def test_chart_command_before_any_recommendation_says_so() -> None:
    assert "No recommendation to chart yet" in save_chart(None, "plan.png")


def test_chart_command_into_a_missing_folder_reports_instead_of_crashing(tmp_path: Path) -> None:
    turn = FakeTurn(text="plan", payload={}, png=b"\x89PNG fake")
    assert "could not write" in save_chart(turn, str(tmp_path / "nowhere" / "plan.png"))


def test_every_terminal_message_fills_its_placeholders() -> None:
    text = message("chart_failed", path="/x.png", reason="denied") + message("goodbye", session="s1")
    assert "$" not in text
    assert "s1" in text and "/x.png" in text


def test_long_chinese_lines_wrap_by_display_width_under_their_indent() -> None:
    line = "  • " + "显存" * 20
    wrapped = wrap(line, 24, "    ")
    assert wrapped == ["  • " + "显存" * 5, "    " + "显存" * 5, "    " + "显存" * 5, "    " + "显存" * 5]


def test_english_wraps_at_spaces_and_colour_codes_take_no_room() -> None:
    line = f"{BOLD}Recommended{BOLD_OFF} eight H100 GPUs for twelve days"
    assert wrap(line, 20, "") == [f"{BOLD}Recommended{BOLD_OFF} eight", "H100 GPUs for twelve", "days"]
