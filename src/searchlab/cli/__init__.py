"""The ``searchlab`` command-line interface."""
