"""A Rush Hour board from what a user types: a board string, a grid file, or a card.

The instance options every Rush Hour command shares (``BOARD``, ``--red``, ``--card``)
become a :class:`Board` here; bad input is a one-line :class:`InputError`.
"""

from __future__ import annotations

from searchlab.errors import TOKEN_CHARS, InputError, shorten
from searchlab.i18n import _
from searchlab.textinput import names_a_file, read_input

from .cards import card
from .model import Board
from .notation import parse_board

BOARD_SUFFIXES = (".txt", ".rh", ".board")
"""File suffixes that mark a BOARD as a file name even when no such file exists."""


def load_board(board: str | None, red: str | None = None, card_no: int | None = None) -> Board:
    """The board of ``BOARD`` or ``--card N`` (exactly one of them), with ``--red``.

    ``board`` is read as a file ('-' for standard input) when such a path exists, else
    as a board string; a card's red car is ``X`` (the card notation), so ``red`` may
    only name that one with ``card_no``.
    """
    if (board is None) == (card_no is None):
        raise InputError(_("give a BOARD (a string or a file) or --card N (one of them)"))
    if card_no is not None:
        c = card(card_no)
        if red is not None and red != "X":
            raise InputError(
                _("--red {red}: the red car of card {number} is X; --red is for a BOARD").format(
                    red=red[:8], number=c.number
                )
            )
        return c.parse()
    assert board is not None
    if board == "-" or names_a_file(board):
        # read_input says what a directory, /dev/zero or an unreadable file is (bounded read)
        return parse_board(read_input(board), red=red)
    try:
        return parse_board(board, red=red)
    except InputError:
        if _path_like(board):
            where = shorten(board, 2 * TOKEN_CHARS)
            raise InputError(_("{where}: no such file").format(where=where)) from None
        raise


def _path_like(text: str) -> bool:
    """Whether a BOARD that is neither a board nor an existing path was meant as a file:
    it has a file suffix, or a path separator and a character no board has (a board's
    rows may be separated by '/': ``oooooB/AACooB/...``)."""
    from pathlib import (
        Path,  # here, not at the top: pathlib costs a quick command ~3 ms of start-up
    )

    if Path(text).suffix in BOARD_SUFFIXES:
        return True
    board_chars = set(".ox/ ") | set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return ("/" in text or "\\" in text) and not set(text) <= board_chars
