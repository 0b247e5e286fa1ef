"""Issue 17's MicroFudge scenarios end to end: the real command line over a real journal (both
backends), real chance; each test reads the recorded draws back (``log --json --gm``) and asserts
what the rulebook (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines) makes of them."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from microfudge_table import cli, log

FACES = {-1: "−", 0: "0", 1: "+"}


def campaign(db: str, tmp_path: Path, name: str, *sheets: str) -> None:
    """A MicroFudge campaign opening on Day 1 at 08:00 with these sheets (TOML), its session open."""
    cli(db, "campaign", "new", name, "--ruleset", "microfudge", "--start", "Day 1 08:00")
    for i, text in enumerate(sheets):
        (tmp_path / f"{i}.toml").write_text(text, encoding="utf-8")
        cli(db, "character", "new", name, "--sheet", str(tmp_path / f"{i}.toml"))
    cli(db, "session", "start", name)


PSY = 'name = "Psy"\nstatus = "expert"\n[ranks]\nConscience = 5\n'
HARVEY = 'name = "Harvey"\nstatus = "hero"\n[ranks]\nPilotage = 5\nCombat = 5\n'
BOB = 'name = "Bob"\nstatus = "hero"\n[ranks]\nCombat = 4\n'


def minus(final: int) -> str:
    """A final rank as the line prints it: below Abyssal with the minus sign of every penalty
    ("Abyssal (−1)": four minuses on Conscience 5 less a Revers −2 end at −1)."""
    return str(final).replace("-", "−")


def test_a_wounded_psychic_s_power_Test_takes_the_Revers_L293_L341(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Psi", PSY)
    cli(db, "microfudge", "setback", "Psi", "Psy", "--severity", "2")  # a blow: physical, light
    out = cli(db, "microfudge", "power", "Psi", "Psy", "resistance-thermique")
    (used,) = log(db, "Psi", ":PowerUsed")
    # L293: the Revers lowers the rank used; Résistance thermique is a Test against Faible (2).
    final = 5 - 2 + sum(used["dice"])
    assert (used["penalty"], used["final"], used["success"]) == (2, final, final >= 2)
    verdict = "success" if final >= 2 else "failure"
    faces = " ".join(FACES[d] for d in used["dice"])
    assert out.startswith(f"Psy uses Résistance thermique and rolls Conscience Bon (5) (Revers −2): [{faces}] final ")
    assert f"({minus(final)}) against Facile (2): {verdict}" in out
    assert "4 Potentiel left" in out
    cli(db, "session", "end", "Psi")
    assert "OK:" in cli(db, "verify", "Psi")


def test_saving_ones_skin_lets_the_decisive_wound_heal_V_W_3_L127_L341(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Skin", HARVEY)
    assert "critical" in cli(db, "microfudge", "setback", "Skin", "Harvey", "--severity", "3", "--healing", "weekly")
    cli(db, "session", "end", "Skin")
    cli(db, "advance", "Skin", "10d", "--yes")  # Day 11: still critical, its clock waits for care (L343)
    cli(db, "session", "start", "Skin")
    cli(db, "microfudge", "atout", "spend", "Skin", "Harvey", "save-your-skin", "--note", "crawls out of the wreck")
    cli(db, "session", "end", "Skin")
    (stabilized,) = log(db, "Skin", ":SetbackStabilized")
    assert stabilized["severity"] == 3 and stabilized["next_tick"] - stabilized["at"] == 7 * 86400
    severities = []
    for step in ("6d", "1d", "6d", "1d", "6d", "1d"):  # Days 17, 18, 24, 25, 31, 32
        cli(db, "advance", "Skin", step, "--yes")
        sheet = json.loads(cli(db, "sheet", "Skin", "Harvey", "--json"))["condition"]
        severities.append([s["severity"] for s in sheet["setbacks"]])
        assert not sheet["critical"]
    assert severities == [[3], [2], [2], [1], [1], []]  # V-W-3: −2 on Day 18, −1 on Day 25, healed on Day 32
    assert "OK:" in cli(db, "verify", "Skin")


def test_a_deck_that_runs_out_mid_draw_deals_no_card_twice_L307_L803(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Deck", HARVEY, BOB)
    cli(db, "microfudge", "sequence", "Deck", "Harvey", "Bob", "--goal", "the door")
    for _ in range(5):  # 9 cards a draw: the 40-card deck runs out in the fifth
        cli(db, "microfudge", "conflict-card", "Deck", "--side", "Harvey:Combat:def=5", "--side", "Bob:Combat:def=4")
    dealt: dict[int, list[str]] = {}
    for drawn in log(db, "Deck", ":ConflictCardsDrawn"):
        dealt.setdefault(drawn["draw"], []).extend(drawn["defence"]["cards"])
    assert [len(cards) for cards in dealt.values()] == [9] * 5
    assert all(len(set(cards)) == 9 for cards in dealt.values())  # L307: never twice in a draw
    # The deck's own log: the reshuffle of the fifth draw takes back only the 36 played cards, not the
    # four Harvey was dealt from the old deck before it ran out (L803).
    reshuffle = log(db, "Deck", "Deck.Shuffled")[-1]["chance"][0]["deck"]
    hand = [c for e in log(db, "Deck", "Deck.CardsDrawn") if e["purpose"].startswith("Sequence 1 draw 5") for c in e["cards"]][:4]
    assert len(reshuffle) == 36 and not set(hand) & set(reshuffle)
    assert Counter(reshuffle + hand) == Counter(dealt[1] + dealt[2] + dealt[3] + dealt[4] + hand)
    cli(db, "session", "end", "Deck")
    assert "OK:" in cli(db, "verify", "Deck")


def test_a_simple_conflict_prints_both_rolls_and_takes_gear_weapon_and_Atout_L253_L431(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Duel", HARVEY, BOB)
    cli(db, "microfudge", "setback", "Duel", "Bob", "--severity", "1")  # a Blessure: −1 (L293)
    out = cli(
        db, "microfudge", "conflict", "Duel", "Harvey", "Combat", "Bob", "Combat",
        "--weapon", "heavy", "--atout", "--their-quality", "good", "--purpose", "the knife",
    )  # fmt: skip
    (rolled,) = log(db, "Duel", ":SimpleConflictRolled")
    harvey, bob = rolled["sides"]
    # L253 with L431, L459-L483, L737: Harvey 5 + heavy weapon 2 + Atout 1; Bob 4 − 1 + good gear 1.
    assert (harvey["final"], bob["final"]) == (8 + sum(harvey["dice"]), 4 + sum(bob["dice"]))
    winner = "Harvey" if harvey["final"] > bob["final"] else "Bob" if bob["final"] > harvey["final"] else "tie"
    assert rolled["winner"] == winner
    lines = out.splitlines()
    assert lines[0].startswith("Harvey rolls Combat Bon (5) (Atout +1, weapon +2): [")
    assert f"[{' '.join(FACES[d] for d in harvey['dice'])}] final " in lines[0] and lines[0].endswith(f"({harvey['final']})")
    assert lines[1].startswith("Bob rolls Combat Moyen (4) (gear +1, Revers −1): [") and lines[1].endswith(f"({bob['final']})")
    assert lines[2] == ("a tie: nobody wins" if winner == "tie" else f"{winner} wins")
    (played,) = log(db, "Duel", ":AtoutPlayed")
    assert (played["use"], played["beneficiary"]) == ("temporary-bonus", "Harvey")
    cli(db, "session", "end", "Duel")
    assert "OK:" in cli(db, "verify", "Duel")


def test_a_reroll_a_counter_and_a_Revers_taken_through_the_cli_L739_L743_L763(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Votes", HARVEY, BOB)
    # L743: Bob (Combat 4) rerolls a failed Test against Bon (5) with an Atout; a success stands.
    out = cli(db, "microfudge", "test", "Votes", "Bob", "Combat", "-d", "difficile", "--reroll")
    (rolled,) = log(db, "Votes", ":TestRolled")
    if rolled["voided"]:
        assert 4 + sum(rolled["voided"]) < 5 and f"[{' '.join(FACES[d] for d in rolled['voided'])}] rerolled with an Atout: " in out
    assert rolled["final"] == 4 + sum(rolled["dice"]) and rolled["success"] == (rolled["final"] >= 5)
    rerolls = [a for a in log(db, "Votes", ":AtoutPlayed") if a["use"] == "reroll"]
    assert len(rerolls) == (1 if rolled["voided"] else 0)  # paid only when the first roll failed
    # L739: Harvey's +1, countered by Bob, paid again: the bonus stands; each counter costs 1.
    cli(db, "microfudge", "test", "Votes", "Harvey", "Combat", "--atout", "--atout", "--countered-by", "Bob")
    countered = log(db, "Votes", ":TestRolled")[-1]
    assert countered["modifiers"] == {"atout": 1} and countered["final"] == 5 + 1 + sum(countered["dice"])
    uses = [(a["use"], a["beneficiary"]) for a in log(db, "Votes", ":AtoutPlayed")][len(rerolls) :]
    assert uses == [("temporary-bonus", "Harvey"), ("counter", "Bob")]
    assert "spent there" in cli(db, "microfudge", "atout", "spend", "Votes", "Bob", "reroll", code=2)
    # L763-L765: Harvey takes Bob's Revers sérieux by interposing.
    cli(db, "microfudge", "setback", "Votes", "Bob", "--severity", "2")
    out = cli(db, "microfudge", "atout", "take-revers", "Votes", "Harvey", "Bob", "--setback", "1", "--note", "steps in front")
    # Said as the log says it, with its number on the sheet (ruling M67; "(heals daily)" before).
    assert out.splitlines() == [
        "Harvey spent 1 Atout of creation reserve to take a Revers in another's place (for Bob: steps in front)",
        "Harvey took a Blessure sérieuse (physical, heals a step a day) in Bob's place: steps in front: Revers 1 on the sheet",
    ]
    bob = json.loads(cli(db, "sheet", "Votes", "Bob", "--json"))["condition"]
    harvey = json.loads(cli(db, "sheet", "Votes", "Harvey", "--json"))["condition"]
    assert bob["setbacks"] == [] and [s["severity"] for s in harvey["setbacks"]] == [2]
    cli(db, "session", "end", "Votes")
    assert "OK:" in cli(db, "verify", "Votes")


def test_a_resisted_power_through_the_cli_is_a_simple_conflict_L435(db: str, tmp_path: Path) -> None:
    telepath = 'name = "Tel"\nstatus = "expert"\n[ranks]\n"Télépathie" = 6\n'
    campaign(db, tmp_path, "Mind", telepath, BOB)
    out = cli(db, "microfudge", "power", "Mind", "Tel", "controle-mental", "--resisted-by", "Bob:Combat")
    (used,) = log(db, "Mind", ":PowerUsed")
    bob = used["resisted"]
    # L435: Tel rolls Télépathie 6, Bob Combat 4; the higher final wins, a tie resists (A25).
    assert (used["final"], bob["final"]) == (6 + sum(used["dice"]), 4 + sum(bob["dice"]))
    assert used["success"] == (used["final"] > bob["final"]) and used["potentiel_after"] == 5
    assert f"Bob rolls Combat Moyen (4): [{' '.join(FACES[d] for d in bob['dice'])}] final " in out
    assert out.strip().endswith("the power takes, 5 Potentiel left" if used["success"] else "Bob resists, 5 Potentiel left")
    assert "NAME:CHARACTERISTIC" in cli(db, "microfudge", "power", "Mind", "Tel", "controle-mental", "--resisted-by", "Bob", code=2)
    cli(db, "session", "end", "Mind")
    assert "OK:" in cli(db, "verify", "Mind")


def test_Regeneration_through_the_cli_is_held_back_by_the_deep_wound_it_heals_L341_L635(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Regen", PSY)
    # A gunshot −2 healing weekly: a deep wound, weighing on every action, even a social one (L341).
    cli(db, "microfudge", "setback", "Regen", "Psy", "--severity", "2", "--healing", "weekly")
    out = cli(db, "microfudge", "power", "Regen", "Psy", "regeneration", "--setback", "1", "--domain", "social")
    (used,) = log(db, "Regen", ":PowerUsed")
    # L635: Régénération is a Test against 5, on Conscience 5 less the Revers (L293).
    final = 5 - 2 + sum(used["dice"])
    assert (used["penalty"], used["final"], used["success"]) == (2, final, final >= 5)
    assert out.startswith("Psy uses Régénération and rolls Conscience Bon (5) (Revers −2): [")
    assert f"({minus(final)}) against Difficile (5): {'success' if final >= 5 else 'failure'}" in out
    cli(db, "session", "end", "Regen")
    assert "OK:" in cli(db, "verify", "Regen")
