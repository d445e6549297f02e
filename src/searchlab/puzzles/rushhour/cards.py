"""The 40 original challenge cards, built in (data: ``cards.tsv`` next to this module)."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import NamedTuple

from searchlab.errors import InputError
from searchlab.i18n import N_, _

from .model import Board
from .notation import parse_board

CARD_LEVELS = (N_("Beginner"), N_("Intermediate"), N_("Advanced"), N_("Expert"))
"""The cards' levels as ``cards.tsv`` names them (shown translated)."""


class Card(NamedTuple):
    """One challenge card with its published figures (a ``NamedTuple``: defining a frozen
    dataclass costs a solve's start-up four times as much)."""

    number: int
    level: str
    board: str  # card notation ('X' the red car)
    moves: int  # optimal moves
    database: str  # the same board in the database notation
    cluster: int  # positions reachable from the board
    steps: int  # optimal one-cell steps

    def parse(self) -> Board:
        return parse_board(self.board, red="X")


@lru_cache(maxsize=1)
def cards() -> tuple[Card, ...]:
    """The 40 cards in order (Beginner 1-10, Intermediate 11-20, Advanced 21-30, Expert 31-40)."""
    # The package's loader reads the file beside this module, what pkgutil.get_data does,
    # without importing pkgutil (0.4 ms) or importlib.resources (~10 ms) for
    # ``rushhour solve --card``.
    get_data = getattr(__spec__.loader, "get_data", None)
    if get_data is None:  # a loader that cannot read package data
        raise FileNotFoundError(f"{__package__}: cards.tsv")
    data: bytes = get_data(os.path.join(os.path.dirname(__file__), "cards.tsv"))
    text = data.decode("utf-8")
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        out.append(Card(int(f[0]), f[1], f[2], int(f[3]), f[4], int(f[5]), int(f[6])))
    return tuple(out)


def card(number: int) -> Card:
    """Card ``number`` (1-40); raises :class:`InputError` otherwise."""
    all_cards = cards()
    if not 1 <= number <= len(all_cards):
        raise InputError(
            _("there is no card {number}; cards are numbered 1 to {n}").format(
                number=number, n=len(all_cards)
            )
        )
    return all_cards[number - 1]
