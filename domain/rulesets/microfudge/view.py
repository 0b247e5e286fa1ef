"""A MicroFudge CECJ character's sheet as players read it: concept and goal, characteristics by
kind with the ladder's adjectives («I – Création des personnages» L93-L103), Atouts by provenance,
Revers with their next recovery («3 – Effets des Revers» L337-L345), Potentiel per domain (L564),
running powers and the open Sequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.character import Character
from chronique.domain.gametime import calendar_from
from chronique.domain.rulesets.microfudge.describe import (
    PROCEDURES,
    as_on_sheet,
    atouts_held,
    heals,
    lineup,
    needs_care,
    paced,
    process_name,
    rank,
    revers,
)
from chronique.domain.rulesets.microfudge.events import adventure_awarded, powers_of, sequence_of
from chronique.domain.rulesets.microfudge.play import (
    adventure_awards_left,
    atouts_received,
    collapsed,
    more_atouts,
    settings,
    still_face_down,
    vigueur_lost,
)
from chronique.domain.rulesets.microfudge.powers import maximum, potentiel
from chronique.domain.rulesets.microfudge.rules import critical_wounds, out_after, out_of_the_fight, penalty, vehicle_words
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import epoch_name, epoch_reveal, plural
from chronique.domain.sheetview import Group, Section, SheetView
from chronique.domain.text import fold
from chronique.domain.world import World

_KINDS = (("aptitude", "aptitudes"), ("field", "fields"), ("domain", "domains"), ("trait", "traits"))


def sheet_view(world: World, character: Character, gm: bool) -> SheetView:
    """The sheet of a MicroFudge character. ``gm`` changes nothing here: the players' copy comes
    replayed without what a hidden roll did (FP9), so only the GM's holds a Revers face down, and
    says so (ruling M91)."""
    s, c = character.sheet, character.condition
    status = "critical, needs care" if c["critical"] else "out of the fight" if out_of_the_fight(s, c["setbacks"]) else "standing"
    if status == "standing" and collapsed(world, character):
        status = "collapsed, must rest"  # «Fatigue (option)» L582: until a rank of Vigueur comes back
    # «1 – Création des PNJs» L453: an NPC may be out after a lighter Revers than a Décisif.
    npc = "NPC" + (f", out after a Revers of −{out_after(s)}" if out_after(s) < 3 else "")
    kind = npc if s["npc"] else PROCEDURES.get(s["procedure"], s["procedure"])
    about = [("concept", s["concept"] or "none"), ("goal", s["goal"] or "none"), ("made by", kind)]
    groups = tuple(
        Group(title, tuple((n, rank(e["value"])) for n, e in s["characteristics"].items() if e["kind"] == key)) for key, title in _KINDS
    )
    return SheetView(
        character.name,
        character.version,
        status,
        (
            Section.of("Character", about),
            Section("Characteristics", tuple(g for g in groups if g.rows), layout="list", terms="fr"),
            Section.of("Atouts and Revers", _standing(world, character)),
            Section.of("Revers", _revers(world, c), ("Revers", "Severity", "Next card", "Recovery")),
            Section.of("Vehicles", _vehicles(world, c), ("Vehicle", "Damage", "Revers", "Repair")),
            Section.of("Powers", _powers(character), ("Power", "Mode", "Cycles")),
        ),
        waiting=waiting_for_care(character),
        condition=script_condition(world, c),
    )


def script_condition(world: World, condition: Mapping[str, Any]) -> dict[str, Any]:
    """The condition as a script reading ``sheet --json`` gets it (ruling M91): a Revers a hidden
    roll dealt says it lies face down and which reveal turns it up, "face_down_until_session": 1
    ("face_down_until_downtime_after_session": 2 for a roll of a downtime), never the epoch's
    internal code; once revealed it reads as any other. Only the GM's holds one face down: the
    players' sheet is replayed without it (FP9)."""
    revers = []
    for setback in condition["setbacks"]:
        shown = face_up(setback)
        epoch = still_face_down(world, setback)
        if epoch:
            what, number = epoch_reveal(epoch)
            shown[f"face_down_until_{what}"] = number
        revers.append(shown)
    return {**condition, "setbacks": revers}


def face_up(setback: Mapping[str, Any]) -> dict[str, Any]:
    """A Revers without the epoch a face-down one keeps for its recoveries (ruling M87): the
    rules' bookkeeping, which no reader is shown."""
    return {key: value for key, value in setback.items() if key != "sealed_until"}


def waiting_for_care(character: Character) -> tuple[str, ...]:
    """Each wound that keeps a player character in the critical state, waiting for care: no clock
    runs on it (L343, L359), so the downtime board and report say it (digest T4's "needs medical
    care" reminder, ruling M64). An NPC put out of the fight is the Narrator's to settle (L453)."""
    if character.sheet["npc"]:
        return ()
    setbacks = {s["id"]: s for s in character.condition["setbacks"]}
    return tuple(needs_care(setbacks[n]) for n in critical_wounds(setbacks.values()))


def _standing(world: World, character: Character) -> list[tuple[str, ...]]:
    s, c = character.sheet, character.condition
    atouts = c["atouts"]
    rows: list[tuple[str, ...]] = [("Atouts", atouts_held(atouts))]
    left = adventure_awards_left(character)
    if left is not None:
        # L717 (ruling M155): a Streamlined character receives at most 3 for a complete adventure.
        received = adventure_awarded(character)
        rows.append(
            (
                "this adventure",
                f"{atouts_received(received)} received; may receive {more_atouts(received, left)} (L717)",
            )
        )
    penalties = {d: penalty(c["setbacks"], d) for d in ("physical", "social")}
    said = [f"{d} −{v}" if v else f"{d} none" for d, v in penalties.items()]
    # A vehicle's damage only (ruling M131): ``penalty`` counts a deep wound on every action, so a
    # knifed Jim without a vehicle once read "vehicle −2 (… unless the driver's own weigh more)".
    driving = max((int(sb["severity"]) for sb in _own(c["setbacks"]) if fold(sb["domain"]) == "vehicle"), default=0)
    if driving:
        # L429, ruling M24: a rammed vehicle's damage weighs on its driver's chases and rams, the
        # higher of it and the driver's own Revers (L343); unsaid, the sheet showed no penalty.
        said.append(f"vehicle −{driving} (in a chase or a ram, unless the driver's own weigh more)")
    rows.append(("Revers penalty", ", ".join(said)))
    domains = [n for n, e in s["characteristics"].items() if e["kind"] == "domain" and maximum(character, n)]
    if domains:
        rows.append(("Potentiel", ", ".join(f"{d} {potentiel(character, d)}/{maximum(character, d)}" for d in domains)))
    lost = vigueur_lost(world, character)  # «Fatigue (option)» L580-L582: only while the option is played
    if lost:
        rows.append(("fatigue", f"Vigueur −{lost}"))
    sequence = sequence_of(character)
    if sequence:
        others = lineup(sequence["participants"], sequence["teams"])
        rows.append((f"Sequence {sequence['id']}", f"{others}, {plural(sequence['draws'], 'draw')} so far"))
    return rows


def _revers(world: World, c: dict[str, Any]) -> list[tuple[str, ...]]:
    """One row a Revers: its number, severity, next card and recovery. Four columns leave the
    recovery room to wrap at 80 columns beside a "Blessure grave ou mortelle (−3)": the kind of
    action it weighs on is in the name of a physical one, a wound (L343), and said after the
    others' ("Revers sérieux (−2), social")."""
    calendar = calendar_from(world.campaign.calendar)
    # A wound a timed power heals waits on the power's clock, not its own (L627-L637, M23); the
    # power is said in brackets, so that listed it reads as part of the date (ruling M163).
    healing = {p["setback"]: p for p in c.get("powers", {}).get("processes", []) if p.get("setback") is not None}
    rows: list[tuple[str, ...]] = []
    for sb in _own(c["setbacks"]):
        power = healing.get(sb["id"])
        if sb["next_tick"] is not None:
            due = calendar.format(sb["next_tick"])
        elif power is not None and power["next_tick"] is not None:
            due = f"{calendar.format(power['next_tick'])} ({process_name(power)})"
        else:
            due = "needs care" if not sb["stabilized"] else "—"
        severity = as_on_sheet(sb["severity"], sb["domain"])
        # T2c (L341): care and rest make each step take longer or shorter, as `care` and the log say.
        pace = f"; {paced(sb['pace']['percent'])}" if sb.get("pace") else ""
        # Only the GM's sheet holds one a hidden roll dealt: it says the players do not see it (M91).
        epoch = still_face_down(world, sb)
        hidden = f"; face down until {epoch_name(epoch)} is over" if epoch else ""
        rows.append((str(sb["id"]), severity, due, _recovery(world, sb) + pace + hidden))
    return rows


def _own(setbacks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The character's own Revers: not the damage a ram dealt to a vehicle they drove, which the
    vehicle took (L429, ruling M105)."""
    return [sb for sb in setbacks if not sb.get("vehicle")]


def _vehicles(world: World, c: dict[str, Any]) -> list[tuple[str, ...]]:
    """One row for each damage a ram dealt a vehicle the character drove («Concours de démolition
    et éperonnages» L429, ruling M105): the vehicle, its damage with the penalty it puts on the
    vehicle's chases and rams, a Décisif making it a wreck, and the Revers's number (A24: the
    Narrator's to remove)."""
    rows: list[tuple[str, ...]] = []
    for sb in c["setbacks"]:
        if sb.get("vehicle"):
            severity = int(sb["severity"])
            wreck = ", a wreck" if severity >= tables().max_severity else ""
            rows.append(
                (vehicle_words(str(sb["vehicle"])), f"{revers(severity)} (−{severity}){wreck}", str(sb["id"]), _recovery(world, sb))
            )
    return rows


def _recovery(world: World, setback: dict[str, Any]) -> str:
    """How the Revers heals, by the campaign's schedule: a deep wound under the graduated one (T2b,
    L341) takes a month, then two weeks, then a week, from the severity it has now."""
    s = settings(world)
    return heals(setback["healing"], int(setback["severity"]), s["deep_wound_schedule"] == "graduated", int(s["month_days"]))


def _powers(character: Character) -> list[tuple[str, ...]]:
    # A power with a limit counts its cycles against it (Guérison accélérée: Conscience-value days,
    # L629); one without runs until the wound heals or the points run out (Régénération, L637).
    return [
        (process_name(p), p.get("mode") or "—", f"{p['cycles']} of {p['limit']}" if p["limit"] is not None else f"{p['cycles']} so far")
        for p in powers_of(character)["processes"]
    ]
