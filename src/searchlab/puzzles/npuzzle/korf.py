"""Korf's 100 random 15-puzzle instances (Korf 1985, Table 1), bundled as ``data/korf100.tsv``."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from searchlab.puzzles.npuzzle.board import Board, goal_board

KORF_GOAL = goal_board(4, blank="first")
"""The goal of Korf's instances: the blank top-left, then 1..15."""


@dataclass(frozen=True, slots=True)
class KorfInstance:
    """One instance: its id (1-100), optimal length, and IDA*+Manhattan node count (Korf 1985)."""

    id: int
    optimal_length: int
    ida_md_nodes: int
    board: Board


def korf_instances() -> list[KorfInstance]:
    """All 100 instances in id order (goal: :data:`KORF_GOAL`)."""
    text = resources.files("searchlab.puzzles.npuzzle").joinpath("data/korf100.tsv").read_text()
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ident, opt, nodes, tiles = line.split("\t")
        out.append(
            KorfInstance(int(ident), int(opt), int(nodes), Board(4, tuple(map(int, tiles.split()))))
        )
    return out
