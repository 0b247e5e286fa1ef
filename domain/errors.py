"""Errors the domain raises when a command cannot be carried out as asked."""


class RuleViolation(ValueError):
    """A command breaks a rule or names something that does not exist; nothing is recorded."""
