"""One module per `gpu-advisor` subcommand; each exposes `add_parser(subparsers)` and `run(args) -> int`."""
