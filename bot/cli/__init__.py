"""The `gpu-advisor` console script: a thin dispatcher over one module per subcommand."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Subcommand name -> module under bot.cli.commands, in the order --help lists them.
COMMANDS = ("chat", "parse", "faq", "size", "gpus", "serve", "validate")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpu-advisor",
        description="Size GPU rentals for training and fine-tuning LLMs (中文 / English).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"bot.cli.commands.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from bot.config import SettingsError
    from knowledge import KnowledgeError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (SettingsError, KnowledgeError) as exc:
        # Bad configuration or data: one line naming the variable or file/entry/field, no traceback.
        print(f"gpu-advisor {args.command}: {exc}", file=sys.stderr)
        return 2
    return code
