from __future__ import annotations

import sys
from pathlib import Path

# The throwaway redis-server helper lives with the Redis tests; the turn-queue contract runs there too.
sys.path.append(str(Path(__file__).resolve().parent.parent / "redis"))
