"""Every kind of exercise against an independent computation, and every worked table replayed.

The references below are written from the textbook's pseudocode on a plain adjacency
dict, sharing nothing with the engine: if the engine's answer, its worked table and
these agree on many random graphs, the questions can be trusted.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.teaching import exercises as E
from searchlab.teaching.trace import TRACED

SEEDS = range(12)
Adj = dict[str, list[tuple[str, float]]]


def graph_of(q: E.Question) -> tuple[Adj, dict[str, float]]:
    g = q.data["graph"]
    adj: Adj = {n: [] for n in g["nodes"]}
    for u, v, c in g["edges"]:
        adj[u].append((v, c))
        adj[v].append((u, c))
    for n in adj:
        adj[n].sort()
    return adj, g["h"]


# -- references ------------------------------------------------------------------------


def ref_bfs(adj: Adj) -> tuple[list[str], list[str], float]:
    parent: dict[str, str | None] = {"S": None}
    cost = {"S": 0.0}
    queue, order = ["S"], []
    while queue:
        u = queue.pop(0)
        order.append(u)
        for v, c in adj[u]:
            if v in parent:
                continue
            parent[v], cost[v] = u, cost[u] + c
            if v == "G":
                return order, walk(parent, v), cost[v]
            queue.append(v)
    raise AssertionError("unreachable goal")


def ref_dfs(adj: Adj) -> tuple[list[str], list[str], float]:
    stack: list[tuple[str, str | None, float]] = [("S", None, 0.0)]
    parent: dict[str, str | None] = {}
    order: list[str] = []
    while stack:
        u, p, g = stack.pop()
        if u in parent:
            continue
        parent[u] = p
        if u == "G":
            return order, walk(parent, u), g
        order.append(u)
        for v, c in reversed(adj[u]):
            if v not in parent:
                stack.append((v, u, g + c))
    raise AssertionError("unreachable goal")


def ref_best_first(adj: Adj, h: dict[str, float], algo: str) -> tuple[list[str], list[str], float]:
    """Best-first by scanning the whole frontier (no heap): f is g, h or g + h; ties by
    the larger g (UCS, A*) or none (greedy), then the earlier generated."""

    def rank(n: str) -> tuple[float, float, int]:
        g, seq = frontier[n]
        f = {"ucs": g, "greedy": h[n], "astar": g + h[n]}[algo]
        return (f, 0 if algo == "greedy" else -g, seq)

    frontier = {"S": (0.0, 0)}
    best = {"S": 0.0}
    parent: dict[str, str | None] = {"S": None}
    order: list[str] = []
    seq = 0
    while frontier:
        u = min(frontier, key=rank)
        g, _ = frontier.pop(u)
        if u == "G":
            return order, walk(parent, u), g
        order.append(u)
        for v, c in adj[u]:
            if v in best and (g + c >= best[v] or algo == "greedy"):  # greedy never re-opens
                continue
            seq += 1
            best[v], parent[v], frontier[v] = g + c, u, (g + c, seq)
    raise AssertionError("unreachable goal")


def ref_iddfs(adj: Adj) -> tuple[list[str], list[str], float]:
    order: list[str] = []
    for limit in range(0, 50):
        cut = False

        def dls(path: list[str], g: float) -> tuple[list[str], float] | None:
            nonlocal cut
            u = path[-1]
            order.append(u)
            for v, c in adj[u]:
                if v in path:
                    continue
                if v == "G":
                    return [*path, v], g + c
                if len(path) >= limit:  # noqa: B023 (called within the pass)
                    cut = True
                    continue
                found = dls([*path, v], g + c)
                if found:
                    return found
            return None

        if limit > 0:
            found = dls(["S"], 0.0)
            if found:
                return order, found[0], found[1]
        else:
            cut = True
        if not cut:
            break
    raise AssertionError("unreachable goal")


def ref_idastar(adj: Adj, h: dict[str, float]) -> tuple[list[str], list[str], float]:
    order: list[str] = []
    bound = h["S"]
    while True:
        nxt = math.inf

        def search(path: list[str], g: float) -> tuple[list[str], float] | None:
            nonlocal nxt
            u = path[-1]
            order.append(u)
            for v, c in adj[u]:
                if v in path:
                    continue
                f = g + c + h[v]
                if f > bound:  # noqa: B023 (called within the pass)
                    nxt = min(nxt, f)
                    continue
                if v == "G":
                    return [*path, v], g + c
                found = search([*path, v], g + c)
                if found:
                    return found
            return None

        found = search(["S"], 0.0)
        if found:
            return order, found[0], found[1]
        assert nxt < math.inf
        bound = nxt


def walk(parent: dict[str, str | None], v: str) -> list[str]:
    out: list[str] = []
    node: str | None = v
    while node is not None:
        out.append(node)
        node = parent[node]
    return out[::-1]


def reference(algo: str, adj: Adj, h: dict[str, float]) -> tuple[list[str], list[str], float]:
    if algo == "bfs":
        return ref_bfs(adj)
    if algo == "dfs":
        return ref_dfs(adj)
    if algo == "iddfs":
        return ref_iddfs(adj)
    if algo == "idastar":
        return ref_idastar(adj, h)
    return ref_best_first(adj, h, algo)


def dijkstra_all(adj: Adj) -> dict[str, float]:
    """Exact distances to G (Floyd-Warshall, the simplest thing that is surely right)."""
    nodes = list(adj)
    d = {(a, b): 0.0 if a == b else math.inf for a in nodes for b in nodes}
    for u in nodes:
        for v, c in adj[u]:
            d[u, v] = min(d[u, v], c)
    for k in nodes:
        for i in nodes:
            for j in nodes:
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]
    return {n: d[n, "G"] for n in nodes}


# -- the kinds -------------------------------------------------------------------------


@pytest.mark.parametrize("algo", TRACED)
@pytest.mark.parametrize("seed", SEEDS)
def test_order_and_solution_match_the_references(algo: str, seed: int) -> None:
    q = E.generate(kind="order", seed=seed, count=1, algorithm=algo)[0]
    adj, h = graph_of(q)
    order, path, cost = reference(algo, adj, h)
    assert q.expect["value"] == order
    assert E.check(q, q.answer) and E.check(q, ", ".join(order).lower())
    s = E.generate(kind="solution", seed=seed, count=1, algorithm=algo)[0]
    assert s.expect["value"] == path and s.expect["cost"] == cost
    assert E.check(s, s.answer) and not E.check(s, " ".join(path) + f" {cost + 1}")
    replay(q)


def replay(q: E.Question) -> None:
    """The worked table replays: every row expands what the rule takes from the previous
    row's frontier, and the frontier changes only by that node and its children."""
    steps = q.steps
    assert [s["node"] for s in steps] == q.expect["value"][: len(steps)]
    if q.algorithm in ("iddfs", "idastar"):
        for s in steps:
            assert s["path"][-1] == s["node"] and len(s["path"]) == s["depth"] + 1
            for c in s["children"]:
                if c["note"] == "bound":
                    assert c["g"] + c["h"] > s["bound"]
                elif c["note"] != "cycle" and q.algorithm == "idastar":
                    assert c["g"] + c["h"] <= s["bound"]
        return
    prev: list[list[Any]] = [["S", 0, None]]
    explored: set[str] = set()
    for s in steps:
        names = [e[0] for e in prev if q.algorithm != "dfs" or e[0] not in explored]
        assert names and names[0] == s["node"], (q.algorithm, prev, s["node"])
        explored.add(s["node"])
        added = [c["node"] for c in s["children"] if c["note"] in ("new", "better", "goal")]
        now = [e[0] for e in s["frontier"]]
        if q.algorithm == "dfs":
            popped = [e[0] for e in prev]
            popped = popped[popped.index(s["node"]) + 1 :]
            assert now == added[::-1] + popped
        else:
            before = [e[0] for e in prev]
            before.remove(s["node"])
            assert sorted(now) == sorted(set(before) | set(added))
            if q.algorithm == "bfs":
                assert now == before + added
        assert sorted(s["explored"]) == sorted(explored)
        prev = s["frontier"]


@pytest.mark.parametrize("seed", SEEDS)
def test_ghf_is_what_astar_has_at_that_expansion(seed: int) -> None:
    q = E.generate(kind="ghf", seed=seed, count=1)[0]
    adj, h = graph_of(q)
    k = len(q.rows)
    # an independent A* recording g at each expansion
    order, _path, _cost = ref_best_first(adj, h, "astar")
    node = order[k - 1]
    g = q.expect["value"][0]
    assert q.expect["value"] == [g, h[node], g + h[node]]
    assert q.rows[-1][1] == node
    assert g >= dijkstra_from_s(adj)[node]  # A* may expand a node before its best g
    assert E.check(q, q.answer) and not E.check(q, "1 2 3 4")


def dijkstra_from_s(adj: Adj) -> dict[str, float]:
    dist = {n: math.inf for n in adj}
    dist["S"] = 0.0
    todo = set(adj)
    while todo:
        u = min(todo, key=lambda n: dist[n])
        todo.remove(u)
        for v, c in adj[u]:
            dist[v] = min(dist[v], dist[u] + c)
    return dist


def ref_ids_count(adj: Adj, depth: int) -> int:
    total = 0
    for limit in range(depth + 1):
        cut = False

        def count(path: list[str]) -> int:
            nonlocal cut
            if len(path) - 1 >= limit:  # noqa: B023 (called within the pass)
                cut = True
                return 0
            n = 0
            for v, _c in adj[path[-1]]:
                if v not in path:
                    n += 1 + count([*path, v])
            return n

        total += 1 + count(["S"])
        if not cut:
            break
    return total


@pytest.mark.parametrize("seed", SEEDS)
def test_ids_count_matches_a_recursive_count(seed: int) -> None:
    q = E.generate(kind="ids", seed=seed, count=1)[0]
    adj, _h = graph_of(q)
    assert q.expect["value"] == [ref_ids_count(adj, q.data["depth"])]
    assert int(q.rows[-1][1]) == q.expect["value"][0]
    assert sum(int(r[1]) for r in q.rows[:-1]) == q.expect["value"][0]


@pytest.mark.parametrize("seed", SEEDS)
def test_optimal_set_matches_the_references(seed: int) -> None:
    q = E.generate(kind="optimal", seed=seed, count=1)[0]
    adj, h = graph_of(q)
    best = dijkstra_all(adj)["S"]
    expected = [a for a in TRACED if math.isclose(reference(a, adj, h)[2], best)]
    assert q.expect["value"] == expected
    assert E.check(q, q.answer)
    assert E.check(q, " ".join({"astar": "a*", "idastar": "IDA*"}.get(a, a) for a in expected))


@pytest.mark.parametrize("seed", range(30))
def test_audit_matches_brute_force(seed: int) -> None:
    q = E.generate(kind="audit", seed=seed, count=1)[0]
    adj, h = graph_of(q)
    exact = dijkstra_all(adj)
    admissible = all(h[n] <= exact[n] for n in adj)
    consistent = h["G"] == 0 and all(h[u] <= c + h[v] for u in adj for v, c in adj[u])
    assert q.expect["value"] == [admissible, consistent]
    assert E.check(q, q.answer)
    yes_no = ["yes" if b else "no" for b in (admissible, consistent)]
    assert (
        E.check(q, " ".join(yes_no)) and not E.check(q, " ".join(yes_no[::-1]))
    ) or admissible == consistent


def test_audit_questions_show_both_verdicts() -> None:
    seen = {tuple(E.generate(kind="audit", seed=s, count=1)[0].expect["value"]) for s in range(30)}
    assert {(True, True), (True, False)} <= seen


def test_same_seed_same_questions_and_spanish() -> None:
    a = [q.as_dict() for q in E.generate(seed=7, count=6)]
    b = [q.as_dict() for q in E.generate(seed=7, count=6)]
    assert a == b
    assert {q["kind"] for q in a} == set(E.KINDS)
    from searchlab import i18n

    i18n.use("es")
    try:
        es = E.generate(seed=7, count=6)
    finally:
        i18n.use("en")
    assert [q.expect for q in es] == [q["expect"] for q in a]
    assert all(q.prompt != p["prompt"] for q, p in zip(es, a, strict=True))


@pytest.mark.parametrize("family", E.board_families())
def test_board_questions_check_their_own_answers(family: str) -> None:
    for q in E.generate(family=family, seed=1, count=len(E.BOARD_KINDS)):
        assert E.check(q, q.answer), (family, q.kind, q.answer)
        assert q.picture.startswith("<svg")
        assert q.watch.startswith("/watch?family=")


def test_bad_requests_are_one_line_errors() -> None:
    from searchlab.errors import InputError

    for kwargs in ({"kind": "nope"}, {"family": "nope"}, {"count": 0}, {"algorithm": "x"}):
        with pytest.raises(InputError):
            E.generate(**kwargs)


@given(text=st.text(max_size=200), seed=st.integers(0, 40))
@settings(max_examples=60, deadline=None)
def test_check_never_raises_on_any_text(text: str, seed: int) -> None:
    q = QUESTIONS[seed % len(QUESTIONS)]
    assert E.check(q, text) in (True, False)


QUESTIONS = E.generate(seed=11, count=len(E.KINDS))


def board_problem(q: E.Question) -> Any:
    from urllib.parse import parse_qs, urlparse

    from searchlab import families

    query = parse_qs(urlparse(q.watch).query)
    fam = families.get(q.family)
    return fam.engine_problem(fam.read(q.data["board"]), query["ha"][0])


def ref_fewest_moves(problem: Any) -> float:
    """Breadth-first over the family's successor function (unit costs on these boards)."""
    start = problem.initial_state()
    seen = {problem.key(start)}
    layer, depth = [start], 0
    while layer:
        if any(problem.is_goal(s) for s in layer):
            return depth
        nxt = []
        for s in layer:
            for _a, child, _c in problem.successors(s):
                if problem.key(child) not in seen:
                    seen.add(problem.key(child))
                    nxt.append(child)
        layer, depth = nxt, depth + 1
    return math.inf


def ref_ids_board(problem: Any, depth: int) -> int:
    total = 0
    for limit in range(depth + 1):
        cut = False

        def count(path: list[Any], keys: list[Any], limit: int = limit) -> int:
            nonlocal cut
            if len(path) - 1 >= limit:
                cut = True
                return 0
            n = 0
            for _a, child, _c in problem.successors(path[-1]):
                k = problem.key(child)
                if k not in keys:
                    n += 1 + count([*path, child], [*keys, k])
            return n

        start = problem.initial_state()
        total += 1 + count([start], [problem.key(start)])
        if not cut:
            break
    return total


@pytest.mark.parametrize("family", E.board_families())
@pytest.mark.parametrize("seed", range(3))
def test_board_kinds_match_independent_counts(family: str, seed: int) -> None:
    ids = E.generate(family=family, kind="ids", seed=seed, count=1)[0]
    assert ids.expect["value"] == [ref_ids_board(E.NoGoal(board_problem(ids)), ids.data["depth"])]
    sol = E.generate(family=family, kind="solution", seed=seed, count=1, algorithm="bfs")[0]
    assert sol.expect["value"] == [ref_fewest_moves(board_problem(sol))]
    opt = E.generate(family=family, kind="optimal", seed=seed, count=1)[0]
    best = ref_fewest_moves(board_problem(opt))
    assert {"bfs", "ucs", "astar", "iddfs"} <= set(opt.expect["value"])
    assert f"{best:g}" in opt.rule
