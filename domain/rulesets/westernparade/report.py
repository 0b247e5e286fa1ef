"""The body and its care in words, for a GM or a player (``body status``, ``body care``,
``body wound``): per location the wound state, PV left of max, what it bleeds and what would stop
it; blood, consciousness, death timers, drink; what a care skill's roll did. Pure: the caller
brings the body (``care.body_now``) and its environment (``condition.env_of``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.gametime import HOUR, MINUTE, duration_words
from chronique.domain.rulesets.westernparade import alcohol, bleeding
from chronique.domain.rulesets.westernparade.condition import (
    Env,
    activity,
    bed_forced,
    extraction_overdue,
    fractured,
    heal_milestone,
    heal_wait,
    heals,
    heals_at_rest,
    impaled,
    location_rate,
    pv_of,
    state_of,
    still_for,
)
from chronique.domain.rulesets.westernparade.fracture import convalescence, keeps_still
from chronique.domain.rulesets.westernparade.impalement import surgery_step
from chronique.domain.rulesets.westernparade.tables import tables
from chronique.domain.rulesets.westernparade.wounds import WoundState
from chronique.domain.rulesets.words import joined, plural

_ACTIVITY = {"bed": "bed rest", "moderate": "moderate activity", "active": "up and about"}
# §3.2.8.1 L2023: a wound heals "par semaine de repos"; up and about, it waits (ruling WB14).
REST_WORDS = "up and about, and wounds heal only at rest (§3.2.8)"
# What the blood line says of one unconscious (§3.2.6) or in an ethylic coma (§4.1.1), in place of his activity.
OUT_WORDS = "lying unconscious"


# Table 4.1 (§4.1): the drinking stages, as the log and every command say them.
STAGES = {
    "sober": "sober",
    "light": "tipsy",
    "medium": "drunk",
    "serious": "seriously drunk",
    "complete": "dead drunk",
    "coma": "in an ethylic coma",
}


def stage_words(stage: str) -> str:
    """A drinking stage of Table 4.1 in words (``serious`` → ``seriously drunk``)."""
    return STAGES.get(stage, stage)


def where(location: str) -> str:
    """A body location as the rulebook's table names it (e.g. "cuisse gauche"), never its stored
    key: the same words on every line, the shot's, the wound's, the body's and the board's."""
    found = tables().locations.get(location)
    return found.name.lower() if found is not None else location.replace("-", " ")


def death_words(cause: str) -> str:
    """A death's or a death timer's cause in words: a body location named as the rulebook's table
    names it ("infection of the bras droit"), also in causes recorded with its stored key
    ("infection of the right-arm")."""
    what, of, location = cause.rpartition(" the ")
    return f"{what}{of}{where(location)}" if of and location in tables().locations else cause


def _in(at: int, when: int) -> str:
    return "now" if when <= at else f"in {duration_words(when - at)}"


def _stopped_words(wound: Mapping[str, Any]) -> str:
    # What stopped the bleeding: first aid (§3.2.4), or the surgeon who took an impaling weapon
    # out and so mastered it (§3.4.5.2 L2527, rulings WB45, WB47).
    if wound.get("stopped_by") == "surgery":
        return "bleeding stopped by the surgery that took the weapon out (§3.4.5.2)"
    return "bleeding stopped by first aid"


# What stops a bleeding wound (§3.2.4).
_REMEDY = "first aid (Premiers soins) stops it"


def _first_aid_words(stopped: int) -> str:
    # What the first aids on a location did to its rate, added up (ruling WB9): a failed one
    # (§3.2.4 L1869, "le patient perd un PH supplémentaire") leaves it bleeding more, which is
    # said as such, never as first aid holding back a negative amount (ruling WB52).
    if stopped < 0:
        return f"first aid made it worse by {-stopped} PH a round"
    return f"first aid holds back {stopped}"


def _pressing(wound: Mapping[str, Any], at: int) -> str:
    # How much longer the hands on a wound keep pressing (§3.2.3), "" when no end was set.
    until = wound.get("pressed_until")
    return "" if until is None else f" for {duration_words(max(0, int(until) - at))} more"


def bleeding_words(wound: Mapping[str, Any], location: str, e: Env, at: int, conscious: bool) -> str:
    """What a location bleeds and what stops it (§3.2.3-§3.2.4, §3.2.7.4): the rate per round
    after first aid and pressing hands, and the remedy; or why it does not bleed."""
    if wound["fate"] == "amputated":
        return "amputated, does not bleed"
    if impaled(wound):
        return "a weapon is lodged in it: no bleeding while it stays in (§3.4.5.2)"
    state = state_of(wound, location, e)
    raw = bleeding.location_rate(state, e.multiplier[location], wound["through"], wound["artery"])
    rate = location_rate(wound, location, e, conscious)
    stopped = int(wound["stopped"])
    aid = [_first_aid_words(stopped)] if stopped else []
    parts = []
    if raw == 0:
        parts.append("a scratch does not bleed" if state is WoundState.SCRATCH else "does not bleed")
    elif stopped >= raw:
        parts.append(_stopped_words(wound))
    elif rate == 0:
        # §3.2.3 L1848: hands hold the blood back only "momentanément": for how long, and what the
        # wound bleeds once they let go (ruling WB54).
        after = location_rate(wound, location, e, conscious=False)
        then = f"then {after} PH a round" + (f" ({aid[0]})" if aid else "")
        parts.append(f"bleeding held back by their own hands{_pressing(wound, at)}, {then}: {_REMEDY}")
    else:
        hands = int(wound["hands"]) if conscious else 0
        who = f"{hands} hand{'s' if hands > 1 else ''} pressing hold{'' if hands > 1 else 's'}"
        held = aid + [f"{who} back {bleeding.HAND_PRESSURE * hands}{_pressing(wound, at)}"] * bool(hands)
        also = f" ({', '.join(held)})" if held else ""
        parts.append(f"bleeds {rate} PH a round{also}: {_REMEDY}")
    if wound["per_minute"]:
        parts.append(f"the extraction bleeds {wound['per_minute']} PH a minute until any first aid stops some blood")
    return "; ".join(parts)


def forced_bed_words(body: Mapping[str, Any], e: Env, at: int) -> str | None:
    """Why the body keeps to bed whatever the care order says, in words (None if nothing forces
    it): a critical wound (§3.2.9.3), or a bandage until it takes (§6.18.2 L5138)."""
    why = bed_forced(body, e)
    if why == "critical":
        return "a critical wound keeps the patient in bed (§3.2.9.3)"
    if why == "fracture":
        return f"the broken {where(still_for(body)[0])} keeps the patient totally still until it heals (§3.4.5.3)"
    if why is None:
        return None
    # The last bandage to take lets the patient up.
    effect_at, location = max((int(w["bandage"]["effect_at"]), loc) for loc, w in body["wounds"].items() if w["bandage"])
    takes = _in(at, effect_at)
    return f"the bandage on the {where(location)} keeps the patient lying down until it takes, {takes} (§6.18.2)"


_BULLET_IN_THE_HEAD = {
    "difficult": "; every roll to extract it is difficult, and a failed one leaves it in for good",
    "flattened": "; flattened on the skull, it comes off without a roll for one more point of damage (§3.2.7.3)",
}


def _bullet_words(wound: Mapping[str, Any], at: int) -> str:
    # §3.2.7.2 footnote 8 (L1999): extraction is due within 24 hours of the hit; once they have
    # passed the advice says so (the bullet still keeps the wound untreated, ruling WB15).
    # §3.2.7.3 L2003 (ruling WB38): after the victim's normal failure, every roll is difficult;
    # L1997 (ruling WB41): after his critical success, it comes off without a roll.
    hard = _BULLET_IN_THE_HEAD.get(str(wound.get("entry")), "")
    if extraction_overdue(wound, at):
        return f"a bullet is still in: the 24 hours to extract it (Extraction de balle) have passed{hard}"
    return f"a bullet is still in: extract it (Extraction de balle) within 24 hours of the hit{hard}"


def _elapsed(seconds: int) -> str:
    # How long something has lasted, in days and hours once it is an hour old (the infection's
    # clock counts days, §3.2.7.2): a stray minute of the hit's moment is noise.
    return duration_words(seconds - seconds % HOUR if seconds >= HOUR else seconds)


def location_words(wound: Mapping[str, Any], location: str, e: Env, at: int, conscious: bool = True, history: bool = False) -> str:
    """One location as a line: state, PV left of max, bleeding and remedy, bullet, infection,
    gangrene, bandage, fate; with ``history``, the care it has had (:func:`care_had`)."""
    state = state_of(wound, location, e)
    head = f"{where(location)}: {state.value} wound, {pv_of(wound, location, e)} of {e.max_pv[location]} PV left"
    return "; ".join([head, *location_notes(wound, location, e, at, conscious, history=history)])


def location_notes(
    wound: Mapping[str, Any], location: str, e: Env, at: int, conscious: bool = True, died_at: int | None = None, history: bool = False
) -> list[str]:
    """What a wounded location's line says after its state and PV: bleeding and remedy, bullet,
    infection, gangrene, bandage, with ``history`` the care it has had (the sheet and ``body
    status``; a care's own line says what that care did already), who tends it, fate (the sheet's
    body table shows these too). Of one who died (at ``died_at``), what the wound was when he
    died: no remedy, no clock running."""
    if died_at is not None:
        return _at_death(wound, died_at)
    line = [bleeding_words(wound, location, e, at, conscious)]
    if fractured(wound):
        line.append(fracture_note(location))
    if impaled(wound):
        line.append(lodged_note(wound))
    if wound["bullet"]:
        line.append(_bullet_words(wound, at))
    if wound["infected_at"] is not None:
        cure = "cauterise it (Cautérisation)" if wound.get("cleaned") else "clean it (Nettoyage d'une blessure) or cauterise it"
        line.append(f"{_infected(wound, at)}: {cure}")
    if wound["gangrene_at"] is not None:
        line.append("gangrene: only an amputation saves the patient")
    if wound["bandage"] is not None:
        line.append(f"the bandage gives back {wound['bandage']['pv']} PV {_in(at, int(wound['bandage']['effect_at']))}")
    had = care_had(wound) if history else []
    if had:
        line.append(f"care had: {joined(had)}")
    if wound["tender"] is not None:
        line.append(f"tended by {wound['tender']['by']} ({wound['tender']['skill']})")
    if wound["fate"] in ("useless", "amputate"):
        line.append("the limb is useless" if wound["fate"] == "useless" else "the limb must be amputated")
    if wound.get("redo"):
        line.append("the amputation must be done again")
    return line


def care_had(wound: Mapping[str, Any]) -> list[str]:
    """The care a wound has had that changes its course, in words (ruling WD23): its bullet
    extracted (§3.2.7.4), bandaged (§6.18.2: cared for, not again until wounded anew), cleaned or
    a cleaning failed (§6.18.13: one try a wound; §3.2.7.2), cauterised, or a cauterisation failed
    with the next try's malus (§6.18.4). A record kept before ruling WD23 has no ``extracted``,
    ``cleaning`` nor ``cauterised``: its cleaning reads as failed while the wound still festers."""
    had = []
    if wound.get("extracted") and not wound["bullet"]:
        had.append("bullet extracted (§3.2.7.4)")
    if wound["bandaged"]:
        had.append("bandaged (§6.18.2)")
    if wound.get("cleaned"):
        failed = wound.get("cleaning", "failed" if wound["infected_at"] is not None else "cured") == "failed"
        had.append("a failed cleaning (one try a wound, §6.18.13)" if failed else "cleaned (§6.18.13)")
    if wound.get("cauterised"):
        had.append("cauterised (§6.18.4)")
    if wound["cautery_malus"]:
        had.append(f"a failed cauterisation (the next try at {int(wound['cautery_malus']):+d}%, §6.18.4)")
    return had


def _infected(wound: Mapping[str, Any], at: int) -> str:
    # How long the wound has been infected (§3.2.7.2), "just infected" on the day it turns.
    since = max(0, at - int(wound["infected_at"]))
    return f"infected for {_elapsed(since)}" if since >= MINUTE else "just infected"


def _at_death(wound: Mapping[str, Any], died_at: int) -> list[str]:
    # A dead man's wound as it was when he died: a bullet left in, an infection's length,
    # gangrene, a limb lost; nothing bleeds, heals or waits for care any more.
    line = []
    if fractured(wound):
        line.append("broken")
    if impaled(wound):
        line.append("a weapon still lodged in it")
    if wound["fate"] == "amputated":
        line.append("amputated")
    if wound["bullet"]:
        line.append("a bullet still in")
    if wound["infected_at"] is not None:
        line.append(f"{_infected(wound, died_at)} at death")
    if wound["gangrene_at"] is not None:
        line.append("gangrene")
    if wound["fate"] == "useless":
        line.append("the limb was useless")
    return line


def units(tenths: int) -> str:
    """Drink in the blood in words: "1 unit", "1.5 units" (§4.1.1: a unit is a glass of whisky;
    drinks are counted in tenths of a unit)."""
    return f"{tenths / 10:g} unit{'' if tenths == 10 else 's'}"


def blood_left(ph: int) -> str:
    """The PH a bleeding body has left (§3.2.4), "12 PH left", and below 0, where it goes on
    bleeding until it is beyond saving, "36 PH below zero" (ruling WD27), never "-36 PH left"."""
    return f"{-ph} PH below zero" if ph < 0 else f"{ph} PH left"


def blood_of(ph: int, most: int) -> str:
    """A body's blood against its full PH (§3.2.3), "66 of 70 PH", and below 0 "36 PH below zero
    (of 70)" (ruling WD27), never "-36 of 70 PH"."""
    return f"{-ph} PH below zero (of {most})" if ph < 0 else f"{ph} of {most} PH"


def settled_words(body: Mapping[str, Any], e: Env) -> str:
    """What still moves in a body an advance brought up to date at its end: blood short of the
    full, wounds healing, drink in the blood; never a bare "PH 70" for a full one."""
    # Ruling WD27: "blood 70 of 80 PH" as the sheet says it, never the notation "PH -164 of 80".
    parts = [f"blood {blood_of(int(body['ph']), e.ph_max)}"] if body["ph"] < e.ph_max else []
    for location, wound in sorted(body["wounds"].items()):
        if heals(body, wound, location, e):
            parts.append(f"the {where(location)} healing, {pv_of(wound, location, e)} of {e.max_pv[location]} PV")
    waiting = [where(location) for location, wound in sorted(body["wounds"].items()) if waits_for_rest(body, wound, location, e)]
    if waiting:
        parts.append(f"the {joined(waiting)} not healing: {REST_WORDS}")
    tenths = int(body["alcohol"]["tenths"])
    if tenths:
        parts.append(f"{stage_words(body['alcohol']['stage'])}, {units(tenths)} of drink still in the blood")
    if parts:
        return "; ".join(parts)
    # "Nothing left to heal" only of a body with no PV to win back (an infected wound waits too).
    hurt = any(int(w["damage"]) > 0 and w["fate"] != "amputated" for w in body["wounds"].values())
    return f"full blood ({e.ph_max} PH)" if hurt else f"full blood ({e.ph_max} PH), nothing left to heal"


def waits_for_rest(body: Mapping[str, Any], wound: Mapping[str, Any], location: str, e: Env) -> bool:
    """Whether a wound heals no PV only because its man, awake and out of danger, is up and about:
    §3.2.8.1 L2023 heals "par semaine de repos" (ruling WB14), so he is told to rest (WB36)."""
    awake = not body["unconscious"] and body["dying"] is None
    return awake and activity(body, e) == "active" and heals_at_rest(body, wound, location, e)


def healing_milestone_words(body: Mapping[str, Any], e: Env, at: int) -> str:
    """What the body's healing milestone due at ``at`` brings (the timeline's "heal",
    ``condition.next_dues``), for the downtime board: the wound that is healed to the full then
    (§3.2.8; a bullet left in stays), or back to 0 PV from below (§3.2.9.3). Each PV comes back
    on the way at the healing pace; the board's date is the milestone's, not the next PV's
    (ruling WB33)."""
    now = int(body["settled_at"])
    said = []
    for location, wound in sorted(body["wounds"].items()):
        if not heals(body, wound, location, e) or now + heal_wait(body, wound, location, e) != at:
            continue
        if heal_milestone(wound, location, e) == "zero":
            said.append(f"the {where(location)} heals back to 0 PV, no longer below 0 (§3.2.9.3)")
            continue
        full = e.max_pv[location]
        left = "; the bullet stays in it until extracted" if wound["bullet"] else ""
        said.append(f"the wound in the {where(location)} is healed to the full, {full} of {full} PV (§3.2.8){left}")
    return "; ".join(said) or "a wound heals further"


def body_lines(name: str, body: Mapping[str, Any], e: Env, at: int) -> list[str]:
    """Where a character's body stands at ``at``, as lines of words: life and consciousness, blood
    points, activity, each wounded location, drink, a bullet in the head, permanent losses."""
    facts = body_facts(body, e, at)
    if body["dead"]:
        return [f"{name} is {facts[0][1]}"]
    lines = [f"{name} is {facts[0][1]}"] + [f"{label}: {value}" for label, value in facts[1:] if label in ("dying", "blood")]
    conscious = not body["unconscious"]
    for location, wound in sorted(body["wounds"].items()):
        lines.append("  " + location_words(wound, location, e, at, conscious, history=True))
    if not body["wounds"]:
        lines.append("  no wound")
    return lines + [f"{label}: {value}" for label, value in facts[1:] if label not in ("dying", "blood")]


def body_facts(body: Mapping[str, Any], e: Env, at: int) -> list[tuple[str, str]]:
    """The body at ``at`` but its locations, as (label, words): first its state (dead, conscious or
    unconscious and why), then a death timer, blood points and activity, drink, a bullet in the
    head and permanent losses, each when it applies."""
    if body["dead"]:
        return [("state", f"dead ({death_words(str(body['death']))})")]
    conscious = not body["unconscious"]
    coma = alcohol.comatose(body["alcohol"], e.m_end, e.drinker, at)
    if coma:
        facts = [("state", "unconscious (an ethylic coma, until the drink wears off to complete drunkenness)")]
    elif not conscious:
        blackout = body["blackout"] or {}
        until = blackout.get("until")
        why = "blood loss, until the PH are above 0" if blackout.get("cause") == "blood" else "a wound"
        facts = [("state", f"unconscious ({why}{'' if until is None else ', comes to ' + _in(at, int(until))})")]
    else:
        facts = [("state", "conscious")]
    if body["dying"] is not None:
        facts.append(("dying", f"{death_words(str(body['dying']['cause']))}, death {_in(at, int(body['dying']['at']))}"))
    per_round = sum(location_rate(w, loc, e, conscious) for loc, w in body["wounds"].items())
    per_minute = sum(int(w["per_minute"]) for w in body["wounds"].values())
    losing = [f"{per_round} PH a round"] * bool(per_round) + [f"{per_minute} PH a minute"] * bool(per_minute)
    flow = f", losing {' and '.join(losing)}" if losing else ""
    waits = any(waits_for_rest(body, w, loc, e) for loc, w in body["wounds"].items())
    # §3.2.6, §4.1.1 L2817: one out cold is neither up and about nor resting by choice (ruling WB40).
    keeps = OUT_WORDS if coma or not conscious else REST_WORDS if waits else _ACTIVITY[activity(body, e)]
    facts.append(("blood", f"{blood_of(int(body['ph']), e.ph_max)}{flow}; {keeps}"))
    stage = body["alcohol"]["stage"]
    if stage != "sober":
        facts.append(("drink", stage_words(stage)))
    head = body["head_bullet"]
    if head is not None:
        facts.append(("bullet in the head", _head_bullet_state(head)))
    losses = {k: v for k, v in body["losses"].items() if v}
    if losses:
        facts.append(("permanent losses", losses_words(losses)))
    return facts


def _head_bullet_state(head: Mapping[str, Any]) -> str:
    # §3.2.7.3 L2005-L2007: a bullet in too deep rolls every year, stable after three won in a
    # row; one creeping toward the nerve centres every week, the third failure kills. ``count``
    # is the years won in a row, or the weeks failed.
    count = int(head["count"])
    if head["status"] == "lodged":
        return f"in too deep to be removed: an easy END or CHC roll every year, stable after three won in a row ({count} so far) (§3.2.7.3)"
    if head["status"] == "migrating":
        return f"creeping toward the nerve centres: an END or CHC roll every week, the third failure kills ({count} so far) (§3.2.7.3)"
    return "stable: three yearly rolls won in a row, no more risk (§3.2.7.3)"


# §3.2.9.2 L2116-L2118: a thigh, leg or foot below 0 costs AGI "momentanément ... lorsque le
# personnage doit faire usage de la localisation", kept as ``agi_in_use``.
_LOSS_WORDS = {"agi_in_use": "AGI −{n} whenever the wounded leg is used (§3.2.9.2)"}


def losses_words(losses: Mapping[str, int]) -> str:
    """Characteristic losses in words: "INT −1, END −2"; the AGI a wounded leg costs when used
    says so, never its stored key."""
    return ", ".join(_LOSS_WORDS.get(k, k + " −{n}").format(n=v) for k, v in sorted(losses.items()))


def care_words(skill: str, result: Mapping[str, Any], infected: bool = False) -> str:
    """What a care skill's roll did, in words (§6.18.2 Bandages, §3.2.7.4 Extraction de balle,
    §3.2.7.2 Nettoyage d'une blessure, §6.18.4 Cautérisation, §3.4.5.2 Chirurgie); ``infected``:
    whether the wound festers after it (a failed cleaning leaves an infection as it was)."""
    if skill == "Chirurgie":
        return surgery_words(result)
    if skill == "Bandages":
        if result["reopened"]:
            return "the wound reopens: it bleeds again and needs first aid"
        return f"the bandage will give back {result['pv']} PV once it takes" if result["pv"] else "the bandage does no good"
    if skill == "Extraction de balle":
        done = "the bullet is out" if result["success"] else "the bullet stays in"
        extra = f", {result['ph']} PH lost" if result["ph"] else ""
        bleed = f"; the wound bleeds {result['per_minute']} PH a minute until first aid" if result["per_minute"] else ""
        return f"{done}; {result['damage']} more damage to the location{extra}{bleed}"
    if skill == "Nettoyage d'une blessure":
        if result["cured"]:
            return "the wound is clean"
        if infected:
            # §6.18.13: one cleaning a wound; §6.18.4 is for "une blessure infectée qu'on n'arrive pas
            # à nettoyer": the remedy the wound's own line then names (ruling WB56).
            return "the cleaning fails and the wound still festers: cauterise it (Cautérisation)"
        return "the cleaning fails: cauterise the wound if it festers"
    if result["cured"]:
        return "the infection is burnt out" + (f" for {result['damage']} damage" if result["damage"] else ", no damage")
    if result["gangrene"]:
        return f"the cauterisation fails: {result['damage']} damage and gangrene sets in (amputate)"
    return f"the cauterisation fails: {result['damage']} damage; tomorrow's attempt at {result['next_malus']}%"


def lodged_note(wound: Mapping[str, Any]) -> str:
    """What an impaled location's line says after its bleeding (§3.4.5.2): it does not heal until
    the weapon is out (ruling WB44), and surgery takes it out, at the step its catastrophic
    failures have made it (ruling WB45)."""
    step = surgery_step(int(wound["impaled"]["harder"]))
    hard = "" if step == "normal" else f", {step.replace('-', ' ')} now that it is badly placed"
    return f"no healing until a surgeon takes it out (Chirurgie{hard})"


def impalement_words(impalement: Mapping[str, Any]) -> str:
    """What an impaling thrust did (§3.4.5.2), in words, for the log."""
    faces = "+".join(str(f) for f in impalement["faces"])
    return f"impaled (§3.4.5.2): {impalement['damage']} more damage (1d6cum {faces}); the weapon stays in, no bleeding while it does"


def surgery_words(result: Mapping[str, Any]) -> str:
    """What a surgery on an impaled location did (§3.4.5.2 L2519-L2525), in words."""
    parts = ["the weapon is out" if result["removed"] else "the weapon stays in"]
    if result["damage"]:
        parts.append(f"{result['damage']} more damage to the location")
    if result["rounds"]:
        parts.append(f"{plural(result['rounds'], 'round')} of its bleeding lost at once")
    if result["removed"]:
        parts.append("the surgeon masters the bleeding")
    if result["harder"]:
        parts.append("it is now badly placed: the next attempt is a step harder")
    return "; ".join(parts)


def fracture_note(location: str) -> str:
    """What a broken location's line says (§3.4.5.3): it heals ten times slower, and a broken
    chest or flank keeps him totally still until it heals."""
    still = "; it keeps the patient totally still until it heals" if keeps_still(location) else ""
    return f"broken (§3.4.5.3): it heals {convalescence()} times slower{still}"


def fracture_words(fracture: Mapping[str, Any]) -> str:
    """What a blunt blow's réussite extraordinaire broke (§3.4.5.3), in words, for the log."""
    parts = [f"a fracture (§3.4.5.3), {fracture['words']}" if fracture["words"] else "a fracture (§3.4.5.3)"]
    if fracture["sent"]:
        parts.append(f"{fracture['sent']} more damage sends the location to −1 PV")
    parts.append(f"it heals {convalescence()} times slower")
    if fracture["faces"]:
        parts.append(f"APP −{fracture['losses']['APP']} for good (d4 {'+'.join(str(f) for f in fracture['faces'])})")
    elif fracture["losses"]:
        parts.append(losses_words(fracture["losses"]) + " for good")
    if fracture["fate"] == "killed":
        parts.append("death at once")
    elif fracture["fate"] == "immobile":
        parts.append("totally still until it heals")
    return "; ".join(parts)


def critical_cause(location: str) -> str:
    """The cause a critical wound's death, or its death timer, is recorded with (§3.2.9.1)."""
    return f"critical wound to the {where(location)}"


def timer_words(spec: str) -> str:
    """A death timer's dice in words (§3.2.9.1): "3d10 hours" for "3d10h", "2d6 minutes" for
    "2d6m"; anything else as it is."""
    dice, unit = spec[:-1], spec[-1:]
    units_of = {"h": "hours", "m": "minutes"}
    return f"{dice} {units_of[unit]}" if unit in units_of and dice.partition("d")[2].isdigit() else spec


def critical_words(critical: Mapping[str, Any], death_in: int | None = None) -> str:
    """What a critical wound did beyond its PV (§3.2.9), in words; "" when nothing. ``death_in``:
    the seconds its death timer's dice gave, when they are the body's timer (none sooner)."""
    dice = timer_words(str(critical["dies_in"])) if critical["fate"] == "dies" else ""
    fate = {
        "killed": "the wound kills",
        "dies": f"death within {dice}" if death_in is None else f"death in {duration_words(death_in)} ({dice}, §3.2.9.1)",
        "useless": "the limb is useless",
        "amputate": "the limb must be amputated",
    }.get(critical["fate"], "")
    parts = [fate] if fate else []
    if critical["losses"]:
        parts.append("permanent losses " + losses_words(critical["losses"]))
    if critical["max_pv"]:
        parts.append(f"the location loses {critical['max_pv']} PV for good")
    return "; ".join(parts)


def unconsciousness_words(chance: int | None, reading: Mapping[str, Any] | None) -> str:
    """The unconsciousness check a wound called for (§3.2.6), in words; "" when it called for
    none. At 5% or less no die is rolled and the victim stays conscious (L1928)."""
    if chance is None:
        return ""
    if reading is None:
        return f"unconsciousness {chance}%: 5% or less, no roll, stays conscious"
    # WB2: a die decides, or (over 95%, a critical head wound) only times the blackout.
    rolled = f"d100 {reading['roll']}" if reading["rolled"] else f"certain, d100 {reading['roll']} for how long"
    if reading["unconscious"]:
        return f"unconsciousness {chance}% ({rolled}): out for {duration_words(reading['rounds'] * bleeding.ROUND)}"
    return f"unconsciousness {chance}% ({rolled}): stays conscious"


# §3.2.7.3 L1998-L2004: what the victim's roll makes of a bullet in the head, in the table's words.
_HEAD_BULLET = {
    "flattened": "it flattened on the skull and comes off without a roll for one more point of damage (Extraction de balle)",
    "removable": "it can be extracted like any other (a failed first attempt calls for a new roll)",
    "difficult": "it can be extracted, but every roll to do so is difficult",
    "lodged": "it is in too deep to be removed: an easy roll every year, stable after three in a row",
    "migrating": "it creeps toward the nerve centres: a roll every week, the third failure kills",
}


def head_bullet_words(name: str, status: str) -> str:
    """The line a table reads after the roll for a bullet in the head (§3.2.7.3)."""
    return f"the bullet stays in {name}'s head; the roll for it: {_HEAD_BULLET[status]}"
