"""What stands between the street and a journal: invite tokens resolved without a hint, guesses
counted and slowed, forms bound to their reader, every input bounded, tokens kept out of logs."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

GUESSES = 10
"""Unknown tokens a client may try in :data:`WINDOW` seconds before it is refused for a while."""
WINDOW = 60.0
_CLIENTS = 10_000
"""Addresses remembered before those with only old misses are forgotten."""
BODY_LIMIT = 64 * 1024
"""The largest request body a form may send (bytes): a recap of 20,000 characters fits."""

_TOKEN_IN_PATH = re.compile(r"/t/[^/?#]+")


def redacted(path: str) -> str:
    """A request path as a log may show it: the invite token replaced, never written anywhere."""
    return _TOKEN_IN_PATH.sub("/t/…", path)


class GuessLimiter:
    """Counts unknown tokens per client over a sliding window (``clock`` is monotonic seconds):
    an attacker trying tokens gets :data:`GUESSES` tries a minute, a player mistyping a link is
    never locked out for long."""

    def __init__(self, clock: Callable[[], float], guesses: int = GUESSES, window: float = WINDOW) -> None:
        self._clock, self._guesses, self._window = clock, guesses, window
        self._misses: dict[str, deque[float]] = {}

    def blocked(self, client: str) -> bool:
        """Whether ``client`` has used up its guesses for now."""
        misses = self._misses.get(client)
        if not misses:
            return False
        horizon = self._clock() - self._window
        while misses and misses[0] < horizon:
            misses.popleft()
        if not misses:  # a client whose misses are all old is forgotten: the table never grows for good
            del self._misses[client]
        return len(misses) >= self._guesses

    def missed(self, client: str) -> None:
        """``client`` presented a token that opens nothing."""
        now = self._clock()
        if len(self._misses) >= _CLIENTS:  # many addresses: forget those whose misses are all old
            self._misses = {c: m for c, m in self._misses.items() if m and m[-1] >= now - self._window}
        self._misses.setdefault(client, deque()).append(now)


@dataclass(frozen=True)
class FormKeys:
    """Anti-forgery tokens: each form carries an HMAC of its reader's invite and its purpose under
    the server's secret, so a page of another site cannot post on a player's behalf."""

    secret: bytes

    def token(self, invite: str, purpose: str) -> str:
        """The hidden field a form of ``purpose`` carries for the holder of ``invite``."""
        digest = hashlib.sha256(invite.encode("utf-8")).hexdigest()
        return hmac.new(self.secret, f"{purpose}:{digest}".encode(), hashlib.sha256).hexdigest()

    def valid(self, invite: str, purpose: str, presented: str) -> bool:
        """Whether ``presented`` is this reader's token for ``purpose`` (compared in constant time)."""
        return hmac.compare_digest(self.token(invite, purpose), presented)
