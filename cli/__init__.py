"""The command-line interface (Typer)."""

import os

# Typer's Rich help and error panels cost every start a tenth of a second of imports; plain
# Click help says the same (issue 9: `chronique --help` starts in under 0.3 s). Our own tables
# still use Rich. A user who prefers the panels sets TYPER_USE_RICH=1.
os.environ.setdefault("TYPER_USE_RICH", "0")
