"""The peg problem a command's options describe: a board (a built-in name or a board
file), its start (``--vacancy`` holes or a ``--start`` file) and its target (a
``--finish`` hole or a ``--target`` file). Shared by ``searchlab peg solve``,
``compare`` and ``count`` (:mod:`searchlab.puzzles.peg.commands`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.textinput import names_a_file, read_input

from .board import (
    BOARD_DESCRIPTIONS,
    Board,
    get_board,
    parse_board,
    parse_position,
)


def is_board_name(name: str) -> bool:
    """Whether ``name`` names a built-in board (``triangleN`` of any side included)."""
    key = name.strip().lower()
    return key in BOARD_DESCRIPTIONS or re.fullmatch(r"triangle\d+", key) is not None


def load_board(name: str, diagonal: bool) -> tuple[Board, int | None]:
    """The board ``name`` gives (a built-in name, else a board file, '-' for standard
    input) and the start a file draws (``None``: the board's default, also when the
    file draws every hole with a peg)."""
    if is_board_name(name):
        return get_board(name, diagonal=diagonal), None
    if names_a_file(name) or name == "-":
        board, drawn = parse_board(read_input(name), name=Path(name).stem, diagonal=diagonal)
        return board, None if drawn == board.full else drawn
    raise InputError(
        _("unknown board {name!r}: not a built-in name nor a file (built-in: {names})").format(
            name=name[:40], names=", ".join(BOARD_DESCRIPTIONS)
        )
    )


def load_problem(
    board_name: str,
    diagonal: bool,
    vacancy: Sequence[str],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
) -> tuple[Board, int, int | None]:
    """The board, start and target (``None``: one peg anywhere) the options describe;
    a one-line InputError for a bad or contradictory one. The files are read in the
    order the checks need them, so "give A or B, not both" comes before reading."""
    board, start = load_board(board_name, diagonal)
    if start_file is not None:
        if vacancy:
            raise InputError(_("give --vacancy or --start, not both"))
        start = parse_position(board, read_input(start_file))
    elif vacancy or start is None:
        start = board.start(vacancy)
    if finish is not None and target_file is not None:
        raise InputError(_("give --finish or --target, not both"))
    target: int | None = None
    if finish is not None:
        target = 1 << board.hole(finish)
    elif target_file is not None:
        target = parse_position(board, read_input(target_file))
    return board, start, target
