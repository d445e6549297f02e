"""A family is one folder: a copy of any family's folder under a new name is another
family, reached by every surface with no other file changed.

The tests copy the installed package into a temporary directory, copy a family's folder
there under a new name, and drive the copy in a fresh Python process. Every folder: the
copy is listed, solves its first example under its new name (``searchlab solve
--json``'s ``"family"``), and runs its own modules, never the original's. The Tower of
Hanoi, in depth (``puzzles/hanoi`` as ``puzzles/towers``): the registry, ``searchlab
solve`` (``--json``, ``--svg``, ``--html``), its command group, ``compare``, ``teach``,
and the web API (families, validate, play moves, hint, solve job).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import searchlab
from searchlab import families

CORE = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from searchlab import families
    from searchlab.cli.main import main

    out = Path(sys.argv[1])
    names = families.names()
    assert "towers" in names and "hanoi" in names, names
    towers = families.get("towers")
    assert towers.name == "towers" and towers is not families.get("hanoi")
    result = towers.run(towers.read("disks: 3"))
    assert result.status == "solved" and result.cost == 7

    board = out / "board.txt"
    board.write_text("disks: 4\\ngoal: B\\n")
    svg, html = out / "t.svg", out / "t.html"
    assert main(["solve", "towers", str(board), "--svg", str(svg), "--html", str(html)]) == 0
    assert svg.read_text().startswith("<svg") and "<html" in html.read_text()
    assert main(["solve", "towers", str(board), "-a", "astar", "-H", "exact", "--json"]) == 0
    assert main(["towers", "solve", str(board), "--json"]) == 0  # its own command group
    assert main(["towers", "solve", "--disks", "3", "--goal", "B"]) == 0  # its solve options
    assert main(["towers", "count", "--disks", "3"]) == 0  # a task the family declares
    assert main(["towers", "count", "--disks", "99"]) == 2  # its InputError: one line, 2
    print("seventh family ok")
    """
)

SURFACES = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from searchlab.cli.main import main

    out = Path(sys.argv[1])
    assert main(["compare", "towers", "--depths", "3,5", "-n", "1", "-a", "bfs"]) == 0
    graph = out / "g.svg"
    assert main(["teach", "towers", "--example", "three", "-a", "bfs", "--svg", str(graph)]) == 0
    assert graph.read_text().startswith("<svg")

    from fastapi.testclient import TestClient
    from searchlab.web.app import create_app

    with TestClient(create_app(workers=1), base_url="http://127.0.0.1") as client:
        listed = [f["name"] for f in client.get("/api/families").json()]
        assert "towers" in listed, listed
        start = client.post("/api/towers/validate", json={"board": "disks: 3"}).json()
        token = start["start"]["state"]
        moves = client.post("/api/towers/moves", json={"board": "disks: 3", "state": token})
        assert moves.status_code == 200 and moves.json()["moves"]
        hint = client.post("/api/towers/hint", json={"board": "disks: 3", "state": token})
        assert hint.json()["move"]["label"] == "A>C"
        body = {"board": "disks: 3", "algorithm": "recursive"}
        job = client.post("/api/towers/solve", json=body)
        assert job.status_code == 202, job.text
        for _ in range(300):
            snap = client.get(f"/api/jobs/{job.json()['job']}").json()
            if snap["state"] in ("done", "failed"):
                break
            time.sleep(0.1)
        assert snap["state"] == "done" and snap["result"]["status"] == "solved", snap
    print("seventh family ok")
    """
)


COPY = textwrap.dedent(
    """
    import io, json, sys
    from contextlib import redirect_stdout
    from pathlib import Path
    from searchlab import families
    from searchlab.cli.main import main

    out, original, copy = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    assert copy in families.names() and original in families.names(), families.names()
    family = families.get(copy)
    assert family.name == copy, family.name
    example = family.examples[0]
    result = family.run(family.read(example.text))
    assert result.status == "solved", (example.id, result.status, result.reason)
    board = out / f"{copy}.txt"
    board.write_text(example.text)
    with redirect_stdout(io.StringIO()) as printed:
        assert main(["solve", copy, str(board), "--json"]) == 0
    answer = json.loads(printed.getvalue())
    assert answer["family"] == copy and answer["status"] == "solved", answer

    package = f"searchlab.puzzles.{copy}"
    ran = [m for m in sys.modules if m == package or m.startswith(package + ".")]
    assert f"{package}.family" in ran, ran
    folder = Path(families.PUZZLES) / copy
    for name in ran:
        where = Path(sys.modules[name].__file__ or "")
        assert where.is_relative_to(folder), (name, where)
    theirs = f"searchlab.puzzles.{original}"
    leaked = [m for m in sys.modules if m == theirs or m.startswith(theirs + ".")]
    assert not leaked, f"the copy ran the original's modules: {leaked}"

    # Its experiments too: a name both declare is qualified by each family, none lost.
    from searchlab.experiments.builtin import builtin_experiments

    experiments = builtin_experiments()
    assert all(spec.name == key for key, spec in experiments.items()), list(experiments)
    with redirect_stdout(io.StringIO()):
        assert main(["experiment", "--help"]) == 0

    # Its course assignments: a name both declare is qualified by each family, none lost.
    from searchlab.teaching.grading import MOVES_ASSIGNMENTS, declared

    marked = declared()
    assert all(a.name == key for key, a in marked.items()), list(marked)
    assert (original in MOVES_ASSIGNMENTS) == (copy in MOVES_ASSIGNMENTS), list(marked)
    with redirect_stdout(io.StringIO()):
        assert main(["grade", "--help"]) == 0

    # Its stand-alone programs: qualified by each family; the console script of a name
    # both declare says so on one line (exit 2) instead of failing.
    from contextlib import redirect_stderr

    from searchlab.cli import programs

    for name, owners in programs.programs_by_name().items():
        if len(owners) == 1:
            continue
        assert {f"{family}:{name}" for family, _p in owners} <= set(programs.declared())
        with redirect_stderr(io.StringIO()) as said:
            assert programs.run_program(name, ["--help"]) == 2
        lines = said.getvalue().splitlines()
        assert len(lines) == 1 and all(f in lines[0] for f, _p in owners), lines
    print("copied family ok")
    """
)


def copy_package(tmp_path: Path, copies: dict[str, str]) -> Path:
    """Copy the package to ``tmp_path / "src"`` and there each family folder ``copies``
    names under its new name; the copy's ``src`` folder."""
    package = Path(searchlab.__file__).parent
    root = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(package, root / "searchlab", ignore=ignore)
    puzzles = root / "searchlab" / "puzzles"
    for original, copy in copies.items():
        shutil.copytree(puzzles / original, puzzles / copy, ignore=ignore)
    return root


def run_on(root: Path, script: str, *args: str, cache: Path) -> str:
    """Run ``script`` on the package copied to ``root`` in a fresh process (its cache in
    ``cache``); what it printed."""
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "SEARCHLAB_LANG": "en",
        "SEARCHLAB_CACHE_DIR": str(cache),
    }
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return done.stdout


def run_in_a_copy(tmp_path: Path, script: str) -> None:
    """Copy the package to ``tmp_path``, copy ``puzzles/hanoi`` there as
    ``puzzles/towers``, and run ``script`` on that copy in a fresh process."""
    root = copy_package(tmp_path, {"hanoi": "towers"})
    printed = run_on(root, script, str(tmp_path), cache=tmp_path / "cache")
    assert "seventh family ok" in printed


@pytest.fixture(scope="module")
def every_folder_copied(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package copied once, every family folder ``F`` beside it as ``F_copy``."""
    tmp = tmp_path_factory.mktemp("copies")
    return copy_package(tmp, {name: f"{name}_copy" for name in families.names()})


@pytest.mark.parametrize("original", families.names())
def test_every_family_folder_copied_is_a_family_under_its_new_name(
    every_folder_copied: Path, original: str, tmp_path: Path
) -> None:
    printed = run_on(
        every_folder_copied,
        COPY,
        str(tmp_path),
        original,
        f"{original}_copy",
        cache=tmp_path / "cache",
    )
    assert "copied family ok" in printed


def test_a_copied_folder_is_a_family_of_the_registry_and_the_cli(tmp_path: Path) -> None:
    run_in_a_copy(tmp_path, CORE)


@pytest.mark.slow
def test_a_copied_folder_reaches_compare_teach_and_the_web_player(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    run_in_a_copy(tmp_path, SURFACES)
