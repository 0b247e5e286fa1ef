"""The ranges the numbers of a MicroFudge CECJ command make sense in (issue 18), each with the
rulebook's reason; cli/bounds.py makes the checks, domain/limits.py holds what every game shares."""

from __future__ import annotations

MODIFIER = 10
"""MicroFudge: ranks run from 1 (Lamentable) to 8+ (Légendaire) against 4dF (±4, §1.2): ±10 ranks
decides every roll."""
ATOUTS = 100
"""MicroFudge: a status starts with 6 to 21 Atouts (§II L117-131); an award of 100 is already a
career's worth."""
