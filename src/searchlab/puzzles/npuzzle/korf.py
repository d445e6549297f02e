"""Korf's 100 random 15-puzzle instances (Korf 1985, Table 1), bundled as ``data/korf100.tsv``,
and Korf & Felner's 50 random 24-puzzle instances (2002), ``data/korf24.tsv``."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from .board import Board, goal_board

KORF_GOAL = goal_board(4, blank="first")
"""The goal of Korf's instances: the blank top-left, then 1..15."""

KORF24_GOAL = goal_board(5, blank="first")
"""The goal of the 24-puzzle instances: the blank top-left, then 1..24."""


@dataclass(frozen=True, slots=True)
class KorfInstance:
    """One instance: its id (1-100), optimal length, and IDA*+Manhattan node count (Korf 1985)."""

    id: int
    optimal_length: int
    ida_md_nodes: int
    board: Board


def korf_instances() -> list[KorfInstance]:
    """All 100 instances in id order (goal: :data:`KORF_GOAL`)."""
    text = resources.files(__package__).joinpath("data/korf100.tsv").read_text()
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ident, opt, nodes, tiles = line.split("\t")
        out.append(
            KorfInstance(int(ident), int(opt), int(nodes), Board(4, tuple(map(int, tiles.split()))))
        )
    return out


@dataclass(frozen=True, slots=True)
class Korf24Instance:
    """One 24-puzzle instance: its id (1-50), its optimal length and the nodes Korf &
    Felner's IDA* with 6-6-6-6 and reflection generated (2002; the root not counted)."""

    id: int
    optimal_length: int
    published_nodes: int
    board: Board
    zero_aware_nodes: tuple[int | None, int | None] = (None, None)
    """Clausecker & Reinefeld's published nodes with their zero-aware catalogues
    "improved" (14 partitions) and "small" (7), None where not published."""


def _rows(name: str) -> list[list[str]]:
    data = resources.files(__package__).joinpath(f"data/{name}")
    lines = data.read_text().splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def korf24_instances() -> list[Korf24Instance]:
    """All 50 instances in id order (goal: :data:`KORF24_GOAL`), with Korf & Felner's
    nodes and Clausecker & Reinefeld's (``data/korf24-zero-aware.tsv``, its lengths checked
    against Korf & Felner's)."""
    zero = {int(r[0]): r[1:] for r in _rows("korf24-zero-aware.tsv")}
    out = []
    for ident, opt, nodes, tiles in _rows("korf24.tsv"):
        board = Board(5, tuple(map(int, tiles.split())))
        length, improved, small = zero[int(ident)]
        if int(length) != int(opt):
            raise ValueError(f"instance {ident}: the two published lengths differ")
        published = (None if improved == "-" else int(improved), int(small))
        out.append(Korf24Instance(int(ident), int(opt), int(nodes), board, published))
    return out
