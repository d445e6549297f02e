"""The teaching view: which nodes a search expanded, in order, and the state graph it explored.

:class:`Recorder` is an engine ``observer``: it keeps the expansion order with
g, h and f = g + h of each node (h from the problem's heuristic, shown even
for algorithms that ignore it, so BFS, greedy and A* can be compared), and the
parent links of the generated states. :func:`graph_svg` draws the explored
graph as layers by depth (the start on top), each node a small board, the
edges of the solution path in red, in the manner of Figure 2 of the course's 8-puzzle A* assignment
(a breadth-first search of an 8-puzzle).

Only small searches are recorded in full: past ``max_nodes`` states the
recorder stops adding nodes and says the drawing is truncated.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from searchlab.search import Problem, SearchEvent
from searchlab.view import View, size, view_svg

TEACH_MAX_EXPANSIONS = 3000
GRAPH_MAX_NODES = 400
THUMB_MAX_NODES = 150


@dataclass(slots=True)
class Node:
    key: Hashable
    state: Any
    depth: int
    parent: Hashable | None
    order: int | None = None  # expansion order (1-based), None if only generated
    g: float = 0.0
    h: float = 0.0


@dataclass
class Recorder:
    """Engine observer recording expansions and the explored tree (bounded)."""

    problem: Problem[Any, Any]
    max_nodes: int = GRAPH_MAX_NODES
    nodes: dict[Hashable, Node] = field(default_factory=dict)
    expansions: list[Node] = field(default_factory=list)
    edges: set[tuple[Hashable, Hashable]] = field(default_factory=set)
    truncated: bool = False

    def _node(self, state: Any, depth: int, parent: Hashable | None) -> Node | None:
        key = self.problem.key(state)
        node = self.nodes.get(key)
        if node is None:
            if len(self.nodes) >= self.max_nodes:
                self.truncated = True
                return None
            node = Node(key, state, depth, parent)
            self.nodes[key] = node
        return node

    def __call__(self, ev: SearchEvent) -> None:
        if ev.kind == "expand":
            node = self._node(ev.state, ev.depth, None)
            h = float(self.problem.heuristic(ev.state))
            row = Node(self.problem.key(ev.state), ev.state, ev.depth, None, 0, float(ev.g), h)
            row.order = len(self.expansions) + 1
            if len(self.expansions) < TEACH_MAX_EXPANSIONS:
                self.expansions.append(row)
            if node is not None and node.order is None:
                node.order = row.order
                node.g, node.h = row.g, h
        elif ev.kind == "generate":
            pkey = None if ev.parent is None else self.problem.key(ev.parent)
            node = self._node(ev.state, ev.depth, pkey)
            if node is not None and pkey is not None and pkey in self.nodes:
                self.edges.add((pkey, node.key))

    def table(
        self, label: Callable[[Any], str], view: Callable[[Any], View] | None = None
    ) -> list[dict[str, Any]]:
        """The expansion order as rows: order, depth, g, h, f, a label (and a view)."""
        rows = []
        for n in self.expansions:
            row: dict[str, Any] = {
                "order": n.order,
                "depth": n.depth,
                "g": n.g,
                "h": n.h,
                "f": n.g + n.h,
                "label": label(n.state),
            }
            if view is not None:
                row["view"] = view(n.state)
            rows.append(row)
        return rows


def _layout(rec: Recorder) -> dict[Hashable, tuple[float, int]]:
    """A tidy layered tree: leaves on consecutive slots, parents above the middle
    of their children, children in generation order. Returns key -> (slot, depth)."""
    children: dict[Hashable, list[Hashable]] = {}
    roots = []
    for key, node in rec.nodes.items():
        if node.parent is None or node.parent not in rec.nodes:
            roots.append(key)
        else:
            children.setdefault(node.parent, []).append(key)
    pos: dict[Hashable, tuple[float, int]] = {}
    next_slot = 0.0
    for root in roots:
        stack: list[tuple[Hashable, int, bool]] = [(root, 0, False)]
        while stack:
            key, depth, done = stack.pop()
            kids = children.get(key, [])
            if not done and kids:
                stack.append((key, depth, True))
                stack.extend((k, depth + 1, False) for k in reversed(kids))
                continue
            if kids:
                xs = [pos[k][0] for k in kids]
                pos[key] = ((xs[0] + xs[-1]) / 2, depth)
            else:
                pos[key] = (next_slot, depth)
                next_slot += 1
    return pos


def graph_svg(
    rec: Recorder,
    solution: list[Any],
    view: Callable[[Any], View],
    *,
    title: str = "",
) -> str:
    """The explored state graph as a standalone SVG, solution edges in red.

    Nodes are small boards while there are at most ``THUMB_MAX_NODES`` of them,
    numbered dots beyond that. Expanded nodes have a solid frame, nodes only
    generated a dashed one; the number under a node is its expansion order.
    """
    sol_keys = [rec.problem.key(s) for s in solution]
    # The solution path is always drawn, even past the node cap.
    for i, (key, state) in enumerate(zip(sol_keys, solution, strict=True)):
        if key not in rec.nodes:
            parent = sol_keys[i - 1] if i else None
            rec.nodes[key] = Node(key, state, i, parent)
        if i:
            rec.edges.add((sol_keys[i - 1], key))
    pos = _layout(rec)
    on_path = set(sol_keys)
    sol_edges = set(itertools.pairwise(sol_keys))
    thumbs = len(rec.nodes) <= THUMB_MAX_NODES
    sample = next(iter(rec.nodes.values()), None)
    cell = 12
    if thumbs and sample is not None:
        v = view(sample.state)
        cell = max(4, min(14, 84 // max(v["rows"], v["cols"])))
        tw, th = size(v, cell)
    else:
        tw = th = 18
    gap_x, gap_y = tw + 14, th + 46
    width = int(max((p[0] for p in pos.values()), default=0) * gap_x + tw + 40)
    width = max(width, 40 + 8 * len(title))  # room for the title (about 8 px a character)
    height = int(max((p[1] for p in pos.values()), default=0) * gap_y + th + 60)
    top = 30 if title else 10

    def centre(key: Hashable) -> tuple[float, float]:
        slot, depth = pos[key]
        return 20 + slot * gap_x + tw / 2, top + depth * gap_y + th / 2

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + top}" '
        f'width="{width}" height="{height + top}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height + top}" fill="#fff"/>',
    ]
    if title:
        out.append(f'<text x="20" y="20" font-size="14">{escape(title)}</text>')
    for a, b in sorted(rec.edges, key=lambda e: (e in sol_edges, str(e))):
        if a not in pos or b not in pos:
            continue
        (x1, y1), (x2, y2) = centre(a), centre(b)
        red = (a, b) in sol_edges
        out.append(
            f'<line x1="{x1:g}" y1="{y1 + th / 2:g}" x2="{x2:g}" y2="{y2 - th / 2:g}" '
            f'stroke="{"#d62828" if red else "#9a9a9a"}" stroke-width="{3 if red else 1}"/>'
        )
    for key, node in rec.nodes.items():
        cx, cy = centre(key)
        x, y = cx - tw / 2, cy - th / 2
        frame = "#d62828" if key in on_path else "#555"
        dash = "" if node.order is not None else ' stroke-dasharray="3,2"'
        if thumbs:
            inner = view_svg(view(node.state), cell=cell, standalone=False)
            inner = inner.replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1)
            out.append(inner)
            out.append(
                f'<rect x="{x:g}" y="{y:g}" width="{tw}" height="{th}" fill="none" '
                f'stroke="{frame}" stroke-width="{2.5 if key in on_path else 1}"{dash}/>'
            )
        else:
            fill = "#d62828" if key in on_path else ("#555" if node.order else "#fff")
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="{tw / 2 - 2:g}" fill="{fill}" '
                f'stroke="#555"{dash}/>'
            )
        if node.order is not None:
            out.append(
                f'<text x="{cx:g}" y="{y + th + 12:g}" font-size="11" text-anchor="middle" '
                f'fill="#333">{node.order}</text>'
            )
    if rec.truncated:
        out.append(
            f'<text x="20" y="{height + top - 8}" font-size="12" fill="#a00">'
            f"only the first {len(rec.nodes)} states are drawn</text>"
        )
    out.append("</svg>")
    return "".join(out)
