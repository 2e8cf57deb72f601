"""`python -m bot.cli`: the console script without an installed entry point."""

import sys

from bot.cli import main

sys.exit(main())
