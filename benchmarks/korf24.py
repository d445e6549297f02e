"""Benchmark: Korf & Felner's 50 random 24-puzzle instances, IDA* with the 6-6-6-6 databases.

Usage: python benchmarks/korf24.py [IDS ...] [--easiest N] [--all] [--time-limit SECONDS]
       [--cpu-limit SECONDS] [--again] [--no-reflect] [--tables blank-goal|blank-anywhere]
       [--dual] [--prune parent|fsm] [--fsm-depth D] [--results FILE] [--table | --summary]
       [--catalogue MEMBERS] [--layout radix|dense] [--astar-nodes N]
       [--workers N | --local-dask N | --scheduler tcp://HOST:8786]

IDS are instance numbers or ranges (``25 40 1-3``); ``--easiest N`` runs the N
instances with the shortest published optimal solutions instead (default: the
easiest 3). Each instance runs the compiled IDA*
(:func:`searchlab.puzzles.npuzzle.kernel.ida_star_compiled`) with the additive
6-6-6-6 databases and their reflection (Korf & Felner 2002), under a time limit
per instance (default 600 s wall; ``--cpu-limit`` stops an instance after that many
CPU seconds, the fair measure on a shared machine); a progress line (iteration, nodes, nodes/s)
goes to stderr every 30 seconds; Ctrl-C stops the instance running in this process
with its counts recorded (status ``cancelled``) and the run with it.
The databases are built first if missing (or by ``searchlab npuzzle pdb --build
6-6-6-6 --goal first``; a few minutes). ``--tables blank-goal`` (the default) uses
those, searched from the goal with the blank on its goal cell (the published tables'
definition; the pattern of tiles 1, 2, 5, 6, 7, 12 walls it off); ``--tables
blank-anywhere`` the tables searched with the blank anywhere at the goal
(``pattern_databases(..., blank_goal=False)``, the shipped ones before issue 24's
change), with which ``--dual`` adds the dual lookup. Prints per instance the status,
the length found against the published optimum, nodes generated, CPU seconds and
nodes per CPU second, beside Korf & Felner's published nodes for the instance (and
Clausecker & Reinefeld's with their zero-aware catalogues "improved" and "small", where
published: the magnitude to compare a ``--catalogue`` run with) and our
nodes over theirs.

Zero-aware catalogue (issue 35): ``--catalogue MEMBERS`` (names of
:func:`searchlab.puzzles.npuzzle.catalogues.candidates`, comma-separated, strongest first,
e.g. ``s1,s1+r,s4+r,s6``) searches with the maximum over those members of the zero-aware
tables' sums instead (:func:`searchlab.puzzles.npuzzle.kernel_zpdb.ida_star_zero`; the
tables built first if missing, about 100 CPU s and 2.9 GB each, one at a time); its
records are kept apart by their heuristic (``zpdb MEMBERS``). ``--layout radix`` (the
default) reads each table by cell digits (:mod:`searchlab.puzzles.npuzzle.zpdb_radix`:
763 MB each, made from the dense one in about 23 CPU s; the same nodes in about a third
of the CPU), ``dense`` the dense tables; the record says which (``layout``), and a
checkpoint resumes with either.

A*+IDA* (Bu & Korf 2019; issue 35): ``--astar-nodes N`` (with ``--catalogue``) runs
A* until it stores N nodes, then the depth-first iterations below its frontier
(:func:`searchlab.puzzles.npuzzle.astar_ida.astar_ida_zero`); the record's ``astar``
holds the A* part (nodes generated and expanded, CPU seconds, nodes stored, frontier)
and ``dfs_nodes`` the depth-first parts' nodes (``nodes`` is their sum). Its records are
kept apart from plain IDA*'s by the field ``astar_nodes`` (0 or missing: plain IDA*), so
an instance is skipped only when solved with the same budget.

Pruning (issue 35): ``--prune parent`` (the default) prunes the move back to the parent
only, Korf & Felner's search: with the default tables and reflection its node counts
equal their published ones plus the root, our correctness anchor. ``--prune fsm`` steps
the duplicate-pruning automaton of move strings of up to ``--fsm-depth`` moves (Korf &
Taylor 1996; :mod:`searchlab.puzzles.npuzzle.fsm`, built once and cached): fewer nodes,
the same optimal lengths. The two modes' records are kept apart (field ``pruning``; older
records are ``parent``), so a solved instance is skipped only in its own mode.

Scheduling (issue 35): the chosen instances run longest first, by Korf & Felner's
published nodes, on ``--workers`` processes (default: the cores the load average leaves
free, at least one), each at ``nice 19``.

Resumable (issue 24, item 4): each instance's outcome is added to ``--results``
(JSON lines, default ``benchmarks/korf24-results.jsonl``, the committed record) as
soon as it ends, the file written anew to a temporary file, flushed to disk and renamed
over the old one (:func:`searchlab.durable.atomic_write`), so a kill at any moment leaves
the old record or the new one whole: id, status,
length, published length, nodes, CPU seconds, time limit, heuristic, and (since
session 10) ``iterations``, the ``[bound, nodes]`` of each completed IDA* iteration,
and ``last``, those of the iteration that found the solution or was stopped.
Instances already solved there are skipped (``--again``: run them anyway, for their
iterations), so ``--all`` can be re-run (or killed and re-run) until every one is
solved; an instance stopped by its limit is tried again. Each record is flushed to disk
when appended; a torn last line (a kill or a power cut while writing it) is moved to
``FILE.torn`` with one line on stderr before the next append, and a line that is not a
record is named and skipped when reading, never a traceback. ``--table`` prints the
Markdown table of all 50 from that file (each one's best record: solved, else the
run with the deepest completed iteration recorded; an earlier longer run is
named) with, for each unsolved one, the projected cost of a run that solves it
(:mod:`searchlab.puzzles.npuzzle.growth`: the iterations carried on to the
published length), the validation of that projection, and the total against the
issue's 12 CPU hours, and exits. ``--summary`` prints all 50 across every configuration
recorded (each solved one's cheapest solving run at the published length, with its
heuristic, pruning and search; the unsolved ones named) and the number solved with
their total CPU hours, and exits.

Within an instance (A*+IDA*, session 17): a run with ``--astar-nodes`` saves a
checkpoint (:class:`~searchlab.puzzles.npuzzle.astar_ida.Checkpoint`: the iteration, the
frontier position, the counts, and the iterations so far) every minute of CPU and when
it stops unsolved (its limit, Ctrl-C), in ``FILE.checkpoints/ID-astarN.json`` beside
``--results``, atomically. The next run of that instance with the same heuristic and
budget runs A* again (the same frontier, checked) and goes on from there: the same nodes
as a run never stopped (tested), so an instance longer than a sitting is solved in
pieces. Its record's ``cpu_s`` adds the earlier pieces' CPU (``cpu_before_s``; A*'s
reruns included, ``resumes`` of them); a kill loses at most a minute of work; a solved
instance's checkpoint is removed, a damaged one named and ignored.

Across machines: ``--scheduler`` sends one instance per task to a Dask scheduler
(:func:`searchlab.experiments.parallel.map_unordered`); each worker needs this
checkout's ``src`` and ``benchmarks`` on its ``PYTHONPATH`` and the databases in its
``$SEARCHLAB_CACHE_DIR``. ``--local-dask N`` runs the same on a local cluster of N
processes, ``--workers N`` on a local process pool.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from korf100 import parse_ids
from searchlab.durable import atomic_write, build_lock
from searchlab.experiments.parallel import map_unordered
from searchlab.puzzles.npuzzle import growth, kernel
from searchlab.puzzles.npuzzle.astar_ida import Checkpoint
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, Korf24Instance, korf24_instances
from searchlab.puzzles.npuzzle.solvers import pattern_databases
from searchlab.search import SearchStats

RESULTS = Path(__file__).resolve().parent / "korf24-results.jsonl"
"""The record of every run, kept in the repository."""


@lru_cache(maxsize=2)
def databases(tables: str) -> list[tuple[tuple[int, ...], Any]]:
    """The 6-6-6-6 tables of this process (mapped once)."""
    return pattern_databases(KORF24_GOAL, "6-6-6-6", blank_goal=tables == "blank-goal")


Task = tuple[int, float, float | None, str, bool, bool, str, str, int, str, str]
"""One instance's work: id, time limit, CPU limit, tables, reflect, dual, pruning, the
zero-aware catalogue (member names, comma-separated; empty: the additive tables),
A*+IDA*'s budget of stored nodes (0: plain IDA*), the folder of its checkpoints and the
zero-aware tables' layout (``radix`` or ``dense``)."""

CHECKPOINT_EVERY = 60.0
"""CPU seconds between two checkpoints written by an A*+IDA* run."""


def checkpoints_of(results: Path) -> Path:
    """The folder of the A*+IDA* runs' checkpoints beside ``results``."""
    return results.with_name(results.stem + ".checkpoints")


def read_checkpoint(path: Path, heuristic: str) -> dict[str, Any] | None:
    """The checkpoint saved in ``path`` for a run of ``heuristic``, if any; a file that
    is not one (damaged, or another run's) is named on stderr and ignored."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        if saved["heuristic"] != heuristic:
            raise ValueError(f"for {saved['heuristic']!r}")
        saved["at"] = Checkpoint(**saved["at"])
        float(saved["cpu_s"])
        list(saved["iterations"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as err:
        print(f"{path}: not a checkpoint of this run ({err}); starting over", file=sys.stderr)
        return None
    return dict(saved)


def write_checkpoint(path: Path, state: dict[str, Any]) -> None:
    """Save ``state`` (its ``at`` a :class:`Checkpoint`) in ``path``, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {**state, "at": state["at"]._asdict()}
    with atomic_write(path) as tmp:
        tmp.write_text(json.dumps(data) + "\n", encoding="utf-8")


@lru_cache(maxsize=2)
def catalogue(names: str, layout: str = "radix") -> list[list[Any]]:
    """The views of the zero-aware catalogue ``names`` (:mod:`~.npuzzle.catalogues`), with
    the tables by cell digits (:mod:`~.npuzzle.zpdb_radix`) for ``layout`` ``radix``:
    the same values, so the same nodes, in about a third of the CPU."""
    from searchlab.puzzles.npuzzle.catalogues import candidates, member_views
    from searchlab.puzzles.npuzzle.zpdb_radix import radix_views

    known = candidates()
    members = [member_views(known[name]) for name in names.split(",")]
    return radix_views(members) if layout == "radix" else members


def family(names: str) -> str:
    """A record's heuristic family: ``6-6-6-6`` (additive), or ``zpdb NAMES``."""
    return f"zpdb {names}" if names else "6-6-6-6"


def pruning_name(prune: str, depth: int) -> str:
    """A record's ``pruning``: ``parent``, or ``fsm-<depth>``."""
    return "parent" if prune == "parent" else f"fsm-{depth}"


def free_cores() -> int:
    """The cores the load average (one minute) leaves free, at least one."""
    cores = os.cpu_count() or 1
    return max(1, min(cores, round(cores - os.getloadavg()[0])))


def solve_one(task: Task) -> dict[str, Any]:
    """Solve one instance (:data:`Task`), at ``nice 19``; its record."""
    (ident, time_limit, cpu_limit, tables, reflect, dual, pruning, names, astar_nodes, folder,
     layout) = task  # fmt: skip
    with contextlib.suppress(OSError):
        os.nice(max(0, 19 - os.nice(0)))
    inst = {k.id: k for k in korf24_instances()}[ident]
    pdbs = [] if names else databases(tables)
    members = catalogue(names, layout) if names else []
    automaton = None
    if pruning != "parent":
        from searchlab.puzzles.npuzzle import fsm

        automaton = fsm.load_fsm(int(pruning.removeprefix("fsm-")))
    kernel.warm_up((4,))
    last = [0.0]
    resumed_at = [0]  # the nodes a resumed run starts from (not this piece's)
    cancel = threading.Event()
    cpu0 = time.process_time()
    cpu_stop = math.inf if cpu_limit is None else cpu0 + cpu_limit

    def progress(stats: SearchStats) -> None:
        if time.process_time() >= cpu_stop:
            cancel.set()  # seen at the next pause (65,536 nodes)
        if stats.seconds - last[0] >= 30:
            last[0] = stats.seconds
            print(
                f"  #{ident}: {stats.seconds:7.0f} s, iteration {stats.iterations}, "
                f"{stats.generated:,} nodes, "
                f"{max(stats.generated - resumed_at[0], 0) / max(stats.seconds, 1e-9):,.0f}/s",
                file=sys.stderr,
                flush=True,
            )

    iterations: list[list[int]] = []
    if threading.current_thread() is threading.main_thread():
        # Ctrl-C (or SIGINT) stops this instance with its counts recorded, not lost
        signal.signal(signal.SIGINT, lambda *_: cancel.set())
    limits: Any = {"time_limit": time_limit, "progress": progress, "cancel": cancel}
    parts: Any = None
    extra: dict[str, Any] = {}
    heuristic = "6-6-6-6" + (" blank-goal" if tables == "blank-goal" else "")
    heuristic += (" + reflection" if reflect else "") + (" + dual" if dual else "")
    if names:
        heuristic = family(names)
    if pruning != "parent":
        heuristic += f" + {pruning}"
    if names and astar_nodes:
        from searchlab.puzzles.npuzzle.astar_ida import astar_ida_zero

        heuristic += f" + A*+IDA* {astar_nodes}"
        key = heuristic  # a checkpoint is for runs of this heuristic only
        where = Path(folder) / f"{ident}-astar{astar_nodes}.json"
        saved = read_checkpoint(where, key)
        before = 0.0 if saved is None else float(saved["cpu_s"])
        resumes = 0 if saved is None else int(saved.get("resumes", 0)) + 1
        if saved is not None:
            iterations.extend(saved["iterations"])
            resumed_at[0] = saved["at"].generated
            print(f"  #{ident}: resumed from {where}", file=sys.stderr, flush=True)
        latest: list[Any] = [None, time.process_time()]

        def state() -> dict[str, Any]:
            cpu_now = before + time.process_time() - cpu0
            return {"heuristic": key, "at": latest[0], "cpu_s": round(cpu_now, 1),
                    "iterations": iterations, "resumes": resumes}  # fmt: skip

        def keep(c: Any) -> None:
            latest[0] = c
            if time.process_time() - latest[1] >= CHECKPOINT_EVERY:
                latest[1] = time.process_time()
                write_checkpoint(where, state())

        def run(resume: Any) -> Any:
            return astar_ida_zero(
                inst.board, KORF24_GOAL, members, astar_nodes=astar_nodes, fsm=automaton,
                on_iteration=lambda bound, nodes: iterations.append([bound, nodes]),
                resume=resume, on_checkpoint=keep, **limits,
            )  # fmt: skip

        try:
            r, parts = run(None if saved is None else saved["at"])
        except ValueError as err:  # another frontier: the tables or the code changed
            print(f"  #{ident}: {where}: {err}; starting over", file=sys.stderr, flush=True)
            iterations.clear()
            before, resumes = 0.0, 0
            r, parts = run(None)
        if r.solved or r.status in ("impossible", "no_solution"):
            where.unlink(missing_ok=True)
        elif latest[0] is not None:
            write_checkpoint(where, state())
        extra = {"cpu_before_s": round(before, 1), "resumes": resumes} if resumes else {}
        if resumes:
            extra["nodes_before"] = resumed_at[0]  # this piece's nodes: nodes - nodes_before
    elif names:
        from searchlab.puzzles.npuzzle.kernel_zpdb import ida_star_zero

        r = ida_star_zero(
            inst.board, KORF24_GOAL, members, fsm=automaton,
            on_iteration=lambda bound, nodes: iterations.append([bound, nodes]), **limits,
        )  # fmt: skip
    else:
        r = kernel.ida_star_compiled(
            inst.board, KORF24_GOAL, pdbs=pdbs, reflect=reflect, dual=dual, fsm=automaton,
            on_iteration=lambda bound, nodes: iterations.append([bound, nodes]), **limits,
        )  # fmt: skip
    cpu = time.process_time() - cpu0 + float(extra.get("cpu_before_s", 0.0))
    status = "solved" if r.solved else f"{r.limit or r.status}"
    if status == "cancelled" and time.process_time() >= cpu_stop:
        status = "cpu_limit"
    if r.solved and r.length != inst.optimal_length:
        status = "WRONG"
    if parts is not None:
        extra |= {
            "astar_nodes": astar_nodes,
            "astar": {
                "generated": parts.astar_generated, "expanded": parts.astar_expanded,
                "cpu_s": round(parts.astar_cpu, 1), "stored": parts.stored,
                "frontier": parts.frontier,
            },
            "dfs_nodes": parts.dfs_generated,
            "found_rank": parts.found_rank,
        }  # fmt: skip
    return {
        "id": ident,
        "status": status,
        "length": r.length if r.solved else None,
        "published": inst.optimal_length,
        "nodes": r.stats.generated,
        "cpu_s": round(cpu, 1),
        "bound": r.stats.max_depth,
        "time_limit_s": time_limit,
        "cpu_limit_s": cpu_limit,
        "heuristic": heuristic,
        "pruning": pruning,
        **({"layout": layout} if names else {}),
        "published_nodes": inst.published_nodes,
        "iterations": iterations,
        "last": [r.stats.max_depth, r.stats.generated - sum(n for _, n in iterations)],
        **extra,
        "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--easiest", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--cpu-limit", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--again", action="store_true", help="run solved instances too")
    parser.add_argument("--no-reflect", action="store_true")
    parser.add_argument("--tables", choices=("blank-goal", "blank-anywhere"), default="blank-goal")
    parser.add_argument("--dual", action="store_true", help="with --tables blank-anywhere")
    parser.add_argument("--all", action="store_true", help="all 50, easiest first")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--table", action="store_true")
    parser.add_argument(
        "--summary", action="store_true", help="all 50 across every configuration run, and exit"
    )
    parser.add_argument("--prune", choices=("parent", "fsm"), default="parent")
    parser.add_argument("--fsm-depth", type=int, default=12, metavar="D")
    parser.add_argument("--workers", type=int, default=0, help="default: the free cores")
    parser.add_argument("--local-dask", type=int, default=0, metavar="N")
    parser.add_argument("--scheduler")
    parser.add_argument(
        "--catalogue", default="", metavar="MEMBERS", help="zero-aware members, e.g. kf+r,kf"
    )
    parser.add_argument(
        "--layout",
        choices=("radix", "dense"),
        default="radix",
        help="the zero-aware tables by cell digits (763 MB each, fast) or dense (90.5 MB)",
    )
    parser.add_argument(
        "--astar-nodes", type=int, default=0, metavar="N",
        help="A*+IDA*: A* until N nodes are stored (with --catalogue; 0: plain IDA*)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.astar_nodes < 0 or (args.astar_nodes and not args.catalogue):
        parser.error("--astar-nodes takes a count of nodes, with --catalogue")
    if args.dual and args.tables != "blank-anywhere":
        parser.error("the dual lookup is admissible with --tables blank-anywhere only")
    if args.results.exists():
        try:
            with args.results.open("rb"):  # a folder, a file it may not read: one line
                pass
        except OSError as exc:
            parser.error(f"--results {args.results}: {exc.strerror or exc}")
    instances = korf24_instances()
    if args.summary:
        lengths = {k.id: k.optimal_length for k in instances}
        print_summary(instances, read_solved(args.results, lengths), list(records_in(args.results)))
        return 0
    if not args.table:
        set_aside_torn_tail(args.results)  # before anything is appended to it
    pruning = pruning_name(args.prune, args.fsm_depth)
    records = read_results(args.results, pruning, family(args.catalogue), args.astar_nodes)
    if args.table:
        print_table(instances, records)
        return 0
    if args.ids:
        wanted = set(parse_ids(args.ids))
        chosen = [k for k in instances if k.id in wanted]
    else:
        chosen = sorted(instances, key=lambda k: (k.optimal_length, k.id))
        chosen = chosen if args.all else chosen[: args.easiest]
    chosen = sorted(chosen, key=lambda k: (-k.published_nodes, k.id))  # the longest first
    done = set() if args.again else {i for i, r in records.items() if r["status"] == "solved"}
    if done & {k.id for k in chosen}:
        print(f"already solved in {args.results}, skipped: {sorted(done & {k.id for k in chosen})}")
    chosen = [k for k in chosen if k.id not in done]
    t0 = time.perf_counter()
    if args.catalogue:
        catalogue(args.catalogue, args.layout)  # missing tables made here, once
    else:
        databases(args.tables)
    if pruning != "parent":
        from searchlab.puzzles.npuzzle import fsm

        fsm.load_fsm(args.fsm_depth)  # built here, once, if missing
    what = family(args.catalogue) if args.catalogue else f"6-6-6-6 ({args.tables})"
    print(f"pattern databases {what}: ready in {time.perf_counter() - t0:.1f} s")
    here = str(Path(__file__).resolve().parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [here, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    )  # local workers import this folder's scripts
    workers = max(args.workers, args.local_dask) or free_cores()
    print(f"{len(chosen)} instances, longest first, {workers} worker(s) at nice 19, {pruning}")
    print(
        f"{'id':>3} {'opt':>4} {'len':>4} {'status':>14} {'nodes':>16} {'cpu s':>9} "
        f"{'nodes/cpu s':>12} {'Korf & Felner':>16} {'ours/K&F':>9} "
        f"{'zero-aware, published':>33}",
        flush=True,
    )
    zero = {k.id: k.zero_aware_nodes for k in chosen}
    tasks: list[Task] = [
        (
            k.id, args.time_limit, args.cpu_limit, args.tables, not args.no_reflect, args.dual,
            pruning, args.catalogue, args.astar_nodes, str(checkpoints_of(args.results)),
            args.layout,
        )
        for k in chosen
    ]  # fmt: skip
    bad = 0
    try:
        for rec in map_unordered(
            solve_one,
            tasks,
            workers=workers,
            scheduler=args.scheduler,
            local_dask=args.local_dask > 0,
        ):
            bad += rec["status"] == "WRONG"
            print(
                f"{rec['id']:>3} {rec['published']:>4} {rec['length'] or '-':>4} "
                f"{rec['status']:>14} {rec['nodes']:>16,} {rec['cpu_s']:>9.1f} "
                f"{rec['nodes'] / max(rec['cpu_s'], 1e-9):>12,.0f} "
                f"{rec['published_nodes']:>16,} {rec['nodes'] / rec['published_nodes']:>9.3f} "
                f"{published_zero(zero[rec['id']]):>33}",
                flush=True,
            )
            if "astar" in rec:
                a = rec["astar"]
                print(
                    f"    A* part: {a['generated']:,} nodes generated, {a['stored']:,} stored, "
                    f"{a['frontier']:,} on the frontier, {a['cpu_s']:.1f} CPU s; depth-first "
                    f"parts: {rec['dfs_nodes']:,} nodes (solution below frontier node "
                    f"{rec['found_rank']:,} in order)",
                    flush=True,
                )
            append_record(args.results, rec)
            if rec["status"] == "cancelled":
                break
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MiB (the databases memory-mapped)")
    return 1 if bad else 0


def _rank(rec: dict[str, Any]) -> tuple[bool, bool, int, int]:
    """Solved first, then runs with their iterations recorded, the deepest, the longest."""
    its = rec.get("iterations") or []
    return (rec["status"] == "solved", "iterations" in rec, its[-1][0] if its else 0, rec["nodes"])


REQUIRED = ("id", "status", "nodes")
"""The fields every record has (older ones lack the rest)."""


def set_aside_torn_tail(path: Path) -> None:
    """A last line without its newline (a run killed, or a power cut, while appending) is
    moved to ``<path>.torn`` and cut from ``path``, with one line on stderr, so the next
    record starts on a line of its own and the record stays readable."""
    try:
        with path.open("rb") as f:
            data = f.read()
    except FileNotFoundError:
        return
    if not data or data.endswith(b"\n"):
        return
    keep = data.rfind(b"\n") + 1
    torn = path.with_name(path.name + ".torn")
    with torn.open("ab") as f:
        f.write(data[keep:] + b"\n")
        f.flush()
        os.fsync(f.fileno())
    with path.open("r+b") as f:
        f.truncate(keep)
        f.flush()
        os.fsync(f.fileno())
    print(
        f"{path}: the last line was torn (a run stopped while writing it): "
        f"{len(data) - keep} bytes set aside in {torn}",
        file=sys.stderr,
    )


def append_record(path: Path, rec: dict[str, Any]) -> None:
    """Add ``rec`` as one JSON line at the end of ``path`` (a torn last line of an earlier
    version's append is set aside first: :func:`set_aside_torn_tail`): the whole file is
    written anew to a temporary file, flushed and renamed over it (and the folder
    flushed), so it is always the old record or the new one, whole. The read and the
    rename are done holding ``<path>.lock`` (:func:`~searchlab.durable.build_lock`), so two
    runs sharing a record (two ``korf24.py`` at once, one a core) never write over each
    other's new records."""
    with build_lock(path, wait=600.0):
        set_aside_torn_tail(path)
        try:
            old = path.read_bytes()
        except FileNotFoundError:
            old = b""
        with atomic_write(path) as tmp:
            tmp.write_bytes(old + (json.dumps(rec) + "\n").encode("utf-8"))


def parse_record(line: str) -> dict[str, Any] | None:
    """One line's record, or None when it is not one (torn, hand-edited, another file)."""
    try:
        rec = json.loads(line)
    except ValueError:
        return None
    if not isinstance(rec, dict) or any(k not in rec for k in REQUIRED):
        return None
    if not isinstance(rec["id"], int) or not isinstance(rec["nodes"], int):
        return None
    return rec


def records_in(path: Path) -> Iterator[dict[str, Any]]:
    """The records of ``path`` in order (none if it does not exist); a line that is no
    record (a torn last line, an edit gone wrong) is named on stderr and skipped."""
    if not path.exists():
        return
    text = path.read_bytes().decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        rec = parse_record(line)
        if rec is None:
            print(f"{path}:{number}: not a record, skipped: {line[:60]!r}", file=sys.stderr)
            continue
        yield rec


def read_results(
    path: Path, pruning: str = "parent", heuristic: str = "6-6-6-6", astar_nodes: int = 0
) -> dict[int, dict[str, Any]]:
    """Each instance's record in ``path`` with this ``pruning`` (records without the field
    are ``parent``), heuristic family (:func:`family`: the record's heuristic is it or
    starts with it and a space) and A*+IDA* budget (``astar_nodes``, records without the
    field are plain IDA*'s, 0): its latest solve (one with its iterations
    recorded first), else the run that completed the deepest iteration, else its longest.
    A line that is no record (a torn last line, an edit gone wrong) is named on stderr
    and skipped; the others still count."""
    best: dict[int, dict[str, Any]] = {}
    longest: dict[int, dict[str, Any]] = {}
    for rec in records_in(path):
        if rec.get("pruning", "parent") != pruning or rec.get("astar_nodes", 0) != astar_nodes:
            continue
        h = str(rec.get("heuristic", "6-6-6-6"))
        if h != heuristic and not h.startswith(heuristic + " "):
            continue
        old = best.get(rec["id"])
        if old is None or _rank(rec) >= _rank(old):
            best[rec["id"]] = rec
        if rec["id"] not in longest or rec["nodes"] > longest[rec["id"]]["nodes"]:
            longest[rec["id"]] = rec
    for i, rec in best.items():
        if rec["status"] != "solved" and longest[i] is not rec:
            rec["longest"] = longest[i]  # an earlier run got further, iterations unrecorded
    return best


RATIO = growth.brute_force_growth(5)
"""The brute-force tree's growth per iteration (two moves), 5.61 (Edelkamp & Korf 1998)."""

FRACTIONS = (0.5, 0.0, 1.0)
"""The share of the last iteration searched before the solution is found: the central
projection, then the range (solution first, or last, in that iteration)."""

MIN_NODES = 100_000
"""Iterations smaller than this are not projected from in the validation."""


def projected(rec: dict[str, Any], published: int) -> list[growth.Projection] | None:
    """The projected runs solving the instance of ``rec``, one per :data:`FRACTIONS`,
    at least as long as its longest stopped run (None: no iteration recorded, or solved)."""
    its = [(b, n) for b, n in rec.get("iterations") or []]
    if rec["status"] == "solved" or not its or its[-1][0] >= published:
        return None
    ratio = growth.growth_ratio(its, RATIO)
    partial = rec["last"][1] if rec["last"][0] == its[-1][0] + 2 else 0
    decay = growth.growth_decay(its)
    out = [
        growth.project(its, published, ratio, f, partial=partial, decay=decay, least=RATIO)
        for f in FRACTIONS
    ]
    # the search is deterministic: a solving run goes through every node of a stopped one
    floor = rec.get("longest", rec)["nodes"]
    return [growth.Projection(max(p.nodes, floor), p.remaining, p.ratio) for p in out]


def configuration(rec: dict[str, Any]) -> str:
    """A record's search, named as ``--table`` keeps them apart: its heuristic, its pruning
    and its A* budget."""
    name = str(rec.get("heuristic", "6-6-6-6"))
    pruning = str(rec.get("pruning", "parent"))
    if pruning not in name:
        name += " + parent pruning" if pruning == "parent" else f" + {pruning}"
    return name if "A*+IDA*" in name else name + ", IDA*"


def read_solved(path: Path, lengths: dict[int, int]) -> dict[int, dict[str, Any]]:
    """Each instance's solving record in ``path`` whatever its configuration: of the solved
    records whose length is the instance's published optimum (``lengths``, by id), the
    one with the least CPU (lines that are no record are named on stderr and skipped, as
    :func:`read_results` does)."""
    best: dict[int, dict[str, Any]] = {}
    for rec in records_in(path):
        if rec["status"] != "solved" or rec["id"] not in lengths:
            continue  # an instance that is not one of the 50 has no optimum to check
        if rec.get("length") != lengths[rec["id"]]:
            continue
        cpu = rec.get("cpu_s")
        if not isinstance(cpu, (int, float)) or not math.isfinite(cpu) or cpu < 0:
            continue
        old = best.get(rec["id"])
        if old is None or cpu < old["cpu_s"]:
            best[rec["id"]] = rec
    return best


def print_summary(
    instances: list[Korf24Instance], solved: dict[int, dict[str, Any]],
    pieces: list[dict[str, Any]] | None = None,
) -> None:  # fmt: skip
    """All 50 across configurations: each solved instance's cheapest solving run (its
    configuration, nodes and CPU seconds beside Korf & Felner's nodes), the unsolved ones
    named, and the totals (the number solved, their CPU hours); then :func:`rest_estimate`,
    at the speed of the latest layout's runs among ``pieces`` (every record) if known."""
    print("| # | length | Korf & Felner's nodes | nodes | CPU s | configuration |")
    print("|---|---|---|---|---|---|")
    for k in sorted(instances, key=lambda k: k.id):
        rec = solved.get(k.id)
        if rec is None:
            print(f"| {k.id} | {k.optimal_length} | {k.published_nodes:,} | not yet | | |")
            continue
        print(
            f"| {k.id} | {rec['length']} | {k.published_nodes:,} | {rec['nodes']:,} | "
            f"{rec['cpu_s']:,.1f} | {configuration(rec)} |"
        )
    total = sum(float(r["cpu_s"]) for r in solved.values())
    left = sorted(k.id for k in instances if k.id not in solved)
    print(
        f"\n{len(solved)} of {len(instances)} solved, each at the published length, in "
        f"{total / 3600:,.2f} CPU hours (each one's cheapest solving run; runs that "
        f"stopped before a solution not counted). Not yet: {left if left else 'none'}."
    )
    estimate = rest_estimate(instances, solved, pieces or [])
    if estimate:
        print(estimate)


def piece_speed(pieces: list[dict[str, Any]], config: str, layout: str) -> float | None:
    """Nodes per CPU second of the runs of ``config`` with the tables' ``layout`` (a record
    without one: ``dense``), each counted for its own piece (a resumed run's nodes and CPU
    less those before it: ``nodes_before``, ``cpu_before_s``; a resumed run that does not
    say its nodes before is left out), whatever their status; None without any."""
    nodes = cpu = 0.0
    for r in pieces:
        if configuration(r) != config or r.get("layout", "dense") != layout:
            continue
        if r.get("resumes") and "nodes_before" not in r:
            continue
        n = int(r["nodes"]) - int(r.get("nodes_before", 0))
        c = float(r["cpu_s"]) - float(r.get("cpu_before_s", 0.0))
        if n > 0 and math.isfinite(c) and c > 0:
            nodes, cpu = nodes + n, cpu + c
    return nodes / cpu if cpu else None


def rest_estimate(
    instances: list[Korf24Instance], solved: dict[int, dict[str, Any]],
    pieces: list[dict[str, Any]] | None = None,
) -> str:  # fmt: skip
    """A rough estimate of the unsolved instances' CPU with the configuration of the latest
    solve: Clausecker & Reinefeld's published nodes with the "small" catalogue for them,
    times the ratio of our nodes to theirs over the instances that configuration solved
    (the nodes do not depend on the tables' layout), at the nodes per CPU second of that
    configuration's runs with the latest solve's layout (:func:`piece_speed` over
    ``pieces``), else of its solving runs ("" when it solved none with a published count)."""
    if not solved or len(solved) == len(instances):
        return ""
    latest = max(solved.values(), key=lambda r: str(r.get("finished", "")))
    config = configuration(latest)
    layout = str(latest.get("layout", "dense"))
    small = {k.id: k.zero_aware_nodes[1] for k in instances}
    same = [r for r in solved.values() if configuration(r) == config and small[r["id"]]]
    ours = sum(int(r["nodes"]) for r in same)
    theirs = sum(int(small[r["id"]] or 0) for r in same)
    cpu = sum(float(r["cpu_s"]) for r in same)
    if not same or not theirs or not cpu:
        return ""
    rest = [k for k in instances if k.id not in solved]
    known = sum(int(small[k.id] or 0) for k in rest)
    unknown = [k.id for k in rest if not small[k.id]]
    ratio, measured = ours / theirs, piece_speed(pieces or [], config, layout)
    speed = measured or ours / cpu
    where = f"its {layout} tables' runs" if measured else "its solving runs"
    hours = known * ratio / speed / 3600
    ratios = sorted(int(r["nodes"]) / int(small[r["id"]] or 1) for r in same)
    low, high = known * ratios[0] / speed / 3600, known * ratios[-1] / speed / 3600
    return (
        f"Estimate for the rest with {config}: their published 'small' nodes "
        f"({known:.3g} in all) times our nodes over theirs on the {len(same)} it solved "
        f"({ratio:.2f}; {ratios[0]:.2f}-{ratios[-1]:.2f}), at {speed / 1e6:.2f} M nodes "
        f"per CPU second ({where}): about {hours:,.0f} CPU hours ({low:,.0f}-{high:,.0f})"
        + (f"; no published count for {unknown}" if unknown else "")
        + "."
    )


def published_zero(counts: tuple[int | None, int | None]) -> str:
    """Clausecker & Reinefeld's published nodes, "improved" and "small" catalogues
    (:attr:`~searchlab.puzzles.npuzzle.korf.Korf24Instance.zero_aware_nodes`)."""
    return " / ".join("-" if c is None else f"{c:,}" for c in counts)


def print_table(instances: list[Korf24Instance], records: dict[int, dict[str, Any]]) -> None:
    """The Markdown table of all 50 instances, each one's state and the projected cost of
    solving the unsolved ones; then the projection's validation and the totals."""
    print(
        "| # | published length | Korf & Felner's nodes | state | nodes | CPU s | growth | "
        "projected nodes to solve | projected CPU h |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    hours = [0.0] * len(FRACTIONS)
    missing = []
    for inst in instances:
        rec = records.get(inst.id)
        if rec is None:
            missing.append(inst.id)
            print(
                f"| {inst.id} | {inst.optimal_length} | {inst.published_nodes:,} | not run "
                "| | | | | |"
            )
            continue
        its = rec.get("iterations") or []
        rate = rec["nodes"] / max(rec["cpu_s"], 1e-9)
        grown = f"{growth.growth_ratio(its, math.nan):.2f}" if len(its) >= 2 else ""
        head = f"| {inst.id} | {inst.optimal_length} | {inst.published_nodes:,} |"
        counts = f"{rec['nodes']:,} | {rec['cpu_s']} | {grown} |"
        if rec["status"] == "solved":
            hours = [h + rec["cpu_s"] / 3600 for h in hours]
            print(f"{head} solved, {rec['length']} moves | {counts} (done) | (done) |")
            continue
        cpu_limit = rec["status"] == "cpu_limit"
        limit = f"{rec['cpu_limit_s']:.0f} CPU s" if cpu_limit else f"{rec['time_limit_s']:.0f} s"
        if its:
            state = f"bound {its[-1][0]} done, {rec['last'][0]} stopped"
        else:
            state = f"bound {rec['bound']} stopped, iterations not recorded"
        state += f" ({rec['status']}, {limit})"
        if "longest" in rec:
            far = rec["longest"]
            state += (
                f"; a longer run: bound {far['bound']} stopped, {far['nodes']:.2e} nodes, "
                f"{far['cpu_s']} CPU s"
            )
        ps = projected(rec, inst.optimal_length)
        if ps is None:
            missing.append(inst.id)
            tail = " | |"
        else:
            hs = [p.nodes / rate / 3600 for p in ps]
            hours = [h + x for h, x in zip(hours, hs, strict=True)]
            tail = (
                f"{ps[0].nodes:.1e} ({ps[1].nodes:.1e}-{ps[2].nodes:.1e}) | "
                f"{hs[0]:.1f} ({hs[1]:.1f}-{hs[2]:.1f}) |"
            )
        print(f"{head} {state} | {counts} {tail}")
    solved = sum(r["status"] == "solved" for r in records.values())
    kinds = sorted({r["heuristic"] for r in records.values()})
    print(
        f"\n{solved} of {len(instances)} solved ({'; '.join(kinds)}). Solved plus projected: "
        f"{hours[0]:,.0f} CPU hours ({hours[1]:,.0f}-{hours[2]:,.0f}) at each instance's "
        "nodes per CPU second here, against the issue's 12"
        + (f"; no projection for {missing}" if missing else "")
        + ". Projection: the completed iterations, then each next one the last one times "
        f"the run's growth (its last two iterations' ratio; {RATIO:.2f} with one), changing "
        f"as it did from the two before (falling, never below {RATIO:.2f}, or constant), the one "
        "it was stopped in at least the nodes it had searched, up to the published length; "
        f"the last iteration counted at {FRACTIONS[0]:.0%} "
        f"(range {FRACTIONS[1]:.0%}-{FRACTIONS[2]:.0%})."
    )
    print()
    print_validation(records)


def print_validation(records: dict[int, dict[str, Any]]) -> None:
    """The projection checked where the outcome is known: each completed iteration
    projected from earlier ones, and the solved runs from their completed iterations."""
    runs = [
        (i, [(b, n) for b, n in r["iterations"]])
        for i, r in sorted(records.items())
        if r.get("iterations")
    ]
    own = growth.validate_iterations(runs, RATIO, MIN_NODES, trend=True)
    flat = growth.validate_iterations(runs, RATIO, MIN_NODES)
    brute = growth.validate_iterations(runs, RATIO, MIN_NODES, own_ratio=False)
    if not own:
        print(f"validation: no run with iterations of {MIN_NODES:,} nodes recorded")
        return
    print(
        f"Validation 1: each completed iteration of the {len(runs)} runs with iterations "
        f"recorded, projected from an earlier one of at least {MIN_NODES:,} nodes "
        "(projected / measured nodes: median, lowest-highest):"
    )
    print(
        "| iterations ahead | cases | run's growth, changing (used) | run's growth, constant "
        f"| growth {RATIO:.2f} |"
    )
    print("|---|---|---|---|---|")
    summaries = [growth.error_summary(c) for c in (own, flat, brute)]
    for h in summaries[0]:
        cells = " | ".join(
            f"{m:.2f} ({lo:.2f}-{hi:.2f})" for m, lo, hi in (x[h] for x in summaries)
        )
        print(f"| {h} | {sum(c.horizon == h for c in own)} | {cells} |")
    print(
        f"typical miss (geometric mean factor): {growth.log_error(own):.2f}x used, "
        f"{growth.log_error(flat):.2f}x constant, {growth.log_error(brute):.2f}x with {RATIO:.2f}"
    )
    solved = [(i, its, records[i]["nodes"]) for i, its in runs if records[i]["status"] == "solved"]
    if not solved:
        return
    shares = []
    for i, its, _ in solved:
        if len(its) >= 2:
            full = its[-1][1] * growth.growth_ratio(its, RATIO)
            shares.append(f"#{i} {records[i]['last'][1] / full:.2f}")
    print(
        f"\nValidation 2: the {len(solved)} solved runs with iterations recorded, their "
        f"total projected ({FRACTIONS[0]:.0%} of the last iteration) from their first "
        f"iterations, the last of them of at least {MIN_NODES:,} nodes (projected / measured):"
    )
    checks = growth.validate(solved, RATIO, FRACTIONS[0], min_nodes=MIN_NODES, trend=True)
    low = growth.validate(solved, RATIO, FRACTIONS[1], min_nodes=MIN_NODES, trend=True)
    high = growth.validate(solved, RATIO, FRACTIONS[2], min_nodes=MIN_NODES, trend=True)
    print("| iterations projected | cases | median | lowest | highest | measured in range |")
    print("|---|---|---|---|---|---|")
    for h, (med, lo, hi) in growth.error_summary(checks).items():
        ks = [k for k, c in enumerate(checks) if c.horizon == h]
        inside = sum(low[k].error <= 1 <= high[k].error for k in ks)
        print(f"| {h} | {len(ks)} | {med:.2f} | {lo:.2f} | {hi:.2f} | {inside} of {len(ks)} |")
    print(
        "share of the (projected) last iteration searched before the solution: " + ", ".join(shares)
    )


if __name__ == "__main__":
    sys.exit(main())
