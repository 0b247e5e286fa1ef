"""Issue 17, ruling M16 through the real command line over a real journal (both backends), real
chance: the upper hand is taken after the draw («Prendre l'ascendant» L327-L329); the test reads
the recorded draw back (``log --json --gm``) and asserts what the rulebook makes of it."""

from __future__ import annotations

import json
from pathlib import Path

from test_microfudge_fidelity_cli import campaign, cli, log

# Ann's two attack cards can net at most a Revers sérieux, never a Décisif that would end the
# Sequence (L313); Bob, hampered by 3 cards (L419), draws a single attack card.
ANN = 'name = "Ann"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
BOB = 'name = "Bob"\nstatus = "hero"\n[ranks]\nCombat = 4\n'
SIDES = ("--side", "Ann:Combat:def=2", "--side", "Bob:Combat:mod=-3")


def _successes(cards: list[str]) -> int:
    """L307: even cards succeed; a card reads as its value then its suit (``10C``, ``AD``)."""
    return sum(1 for card in cards if card[:-1] != "A" and int(card[:-1]) % 2 == 0)


def test_the_upper_hand_is_taken_after_the_recorded_draw_L327_L329(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Bridge", ANN, BOB)
    cli(db, "microfudge", "sequence", "Bridge", "Ann", "Bob", "--goal", "hold the bridge")
    cli(db, "microfudge", "conflict-card", "Bridge", *SIDES)
    by_target = {next(iter(d["attack"])): d for d in log(db, "Bridge", ":ConflictCardsDrawn")}
    ann, bob = by_target["Bob"], by_target["Ann"]
    # L311-L313, L331: each side's attack successes less the other's defence successes.
    assert bob["defence"]["cards"] == []
    forgone = _successes(ann["attack"]["Bob"]["cards"])
    kept = max(0, _successes(bob["attack"]["Ann"]["cards"]) - _successes(ann["defence"]["cards"]))
    assert (ann["inflicted"], bob["inflicted"]) == ({"Bob": forgone}, {"Ann": kept})
    if not forgone:
        refused = cli(db, "microfudge", "upper-hand", "Bridge", "Ann", code=2)
        assert "Ann inflicted no Revers in the last draw" in refused  # L329: nothing to forgo
        return
    out = cli(db, "microfudge", "upper-hand", "Bridge", "Ann")
    assert f"takes the upper hand: {2 * forgone} extra cards in the next draw" in out
    # Ann now counts as having inflicted none (L321): Bob's Revers, if any, wins the draw.
    assert ("Bob now wins the draw" if kept else "the draw is now a tie") in out
    taken = log(db, "Bridge", ":UpperHandTaken")
    (on_bob,) = [e for e in taken if e["withdrawn"]]
    (on_ann,) = [e for e in taken if not e["withdrawn"]]
    assert (on_ann["taker"], on_ann["draw"], on_ann["forgone"], on_ann["cards"]) == ("Ann", 1, {"Bob": forgone}, 2 * forgone)
    assert (on_ann["outcome"], on_bob["outcome"]) == (("lost", "won") if kept else ("tie", "tie"))
    (landed,) = [e["setback"] for e in log(db, "Bridge", ":SetbackSuffered") if e["source"].startswith("Ann, ")]
    assert landed["severity"] == forgone and on_bob["withdrawn"] == [landed["id"]]
    sheet = json.loads(cli(db, "sheet", "Bridge", "Bob", "--json"))
    assert sheet["condition"]["setbacks"] == []  # Ann's Revers never lands
    # L329: the next draw of the Sequence only, twice the Revers forgone; Ann's own Revers weighs.
    cli(db, "microfudge", "conflict-card", "Bridge", *SIDES)
    second = [d for d in log(db, "Bridge", ":ConflictCardsDrawn") if d["draw"] == 2 and "Bob" in d["attack"]][0]
    assert second["modifiers"] == {"upper-hand": 2 * forgone} and second["penalty"] == kept
    assert second["pool"] == 4 - kept + 2 * forgone
    cli(db, "session", "end", "Bridge")
    assert "OK:" in cli(db, "verify", "Bridge")
