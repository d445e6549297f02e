"""Small random weighted graphs like the textbook's, as engine problems, and their pictures.

:func:`random_graph` places a handful of cities (``S`` the start, ``G`` the goal, the
others ``A``, ``B``, ...) on a small grid, joins them into a connected undirected graph
whose road costs are at least their straight-line distance, and gives each city the
straight-line distance to ``G`` rounded down as its heuristic: admissible and
consistent by the triangle inequality (an edge costs an integer ``c >= d(u, v)``, so
``floor(d(u, G)) <= floor(c + d(v, G)) = c + floor(d(v, G))``). :func:`perturbed`
spoils a few values for the audit questions. Everything is drawn from one
``random.Random(seed)``: the same seed gives the same graph.

:class:`GraphProblem` is the engine :class:`~searchlab.search.Problem` on such a graph:
the successors of a city are its neighbours **in alphabetical order** (the tie rule
every worked solution states), the action is the neighbour's name.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from html import escape

from searchlab.search import Problem

NAMES = "ABCDEFHIJKLM"  # the other cities (G is the goal, S the start)


@dataclass(frozen=True)
class Graph:
    """An undirected weighted graph with positions (for the picture) and a heuristic."""

    nodes: tuple[str, ...]
    pos: Mapping[str, tuple[int, int]]
    edges: Mapping[tuple[str, str], int]  # (u, v) with u < v -> cost
    h: Mapping[str, float]
    start: str = "S"
    goal: str = "G"
    adj: dict[str, list[tuple[str, int]]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        adj: dict[str, list[tuple[str, int]]] = {n: [] for n in self.nodes}
        for (u, v), c in self.edges.items():
            adj[u].append((v, c))
            adj[v].append((u, c))
        for n in adj:
            adj[n].sort()
        object.__setattr__(self, "adj", adj)

    def neighbours(self, node: str) -> list[tuple[str, int]]:
        """``(neighbour, cost)`` in alphabetical order of the neighbour."""
        return self.adj[node]

    def cost(self, u: str, v: str) -> int:
        return self.edges[(u, v) if u < v else (v, u)]

    def with_h(self, h: Mapping[str, float]) -> Graph:
        return Graph(self.nodes, self.pos, self.edges, dict(h), self.start, self.goal)

    def as_dict(self) -> dict[str, object]:
        return {
            "nodes": list(self.nodes),
            "start": self.start,
            "goal": self.goal,
            "edges": [[u, v, c] for (u, v), c in sorted(self.edges.items())],
            "h": {n: self.h[n] for n in self.nodes},
        }


class GraphProblem(Problem[str, str]):
    """Route finding on a :class:`Graph` from its start to its goal."""

    def __init__(self, graph: Graph, *, goal: bool = True) -> None:
        self.graph = graph
        self.has_goal = goal

    def initial_state(self) -> str:
        return self.graph.start

    def is_goal(self, state: str) -> bool:
        return self.has_goal and state == self.graph.goal

    def successors(self, state: str) -> Iterator[tuple[str, str, float]]:
        for v, c in self.graph.neighbours(state):
            yield v, v, c

    def heuristic(self, state: str) -> float:
        return self.graph.h[state]


def random_graph(rng: random.Random, size: int = 7, extra: int = 3) -> Graph:
    """A connected graph of ``size`` cities (4..13) with ``extra`` edges beyond a tree.

    Positions are distinct points of an 8 x 5 grid, ``S`` on the left and ``G`` on the
    right; the tree joins each new city to its nearest placed one, then ``extra``
    short non-edges are added. Costs are ``ceil(distance)`` plus 0..2.
    """
    size = max(4, min(size, len(NAMES) + 2))
    names = ["S", *NAMES[: size - 2], "G"]
    cells = [(x, y) for x in range(1, 7) for y in range(5)]
    rng.shuffle(cells)
    pos: dict[str, tuple[int, int]] = {"S": (0, rng.randrange(5)), "G": (7, rng.randrange(5))}
    for n, cell in zip(names[1:-1], cells, strict=False):
        pos[n] = cell

    def dist(u: str, v: str) -> float:
        (x1, y1), (x2, y2) = pos[u], pos[v]
        return math.hypot(x1 - x2, y1 - y2)

    def clear(u: str, v: str) -> bool:
        """Whether the segment u-v passes well away from every other city (a clean drawing)."""
        (x1, y1), (x2, y2) = pos[u], pos[v]
        length2 = (x2 - x1) ** 2 + (y2 - y1) ** 2
        for w in names:
            if w in (u, v):
                continue
            px, py = pos[w]
            t = max(0.0, min(1.0, ((px - x1) * (x2 - x1) + (py - y1) * (y2 - y1)) / length2))
            if math.hypot(px - x1 - t * (x2 - x1), py - y1 - t * (y2 - y1)) < 0.5:
                return False
        return True

    def road(u: str, v: str) -> int:
        return math.ceil(dist(u, v) - 1e-9) + rng.randrange(3)

    edges: dict[tuple[str, str], int] = {}
    middle = names[1:-1]
    rng.shuffle(middle)
    placed = ["S"]
    for n in [*middle, "G"]:  # the goal last, so that it hangs off a city, never off S
        near = min(
            (p for p in placed if {n, p} != {"S", "G"}),
            key=lambda p: (not clear(n, p), dist(n, p), p),
        )
        edges[_pair(n, near)] = road(n, near)
        placed.append(n)
    pairs = sorted(
        (dist(u, v), u, v)
        for i, u in enumerate(names)
        for v in names[i + 1 :]
        if _pair(u, v) not in edges and {u, v} != {"S", "G"} and clear(u, v)
    )
    for _d, u, v in pairs[: extra * 2][::2][:extra]:
        edges[_pair(u, v)] = road(u, v)
    h = {n: float(math.floor(dist(n, "G") + 1e-9)) for n in names}
    return Graph(tuple(sorted(names)), pos, edges, h)


def _pair(u: str, v: str) -> tuple[str, str]:
    return (u, v) if u < v else (v, u)


def interesting(graph: Graph) -> bool:
    """Whether the least-cost path has at least three roads (a question worth asking)."""
    best: dict[str, float] = {graph.start: 0}
    frontier = [graph.start]
    depth = {graph.start: 0}
    while frontier:  # Bellman-Ford style relaxation, tiny graphs
        nxt = []
        for u in frontier:
            for v, c in graph.neighbours(u):
                if best[u] + c < best.get(v, math.inf):
                    best[v] = best[u] + c
                    depth[v] = depth[u] + 1
                    nxt.append(v)
        frontier = nxt
    return depth.get(graph.goal, 0) >= 3


def perturbed(graph: Graph, rng: random.Random) -> Graph:
    """The graph with one or two heuristic values raised (or none, one time in four):
    the audit questions' heuristic, which may or may not stay admissible or consistent."""
    h = dict(graph.h)
    choices = [n for n in graph.nodes if n != graph.goal]
    for n in rng.sample(choices, rng.choice((0, 1, 1, 2))):
        h[n] = h[n] + rng.randint(1, 4)
    return graph.with_h(h)


def graph_svg(graph: Graph, *, scale: int = 70, show_h: bool = True) -> str:
    """The graph as a standalone SVG: cities as circles with their name (and ``h``
    beside them), roads as lines with their cost at the middle."""
    pad = 34
    xs = [p[0] for p in graph.pos.values()]
    ys = [p[1] for p in graph.pos.values()]
    width = (max(xs) - min(xs)) * scale + 2 * pad
    height = (max(ys) - min(ys)) * scale + 2 * pad + 10

    def at(n: str) -> tuple[float, float]:
        x, y = graph.pos[n]
        return pad + (x - min(xs)) * scale, pad + (y - min(ys)) * scale

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" role="img">'
    ]
    for (u, v), c in sorted(graph.edges.items()):
        (x1, y1), (x2, y2) = at(u), at(v)
        out.append(
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
            'stroke="#555" stroke-width="1.5"/>'
        )
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append(
            f'<rect x="{mx - 9:.0f}" y="{my - 8:.0f}" width="18" height="15" fill="#fff"/>'
            f'<text x="{mx:.0f}" y="{my + 4:.0f}" font-size="12" text-anchor="middle" '
            f'fill="#036">{c}</text>'
        )
    for n in graph.nodes:
        x, y = at(n)
        fill = "#cfe8cf" if n == graph.start else "#f6d3d3" if n == graph.goal else "#fff"
        out.append(
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="14" fill="{fill}" stroke="#222"/>'
            f'<text x="{x:.0f}" y="{y + 5:.0f}" font-size="14" font-weight="bold" '
            f'text-anchor="middle">{escape(n)}</text>'
        )
        if show_h:
            out.append(
                f'<text x="{x:.0f}" y="{y + 29:.0f}" font-size="11" text-anchor="middle" '
                f'fill="#a40">h={graph.h[n]:g}</text>'
            )
    out.append("</svg>")
    return "".join(out)
