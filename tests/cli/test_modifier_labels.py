"""Western Parade's situational modifiers, ``-m LABEL=VALUE`` on ``roll``, ``shoot`` and
``strike`` (the only ``-m LABEL=VALUE`` option of the four games; Cartes and MicroFudge take a
bare ``--modifier N``): a play-test's ``-m =5`` was taken and shown as "modifier +5". A modifier's
label is the name its term has in the roll's chance (§2.1: each term of a chance said), so one
without a label is refused in one line naming the option and its form, exit 2, nothing recorded.
The real command line in process, on a real journal of each backend."""

from __future__ import annotations

import pytest
from support import SAMPLES, run, stored

CAMPAIGN = "Tombstone"
SAM, JOE = "Sam Parkerson", "Joe Hambuster"
WP = "western-parade"
COMMANDS = {
    "roll": ("roll", CAMPAIGN, SAM, "-s", "Armes de poing"),
    "shoot": ("shoot", CAMPAIGN, SAM, JOE, "-w", "Colt SA Peacemaker", "--distance", "10"),
    "strike": ("strike", CAMPAIGN, JOE, SAM, "-w", "punch"),
}


def tombstone(db: str) -> None:
    run(db, "campaign", "new", CAMPAIGN, "--ruleset", WP, "--start", "1881-10-26 08:00")
    for who in ("sam", "joe"):
        run(db, "character", "new", CAMPAIGN, "--sheet", str(SAMPLES / f"wp_{who}.toml"))
    run(db, "session", "start", CAMPAIGN)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_modifier_without_its_label_or_number_is_refused_naming_its_form_S2_1_ruling_WD17(db: str, command: str) -> None:
    tombstone(db)
    before = stored(db)
    for given in ("=5", "5", " =+5", "drunk=", "drunk=five"):
        out = run(db, WP, *COMMANDS[command], "-m", "dark=-20", "-m", given, check=False)
        assert (out.returncode, out.stdout) == (2, "")
        assert (
            out.stderr == f"error: -m takes LABEL=VALUE, a label and a whole number (e.g. -m 'drunk opponent=+60'), not “{given.strip()}”\n"
        )
    assert stored(db) == before


def test_a_labelled_modifier_is_a_term_of_the_chance_by_its_label_S2_1_ruling_WD17(db: str) -> None:
    tombstone(db)
    # Armes de poing 56 and the GM's +60 for a drunk opponent: 116%, the term by its label.
    out = run(db, WP, *COMMANDS["roll"], "-m", "drunk opponent=+60").stdout
    assert out.startswith(f"{SAM}: chance 116% (Armes de poing 56, drunk opponent +60): rolled ")
    assert "modifier" not in out
    assert "LABEL=VALUE" in " ".join(run(db, WP, "roll", "--help").stdout.split())
