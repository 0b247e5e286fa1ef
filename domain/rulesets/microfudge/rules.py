"""The pure rules of MicroFudge CECJ: ladder, Tests, relatedness, Revers and their recovery.

No I/O, no clock, no chance: dice and cards come in as arguments, so every function is a plain
table lookup or a few integer operations that a test can pin with the digest's vectors (§9).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from chronique.domain.cards import value as card_value
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import DAY
from chronique.domain.names import find
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.text import fold, plural, quoted

HEALING = ("daily", "weekly", "none")
"""Healing classes of a Revers (A10): light (one card a day), deep (one card a week), or none
(vehicle damage, which has no repair rule, PROPOSAL A24: the Narrator removes it)."""


def label(value: int) -> str:
    """The ladder's adjective for ``value`` («I – Création des personnages» L93-L103).

    Légendaire is open-ended (8+, PROPOSAL §1.2); a value below Abyssal (a modified rank in a
    Test) keeps the Abyssal label."""
    labels = tables().labels
    return labels[min(max(value, 0), len(labels) - 1)]


def parse_difficulty(text: str) -> int:
    """The required rank of a difficulty written by name (``difficile``, ``Très difficile``),
    by a ladder label (``bon``) or as a number («Degrés de difficulté» L255-L267)."""
    t = tables()
    written = text.strip()
    if re.fullmatch(r"[+-]?\d+", written):
        # A number keeps its sign (fold would drop a minus): only the ladder's values are
        # difficulties, from Abyssal (0, "n.a." on the reference sheet L906-L917) to Impossible (8).
        return ladder_required(int(written), written)
    key = fold(text)
    if key in t.difficulties:
        return t.difficulties[key]
    for value, name in enumerate(t.labels):
        if fold(name) == key:
            return value
    raise RuleViolation(f"{quoted(text)} is not a difficulty (choose one of {', '.join(t.difficulties)} or a number)")


def ladder_required(required: int, written: str | None = None) -> int:
    """``required`` when it is a rank of the difficulty ladder, from Abyssal (0) to Impossible (8)
    («Degrés de difficulté» L255-L267, «Difficultés et valeurs» L906-L917); refused otherwise, with
    the difficulty as it was ``written``."""
    highest = max(tables().difficulties.values())
    if not 0 <= required <= highest:
        shown = written if written is not None else str(required)
        raise RuleViolation(
            f"difficulty {shown} is off the ladder: a required rank runs from 0 (Abyssal) to {highest} "
            f"(Impossible) («Degrés de difficulté» L255-L267)"
        )
    return required


def test_required(required: int) -> int:
    """``required`` when a Test is rolled against it: a rung of the ladder above "n.a." («Degrés de
    difficulté» L255-L267). A task "sans difficulté" (n.a., Lamentable or the reference sheet's
    Abyssal, L906-L917) is refused in words, for "Aucun Test n'est requis pour accomplir une action
    aussi triviale" (L267): it succeeds without dice, and nothing is rolled or recorded."""
    ladder_required(required)
    trivial = tables().difficulties["na"]
    if required <= trivial:
        raise RuleViolation(
            f"a task sans difficulté ({label(required)}, {required}) needs no Test: it simply succeeds (L267); "
            f"the easiest Test is Facile ({trivial + 1})"
        )
    return required


def difficulty_name(required: int) -> str:
    """The difficulty whose required rank is ``required`` (``impossible`` from 8 up)."""
    names = {v: k for k, v in tables().difficulties.items()}
    if required >= max(names):
        return names[max(names)]
    return names.get(required, "na")


def related_rank(rank: int, relatedness: str, kind: str) -> int:
    """The rank of a field used for a task it is ``close``, ``related`` or ``distant`` to.

    «Champs d'expertise, Concept du personnage et Cadre de jeu» L283-L289: −1 or −2 ranks, Faible
    minimum. PROPOSAL §3.1: the floor never raises a field already below Faible; A19: relatedness
    does not apply to aptitudes."""
    steps = tables().relatedness
    key = fold(relatedness)
    if key not in steps:
        raise RuleViolation(f"relatedness is {', '.join(steps)}, not {quoted(relatedness)}")
    floor = tables().default_rank
    if kind == "aptitude" or rank <= floor:
        return rank
    return max(floor, rank - steps[key])


def _lookup(table: Mapping[str, int], what: str, name: str) -> int:
    return table[find(name, [(key, key) for key in table], what)]


def quality_modifier(name: str) -> int:
    """Gear quality: ± ranks in a Test, ± cards in a Conflict («a – Matériel et qualité» L459-L467)."""
    return _lookup(tables().quality, "equipment quality", name)


def weapon_bonus(name: str) -> int:
    """A weapon class's bonus, in cards or ranks («b – Armes» L469-L483)."""
    return _lookup(tables().weapons, "weapon class", name)


def armour_bonus(name: str) -> int:
    """An armour class's defence cards («c – Armures» L485-L502); armour never helps attack."""
    return _lookup(tables().armour, "armour class", name)


@dataclass(frozen=True)
class TestResult:
    """One 4dF Test: the rank used, the dice and the verdict («1 – Tests» L245-L253), and the
    dice an Atout's reroll voided, if one did (L743)."""

    __test__ = False  # not a pytest test class

    rank: int
    modifier: int
    dice: tuple[int, ...]
    final: int
    required: int
    success: bool
    setbacks: int
    voided: tuple[int, ...] = ()

    @property
    def margin(self) -> int:
        """How far above (≥ 0) or below (< 0) the required rank the final rank is."""
        return self.final - self.required


def resolve_test(rank: int, modifier: int, dice: Sequence[int], required: int, hazardous: bool = False) -> TestResult:
    """``final = rank + Σdice + modifier``; success when final ≥ required (L245-L253).

    A hazardous Test inflicts one Revers per rank short of the required one, at most 3
    («Tests hasardeux» L351)."""
    if len(dice) != 4 or any(d not in (-1, 0, 1) for d in dice):
        raise ValueError(f"a Test rolls four Fudge dice, not {list(dice)}")
    final = rank + sum(dice) + modifier
    success = final >= required
    setbacks = hazardous_setbacks(required, final) if hazardous else 0
    return TestResult(rank, modifier, tuple(dice), final, required, success, setbacks)


@dataclass(frozen=True)
class MendedTest:
    """A Test as the Atouts declared with it left it (L743): its result, with the dice a reroll
    voided, and the die an Atout turned to "+" (its place among the four) with the ranks that
    added, if one did."""

    result: TestResult
    changed: int | None = None
    turned: int = 0


def resolve_with_atouts(
    rank: int,
    modifier: int,
    dice: Sequence[int],
    required: int,
    reroll: Callable[[], Sequence[int]] | None = None,
    change: bool = False,
    hazardous: bool = False,
) -> MendedTest:
    """A Test (``resolve_test``) with the reroll and the changed die of «4 – Utilisation créative
    des Atouts» declared with it (L743), each acting only should the Test fail (PROPOSAL: declared
    with the roll, paid only if used).

    ``reroll`` rolls the four new dice that void a failed roll, so play draws them from the
    Test's stream and the verifier replays them at the same place; ``change`` then turns a still
    failed roll's lowest die to "+", the dice staying as rolled and the ranks it adds a modifier."""
    result = resolve_test(rank, modifier, dice, required, hazardous)
    if reroll is not None and not result.success:
        result = replace(resolve_test(rank, modifier, reroll(), required, hazardous), voided=tuple(dice))
    low = min(range(len(result.dice)), key=lambda i: result.dice[i])
    if not change or result.success or result.dice[low] == 1:
        return MendedTest(result)
    turned = 1 - result.dice[low]
    mended = resolve_test(rank, modifier + turned, result.dice, required, hazardous)
    return MendedTest(replace(mended, voided=result.voided), low, turned)


def hazardous_setbacks(required: int, final: int) -> int:
    """Revers from a failed hazardous Test: one per rank below the required rank, max 3 (L351)."""
    return min(tables().max_severity, max(0, required - final))


def simple_conflict(final_a: int, final_b: int) -> str:
    """``a``, ``b`` or ``tie``: the higher final rank wins; equal finals tie (L253)."""
    return "a" if final_a > final_b else "b" if final_b > final_a else "tie"


def revers_domain(written: str) -> str:
    """The kind of action ``written`` names, as a Revers records it (``physical``, ``social``,
    ``vehicle``), case and accents aside; anything else is refused, since a misspelt kind would
    record a Revers that weighs on nothing, or drop the one that weighs on the action
    («3 – Effets des Revers» L335-L345: the highest applicable Revers applies)."""
    key = fold(written)
    for name, spellings in tables().revers_domains.items():
        if key in {fold(name), *(fold(s) for s in spellings)}:
            return name
    known = list(tables().revers_domains)
    kinds = f"{', '.join(known[:-1])} or {known[-1]}"
    raise RuleViolation(f"the kind of action a Revers weighs on is {kinds}, not {quoted(written)} (L335-L345)")


def usual_healing(domain: str) -> str:
    """How a Revers weighing on ``domain`` heals when no one says: damage to a vehicle on no clock,
    the text giving it no repair rule (A24, as a ram records it, rulings M24, M92); any other a
    step a day, as blows and social setbacks do («3 – Effets des Revers» L339)."""
    return "none" if revers_domain(domain) == "vehicle" else "daily"


def crash_healing(characteristic: str, domain: str, severity: int) -> str:
    """How the Revers of a failed hazardous Test heals when no one says.

    A failed Pilotage (or Conduite, A21) Test that wounds the driver is a crash, as Harvey's car
    meeting a tree («Tests hasardeux» L353-L355). The seed classes neither crashes nor falls:
    L339 heals blows a step a day, L341 the deeper wounds of blades, "voire les masses d'arme",
    and firearms a step a week. So the digest's PROPOSAL A10 decides (ruling M156): a crash's
    wound of severity 2 or more (a Blessure sérieuse or worse) heals a step a week, a lighter
    one a step a day; any other Test's Revers heals as :func:`usual_healing` says."""
    driving = {"pilotage", *(k for k, v in tables().aliases.items() if fold(v) == "pilotage")}
    if revers_domain(domain) == "physical" and fold(characteristic) in driving and severity >= 2:
        return "weekly"
    return usual_healing(domain)


def penalty(setbacks: Iterable[Mapping[str, Any]], domain: str) -> int:
    """The Revers penalty to an action of ``domain`` (``physical``, ``social``…).

    «3 – Effets des Revers» L337-L345: Revers do not stack, only the highest applicable one
    counts; a Revers applies to actions of its own domain, and a deep wound (weekly healing)
    applies in principle to every action (L341). A vehicle's damage the Narrator put on the weekly
    clock (ruling M92) is no wound: it weighs on driving only (L429, ruling M116). Nor is a social
    Revers, whatever its clock: L337 says it weighs on "tous les Tests ou Conflits de nature
    sociale jusqu'à ce qu'ils soient guéris", and L341's "à tous les types d'action" speaks of the
    deeper wounds of blades and firearms, so one the Narrator put on the weekly clock lasts longer
    but still weighs on social actions only (ruling M122)."""
    kind = fold(domain)
    # The kinds that are no wound, as any spelling stored them (L335-L345, ruling M47).
    not_wounds = {fold(k) for n, spellings in tables().revers_domains.items() if n != "physical" for k in (n, *spellings)}
    deep = [s for s in setbacks if s["healing"] == "weekly" and fold(s["domain"]) not in not_wounds]
    relevant = [s["severity"] for s in setbacks if fold(s["domain"]) == kind] + [s["severity"] for s in deep]
    return max(relevant, default=0)


def vehicle_name(vehicle: str) -> str:
    """A vehicle as its kind in the table names it («d - Véhicules» L504-L536), case aside: the
    name a ram's damage records it by, so "Sedan" and "sedan" are the same car (ruling M105)."""
    key = fold(vehicle)
    if key not in tables().vehicles:
        raise RuleViolation(f"a vehicle is one of {', '.join(tables().vehicles)}, not {quoted(vehicle)}")
    return key


# «d - Véhicules» L504-L536: a vehicle's kind as players read it, where the table's key (what
# ``vehicle=`` takes and a ram records) joins words with a hyphen or shortens them (ruling M139).
_VEHICLE_WORDS = {"dirt-bike": "dirt bike", "sports-car": "sports car", "luxury-sedan": "luxury sedan", "suv": "SUV", "4x4": "4×4"}


def vehicle_words(kind: str) -> str:
    """A vehicle's kind in words: "sports car" for the recorded ``sports-car``, "SUV" for ``suv``."""
    return _VEHICLE_WORDS.get(kind, kind)


def vehicle_penalty(setbacks: Iterable[Mapping[str, Any]], vehicle: str) -> int:
    """The damage penalty to driving ``vehicle`` («Concours de démolition et éperonnages» L429):
    the worst Revers a ram dealt to that vehicle (L343: they do not stack), and any vehicle Revers
    that names no vehicle (recorded before a ram named it, or by the Narrator), as before (M105)."""
    key = fold(vehicle)
    hits = [s["severity"] for s in setbacks if fold(s["domain"]) == "vehicle" and fold(s.get("vehicle") or key) == key]
    return max(hits, default=0)


def is_wreck(setback: Mapping[str, Any]) -> bool:
    """Whether ``setback`` is a Décisif on a named vehicle, which makes it a wreck («Concours de
    démolition» L429: "un Revers décisif transforme le véhicule touché en épave"); damage that
    names no vehicle, recorded before a ram named it, wrecks none (ruling M105)."""
    return bool(setback.get("vehicle")) and int(setback["severity"]) >= tables().max_severity


def wrecked(setbacks: Iterable[Mapping[str, Any]], vehicle: str) -> bool:
    """Whether a ram's Décisif made ``vehicle`` a wreck (L429, :func:`is_wreck`)."""
    key = fold(vehicle)
    return any(s.get("vehicle") == key and is_wreck(s) for s in setbacks)


def severity_name(severity: int, physical: bool = False) -> str:
    """Revers / Revers sérieux / Revers décisif, or the wound names (L343, L927-L931)."""
    t = tables()
    if not 1 <= severity <= t.max_severity:
        raise RuleViolation(f"a Revers has a severity of 1 to {t.max_severity}, not {severity}")
    return (t.wound_names if physical else t.revers_names)[severity - 1]


def first_aid_required(severity: int) -> int:
    """The required rank of a first-aid Test: Moyen, Bon or Excellent by severity (L359)."""
    severity_name(severity)
    return tables().first_aid_required[severity - 1]


def recovery_period(healing: str, severity: int, graduated: bool = False, month_days: int = 28, percent: int = 100) -> int:
    """Seconds until a Revers of ``severity`` recovers one card («3 – Effets des Revers» L339-L341).

    Light Revers: one card a day; deep wounds: one card a week, or (campaign option) the seed's
    graduated example, a month for −3 → −2, two weeks for −2 → −1, a week for −1 → 0, with
    PROPOSAL A11's 28-day month. ``percent`` is the care and rest pace (:func:`pace_percent`)."""
    t = tables()
    if healing == "daily":
        base = t.daily_s
    elif healing != "weekly":
        raise RuleViolation(f"a Revers heals daily or weekly on a clock, not {quoted(healing)}")
    elif not graduated:
        base = t.weekly_s
    else:
        base = (t.graduated_days[severity - 1] if severity <= len(t.graduated_days) else month_days) * DAY
    return base * percent // 100


def pace_percent(care: str, rest: str) -> int:
    """How long a recovery period lasts, in percent of the book's, by the quality of care and
    whether the character rests enough (T2c, «3 – Effets des Revers» L341: the Narrator may
    lengthen or shorten the periods; PROPOSAL: the percentages of ``tables.toml``, multiplied)."""
    t = tables()
    return _lookup(t.care_pace, "care pace", care) * _lookup(t.rest_pace, "rest pace", rest) // 100


def card_count(rank: int) -> int:
    """Cards drawn in a hazardous Conflict: the modified rank, none at or below 0 (L105, §1.2)."""
    return max(0, rank)


def successes(cards: Iterable[str]) -> int:
    """Successes among drawn cards: even cards succeed, the ace (1) fails (L307)."""
    return sum(1 for card in cards if card_value(card) % 2 == 0)


def inflicted(attack: int, defence: int) -> int:
    """The Revers severity an attack inflicts: its successes minus the target's defence
    successes, capped at Décisif (L311-L313; PROPOSAL A4: 4+ net is still 3)."""
    return min(tables().max_severity, max(0, attack - defence))


def upper_hand_cards(would_inflict: int) -> int:
    """Extra cards for the next draw when a side forgoes its Revers («Prendre l'ascendant» L329)."""
    return 2 * min(tables().max_severity, max(0, would_inflict))


def range_band(metres: int) -> int:
    """The range band of a distance in metres («Combat à distance» L373-L401): bounds are
    inclusive (PROPOSAL A16: 5 m is Bout portant, 6 m Courte); beyond 1 AU is out of range."""
    bounds = tables().range_metres
    if metres < 0:
        raise RuleViolation(f"a distance is not negative ({metres} m)")
    for band, bound in enumerate(bounds):
        if metres <= bound:
            return band
    raise RuleViolation(f"{metres} m is beyond {tables().range_names[-1]}: out of range (PROPOSAL A16)")


def range_defence(weapon: str, metres: int) -> int:
    """The target's defence cards against a shot, which are also the hit Test's required rank
    (L365-L369, sheet L953-L979). The footnotes: Extrême needs a carbine or a rifle, Loin a rifle;
    PROPOSAL A16: closer than a column's first entry, that first entry counts."""
    t = tables()
    key = fold(weapon)
    if key not in t.range_weapons:
        raise RuleViolation(f"a ranged weapon is one of {', '.join(t.range_weapons)}, not {quoted(weapon)}")
    column_name, farthest = t.range_weapons[key]
    column = t.range_columns[column_name]
    band = range_band(metres)
    if band > farthest:
        # The footnotes (1) and (2) of the table (L395-L397, L975-L977) say which weapon a band
        # needs; "a pistol cannot shoot at Extrême (120 m)" once left the player to find them.
        needs = " or ".join(f"a {_RANGE_WEAPON_WORDS.get(w, w)}" for w in reaching(band))
        shooter = _RANGE_WEAPON_WORDS.get(key, key)
        raise RuleViolation(f"a {shooter} cannot shoot at {t.range_names[band]} ({metres} m): it needs {needs} (L375-L397)")
    first = next(i for i, v in enumerate(column) if v)
    return column[max(band, first)]


_RANGE_WEAPON_WORDS = {"heavy": "heavy weapon", "spaceship": "spaceship's weapon"}
"""The weapons of the range table's two last columns, as its heads name them (L375: heavy and
vehicle weapons, spaceships)."""


def reaching(band: int) -> list[str]:
    """The weapons that shoot at a range band: those whose column of the range table has an
    entry there and that the footnotes let reach it ((1) Extrême, a carbine or a rifle; (2) Loin,
    a rifle; L375-L397)."""
    t = tables()
    return [w for w, (column, farthest) in t.range_weapons.items() if farthest >= band and t.range_columns[column][band]]


def bands_to_close(start: str, goal: str) -> int:
    """Range bands between two named bands: each excess defence success closes one («Hors de
    portée» L361-L365; V-R-1: a knife at Longue needs 3 to reach Bout portant)."""
    names = [fold(n) for n in tables().range_names]
    for band in (start, goal):
        if fold(band) not in names:
            raise RuleViolation(f"{quoted(band)} is not a range band (choose one of {', '.join(tables().range_names)})")
    return abs(names.index(fold(start)) - names.index(fold(goal)))


def armour_factor(weapon_era: str, armour_era: str) -> int:
    """What one armour success cancels of a weapon's successes («c – Armures» L497-L502): 0 when
    the weapon ignores the armour (a firearm against medieval armour, a future weapon against
    modern-or-earlier armour), 2 for future armour against a modern-or-earlier weapon, else 1."""
    eras = tables().eras
    for era in (weapon_era, armour_era):
        if fold(era) not in eras:
            raise RuleViolation(f"an era is one of {', '.join(eras)}, not {quoted(era)}")
    weapon, armour = eras.index(fold(weapon_era)), eras.index(fold(armour_era))
    if weapon > armour:
        return 0
    return 2 if armour > weapon else 1


def armour_against(attacked_by: Mapping[str, str], armour_era: str) -> dict[str, tuple[str, int]]:
    """Per attacker, its weapon's era (``attacked_by``) and what one success of the armour of
    ``armour_era`` cancels of its successes (:func:`armour_factor`): ``{"Jim": ("future", 0)}``."""
    return {attacker: (era, armour_factor(era, armour_era)) for attacker, era in attacked_by.items()}


def net_successes(attack: int, defence: int, armour: int = 0, factor: int = 1) -> int:
    """An attack's successes left after the target's defence successes (one each) and armour
    successes (``factor`` each, :func:`armour_factor`); V-E-1: 2 future-armour successes cancel 4."""
    return max(0, attack - defence - armour * factor)


def vehicle_revers(net: int, attacker: str, target: str) -> int:
    """Revers a vehicle inflicts on another: successes needed per Revers by size («Catégories de
    véhicules» L538-L552); PROPOSAL §8.4: floor division, the remainder lost, capped at 3."""
    t = tables()
    for size in (attacker, target):
        if fold(size) not in t.vehicle_sizes:
            raise RuleViolation(f"a vehicle size is one of {', '.join(t.vehicle_sizes)}, not {quoted(size)}")
    ratio = t.vehicle_ratio.get(f"{fold(attacker)}-{fold(target)}", 1)
    return min(t.max_severity, max(0, net) // ratio)


def vehicle_modifier(vehicle: str, use: str) -> int:
    """A vehicle's cards: Vitesse in a chase, Robustesse when ramming or as armour («d - Véhicules» L504-L536)."""
    key = vehicle_name(vehicle)
    if use not in ("chase", "ram"):
        raise RuleViolation(f"a vehicle serves in a chase or to ram, not {quoted(use)}")
    speed, sturdiness = tables().vehicles[key]
    return speed if use == "chase" else sturdiness


def scale_modifier(own: Sequence[tuple[int, Sequence[str]]], domain: str, other: Sequence[tuple[int, Sequence[str]]] = ()) -> int:
    """Cards or ranks a scale gives for an action of ``domain`` («8 – Echelles de comparaison»
    L825-L904): the applicable scales whose bracket names the domain. PROPOSAL A20: in a contest
    the higher applicable scale gets the difference and the other side nothing; against a fixed
    Difficulty (``other`` empty) the scale applies directly."""

    def applicable(scales: Iterable[tuple[int, Sequence[str]]]) -> int:
        found = [value for value, domains in scales if fold(domain) in {fold(d) for d in domains}]
        return max(found, key=abs, default=0)

    mine, theirs = applicable(own), applicable(other)
    return mine - theirs if mine > theirs or not other else 0


def countered_bonus(spends: int, counters: int) -> int:
    """The +1 left after a counter chain («4 – Utilisation créative des Atouts» L749-L757): each
    counter cancels one spend, and the spender may pay again to restore the bonus."""
    return 1 if spends > counters else 0


def out_after(sheet: Mapping[str, Any]) -> int:
    """The Revers severity that puts the character out of the fight: a Décisif (3), or for an NPC
    the Narrator's 1 or 2 («1 – Création des PNJs» L453), kept on its sheet."""
    return int(sheet.get("out_after", tables().max_severity))


def out_of_the_fight(sheet: Mapping[str, Any], setbacks: Iterable[Mapping[str, Any]]) -> bool:
    """Whether an NPC's Revers reach its threshold (L453): the highest physical penalty (deep
    wounds count everywhere, L341) at or above ``out_after``. Player characters are never out by
    this rule: a Décisif makes them critical instead (§4.3)."""
    return bool(sheet.get("npc")) and penalty(setbacks, "physical") >= out_after(sheet)


def critical_wounds(setbacks: Iterable[Mapping[str, Any]]) -> list[int]:
    """The ids of the Revers that keep a character in the critical state: physical Décisifs not
    stabilized yet («3 – Effets des Revers» L343; §4.3 PROPOSAL)."""
    return [int(s["id"]) for s in setbacks if s["severity"] >= tables().max_severity and not s["stabilized"] and s["domain"] == "physical"]


def telekinesis_required(grams: int, sequences: int) -> int:
    """The rank a telekinetic feat needs: the higher of the ranks its load and its duration need
    («Télékinésie» L586-L607; PROPOSAL §7.4: the max of the two)."""
    t = tables()
    if grams <= 0 or sequences <= 0:
        raise RuleViolation("telekinesis moves something (grams > 0) for at least one Sequence")
    by_weight = next((r for r, most in enumerate(t.tk_grams) if most and grams <= most), None)
    by_time = next((r for r, most in enumerate(t.tk_sequences) if most and sequences <= most), None)
    if by_weight is None or by_time is None:
        raise RuleViolation(f"{grams} g for {plural(sequences, 'Sequence')} is beyond Exceptionnel telekinesis (L600-L605)")
    return max(by_weight, by_time)


def telekinesis_cards(esprit: int) -> int:
    """Esprit's card modifier to telekinesis in combat: −1 at Faible-Médiocre … +3 at Exceptionnel
    (L607; PROPOSAL: −1 below Faible too, +3 above Exceptionnel)."""
    cards = tables().tk_esprit_cards
    return cards[min(max(esprit, 0), len(cards) - 1)]


def natural_armour(presence: int) -> int:
    """Endurance accrue's natural armour: half Présence, rounded up, in defence cards (L641)."""
    return max(0, presence + 1) // 2


def _era(era: str) -> int:
    eras = tables().vehicle_eras
    if fold(era) not in eras:
        raise RuleViolation(f"an era is one of {', '.join(eras)}, not {quoted(era)}")
    return eras.index(fold(era))


def vehicle_era(era: str) -> str:
    """The era ``era`` names (ancient = steam or older, modern, future; «d - Véhicules» L528-L534),
    checked, case aside."""
    return tables().vehicle_eras[_era(era)]


def outruns(era: str, other: str) -> bool:
    """A vehicle of a later era automatically outruns one of an earlier era (modern against steam
    or older, future against modern or older: «d - Véhicules» L528-L530)."""
    return _era(era) > _era(other)


def robustesse_factor(weapon_era: str, vehicle_era: str) -> int:
    """What one Robustesse success cancels of a weapon's successes: none when the weapon is of a
    later era than the vehicle (L532-L534), else one."""
    return 0 if _era(weapon_era) > _era(vehicle_era) else 1


# -- what a creation costs («I – Création» L105, «2 – … free style» L677-L697, «3 – … Streamlined» L705-L709) --
# Here rather than in sheet.py, which validates with pydantic: the log's words of a creation
# (describe.py) are read by the standalone verifier, which runs on a bare Python.


@dataclass(frozen=True)
class Creation:
    """What a procedure charged: Atouts spent (refunds counted) and kept for play."""

    budget: int
    spent: int
    kept: int

    @property
    def lost(self) -> int:
        """The Atouts left unspent that play does not keep: Streamlined carries at most 3 (L705)."""
        return self.budget - self.spent - self.kept


def rank_cost(procedure: str, kind: str, default: int, value: int) -> int:
    """Atouts to take a characteristic from its default to ``value`` at creation.

    CECJ: 1 per rank (L105). Free style: value − 2 for every trait (L677-L697). Streamlined:
    ±3 per aptitude rank (lowering refunds), 1 per field or domain rank (L705-L709)."""
    s = tables().streamlined
    if procedure == "streamlined" and kind == "aptitude":
        return (value - default) * s.aptitude_rank_cost
    if value < default:
        raise RuleViolation(f"only Streamlined aptitudes may be lowered at creation (from {label(default)} to {label(value)})")
    return (value - default) * (s.field_rank_cost if procedure == "streamlined" else 1)


def creation_of(sheet: Mapping[str, Any], condition: Mapping[str, Any]) -> Creation:
    """What the creation of a sheet as created (its ``Character.Created`` event's) charged: its
    budget, the Atouts its ranks cost by its procedure, and the reserve its condition kept."""
    procedure = str(sheet.get("procedure", "cecj"))
    spent = sum(rank_cost(procedure, e["kind"], e["default"], e["value"]) for e in sheet["characteristics"].values())
    return Creation(int(sheet["atouts"]), spent, int(condition["atouts"]["reserve"]))
