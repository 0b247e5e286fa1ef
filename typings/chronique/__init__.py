"""Typing view of the ``chronique`` package for mypy and pyright.

The installed package maps ``chronique.domain`` and its siblings onto top-level folders
(``[tool.setuptools] package-dir``); static checkers cannot follow that mapping, so each
sibling here is a relative symlink to its folder. Nothing imports this file at run time.
"""
