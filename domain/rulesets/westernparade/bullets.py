"""Western Parade lodged bullets (digest §5.9-5.10; seed §3.2.7.3-§3.2.7.4): extraction and
the bullet in the head."""

from __future__ import annotations

from dataclasses import dataclass

from chronique.domain.rulesets.westernparade.healing import DAY

EXTRACTION_DEADLINE = DAY  # §3.2.7.2 footnote 8 (L1998): extraction is due within 24 hours
WEEK = 7 * DAY
YEAR = 365 * DAY


@dataclass(frozen=True)
class Extraction:
    """One *Extraction de balle* attempt (§3.2.7.4, L2006): whether the bullet is out, the damage
    it deals the location, the PH lost at once and the per-minute bleed it starts."""

    success: bool
    damage: int
    ph: int
    per_minute: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for an event."""
        return {"success": self.success, "damage": self.damage, "ph": self.ph, "per_minute": self.per_minute}


def extraction(quality: str, chained: bool) -> Extraction:
    """Every attempt deals 1 damage and starts a 1 PH/minute bleed, but one ``chained`` on an
    earlier attempt whose bleed still runs does not worsen it; a critical or catastrophic failure
    costs one more PV and one more PH."""
    bad = quality in ("CRIT_F", "CATA_F")
    success = quality in ("NORM_S", "CRIT_S", "EXTRA")
    return Extraction(success, 1 + (1 if bad else 0), 1 if bad else 0, 0 if chained else 1)


def enters_head(damage: int, head_pv: int) -> bool:
    """A bullet dealing less than half the head's PV ricochets off the skull (§3.2.7.3, L1996)."""
    return 2 * damage >= head_pv


# §3.2.7.3 (L1996-2004): the victim's CHC or END roll decides what the bullet in the head does.
HEAD_BULLET = {
    "EXTRA": "flattened",
    "CRIT_S": "flattened",
    "NORM_S": "removable",
    "NORM_F": "difficult",
    "CRIT_F": "lodged",
    "CATA_F": "migrating",
}


def head_bullet(quality: str) -> str:
    """What the bullet in the head is after the victim's roll: ``flattened`` (out for +1 damage),
    ``removable``, ``difficult`` (every extraction roll difficult), ``lodged`` (a yearly easy roll,
    stable after three years) or ``migrating`` (a weekly roll towards death)."""
    return HEAD_BULLET[quality]


STABLE_AFTER = 3  # three yearly successes in a row


# The cumulative losses of the weekly failures of a migrating bullet (L2004); the third kills.
MIGRATION_LOSSES = ({"INT": 1, "AGI": 2}, {"AGI": 1, "END": 2})


def migration(failures: int) -> tuple[dict[str, int], bool]:
    """The losses of a migrating bullet's ``failures``-th failed weekly roll, and whether it kills."""
    if failures > len(MIGRATION_LOSSES):
        return {}, True
    return dict(MIGRATION_LOSSES[failures - 1]), False
