"""MicroFudge CECJ sheets and the three creation procedures («I – Création des personnages»
L77-L115, «2 – Création … free style» L651-L697, «3 – … Streamlined MicroFudge» L699-L711).

A sheet is plain JSON: every characteristic with its value, kind and default, so a lookup never
has to guess, and the Atout budget it was built with. The unspent Atouts become the starting
condition's creation reserve (``atouts.reserve``). :func:`parse_sheet` reports every problem of a
sheet at once, as one :class:`SheetProblems`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import Any, TypeVar

from pydantic import Field, StrictBool, StrictInt, ValidationError, field_validator

from chronique.domain.errors import RuleViolation, SheetProblems, field_problems, raise_sheet_problems
from chronique.domain.rulesets.microfudge.limits import ATOUTS
from chronique.domain.rulesets.microfudge.rules import Creation, label, rank_cost
from chronique.domain.rulesets.microfudge.tables import tables
from chronique.domain.rulesets.problems import SheetModel, validation_problems
from chronique.domain.text import fold, quoted

PROCEDURES = ("cecj", "free", "streamlined")
BLANK_NAME = "a characteristic needs a name: an aptitude, a field of expertise or a power domain (L133-L209), not a blank"
KINDS = ("aptitude", "field", "domain", "trait")
_GAME = "MicroFudge"
_T = TypeVar("_T")
# The fields the Atouts are priced from: one of the wrong type leaves them untotalled.
_PRICING = frozenset({"atouts", "status", "defaults", "ranks"})


class _Fields(SheetModel):
    """A sheet's fields but its ranks, typed (issue 18: ``atouts = true`` was one Atout, a default
    of 2.5 was Faible, ``atouts = 10**20`` broke the journal); the ranks, their costs and caps are
    checked by :func:`parse_sheet`, with every other problem."""

    name: str = ""
    concept: str = ""
    goal: str = ""
    procedure: str = "cecj"
    status: str = ""
    atouts: StrictInt | None = None
    npc: StrictBool = False
    out_after: StrictInt | None = None
    defaults: dict[str, StrictInt] = Field(default_factory=dict)

    @field_validator("atouts")
    @classmethod
    def _a_budget(cls, value: int | None) -> int | None:
        # «II» L117-131: a status starts with 6 to 21 Atouts; see domain/limits.py.
        if value is not None and not 1 <= value <= ATOUTS:
            raise ValueError(f"a character starts with 1 to {ATOUTS} Atouts, not {value}")
        return value

    @field_validator("defaults")
    @classmethod
    def _on_the_ladder(cls, value: dict[str, int]) -> dict[str, int]:
        # §1.2 (L93-L103): a default is a rank of the ladder, Abyssal (0) to Légendaire (8).
        top = len(tables().labels) - 1
        field_problems(
            f"the default of {name} is a rank from 0 ({label(0)}) to {top} ({label(top)}), not {rank}"
            for name, rank in value.items()
            if not 0 <= rank <= top
        )
        return value


def _as_typed(value: Any) -> str:
    # Ruling M141: words typed are quoted as every refusal quotes them (“Bon”), never as Python
    # does ('Bon'); a number or a true/false is said as it is (2.5, True).
    return quoted(value) if isinstance(value, str) else str(value)


def budget_of(raw: Mapping[str, Any], procedure: str) -> int:
    """The starting Atouts: a status name (6/11/16/21, L85-L91), an explicit ``atouts`` count,
    or Streamlined's 15 (L703)."""
    if raw.get("atouts") is not None:
        return int(raw["atouts"])
    if procedure == "streamlined":
        return tables().streamlined.budget
    statuses = tables().statuses
    status = fold(str(raw.get("status", "")))
    if status not in statuses:
        raise RuleViolation(f"the status is one of {', '.join(statuses)} (or give atouts = N), not {_as_typed(raw.get('status'))}")
    return statuses[status]


def base_list(procedure: str, overrides: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    """The example lists with their defaults (L155-L209, L439), as the campaign overrides them
    (A18: a default belongs to the campaign's list); free style starts from an empty list."""
    if procedure == "free":
        return {}
    t = tables()
    out: dict[str, dict[str, Any]] = {}
    for kind, table in (("aptitude", t.aptitudes), ("field", t.fields), ("domain", t.domains)):
        for name, default in table.items():
            if kind == "aptitude" and procedure == "streamlined":
                default = t.streamlined.aptitude_default  # L703: aptitudes start at Moyen
            out[name] = {"value": default, "kind": kind, "default": default}
    for name, default in overrides.items():
        known = find(out, name)
        entry = out.pop(known) if known else {"kind": "field"}
        out[known or name] = dict(entry, value=int(default), default=int(default))
    return out


def find(characteristics: Mapping[str, Any], name: str) -> str | None:
    """The canonical name of ``name`` among ``characteristics`` (accents and case ignored)."""
    wanted = fold(name)
    return next((known for known in characteristics if fold(known) == wanted), None)


def limit_problems(procedure: str, name: str, default: int, value: int) -> Iterator[str]:
    """The caps at the end of creation: Streamlined keeps every characteristic between Faible and
    Excellent, fields whose default is lower excepted (L707); otherwise the natural human maximum,
    Exceptionnel (L219, PROPOSAL: enforced at creation)."""
    t = tables()
    if procedure == "streamlined":
        low = min(default, t.streamlined.creation_min)
        if not low <= value <= t.streamlined.creation_max:
            yield f"{name} {label(value)} ({value}) is outside {label(low)}..{label(t.streamlined.creation_max)} at Streamlined creation"
    elif value > t.human_max:
        yield f"{name} {value} is above {label(t.human_max)} ({t.human_max}), the human maximum"
    if value < 0:
        yield f"{name} cannot be below Abyssal (0)"


def total_problems(procedure: str, budget: int, spent: int) -> Iterator[str]:
    """The spend against the budget: never more than the budget; CECJ and free style spend at
    least 1 and keep at least the last Atout (L107)."""
    if spent > budget:
        yield f"the sheet spends {spent} Atouts of a budget of {budget}"
    elif procedure != "streamlined" and spent < 1:
        yield "spend at least one Atout at creation (L107)"
    elif procedure != "streamlined" and spent > budget - 1:
        yield f"keep the last Atout for play: spend at most {budget - 1} of {budget} (L107)"


def creation_totals(procedure: str, budget: int, spent: int) -> Creation:
    """What a spend within the budget keeps for play: all that is left, or at most 3 in
    Streamlined (L711)."""
    left = budget - spent
    return Creation(budget, spent, min(left, tables().streamlined.carry_max) if procedure == "streamlined" else left)


def _attempt(problems: list[str], check: Callable[[], _T]) -> _T | None:
    """``check()``, or None with its RuleViolation noted in ``problems``."""
    try:
        return check()
    except RuleViolation as error:
        problems.append(str(error))
        return None


def parse_sheet(raw: Mapping[str, Any]) -> tuple[dict[str, Any], Creation]:
    """A checked sheet from a player's raw sheet, and what its creation cost; :class:`SheetProblems`
    listing every problem otherwise. The Atouts are totalled only once every rank could be priced."""
    problems: list[str] = []
    raw, wrong = _typed(raw, problems)
    name = str(raw.get("name", "")).strip()
    if not name:
        problems.append("a character needs a name")
    if "out_after" in raw and not raw.get("npc"):
        problems.append("only an NPC is taken out of a fight early (L453): a player character takes a Décisif")
    procedure = fold(str(raw.get("procedure", "cecj")))
    if "procedure" in wrong:
        raise SheetProblems(_GAME, problems)
    if procedure not in PROCEDURES:
        # Every cost and cap depends on the procedure: nothing further can be checked.
        problems.append(f"the creation procedure is one of {', '.join(PROCEDURES)}, not {quoted(raw.get('procedure'))}")
        raise SheetProblems(_GAME, problems)
    budget = None if "atouts" in wrong else _attempt(problems, lambda: budget_of(raw, procedure))
    characteristics = base_list(procedure, {str(k): int(v) for k, v in dict(raw.get("defaults", {})).items()})
    spent: int | None = 0
    for given, value in dict(raw.get("ranks", {})).items():
        if not str(given).strip():
            problems.append(BLANK_NAME)
            continue
        known = find(characteristics, str(given))
        # A18: a name outside the list is a field of the campaign's own list, default Faible;
        # in free style every characteristic is the player's own trait (L651-L655).
        entry = characteristics.get(known) if known else None
        if entry is None:
            entry = {"kind": "trait" if procedure == "free" else "field", "default": tables().default_rank}
        canonical = known or str(given).strip()
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"the rank of {canonical} is a whole number (2 Faible, 4 Moyen, 7 Exceptionnel...), not {_as_typed(value)}")
            spent = None
            continue
        kind, default = entry["kind"], entry["default"]
        cost = _attempt(problems, partial(rank_cost, procedure, kind, default, value))
        spent = None if spent is None or cost is None else spent + cost
        problems += limit_problems(procedure, canonical, default, value)
        characteristics[canonical] = {"value": value, "kind": kind, "default": default}
    extra = {"out_after": _attempt(problems, lambda: _out_after(raw))} if raw.get("npc") else {}
    if budget is None or spent is None or wrong & _PRICING:  # an unpriced step, already noted, leaves nothing to total
        raise SheetProblems(_GAME, problems)
    problems += total_problems(procedure, budget, spent)
    raise_sheet_problems(_GAME, problems)
    creation = creation_totals(procedure, budget, spent)
    sheet = {
        "name": name,
        "concept": str(raw.get("concept", "")),
        "goal": str(raw.get("goal", "")),
        "procedure": procedure,
        "npc": bool(raw.get("npc", False)),
        "atouts": budget,
        "characteristics": characteristics,
        **extra,
    }
    return sheet, creation


def _typed(raw: Mapping[str, Any], problems: list[str]) -> tuple[dict[str, Any], set[str]]:
    """``raw`` without the fields whose type is wrong, each noted in ``problems``, and their names
    (a wrong budget, default or procedure leaves the Atouts untotalled)."""
    if not isinstance(raw, Mapping):
        raise RuleViolation("a MicroFudge sheet must be a table of fields")
    fields = {key: value for key, value in raw.items() if key != "ranks"}
    try:
        _Fields.model_validate(fields)
    except ValidationError as error:
        problems += validation_problems(error)
        wrong = {str(detail["loc"][0]) for detail in error.errors() if detail.get("loc")}
    else:
        wrong = set()
    ranks = raw.get("ranks", {})
    if not isinstance(ranks, Mapping):
        problems.append(f"ranks: a table of characteristics and their ranks, not {quoted(ranks)}")
        wrong.add("ranks")
    return {key: value for key, value in raw.items() if key not in wrong}, wrong


def _out_after(raw: Mapping[str, Any]) -> int:
    """An NPC's ``out_after``: the Revers severity that takes it out of a fight, a Décisif (3)
    unless the Narrator rules that 1 or 2 are enough («1 – Création des PNJs» L453)."""
    most = tables().max_severity
    value = int(raw.get("out_after", most))
    if not 1 <= value <= most:
        raise RuleViolation(f"an NPC is out of the fight after a Revers of 1 to {most}, not {value} (L453)")
    return value


def characteristic(sheet: Mapping[str, Any], name: str) -> tuple[str, int, str]:
    """(canonical name, value, kind) of a characteristic; one not on the sheet is Faible (L219).
    An alias (PROPOSAL A21: Conduite → Pilotage) stands for its characteristic unless the sheet
    has its own. Characteristics are named freely (L151, L167: "tout puisse être évalué"), so any
    name is one, but a blank name names none and is refused."""
    if not name.strip():
        raise RuleViolation(BLANK_NAME)
    known = find(sheet["characteristics"], name)
    alias = tables().aliases.get(fold(name))
    if known is None and alias is not None:
        known = find(sheet["characteristics"], alias)
    if known is None:
        meant = typo_of(sheet["characteristics"], name)
        if meant is not None:
            raise RuleViolation(
                f"{quoted(name.strip())} is not on the sheet: did you mean {meant}? (a characteristic not on the sheet is Faible, "
                "L219, but one a slip of the keyboard away from a listed one is taken for a typo)"
            )
        return name.strip(), tables().default_rank, "trait" if sheet["procedure"] == "free" else "field"
    entry = sheet["characteristics"][known]
    return known, int(entry["value"]), str(entry["kind"])


def _slips(a: str, b: str) -> int:
    """The keyboard slips between ``a`` and ``b``: letters added, dropped, changed or two neighbours
    swapped (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def typo_of(characteristics: Mapping[str, Any], name: str) -> str | None:
    """The characteristic of the sheet that ``name`` (on no sheet line) is a typo of, if any (ruling
    M43): one slip away (a letter added, dropped, changed, or two swapped: ``Tri`` for ``Tir``),
    two for names of eight letters or more, accents and case aside. An unlisted name farther from
    every listed one is a characteristic of its own, at Faible (L219, ruling M9)."""
    wanted = fold(name).strip()
    if len(wanted) < 3:
        return None
    close = []
    for known in characteristics:
        folded = fold(known)
        allowed = 2 if min(len(folded), len(wanted)) >= 8 else 1
        if abs(len(folded) - len(wanted)) <= allowed and _slips(wanted, folded) <= allowed:
            close.append((_slips(wanted, folded), known))
    return min(close)[1] if close else None


def raise_cost(sheet: Mapping[str, Any], kind: str, value: int) -> int:
    """Atouts to raise a characteristic from ``value`` by one rank after creation.

    CECJ and free style: 1 per rank (L213, PROPOSAL A5). Streamlined: the escalating table, tripled
    for aptitudes (L719-L731; PROPOSAL A6 for Abyssal → Lamentable, Légendaire not for sale)."""
    if sheet["procedure"] != "streamlined":
        return 1
    s = tables().streamlined
    target = value + 1
    if target >= len(s.field_cost_to) or s.field_cost_to[target] == 0:
        raise RuleViolation(f"{label(target)} cannot be bought in Streamlined MicroFudge without the Narrator")
    return s.field_cost_to[target] * (s.aptitude_multiplier if kind == "aptitude" else 1)
