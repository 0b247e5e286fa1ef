"""``python -m chronique.cli`` runs the ``chronique`` command."""

from chronique.cli.app import main

main()
