"""Towers of Hanoi: the instance, its text format, the legal moves.

Three pegs ``A``, ``B``, ``C``; ``n`` disks of sizes 1 (smallest) to ``n``. A *state*
is a tuple giving the peg (0, 1, 2) of each disk, smallest first: any such tuple is a
legal position, since the disks on a peg are always stacked largest at the bottom. A
move takes the top disk of one peg onto a peg that is empty or whose top disk is
larger; it is written ``A>C`` (from peg A to peg C).

The text format, one ``key: value`` a line (``#`` starts a comment)::

    disks: 4        how many disks (1 to MAX_DISKS); a bare number means the same
    start: AABC     where each disk starts, smallest first (default: all on A;
                    one letter puts every disk there)
    goal: C         the peg every disk must reach (default C)
"""

from __future__ import annotations

from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _

PEGS = "ABC"
MAX_DISKS = 12
"""The most disks a board may have (4,095 moves from one peg to another)."""

State = tuple[int, ...]
"""The peg of each disk, smallest disk first."""


@dataclass(frozen=True, slots=True)
class Tower:
    """An instance: the number of disks, the start position and the goal peg."""

    disks: int
    start: State
    goal_peg: int

    @property
    def goal(self) -> State:
        """Every disk on the goal peg."""
        return (self.goal_peg,) * self.disks


def peg_index(letter: str) -> int:
    """``A``/``B``/``C`` (either case) -> 0/1/2; a one-line InputError otherwise."""
    index = PEGS.find(letter.strip().upper())
    if len(letter.strip()) != 1 or index < 0:
        raise InputError(_("a peg is A, B or C, got {text!r}").format(text=letter[:20]))
    return index


def parse_tower(text: str) -> Tower:
    """Read a tower from its text format (see the module docstring)."""
    fields: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower() if sep else "disks"
        value = value if sep else line
        if key not in ("disks", "start", "goal") or key in fields:
            raise InputError(
                _("unexpected line {line!r}: write 'disks: N', 'start: PEGS', 'goal: PEG'").format(
                    line=line[:40]
                )
            )
        fields[key] = value.strip()
    if "disks" not in fields:
        raise InputError(_("say how many disks: 'disks: N'"))
    try:
        disks = int(fields["disks"])
    except ValueError:
        raise InputError(
            _("the number of disks must be a whole number, got {text!r}").format(
                text=fields["disks"][:20]
            )
        ) from None
    if not 1 <= disks <= MAX_DISKS:
        raise InputError(
            _("a tower has 1 to {most} disks, got {n}").format(
                most=MAX_DISKS, n=fields["disks"][:20]
            )
        )
    letters = fields.get("start", "A").replace(" ", "")
    if len(letters) == 1:
        letters *= disks
    if len(letters) != disks:
        raise InputError(
            _("'start' gives the peg of each of the {n} disks, smallest first").format(n=disks)
        )
    start = tuple(peg_index(ch) for ch in letters)
    return Tower(disks, start, peg_index(fields.get("goal", "C")))


def format_tower(tower: Tower) -> str:
    """The text ``parse_tower`` reads back."""
    start = "".join(PEGS[p] for p in tower.start)
    return f"disks: {tower.disks}\nstart: {start}\ngoal: {PEGS[tower.goal_peg]}\n"


def tops(state: State) -> list[int | None]:
    """The top (smallest) disk of each peg, ``None`` for an empty peg."""
    top: list[int | None] = [None, None, None]
    for disk in range(len(state) - 1, -1, -1):
        top[state[disk]] = disk
    return top


def legal_moves(state: State) -> list[tuple[int, int, int]]:
    """Every legal move as ``(disk, from_peg, to_peg)``."""
    top = tops(state)
    out = []
    for src in range(3):
        disk = top[src]
        if disk is None:
            continue
        for dst in range(3):
            other = top[dst]
            if dst != src and (other is None or other > disk):
                out.append((disk, src, dst))
    return out


def move_label(src: int, dst: int) -> str:
    """``A>C``: the top disk of peg A onto peg C."""
    return f"{PEGS[src]}>{PEGS[dst]}"


def moved(state: State, disk: int, dst: int) -> State:
    """The state after ``disk`` moves to peg ``dst``."""
    return (*state[:disk], dst, *state[disk + 1 :])


def play(state: State, label: str) -> State:
    """The state after the move called ``label`` (``A>C``); an :class:`InputError` when
    it is not a legal move of ``state``."""
    for disk, src, dst in legal_moves(state):
        if move_label(src, dst) == label:
            return moved(state, disk, dst)
    raise InputError(_("{move} is not a legal move from this position").format(move=label))
