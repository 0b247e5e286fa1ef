"""Every MicroFudge CECJ event in the players' words (issue 14): ranks by the ladder's adjectives
(«I – Création des personnages» L93-L103), difficulties as «Degrés de difficulté» names them
(L255-L267), Revers by severity (L343), durations as in-game time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chronique.domain.cards import shown_all
from chronique.domain.gametime import DAY
from chronique.domain.rulesets.microfudge.rules import (
    Creation,
    armour_against,
    creation_of,
    label,
    recovery_period,
    severity_name,
    vehicle_words,
)
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.words import Describer, described, fudge_face, joined, plural
from chronique.domain.sheetview import signed
from chronique.domain.text import fold, ordinal

# «Degrés de difficulté» L255-L267: the required rank's name.
_DIFFICULTY = ("sans difficulté", "sans difficulté", "Facile", "Simple", "Moyenne", "Difficile", "Très difficile", "Extrême", "Impossible")
# What an Atout bought, as the log's sentence goes on after the Atouts paid, spent bare ("spent 1
# Atout of experience to save their skin") or inside a roll ("played 1 Atout of experience on the
# Tir Test to change one die"): «Sauver sa peau» L127-L131, «4 – Utilisation créative des Atouts»
# L733-L769 (the uses that act on a roll were spent bare before ruling M53, and their events still read).
_ATOUT_USES = {
    "save-your-skin": "to save their skin",
    "narrative": "on narrative control",
    "monologue": "on a monologue",
    "arrive-in-time": "to arrive just in time",
    "take-a-revers": "to take a Revers in another's place",
    "temporary-bonus": "for a +1 to their own roll",
    "help": "to help another's roll",
    "change-one-die": "to change one die",
    "change-one-card": "to change one card",
    "reroll": "to roll the dice again",
    "counter": "to counter another's Atout",
}
# «VI – Pouvoirs paranormaux» and its Appendix L556-L649: each power by the seed's own name.
_POWERS = {
    "resistance-thermique": "Résistance thermique",
    "guerison-acceleree": "Guérison accélérée",
    "animation-suspendue": "Animation suspendue",
    "regeneration": "Régénération",
    "endurance-accrue": "Endurance accrue",
    "coordination-accrue": "Coordination accrue",
    "controle-mental": "Contrôle mental",
    "assaut-mental": "Assaut mental",
    "telekinesie": "Télékinésie",
}
# The timed powers' processes (T8-T12) by the power that runs them.
_PROCESSES = {"accelerated-healing": "guerison-acceleree", "regeneration": "regeneration", "suspended-animation": "animation-suspendue"}
# «3 – Effets des Revers» L339-L341 (A10): how a Revers heals.
_HEALING = {"daily": "heals a step a day", "weekly": "heals a step a week", "none": "does not heal on its own"}
_POOLS = {"reserve": "creation reserve", "experience": "experience"}


def heals(healing: str, severity: int, graduated: bool, month_days: int = 28) -> str:
    """How a Revers of ``severity`` heals (L339-L341): a step a day or a week, or, for a deep wound
    under the seed's graduated schedule (T2b), a month, then two weeks, then a week."""
    if healing != "weekly" or not graduated or severity < 1:
        return _HEALING.get(healing, healing)
    spans = []
    for step in range(severity, 0, -1):
        days = recovery_period("weekly", step, graduated=True, month_days=month_days) // DAY
        spans.append({month_days: "a month", 14: "two weeks", 7: "a week"}.get(days, plural(days, "day")))
    return "heals a step in " + ", then ".join(spans)


def power_name(key: str) -> str:
    """A power as the seed names it ("Guérison accélérée"), from its key or any spelling of it."""
    return _POWERS.get(fold(key), key.replace("-", " "))


def process_power(process: Mapping[str, Any]) -> str:
    """The key of the power a running process belongs to (a boost's by the aptitude it boosts)."""
    kind = str(process["kind"])
    if kind == "boost":
        aptitude = fold(str(process.get("aptitude", "")))
        return next((k for k, (boosted, _) in tables().boosts.items() if fold(boosted) == aptitude), kind)
    return _PROCESSES.get(kind, kind)


def process_name(process: Mapping[str, Any]) -> str:
    """The power a running process belongs to, by its seed name (a boost by the aptitude it boosts)."""
    return power_name(process_power(process))


MINUS = "−"
"""The minus sign every penalty is printed with ("Revers −2"), never an ASCII hyphen."""


def rank(value: int) -> str:
    """A rank as the ladder names it, with its value: "Bon (5)"; a final rank below Abyssal keeps
    its sign as every penalty prints it: "Abyssal (−1)"."""
    return f"{label(value)} ({str(value).replace('-', MINUS)})"


def difficulty(required: int) -> str:
    """A required rank as «Degrés de difficulté» names it."""
    return _DIFFICULTY[min(max(required, 0), len(_DIFFICULTY) - 1)]


def against(required: int) -> str:
    """What a Test is rolled against, by the difficulty's name and its rank: "against Difficile (5)"."""
    return f"against {difficulty(required)} ({required})"


def dice(faces: list[int]) -> str:
    """Four dF as players read them: + 0 − faces."""
    return " ".join(fudge_face(f) for f in faces)


def revers(severity: int, physical: bool = False) -> str:
    """A Revers by its severity's name (L343); severity 0 is a healed one."""
    return severity_name(severity, physical) if severity else "healed"


def dealt(severity: int, domain: str | None, manoeuvre: str = "fight") -> str:
    """A Revers a draw deals, as the sheet will name it (L343, «Revers et blessures» L927-L931): in
    a fight, a physical one by its wound, "Blessure grave ou mortelle"; a chase's or a ram's, or
    one whose kind a draw recorded before version 3 did not keep, by its severity, "Revers décisif"."""
    return revers(severity, manoeuvre == "fight" and domain == "physical")


def as_on_sheet(severity: int, domain: str) -> str:
    """A standing Revers as the sheet names it (L343, «Revers et blessures» L927-L931): a physical
    one by its wound, with its penalty, "Blessure (−1)"; another by its severity, then the kind
    of action it weighs on, "Revers sérieux (−2), social"."""
    physical = domain == "physical"
    return f"{severity_name(severity, physical)} ({MINUS}{severity})" + ("" if physical else f", {domain}")


# The rank or card modifiers a roll or a draw records («Rappel» L431, L459-L483; Atouts L737-L761;
# the upper hand L329; vehicles L427-L431; Esprit in telekinesis L607), as players say them.
_MODIFIERS = {
    "quality": "gear",
    "atout": "Atout",
    "change-die": "a die changed",
    "upper-hand": "upper hand",
    "mod": "other",
    "esprit": "Esprit",
    "cover": "opponent's cover",  # L425: cards off the attacker's pool (ruling M153)
}


def changes(roll: Mapping[str, Any]) -> list[str]:
    """What changed a roll's or a draw's rank, in order: a related or distant field (L283-L291),
    each modifier by name, then the Revers (L293): "related field −1", "gear +1", "Revers −2"."""
    lost = roll["used_rank"] - roll["rank"]
    said = [f"{roll.get('relatedness', 'close')} field {signed(lost)}"] if lost else []
    # By name: a recorded event's keys are sorted, so the live line and the log agree.
    said += [f"{_MODIFIERS.get(name, name)} {signed(value)}" for name, value in sorted(roll["modifiers"].items()) if value]
    return said + ([f"Revers {MINUS}{roll['penalty']}"] if roll["penalty"] else [])


def rolled_on(roll: Mapping[str, Any]) -> str:
    """What a 4dF roll was made on, as a Test and each side of a simple conflict record it: the
    characteristic's rank, then what changed it (:func:`changes`), so that the rank, its changes
    and the dice add up to the final rank shown: "Combat Moyen (4) (related field −1, gear +1, Revers −1)"."""
    said = changes(roll)
    return f"{roll['characteristic']} {rank(roll['rank'])}" + (f" ({', '.join(said)})" if said else "")


def pool_terms(side: Mapping[str, Any]) -> str:
    """How a side's card count adds up in a draw, as a Test lists its modifiers («Résolution des
    Conflits hasardeux» L307-L309: as many cards as the rank, L293, L431): "3 cards: Combat Médiocre
    (3), upper hand +2, Revers −2" (none when they add up to less, L105)."""
    return f"{plural(side['pool'], 'card')}: {pool_sum(side)}"


def pool_sum(side: Mapping[str, Any]) -> str:
    """The terms a side's card count adds up from: "Combat Médiocre (3), upper hand +2, Revers −2"."""
    return ", ".join([f"{side['characteristic']} {rank(side['rank'])}", *changes(side)])


def power_roll(used: Mapping[str, Any]) -> str:
    """What a power's Test is rolled on, as the command's line and the log say it: the domain's
    rank (L566), then what changed it (:func:`changes`): the other ranks (``--modifier``), the
    Vigueur ranks fatigue had taken before this use (L582: the use's own rank is lost after it)
    and the Revers (L293): "Télékinésie Moyen (4) (fatigue −1, Revers −2)"."""
    before = max(int(used["fatigue_lost"]) - 1, 0)
    modifiers = {"situation": int(used["modifier"]), "fatigue": -before}
    roll = {"characteristic": used["domain"], "rank": used["rank"], "used_rank": used["rank"]}
    return rolled_on(roll | {"modifiers": modifiers, "penalty": used["penalty"]})


def power_verdict(used: Mapping[str, Any]) -> str:
    """What a power's roll gave, as the command's line and the log say it: a Test's success or
    failure, or, resisted (L435), whether the power takes or its victim resists (a tie resists, A25)."""
    if used["resisted"] is None:
        return "success" if used["success"] else "failure"
    return "the power takes" if used["success"] else f"{used['resisted']['name']} resists"


def rolled_side(side: Mapping[str, Any]) -> str:
    """One side of a simple conflict as the log says it (L253): "Bob rolled Combat Moyen (4): + 0 0 − → Moyen (4)"."""
    return f"{side['name']} rolled {rolled_on(side)}: {dice(side['dice'])} → {rank(side['final'])}"


def paced(percent: int) -> str:
    """How care and rest pace a Revers's recovery (T2c, L341), as the ``care`` command, the log and
    the sheet say it: "each step takes 150% of its usual time" (longer than 100 % is slower)."""
    return f"each step takes {percent}% of its usual time"


def rerolled(voided: list[int]) -> str:
    """The dice an Atout's reroll voided, said before the dice that stand (L743): "0 − 0 − rerolled
    with an Atout: "; nothing when no reroll was needed."""
    return f"{dice(list(voided))} rerolled with an Atout: " if voided else ""


def own_atout(test: Mapping[str, Any]) -> str:
    """What the roller's own +1 cost on a Test (L737-L739): the first Atout for it is paid with the
    Test itself, so the Test says so: "1 Atout of experience paid with the Test for the +1 (L737)";
    one paid again after a counter is an Atout played of its own, which names itself the 2nd, 3rd…
    Nothing when no Atout bought a +1."""
    pool = test.get("atout_pool")
    if not pool:
        return ""
    paid = f"1 Atout of {_POOLS.get(pool, pool)} paid with the Test"
    return paid + (" for the +1 (L737)" if test["modifiers"].get("atout") else " for a +1 a counter cancelled (L739)")


def _test(e: Any) -> str:
    kind = "hazardous Test" if e.hazardous else "Test"
    verdict = "success" if e.success else "failure" + (f": {plural(e.setbacks, 'Revers', 'Revers')}" if e.setbacks else "")
    made = f"{kind} of {rolled_on(vars(e))} {against(e.required)}"
    paid = own_atout(vars(e))
    return f"{made}: {rerolled(e.voided)}{dice(e.dice)} → {rank(e.final)}, {verdict}" + (f"; {paid}" if paid else "")


def conflict_verdict(winner: str | None) -> str:
    """Who a simple conflict's higher final rank made win; equal finals are a tie nobody wins (L253)."""
    return "a tie: nobody wins" if winner in (None, "", "tie") else f"{winner} wins"


def _conflict(e: Any) -> str:
    sides = "; ".join(rolled_side(s) for s in e.sides)
    return f"simple conflict — {sides}; {conflict_verdict(e.winner)}"


def setback_suffered(e: Any) -> str:
    """A Revers taken (L351, «Revers» L245-L253), as the log and the table's line say it: its
    severity, domain and pace of healing, what dealt it, a critical state."""
    s = e.setback
    physical = s["domain"] == "physical"
    critical = "; critical state" if e.critical else ""
    healing = heals(s["healing"], int(s["severity"]), e.graduated)
    if e.vehicle:
        # L429: the damage is the vehicle's, told as its own, not as the driver's (ruling M105); a
        # Décisif makes it a wreck. Said after the driver's name, as the other Revers are.
        done = "wrecked" if s["severity"] >= tables().max_severity else "damaged"
        return f"had their {vehicle_words(e.vehicle)} {done}: a {revers(s['severity'])} ({healing}) {origin(e.source, e.in_place_of)}"
    return f"took a {revers(s['severity'], physical)} ({s['domain']}, {healing}) {origin(e.source, e.in_place_of)}{critical}"


def setback_taken(e: Any) -> str:
    """A Revers the ``setback`` command recorded, as its line says it (ruling M63): the log's
    sentence (:func:`setback_suffered`), then its number on the sheet, which first aid and care
    take, and for a critical one that no step heals before care (L343, L359): "took a Blessure
    grave ou mortelle (physical, heals a step a week) from zombie's cleaver; critical state:
    Revers 2 on the sheet, it needs medical care before it heals a step (L343, L359)"."""
    number = f"Revers {e.setback['id']} on the sheet"
    care = ", it needs medical care before it heals a step (L343, L359)" if e.critical else ""
    return f"{setback_suffered(e)}: {number}{care}"


def needs_care(setback: Mapping[str, Any]) -> str:
    """A critical wound waiting for care, on the downtime board and in the downtime report (digest
    T4: the scheduler's "needs medical care" reminder, ruling M64), named as the board names a
    Revers that heals: "Revers 2 (Blessure grave ou mortelle) needs medical care: a critical
    state, no step heals until first aid or an Atout stabilizes it (L343, L359)"."""
    name = revers(setback["severity"], setback["domain"] == "physical")
    stabilizes = "no step heals until first aid or an Atout stabilizes it (L343, L359)"
    return f"Revers {setback['id']} ({name}) needs medical care: a critical state, {stabilizes}"


def origin(source: str, in_place_of: str | None) -> str:
    """Where a Revers came from, after "took a Blessure (…)": "from Zombie, Sequence 4 draw 1", or
    in another's place when it was borne by interposing (L763-L765): "in Harvey's place: a note"."""
    if in_place_of is not None:
        return f"in {in_place_of}'s place" + (f": {source}" if source else "")
    return f"from {source}" if source else "from the Narrator"


def first_aid_roll(test: Mapping[str, Any]) -> str:
    """The healer's Test as a Test reads it: its characteristic's rank, then the gear, the ranks
    the Atouts spent on it added and the healer's own Revers (L359, L459-L467, L737-L761): "Médecine
    Moyen (4) (Atout +1, help +1, gear +2)"."""
    roll = {"characteristic": test["characteristic"], "rank": test["rank"], "used_rank": test["rank"]}
    modifiers = {"quality": test["quality"], **test.get("modifiers", {})}
    return rolled_on(roll | {"modifiers": modifiers, "penalty": test["penalty"]})


def first_aid_outcome(e: Any) -> str:
    """What first aid did (L359): nothing on a failure; on a success the wound is stabilized and,
    in the ``reduce_step`` mode, one step less (a Blessure grave ou mortelle becomes a Blessure
    sérieuse, a Blessure mere bruises), or its healing time shortened in the ``shorten`` mode."""
    if not e.success:
        return "failure"
    if e.mode == "reduce_step":
        now = f"now a {revers(e.severity, True)}" if e.severity else "only bruises and cuts are left"
        return f"success — the wound is stabilized and reduced a step: {now}"
    if e.mode == "shorten":
        return "success — the wound is stabilized and its healing time shortened"
    return "success — the wound is stabilized"


def _first_aid(e: Any) -> str:
    t = e.test
    rolled = f"{first_aid_roll(t)}: {rerolled(t.get('voided', []))}{dice(t['dice'])} → {rank(t['final'])} {against(t['required'])}"
    return f"first aid by {e.healer} on Revers {e.setback_id}: {rolled}: {first_aid_outcome(e)}"


def _power(e: Any) -> str:
    # The terms the command's line names (power_roll), so that rank, terms and dice add up to the final.
    made, rolled, verdict = power_roll(vars(e)), f"{dice(e.dice)} → {rank(e.final)}", power_verdict(vars(e))
    if e.resisted is None:
        test = f"a Test of {made} {against(e.required)}: {rolled}, {verdict}"
    else:
        test = f"a simple conflict of {made}: {rolled} against {rolled_side(e.resisted)}: {verdict}"
    collapse = "; they collapse" if e.collapsed else ""
    fatigue = f", {plural(e.fatigue_lost, 'rank')} of Vigueur lost" if e.fatigue_lost else ""
    return f"power {power_name(e.power)}, {test}; Potentiel {e.potentiel_before} → {e.potentiel_after}{fatigue}{collapse}"


def pools_paid(paid: Mapping[str, int]) -> str:
    """Which Atouts paid, after their count: "of experience", or when both pools paid (L761, ruling
    M72) each with its share: "(1 of experience, 1 of creation reserve)"."""
    if len(paid) == 1:
        (pool,) = paid
        return f"of {_POOLS.get(pool, pool)}"
    return "(" + ", ".join(f"{n} of {_POOLS.get(pool, pool)}" for pool, n in paid.items()) + ")"


def played(e: Any) -> str:
    """An Atout spent inside a roll (L733-L769), with what it did there. A counter and the roller's
    Atouts paid again after one say so (L737-L739), so that the log adds up what each paid: the
    roller's 1st Atout for the +1 is said by the Test itself (:func:`own_atout`)."""
    paid = f"played {plural(e.cost, 'Atout')} {pools_paid(e.paid)} on the {e.roll}"
    effect = e.effect
    if e.use == "counter" and effect.get("cancelled"):
        who = effect["cancelled"]
        return f"{paid}: a counter that cancels {who}'s +1 and the Atout {who} paid for it (L739)"
    if e.use == "temporary-bonus" and effect.get("renewed"):
        nth, after = effect.get("spend"), effect.get("after")
        if nth and after:
            return f"{paid}: their {ordinal(nth)} for the +1, paid again after {after} countered the {ordinal(nth - 1)} (L739)"
        return f"{paid}: once more for their +1, after a counter cancelled the Atout before (L739)"
    # A +1, a reroll or a changed die or card serves the one who pays; help serves another (L761).
    return f"{paid} {bought(e.use)}" + (f" ({e.beneficiary}'s)" if e.use == "help" and e.beneficiary else "")


def bought(use: str) -> str:
    """What an Atout spent on ``use`` bought, as the log says it after the Atouts paid."""
    return _ATOUT_USES.get(use, "on " + use.replace("-", " "))


def awarded(count: int, reason: str) -> str:
    """Experience Atouts given or taken back as the log says them: "earned 1 Atout of experience
    (end of session 2)" (L213-L215: the Narrator gives them, or, negative, takes some back)."""
    verb = "earned" if count >= 0 else "lost"
    return f"{verb} {plural(abs(count), 'Atout')} of experience" + (f" ({reason})" if reason else "")


def _raised(e: Any) -> str:
    why = f" ({e.justification})" if e.justification else ""
    return f"{e.characteristic} rose from {rank(e.from_value)} to {rank(e.to_value)} for {raise_paid(e)}{why}"


def raise_paid(e: Any) -> str:
    """What a raise cost and which Atouts paid it (L119-L125 the reserve, L213 experience), as the
    log says it: "1 Atout of experience", or both kinds' shares: "3 Atouts (2 of experience, 1 of
    creation reserve)" (ruling M84)."""
    return f"{plural(e.cost, 'Atout')} {pools_paid(e.paid)}"


def atouts_held(atouts: Mapping[str, int]) -> str:
    """A character's Atouts by provenance, as the sheet counts them: "6 in reserve, 1 of experience"."""
    return f"{atouts['reserve']} in reserve, {atouts['experience']} of experience"


CHASE_REVERS = " (ground gained or lost in the chase, not wounds)"
"""What a chase's Revers are («Poursuites» L427: changes of position), said after them (ruling M69)."""
_MANOEUVRE_REVERS = {"chase": CHASE_REVERS, "ram": " (damage to the vehicles)"}

SAFE_REVERS = " (a safe Sequence: they only decide the draw, none is written on the sheets)"
"""What the Revers of a safe Sequence's draw are («Résolution des Conflits hasardeux» L319: "temporaires
et ne servent qu'à déterminer qui est le vainqueur, ils ne sont pas inscrits sur les feuilles de
personnage"), said after them (ruling M117); they are named by severity, never as a wound."""

SAFE = " (safe: its Revers only decide the draws and are not written on the sheets, L319)"
"""What a safe Sequence is, said when it starts (ruling M117)."""


def revers_on(severity: int, target: str, domain: str | None, manoeuvre: str, vehicle: str | None) -> str:
    """A Revers a side deals ``target``, as the sheet will name it: a ram's on the vehicle it
    damaged («Concours de démolition et éperonnages» L429, ruling M105), "a Revers décisif on Jim's
    sedan, a wreck"; another by :func:`dealt`, "a Blessure on Jim"."""
    if manoeuvre != "ram" or not vehicle:
        return f"a {dealt(severity, domain, manoeuvre)} on {target}"
    wreck = ", a wreck" if severity >= tables().max_severity else ""
    return f"a {revers(severity)} on {target}'s {vehicle_words(vehicle)}{wreck}"


def armour_drawn(cards: list[str], against: Mapping[str, tuple[str, int]]) -> str:
    """A side's worn armour as a draw's line says it, its cards drawn apart («c – Armures»
    L485-L502, ruling M125), then, per attacker whose weapon is of another era, what the armour
    does to it (L498-L502, ruling M130): "armour draws 2♠ 4♠ (Jim's future weapon ignores it,
    L500)". The command's line and the log's say it by this one function (ruling M142): the log
    once said nothing of the eras, so its Revers read as if the armour had cancelled its share."""
    notes = [_era_note(a, era, factor) for a, (era, factor) in against.items() if factor != 1]
    return f"armour draws {shown_all(cards)}" + (f" ({'; '.join(notes)})" if notes else "")


def _era_note(attacker: str, weapon_era: str, factor: int) -> str:
    # L498: a firearm ignores medieval armour; L500: a future weapon any armour of the modern era or
    # before; L502: each success of future armour cancels two of an older weapon's.
    if factor == 0:
        line = "L500" if fold(weapon_era) == "future" else "L498"
        return f"{attacker}'s {_WEAPON_ERA.get(fold(weapon_era), weapon_era)} ignores it, {line}"
    return f"each success cancels two of {attacker}'s, future armour against an older weapon, L502"


_WEAPON_ERA = {"modern": "firearm", "future": "future weapon"}
"""A weapon of a later era than the armour, as «c – Armures» L498-L500 names it: "les armes à feu",
"les armes du futur (lasers, blasters, à effet Gauss)"."""


def _cards_drawn(e: Any) -> str:
    # «Résolution des Conflits hasardeux» L307-L313: a draw's net successes on a target are one
    # Revers of that severity (a Revers, sérieux, décisif), never that many Revers.
    declared = e.declared or {}
    manoeuvre = declared.get("manoeuvre", "fight")
    # L319, ruling M117: a safe Sequence's Revers are named by their severity, never as wounds.
    domains = e.domains if e.hazardous else {}
    own = declared.get("domain") if e.hazardous else None
    if e.manoeuvres:
        # Since version 4 each Revers reads by what dealt it (ruling M105): a ram's on the vehicle it
        # damaged (L429), a fighter's by the target's kind, a chase's as ground (L427).
        how = {who: e.manoeuvres.get(who, "fight") for who in e.received}
        parts = [(manoeuvre, revers_on(n, who, domains.get(who), manoeuvre, e.vehicles.get(who))) for who, n in e.inflicted.items() if n]
        parts += [
            (how[who], f"a {revers(n)} on their vehicle from {who}'s ram")
            if how[who] == "ram"
            else (how[who], f"a {dealt(n, own, how[who])} from {who}")
            for who, n in e.received.items()
            if n
        ]
        # L427: a chase's Revers are ground, said once after a line of them only, else after each,
        # so a ram's damage beside them is never read as ground (ruling M114).
        ground = all(how_dealt == "chase" for how_dealt, _ in parts)
        what = [said if ground or how_dealt != "chase" else said + CHASE_REVERS for how_dealt, said in parts]
        kind = CHASE_REVERS if ground else ""
    else:
        inflicted = [f"a {dealt(n, domains.get(who), manoeuvre)} on {who}" for who, n in e.inflicted.items() if n]
        received = [f"a {dealt(n, own, manoeuvre)} from {who}" for who, n in e.received.items() if n]
        # «Poursuites» L427: a chase's Revers are changes of position, never wounds; «éperonnages»
        # L429: a ram's are damage to the vehicles. Said after them, so no one reads them as wounds.
        kind = _MANOEUVRE_REVERS.get(manoeuvre, "")
        what = inflicted + received
    kind += SAFE_REVERS if what and not e.hazardous else ""
    # L307-L309, L431: the card count with the terms it adds up from, as the command's line says
    # it; a draw recorded before version 3 kept no relatedness to name a field's loss by.
    old = f": {e.characteristic} {rank(e.used_rank)}, {plural(e.pool, 'card')}"
    cards = f", {pool_terms(vars(e))}" if e.relatedness is not None else old
    # L564-L566, L582: a draw on a psychic domain is a use of it, as a power's log line says one.
    used = f"; 1 Potentiel of {e.characteristic} spent" if e.potentiel else ""
    used += f", {plural(e.fatigue_lost, 'rank')} of Vigueur lost" if e.fatigue_lost else ""
    # L498-L502, ruling M142: the armour's cards, said when a weapon of another era changed what
    # they cancel, as the command's line says them; a draw read as stored before version 6 (its
    # fields as they were then, upcast or not) names no attacker's era.
    attacked_by = getattr(e, "attacked_by", None)
    against = armour_against(attacked_by, e.armour["era"]) if attacked_by else {}
    if any(factor != 1 for _, factor in against.values()):
        used += f"; {armour_drawn(e.armour['cards'], against)}"
    return (
        f"draw {e.draw} of Sequence {e.sequence}{cards}{used}"
        + (f" — {joined(what)}{kind}" if what else " — no Revers")
        # «Hors de portée» L361-L365: the defence successes an out-of-range side has banked so far,
        # each closing a range band, as the command's line says them.
        + (f", {plural(e.banked, 'success', 'successes')} of defence banked" if e.banked else "")
        + (" — takes the upper hand" if e.upper_hand else "")
    )


def _upper_hand(e: Any) -> str:
    forgone = joined([revers_on(n, who, e.domains.get(who), e.manoeuvre, e.vehicles.get(who)) for who, n in e.forgone.items()])
    # On a target's chain, the one Revers its attacker's draw recorded there leaves its sheet (L311, L329, ruling M16).
    off = f"; {_withdrawn(e)} comes off their sheet" if e.withdrawn else ""
    return f"{e.taker} forgoes {forgone} from draw {e.draw} to take the upper hand: {plural(e.cards, 'extra card')} in the next draw{off}"


def spared(e: Any) -> str:
    """What the upper hand took back from a target (L329, ruling M16), for the downtime report:
    the Revers the draw recorded on it never stands, so it is told as spared, never as taken:
    "was spared Revers 1: Lena forwent it to take the upper hand (Sequence 1 draw 1)"."""
    return f"was spared {_withdrawn(e)}: {e.taker} forwent it to take the upper hand (Sequence {e.sequence} draw {e.draw})"


def _withdrawn(e: Any) -> str:
    """The Revers an upper hand withdrew from a target, by its number on the sheet: "Revers 1"."""
    return f"Revers {joined([str(n) for n in e.withdrawn])}"


# How a Sequence ends (L313, L323, L528-L530), as conflict.py records it; play records its own words.
_ENDINGS = {
    "decisive": "a Décisif",
    "outrun": "one side outran the others",
    "agreed": "the sides agreed to stop",
    "abridged": "abridged after the draw",
    "narrator": "the Narrator ended it",
    "out-of-the-fight": "an NPC was put out of the fight",
}


def lineup(participants: Sequence[str], teams: Mapping[str, str]) -> str:
    """Who stands against whom in a Sequence (L297-L305: each participant pursues a goal against the
    others'): "Mia and Zoe against Ghoul" when a side has several members (L405: characters who
    pursue the same goal together), "Harvey against Lena" for two alone, "Harvey, Lena and Zoe, each
    on their own side" for more (ruling M128: a bare list of names said nobody's side)."""
    sides: dict[str, list[str]] = {}
    for name in participants:
        sides.setdefault(teams.get(name, name), []).append(name)
    if len(sides) > 2 and all(len(members) == 1 for members in sides.values()):
        return f"{joined(list(participants))}, each on their own side"
    first, *others = [joined(members) for members in sides.values()] or [""]
    return " and against ".join([f"{first} against {others[0]}", *others[1:]]) if others else first


def won(winner: str, side: Sequence[str], verb: str) -> str:
    """The winning side saying ``verb`` ("wins", "achieves"): its members by name, "Mia and Zoe
    win", as players name their side (L411), never the key the Narrator grouped them by; only a
    Sequence ended before its members were recorded says that key."""
    if len(side) > 1:
        return f"{joined(list(side))} {verb.removesuffix('s')}"
    return f"{side[0] if side else winner} {verb}"


def achieves(winner: str | None, side: Sequence[str] = ()) -> str:
    """Who achieves their goal when a Sequence ends (L313, L323): a person or a side, never "its"."""
    return f"{won(winner, side, 'achieves')} their goal" if winner else "nobody achieves a goal"


def _sequence_ended(e: Any) -> str:
    how = _ENDINGS.get(e.how, e.how)
    return f"Sequence {e.sequence} ended ({how}): {achieves(e.winner, e.side)}"


def _power_ticked(e: Any) -> str:
    # T8-T9 (L627-L637): the healing powers work on wounds, named as the sheet names them (L343);
    # the power by its seed name since version 2 (ruling M143), "the power" on older ticks.
    power = power_name(e.power) if e.power else "the power"
    if e.setback_id is None:
        return f"{power} runs on"
    now = f"now a {as_on_sheet(e.severity, 'physical')}" if e.severity else "healed"
    return f"{power} heals Revers {e.setback_id} a step: {now}"


def _recovered(e: Any) -> str:
    # What is left is named as the sheet names it, "now a Blessure légère (−1)" (L343); one
    # recorded before version 2 kept no kind of action, so its penalty alone says it: naming a
    # physical Revers "a Revers" would contradict the sheet's "Blessure (−1)".
    if not e.severity:
        return f"Revers {e.setback_id} healed"
    left = as_on_sheet(e.severity, e.domain) if e.domain is not None else f"{MINUS}{e.severity}"
    return f"Revers {e.setback_id} healed a step: now {'a ' if e.domain is not None else ''}{left}"


# «I – Création des personnages» L77-L115, L651, L699: the three ways a sheet is made.
PROCEDURES = {"cecj": "standard creation", "free": "free creation", "streamlined": "streamlined creation"}


def unspent_lost(name: str, creation: Creation) -> str | None:
    """What a Streamlined creation lost of the Atouts left unspent (L705: "un maximum de 3 Atouts
    peuvent être ainsi conservés"), a sentence the player reads when the sheet enters the game
    (digest V-CR-6: the other 4 of 7 are lost, so warn); None when play keeps them all."""
    if creation.lost <= 0:
        return None
    left = creation.lost + creation.kept
    lost = f"{plural(creation.lost, 'Atout')} {'is' if creation.lost == 1 else 'are'} lost"
    return (
        f"{name} keeps {creation.kept} of the {left} Atouts left unspent: Streamlined creation carries at most "
        f"{tables().streamlined.carry_max} into play (L705), so {lost}"
    )


def _created(e: Any) -> str:
    # What the creation cost and kept (L107, L705), which the sheet file said only as ranks: a
    # Streamlined character's unspent Atouts beyond 3 were lost in silence (ruling M134).
    made = creation_of(e.sheet, e.condition)
    lost = f", {made.lost} lost (at most {tables().streamlined.carry_max} carry into play, L705)" if made.lost > 0 else ""
    how = PROCEDURES.get(str(e.sheet.get("procedure", "cecj")), "creation")
    return f"{e.name} created by {how}: {made.spent} of {plural(made.budget, 'Atout')} spent, {made.kept} kept for play{lost}"


def rested(e: Any) -> str:
    """What a night's rest gave back (T5, T7): "3 Potentiel of Conscience and 1 rank of Vigueur
    back", as the log, ``rest`` and an advance say it (ruling M135)."""
    back = [f"{n} Potentiel of {domain}" for domain, n in e.restored.items() if n]
    if e.fatigue_recovered:
        back.append(plural(e.fatigue_recovered, "rank") + " of Vigueur")
    return f"{joined(back)} back" if back else "nothing to get back"


def _rested(e: Any) -> str:
    return f"a good night's rest: {rested(e)}"


WORDS: dict[str, Describer] = {
    "chronique.domain.character:Character.Created": _created,
    "chronique.domain.rulesets.microfudge.events:TestRolled": _test,
    "chronique.domain.rulesets.microfudge.events:SimpleConflictRolled": _conflict,
    "chronique.domain.rulesets.microfudge.events:SetbackSuffered": setback_suffered,
    "chronique.domain.rulesets.microfudge.events:SetbackRecovered": _recovered,
    "chronique.domain.rulesets.microfudge.events:RecoveryPaced": lambda e: (
        f"care and rest pace the recovery of Revers {e.setback_id}: {paced(e.percent)}"
    ),
    "chronique.domain.rulesets.microfudge.events:FirstAidGiven": _first_aid,
    "chronique.domain.rulesets.microfudge.events:AtoutsAwarded": lambda e: awarded(e.count, e.reason),
    # L717 (ruling M155): the bound of 3 Atouts a Streamlined character receives starts again.
    "chronique.domain.rulesets.microfudge.events:AdventureEnded": lambda e: (
        "ends an adventure" + (f" ({e.note})" if e.note else "") + ": up to 3 experience Atouts again in the next (L717)"
    ),
    "chronique.domain.rulesets.microfudge.events:AtoutSpent": lambda e: (
        f"spent {plural(e.cost, 'Atout')} of {_POOLS.get(e.pool, e.pool)} {bought(e.use)}" + (f" ({e.note})" if e.note else "")
    ),
    "chronique.domain.rulesets.microfudge.events:SetbackStabilized": lambda e: (
        # «Sauver sa peau» L127-L131 says how already; ``how`` said it again ("saved its skin with an Atout").
        f"saved their skin: Revers {e.setback_id} ({revers(e.severity, True)}) is stabilized"
    ),
    "chronique.domain.rulesets.microfudge.events:SetbackTransferred": lambda e: f"{e.to} took Revers {e.setback_id} in their place",
    "chronique.domain.rulesets.microfudge.events:AtoutPlayed": played,
    "chronique.domain.rulesets.microfudge.events:CharacteristicRaised": _raised,
    "chronique.domain.rulesets.microfudge.events:SequenceStarted": lambda e: (
        f"entered Sequence {e.sequence}"
        + (" (collective)" if e.collective else "")
        + ("" if e.hazardous else SAFE)
        + f": {lineup(e.participants, e.teams)}"
        + (f", goal: {e.goal}" if e.goal else "")
    ),
    "chronique.domain.rulesets.microfudge.events:ConflictCardsDrawn": _cards_drawn,
    "chronique.domain.rulesets.microfudge.events:UpperHandTaken": _upper_hand,
    "chronique.domain.rulesets.microfudge.events:SequenceEnded": _sequence_ended,
    "chronique.domain.rulesets.microfudge.events:PowerUsed": _power,
    "chronique.domain.rulesets.microfudge.events:PowerTicked": _power_ticked,
    "chronique.domain.rulesets.microfudge.events:PowerEnded": lambda e: f"the power stopped ({e.reason})",
    "chronique.domain.rulesets.microfudge.events:PowersRested": _rested,
    "chronique.domain.rulesets.microfudge.events:FatigueRecovered": lambda e: "a quarter of an hour's rest: one rank of Vigueur back",
}


def describe(event: Any) -> str:
    """A MicroFudge event (or the spine's) in the players' words."""
    return described(WORDS, event)
