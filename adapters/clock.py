"""Wall time, the one thing the daemon and session ends read from the world.

``CHRONIQUE_TEST_CLOCK`` (tests only) replaces it with an accelerated clock shared by every
process: ``<fake origin ISO>@<real origin, Unix seconds>@<speed>`` gives
``fake origin + speed × (time.time() − real origin)``; a speed of 0 freezes it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

TEST_CLOCK = "CHRONIQUE_TEST_CLOCK"

WallClock = Callable[[], datetime]


def system_clock() -> datetime:
    """The machine's time, UTC."""
    return datetime.now(UTC)


def wall_clock() -> WallClock:
    """The clock this process uses: the system's, or the test override when it is set."""
    spec = os.environ.get(TEST_CLOCK)
    if not spec:
        return system_clock
    origin, real_origin, speed = spec.split("@")
    fake, real, factor = datetime.fromisoformat(origin), float(real_origin), float(speed)

    def accelerated() -> datetime:
        return fake + timedelta(seconds=(time.time() - real) * factor)

    return accelerated
