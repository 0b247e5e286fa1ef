"""Western Parade's rules as the digest states them (/work/shared/rules/western-parade.md, its
section numbers below), written out again apart from ``domain/``: the oracle against which the
CLI tests hold what was recorded. A test reads the dice of an event and asks this module what
the rules make of them; sharing no code with the ruleset, it catches a ruleset that drifts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

QUALITIES = ("CATA_F", "CRIT_F", "NORM_F", "NORM_S", "CRIT_S", "EXTRA")  # worst to best (§3.3)
SUCCESSES = ("NORM_S", "CRIT_S", "EXTRA")
# §2.1.2 (digest l.10): the qualities as Table 2.1 names them, the words the players read (ruling WA16).
QUALITY_WORDS = {
    "CATA_F": "échec catastrophique",
    "CRIT_F": "échec critique",
    "NORM_F": "échec normal",
    "NORM_S": "réussite normale",
    "CRIT_S": "réussite critique",
    "EXTRA": "réussite extraordinaire",
}

# §4.3 Table 3.10, d30 column: the highest face of each general location.
GENERAL_D30 = (
    (1, "head"),
    (2, "throat"),
    (5, "right-shoulder"),
    (8, "left-shoulder"),
    (9, "chest"),
    (11, "right-arm"),
    (13, "left-arm"),
    (14, "right-hand"),
    (15, "left-hand"),
    (16, "abdomen"),
    (18, "right-flank"),
    (20, "left-flank"),
    (22, "right-thigh"),
    (24, "left-thigh"),
    (26, "right-leg"),
    (28, "left-leg"),
    (29, "right-foot"),
    (30, "left-foot"),
)
# §4.4 Table 3.24, punches (d10): the highest face of each location.
PUNCH_D10 = ((3, "head"), (4, "right-shoulder"), (5, "left-shoulder"), (6, "chest"), (8, "right-flank"), (10, "left-flank"))
STRAY = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # §4.3 Table 3.9, d8
# §4.4 Table 3.3, the row of a failed defence (NORM_F), which an undefended blow reads (ruling WA11).
UNDEFENDED = {"EXTRA": "DE", "CRIT_S": "DC", "NORM_S": "DN", "NORM_F": "-", "CRIT_F": "-", "CATA_F": "CA"}
# §5.2: the words for what a first aid did, by the PH a round it stopped (None: all of it).
FIRST_AID_SAYS = {None: "stopped", 3: "3 PH stopped", 2: "2 PH stopped", 1: "1 PH stopped", 0: "no effect", -1: "one more PH lost"}
# §3.2.7.3 L1998-L2004: what the victim's roll makes of the bullet.
HEAD_BULLET = {
    "EXTRA": "flattened",
    "CRIT_S": "flattened",
    "NORM_S": "removable",
    "NORM_F": "difficult",
    "CRIT_F": "lodged",
    "CATA_F": "migrating",
}
# §5.18 Banking (§6.8.1): the capital's change a month, in %, by the roll's quality.
BANKING = {"CATA_F": -25, "CRIT_F": -10, "NORM_F": -2, "NORM_S": 1, "CRIT_S": 5, "EXTRA": 10}
# §5.1: PH a round by the wound's state (scratches do not bleed); Table 3.4 multipliers.
BLEED_BASE = {"scratch": 0, "minor": 1, "major": 2, "critical": 3}
THIGH_MULTIPLIER = 2


def quality(chance: int, total: int) -> str:
    """Table 2.1 (§3.2) for a chance of 5% or more, with §3.1's "no CRIT_S nor EXTRA below 20%"."""
    assert chance >= 5, "below 5% there is no roll (§3.1)"
    if total <= chance:
        if chance >= 20 and total <= chance // 10:
            return "EXTRA"
        if chance >= 20 and total <= chance // 2:
            return "CRIT_S"
        return "NORM_S"
    if total > 3 * chance if chance >= 33 else total >= 100:
        return "CATA_F"
    if total > 2 * chance if chance > 40 else total > 80:
        return "CRIT_F"
    return "NORM_F"


def earns(chance: int, total: int) -> bool:
    """§2.4.7 L1393-L1399 (skills the same, §2.5): whether a roll of ``total`` at ``chance`` earns
    an improvement roll: a success at a chance of 20 or less always; up to 40 with a roll of 20 or
    less; up to 100 with a roll of at most half the chance; above 100 with a roll of 50 or less."""
    if total > chance:
        return False
    if chance <= 20:
        return True
    if chance <= 40:
        return total <= 20
    return 2 * total <= chance if chance <= 100 else total <= 50


def open_ended(faces: Sequence[int]) -> bool:
    """§1.1: a d100 face of 96-100 is rolled again and added; any other face ends the roll."""
    return bool(faces) and all(f >= 96 for f in faces[:-1]) and 1 <= faces[-1] < 96 and all(1 <= f <= 100 for f in faces)


def cumulative_d6(faces: Sequence[int]) -> tuple[list[int], list[int]]:
    """§4.3 (1d6cum): the faces one 1d6cum takes from ``faces`` (a 6 is rolled again and added,
    any other face ends it), and the faces left after it."""
    end = next((i for i, f in enumerate(faces) if f != 6), None)
    assert end is not None and all(1 <= f <= 6 for f in faces[: end + 1]), faces
    return list(faces[: end + 1]), list(faces[end + 1 :])


def read(outcome: Mapping[str, Any]) -> str:
    """The quality a recorded d100 roll must have: its chance is the sum of its terms (§3.1);
    below 5% it fails without dice (§3.1, not insisting); otherwise Table 2.1 of its open-ended
    total. Asserts the record is a well-formed roll."""
    assert outcome["chance"] == sum(outcome["terms"].values()), outcome
    if outcome["chance"] < 5:
        assert outcome["automatic"] and outcome["faces"] == [], outcome
        return "NORM_F"
    assert open_ended(outcome["faces"]) and outcome["total"] == sum(outcome["faces"]), outcome
    return quality(outcome["chance"], outcome["total"])


def described(outcome: Mapping[str, Any], *order: str) -> str:
    """How the CLI shows a roll: the chance, its terms (the score first, then the modifiers in
    ``order``: the JSON log sorts them), the faces, the quality in Table 2.1's words (WA16)."""
    labels = list(order or outcome["terms"])
    assert sorted(labels) == sorted(outcome["terms"]), (labels, outcome["terms"])
    terms = ", ".join(f"{k} {outcome['terms'][k]:+d}" if i else f"{k} {outcome['terms'][k]}" for i, k in enumerate(labels))
    faces = "+".join(map(str, outcome["faces"]))
    rolled = f"{faces} = {outcome['total']}" if len(outcome["faces"]) > 1 else str(outcome["total"])  # one face: said once
    return f"chance {outcome['chance']}% ({terms}): rolled {rolled} → {QUALITY_WORDS[outcome['quality']]}"


def located(table: Sequence[tuple[int, str]], face: int) -> str:
    """The location a die's face gives on a location table (Table 3.10, 3.24...)."""
    return next(name for top, name in table if face <= top)


def first_aid(total: int, normal: int) -> tuple[dict[str, str], int | None]:
    """§5.2: one roll read at the easy (+25), normal and difficult (-25) chances: the three
    qualities, and the PH a round it stops (None: the bleeding fully stopped, a CRIT_S or better
    at the difficult chance; -1: a CRIT_F or worse at the easy one, one more PH lost, WB9)."""
    steps = (("easy", 25), ("normal", 0), ("difficult", -25))
    read_at = {k: quality(normal + step, total) if normal + step >= 5 else "NORM_F" for k, step in steps}
    if read_at["difficult"] in ("CRIT_S", "EXTRA"):
        return read_at, None
    for key, stopped in (("difficult", 3), ("normal", 2), ("easy", 1)):
        if read_at[key] in SUCCESSES:
            return read_at, stopped
    return read_at, 0 if read_at["easy"] == "NORM_F" else -1


def banked(capital_cents: int, quality_: str) -> int:
    """§5.18 Banking: one month's change of the capital, to the cent (half away from zero)."""
    change = capital_cents * BANKING[quality_]
    cents = (abs(change) + 50) // 100
    return capital_cents + (cents if change >= 0 else -cents)
