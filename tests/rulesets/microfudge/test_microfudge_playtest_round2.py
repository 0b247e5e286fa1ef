"""The MicroFudge CECJ play-test's second round, through the real command line over a real journal
(both backends), the Fudge dice and the conflict deck scripted: what the downtime report and the log
say of a Revers the upper hand forwent, a power's terms in the log, a paced recovery on the sheet,
the Atouts declared with their roll, names as the sheet spells them, and the sheet's Revers table at
80 columns (``shared/seeds/000_ddedeb0fd946e2d7.txt``, Lnnn its lines)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from microfudge_table import table
from support import SAMPLES
from test_microfudge_critical_state import scripted
from test_microfudge_fidelity_cli import campaign, cli

from chronique.domain.errors import RuleViolation
from chronique.domain.rulesets.microfudge.play import spend_atout, suffer

LENA = 'name = "Lena"\nstatus = "hero"\n[ranks]\nCombat = 5\n"Télékinésie" = 4\n'
GHOUL = 'name = "Ghoul"\nnpc = true\nstatus = "average"\n[ranks]\nCombat = 4\n'
JIM = (SAMPLES / "mf_jim.toml").read_text(encoding="utf-8")
HARVEY = (SAMPLES / "mf_harvey.toml").read_text(encoding="utf-8")
# «Résolution des Conflits hasardeux» L307-L311, even cards succeed: Lena (Combat 5) attacks Ghoul
# with 2♠ 4♠ A♠ (two successes) and defends with A♥ 3♥ (none); Ghoul (Combat 4) attacks her with
# 2♥ 4♥ (two) and defends with 3♠ 5♠ (none): a Revers sérieux each way, a tie (L321).
TIED = ["2S", "4S", "AS", "AH", "3H", "2H", "4H", "3S", "5S"]
SIDES = ("--side", "Lena:Combat:Ghoul=3,def=2", "--side", "Ghoul:Combat:Lena=2,def=2")


def exported(db: str, campaign_name: str, what: str) -> list[str]:
    """What the session report (``export session``, Markdown, one row an event) says of each event
    the log's "What" column calls ``what``, oldest first: the row's last cell."""
    page = cli(db, "export", "session", campaign_name, "1")
    rows = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in page.splitlines() if line.startswith("| ")]
    return [row[-1] for row in rows if len(row) > 2 and row[-2] == what]


# -- 1. A Revers the upper hand forwent («Prendre l'ascendant» L327-L329, rulings M16, M54) --------


def test_a_revers_forgone_for_the_upper_hand_reads_as_spared_in_the_report_and_the_log_Prendre_l_ascendant_L327_L329(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Mines", LENA, GHOUL)
    scripted(monkeypatch, stacks=[TIED])
    cli(db, "microfudge", "sequence", "Mines", "Lena", "Ghoul")
    assert cli(db, "microfudge", "conflict-card", "Mines", *SIDES).splitlines()[-1] == "draw 1: a tie"
    taken = cli(db, "microfudge", "upper-hand", "Mines", "Lena").splitlines()
    assert taken == [
        "Lena forgoes a Blessure sérieuse on Ghoul and takes the upper hand: 4 extra cards in the next draw",  # L343, M70
        "Ghoul now wins the draw",
    ]
    cli(db, "session", "end", "Mines")
    cli(db, "advance", "Mines", "3w")
    # The report tells what stands: Ghoul's Revers sérieux was listed when the draw dealt it, then
    # said to be spared, never left to read as a wound he carries; Lena's own heals in two days (L339).
    # A blow in a Combat draw is a physical Revers, named by its wound as the log names it: a
    # Revers sérieux "peut être assimilé à une Blessure sérieuse" (L343, L930; ruling M61).
    assert cli(db, "downtime", "report", "Mines", "--since", "Day 1 08:00").splitlines() == [
        "Day 1 08:00  Lena took a Blessure sérieuse (physical, heals a step a day) from Ghoul, Sequence 1 draw 1",
        "Day 1 08:00  Ghoul took a Blessure sérieuse (physical, heals a step a day) from Lena, Sequence 1 draw 1",
        "Day 1 08:00  Ghoul was spared Revers 1: Lena forwent it to take the upper hand (Sequence 1 draw 1)",
        "Day 3 08:00  Lena recovered from Revers 1",
    ]
    # The log: the upper hand on Ghoul's chain says the Revers left his sheet, as the sheet and the board show.
    forgoes = "Lena forgoes a Blessure sérieuse on Ghoul from draw 1 to take the upper hand: 4 extra cards in the next draw"
    assert exported(db, "Mines", "upper hand taken") == [forgoes, forgoes + "; Revers 1 comes off their sheet"]
    assert json.loads(cli(db, "sheet", "Mines", "Ghoul", "--json"))["condition"]["setbacks"] == []
    assert "Ghoul" not in cli(db, "downtime", "board", "Mines")


# -- 2. A power's terms in the log («Fatigue (option)» L580-L582, «3 – Effets des Revers» L293) ----


def test_a_power_s_log_line_names_the_terms_its_command_names_Fatigue_L580_L582_Effets_des_Revers_L293(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Psi", LENA)
    cli(db, "campaign", "set", "Psi", "fatigue", "on")
    cli(db, "microfudge", "setback", "Psi", "Lena", "--severity", "2")  # a blow: −2 on physical actions
    scripted(monkeypatch, 0, 0, 0, 0, 1, 1, 0, 0)
    # Télékinésie 4, +1, less the Revers; the second use also less the Vigueur rank the first cost (L582).
    power = ("microfudge", "power", "Psi", "Lena", "telekinesie", "--grams", "500", "--modifier", "1")
    said = [cli(db, *power).strip(), cli(db, *power).strip()]
    assert said == [
        "Lena uses Télékinésie and rolls Télékinésie Moyen (4) (situation +1, Revers −2): [0 0 0 0] final Médiocre (3) "
        "against Moyenne (4): failure, 3 Potentiel left",
        "Lena uses Télékinésie and rolls Télékinésie Moyen (4) (fatigue −1, situation +1, Revers −2): [+ + 0 0] final Moyen (4) "
        "against Moyenne (4): success, 2 Potentiel left, collapses",
    ]
    cli(db, "session", "end", "Psi")
    logged = exported(db, "Psi", "power used")
    assert logged == [
        "power Télékinésie, a Test of Télékinésie Moyen (4) (situation +1, Revers −2) against Moyenne (4): 0 0 0 0 → Médiocre (3), "
        "failure; Potentiel 4 → 3, 1 rank of Vigueur lost (Lena had 38% to succeed)",  # 4dF ≥ +1: 31 of 81 (LK10)
        "power Télékinésie, a Test of Télékinésie Moyen (4) (fatigue −1, situation +1, Revers −2) against Moyenne (4): + + 0 0 → "
        "Moyen (4), success; Potentiel 3 → 2, 2 ranks of Vigueur lost; they collapse (Lena had 19% to succeed)",  # 4dF ≥ +2: 15 of 81
    ]
    # The same terms, in the same words, in the command's line and the log's: 4 + 1 − 2 (− 1) and the dice add up.
    terms = re.compile(r"Télékinésie Moyen \(4\) \(([^)]*)\)")
    assert [terms.findall(line) for line in said] == [terms.findall(line) for line in logged]


# -- 3. A paced recovery on the sheet («3 – Effets des Revers» L341, T2c, ruling M29) --------------


def test_the_sheet_says_a_paced_recovery_as_the_command_and_the_log_do_Effets_des_Revers_L341(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Care", JIM)
    cli(db, "microfudge", "setback", "Care", "Jim", "--severity", "2", "--healing", "weekly")
    cli(db, "microfudge", "setback", "Care", "Jim", "--severity", "1")
    slower = cli(db, "microfudge", "care", "Care", "Jim", "--rest", "unrested", "--setback", "1")
    faster = cli(db, "microfudge", "care", "Care", "Jim", "--care", "superior", "--setback", "2")
    assert (slower, faster) == (
        "Jim: care and rest pace the recovery of Revers 1: each step takes 150% of its usual time\n",
        "Jim: care and rest pace the recovery of Revers 2: each step takes 50% of its usual time\n",
    )
    sheet = " ".join(cli(db, "sheet", "Care", "Jim").split())
    assert "1 Blessure sérieuse (−2) Day 11 20:00 heals a step a week; each step takes 150% of its usual time" in sheet
    assert "2 Blessure (−1) Day 1 20:00 heals a step a day; each step takes 50% of its usual time" in sheet
    assert "pace" not in sheet  # never "at 150% pace", which reads as faster
    cli(db, "session", "end", "Care")
    assert exported(db, "Care", "recovery paced") == [line.partition(": ")[2].strip() for line in (slower, faster)]


# -- 4. Atouts declared with their roll («4 – Utilisation créative des Atouts» L737-L761, M53) -----

DECLARED = {
    "temporary-bonus": "declare it with the roll it raises (`--atout` on the Test or simple conflict, `atout` in a draw's `--side`), L737",
    "help": "declare it with the roll it helps (`--helper NAME` on the Test, `help=NAME` in a draw's `--side`), L761",
    "change-one-die": "declare it with the Test whose die it changes (`--change-die`), L743",
    "change-one-card": "declare it with the draw whose card it changes (`change=attack` or `change=defence` in its `--side`), L743",
}


def test_a_bare_plus_one_help_or_changed_die_is_refused_naming_where_it_is_declared_Utilisation_creative_L737_L743_L761(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Votes", JIM, HARVEY)
    before = journal_of(db, "Votes")
    for use, where in DECLARED.items():
        refused = cli(db, "microfudge", "atout", "spend", "Votes", "Harvey", use, code=2)
        assert refused == f"error: {use} acts on a roll or a Revers, so it is spent there: {where}\n"
    assert journal_of(db, "Votes") == before  # nothing recorded, no Atout taken
    # Declared with the Test they act on, they are paid there (L737, L761): Harvey's +1, Jim's help.
    scripted(monkeypatch, 0, 0, 0, 0)
    out = cli(db, "microfudge", "test", "Votes", "Harvey", "Athlétisme", "--atout", "--helper", "Jim")
    assert out.startswith("Harvey rolls Athlétisme Moyen (4) (Atout +1, help +1): [0 0 0 0] final Excellent (6) ")
    atouts = {name: json.loads(cli(db, "sheet", "Votes", name, "--json"))["condition"]["atouts"]["reserve"] for name in ("Jim", "Harvey")}
    assert atouts == {"Jim": 6 - 2, "Harvey": 3 - 1}
    # A narrative use has no roll to wait for: spent bare (L745-L751).
    # In the log's words (ruling M74).
    assert (
        cli(db, "microfudge", "atout", "spend", "Votes", "Harvey", "monologue")
        == "Harvey spent 1 Atout of creation reserve on a monologue\n"
    )


@pytest.mark.parametrize("use", DECLARED)
def test_a_critical_character_s_bare_plus_one_is_refused_as_anyone_s_Effets_des_Revers_L343_Utilisation_creative_L737(use: str) -> None:
    world = table()
    suffer(world, "Harvey", 3, "physical", "weekly", "a rifle")  # critical (L343, ruling M52)
    before = len(world.character("Harvey").pending_events)
    with pytest.raises(RuleViolation) as refusal:
        spend_atout(world, "Harvey", use)
    # Refused for having no roll, not for the critical state: declared with a roll, M52 refuses it there.
    assert str(refusal.value) == f"{use} acts on a roll or a Revers, so it is spent there: {DECLARED[use]}"
    assert len(world.character("Harvey").pending_events) == before


def journal_of(db: str, campaign_name: str) -> list[dict[str, object]]:
    """Every recorded event of the campaign, face-down ones included."""
    return [entry["event"] for entry in json.loads(cli(db, "log", campaign_name, "--json", "--gm"))]


# -- 5. Names as the sheet spells them («III – Caractéristiques» L151-L219, A21) -----------------


def test_every_command_names_a_characteristic_or_power_as_the_sheet_spells_it_Caracteristiques_L219(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign(db, tmp_path, "Casse", JIM, HARVEY, LENA, GHOUL)
    scripted(monkeypatch, *[0] * 24, stacks=[TIED])
    said = {
        "raise": cli(db, "microfudge", "raise", "Casse", "jim", "medecine", "--why", "the epidemic"),
        "alias": cli(db, "microfudge", "raise", "Casse", "JIM", "conduite", "--why", "the mine's truck"),  # A21: Pilotage
        "test": cli(db, "microfudge", "test", "Casse", "jim", "TIR"),
        "hazard": cli(db, "microfudge", "hazard", "Casse", "harvey", "pilotage", "-d", "facile"),
        "conflict": cli(db, "microfudge", "conflict", "Casse", "jim", "MEDECINE", "harvey", "athletisme"),
        "power": cli(db, "microfudge", "power", "Casse", "lena", "TELEKINESIE", "--resisted-by", "ghoul:COMBAT"),
        "sequence": cli(db, "microfudge", "sequence", "Casse", "lena", "GHOUL"),
        "draw": cli(
            db, "microfudge", "conflict-card", "Casse", "--side", "lena:COMBAT:ghoul=3,def=2", "--side", "ghoul:combat:LENA=2,def=2"
        ),
        "setback": cli(db, "microfudge", "setback", "Casse", "harvey", "--severity", "1"),
        "care": cli(db, "microfudge", "care", "Casse", "harvey", "--care", "good"),
        "rest": cli(db, "microfudge", "rest", "Casse", "lena"),
    }
    # Which Atouts paid and what is left (ruling M65): in play, the creation reserve (L119-L125).
    paid = "paid with 1 Atout of creation reserve; Atouts left:"
    assert said["raise"] == f"Jim: Médecine is now Bon (5), {paid} 5 in reserve, 0 of experience\n"
    assert said["alias"] == f"Jim: Pilotage is now Médiocre (3), {paid} 4 in reserve, 0 of experience\n"
    assert said["test"] == "Jim rolls Tir Médiocre (3): [0 0 0 0] final Médiocre (3) against Moyenne (4): failure\n"
    assert said["hazard"] == "Harvey rolls Pilotage Bon (5): [0 0 0 0] final Bon (5) against Facile (2): success\n"
    assert said["conflict"].splitlines() == [
        "Jim rolls Médecine Bon (5): [0 0 0 0] final Bon (5)",
        "Harvey rolls Athlétisme Moyen (4): [0 0 0 0] final Moyen (4)",
        "Jim wins",
    ]
    # L435: the one who resists rolls too, named and rolled as the log says it.
    assert said["power"] == (
        "Lena uses Télékinésie and rolls Télékinésie Moyen (4): [0 0 0 0] final Moyen (4); "
        "Ghoul rolls Combat Moyen (4): [0 0 0 0] final Moyen (4): Ghoul resists, 3 Potentiel left\n"
    )
    assert said["sequence"] == "Sequence 1: Lena against Ghoul\n"  # ruling M128
    assert said["draw"].splitlines()[:2] == [
        "Lena (5 cards: Combat Bon (5)): attacks Ghoul with 2♠ 4♠ A♠; defends with A♥ 3♥ — a Blessure sérieuse on Ghoul",  # ruling M70
        "Ghoul (4 cards: Combat Moyen (4)): attacks Lena with 2♥ 4♥; defends with 3♠ 5♠ — a Blessure sérieuse on Lena",
    ]
    assert said["setback"] == "Harvey took a Blessure (physical, heals a step a day) from the Narrator: Revers 1 on the sheet\n"  # M63
    assert said["care"] == "Harvey: care and rest pace the recovery of Revers 1: each step takes 75% of its usual time\n"
    assert said["rest"] == "Lena rests: 1 Potentiel of Télékinésie back\n"  # ruling M135
    cli(db, "session", "end", "Casse")
    (resisted,) = exported(db, "Casse", "power used")
    assert resisted == (
        "power Télékinésie, a simple conflict of Télékinésie Moyen (4): 0 0 0 0 → Moyen (4) against "
        "Ghoul rolled Combat Moyen (4): 0 0 0 0 → Moyen (4): Ghoul resists; Potentiel 4 → 3"
        # Equal ratings, a tie resisting (LK10): 2,727 of 6,561 pairs of 4dF rolls for Lena.
        " (Lena had 42% to succeed, Ghoul had 58% to succeed)"
    )


# -- 6. The Revers as a table at 80 columns («3 – Effets des Revers» L337-L345, ruling M38) -------


def test_two_revers_read_as_a_table_at_80_columns_Effets_des_Revers_L337_L345(db: str, tmp_path: Path) -> None:
    campaign(db, tmp_path, "Table", JIM)
    # A gunshot Décisif, critical until stabilized (L343), and a social Revers sérieux, paced (T2c).
    cli(db, "microfudge", "setback", "Table", "Jim", "--severity", "3", "--healing", "weekly", "--source", "a rifle")
    cli(db, "microfudge", "setback", "Table", "Jim", "--severity", "2", "--domain", "social", "--source", "a sneer")
    cli(db, "microfudge", "care", "Table", "Jim", "--rest", "unrested", "--setback", "2")
    lines = cli(db, "sheet", "Table", "Jim").splitlines()
    assert max(len(line) for line in lines) <= 80
    revers = lines[lines.index("REVERS") :]
    assert revers == [
        "REVERS",
        "Revers  Severity                         Next card    Recovery",
        "──────────────────────────────────────────────────────────────",
        "1       Blessure grave ou mortelle (−3)  needs care   heals a step a week",
        "2       Revers sérieux (−2), social      Day 2 20:00  heals a step a day; each",
        "                                                      step takes 150% of its",
        "                                                      usual time",
    ]
