"""Exercises generated from the engine, each with its answer and a worked solution.

:func:`generate` makes ``count`` questions from one ``seed`` (the same seed, the same
questions): on a small random weighted graph (:mod:`.graphs`, the default family
``graph``) or on a small board of a puzzle family from the registry (any family with
an engine problem and sampled instances). Every answer is the engine's own: the
expansion order and the worked table come from :func:`.trace.trace`, the admissibility
verdict from :func:`searchlab.search.audit_heuristic`.

Kinds (:data:`KINDS`):

``order``     the order in which an algorithm expands the nodes (graphs);
``ghf``       g, h and f = g + h of a node when A* expands it;
``ids``       how many nodes iterative deepening generates with limits 0..d;
``solution``  the path and cost an algorithm returns;
``optimal``   which algorithms return a least-cost path;
``audit``     whether a heuristic is admissible and consistent (graphs).

:func:`check` marks a typed answer (case, spaces, commas and "A*"/"IDS" spellings do
not matter).
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from searchlab import families
from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.search import Problem, audit_heuristic, explore_space, solve
from searchlab.teaching.graphs import (
    Graph,
    GraphProblem,
    graph_svg,
    interesting,
    perturbed,
    random_graph,
)
from searchlab.teaching.trace import ITERATIVE, TRACED, Trace, path_of, trace
from searchlab.view import fit_cell, merge, view_svg

GRAPH = "graph"
KINDS = ("order", "ghf", "ids", "solution", "optimal", "audit")
BOARD_KINDS = ("ghf", "ids", "solution", "optimal")
BOARD_ALGORITHMS = tuple(a for a in TRACED if a != "dfs")
"""On boards DFS may wander through the whole space (181,440 boards of the 8-puzzle)."""
MAX_COUNT = 200
NAMES = {
    "bfs": "BFS",
    "dfs": "DFS",
    "ucs": "UCS",
    "greedy": N_("greedy best-first"),
    "astar": "A*",
    "iddfs": "IDDFS",
    "idastar": "IDA*",
}
ALIASES = {
    "a*": "astar",
    "astar": "astar",
    "ida*": "idastar",
    "idastar": "idastar",
    "ids": "iddfs",
    "iddfs": "iddfs",
    "bfs": "bfs",
    "dfs": "dfs",
    "ucs": "ucs",
    "greedy": "greedy",
    "voraz": "greedy",
    "gbfs": "greedy",
}
YES = {"yes", "y", "si", "sí", "s", "true"}
NO = {"no", "n", "false"}


@dataclass
class Question:
    """One question: its text, picture, answer and worked solution (JSON-ready)."""

    id: str
    kind: str
    family: str
    prompt: str
    answer: str
    expect: dict[str, Any]
    rule: str
    columns: list[str]
    rows: list[list[str]]
    conclusion: list[str]
    picture: str = ""
    facts: list[str] = field(default_factory=list)
    algorithm: str = ""
    watch: str = ""
    steps: list[dict[str, Any]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def algorithm_name(algorithm: str) -> str:
    return _(NAMES[algorithm])


def num(x: float | None) -> str:
    return "-" if x is None else "∞" if x == math.inf else f"{x:g}"


# -- the subject of a question: a graph or a board -------------------------------------


@dataclass
class Subject:
    """What a question is about: an engine problem, how its states are named and drawn."""

    family: str
    problem: Problem[Any, Any]
    label: Callable[[Any], str]
    picture: str
    facts: list[str]
    heuristic: str
    board: str = ""
    graph: Graph | None = None
    draw: Callable[[Any], str] | None = None
    order: str = ""
    algorithms: tuple[str, ...] = TRACED

    def nogoal(self) -> Problem[Any, Any]:
        return NoGoal(self.problem)

    def watch(self, algorithm: str) -> str:
        if not self.board:
            return ""
        query = {"family": self.family, "board": self.board, "a": algorithm}
        if self.heuristic:
            query["ha"] = self.heuristic
        return "/watch?" + urlencode(query)


class NoGoal(Problem[Any, Any]):
    """A problem with its goal taken away (a search runs until its limit)."""

    def __init__(self, inner: Problem[Any, Any]) -> None:
        self.inner = inner

    def initial_state(self) -> Any:
        return self.inner.initial_state()

    def is_goal(self, state: Any) -> bool:
        return False

    def successors(self, state: Any) -> Any:
        return self.inner.successors(state)

    def heuristic(self, state: Any) -> float:
        return self.inner.heuristic(state)

    def key(self, state: Any) -> Any:
        return self.inner.key(state)


def graph_facts(graph: Graph) -> list[str]:
    roads = ", ".join(f"{u}-{v} {c}" for (u, v), c in sorted(graph.edges.items()))
    hs = ", ".join(f"h({n})={num(graph.h[n])}" for n in graph.nodes)
    return [
        _("Start {start}, goal {goal}.").format(start=graph.start, goal=graph.goal),
        _("Roads (both ways) and costs: {roads}.").format(roads=roads),
        _("Heuristic: {values}.").format(values=hs),
    ]


def graph_subject(graph: Graph) -> Subject:
    return Subject(
        GRAPH, GraphProblem(graph), str, graph_svg(graph), graph_facts(graph), "", graph=graph
    )


def board_families() -> list[str]:
    """The registry's families that questions can be asked on (an engine problem and
    sampled boards measured in moves or a size)."""
    out = []
    for name in families.names():
        fam = families.get(name)
        sampled = fam.sampling is not None and fam.sampling.parameter in ("depth", "size")
        if fam.engine is not None and sampled and fam.heuristics:
            out.append(name)
    return out


def board_subject(name: str, rng: random.Random) -> Subject:
    fam = families.get(name)
    assert fam.sampling is not None
    param = {"depth": rng.randint(3, 5), "size": 5}[fam.sampling.parameter]
    text = fam.sampling.sample(param, rng.randrange(2**31))
    instance = fam.read(text)
    # a heuristic a student computes by hand: not a table, not the family's automatic choice
    heuristic = next(
        (h for h in fam.heuristics if h not in ("auto", "pdb", "zero")), fam.heuristics[0]
    )
    problem = fam.engine_problem(instance, heuristic)

    def as_family(state: Any) -> Any:
        return fam.engine_view().family_state(instance, state)

    def label(state: Any) -> str:
        token = fam.encode_state(instance, as_family(state))
        return json.dumps(token, separators=(",", ""))[:60]

    base = fam.base_view(instance)

    def draw(state: Any) -> str:
        view = merge(base, fam.state_view(instance, as_family(state)))
        return view_svg(view, cell=min(40.0, fit_cell(view)))

    facts = [
        fam.describe(instance),
        _("Heuristic: {name}. Every move costs 1.").format(name=fam.heuristic_label(heuristic)),
    ]
    return Subject(
        name,
        problem,
        label,
        draw(problem.initial_state()),
        facts,
        heuristic,
        board=fam.format(instance),
        draw=draw,
        order=_("the family's move order"),
        algorithms=BOARD_ALGORITHMS,
    )


# -- the kinds -------------------------------------------------------------------------


def table(tr: Trace, *, with_h: bool) -> tuple[list[str], list[list[str]], list[dict[str, Any]]]:
    """The columns and rows of a worked table (and the rows as data)."""
    notes = {
        "new": "",
        "goal": _(" (goal)"),
        "better": _(" (cheaper path)"),
        "dropped": _(" (reached already)"),
        "cycle": _(" (on the path)"),
        "bound": _(" (over the bound)"),
    }

    def child(c: Any) -> str:
        if c.note in ("dropped", "cycle"):
            return f"{c.node}{notes[c.note]}"
        val = f"g={num(c.g)}"
        if with_h:
            val += f" f={num(c.g + (c.h or 0))}"
        return f"{c.node} {val}{notes[c.note]}"

    iterative = tr.algorithm in ITERATIVE
    cols = [_("step")]
    if iterative:
        cols.append(_("limit") if tr.algorithm == "iddfs" else _("bound"))
    cols += [_("expanded"), "g", "h", "f", _("children")]
    cols += [_("path taken")] if iterative else [_("frontier after"), _("explored")]
    rows: list[list[str]] = []
    for i, r in enumerate(tr.rows, 1):
        line = [str(i)]
        if iterative:
            line.append(num(r.bound))
        line += [r.node, num(r.g), num(r.h), num(r.f), ", ".join(map(child, r.children)) or "-"]
        if iterative:
            line.append(" ".join(r.path))
        else:
            front = []
            for n, g, h in r.frontier:
                if tr.algorithm == "greedy":
                    front.append(f"{n}({num(h)})")
                elif tr.algorithm == "astar":
                    front.append(f"{n}({num(g + (h or 0))})")
                elif tr.algorithm == "ucs":
                    front.append(f"{n}({num(g)})")
                else:
                    front.append(n)
            line += [" ".join(front) or "-", " ".join(r.explored)]
        rows.append(line)
    return cols, rows, [r.as_dict() for r in tr.rows]


def q_order(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    algo = algorithm or rng.choice(TRACED)
    tr = trace(sub.problem, algo, sub.label, order=sub.order)
    cols, rows, steps = table(tr, with_h=algo in ("astar", "idastar", "greedy"))
    answer = " ".join(tr.expanded)
    prompt = _(
        "In which order does {algorithm} expand the nodes, from {start} to the goal? "
        "(The goal itself is not expanded; list repeated expansions too.)"
    ).format(algorithm=algorithm_name(algo), start=sub.label(sub.problem.initial_state()))
    return Question(
        "",
        "order",
        sub.family,
        prompt,
        answer,
        {"type": "sequence", "value": tr.expanded},
        tr.rule(),
        cols,
        rows,
        [tr.stop, _("Expansion order: {answer}.").format(answer=answer)],
        algorithm=algo,
        steps=steps,
    )


def q_ghf(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    tr = trace(sub.problem, "astar", sub.label, order=sub.order)
    choices = tr.rows[1:] or tr.rows
    pick = rng.randrange(len(choices))
    row = choices[pick]
    k = tr.rows.index(row) + 1
    cols, rows, steps = table(tr, with_h=True)
    value = [row.g, row.h or 0.0, row.f or 0.0]
    answer = f"g={num(row.g)} h={num(row.h)} f={num(row.f)}"
    if sub.draw is not None:
        prompt = _(
            "A* expands the board drawn below as its expansion number {k}. What are its "
            "g, h and f = g + h?"
        ).format(k=k)
    else:
        prompt = _(
            "When A* expands node {node} (its expansion number {k}), what are g({node}), "
            "h({node}) and f({node}) = g + h?"
        ).format(node=row.node, k=k)
    q = Question(
        "",
        "ghf",
        sub.family,
        prompt,
        answer,
        {"type": "numbers", "value": value},
        tr.rule(),
        cols,
        rows[:k],
        [_("Row {k}: {answer}.").format(k=k, answer=answer)],
        algorithm="astar",
        steps=steps[:k],
    )
    if sub.draw is not None:
        q.data["node_picture"] = sub.draw(row.state)
    return q


def ids_count(problem: Problem[Any, Any], depth: int) -> tuple[int, list[tuple[int, int]], int]:
    """Nodes generated by IDDFS with limits 0..``depth`` on a problem without a goal:
    the total, ``(limit, generated)`` per pass, and the passes run. The start counts
    once per pass; a child already on the current path is not generated."""
    per: list[int] = []

    def observe(e: Any) -> None:
        if e.kind == "expand" and e.depth == 0:
            per.append(1)
        elif e.kind == "generate":
            per[-1] += 1

    result = solve(problem, "iddfs", max_depth=depth, observer=observe)
    passes = result.stats.iterations
    counts = [(0, 1)] + [(i + 1, n) for i, n in enumerate(per)]
    counts = counts[:passes]
    return sum(n for _l, n in counts), counts, passes


def q_ids(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    depth = rng.randint(2, 3)
    total, counts, _passes = ids_count(sub.nogoal(), depth)
    prompt = _(
        "Iterative deepening search runs with depth limits 0, 1, ..., {d} and no goal is "
        "found. How many nodes does it generate in all? Count the start once per pass; a "
        "child already on the current path is not generated; children of nodes at the "
        "limit are not generated."
    ).format(d=depth)
    rows = [[str(limit), str(n)] for limit, n in counts]
    rows.append([_("total"), str(total)])
    concl = [_("Nodes generated: {total}.").format(total=total)]
    if len(counts) < depth + 1:
        concl.insert(
            0,
            _(
                "A pass cut nothing off: every path ends before the limit, so the "
                "deeper passes are not run."
            ),
        )
    return Question(
        "",
        "ids",
        sub.family,
        prompt,
        str(total),
        {"type": "numbers", "value": [total]},
        _(
            "Each pass is a depth-first search from the start; a node at the "
            "pass's limit is generated but not expanded."
        ),
        [_("limit"), _("generated")],
        rows,
        concl,
        algorithm="iddfs",
        data={"depth": depth},
    )


def q_solution(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    algo = algorithm if algorithm in sub.algorithms else rng.choice(sub.algorithms)
    tr = trace(sub.problem, algo, sub.label, order=sub.order)
    cols, rows, steps = table(tr, with_h=algo in ("astar", "idastar", "greedy"))
    path = path_of(tr.result, sub.label)
    cost = tr.result.cost if tr.result.solved and tr.result.cost is not None else math.inf
    expect: dict[str, Any]
    if sub.draw is None:
        prompt = _("Which path does {algorithm} return, and what does it cost?").format(
            algorithm=algorithm_name(algo)
        )
        answer = _("{path}, cost {cost}").format(path=" ".join(path), cost=num(cost))
        expect = {"type": "path_cost", "value": path, "cost": cost}
    else:
        prompt = _("How many moves has the solution {algorithm} returns?").format(
            algorithm=algorithm_name(algo)
        )
        answer = num(cost)
        expect = {"type": "numbers", "value": [cost]}
    return Question(
        "",
        "solution",
        sub.family,
        prompt,
        answer,
        expect,
        tr.rule(),
        cols,
        rows,
        [tr.stop, _("Answer: {answer}.").format(answer=answer)],
        algorithm=algo,
        steps=steps,
    )


def q_optimal(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    results = {a: solve(sub.problem, a) for a in sub.algorithms}
    best = min(r.cost if r.solved and r.cost is not None else math.inf for r in results.values())
    good = [a for a in sub.algorithms if results[a].solved and results[a].cost == best]
    prompt = _("Run {algorithms}. Which of them return a least-cost path here?").format(
        algorithms=", ".join(algorithm_name(a) for a in sub.algorithms)
    )
    rows = [
        [
            algorithm_name(a),
            " ".join(path_of(r, sub.label)) if sub.draw is None else str(len(r.actions)),
            num(r.cost),
            _("yes") if a in good else _("no"),
        ]
        for a, r in results.items()
    ]
    cols = [
        _("algorithm"),
        _("path taken") if sub.draw is None else _("moves"),
        _("cost"),
        _("optimal"),
    ]
    answer = ", ".join(algorithm_name(a) for a in good)
    return Question(
        "",
        "optimal",
        sub.family,
        prompt,
        answer,
        {"type": "set", "value": good},
        _(
            "The least cost is {best}; an algorithm is optimal here when its path costs that much."
        ).format(best=num(best)),
        cols,
        rows,
        [_("Optimal here: {answer}.").format(answer=answer)],
        algorithm="astar",
    )


def q_audit(sub: Subject, rng: random.Random, algorithm: str | None) -> Question:
    assert sub.graph is not None
    graph = perturbed(sub.graph, rng)
    sub = graph_subject(graph)
    problem = GraphProblem(graph)
    space = explore_space(problem)
    verdict = audit_heuristic(problem, space=space, worst=100)
    exact = dict(zip(space.states, space.distance, strict=True))
    rows = [
        [n, num(graph.h[n]), num(exact[n]), _("yes") if graph.h[n] <= exact[n] else _("no")]
        for n in graph.nodes
    ]
    concl = [
        _("h(n) <= h*(n) on every node: admissible.")
        if verdict.admissible
        else _("h(n) > h*(n) somewhere: NOT admissible."),
    ]
    for bad in verdict.inconsistencies:
        concl.append(
            _("Edge {u}->{v}: h({u}) = {hu} > {c} + h({v}) = {rhs}.").format(
                u=bad.state,
                v=bad.successor,
                hu=num(bad.h_state),
                c=num(bad.cost),
                rhs=num(bad.cost + bad.h_successor),
            )
        )
    concl.append(
        _("Consistent: h(u) <= c(u,v) + h(v) on every road, both ways.")
        if verdict.consistent
        else _("NOT consistent.")
    )
    yes = [verdict.admissible, verdict.consistent]
    answer = _("admissible: {a}, consistent: {c}").format(
        a=_("yes") if yes[0] else _("no"), c=_("yes") if yes[1] else _("no")
    )
    q = Question(
        "",
        "audit",
        sub.family,
        _("Is this heuristic admissible? Is it consistent? (h* is the true least cost to G.)"),
        answer,
        {"type": "yesno", "value": yes},
        _(
            "Admissible: h(n) <= h*(n) for every node n. Consistent: h(u) <= c(u,v) + h(v) "
            "for every road u-v, in both directions, and h(goal) = 0."
        ),
        [_("node"), "h", "h*", "h <= h*"],
        rows,
        concl,
    )
    q.picture, q.facts = sub.picture, sub.facts
    return q


MAKERS: dict[str, Callable[[Subject, random.Random, str | None], Question]] = {
    "order": q_order,
    "ghf": q_ghf,
    "ids": q_ids,
    "solution": q_solution,
    "optimal": q_optimal,
    "audit": q_audit,
}


def generate(
    *,
    family: str = GRAPH,
    kind: str | None = None,
    count: int = 5,
    seed: int = 0,
    algorithm: str | None = None,
    size: int = 7,
) -> list[Question]:
    """``count`` questions from ``seed``; the kind cycles through the family's kinds
    unless ``kind`` is given. A one-line InputError for an unknown kind, family or
    algorithm."""
    if family != GRAPH and family not in board_families():
        raise InputError(
            _("no exercises on {family!r}; choose one of {choices}").format(
                family=str(family)[:40], choices=", ".join([GRAPH, *board_families()])
            )
        )
    kinds = KINDS if family == GRAPH else BOARD_KINDS
    if kind is not None and kind not in kinds:
        raise InputError(
            _("unknown kind {kind!r} for {family}; choose one of {kinds}").format(
                kind=str(kind)[:40], family=family, kinds=", ".join(kinds)
            )
        )
    if algorithm is not None and algorithm not in TRACED:
        raise InputError(
            _("unknown algorithm {algorithm!r}; choose one of {choices}").format(
                algorithm=str(algorithm)[:40], choices=", ".join(TRACED)
            )
        )
    if not 1 <= count <= MAX_COUNT:
        raise InputError(_("--count must be 1 to {n}").format(n=MAX_COUNT))
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:{family}:{i}")
        k = kind or kinds[(seed + i) % len(kinds)]
        out.append(make(family, k, rng, algorithm, size, f"{family}-{seed}-{i + 1}"))
    return out


def make(
    family: str, kind: str, rng: random.Random, algorithm: str | None, size: int, qid: str
) -> Question:
    if family == GRAPH:
        graph = random_graph(rng, size=size)
        for _try in range(30):
            if interesting(graph):
                break
            graph = random_graph(rng, size=size)
        sub = graph_subject(graph)
    else:
        sub = board_subject(family, rng)
    q = MAKERS[kind](sub, rng, algorithm)
    q.id = qid
    if not q.picture:
        q.picture, q.facts = sub.picture, sub.facts
    q.watch = sub.watch(q.algorithm or "astar")
    if sub.graph is not None and "graph" not in q.data:
        q.data["graph"] = (sub.graph if kind != "audit" else _audit_graph(q, sub)).as_dict()
    elif sub.board:
        q.data["board"] = sub.board
    return q


def _audit_graph(q: Question, sub: Subject) -> Graph:
    # the audit question drew its own (perturbed) heuristic: read it back from its rows
    assert sub.graph is not None
    return sub.graph.with_h({row[0]: float(row[1]) for row in q.rows})


# -- marking a typed answer ------------------------------------------------------------


def tokens(text: str) -> Iterator[str]:
    yield from re.findall(r"[A-Za-z*áéíóúñ]+|-?\d+(?:\.\d+)?|∞", text)


def check(q: Question | dict[str, Any], text: str) -> bool:
    """Whether ``text`` answers the question (lenient about spelling and spacing)."""
    expect = q.expect if isinstance(q, Question) else q["expect"]
    kind = expect["type"]
    words = list(tokens(text or ""))
    if kind == "sequence":
        return [w.upper() for w in words] == [str(v).upper() for v in expect["value"]]
    if kind == "numbers":
        nums = [_number(w) for w in words if _number(w) is not None]
        return len(nums) == len(expect["value"]) and all(
            _close(a, b) for a, b in zip(nums, expect["value"], strict=True)
        )
    if kind == "path_cost":
        names = [
            w.upper()
            for w in words
            if _number(w) is None and w.lower() not in ("cost", "costo", "coste")
        ]
        nums = [_number(w) for w in words if _number(w) is not None]
        return (
            names == [str(v).upper() for v in expect["value"]]
            and len(nums) == 1
            and _close(nums[0], expect["cost"])
        )
    if kind == "set":
        spaced = re.sub(r"\b(greedy|voraz)\s+best[- ]first\b", "greedy", text.lower())
        said = {ALIASES[w] for w in re.findall(r"[a-z*]+", spaced) if w in ALIASES}
        return said == set(expect["value"])
    if kind == "yesno":
        verdicts = [w.lower() in YES for w in words if w.lower() in YES | NO]
        return verdicts == list(expect["value"])
    return False


def _number(w: str) -> float | None:
    if w == "∞":
        return math.inf
    try:
        return float(w)
    except ValueError:
        return None


def _close(a: float | None, b: float) -> bool:
    return a is not None and (a == b or abs(a - b) < 1e-6)
