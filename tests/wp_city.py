"""The reviewer's Shotgun City journal through the real command line (``support.run``): the four
sample characters with session 1 started, and how a refused command is checked. Shared by the
test modules of Western Parade and the spine, which import no test module."""

from __future__ import annotations

from uuid import UUID

import pytest
from scripted_table import ScriptedDice
from support import SAMPLES, run, stored

C = "Shotgun City"
SAM, JOE, DOC, SIRINGO = "Sam Parkerson", "Joe Hambuster", "Doc Holloway", "Charlie Siringo"
WP = "western-parade"


def shotgun_city(db: str) -> None:
    """The reviewer's setup: the four sample characters, session 1 started."""
    run(db, "campaign", "new", C, "--ruleset", WP, "--start", "1873-04-12 08:00")
    for sheet in ("wp_sam", "wp_joe", "wp_doc", "wp_siringo"):
        run(db, "character", "new", C, "--sheet", str(SAMPLES / f"{sheet}.toml"))
    run(db, "session", "start", C)


def refused(db: str, *args: str) -> str:
    """A command refused as bad input: its one line of error, exit 2, nothing recorded."""
    before = len(stored(db))
    out = run(db, *args, check=False)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stdout == ""
    (line,) = out.stderr.strip().splitlines()
    assert len(stored(db)) == before
    return line


class _CommandDice(ScriptedDice):
    """Scripted dice in place of the vault's chance of a command: face-down events go unsalted,
    as under chronique-fair-v1 (a salt comes from an epoch's key, which scripted dice have not)."""

    def salt(self, epoch: str, originator_id: UUID, version: int) -> str | None:
        return None


def scripted_dice(monkeypatch: pytest.MonkeyPatch, *faces: int) -> ScriptedDice:
    """From now on in this test, the dice of the commands ``run`` plays in process come in order
    from ``faces`` (a face f of an n-sided die, 1..n), held to account like a scripted table's
    (tests/scripted_table.py): only chance is fake, the journal and the command line are real. The
    vault's seeds then never drew what is recorded, so such a test asks no ``verify`` of it."""
    dice = _CommandDice(faces)

    def scripted(vault: object, campaign: object) -> ScriptedDice:
        return dice

    monkeypatch.setattr("chronique.adapters.services.VaultChance", scripted)
    return dice
