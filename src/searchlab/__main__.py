"""``python -m searchlab`` runs the ``searchlab`` command."""

from searchlab.cli.main import run

run()
