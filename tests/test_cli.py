from __future__ import annotations

import pytest

from bot.cli import COMMANDS, build_parser


def test_every_design_subcommand_is_registered() -> None:
    parser = build_parser()
    for name in ("chat", "parse", "faq", "size", "gpus", "serve"):
        assert name in COMMANDS
        args = parser.parse_args([name] + (["--params", "7e9"] if name == "size" else []))
        assert args.command == name


def test_unknown_subcommand_exits_with_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["frobnicate"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
