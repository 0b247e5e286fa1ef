"""Packaging: the six top-level folders are the packages ``chronique.domain``, ``.projections``,
``.adapters``, ``.cli``, ``.web`` and ``.migrations``; every package under them is found here, so adding a
ruleset (``domain/rulesets/<game>``) never edits the packaging (issue 14). Metadata lives in
pyproject.toml."""

from pathlib import Path

from setuptools import setup

ROOTS = ("domain", "projections", "adapters", "cli", "web", "migrations")
HERE = Path(__file__).parent


def packages() -> list[str]:
    """``chronique.<folder>.<sub>...`` for every folder holding an ``__init__.py``."""
    found = []
    for root in ROOTS:
        for init in sorted((HERE / root).rglob("__init__.py")):
            found.append(".".join(("chronique", *init.parent.relative_to(HERE).parts)))
    return found


setup(packages=packages(), package_dir={f"chronique.{root}": root for root in ROOTS})
