"""A Western Parade character's sheet as players read it: who he is (chapter 1), the ten primary
characteristics and VIT and REP with their modifiers and characteristic rolls (§1.6-§1.7, Tables
1.3-1.4), actions per round (§3.1.2-§3.1.4), skills by the groups of chapter 6, and the body by
location (Table 1.6) with its PV, wounds, bleeding and care, then blood (PH, §3.2.3), drink (§4.1)
and what else weighs on the body, and the training under way (§2.6-§2.7, §6.6.7), in the
rulebook's terms.

Ruling SV1: in each skill group the skills with a score above 0 are listed with their score; the
skills at 0 are counted ("3 more at 0"), since a player reads a group for what he can try."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronique.domain.character import Character
from chronique.domain.gametime import calendar_from
from chronique.domain.rulesets.westernparade.care import body_now, env
from chronique.domain.rulesets.westernparade.characteristics import modifier
from chronique.domain.rulesets.westernparade.combat import weapon
from chronique.domain.rulesets.westernparade.condition import BODY_KEYS, Env, pv_of, state_of
from chronique.domain.rulesets.westernparade.describe import EXPLODED_GUN, load_words
from chronique.domain.rulesets.westernparade.downtime import marks_standing, training_rows
from chronique.domain.rulesets.westernparade.fitness import Body, infection_divisor, loss_term, wound_penalty
from chronique.domain.rulesets.westernparade.play import load
from chronique.domain.rulesets.westernparade.report import body_facts, location_notes
from chronique.domain.rulesets.westernparade.tables import group, skill, skills, tables
from chronique.domain.rulesets.words import joined
from chronique.domain.sheetview import Group, Section, SheetView, signed
from chronique.domain.text import fold
from chronique.domain.world import World

_HANDS = {"right": "right-handed", "left": "left-handed", "ambidextrous": "ambidextrous"}
_CREATION = {"beginner": "beginner", "experienced": "experienced (§1.15)", "spaghetti": "spaghetti hero (ch. 7)", "free": "made by the GM"}


def sheet_view(world: World, character: Character, gm: bool) -> SheetView:
    """The sheet of a Western Parade character (nothing of it lies face down, so ``gm`` changes nothing)."""
    s = character.sheet
    e = env(world, character)
    body, at = _body(world, character, e)
    calendar = calendar_from(world.campaign.calendar)
    facts = body_facts(body, e, at) + _on_every_roll(character, body, e, at)
    return SheetView(
        character.name,
        character.version,
        "dead" if body["dead"] else ("unconscious" if body["unconscious"] else "standing"),
        (
            Section.of("Character", _about(s)),
            Section.of("Characteristics", _characteristics(s, body["losses"]), ("", "Value", "Modifier", "Roll"), terms="fr"),
            Section.of("In a round", _round(s)),
            Section("Skills", _skills(s), layout="list", terms="fr"),
            Section.of("Body", _locations(body, e, at), ("Location", "PV", "Wound", "Bleeding and care"), terms="fr"),
            Section.of("Firearms", _firearms(character), ("Firearm", "Load")),
            Section.of("Blood and state", facts),
            # §2.6-§2.7: what he trains, as ``downtime show`` says it, at the moment the sheet shows.
            Section.of(
                "Training", training_rows(character, _training_at(world, character, at), calendar), ("Training", "Plan", "Progress")
            ),
        ),
        # A dead man's improvement rolls lapsed at his death (ruling WC42): none pending for scripts.
        condition=_condition(character),
    )


def _condition(character: Character) -> dict[str, Any] | None:
    if "marks" not in character.condition:
        return None  # as stored
    return {**character.condition, "marks": marks_standing(character)}


def _on_every_roll(character: Character, body: dict[str, Any], e: Env, at: int) -> list[tuple[str, str]]:
    # Ruling WB60: what his wounds and an infection take off every roll he makes (§3.2.7.1 L1980,
    # Table 3.6; §3.2.7.2 L1993), as ``fitness.roll_terms`` puts it on each: the skills above are
    # the sheet's, the rolls are not made at them.
    if body["dead"]:
        return []
    fit = Body(character.name, character.sheet, body, e, at)
    wounds, divisor = wound_penalty(fit), infection_divisor(fit)
    said = [f"{signed(wounds)} for wounds (Table 3.6)"] * bool(wounds)
    said += [f"every skill ÷{divisor} for an infection (§3.2.7.2)"] * (divisor > 1)
    return [("on every roll", ", ".join(said))] if said else []


def _body(world: World, character: Character, e: Env) -> tuple[dict[str, Any], int]:
    # Blood, healing and drink move on between events (condition.project): the current sheet
    # shows them as of the campaign's clock; an older version as it was last settled.
    if world.character(character.name).version == character.version:
        return body_now(world, character), world.campaign.clock
    body = {k: character.condition[k] for k in BODY_KEYS}
    return body, body["settled_at"] if body["settled_at"] is not None else world.campaign.clock


def _training_at(world: World, character: Character, at: int) -> int:
    # The current sheet (or one ``--as-of`` a moment, its condition already brought there) shows
    # the training at the clock, as the body; an older version as its training was last settled.
    if world.character(character.name).version == character.version:
        return at
    settled = character.condition.get("training", {}).get("as_of")
    return at if settled is None else max(at, int(settled))


def _origin(level: int) -> str:
    # §1.5 Table 1.1: a scale of one (the poorest) to five, read with the parents it stands for.
    classes = tables().social_classes
    found = next((c for c in classes if c.level == level), None)
    return f"{level} of {len(classes)}" + (f" (parents: {found.parents}, …)" if found else "")


def _about(s: dict[str, Any]) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = [
        ("sex and age", f"{s['sex']}, {s['age']} years old"),
        ("hand", _HANDS.get(s["handedness"], s["handedness"])),
        ("social origin", _origin(int(s["social_class"]))),
        ("created as", _CREATION.get(s["creation"], s["creation"])),
    ]
    if s["vocations"]:
        rows.append(("favourite groups", joined([group(v).name for v in s["vocations"]])))
    if s["height_cm"] is not None or s["weight_kg"] is not None:
        size = [f"{s['height_cm']} cm"] * (s["height_cm"] is not None) + [f"{s['weight_kg']} kg"] * (s["weight_kg"] is not None)
        rows.append(("height and weight", ", ".join(size)))
    if s["derived"]["carrying_kg"] is not None:
        rows.append(("carries", f"{s['derived']['carrying_kg']} kg"))
    if s["weapons"]:
        rows.append(("weapons", ", ".join(s["weapons"])))
    if s["equipment_value"]:
        rows.append(("equipment worth", f"${s['equipment_value']}"))
    return rows


def _firearms(character: Character) -> list[tuple[str, ...]]:
    # §3.1.5.5, §5.1.3.2: what each revolver, rifle or carbine he carries holds ("4 of 6 loaded"),
    # open once reloaded until it fires (ruling WD34); one that exploded fires no more (WD36).
    rows: list[tuple[str, ...]] = []
    for name in character.sheet["weapons"]:
        gun = weapon(name)
        if gun.firearm:
            held = load(character, gun)
            said = EXPLODED_GUN if held.exploded else load_words(held.loaded, gun.shots) + (", open" if held.open else "")
            rows.append((gun.name, said))
    return rows


def _characteristics(s: dict[str, Any], losses: Mapping[str, int]) -> list[tuple[str, ...]]:
    d = s["derived"]
    values = {**s["characteristics"], "VIT": d["VIT"], "REP": d["REP"]}
    order = [*tables().primary, *tables().secondary]
    return [_characteristic(k, int(values[k]), int(losses.get(k, 0)), d) for k in order if k in values]


def _characteristic(key: str, value: int, lost: int, d: Mapping[str, Any]) -> tuple[str, ...]:
    # Points lost for good (§3.2.9.2, §3.2.7.3, §4.1.3 L2853) are kept on the body, not the
    # sheet: the row gives the value he has now, and the modifier and roll that follow from it
    # (Tables 1.3-1.4), the roll being the one every roll under it is made at (``loss_term``).
    if not lost:
        return (key, str(value), signed(d["modifiers"][key]), f"{d['rolls'][key]}%")
    kept = value - lost
    roll = int(d["rolls"][key]) + loss_term(value, kept)
    return (key, f"{kept} ({value} −{lost} lost for good)", signed(modifier(kept)), f"{roll}%")


def _round(s: dict[str, Any]) -> list[tuple[str, ...]]:
    d = s["derived"]
    # §3.1.2: NAR actions a round, or one action every few rounds for the clumsiest.
    actions = f"{d['nar']} a round" if d["every_rounds"] == 1 else f"one every {d['every_rounds']} rounds"
    return [
        ("actions", actions),
        ("phases", ", ".join(f"{p} (rank {r})" for p, r in zip(d["phases"], d["ranks"], strict=True))),
    ]


def _skills(s: dict[str, Any]) -> tuple[Group, ...]:
    # Chapter 6's order within a group (the catalogue's), a subject after its skill.
    order = {key: place for place, key in enumerate(skills().skills)}
    scores: dict[str, list[tuple[str, int]]] = {}
    for name, score in sorted(s["derived"]["skills"].items(), key=lambda item: (order[fold(skill(item[0]).name)], item[0])):
        scores.setdefault(skill(name).group, []).append((name, score))
    favourite = {group(v).key for v in s["vocations"]}
    out = []
    for key, g in skills().groups.items():
        held = scores.get(key, [])
        shown = tuple((name, str(score)) for name, score in held if score > 0)
        zero = len(held) - len(shown)
        more = ["a favourite group"] * (key in favourite) + [f"{zero} more at 0"] * bool(zero)
        out.append(Group(g.name, shown, "; ".join(more), terms="fr"))
    return tuple(out)


def _locations(body: dict[str, Any], e: Env, at: int) -> list[tuple[str, ...]]:
    conscious = not body["unconscious"]
    # A dead man's body was last settled as he died: his wounds read as they were then.
    died_at = (int(body["settled_at"]) if body["settled_at"] is not None else at) if body["dead"] else None
    rows: list[tuple[str, ...]] = []
    for key, loc in tables().locations.items():
        wound = body["wounds"].get(key)
        if wound is None:
            rows.append((loc.name, f"{e.max_pv[key]} of {e.max_pv[key]}", "unhurt", ""))
            continue
        # The care the wound has had that changes its course, in words (ruling WD23).
        notes = "; ".join(location_notes(wound, key, e, at, conscious, died_at, history=True))
        rows.append((loc.name, f"{pv_of(wound, key, e)} of {e.max_pv[key]}", state_of(wound, key, e).value, notes))
    return rows
