"""The ranges the numbers of a Cartes command make sense in (issue 18), each with the
rulebook's reason; cli/bounds.py makes the checks, domain/limits.py holds what every game shares."""

from __future__ import annotations

MODIFIER = 20
"""Cartes: a target number is a skill of a few points against card values 1 to 13 (§Tirage L209,
ruling C1); a modifier beyond ±20 decides every draw, so none larger means anything."""
DAMAGE = 13 + 3 + MODIFIER
"""Cartes: damage is the retained card's value (at most 13, a king), +3 on a ♠, plus a weapon bonus
(§Encaissement des dommages L339-351)."""
DISTANCE = 100_000
"""Cartes: the range scale ends at 10,000 m, beyond which a sneak is undetectable without sensors
(§Vigilance et discrétion L385-427, A26); metres ten times that mean nothing more."""
LEVEL = 10
"""Cartes: a difficulty level beyond ±2 draws 1 + |level| cards (digest A23); at ±10 a test already
draws eleven cards, a fifth of a pack, so no table asks for more."""
