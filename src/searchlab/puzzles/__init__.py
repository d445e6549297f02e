"""Puzzle families, one package each: model, parsing, heuristics, solvers, rendering."""
