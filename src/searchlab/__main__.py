"""``python -m searchlab`` runs the ``searchlab`` command."""

from searchlab.cli import run

run()
