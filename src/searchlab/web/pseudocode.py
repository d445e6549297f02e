"""The pseudocode the watch shows beside the board, one listing per engine algorithm.

Each listing follows the textbook figure its algorithm's docstring cites (Russell &
Norvig, AIMA 4th ed.: BREADTH-FIRST-SEARCH Fig. 3.9, BEST-FIRST-SEARCH Fig. 3.7,
ITERATIVE-DEEPENING-SEARCH and DEPTH-LIMITED-SEARCH Fig. 3.12, BIBF-SEARCH Fig. 3.14;
Korf 1985 for IDA*), written in the order the engine does the work, so that each
moment the trace records (:mod:`searchlab.web.watch_trace`) is one line:

* ``start``: step 0, the frontier holds the start node;
* ``expand``: a node was expanded and its children generated (an ``expand`` event
  and its ``generate`` events);
* ``pass``: the iterative searches (IDDFS, IDA*) expand the start again, the next pass
  of the outer loop with a deeper limit or a higher bound;
* ``goal``: the ``solution`` event, where the search returns;
* ``fail``: the search ended without a solution (status ``no_solution``).

The page marks the line of the step shown (``aria-current="step"``). A search stopped
by one of the watch's bounds keeps its last expansion's line: no line of the algorithm
stops it (the status under the board says why it stopped).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from searchlab import i18n
from searchlab.i18n import N_

MARKS = ("start", "expand", "pass", "goal", "fail")
"""The trace's moments a line can stand for (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line: its depth of indentation, its text (a message id), the moment it marks."""

    indent: int
    text: str
    mark: str | None = None


def _lines(*spec: tuple[int, str] | tuple[int, str, str]) -> tuple[Line, ...]:
    return tuple(Line(*s) for s in spec)


_BFS = _lines(
    (0, N_("function BREADTH-FIRST-SEARCH(problem) returns a solution or failure")),
    (1, N_("node ← NODE(problem.INITIAL)")),
    (1, N_("if problem.IS-GOAL(node.STATE) then return node")),
    (1, N_("frontier ← a FIFO queue, with node as an element"), "start"),
    (1, N_("reached ← a set holding problem.INITIAL")),
    (1, N_("while not IS-EMPTY(frontier) do")),
    (2, N_("node ← POP(frontier)   ▹ the node that waited longest")),
    (2, N_("for each child in EXPAND(problem, node) do"), "expand"),
    (3, N_("s ← child.STATE")),
    (3, N_("if s is not in reached then")),
    (4, N_("add s to reached")),
    (4, N_("if problem.IS-GOAL(s) then return child"), "goal"),
    (4, N_("add child to frontier")),
    (1, N_("return failure"), "fail"),
)


def _best_first(header: str, f: str, reached: str) -> tuple[Line, ...]:
    return _lines(
        (0, header),
        (1, f),
        (1, N_("node ← NODE(problem.INITIAL)")),
        (1, N_("frontier ← a priority queue ordered by f, with node as an element"), "start"),
        (1, N_("reached ← a table with one entry: problem.INITIAL ↦ node")),
        (1, N_("while not IS-EMPTY(frontier) do")),
        (2, N_("node ← POP(frontier)   ▹ the least f")),
        (2, N_("if problem.IS-GOAL(node.STATE) then return node"), "goal"),
        (2, N_("for each child in EXPAND(problem, node) do"), "expand"),
        (3, N_("s ← child.STATE")),
        (3, reached),
        (4, N_("reached[s] ← child")),
        (4, N_("add child to frontier")),
        (1, N_("return failure"), "fail"),
    )


_REOPEN = N_("if s is not in reached or child.PATH-COST < reached[s].PATH-COST then")
_NO_REOPEN = N_("if s is not in reached then")

_DFS = _lines(
    (0, N_("function DEPTH-FIRST-SEARCH(problem) returns a solution or failure")),
    (1, N_("frontier ← a LIFO stack, with NODE(problem.INITIAL) as an element"), "start"),
    (1, N_("reached ← an empty set")),
    (1, N_("while not IS-EMPTY(frontier) do")),
    (2, N_("node ← POP(frontier)   ▹ the node pushed last")),
    (2, N_("if node.STATE is in reached then continue")),
    (2, N_("add node.STATE to reached")),
    (2, N_("if problem.IS-GOAL(node.STATE) then return node"), "goal"),
    (2, N_("for each child in EXPAND(problem, node), last to first, do"), "expand"),
    (3, N_("if child.STATE is not in reached then push child onto frontier")),
    (1, N_("return failure"), "fail"),
)


def _dls(header: str) -> tuple[Line, ...]:
    return _lines(
        (0, header),
        (1, N_("result ← failure")),
        (1, N_("for each child in EXPAND(problem, node) do"), "expand"),
        (2, N_("if child.STATE is on the path to node then continue   ▹ a cycle")),
        (2, N_("if problem.IS-GOAL(child.STATE) then return child"), "goal"),
        (2, N_("if DEPTH(child) = ℓ then result ← cutoff")),
        (2, N_("else")),
        (3, N_("r ← DEPTH-LIMITED-SEARCH(problem, child, ℓ)")),
        (3, N_("if r is a solution then return r")),
        (3, N_("if r = cutoff then result ← cutoff")),
        (1, N_("return result")),
    )


_DLS_HEADER = N_(
    "function DEPTH-LIMITED-SEARCH(problem, node, ℓ) returns a solution, failure or cutoff"
)

_IDDFS = (
    *_lines(
        (0, N_("function ITERATIVE-DEEPENING-SEARCH(problem) returns a solution or failure")),
        (1, N_("if problem.IS-GOAL(problem.INITIAL) then return NODE(problem.INITIAL)"), "start"),
        (1, N_("for ℓ = 0, 1, 2, … do")),
        (2, N_("result ← DEPTH-LIMITED-SEARCH(problem, NODE(problem.INITIAL), ℓ)"), "pass"),
        (2, N_("if result ≠ cutoff then return result"), "fail"),
    ),
    *_dls(_DLS_HEADER),
)

_DLS_ONLY = (
    *_lines(
        (0, N_("function DEPTH-LIMITED-SEARCH(problem, ℓ) returns a solution, failure or cutoff")),
        (1, N_("if problem.IS-GOAL(problem.INITIAL) then return NODE(problem.INITIAL)"), "start"),
        (1, N_("return DEPTH-LIMITED-SEARCH(problem, NODE(problem.INITIAL), ℓ)"), "fail"),
    ),
    *_dls(_DLS_HEADER),
)

_IDASTAR = _lines(
    (0, N_("function IDA*-SEARCH(problem) returns a solution or failure")),
    (1, N_("bound ← h(problem.INITIAL)"), "start"),
    (1, N_("loop do")),
    (2, N_("t ← SEARCH(problem, NODE(problem.INITIAL), bound)"), "pass"),
    (2, N_("if t is a solution then return t")),
    (2, N_("if t = ∞ then return failure"), "fail"),
    (2, N_("bound ← t   ▹ the least f that was over the bound")),
    (0, N_("function SEARCH(problem, node, bound) returns a solution or the least f over bound")),
    (1, N_("next ← ∞")),
    (1, N_("for each child in EXPAND(problem, node) do"), "expand"),
    (2, N_("if child.STATE is on the path to node then continue   ▹ a cycle")),
    (2, N_("f ← g(child) + h(child)")),
    (2, N_("if f > bound then next ← min(next, f); continue")),
    (2, N_("if problem.IS-GOAL(child.STATE) then return child"), "goal"),
    (2, N_("t ← SEARCH(problem, child, bound)")),
    (2, N_("if t is a solution then return t")),
    (2, N_("next ← min(next, t)")),
    (1, N_("return next")),
)

_BACKTRACK = _lines(
    (0, N_("function BACKTRACKING-SEARCH(problem) returns a solution or failure")),
    (1, N_("if problem.IS-GOAL(problem.INITIAL) then return NODE(problem.INITIAL)")),
    (1, N_("return BACKTRACK(problem, NODE(problem.INITIAL))"), "start"),
    (0, N_("function BACKTRACK(problem, node) returns a solution or failure")),
    (1, N_("for each child in ORDER(EXPAND(problem, node)) do"), "expand"),
    (2, N_("if child.STATE is on the path to node then continue   ▹ a cycle")),
    (2, N_("if problem.IS-GOAL(child.STATE) then return child"), "goal"),
    (2, N_("result ← BACKTRACK(problem, child)")),
    (2, N_("if result ≠ failure then return result")),
    (1, N_("return failure   ▹ back up: try the parent's next child"), "fail"),
)

_BIBFS = _lines(
    (0, N_("function BIDIRECTIONAL-SEARCH(problem) returns a solution or failure")),
    (1, N_("frontierF ← a priority queue ordered by g, with NODE(problem.INITIAL)"), "start"),
    (1, N_("frontierB ← a priority queue ordered by g, with a node for each goal")),
    (1, N_("μ ← ∞   ▹ the cost of the best path through a meeting state")),
    (1, N_("while TOP(frontierF) + TOP(frontierB) < μ do")),
    (2, N_("side ← the side whose frontier is smaller")),
    (2, N_("node ← POP(frontier of side)")),
    (
        2,
        N_("for each n in EXPAND(node) (forward: successors; backward: predecessors) do"),
        "expand",
    ),
    (3, N_("if n is new to this side, or reached more cheaply, then")),
    (4, N_("add n to this side's frontier")),
    (4, N_("if the other side reached n then μ ← min(μ, its cost through n)")),
    (1, N_("if μ = ∞ then return failure"), "fail"),
    (1, N_("return the path start → meeting state → goal"), "goal"),
)

PSEUDOCODE: dict[str, tuple[Line, ...]] = {
    "bfs": _BFS,
    "dfs": _DFS,
    "dls": _DLS_ONLY,
    "iddfs": _IDDFS,
    "ucs": _best_first(
        N_("function UNIFORM-COST-SEARCH(problem) returns a solution or failure"),
        N_("f(n) = g(n)   ▹ the path cost (BEST-FIRST-SEARCH)"),
        _REOPEN,
    ),
    "greedy": _best_first(
        N_("function GREEDY-BEST-FIRST-SEARCH(problem) returns a solution or failure"),
        N_("f(n) = h(n)   ▹ the heuristic alone (BEST-FIRST-SEARCH)"),
        _NO_REOPEN,
    ),
    "astar": _best_first(
        N_("function A*-SEARCH(problem) returns a solution or failure"),
        N_("f(n) = g(n) + h(n)   ▹ (BEST-FIRST-SEARCH)"),
        _REOPEN,
    ),
    "wastar": _best_first(
        N_("function WEIGHTED-A*-SEARCH(problem, W) returns a solution or failure"),
        N_("f(n) = g(n) + W·h(n)   ▹ (BEST-FIRST-SEARCH)"),
        _REOPEN,
    ),
    "idastar": _IDASTAR,
    "bibfs": _BIBFS,
    "backtrack": _BACKTRACK,
}
"""Every engine algorithm's listing (tests check the registry has no algorithm without one)."""

MESSAGES = tuple(dict.fromkeys(line.text for lines in PSEUDOCODE.values() for line in lines))
"""Every line's message id, for the catalog."""


def listings(lang: str) -> dict[str, list[dict[str, Any]]]:
    """Every listing in ``lang``: ``{algorithm: [{indent, text, mark}, …]}``."""
    shown = i18n.translated(MESSAGES, lang)
    return {
        name: [{"indent": ln.indent, "text": shown[ln.text], "mark": ln.mark} for ln in lines]
        for name, lines in PSEUDOCODE.items()
    }
