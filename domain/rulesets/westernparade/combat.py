"""Combat rules of chapter 3 (L1560-L2800) as pure functions over the data of ``tables.toml``:
action phases and defence timing, weapons (chapter 5), firearm to-hit modifiers and hit
locations (coarse and precise aims), fixed damage with the critical 1d6cum and the bullet's
pass-through, shotgun pellets, melee lengths and locations, Table 3.3, unarmed blows, cover
armour. Dice come in through a ``ChanceStream``; nothing here records anything."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from chronique.domain.chance import ChanceStream
from chronique.domain.errors import RuleViolation
from chronique.domain.names import find
from chronique.domain.rulesets.westernparade.resolution import (
    CATA_F,
    CRIT_F,
    CRIT_S,
    EXTRA,
    NORM_F,
    NORM_S,
    RollOutcome,
    limits,
    rank,
    roll,
)
from chronique.domain.rulesets.westernparade.tables import location, tables
from chronique.domain.text import fold, plural, quoted

PROXIMITIES = ("very-close", "close", "far", "very-far")
BANDS = ("point-blank", "short", "medium", "long")


def _combat() -> Mapping[str, Any]:
    combat: Mapping[str, Any] = tables().raw["combat"]
    return combat


# -- weapons (chapter 5) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    """A weapon of Tables 5.1-5.7: kind (handgun, long, machine-gun, melee, bow), strength for
    one/two hands, ranges (m), speed (phases), rate of fire, fixed damage or damage by column
    (slash/thrust/blunt), length, shots it holds and how it is loaded (the tables' "Charg.":
    ``norm.``, ``brkp``, ``c&b``...), year, price."""

    name: str
    table: str
    kind: str
    ranges: tuple[int, ...]
    speed: int = 0
    rate: int = 1
    damage: int = 0
    columns: Mapping[str, int] = field(default_factory=dict)
    length: int | None = None
    str_one: int | None = None
    str_two: int | None = None
    shots: int = 0
    shotgun: bool = False
    loading: str = ""
    year: int | None = None
    price: int | None = None

    @property
    def firearm(self) -> bool:
        """Fired with Armes de poing / Tir au fusil (handguns and long guns)."""
        return self.kind in ("handgun", "long")

    @property
    def skill(self) -> str:
        """The to-hit skill (§3.3.1): handguns Armes de poing, long guns Tir au fusil."""
        return {
            "handgun": "Armes de poing",
            "long": "Tir au fusil/à la carabine",
            "machine-gun": "Mitrailleuses",
            "bow": "Tir à l'arc",
        }.get(self.kind, "Lancer")


@cache
def weapons() -> Mapping[str, Weapon]:
    """Every weapon of chapter 5, by folded name."""
    out: dict[str, Weapon] = {}
    for name, w in tables().raw["weapons"].items():
        damage = w.get("damage", 0)
        out[fold(name)] = Weapon(
            name=name,
            table=w["table"],
            kind=w["kind"],
            ranges=tuple(w.get("ranges", ())),
            speed=w.get("speed", 0),
            rate=w.get("rate", 1),
            damage=damage if isinstance(damage, int) else 0,
            columns=dict(damage) if isinstance(damage, dict) else {},
            length=w.get("length"),
            str_one=w.get("str_one"),
            str_two=w.get("str_two"),
            shots=w.get("shots", 0),
            shotgun=w.get("shotgun", False),
            loading=w.get("loading", ""),
            year=w.get("year"),
            price=w.get("price"),
        )
    return out


def weapon(name: str, first: Collection[str] = ()) -> Weapon:
    """The chapter-5 weapon called ``name``; RuleViolation if unknown, offering the weapons named
    in ``first`` (those a character carries) before the others."""
    found = weapons().get(fold(name))
    if found is None:
        found = find(name, [(w.name, w) for w in weapons().values()], "weapon", where="the tables of chapter 5", first=first)
    return found


# -- ammunition, reloading and rapid fire (§3.1.5.5, §3.3.4, §3.3.5) ------------------------

# How a shot is fired: one shot with acceptable precision at the shooter's rank ("normal", §3.3.5
# L2297), a rank earlier at the cost of precision ("fast", §3.3.4), or several quick shots up to
# the weapon's rate of fire ("rapid", §3.3.5).
SHOT_MODES = ("normal", "fast", "rapid")


def black_powder(w: Weapon) -> bool:
    """Whether the weapon is loaded the old way, a ball, powder and a cap in each chamber
    (§5.1.1 L2958: the tables' ``c&b`` and flintlock ``silex``)."""
    return any(code in _combat()["reload"]["black_powder"] for code in w.loading.split())


def reloadable(w: Weapon, in_a_fight: bool) -> None:
    """Refuse a reload the journal does not keep: a black-powder gun's in a fight, where it takes
    several minutes (§3.1.5.5 L1648, ruling WD33); a machine gun's or a bow's, which keep no count
    here (ruling WD35; a shotgun's cartridges are counted, ruling WD39)."""
    if not w.firearm:
        raise RuleViolation(f"the journal counts the cartridges of revolvers, rifles, carbines and shotguns only, not of the {w.name}")
    if black_powder(w) and in_a_fight:
        raise RuleViolation(
            f"the {w.name} is loaded the old way: a ball, powder and a cap in each chamber take minutes, not a fight's actions"
            " (§3.1.5.5): reload it out of the fight, with `--out-of-fight`"
        )


def cartridges_per_action(m_vit: int, opened: bool) -> int:
    """§3.1.5.5 L1649-L1650: the cartridges one action of reloading puts in a gun: 1 + mVIT
    when it is closed (a negative mVIT only opens it: none), 2 + mVIT when it is open, and at
    least one then."""
    r = _combat()["reload"]
    if opened:
        return max(int(r["open_least"]), int(r["open"]) + m_vit)
    return int(r["closed"]) + m_vit if m_vit >= 0 else 0


@dataclass(frozen=True)
class Load:
    """What a firearm holds (§3.1.5.5): the cartridges loaded, and whether it stands open; or
    that it exploded in its shooter's hands (§3.3.1 L2146, ruling WD36)."""

    loaded: int
    open: bool = False
    exploded: bool = False


@dataclass(frozen=True)
class Reload:
    """A reload worked out (§3.1.5.5): the weapon, the cartridges put in, the load after it (the
    gun left open: ruling WD34)."""

    weapon: str
    cartridges: int
    loaded: int


def reloading(w: Weapon, m_vit: int, loaded: int, opened: bool, actions: int | None, cartridges: int | None = None) -> Reload:
    """``actions`` actions of reloading ``w`` in a fight (§3.1.5.5), holding ``loaded`` and
    ``opened`` or not: the first action as the gun is, the next ones with it open; None out of a
    fight, taking the minutes it needs (ruling WD33). ``cartridges`` the table says (None: as many
    as the actions allow and the gun holds). Refused beyond either."""
    reloadable(w, actions is not None)
    if actions is not None and actions < 1:
        raise RuleViolation("a reload takes one action or more")
    room = w.shots - loaded
    if not room:
        raise RuleViolation(f"the {w.name} is full: {loaded} of {w.shots} loaded")
    if actions is None:
        allowed = room
    else:
        allowed = cartridges_per_action(m_vit, opened) + (actions - 1) * cartridges_per_action(m_vit, True)
    put = min(room, allowed) if cartridges is None else cartridges
    if put < 0:
        raise RuleViolation("a reload puts in no cartridges or some, not fewer")
    if put > room:
        raise RuleViolation(f"the {w.name} holds {w.shots} cartridges and has {loaded} loaded: room for {room}, not {put}")
    if put > allowed:  # only a fight's actions allow fewer than the room (none counted out of one)
        raise RuleViolation(
            f"{plural(actions or 0, 'action')} of reloading put at most {plural(allowed, 'cartridge')} in the {w.name}, not {put}"
            f" (§3.1.5.5: 1 + mVIT into a closed gun, 2 + mVIT into an open one; mVIT {m_vit:+d})"
        )
    return Reload(w.name, put, loaded + put)


def volley(w: Weapon, shots: int) -> int:
    """§3.3.5 L2297: rapid fire is several quick shots, at most the weapon's rate of fire
    (chapter 5, "CDT"); the number of shots, refused beyond."""
    if w.rate < 2:
        raise RuleViolation(f"the {w.name} fires one shot at a rank (its rate of fire, §3.3.5): no rapid fire")
    if not 2 <= shots <= w.rate:
        allowed = "2 shots" if w.rate == 2 else f"2 to {w.rate} shots"
        raise RuleViolation(f"rapid fire with the {w.name} is {allowed} (its rate of fire, §3.3.5), not {shots}")
    return shots


# -- rounds, phases, defence (§3.1) ----------------------------------------------------------


def draw_and_slash(length: int) -> int:
    """§3.1.5.4: drawing a blade and striking in the same action: -(10 x length + 10)%."""
    c = _combat()
    return int(c["draw_and_slash_per_length"]) * length + int(c["draw_and_slash_base"])


def defence_modifier(attack_rank: int, own_rank: int, held: bool = False) -> int:
    """§3.1.6 L1700: a defence out of turn costs -10% per rank between the attack and the
    defender's next action rank (which it consumes); an action held in reserve for defence since
    ``own_rank`` gives +10% per rank waited."""
    per = int(_combat()["defence_per_rank"])
    if held:
        if own_rank < attack_rank:
            raise RuleViolation("an action held for defence was held before the attack's rank")
        return per * (own_rank - attack_rank)
    if own_rank > attack_rank:
        raise RuleViolation("a defender who acts before the attack defends in turn, at no malus")
    return -per * (attack_rank - own_rank)


def length_modifier(longer: int, shorter: int) -> int:
    """§3.4.2 L2440: 10% per length of difference, bonus to the longer, malus to the shorter."""
    return int(_combat()["length_step"]) * abs(longer - shorter)


def machine_gun_split(shots: int, ranks: int) -> list[int]:
    """§6.6.4 L3529: a round's shots spread over the gunner's action ranks; floor(N / R) each and
    one more to the first N mod R ranks (digest §9 item 39)."""
    if ranks < 1:
        raise RuleViolation("a gunner fires at one action rank at least")
    each, extra = divmod(shots, ranks)
    return [each + (1 if i < extra else 0) for i in range(ranks)]


def throw_ranges(strength: int, mass_kg: int = 1) -> list[int]:
    """§6.6.3 L3498: a 1 kg object: point-blank ceil(FOR/2), short FOR, medium 2 FOR, long
    4 FOR metres; the ranges halve with each doubling of mass."""
    factor = 2 ** max(0, math.floor(math.log2(mass_kg))) if mass_kg >= 1 else 1
    base = [math.ceil(strength / 2), strength, 2 * strength, 4 * strength]
    return [math.ceil(r / factor) for r in base]


def assassination_chance(attack: int, assassinat: int, anatomy: int) -> int:
    """§6.7.3 L3615: the mean of the attack chance (after its modifiers), Assassinat and
    Connaissance de l'anatomie, rounded down."""
    return (attack + assassinat + anatomy) // 3


# -- aiming and locations (§3.3.2) -----------------------------------------------------------


def proximity(distance_m: int, m_acv: int) -> str:
    """§3.3.2 L2262: very close ≤ 10 + 3 mACV m, close ≤ 25 + 5 mACV, far ≤ 50 + 10 mACV."""
    for band in tables().raw["proximity"]:
        if "base" not in band or distance_m <= band["base"] + band["per_acv"] * m_acv:
            return str(band["name"])
    raise AssertionError("unreachable: the last band is open")


def range_band(w: Weapon, distance_m: int) -> str:
    """The weapon's range band at this distance (Table 3.15 columns); RuleViolation beyond."""
    for name, reach in zip(BANDS, w.ranges, strict=False):
        if distance_m <= reach:
            return name
    raise RuleViolation(f"{w.name} does not reach {distance_m} m (long range {w.ranges[-1] if w.ranges else 0} m)")


@dataclass(frozen=True)
class Aim:
    """An aimed location (§3.3.2): ``coarse`` (upper/lower body) or ``precise`` (Table 3.13 key,
    with a side for limbs), or none."""

    kind: str = "none"
    target: str = ""
    side: str | None = None

    @property
    def label(self) -> str:
        """The aim as written: none, upper, lower, head, left-arm..."""
        if self.kind == "none":
            return "none"
        return f"{self.side}-{self.target}" if self.side else self.target


def aims() -> list[str]:
    """Every aim :func:`parse_aim` takes as written: none, a coarse half of the body, or a Table
    3.13 target, sided where the body has two (``left-arm``, ``heart``)."""
    precise = tables().raw["precise"]
    sided = [aim for name, t in precise.items() for aim in ((f"left-{name}", f"right-{name}") if t.get("sided") else (name,))]
    return ["none", *tables().raw["coarse"], *sided]


def parse_aim(text: str | None) -> Aim:
    """``none``, ``upper``/``lower`` (coarse) or a Table 3.13 target (``head``, ``torso``,
    ``left-arm``, ``right-thigh``, ``heart``...); a location id that one precise target always
    hits names that target (``chest``: heart, ``abdomen``: belly, ``left-flank``: left hip)."""
    if text is None or fold(text) in ("", "none"):
        return Aim()
    key = fold(text)
    if key in tables().raw["coarse"]:
        return Aim("coarse", key)
    precise = tables().raw["precise"]
    side = None
    for prefix in ("left-", "right-"):
        if key.startswith(prefix):
            side, key = prefix[:-1], key[len(prefix) :]
    # Table 3.14: a target with a single sub-roll row always hits that location (heart: chest).
    hits = [(str(t["table"][0][1]), name) for name, t in precise.items() if len(t["table"]) == 1]
    key = find(key, [*((name, name) for name in ("none", *tables().raw["coarse"], *precise)), *hits], "aim target")
    if key == "none" or key in tables().raw["coarse"]:
        raise RuleViolation(f"aim at {key}, without a side, not {quoted(text)}")
    if precise[key].get("sided", False) != (side is not None):
        raise RuleViolation(f"aim at {'left- or right-' + key if precise[key].get('sided') else key}, not {quoted(text)}")
    return Aim("precise", key, side)


# Refusals say a proximity band (§3.3.2) and a cover (Table 3.19) in words, not as their ids
# ("very-far", "full covered"; ruling WD25).
_COVER_WORDS = {"quarter": "25 to 50% under cover", "half": "51 to 75% under cover", "full": "76% or more under cover"}


def _proximity_words(name: str) -> str:
    # The band's name as §3.3.2 says it: "very far proximity".
    return f"{name.replace('-', ' ')} proximity"


def _aim_words(aim: Aim) -> str:
    # "the upper body" (Table 3.11), "the head", "the left arm" (Table 3.13).
    if aim.kind == "coarse":
        return f"the {aim.target} body"
    return f"the {aim.side + ' ' if aim.side else ''}{aim.target.replace('-', ' ')}"


def aim_penalty(aim: Aim, proximity_name: str) -> int:
    """Tables 3.11 / 3.13: the to-hit malus of an aimed location at this proximity;
    RuleViolation where the table says impossible."""
    if aim.kind == "none":
        return 0
    row = tables().raw[aim.kind][aim.target]["penalty"]
    index = PROXIMITIES.index(proximity_name)
    if index >= len(row):
        raise RuleViolation(f"aiming at {_aim_words(aim)} is impossible at {_proximity_words(proximity_name)} (Tables 3.11, 3.13)")
    return int(row[index])


def _lookup(table: Sequence[Sequence[Any]], roll: int) -> str:
    for top, name in ((int(r[-1]), str(r[0])) if isinstance(r[0], str) else (int(r[0]), str(r[1])) for r in table):
        if roll <= top:
            return name
    raise AssertionError(f"roll {roll} beyond the table")


@dataclass(frozen=True)
class Located:
    """Where a hit landed: the location, the table used and its dice."""

    location: str
    table: str
    dice: tuple[int, ...]


def hit_location(stream: ChanceStream, aim: Aim, d100: bool = False) -> Located:
    """The location hit (§3.3.1): Table 3.10 (d30, or d100) without aim; Table 3.12 (d20) after
    a coarse aim; Table 3.14 after a precise one (its sub-roll, if any)."""
    if aim.kind == "none":
        sides = 100 if d100 else 30
        face = stream.die(sides)
        rows = _combat()["general_locations"]
        column = 2 if d100 else 1
        return Located(next(r[0] for r in rows if face <= r[column]), f"3.10 d{sides}", (face,))
    if aim.kind == "coarse":
        entry = tables().raw["coarse"][aim.target]
        face = stream.die(int(entry["die"]))
        return Located(_lookup(entry["table"], face), f"3.12 {aim.target}", (face,))
    entry = tables().raw["precise"][aim.target]
    die = int(entry.get("die", 0))
    face = stream.die(die) if die else 1
    part = _lookup(entry["table"], face)
    where = f"{aim.side}-{part}" if aim.side else part
    return Located(location(where).key, f"3.14 {aim.label}", (face,) if die else ())


def stray(stream: ChanceStream) -> tuple[str, int]:
    """Table 3.9 L2134: the direction (N, NE, ... NW) a missing bullet takes, and its d8."""
    face = stream.die(8)
    return str(_combat()["stray"][face - 1]), face


def cumulative_d6(stream: ChanceStream) -> list[int]:
    """1d6cum (footnote 11, L2168): roll again and add while a 6 comes up."""
    sides = int(_combat()["critical_die"])
    faces = [stream.die(sides)]
    while faces[-1] == sides:
        faces.append(stream.die(sides))
    return faces


# -- firearms (§3.3) -------------------------------------------------------------------------


@dataclass(frozen=True)
class ShotSetup:
    """The table's account of a shot (Tables 3.15-3.20): distance, movements, the target's
    posture and cover, aim action, bracing, wrong hand, other GM modifiers; ``mode`` one of
    :data:`SHOT_MODES` (§3.3.4, §3.3.5); for a shotgun the ``cartridge``'s pellets (§3.6.1.2)
    and the ``barrel`` (2: the second of two fired together, §3.6.1.8)."""

    distance_m: int
    aim: Aim = field(default_factory=Aim)
    mode: str = "normal"
    shooter_moving: str = "still"
    target_moving: str = "still"
    toward: bool = False
    posture: str = "standing"
    cover: str = "none"
    aimed: bool = False
    braced: bool = False
    wrong_hand: bool = False
    two_hands: bool = True
    extra: Mapping[str, int] = field(default_factory=dict)
    barrel: int = 1
    cartridge: int | None = None


# A mode's term in the chance (its key in tables.toml [combat]), its name in a sentence, its section.
_MODES = {"fast": ("fast shot", "a fast shot", "§3.3.4"), "rapid": ("rapid fire", "rapid fire", "§3.3.5")}


def mode_term(mode: str) -> tuple[str, int] | None:
    """The term a shot's mode adds to its chance: ("fast shot", -40) for speed over precision
    (§3.3.4), ("rapid fire", -40) for each quick shot (§3.3.5); None for a normal shot."""
    if mode == "normal":
        return None
    label = _MODES[mode][0]
    return label, int(_combat()[label.replace(" ", "_")])


# §3.6.1.8 L2723: the label of the second barrel's malus in a shot's chance.
SECOND_BARREL = "second barrel"


def second_barrel() -> int:
    """§3.6.1.8 L2723: the second of two barrels fired together bears -25% to hit."""
    return int(tables().raw["shotgun_barrels"]["second"])


def firing_skill(w: Weapon, distance_m: int) -> str:
    """The skill a shot is rolled under (§3.3.1): the weapon's own, but for a shotgun Armes de
    poing at point-blank and the rifle's at short range (§3.6.1.1 L2633)."""
    if w.shotgun:
        return str(tables().raw["shotgun_range"][range_band(w, distance_m)]["skill"])
    return w.skill


def _row(table: str, key: str) -> Any:
    rows = tables().raw[table]
    found = rows.get(fold(key))
    if found is None:
        raise RuleViolation(f"{table.replace('_', ' ')} is one of {', '.join(rows)}, not {quoted(key)}")
    return found


def shot_terms(skill: str, score: int, w: Weapon, setup: ShotSetup, strength: int, m_acv: int) -> dict[str, int]:
    """The to-hit chance's terms (§3.3): the skill, range (3.15), movements (3.16-3.17, halved
    when moving toward each other), the target's posture or cover, whichever hurts most (3.18/
    3.19), aim (+20), bracing (+10), wrong hand (-20), the aimed location (3.11/3.13), missing
    strength (-10% a point, §3.3.3), a fast shot's or rapid fire's -40% (§3.3.4, §3.3.5: no
    aimed location then), and the GM's extras."""
    if setup.mode not in SHOT_MODES:
        raise RuleViolation(f"a shot is {', '.join(SHOT_MODES)}, not {quoted(setup.mode)}")
    if setup.mode != "normal" and setup.aim.kind != "none":
        # §3.3.4 L2291, §3.3.5 L2302: no location, "même grossière", when speed or quantity wins.
        _, said, section = _MODES[setup.mode]
        raise RuleViolation(f"no aimed location in {said} ({section}), not {_aim_words(setup.aim)}")
    near = proximity(setup.distance_m, m_acv)
    index = PROXIMITIES.index(near)
    band = range_band(w, setup.distance_m)
    if w.shotgun and band != "point-blank" and setup.aim.kind != "none":
        # §3.6.1.1 L2629: "Aucune tentative de localisation n'est possible à portée courte."
        raise RuleViolation(f"a shotgun aims at no location at short range (§3.6.1.1), not at {_aim_words(setup.aim)}")
    shotgun_range = tables().raw["shotgun_range"]
    terms = {skill: score, "range": int(shotgun_range[band]["modifier"] if w.shotgun else _row("range_modifier", band))}
    for label, table, moving in (
        ("shooter moving", "shooter_moving", setup.shooter_moving),
        ("target moving", "target_moving", setup.target_moving),
    ):
        value = int(_row(table, moving))
        terms[label] = -(-value // 2) if setup.toward else value  # halved, rounded toward 0
    posture = list(_row("posture", setup.posture))
    cover = list(_row("cover", setup.cover))
    if index >= len(cover):
        covered = _COVER_WORDS.get(setup.cover, setup.cover)
        raise RuleViolation(f"a target {covered} cannot be shot at {_proximity_words(near)} (Table 3.19)")
    terms["posture/cover"] = min(posture[index], cover[index])  # not cumulative: the worse for the shooter
    if setup.aimed:
        terms["aim"] = int(_combat()["aim_bonus"])
    if setup.braced:
        terms["braced"] = 10
    if setup.wrong_hand:
        terms["wrong hand"] = -20
    terms["location"] = aim_penalty(setup.aim, near)
    term = mode_term(setup.mode)
    if term is not None:
        terms[term[0]] = term[1]
    if setup.barrel == 2:
        terms[SECOND_BARREL] = second_barrel()
    missing = missing_strength(w, strength, setup.two_hands)
    if missing:
        terms["strength"] = -10 * missing
    terms |= dict(setup.extra)
    return {k: v for k, v in terms.items() if v or k == skill}


@dataclass(frozen=True)
class Damage:
    """Damage dealt: the weapon's base, the critical's 1d6cum faces, the exit 1d6cum of a bullet
    that passed through, and the total."""

    base: int
    critical: tuple[int, ...] = ()
    exit: tuple[int, ...] = ()
    pass_through: bool = False

    @property
    def total(self) -> int:
        """Base + critical + exit damage."""
        return self.base + sum(self.critical) + sum(self.exit)

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "base": self.base,
            "critical": list(self.critical),
            "exit": list(self.exit),
            "pass_through": self.pass_through,
            "total": self.total,
        }


def adds_critical_die(outcome: RollOutcome) -> bool:
    """§3.3.1 L2160: whether a hit adds the critical 1d6cum: a critical success or better, at a
    chance of 20% or more."""
    return outcome.chance >= limits().criticals_from and rank(outcome.quality) >= rank(CRIT_S)


def bullet_damage(stream: ChanceStream, outcome: RollOutcome, base: int) -> Damage:
    """§3.3.1 L2160: the weapon's fixed damage; a critical success (or better) adds 1d6cum; the
    bullet passes through when the roll is ≤ 10% of the chance or below the damage dealt, adding
    an exit 1d6cum (digest §9 item 16); no critical nor pass-through below a 20% chance."""
    if not outcome.success:
        raise RuleViolation("a missed shot deals no damage")
    crits = outcome.chance >= limits().criticals_from
    critical = tuple(cumulative_d6(stream)) if adds_critical_die(outcome) else ()
    through = crits and (outcome.quality == EXTRA or outcome.total < base + sum(critical))
    exit_faces = tuple(cumulative_d6(stream)) if through else ()
    return Damage(base, critical, exit_faces, through)


@dataclass(frozen=True)
class StrayHit:
    """A missed bullet that hit the bystander in its path (§3.3.1 L2134): where it landed (Table
    3.10, as an unaimed shot) and its damage."""

    located: Located
    damage: Damage

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "location": self.located.location,
            "location_table": self.located.table,
            "location_dice": list(self.located.dice),
            "damage": self.damage.to_dict(),
        }


def stray_hit(stream: ChanceStream, outcome: RollOutcome, base: int, d100: bool = False) -> StrayHit:
    """§3.3.1 L2134: a missed bullet reaching an innocent deals the weapon's normal damage in a
    random location (Table 3.10's d30, or d100); on a critical failure 1d6cum more (ruling
    WA17: nothing else of a hit's reading, no pass-through)."""
    if outcome.success or outcome.quality == CATA_F:
        raise RuleViolation("only a bullet that missed, from a gun that did not explode, strays")
    located = hit_location(stream, Aim(), d100)
    critical = tuple(cumulative_d6(stream)) if outcome.quality == CRIT_F else ()
    return StrayHit(located, Damage(base, critical))


def weapon_hand(handedness: str, wrong_hand: bool = False) -> str:
    """The hand holding the weapon: the side of the character's hand, right for the ambidextrous
    (ruling WD3), the other one when he fires with the wrong hand (Table 3.20)."""
    own = "left" if handedness == "left" else "right"
    return ("right" if own == "left" else "left") if wrong_hand else own


def missing_strength(w: Weapon, strength: int, two_hands: bool) -> int:
    """The FOR points the shooter lacks to hold the weapon (§3.3.3 L2281; its one- or two-handed
    strength of chapter 5), 0 when he has enough."""
    needed = w.str_two if two_hands else w.str_one
    return max(0, needed - strength) if needed is not None else 0


@dataclass(frozen=True)
class Hurt:
    """Damage a shot does to its own shooter: where, and how much."""

    location: str
    damage: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {"location": self.location, "damage": self.damage}


def gun_explodes(w: Weapon, outcome: RollOutcome, hand: str) -> Hurt | None:
    """§3.3.1 L2146: on a catastrophic failure the gun explodes in the shooter's hands: the
    weapon's normal damage to the hand holding a handgun, to the head for a rifle or a carbine
    (and no bullet flies astray). None on any other result."""
    if outcome.quality != CATA_F:
        return None
    return Hurt(f"{hand}-hand" if w.kind == "handgun" else "head", w.damage)


@dataclass(frozen=True)
class Recoil:
    """The recoil of a weapon too strong for its shooter (§3.3.3 L2285): the chance it hurts, the
    plain d100 rolled against it (None when the chance is 100% or more: no roll), where it
    strikes and the damage it dealt (0 when the roll spared him)."""

    chance: int
    roll: int | None
    location: str
    damage: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {"chance": self.chance, "roll": self.roll, "location": self.location, "damage": self.damage}


def recoil(stream: ChanceStream, w: Weapon, outcome: RollOutcome, hand: str, missing: int) -> Recoil | None:
    """§3.3.3 L2285-L2291: per missing FOR point a 10% chance that the recoil deals 1 damage to
    the hand holding a pistol, to the shoulder on that side for a long gun; the chance doubled on
    a critical failure, tripled with 2 damage on a catastrophic one. A plain d100 (ruling WA14),
    not rolled when the chance reaches 100%. None when no strength is missing."""
    if missing <= 0:
        return None
    data = _combat()["recoil"]
    factor = int(data["factor"].get(outcome.quality, 1))
    chance = int(data["per_point"]) * missing * factor
    damage = int(data["catastrophic_damage"]) if outcome.quality == CATA_F else int(data["damage"])
    where = f"{hand}-hand" if w.kind == "handgun" else f"{hand}-shoulder"
    face = stream.die(100) if chance < 100 else None
    return Recoil(chance, face, where, damage if face is None or face <= chance else 0)


@dataclass(frozen=True)
class Pellets:
    """Shotgun pellets (§3.6.1.5): how many reach the main target and the stray groups."""

    on_target: int
    dice: tuple[int, ...]
    groups: tuple[int, ...]


def shotgun_pellets(stream: ChanceStream, cartridge: int, band: str, outcome: RollOutcome) -> Pellets:
    """Tables 3.25 / 3.26: pellets on the main target by result and range (point-blank or
    short), at least one on a hit, never more than the cartridge; the rest fly in stray groups
    of 1/2/4/8 pellets (4-0/8-0/16-0/32-0)."""
    data = tables().raw["shotgun"].get(str(cartridge))
    if data is None:
        raise RuleViolation(f"shotgun cartridges are 4-0, 8-0, 16-0 or 32-0, not {cartridge}")
    if band not in ("point-blank", "short"):
        raise RuleViolation("a shotgun fires at point-blank or short range only")
    row = {EXTRA: "extra", CRIT_S: "crit", NORM_S: "hit"}.get(outcome.quality, "miss")
    count, modifier = data[band][row]
    faces = tuple(stream.die(cartridge // count) for _ in range(count)) if count else ()
    hits = max(0, min(cartridge, sum(faces) + modifier)) if count else 0
    if outcome.success:
        hits = max(1, hits)
    rest = cartridge - hits
    size = int(data["per_stray"])
    groups = tuple(min(size, rest - i) for i in range(0, rest, size))
    return Pellets(hits, faces, groups)


def cartridge(text: str | int) -> int:
    """The pellets of a cartridge as the table names it (§3.6.1.2): "8-0", "8.0", "8"; refused
    unless 4-0, 8-0, 16-0 or 32-0."""
    head = str(text).strip().replace(".", "-").split("-")[0]
    if head.isdigit() and head in tables().raw["shotgun"]:
        return int(head)
    raise RuleViolation(f"shotgun cartridges are 4-0, 8-0, 16-0 or 32-0 (§3.6.1.2), not {quoted(str(text))}")


def pellet_damage(pellets: int) -> int:
    """§3.6.1.3: the damage of one pellet of a cartridge of ``pellets``: 4, 3, 2, 1."""
    return int(tables().raw["shotgun"][str(cartridge(pellets))]["damage"])


@dataclass(frozen=True)
class StrayGroup:
    """A group of pellets that missed the main target (§3.6.1.5 L2697): its Table 3.9 direction
    and d8, and where it landed on the target at point-blank (None: lost, ruling WA5)."""

    pellets: int
    direction: str
    face: int
    landed: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {"pellets": self.pellets, "direction": self.direction, "face": self.face, "landed": self.landed}


@dataclass(frozen=True)
class Blast:
    """What a shotgun's charge did (§3.6.1.5-§3.6.1.7): the pellets on the main target (Tables
    3.25/3.26 and their dice), where they landed (one location at point-blank, one per pellet at
    short range), the stray groups; on a miss that still put pellets in him, the target's luck
    roll (``grazed`` when it won: the charge only brushed him); on a miss with none, the one
    Table 3.9 roll of the whole charge (``stray``); a misfire (CRIT_F, §3.6.1.6) fires nothing; a
    catastrophic failure (§3.6.1.7) puts a hit's pellets in the shooter's upper body
    (``exploded``). ``wounds``: pellets by location hit, each one wound (digest A43)."""

    cartridge: int
    band: str
    pellets: Pellets | None = None
    located: tuple[Located, ...] = ()
    groups: tuple[StrayGroup, ...] = ()
    luck: RollOutcome | None = None
    stray: tuple[str, int] | None = None
    misfire: bool = False
    exploded: Hurt | None = None

    @property
    def grazed(self) -> bool:
        """Whether the target's luck roll turned the pellets of a miss into a graze (L2705)."""
        return self.luck is not None and self.luck.success

    @property
    def wounds(self) -> dict[str, int]:
        """Pellets by location of the main target, in the order they landed."""
        if self.grazed or self.pellets is None or self.exploded is not None:
            return {}
        out: dict[str, int] = {}
        each = [1] * len(self.located) if self.band == "short" else [self.pellets.on_target] * len(self.located)
        for where, count in zip((loc.location for loc in self.located), each, strict=True):
            out[where] = out.get(where, 0) + count
        for group in self.groups:
            if group.landed is not None:
                out[group.landed] = out.get(group.landed, 0) + group.pellets
        return {where: count for where, count in out.items() if count}

    def to_dict(self) -> dict[str, Any]:
        """JSON-plain form for events."""
        return {
            "cartridge": self.cartridge,
            "range": self.band,
            "pellets": None if self.pellets is None else self.pellets.on_target,
            "pellet_dice": [] if self.pellets is None else list(self.pellets.dice),
            "locations": [{"location": loc.location, "table": loc.table, "dice": list(loc.dice)} for loc in self.located],
            "groups": [g.to_dict() for g in self.groups],
            "luck": None if self.luck is None else self.luck.to_dict(),
            "grazed": self.grazed,
            "stray": None if self.stray is None else self.stray[0],
            "misfire": self.misfire,
            "exploded": self.exploded is not None,
            "wounds": self.wounds,
            "damage_per_pellet": pellet_damage(self.cartridge),
        }


def shotgun_blast(
    stream: ChanceStream, pellets: int, band: str, outcome: RollOutcome, aim: Aim, luck: Mapping[str, int], d100: bool = False
) -> Blast:
    """A shotgun's charge of ``pellets`` fired at ``band`` (§3.6.1.5), after the to-hit roll
    ``outcome``: a CRIT_F misfires (§3.6.1.6), a CATA_F explodes (§3.6.1.7: a hit's pellets in a
    Table 3.12 upper-body location of the shooter). Otherwise Table 3.25/3.26's pellets; a miss
    that put some in the target gives him a luck roll under ``luck`` (his jCHC): won, a graze, the
    charge flies on; a miss with none (or a graze) makes one Table 3.9 roll for the charge. Else
    the pellets land, all in one location at point-blank (the ``aim``'s table), one location per
    pellet at short range (Table 3.10), and each stray group rolls Table 3.9: at point-blank it
    lodges in the neighbouring location that way if there is one (ruling WA5), else it is lost."""
    size = cartridge(pellets)
    if outcome.quality == CRIT_F:
        return Blast(size, band, misfire=True)
    if outcome.quality == CATA_F:
        hit = RollOutcome(outcome.chance, (), 0, NORM_S, {})
        own = shotgun_pellets(stream, size, band, hit)
        upper = hit_location(stream, Aim("coarse", "upper"))
        hurt = Hurt(upper.location, own.on_target * pellet_damage(size))
        return Blast(size, band, own, (upper,), exploded=hurt)
    charge = shotgun_pellets(stream, size, band, outcome)
    if not outcome.success and charge.on_target:
        # L2705: a miss that still put a pellet in him: his luck roll; won, he is only brushed.
        grazed = roll(stream, luck)
        if grazed.success:
            return Blast(size, band, charge, luck=grazed, stray=stray(stream))
        lucky: RollOutcome | None = grazed
    elif not outcome.success:
        # L2703: "il a vraiment mis à côté": one Table 3.9 roll for whoever is in the path.
        return Blast(size, band, charge, stray=stray(stream))
    else:
        lucky = None
    located: tuple[Located, ...]
    if band == "point-blank":
        located = (hit_location(stream, aim, d100),)
    else:
        located = tuple(hit_location(stream, Aim(), d100) for _ in range(charge.on_target))
    groups = []
    for count in charge.groups:
        direction, face = stray(stream)
        landed = adjacent(located[0].location, direction) if band == "point-blank" else None
        groups.append(StrayGroup(count, direction, face, landed))
    return Blast(size, band, charge, located, tuple(groups), luck=lucky)


def adjacent(where: str, direction: str) -> str | None:
    """Where a point-blank stray group lands on the main target (ruling WA5): the neighbour of
    the location hit in that Table 3.9 direction, in the target's frame; None = lost."""
    neighbours = tables().raw["adjacent"]
    here: str | None = where
    for step in direction:  # "NE": north, then east from there
        here = neighbours[here].get(step) if here is not None else None
    return here


# -- cover (§3.7) ----------------------------------------------------------------------------


def cover_armour(materials: Mapping[str, int], against: str = "bullet") -> int:
    """Table 3.27 L2760: armour points of a cover, the sum over its materials of AP per cm x cm,
    rounded down, then -3 against bullets, -2 against explosives (§3.7.1), never below 0."""
    per_cm = tables().raw["armour_tenths_per_cm"]
    tenths = 0
    for material, cm in materials.items():
        found = per_cm.get(fold(material))
        if found is None:
            raise RuleViolation(f"no cover material {quoted(material)} (one of {', '.join(per_cm)})")
        tenths += found * cm
    reduction = {"bullet": _combat()["bullet_armour"], "explosive": _combat()["explosive_armour"], "other": 0}.get(against)
    if reduction is None:
        raise RuleViolation(f"cover stops a bullet, an explosive or other, not {quoted(against)}")
    return max(0, tenths // 10 + int(reduction))


def absorbed(stream: ChanceStream, armour: int) -> list[int]:
    """§3.7.1: each armour point absorbs 1d4 damage."""
    return [stream.die(int(_combat()["armour_die"])) for _ in range(armour)]


def deflection_chance(armour: int, m_chc: int) -> int:
    """§3.7.2: a bullet hitting cover is deflected with 1% per armour point + 1% per mCHC."""
    return max(0, armour + m_chc)


# -- melee and unarmed (§3.4, §3.5) ---------------------------------------------------------


def attack_against_defence(attack: str, defence: str) -> str:
    """Table 3.3 L1724: the result of a melee attack quality against the defence quality."""
    table = tables().raw["attack_defence"]
    return str(table[defence][table["columns"].index(attack)])


def melee_location(stream: ChanceStream, column: str, length: int) -> Located:
    """Table 3.23 L2462 (d100): slash, thrust, blunt or very-close column; the leg and foot rows
    of slash and thrust only for weapons of length ≥ 4, re-rolled otherwise."""
    data = tables().raw["melee_locations"]
    if column not in ("slash", "thrust", "blunt", "very-close"):
        raise RuleViolation(f"a melee column is slash, thrust, blunt or very-close, not {quoted(column)}")
    faces: list[int] = []
    while True:
        faces.append(stream.die(100))
        where = _lookup(data[column], faces[-1])
        if column in ("slash", "thrust") and where in data["long_only"] and length < data["long_from"]:
            continue
        return Located(where, f"3.23 {column}", tuple(faces))


def melee_column(stream: ChanceStream, w: Weapon, declared: str | None) -> str:
    """The damage column a melee weapon strikes with: the one the table declared or, for a very
    close weapon (length 2 or less) with none declared, a d6 (§3.4.1: odd thrust, even slash)."""
    column = fold(declared) if declared else None
    if int(w.length or 0) <= 2 and column is None:
        column = "thrust" if stream.die(6) % 2 else "slash"
    if column is None or column not in w.columns:
        raise RuleViolation(f"{w.name} strikes with {', '.join(w.columns)}; say which (`--column`)")
    return column


def strength_adjustment(strength: int, minimum: int, length: int) -> tuple[int, int]:
    """§3.4.3: (to-hit %, damage) for a melee weapon: below its strength -10% and -1 damage per
    2 missing points; above, +5% per 2 extra points (max 5 x length) and +1 damage per 3 (max
    length)."""
    gap = strength - minimum
    if gap < 0:
        return 10 * gap, -((-gap) // 2)
    return min(5 * (gap // 2), 5 * length), min(gap // 3, length)


def unarmed_damage(blow: str, m_for: int, critical: Sequence[int], head: bool, skill: int) -> tuple[int, int]:
    """§3.5.4: (damage, self-damage) of a punch (1) or kick (2) + mFOR + the critical d6, +1 per
    10 points of Pugilat / Arts martiaux above 40; half (rounded down) off the head; the striking
    limb takes a third (head) or a quarter (body) of the damage dealt, rounded down."""
    data = tables().raw["unarmed"].get(blow)
    if data is None:
        raise RuleViolation(f"an unarmed blow is a punch or a kick, not {quoted(blow)}")
    raw = int(data["damage"]) + m_for + sum(critical) + max(0, (skill - 40) // 10)
    dealt = max(0, raw if head else raw // 2)
    return dealt, dealt // (3 if head else 4)


def unarmed_location(stream: ChanceStream, blow: str) -> Located:
    """Table 3.24: where a punch (d10) or a kick (d20) lands."""
    data = tables().raw["unarmed"][blow]
    face = stream.die(int(data["die"]))
    where = next(name for top, name in data["table"] if face <= top)
    return Located(where, f"3.24 {blow}", (face,))


@dataclass(frozen=True)
class Landed:
    """What a melee or bare-handed blow did once both sides rolled: Table 3.3's result, and when
    the attacker deals damage (``dealt`` DN, DC or DE) where it landed and how much, with the
    faces of the critical 1d6cum (DC, DE) it added."""

    result: str
    dealt: str | None
    located: Located | None
    total: int
    critical: tuple[int, ...] = ()


@dataclass(frozen=True)
class Attacker:
    """What of the attacker a blow's damage depends on: FOR (§3.4.3, a weapon's strength
    adjustment), mFOR and the skill's score (§3.5.4, bare-handed blows)."""

    strength: int
    strength_modifier: int
    score: int


def blow_lands(stream: ChanceStream, blow: str, column: str | None, attack: str, defence: str | None, attacker: Attacker) -> Landed:
    """Table 3.3 for the attack quality against the defence's (ruling WA11: an undefended blow
    reads the failed-defence NORM_F row); when it deals damage, the critical 1d6cum (DC, DE),
    then the location and the damage: Table 3.24 and §3.5.4 bare-handed (``blow`` punch or
    kick), else Table 3.23 and the weapon's ``column`` with its strength adjustment (§3.4.3)."""
    result = attack_against_defence(attack, defence or NORM_F)
    dealt = result.split()[0] if result.split()[0] in ("DN", "DC", "DE") else None
    if dealt is None:
        return Landed(result, None, None, 0)
    critical = tuple(cumulative_d6(stream)) if dealt in ("DC", "DE") else ()
    if blow in ("punch", "kick"):
        located = unarmed_location(stream, blow)
        total, _ = unarmed_damage(blow, attacker.strength_modifier, critical, located.location == "head", attacker.score)
        return Landed(result, dealt, located, total, critical)
    w = weapon(blow)
    length = int(w.length or 0)
    located = melee_location(stream, "very-close" if length <= 2 else str(column), length)
    str_damage = strength_adjustment(attacker.strength, w.str_one, length)[1] if w.str_one is not None else 0
    return Landed(result, dealt, located, max(0, w.columns[str(column)] + str_damage + sum(critical)), critical)


def extraordinary(dealt: str | None, quality: str, damage: int, rolled: int) -> bool:
    """Whether a blow is a réussite extraordinaire for §3.4.5 (L2498-L2501): it dealt Table 3.3's
    extraordinary damage (DE), or "les dommages déjà tirés dépassent le résultat du jet pour
    toucher, comme pour les armes à feu": a critical attack (its 1d6cum rolled) against a failed
    defence, whose ``damage`` exceeds the to-hit roll's total ``rolled`` (ruling WA21)."""
    if dealt == "DE":
        return True
    return dealt == "DC" and quality == CRIT_S and damage > rolled


# §3.4.5.1-§3.4.5.3 (L2505-L2531) and §3.5.4 L2589: what a réussite extraordinaire does by the
# damage column: a slash cuts an artery, a thrust impales, a blunt blow (bare hands too) breaks.
EXTRAORDINARY = {"slash": "artery", "thrust": "impaled", "blunt": "fracture"}


def extraordinary_effect(column: str | None) -> str:
    """What a réussite extraordinaire does with a blow of ``column`` (None: bare-handed, a
    blunt blow, §3.5.4 L2589)."""
    return EXTRAORDINARY[column or "blunt"]
