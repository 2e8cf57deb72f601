"""What leaves for Slack never pings a channel, whatever a reply's text or Block Kit holds."""

from types import SimpleNamespace

from bot.slack.posting import defuse, message_args


def _turn(text: str, blocks: list[dict[str, object]]) -> SimpleNamespace:
    return SimpleNamespace(text=text, blocks=blocks, payload={}, lang="en")


def test_a_special_mention_deep_in_block_kit_goes_out_inert() -> None:
    blocks = [
        {"type": "section", "text": {"type": "mrkdwn", "text": "ping <!channel> now"}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": "<!here|here> and <!subteam^S1>"}]},
    ]
    args = message_args(_turn("hey <!everyone>", blocks))
    assert args["text"] == "hey &lt;!everyone>"
    assert args["blocks"][0]["text"]["text"] == "ping &lt;!channel> now"
    assert args["blocks"][1]["elements"][0]["text"] == "&lt;!here|here> and &lt;!subteam^S1>"
    assert blocks[0]["text"]["text"] == "ping <!channel> now"  # the turn's own blocks are left as they were


def test_blocks_without_a_special_mention_go_out_as_they_are() -> None:
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": "8× H100, 3.2 days, *$4,300*"}}]
    assert message_args(_turn("8× H100", blocks))["blocks"] == blocks


def test_values_that_are_not_json_are_still_walked() -> None:
    assert defuse({"a": ("<!here>",), "b": [b"x", "<!channel>"]}) == {
        "a": ("<!here>",),
        "b": [b"x", "&lt;!channel>"],
    }
