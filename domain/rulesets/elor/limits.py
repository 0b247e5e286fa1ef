"""The ranges the numbers of a Elor command make sense in (issue 18), each with the
rulebook's reason; cli/bounds.py makes the checks, domain/limits.py holds what every game shares."""

from __future__ import annotations

MODIFIER = 20
"""Elor: a difficulty or prowess is a few levels added to a faculty of about -1..3 (§Attaque
L538-609); ±20 levels is far beyond any die's reach."""
EFFORT = 20
"""Elor: effort points are 2 + P + M and at most 2 + M go into one action (annex L945-1026)."""
DEGREES = 1 + EFFORT
"""Elor: a test rolls one D10 plus one per effort point, a degree per die (§3.1 of the digest), so no
attack value (``--opponent-attack``) exceeds 1 + the largest effort."""
DAMAGE = 100
"""Elor: a human location holds 3 to about 20 HP (§Humains L862-882, P up to 15); a nominal damage
of 100 destroys any location many times over."""
LONG_DEGREES = 1_000
"""Elor: a long action sums the degrees of a test per time unit (§Actions longues L436-452); training
needs 2 × the next level; a thousand degrees is years of daily tests."""
EXPERIENCE = 100
"""Elor: a super-épique character is created with 20 experience points (§2.8 of the digest), one a
profession level; an award of 100 is five such careers."""
SIZE_M = (0.01, 10_000.0)
"""Elor: the size table runs from 1 cm to 1,000 m (§Attaque à distance L544-603) and clamps beyond;
ten times its last row is the largest target a shot makes sense of."""
DISTANCE = 100_000
"""Elor: the distance table runs to 10,000 m (§Attaque à distance L544-603) and clamps beyond."""
SPEED = 25_000
"""Elor: the speed table runs to 2,500 km/h (§Attaque à distance L544-603) and clamps beyond."""
ANGLE = 360
"""Elor: the angle between a target's motion and the line of fire, in degrees (E18)."""
ERRATIC = 2
"""Elor: an erratic target gives −1 or −2 by how sudden its swerves are (§Attaque à distance)."""
RISK = 10
"""Elor: a risk clock triggers on a D10 at most its threshold (PROPOSAL §5.3, E-T6): at 10 it always
triggers, so neither the threshold nor its step means anything beyond."""
HOURS_A_DAY = 24
"""A work day's hours (Elor long actions, §Actions longues): 1 to 24, starting at an hour 0 to 23."""
