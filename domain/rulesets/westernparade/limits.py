"""The ranges the numbers of a Western Parade command make sense in (issue 18), each with the
rulebook's reason; cli/bounds.py makes the checks, domain/limits.py holds what every game shares."""

from __future__ import annotations

from chronique.domain.limits import MAX_DURATION

PERCENT = 200
"""Western Parade: chances are percentages (§1.6.3); modifiers run from -90 % (cover, Table 3.19)
to +50 % (point blank, Table 3.15), so ±200 % covers every table with room."""
DAMAGE = 500
"""Western Parade: a location holds a few dozen PV at most (§1.9); more damage kills many times over."""
DRINK_UNITS = 100.0
"""Western Parade: a unit is a decilitre of whisky (§4.1.3, Table 4.1); a hundred is ten litres."""
PRESS_ROUNDS = MAX_DURATION // 10
"""Western Parade: pressing lasts rounds of 10 s (§3.2.3), never longer than the longest advance."""
DISTANCE = 10_000
"""Western Parade: the longest firearm reaches 2,800 m at long range (Tables 5.1-5.4, §3.3.6); the
rules refuse a shot beyond its weapon's reach, and no shot is ten kilometres long."""
WEEK_HOURS = 7 * 24
"""Western Parade: training hours a week (§2.6.1 L1421: 20 count, 50 in all); a week has 168."""
OPPONENTS = 100
"""Western Parade: opponents put out of action in one gunfight (§2.4.3 L1377-1385), 5 % each beyond
the first; a hundred is already a battle, not a gunfight."""
REP = 100
"""Western Parade: REP is 3 + mCHR + mEXP + 2·SC (§1.7.2), a characteristic's scale of a few tens."""
CAPITAL = 1_000_000_000
"""Western Parade: a banking or speculation capital in cents (§6.8.1, §6.8.9): ten million dollars,
a railroad baron's fortune in the 1870s."""
CARTRIDGES = 100
"""Western Parade: the revolvers, rifles and carbines of Tables 5.1-5.4 hold at most 17 shots
("Mun.", §5.1.3.2) and fire at most 4 at a rank ("CDT", §3.3.5); a hundred is room."""
RELOAD_ACTIONS = 100
"""Western Parade: a reload of a few actions (§3.1.5.5: at least one cartridge an action once the
gun is open); a hundred actions are minutes of a fight."""
