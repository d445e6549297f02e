"""Hops, a family with the contract's core alone: hop along a row from square 0 to the
goal square, +1, +2 or -1 a move. No play mode, no generator, no experiments, no
command of its own: ``tests/families/test_minimal_family.py`` copies this folder into
a copy of the package's ``puzzles/`` and runs the generic suite on it."""
