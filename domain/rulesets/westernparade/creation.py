"""The creation constraints of chapter 1 (§1.1-§1.15): character points, characteristic ranges
and relations, vocations, skill budgets and caps, special characters, equipment."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from chronique.domain.errors import RuleViolation, raise_sheet_problems
from chronique.domain.rulesets.westernparade.characteristics import characteristic_cost, handedness_cost, modifier
from chronique.domain.rulesets.westernparade.sheet import GAME, WPSheet
from chronique.domain.rulesets.westernparade.tables import skill, skills, tables
from chronique.domain.text import plural


def character_points_spent(sheet: WPSheet) -> int:
    """Characteristics (Tables 1.2/1.9) + social origin (Table 1.1) + handedness (§1.4)."""
    rolled = sheet.handedness_rolled or "right"
    spent = sum(characteristic_cost(v) for v in sheet.characteristics.values())
    return spent + tables().social_classes[sheet.social_class - 1].cost + handedness_cost(rolled, sheet.handedness)


def check_creation(sheet: WPSheet) -> None:
    """Every creation constraint: :class:`SheetProblems` naming each one the sheet breaks."""
    raise_sheet_problems(GAME, creation_problems(sheet))


def creation_problems(sheet: WPSheet) -> Iterator[str]:
    """Each broken creation constraint, as a message for the player."""
    if sheet.gains or sheet.reputation_gain:
        yield "gains are won in play: a new sheet has none (or is made with creation = free)"
    yield from characteristic_problems(sheet)
    yield from vocation_problems(sheet)
    yield from skill_point_problems(sheet)
    yield from special_problems(sheet)
    yield from equipment_problems(sheet)


def characteristic_problems(sheet: WPSheet) -> Iterator[str]:
    """§1.6.1 L649: range, budget, FOR/END and INT/CHR gaps, APP cap; §1.6.13: EXP ≤ age."""
    rules = sheet.rules
    c = sheet.characteristics
    for name, value in c.items():
        if not rules.minimum <= value <= rules.maximum:
            yield f"{name} {value} is outside {rules.minimum}..{rules.maximum} at creation ({sheet.creation})"
    try:
        spent = character_points_spent(sheet)
    except RuleViolation as error:  # a characteristic beyond the cost tables: named just above
        yield str(error)
    else:
        if spent > rules.character_points:
            yield f"the characteristics, social origin and handedness cost {spent} points; there are {rules.character_points}"
    if abs(c["FOR"] - c["END"]) > 5:
        yield f"FOR {c['FOR']} and END {c['END']} are more than 5 apart (§1.6.1)"
    if abs(c["INT"] - c["CHR"]) > 5:
        yield f"INT {c['INT']} and CHR {c['CHR']} are more than 5 apart (§1.6.1)"
    # APP ≤ 1.5 x mean(FOR, END) for men, of (AGI, CHR) for women: 4 APP ≤ 3 (a + b).
    a, b = ("FOR", "END") if sheet.sex == "male" else ("AGI", "CHR")
    if 4 * c["APP"] > 3 * (c[a] + c[b]):
        yield f"APP {c['APP']} exceeds 1.5 times the mean of {a} and {b} (§1.6.1)"
    if c["EXP"] > sheet.age:
        yield f"EXP {c['EXP']} exceeds the age {sheet.age} (§1.6.13)"


def vocation_problems(sheet: WPSheet) -> Iterator[str]:
    """Table 1.1: 1 to the social origin's number of favourite groups; a special character's
    favourite group is imposed (§1.12)."""
    allowed = tables().social_classes[sheet.social_class - 1].vocations
    if not 1 <= len(sheet.vocations) <= allowed:
        yield f"social origin {sheet.social_class} gives {plural(allowed, 'favourite group')}; the sheet names {len(sheet.vocations)}"
    if sheet.special is not None:
        imposed = tables().specials[sheet.special].vocation
        if imposed and imposed not in sheet.vocations:
            yield f"a {sheet.special} has {skills().groups[imposed].name} as favourite group (§1.12)"


def _positive_exp(sheet: WPSheet) -> int:
    return max(0, modifier(sheet.characteristics["EXP"]))


def skill_point_problems(sheet: WPSheet) -> Iterator[str]:
    """§1.11 L964 and §1.15.4: the general pool and its per-skill cap; each favourite group's
    Table 1.7/1.10 allotment and cap; the +10/+5 per positive mEXP point spread over at least
    three skills (§1.6.13); the culture-générale points of Table 1.1 (§1.5)."""
    t = tables()
    rules = sheet.rules
    catalogue = skills()
    m_exp = _positive_exp(sheet)
    general_pool = (rules.doctor_general_points if sheet.special == "doctor" else rules.general_points) + t.experience_general * m_exp
    spent = sum(sheet.points.general.values())
    if spent > general_pool:
        yield f"{spent} general skill points are spent; there are {general_pool}"
    raised = t.specials[sheet.special].raised_cap_groups if sheet.special else ()
    for name, points in sheet.points.general.items():
        cap = rules.elite_max if skill(name).group in raised else rules.general_max
        if points > cap:
            yield f"{points} general points in {name}; at most {cap} per skill"
    experienced = sheet.creation != "beginner"
    per_group: dict[str, int] = defaultdict(int)
    for name, points in sheet.points.vocation.items():
        key = skill(name).group
        if key not in sheet.vocations:
            yield f"{name} is not in a favourite group of the sheet"
            continue
        g = catalogue.groups[key]
        cap = g.exp_max if experienced else g.max
        if points > cap:
            yield f"{points} favourite-group points in {name}; {g.name} allows {cap} per skill"
        per_group[key] += points
    for key, points in per_group.items():
        g = catalogue.groups[key]
        # PROPOSAL digest §9 item 33: each favourite group gets its own allotment (and mEXP bonus).
        pool = (g.exp_points if experienced else g.points) + t.experience_vocation * m_exp
        if points > pool:
            yield f"{points} points are spent in {g.name}; the favourite group gives {pool}"
    if m_exp:
        for pool_name, allotment in (("general", sheet.points.general), ("favourite-group", sheet.points.vocation)):
            if allotment and len([p for p in allotment.values() if p]) < t.experience_spread:
                yield f"the {pool_name} points of a positive mEXP go into at least {t.experience_spread} skills (§1.6.13)"
    culture = t.social_classes[sheet.social_class - 1].culture_points
    for name in sheet.points.culture:
        if skill(name).group != "culture-generale":
            yield f"{name} is not a culture-générale skill: the social origin's points go there (§1.5)"
    if sum(sheet.points.culture.values()) > culture:
        yield f"{sum(sheet.points.culture.values())} culture points are spent; social origin {sheet.social_class} gives {culture}"


def special_problems(sheet: WPSheet) -> Iterator[str]:
    """§1.12: reserved skills, forbidden groups, the elite soldier's minima, no firearms for a
    martial artist."""
    bought = sorted(n for n in sheet.points.names() if sheet.points.total(n) > 0)
    yield from filter(None, (reserved_problem(sheet.special, name) for name in bought))
    if sheet.special is None:
        return
    for name, least in tables().specials[sheet.special].minimum.items():
        if sheet.characteristics[name] < least:
            yield f"a {sheet.special} has {name} of at least {least} (§1.12.3)"
    yield from filter(None, (barred_problem(sheet.special, name) for name in bought))


def reserved_problem(special: str | None, name: str) -> str | None:
    """Why a character (``special``: which special character he is, §1.12, or None) may not put
    points in the skill ``name`` reserved to another (Chimie and Chirurgie to the doctor,
    §1.12.1 L1029; Kobudo to the samurai, L1096...), at creation or in training; None if he may."""
    catalogue = skills()
    reserved = ((catalogue.doctor_only, "doctor"), (catalogue.martial_artist_only, "martial-artist"), (catalogue.samurai_only, "samurai"))
    who = next((who for names, who in reserved if name in names), None)
    return f"only a {who} may put points in {name} (§1.12)" if who is not None and special != who else None


def barred_problem(special: str | None, name: str) -> str | None:
    """Why a special character (§1.12) may not put points in the skill ``name``: a group his kind
    may not choose, or a firearm for the martial artist (§1.12.4); None if he may."""
    if special is None:
        return None
    rules, catalogue = tables().specials[special], skills()
    group = skill(name).group
    if group in rules.forbidden_groups:
        return f"a {special} puts no points in {catalogue.groups[group].name} ({name}, §1.12)"
    if rules.no_firearms and name in catalogue.firearms:
        return f"a {special} puts no points in a firearm skill ({name}, §1.12.4)"
    return None


def equipment_problems(sheet: WPSheet) -> Iterator[str]:
    """§1.13: the gear's new value within Table 1.8 (1.11 for experienced characters); every
    weapon is one of chapter 5."""
    from chronique.domain.rulesets.westernparade.combat import weapon

    cap = sheet.rules.equipment[sheet.social_class - 1]
    if sheet.equipment_value > cap:
        yield f"the equipment is worth ${sheet.equipment_value}; social origin {sheet.social_class} allows ${cap}"
    for name in sheet.weapons:
        try:
            weapon(name)
        except RuleViolation as error:
            yield str(error)
