"""Connected regions of free cells by bit masks (compiled, inlined where used).

A board's cells are the bits of an integer (cell ``r * n + c`` is bit ``r * n + c``). A
region grows from a seed to a fixed point: each step adds the free neighbours of every
cell at once, by four shifts of the mask (up and down by ``n``; left and right by one,
masked so that no cell wraps round a row's end, :func:`edge_columns`). At most ``n * n``
steps, each a handful of word operations: the pattern databases' builders
(:mod:`.pdb_build`, :mod:`.kernel`) and the search's region tables (:mod:`.zpdb_sets`)
label millions of regions this way.
"""

from __future__ import annotations

from typing import Any

from numba import njit


@njit(cache=True, inline="always")
def edge_columns(n: int) -> tuple[int, int]:
    """The masks of the left and right columns of an ``n x n`` board."""
    left = 0
    right = 0
    for row in range(n):
        left |= 1 << (row * n)
        right |= 1 << (row * n + n - 1)
    return left, right


@njit(cache=True, inline="always")
def flood(seed: int, open_: int, n: int, full: int, left: int, right: int) -> int:
    """The cells of ``open_`` connected to the cells of ``seed`` (a subset of ``open_``),
    ``full`` every cell, ``left``/``right`` :func:`edge_columns`."""
    comp = seed
    while True:
        grow = comp | (comp >> n) | ((comp << n) & full)
        grow |= ((comp & ~left) >> 1) | ((comp & ~right) << 1)
        grow &= open_
        if grow == comp:
            return comp
        comp = grow


@njit(cache=True, inline="always")
def label_regions(
    open_: int, n: int, full: int, left: int, right: int, label: Any, at: int, comps: Any
) -> int:
    """Number the connected regions of the free cells ``open_`` of an ``n x n`` board in
    the order of their lowest cells; write each free cell's region number into
    ``label[at + c]`` (occupied cells untouched) and region ``j``'s cells into
    ``comps[j]`` (room for ``n * n // 2 + 1`` regions); return their count. ``full``,
    ``left``, ``right`` as for :func:`flood`."""
    count = 0
    rest = open_
    while rest:  # one region a turn, grown from the lowest free cell
        comp = flood(rest & -rest, open_, n, full, left, right)
        comps[count] = comp
        for c in range(n * n):
            if (comp >> c) & 1:
                label[at + c] = count
        count += 1
        rest &= ~comp
    return count
