"""Position classes: de Bruijn's invariant, the "rule of three", on any board.

A jump from ``a`` over ``b`` to ``c`` flips the three holes ``a, b, c``. Over
GF(2) a position is a vector and a jump adds the vector ``e_a + e_b + e_c``, so
every position reachable from ``P`` lies in ``P + span{jump triples}``. Two
positions are in the same *position class* when their difference (XOR) lies in
that span. A set ``S`` of holes that meets every jump triple in an even number
of holes gives a parity invariant: every jump keeps the parity of the number of
pegs on ``S``. On the English board with orthogonal jumps the span has
dimension 29 of 33, the 16 classes are de Bruijn's (1972), and for one vacancy
and one final peg the test is the classic rule of three.

The check is exact linear algebra (Gaussian elimination on bitboards), so it
holds for every board and rule variant (diagonal jumps, triangles, custom).

References
----------
N. G. de Bruijn, "A solitaire game and its relation to a finite field",
J. Recreational Math. 5 (1972). J. D. Beasley, *The Ins and Outs of Peg
Solitaire*, Oxford University Press, 1985, ch. 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from searchlab.i18n import _

from .board import Board


@dataclass(frozen=True)
class ClassSpace:
    """The span of a board's jump triples over GF(2), in echelon form.

    ``basis`` maps a pivot bit to a basis vector whose highest set bit is that
    pivot; ``invariants`` is a basis of the hole sets ``S`` with an even
    intersection with every jump triple (the parity invariants).
    """

    size: int
    basis: dict[int, int]
    invariants: tuple[int, ...]

    def reduce(self, vector: int) -> int:
        """``vector`` reduced modulo the span (0 exactly when it lies in the span)."""
        while vector:
            top = vector.bit_length() - 1
            row = self.basis.get(top)
            if row is None:
                return vector
            vector ^= row
        return 0

    def same_class(self, p: int, q: int) -> bool:
        """Whether positions ``p`` and ``q`` are in the same position class."""
        return self.reduce(p ^ q) == 0

    def witness(self, p: int, q: int) -> int | None:
        """A hole set whose peg-count parity differs in ``p`` and ``q`` (None: same class)."""
        diff = p ^ q
        found = [s for s in self.invariants if (s & diff).bit_count() % 2]
        if not found:
            return None
        # prefer a small set: try sums of pairs of invariants too
        best = min(found, key=int.bit_count)
        for s in self.invariants:
            for t in found:
                u = s ^ t
                if u and (u & diff).bit_count() % 2 and u.bit_count() < best.bit_count():
                    best = u
        return best

    @property
    def classes(self) -> int:
        """Number of position classes (2 ** number of independent invariants)."""
        return 1 << len(self.invariants)


@cache
def class_space(board: Board) -> ClassSpace:
    """The position-class structure of ``board`` (cached per board).

    Complexity: O(J * n) bit operations on n-bit integers for J jumps.
    """
    basis: dict[int, int] = {}
    for a, b, c in board.jumps:
        v = (1 << a) | (1 << b) | (1 << c)
        while v:
            top = v.bit_length() - 1
            if top not in basis:
                basis[top] = v
                break
            v ^= basis[top]
    # The invariants form the null space of the jump matrix: the orthogonal
    # complement of the span. Fully reduce the basis, then read it off.
    pivots = sorted(basis)
    for p in pivots:
        for q in pivots:
            if q != p and basis[q] >> p & 1:
                basis[q] ^= basis[p]
    free = [i for i in range(board.size) if i not in basis]
    invariants = []
    for f in free:
        s = 1 << f
        for p in pivots:
            if basis[p] >> f & 1:
                s |= 1 << p
        invariants.append(s)
    return ClassSpace(board.size, basis, tuple(invariants))


def impossibility_reason(board: Board, start: int, target: int | None) -> str | None:
    """Why no sequence of jumps can lead from ``start`` to ``target``, or None if none is known.

    ``target`` None means "one peg anywhere". Checks the peg counts and the
    position class; a None answer does not promise a solution exists.
    """
    pegs = start.bit_count()
    if pegs == 0:
        return _("the start position has no pegs")
    if target is not None:
        if target == 0:
            return _("the finish position has no pegs")
        goal_pegs = target.bit_count()
        if goal_pegs > pegs:
            return _("every jump removes a peg: {pegs} pegs cannot become {goal_pegs}").format(
                pegs=pegs, goal_pegs=goal_pegs
            )
        space = class_space(board)
        s = space.witness(start, target)
        if s is not None:
            holes = " ".join(board.hole_name(i) for i in board.pegs(s))
            parity = (_("even"), _("odd"))
            return _(
                "the start and finish are in different position classes (rule of three): "
                "every jump keeps the parity of the number of pegs on the holes {holes}, "
                "which is {start_parity} at the start and {finish_parity} at the finish"
            ).format(
                holes=holes,
                start_parity=parity[(start & s).bit_count() % 2],
                finish_parity=parity[(target & s).bit_count() % 2],
            )
        return None
    if not finishing_holes(board, start):
        return _(
            "no single-peg finish is in the start's position class (rule of three), "
            "so the board cannot be reduced to one peg"
        )
    return None


def finishing_holes(board: Board, start: int) -> list[int]:
    """The holes where a single final peg is allowed by the position class of ``start``."""
    space = class_space(board)
    return [h for h in range(board.size) if space.same_class(start, 1 << h)]
