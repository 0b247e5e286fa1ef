"""Every Western Parade event in the players' words (issue 14): qualities as Table 2.1 names them
(§2.1.2: "réussite critique", never CRIT_S), locations as the body table names them, Table 3.3's
results spelled out (§3.4), durations as in-game time."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from chronique.domain.gametime import DAY, WEEK, duration_words
from chronique.domain.rulesets.westernparade.body_events import BLOOD_WORDS, extraction_lapsed
from chronique.domain.rulesets.westernparade.combat import extraordinary, extraordinary_effect, weapon
from chronique.domain.rulesets.westernparade.experience import mark_bonus
from chronique.domain.rulesets.westernparade.firstaid import DIFFICULT, EASY, read
from chronique.domain.rulesets.westernparade.long_skills import capital_change, practice_data
from chronique.domain.rulesets.westernparade.report import (
    blood_left,
    care_words,
    critical_cause,
    critical_words,
    death_words,
    fracture_words,
    impalement_words,
    stage_words,
    unconsciousness_words,
    units,
    where,
)
from chronique.domain.rulesets.westernparade.resolution import limits
from chronique.domain.rulesets.westernparade.tables import catalogued, tables
from chronique.domain.rulesets.words import Describer, described, joined, plural, signed
from chronique.domain.text import fold

# §2.1.2 (digest l.10): the six qualities, worst to best, as the rulebook writes them.
QUALITIES = {
    "CATA_F": "échec catastrophique",
    "CRIT_F": "échec critique",
    "NORM_F": "échec normal",
    "NORM_S": "réussite normale",
    "CRIT_S": "réussite critique",
    "EXTRA": "réussite extraordinaire",
}
_CODE = re.compile(r"\b(?:" + "|".join(QUALITIES) + r")\b")
# Table 3.3 (§3.4, digest l.228): what an attack's quality against the defence's gives.
_DAMAGE = {"DN": "normal damage", "DC": "critical damage", "DE": "extraordinary damage"}
_FATE = {"dead": "died of it", "dying": "is dying", "rescued": "was rescued", "alive": "came through", "exhausted": "is exhausted"}
# Table 3.9 (§3.3): where a missed bullet goes.
_STRAY = {
    "N": "too high",
    "NE": "high and to the right",
    "E": "to the right",
    "SE": "low and to the right",
    "S": "short",
    "SW": "low and to the left",
    "W": "to the left",
    "NW": "high and to the left",
}
_DUEL = {"won": "won", "lost": "lost", "deadlock": "deadlock", "detected": "was found out", "undetected": "went unnoticed"}


def quality(code: str) -> str:
    """A quality of Table 2.1 in the rulebook's words."""
    return QUALITIES.get(code, code)


def stray(direction: str) -> str:
    """Where a missed bullet goes, Table 3.9's d8 (§3.3.1) in words: ``SW`` → "low and to the left"."""
    return _STRAY.get(direction, direction)


def in_words(text: str) -> str:
    """A text the rules wrote (a grant's reason), its quality codes in Table 2.1's words."""
    return _CODE.sub(lambda found: QUALITIES[found[0]], text)


def ordered(terms: Mapping[str, int]) -> dict[str, int]:
    """A roll's terms in the order its words give them: the score rolled under first (a skill, or
    a characteristic's jX, §2.1), then the modifiers by name. A recorded event's keys are sorted
    (FAIRNESS.md's canonical JSON), so the order the rules added them in is gone once it is
    stored: ordered here, a roll reads the same when it is made and in the log."""
    scores = [label for label in terms if _score(label)]
    return {label: terms[label] for label in [*scores, *sorted((k for k in terms if k not in scores), key=fold)]}


@cache
def _score(label: str) -> bool:
    """Whether a term's label names what is rolled under: "jFOR", "Armes de poing", a
    per-subject skill as "Langue vivante (espagnol)"."""
    if label.startswith("j") and label[1:] in (*tables().primary, *tables().secondary):
        return True
    return catalogued(label) is not None


def roll(outcome: Mapping[str, Any]) -> str:
    """One d100 roll: its chance and terms, the open-ended faces, the quality (§2.1). A roll
    stored with its faces only (a head bullet's, §3.2.7.3) has the quality Table 2.1 gives them."""
    chance = chance_words(outcome)
    got = quality(outcome.get("quality") or read(outcome["chance"], outcome["total"]))
    if outcome.get("automatic") or not outcome["faces"]:
        luck = outcome.get("luck")
        insisted = _insisted(luck, str(outcome["quality"])) if luck else ""
        if int(outcome["chance"]) < 0:
            # Ruling WD27: a chance below zero is no chance at all (§2.1.1), not "chance -40%".
            return f"no chance, {chance}: no roll{insisted} → {got}"
        return f"chance {chance}: below 5%, no roll{insisted} → {got}"
    return f"chance {chance}: rolled {rolled_words(outcome)} → {got}"


# §2.1.1 L1275: insisting on the impossible, "il doit réussir un jet de chance pour ne pas subir un
# échec critique (et un échec critique au jet de chance implique un échec catastrophique)".
_SPARED = {
    "NORM_F": "which spares a critical failure",
    "CRIT_F": "which does not spare a critical failure",
    "CATA_F": "which makes it a catastrophic failure",
}


def _insisted(luck: Mapping[str, Any], got: str) -> str:
    # Ruling WC36: the roll insisted on cannot succeed whatever the dice; the chance a die was
    # rolled at is the luck roll's, said as such (it read "luck roll 27", its chance unsaid, and
    # its odds "had 30% to succeed").
    luck_roll = f"a luck roll at {chance_words(luck)}: rolled {rolled_words(luck)}, {quality(str(luck['quality']))}"
    return f"; insisting, the roll cannot succeed, {luck_roll}, {_SPARED[got]}"


def chance_words(outcome: Mapping[str, Any]) -> str:
    """A roll's chance and the terms it adds up from (§2.1): "85% (Premiers soins 85)". The score
    rolled under is said even at 0 ("0% (Arts martiaux 0)"): it is what made the chance nil. A
    characteristic's roll (Table 1.4, the rules' "jAGI") reads "AGI roll 50", and a chance the
    terms take below zero "40 points below zero", never "-40%" (ruling WD27)."""
    ranked = ordered(outcome.get("terms", {}))
    first = next(iter(ranked), None)
    terms = signed({_term_words(k): v for k, v in ranked.items()}, keep_first=first is not None and _score(first))
    chance = int(outcome["chance"])
    said = f"{-chance} points below zero" if chance < 0 else f"{chance}%"
    return said + (f" ({terms})" if terms else "")


def _term_words(label: str) -> str:
    # Table 1.4 (§1.6.3 L722): the rules write a characteristic's roll "jX"; a player reads
    # "AGI roll" (ruling WD27). Recorded events keep the label.
    return f"{label[1:]} roll" if label.startswith("j") and _score(label) and not catalogued(label) else label


def rolled_words(outcome: Mapping[str, Any]) -> str:
    """What an open-ended d100 gave (§2.1): its faces and their sum, "98+72 = 170", or its one
    face, "74"; every roll line says it so."""
    faces = [str(f) for f in outcome.get("faces", [])]
    return f"{'+'.join(faces)} = {outcome['total']}" if len(faces) > 1 else str(outcome["total"])


def table_3_3(result: str) -> str:
    """A Table 3.3 result in words (§3.4): damage dealt, counter-attack, a next action's bonus."""
    words = []
    for part in result.replace(",", " ").split():
        head, sign, amount = part.partition("+") if "+" in part else part.partition("-")
        bonus = f" at {sign}{amount}%" if amount else ""
        if head in _DAMAGE:
            words.append(_DAMAGE[head])
        elif head == "CA":
            words.append(f"the defender may counter-attack{bonus}")
        elif head == "PA":
            words.append(f"the attacker's next attack{bonus}")
        elif head == "PAA":
            words.append(f"the attacker's next action{bonus}")
        elif head == "collision":
            words.append(f"a collision: both roll AGI{bonus}")
    return joined(words) if words else "nothing happens"


def _damage(damage: Mapping[str, Any] | None) -> str:
    if not damage:
        return ""
    return f", {plural(damage['total'], 'point')} of damage"


def _check(e: Any) -> str:
    return f"{e.purpose or e.name}: {roll(e.outcome)}"


def _opposition(e: Any) -> str:
    theirs = f" against {e.opponent}'s {quality(e.theirs)}" if e.theirs else f" ({e.opponent} needed no roll)"
    what = "duel" if e.kind == "duel" else "detection"
    return f"{what} with {e.opponent}: {quality(e.own)}{theirs} — {_DUEL.get(e.result, e.result)}"


def _shot(e: Any) -> str:
    head = f"shot at {e.target} with the {e.weapon}{_fired_as(e)}: {roll(e.outcome)}"
    if e.shotgun:
        return f"{head}; " + "; ".join(charge_words(e.shotgun, e.target))
    if e.exploded:
        return f"{head}; the gun exploded in the shooter's hands"
    if not e.hit:
        strayed = f" and hit {e.bystander} in the {where(e.stray_hit['location'])}{_damage(e.stray_hit['damage'])}" if e.stray_hit else ""
        return f"{head}; missed" + (f", the bullet went {stray(e.stray)}{strayed}" if e.stray else "")
    return f"{head}; hit in the {where(e.location)}{_damage(e.damage)}{went_through(e.outcome, e.damage)}"


def charge_words(charge: Mapping[str, Any], target: str) -> list[str]:
    """A shotgun's charge (§3.6.1.5-§3.6.1.8) in the players' words, a clause each, as the log
    and the command say it: "an 8-0 charge at point blank: 3 of 8 pellets on Jim",
    each stray group ("2 pellets went too high, into the épaule gauche"; "… to the left, lost"),
    then the damage by location ("Jim: 9 damage in the bras gauche (3 pellets), …")."""
    size, band = charge["cartridge"], charge["range"].replace("-", " ")
    second = ", the second barrel (−25%, §3.6.1.8)" if charge.get("barrel") == 2 else ""
    if charge["misfire"]:
        return [f"the shotgun misfires{second}: badly loaded, the shot does not go off (§3.6.1.6)"]
    head = f"{_article(size)} {size}-0 charge at {band}{second}"
    if charge["exploded"]:
        return [f"{head}: the gun explodes in the shooter's hands (§3.6.1.7)"]
    if charge["grazed"]:
        reached = plural(charge["pellets"], "pellet")
        return [f"{head} missed, yet {reached} reached {target}: their luck roll {roll(charge['luck'])}: only grazed (§3.6.1.5)"]
    if charge["stray"] is not None:
        return [f"{head} missed: it went {stray(charge['stray'])} (§3.6.1.5)"]
    said = [f"{head}: {charge['pellets']} of {size} pellets on {target}"]
    if charge["luck"] is not None:
        said.append(f"a miss, yet they reached {target}, whose luck roll failed: {roll(charge['luck'])}")
    for group in charge["groups"]:
        landed = f", into the {where(group['landed'])}" if group["landed"] else ", lost"
        said.append(f"{plural(group['pellets'], 'pellet')} went {stray(group['direction'])}{landed}")
    each = charge["damage_per_pellet"]
    hurt = ", ".join(f"{count * each} damage in the {where(loc)} ({plural(count, 'pellet')})" for loc, count in charge["wounds"].items())
    said.append(f"{target}: {hurt}")
    return said


def _article(size: int) -> str:
    # "an 8-0 charge", "a 16-0 charge": the article the number is read with.
    return "an" if size == 8 else "a"


def _fired_as(e: Any) -> str:
    # §3.3.4, §3.3.5: a shot fired for speed or among quick shots, with the malus its chance bore.
    terms = e.outcome["terms"]
    if e.mode == "fast":
        return f", a fast shot a rank early ({_minus(terms['fast shot'])}%, §3.3.4)"
    if e.mode == "rapid" and e.volley:
        return f", quick shot {e.volley[0]} of {e.volley[1]} ({_minus(terms['rapid fire'])}%, §3.3.5)"
    return ""


def _minus(value: int) -> str:
    # A malus as the rulebook prints it, with a true minus sign: "−40".
    return f"{value:+d}".replace("-", "−")


# §3.3.1 L2146: what the sheet says of a gun that exploded in its shooter's hands (ruling WD36).
EXPLODED_GUN = "exploded (§3.3.1): fires no more"


def load_words(loaded: int, shots: int) -> str:
    """What a firearm holds (§3.1.5.5, §5.1.3.2): "4 of 6 loaded", "empty"."""
    return f"{loaded} of {shots} loaded" if loaded else f"empty (holds {shots})"


def reloaded_words(weapon_name: str, cartridges: int, loaded: int) -> str:
    """A reload as the log and the command say it (§3.1.5.5): "reloaded the Colt SA Peacemaker:
    3 cartridges, 6 of 6 loaded"; an action that only opened the gun says so."""
    shots = weapon(weapon_name).shots
    if not cartridges:
        return f"opened the {weapon_name} to reload it: {load_words(loaded, shots)}"
    return f"reloaded the {weapon_name}: {plural(cartridges, 'cartridge')}, {load_words(loaded, shots)}"


def went_through(outcome: Mapping[str, Any], damage: Mapping[str, Any] | None) -> str:
    """A bullet that went through (§3.3.1 L2153, ruling WA20), as the log says it: the exit
    1d6cum it added and, when the roll's own quality is not extraordinary, that a roll under the
    damage dealt counts the hit as a réussite extraordinaire; nothing for one that stayed in."""
    if not damage or not damage.get("pass_through"):
        return ""
    out = f"the bullet went through, +{sum(damage['exit'])} on the way out (§3.3.1)"
    if outcome.get("quality") == "EXTRA":
        return f"; {out}"
    dealt = int(damage["base"]) + sum(damage["critical"])
    return f"; {outcome['total']} is under the {dealt} damage, a réussite extraordinaire: {out}"


def _blow(e: Any) -> str:
    # Table 3.24: a blow of the fists or feet is "a punch" or "a kick", a weapon "the Bowie knife".
    weapon = f"a {e.weapon}" if e.weapon in tables().raw["unarmed"] else f"the {e.weapon}"
    head = f"attacked {e.target} with {weapon} ({e.skill}): {roll(e.outcome)}"
    defence = f"; {e.target}'s {e.defence_kind}: {roll(e.defence)}" if e.defence else ""
    hit = f"; hit in the {where(e.location)}{_damage(e.damage)}{_extraordinary(e)}" if e.location else ""
    return f"{head}{defence} — {table_3_3(e.result)}{hit}"


# §3.4.5.1-§3.4.5.3: what a blow's réussite extraordinaire did, as the wound then bears it.
_EXTRAORDINARY = {
    "artery": "an artery is cut, the location bleeds double (§3.4.5.1)",
    "impaled": "the weapon impales the location and stays in it (§3.4.5.2)",
    "fracture": "the location is broken (§3.4.5.3)",
}


def _extraordinary(e: Any) -> str:
    # Ruling WA21: a blow is extraordinary by Table 3.3 (DE), or a critical one whose damage
    # exceeds the to-hit roll, which the line says as for a bullet (ruling WA20).
    damage, outcome = e.damage or {}, e.outcome
    if not damage or not extraordinary(damage.get("kind"), outcome["quality"], int(damage["total"]), int(outcome["total"])):
        return ""
    effect = extraordinary_effect(damage.get("column"))  # bare hands: no column, blunt
    return f"; {extraordinary_words(str(damage['kind']), int(outcome['total']), int(damage['total']), effect)}"


def extraordinary_words(dealt: str, rolled: int, damage: int, effect: str) -> str:
    """A blow's réussite extraordinaire in words (§3.4.5, ruling WA21): Table 3.3's
    extraordinary damage, or a critical roll under the damage dealt, and what it did by the
    damage column (``combat.extraordinary_effect``)."""
    under = f"{rolled} is under the {damage} damage, " if dealt != "DE" else ""
    return f"{under}a réussite extraordinaire: {_EXTRAORDINARY[effect]}"


def _wound(e: Any) -> str:
    taken = f"wounded in the {where(e.location)}: {plural(e.damage, 'point')} of {e.kind} damage" + (f" ({e.source})" if e.source else "")
    return f"{taken}; {wound_done(e)}"


def wound_done(e: Any) -> str:
    """What a recorded wound did to the body (§3.2), as the log and the table's line say it: its
    gravity and the PH lost at once, the unconsciousness roll, a critical effect, beyond saving."""
    parts = [f"a {e.state} wound" + (f", {e.ph_lost} PH lost at once" if e.ph_lost else "")]
    if e.fracture is not None:
        parts.append(fracture_words(e.fracture))
    if e.impalement is not None:
        parts.append(impalement_words(e.impalement))
    parts += [w for w in (unconsciousness_words(e.unconsciousness_chance, e.unconsciousness), critical_words(e.critical, death_in(e))) if w]
    if e.fell_beyond_saving:
        parts.append("beyond saving")
    return "; ".join(parts)


def death_in(e: Any) -> int | None:
    """The seconds the death timer ``e`` set gives him (§3.2.9.1), when it is the one his body
    keeps; None when it set none, or when a sooner death was already on its way (the body keeps
    the sooner one, whose cause is another)."""
    dying = e.body.get("dying")
    if e.critical["fate"] != "dies" or dying is None or dying["cause"] != critical_cause(e.location):
        return None
    return int(dying["at"]) - int(e.at)


def activity_ordered(level: str) -> str:
    """A care order's activity level in words (§3.2.4): "ordered to bed rest"."""
    return {"bed": "ordered to bed rest", "moderate": "ordered to moderate activity"}.get(level, "up and about")


def first_aid(e: Any) -> str:
    """A first-aid roll in words (§3.2.4), as the log and the table command say it: its chance and
    terms (a wound or a GM's modifier moves it off the skill), the three chances the one roll is
    read at (ruling WB34: easy +25, normal, difficult −25, so that "rolled 32 → 3 PH stopped" can
    be checked against the difficult 60), the faces and their sum as every roll line says them
    (ruling WB53), which of the six outcomes the three readings gave; a full stop gives the
    location a PV back (L1870)."""
    o = e.outcome
    back = ", 1 PV back" if e.result.get("full") else ""
    rolled = f"rolled {rolled_words(o)}" if o["faces"] else "no roll (below 5% even at the easy chance, §2.1.1)"
    return f"chance {chance_words(o)}, read at {aid_chances(int(o['chance']))}: {rolled} → {aid_done(e.result, e.bled)}{back}"


def aid_done(result: Mapping[str, Any], bled: int | None) -> str:
    """Which of the six outcomes a first aid gave (§3.2.4), never saying more PH stopped than the
    wound bled a round as it began (``bled``, ruling WB55): a roll that could stop 2 on a wound
    bleeding 1 stopped that 1, all it bled; on a wound that bled only an extraction's bleed a
    minute, it stopped that (WB18). First aid recorded before ``bled`` was kept reads as its roll."""
    stopped = int(result["stopped"])
    if result.get("full") or bled is None or stopped <= bled:
        return str(result["outcome"])
    if bled == 0:
        return f"the extraction's bleed stopped, the only bleeding there (the roll would stop {stopped} PH a round)"
    return f"{bled} PH stopped, all it bled a round (the roll would stop {stopped})"


def aid_chances(normal: int) -> str:
    """The three chances one first-aid roll is read at (§3.2.4, §1.6.3 difficulty steps), in
    words: "easy 110, normal 85 and difficult 60"; one below 5% is a failure without a roll
    (§2.1.1) and says so."""
    parts = []
    for name, step in (("easy", EASY), ("normal", 0), ("difficult", DIFFICULT)):
        chance = normal + step
        if chance < 0:
            # Ruling WD27: a number below zero said so, not "easy -90".
            parts.append(f"{name} {-chance} below zero (a failure)")
        else:
            parts.append(f"{name} {chance}" + (" (below 5%, a failure)" if chance < limits().impossible_below else ""))
    return f"{parts[0]}, {parts[1]} and {parts[2]}"


def _first_aid(e: Any) -> str:
    # The wounded tending their own wound (§3.2.4 L1876) is not named again after their name.
    tended = f"on their own {where(e.location)}" if e.by_the_wounded else f"by {e.by} on the {where(e.location)}"
    return f"first aid {tended}: {first_aid(e)}"


def _worse(e: Any, fell_beyond_saving: bool | None) -> str:
    # What the damage a care, a pull or a bullet taken off added did beyond the location (§3.2.9:
    # a critical threshold crossed, with the death timer its dice gave; §3.2.4: beyond saving),
    # after what the act itself did; "" when nothing, or on a care recorded before it kept it.
    critical = critical_words(e.critical, death_in(e)) if e.critical is not None else ""
    return (f"; {critical}" if critical else "") + ("; beyond saving" if fell_beyond_saving else "")


# What a care roll's own modifier (recorded under the label "wound", ``care.care``) is, per skill,
# in words: one label said four different things ("Nettoyage d'une blessure 61, wound +25").
_CARE_TERM = {
    "Nettoyage d'une blessure": "preventive (easy)",  # §6.18.13: "si l'action est prophylactique, le jet est facile"
    "Extraction de balle": "bullet in the head (difficult)",  # §3.2.7.3 L2003, ruling WB38
    "Cautérisation": "the day after a failed try",  # §6.18.4: "la tentative du lendemain est pénalisée de 25 %"
    "Chirurgie": "weapon badly placed",  # §3.4.5.2 L2525, ruling WB45: "le niveau de difficulté ... augmenté d'un cran"
}


def care_terms(skill: str, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """A care roll's outcome with its own modifier named for what it is (ruling WB58): the stored
    event keeps the label "wound" (its chance re-derives from the recorded terms, whatever their
    names), its words say "preventive (easy) +25", "bullet in the head (difficult) -25"."""
    terms = dict(outcome.get("terms", {}))
    if "wound" not in terms or skill not in _CARE_TERM:
        return dict(outcome)
    return {**outcome, "terms": {(_CARE_TERM[skill] if label == "wound" else label): value for label, value in terms.items()}}


def _care(e: Any) -> str:
    what = f"{e.skill} by {e.by} on the {where(e.location)}: {roll(care_terms(e.skill, e.outcome))}"
    if e.skill == "Amputation":
        return f"{what}{amputation_words(e.outcome, e.result)}"
    infected = (e.body["wounds"].get(e.location) or {}).get("infected_at") is not None
    return f"{what} — {care_words(e.skill, e.result, infected)}{_worse(e, e.fell_beyond_saving)}"


def _detached(e: Any) -> str:
    return (
        f"{e.by} takes off the bullet flattened on the skull in the {where(e.location)}, no roll needed (§3.2.7.3):"
        f" 1 more damage to the location, no bleeding{_worse(e, None)}"
    )


def pulled_words(e: Any) -> str:
    """A ``WeaponPulled`` in words (§3.4.5.2 L2513, L2527): the FOR roll (the seed's word for
    strength, §1.6.4, ruling WC32), what it did, the first aid that halves the 1d6cum. Said after
    the name of whom it is recorded on, the wounded: one pulling on the weapon in their own body is
    not named again."""
    p = e.pull
    puller = "pulls on the weapon in their own" if e.by_the_wounded else f"{e.by} pulls on the weapon in the"
    head = f"{puller} {where(e.location)} (FOR): {roll(p['strength'])}"
    if p.get("resistance") is not None:
        head += f"; gripping it, the wounded resist (FOR): {roll(p['resistance'])}"
    if not p["out"]:
        done = f"it stays in; {plural(p['damage'], 'point')} of damage to the location (§3.4.5.2)"
    else:
        faces = "+".join(str(f) for f in p["faces"])
        aid = f"; {e.first_aid_by}'s difficult first aid: {roll(p['first_aid'])}" if p["first_aid"] is not None else ""
        half = ", halved" if p["halved"] else ""
        done = (
            f"torn out (§3.4.5.2): 1d6cum {faces}{aid} → {plural(p['damage'], 'point')} of damage{half};"
            " the location bleeds double until first aid masters it"
        )
    return f"{head} — {done}{_worse(e, e.fell_beyond_saving)}"


def amputation_words(outcome: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """What follows the surgeon's roll of an amputation (§6.18.1 L5127), as the log and the
    command say it: the patient's END roll when one was due (its chance, counting the END lost
    for good), then whether he lives and the limb is off."""
    end = outcome.get("end")
    rolled = f"; the patient's END roll: {roll(end)}" if end else ""
    cut = "the limb is off" if result["amputated"] else "partly off: redo it the next day"
    return f"{rolled} — {'the patient dies under the knife' if result['dies'] else cut}"


def _blood(e: Any) -> str:
    # §3.2.4: the threshold crossed (care._blood_thresholds); "still bleeding" was recorded when
    # someone out from a wound reached 0 PH, before the blood loss kept them out (ruling WB21).
    what, _, then = BLOOD_WORDS.get(e.what, "still bleeding").partition(": ")
    return f"{what} ({blood_left(e.ph)})" + (f": {then}" if then else "")


def _infection(e: Any) -> str:
    verdict = "the wound is infected" if e.infected else "no infection"
    wound = rolled_for_infection(e.body["wounds"].get(e.location), e.location)
    # Ruling WB35: the day-1 roll falls as the 24 hours to extract a bullet left in run out.
    lapsed = "; the 24 hours to extract its bullet (Extraction de balle) have passed (§3.2.7.2, footnote 8)" if extraction_lapsed(e) else ""
    return f"day {e.day} of {wound}: infection {e.percent}%, rolled {e.roll} — {verdict}{lapsed}"


def rolled_for_infection(wound: Mapping[str, Any] | None, location: str) -> str:
    """The wound a daily infection roll is for, in words that agree with the sheet's (§3.2.7.2,
    ruling WB15): "the untreated wound in the cuisse droite" while nobody cares for it; a wound
    tended (or bandaged, cleaned) is rolled for only while a bullet stays in it, and says so
    rather than "untreated" beside a sheet that reads "tended by Sam"."""
    place = where(location)
    if wound is None or not wound.get("cared"):
        return f"the untreated wound in the {place}"
    tender = wound.get("tender")
    cared = f"tended by {tender['by']}" if tender else "cared for"
    return f"the wound in the {place}, {cared} but with a bullet still in it"


def _reopened(e: Any) -> str:
    verdict = "the wound reopened" if e.reopened else "the wound held"
    return f"violent effort while the {where(e.location)} heals: {e.percent}%, rolled {e.roll} — {verdict}"


def _losses(losses: Mapping[str, int]) -> str:
    lost = [f"{k} −{v}" for k, v in sorted(losses.items()) if v]
    return f"; lost {', '.join(lost)}" if lost else ""


def _head_bullet(e: Any) -> str:
    return f"roll for the bullet in the head: {roll(e.outcome)} — the bullet is {e.status}{_losses(e.losses)}"


def _coma(e: Any) -> str:
    rolls = "; ".join(roll(o) for o in e.outcomes)
    return f"ethylic coma, two END rolls: {rolls}{_losses(e.losses)}"


def _tending(e: Any) -> str:
    if e.tender is None:
        return f"nobody tends the wound in the {where(e.location)} any more"
    skill = e.tender.get("skill", "")
    return f"{e.tender['by']} tends the wound in the {where(e.location)}" + (f" ({skill})" if skill else "")


# Why training paused and what resumed it (the training state's ``pause_cause``, ruling WC22); a
# pause recorded before that ruling has none and was a critical wound's (ruling WC10).
_PAUSES = {
    "bed": {"pause": "a critical wound keeps them in bed", "resume": "out of bed"},
    "fracture": {"pause": "a broken chest or flank keeps them totally still", "resume": "the break has healed"},
    "unconscious": {"pause": "they lie unconscious", "resume": "awake again"},
    "dying": {"pause": "they are dying", "resume": "out of danger"},
    # §4.1.2 L2836 (ruling WC30): drink brings a characteristic to 0 or below.
    "drunk": {"pause": "they lie helpless, drunk", "resume": "sober enough to stand"},
}


def paused_words(training: Mapping[str, Any]) -> dict[str, str]:
    """Why a training ``state`` was last paused ("pause") and what resumes it ("resume"), in words."""
    return _PAUSES[str(training.get("pause_cause") or "bed")]


def teacher_words(teacher: str, kind: str, level: int | None) -> str:
    """A teacher as the plan names him, with the level he teaches at: his skill in % for a skill,
    his modifier in the characteristic for a characteristic (§2.6.2, §2.7)."""
    if level is None:
        return teacher
    return f"{teacher} ({level}%)" if kind == "skill" else f"{teacher} (modifier {level:+d})"


def _training(e: Any) -> str:
    if not e.hours:
        return f"stopped training {e.target}"
    teacher = f" with {teacher_words(e.teacher, e.kind, e.teacher_level)}" if e.teacher else " alone"
    # §2.6.1 L1421: no more than twenty hours a week count on one target; the hours asked are said
    # first, then those that count, never the counted ones twice.
    counted = f", {e.hours} of them counted (§2.6.1)" if e.hours != e.requested else ""
    abandoned = f"; the progress in {e.abandoned} is lost" if e.abandoned else ""
    return f"trains {e.target} {e.requested} hours a week{teacher}{counted}{abandoned}"


def _point(e: Any) -> str:
    # §2.6.2, §2.7: one point won; ``stopped`` says why that target's training cannot go on.
    return f"trained {e.target} {e.before} → {e.after}" + (f" ({e.stopped})" if e.stopped else "")


def eased_words(grant: Mapping[str, Any]) -> str:
    """What eases an improvement roll earned, after its reason: ", eased by 30" (§2.4.3: a
    gunfight's REP roll, -5 per opponent put out beyond the first and per duel won), else ""."""
    return f", eased by {grant['bonus']}" if grant.get("bonus") else ""


def pending_words(grant: Mapping[str, Any]) -> str:
    """A pending improvement roll as `downtime show` lists it (ruling WD26): "in REP: rumour of
    the gunfight (§2.4.3), eased by 30", the reason after a colon as the log gives it."""
    return f"in {grant['target']}: {in_words(grant['reason'])}{eased_words(grant)}"


def improvement_earned(e: Any) -> str:
    """An improvement roll earned (§2.4.7, §2.5), as the log and the table's line say it."""
    # After a colon, not in brackets: a reason the rules wrote ends on its own section
    # references in brackets, which read as brackets within brackets.
    return f"earned an improvement roll {pending_words(e.grant)}"


def sobered_words(stage: str, tenths: int) -> str:
    """Alcohol wearing off (§4.1.2), as the log and an advance say it: a lighter stage, then,
    once sober, the last of the drink gone (two moments, never "now sober" twice)."""
    if tenths <= 0:
        return "the last of the drink wore off"
    if stage == "sober":
        return f"sobered up: now sober, {units(tenths)} still in the blood"
    return f"sobered up a little: now {stage_words(stage)}"


def _improvement(e: Any) -> str:
    o = e.outcome
    rolled = rolled_words(o)
    # §2.3: a skill rises by 3 and a d4; §2.5 L1413: a failure leaves one check-mark more.
    d4 = f" ({o['gain'] - o['d4']} + d4 {o['d4']})" if o["gain"] and o.get("d4") else ""
    marks = f", {plural(o['marks_after'], 'check-mark')} now" if "marks_after" in o else ""
    gain = f"{o['target']} rises by {o['gain']}{d4}" if o["gain"] else f"{o['target']} does not rise{marks}"
    return f"improvement roll in {o['target']}: rolled {rolled}{_eased(o)} against {o['current']} — {gain}"


def _eased(outcome: Mapping[str, Any]) -> str:
    # §2.5 L1413: +5% per check-mark; §2.4.3: a reputation bonus after a gunfight.
    marks, bonus = int(outcome.get("marks", 0)), int(outcome.get("bonus", 0))
    terms = {f"for {plural(marks, 'check-mark')}": mark_bonus() * marks, "bonus": bonus}
    said = [f"{value:+d} {name}" for name, value in terms.items() if value]
    return f", {', '.join(said)}: {int(outcome['total']) + sum(terms.values())}" if said else ""


# The periods the rulebook gives long activities by name (§6.15 a week, §6.8.1 and §6.8.9 a month,
# §6.8.3 and §6.8.9 a year, §6.10.4 a half-day of work, §6.16.4 and §6.17.2 a day), a month and a
# year as long as ruling WC6 makes them: said by name and length, never "4 weeks, 2 days".
_PERIODS = {
    DAY // 2: "half-day (12 hours)",
    DAY: "day",
    WEEK: "week",
    30 * DAY: "month (30 days)",
    365 * DAY: "year (365 days)",
}


def period_words(seconds: int) -> str:
    """How often a long activity rolls, as the rulebook names its period: "every month (30
    days)", "every week" (§5.18 of the digest); the command, the log and the board say it so."""
    return f"every {_PERIODS.get(seconds) or duration_words(seconds)}"


def capital_words(activity: Mapping[str, Any]) -> str:
    """A bank's or a speculation's capital (§6.8.1, §6.8.9) in dollars (ruling WC31), as the
    activity holds it when read (", a capital of $980.00"), "" for an activity with none: the same
    words when it is taken up, in the log, and in `downtime show` (ruling WC37)."""
    return f", a capital of {dollars(int(activity['capital']))}" if activity.get("capital") else ""


def _activity_started(e: Any) -> str:
    # The log is where the table reads what was put in (ruling WC31).
    a = e.activity
    skill = f" ({a['skill']})" if a.get("skill") else ""
    return f"took up {a['kind']}{skill}" + (f", a roll {period_words(a['every_s'])}" if a.get("every_s") else "") + capital_words(a)


def dollars(cents: int) -> str:
    """An amount of cents as dollars, exactly (``98000`` → ``$980.00``; §6.8's capitals)."""
    whole, rest = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}${whole:,}.{rest:02d}"


def activity_result(result: Mapping[str, Any], wound_percent: int | None = None) -> str:
    """What one periodic roll of a long-period activity did (``ActivityRolled.result``), in
    sentences: survival's fate (§6.15), a capital in dollars (§6.8), the people a hunt feeds and
    its skins' worth (§6.16), a run's distance in km (§6.17.2), gold found (§6.10.4: the GM reads
    the quality for how much), the books kept (§6.8.3). Both the advance's tick and the log.
    ``wound_percent``: how much shorter the runner's wounds made his day (ruling WB61)."""
    said = []
    if "fate" in result:
        days = result.get("days")
        said.append(_FATE.get(result["fate"], result["fate"]) + (f": dead in {plural(days, 'day')} unless helped" if days else ""))
    if result.get("next_modifier"):
        said.append(f"the next roll at {result['next_modifier']:+d}%")
    if "capital" in result:
        said.append(f"capital now {dollars(int(result['capital']))}{_capital_change(result)}")
    if "fed_tenths" in result:
        said.append(_hunted(int(result["fed_tenths"]), int(result["skins_cents"])))
    if "metres" in result:
        short = f" ({wound_percent}% less for wounds, §6.17.2)" if wound_percent else ""
        said.append(f"covers {int(result['metres']) / 1000:g} km{short}")
    if "gold" in result:
        said.append(f"found gold ({quality(result['quality'])})" if result["gold"] else "found no gold")
    if "errors" in result:
        said.append(f"errors in the books ({quality(result['quality'])})" if result["errors"] else "the books are right")
    return ", ".join(said)


def _capital_change(result: Mapping[str, Any]) -> str:
    # Ruling WC41: the loss or the gain said in dollars, beside the capital it left.
    change = capital_change(result)
    if not change:
        return ""
    return f" ({dollars(abs(change))} {'lost' if change < 0 else 'gained'})"


def _hunted(fed: int, skins: int) -> str:
    # §6.16.4 L4820: a day's hunt brings meat for so many, or, "s'il ne chasse pas pour la viande,
    # mais pour les peaux", $5 of skins a person fed: the one or the other (ruling WC25); L4824
    # "bredouille": nothing at all.
    if not fed:
        return "brings nothing back"
    return f"feeds {fed / 10:g} {'person' if fed == 10 else 'people'}, or skins worth {dollars(skins)} if hunting for them"


def _activity_rolled(e: Any) -> str:
    said = activity_result(e.result, e.wound_percent)
    ended = " (the activity ends)" if e.activity is None else ""
    return f"{e.kind}: {roll(e.outcome)}" + (f" — {said}" if said else "") + ended


def _bonus_words(bonus: int, now: bool) -> str:
    # §6.6.7 L3593: "+1% [par jour] jusqu'à un maximum de +25%": the most is said once reached.
    most = ", the most practice gives" if bonus >= practice_data()["max_bonus"] else ""
    return f"+{bonus}% to trick shots{' now' if now else ''}{most}"


def practice_change_words(practising: bool, bonus: int, ordered: bool) -> str:
    """Trick-shooting practice started or stopped (§6.6.7 L3593) and the bonus it leaves, in words
    (rulings WD29, WD30), the same in the log and in `downtime practice`'s answer: "practises
    trick shooting (no bonus yet)", "stops practising trick shooting (+3% to trick shots now)",
    "(+25% to trick shots now, the most practice gives)"; never "bonus +0%". ``ordered``: as the
    order says it when given ("stops practising"); else as the log tells it after, "stopped
    practising", true too of the record made when an idle bonus has worn away to nothing."""
    if practising:
        verb = "practises"
    else:
        verb = "stops practising" if ordered else "stopped practising"
    if bonus:
        said = _bonus_words(bonus, now=True)
    else:
        said = "no bonus yet" if practising else "no bonus"
    return f"{verb} trick shooting ({said})"


# A dead man's practice stops where his death left it (ruling WC38, as his training, WC21).
_AT_DEATH = "ended at death"


def practice_words(bonus: int, practising: bool, dead: bool = False) -> str:
    """Trick-shooting practice as it stands (§6.6.7 L3593), as `downtime show` says it (ruling
    WD29): "none", "practising, no bonus yet (+1% a day of practice)", "+3% to trick shots
    (practising)", "+3% to trick shots"; the rule's numbers are ``downtime.toml``'s (WD30). Of a
    ``dead`` man who practised, the bonus he died with, "ended at death" (ruling WC38)."""
    if dead and (bonus or practising):
        return f"{_bonus_words(bonus, now=False) if bonus else 'no bonus'}, {_AT_DEATH}"
    if bonus:
        return _bonus_words(bonus, now=False) + (" (practising)" if practising else "")
    return f"practising, no bonus yet (+{practice_data()['bonus_per_day']}% a day of practice)" if practising else "none"


def practice_row(bonus: int, practising: bool, dead: bool = False) -> tuple[str, str]:
    """Trick-shooting practice as a sheet's training row says it (§6.6.7 L3593; rulings WC19,
    WD30): its plan, "2 hours a day" or "stopped", and its progress, "bonus +3% (at most +25%)",
    or "no bonus yet (+1% a day of practice, at most +25%)" while nothing is gained yet; of a
    ``dead`` man, the plan he had and the bonus he died with, "bonus +3%, ended at death"
    (ruling WC38, as a dead man's training row, WC21)."""
    p = practice_data()
    plan = f"{plural(p['hours_per_day'], 'hour')} a day" if practising else "stopped"
    if dead:
        return plan, f"{f'bonus +{bonus}%' if bonus else 'no bonus'}, {_AT_DEATH}"
    most = f"at most +{p['max_bonus']}%"
    progress = f"bonus +{bonus}% ({most})" if bonus else f"no bonus yet (+{p['bonus_per_day']}% a day of practice, {most})"
    return plan, progress


def _practice(e: Any) -> str:
    return practice_change_words(bool(e.practising), int(e.bonus), ordered=False)


# §3.2.5 (L1884-L1914): what a wound takes from its victim's actions (incapacity.py).
_LOST = {
    "battle": "out of the fight until the battle ends",
    "rounds": "loses the rest of this round and the next round up to the rank of the hit",
    "action": "loses the next action",
    "": "loses no action",
}


def out_of_action(effect: Mapping[str, Any], rally: Mapping[str, Any] | None) -> str:
    """What a wound did to the victim's actions in a fight (§3.2.5), in words."""
    parts = [f"END roll {roll(effect['end_roll'])}"] if effect["end_roll"] else []
    parts.append(_LOST[effect["lost"]])
    if rally is not None:
        parts.append("an END roll is due before acting again")
    return "; ".join(parts)


def acting_again(outcome: Mapping[str, Any]) -> str:
    """The END roll to act again after being put out of action (§3.2.5), in words."""
    then = "acts again" if outcome["acts"] else "loses one more action and rolls again at the next rank"
    return f"END roll to act again: {roll(outcome['outcome'])} — {then}"


def _then_unconsciousness(text: str, e: Any) -> str:
    words = unconsciousness_words(e.unconsciousness_chance, e.unconsciousness)
    return f"{text}; {words}" if words else text


def _put_out(e: Any) -> str:
    what = f"put out of action by the {e.state} wound in the {where(e.location)}: {out_of_action(e.effect, e.rally)}"
    return _then_unconsciousness(what, e)


def _rallied(e: Any) -> str:
    return _then_unconsciousness(acting_again(e.outcome), e)


# What he does not do in a period he cannot work, and the period, as a person says them.
_MISSED = {
    "hunting": "hunts no game",
    "panning": "pans no gold",
    "running": "runs no distance",
    "banking": "does not run the bank",
    "speculation": "does not speculate",
    "bookkeeping": "keeps no books",
}
_THIS = {DAY // 2: "half-day", DAY: "day", 30 * DAY: "month", 365 * DAY: "year"}


def missed_words(kind: str, every_s: int, cause: str) -> str:
    """A period that went by without its roll (``ActivityMissed``), in words after the
    character's name: "hunts no game this day: they lie unconscious" (ruling WC26)."""
    return f"{_MISSED[kind]} this {_THIS[every_s]}: {paused_words({'pause_cause': cause})['pause']}"


def activity_due_words(kind: str, skill: str, every_s: int, cause: str | None) -> str:
    """An activity's roll as the downtime board announces it: "the next roll of hunting (Chasse),
    rolled every day"; while its character cannot work (``downtime.kept_from``, ``cause``), the
    period that will go by unrolled, as the advance will say it (ruling WC26): "the next day of
    hunting (Chasse) goes by without a roll while they lie unconscious" (ruling WC28)."""
    if cause is None:
        return f"the next roll of {kind} ({skill}), rolled {period_words(every_s)}"
    reason = paused_words({"pause_cause": cause})["pause"]
    return f"the next {_THIS[every_s]} of {kind} ({skill}) goes by without a roll while {reason}"


def _activity_missed(e: Any) -> str:
    return missed_words(e.kind, e.activity["every_s"], e.cause)


WORDS: dict[str, Describer] = {
    "chronique.domain.rulesets.westernparade.events:CheckRolled": _check,
    "chronique.domain.rulesets.westernparade.events:OppositionResolved": _opposition,
    "chronique.domain.rulesets.westernparade.events:ShotFired": _shot,
    "chronique.domain.rulesets.westernparade.events:BlowStruck": _blow,
    "chronique.domain.rulesets.westernparade.events:WeaponReloaded": lambda e: reloaded_words(e.weapon, e.cartridges, e.loaded),
    "chronique.domain.rulesets.westernparade.body_events:BodyEvent": lambda e: "the body changed",
    "chronique.domain.rulesets.westernparade.body_events:OutOfActionEvent": lambda e: (
        f"out of action by the wound in the {where(e.location)}"
    ),
    "chronique.domain.rulesets.westernparade.body_events:WoundTaken": _wound,
    "chronique.domain.rulesets.westernparade.body_events:PressureApplied": lambda e: (
        f"pressed {plural(e.hands, 'hand')} on the wound in the {where(e.location)}"
    ),
    "chronique.domain.rulesets.westernparade.body_events:PressureReleased": lambda e: f"let go of the wound in the {where(e.location)}",
    "chronique.domain.rulesets.westernparade.body_events:FirstAidGiven": _first_aid,
    "chronique.domain.rulesets.westernparade.body_events:BloodLost": _blood,
    "chronique.domain.rulesets.westernparade.body_events:Woke": lambda e: f"came to ({e.cause})",
    "chronique.domain.rulesets.westernparade.body_events:Died": lambda e: f"died ({death_words(e.cause)})",
    "chronique.domain.rulesets.westernparade.body_events:BodySettled": lambda e: (
        f"healed to the full: {joined([where(h) for h in e.healed])}" if e.healed else "wounds, blood and drink brought up to date"
    ),
    "chronique.domain.rulesets.westernparade.body_events:ActivityOrdered": lambda e: activity_ordered(e.activity),
    "chronique.domain.rulesets.westernparade.body_events:TendingOrdered": _tending,
    "chronique.domain.rulesets.westernparade.body_events:InfectionRolled": _infection,
    "chronique.domain.rulesets.westernparade.body_events:CareGiven": _care,
    "chronique.domain.rulesets.westernparade.body_events:BulletDetached": _detached,
    "chronique.domain.rulesets.westernparade.body_events:WeaponPulled": pulled_words,
    "chronique.domain.rulesets.westernparade.body_events:BandageTook": lambda e: (
        f"the bandage on the {where(e.location)} took: {e.pv} PV back" if e.pv else f"the bandage on the {where(e.location)} did no good"
    ),
    "chronique.domain.rulesets.westernparade.body_events:HeadBulletRolled": _head_bullet,
    "chronique.domain.rulesets.westernparade.body_events:WoundReopened": _reopened,
    "chronique.domain.rulesets.westernparade.body_events:DrinkTaken": lambda e: (
        f"drank {units(e.tenths)}: {units(int(e.body['alcohol']['tenths']))} in the blood now, {stage_words(e.stage)}"
    ),
    "chronique.domain.rulesets.westernparade.body_events:ComaEndured": _coma,
    "chronique.domain.rulesets.westernparade.body_events:PutOutOfAction": _put_out,
    "chronique.domain.rulesets.westernparade.body_events:RallyRolled": _rallied,
    "chronique.domain.rulesets.westernparade.body_events:SoberingAttempted": lambda e: (
        f"an emergency to sober up: {roll(e.outcome)} — acts {stage_words(e.stage)} for now"
    ),
    "chronique.domain.rulesets.westernparade.body_events:SoberedUp": lambda e: sobered_words(e.stage, int(e.body["alcohol"]["tenths"])),
    "chronique.domain.rulesets.westernparade.downtime_events:TrainingPlanned": _training,
    "chronique.domain.rulesets.westernparade.downtime_events:PointTrained": _point,
    "chronique.domain.rulesets.westernparade.downtime_events:TrainingLapsed": lambda e: (
        f"lost all banked training in {e.target}: more than seven days idle"
    ),
    "chronique.domain.rulesets.westernparade.downtime_events:TrainingStopped": lambda e: f"stopped training {e.target}: {e.reason}",
    "chronique.domain.rulesets.westernparade.downtime_events:TrainingPaused": lambda e: (
        f"training paused: {paused_words(e.training)['pause']}"
    ),
    "chronique.domain.rulesets.westernparade.downtime_events:TrainingResumed": lambda e: (
        f"training resumed: {paused_words(e.training)['resume']}"
    ),
    "chronique.domain.rulesets.westernparade.downtime_events:PracticeChanged": _practice,
    "chronique.domain.rulesets.westernparade.downtime_events:ImprovementGranted": improvement_earned,
    "chronique.domain.rulesets.westernparade.downtime_events:ImprovementRolled": _improvement,
    "chronique.domain.rulesets.westernparade.downtime_events:ActivityStarted": _activity_started,
    "chronique.domain.rulesets.westernparade.downtime_events:ActivityRolled": _activity_rolled,
    "chronique.domain.rulesets.westernparade.downtime_events:ActivityMissed": lambda e: missed_words(
        e.kind, e.activity["every_s"], e.cause
    ),
    "chronique.domain.rulesets.westernparade.downtime_events:ActivityStopped": lambda e: f"gave up long-period activity {e.activity_id}",
}


def describe(event: Any) -> str:
    """A Western Parade event (or the spine's) in the players' words."""
    return described(WORDS, event)
