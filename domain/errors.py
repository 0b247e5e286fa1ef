"""Errors the domain raises when a command cannot be carried out as asked."""

from collections.abc import Iterable


class RuleViolation(ValueError):
    """A command breaks a rule or names something that does not exist; nothing is recorded."""


class LaterEventHolds(ValueError):
    """A later event a correction's replay reaches still holds what the voided ones made (a
    wound, a card, a skill): the correction is refused, "void them first" (ruling UN18).

    A game's rules know the later event by its place on the chain (``version``, None when the
    replay lost it); the character names it by the log's reference (``Character.correct``), so
    the refusal names every event as ``chronique log`` prints it, never by a bare number."""

    def __init__(self, version: int | None, words: str) -> None:
        self.version = version
        self.words = words
        super().__init__(f"event {version} {words}" if version is not None else f"a later event {words}")


class JournalDamaged(RuntimeError):
    """What the journal holds contradicts itself (a vaulted seed that no longer matches the
    commitment its chain recorded): the environment's failure, not the user's input (ruling EB2)."""


class SheetProblems(RuleViolation):
    """Every problem found in a character sheet, reported together so the player fixes them all
    in one pass (issue 14).

    One problem reads as that problem's own message, prefixed by ``lead``; several read as one
    line naming the game and how many there are, then one line per problem, indented.
    ``problems`` keeps the messages, without the lead.
    """

    def __init__(self, game: str, problems: Iterable[str], lead: str = "") -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("SheetProblems needs at least one problem")
        if len(self.problems) == 1:
            text = f"{lead}{self.problems[0]}"
        else:
            text = f"the {game} sheet has {len(self.problems)} problems:" + "".join(f"\n  {p}" for p in self.problems)
        super().__init__(text)


def raise_sheet_problems(game: str, problems: Iterable[str], lead: str = "") -> None:
    """Raise :class:`SheetProblems` when ``problems`` holds any; return quietly otherwise."""
    found = tuple(problems)
    if found:
        raise SheetProblems(game, found, lead)


def field_problems(problems: Iterable[str]) -> None:
    """For a validator of one field that finds several problems: raise a ValueError holding them
    one per line, which :func:`chronique.domain.rulesets.problems.validation_problems` splits back."""
    found = list(problems)
    if found:
        raise ValueError("\n".join(found))
