"""A family with the contract's core alone passes the whole generic suite (issue 36).

``tests/families/minimal/`` is such a family (parse and format, an engine problem,
positions as JSON, views; no play mode, no generator, no experiments, no command of its
own). The test copies the installed package into a temporary directory, copies that
folder into its ``puzzles/`` as ``hops`` (registered as every family is: by its folder),
and runs in a fresh process every generic test module on it: the tests parametrized by
family, with ``hops`` among them, and the ones that loop over every family. Each
generic test follows the capabilities a family has, so none may fail for a missing one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.families.test_copied_family import copy_package, run_on

TESTS = Path(__file__).resolve().parents[1]
NAME = "hops"
GENERIC = [
    "families/test_contract.py",
    "families/test_checking.py",
    "families/test_view.py",
    "cli/test_exit_codes.py",
    "cli/test_optimality.py",
    "cli/test_serve.py",
    "test_notebook.py",
    "web/test_api.py",
    "web/test_goal.py",
    "web/test_parsers.py",
    "web/test_pictures.py",
    "web/test_watch_api.py",
    "web/test_watch_trace.py",
    "web/test_fuzz.py",
    "web/test_class.py",
]
"""The test modules generic over the registry (browser journeys aside: they are slow)."""
LOOPS = [
    "test_registry_is_the_folders_with_a_family_module",
    "test_generic_solve_help_names_each_familys_optimal_algorithms",
    "test_families_listed",
    "test_non_finite_numbers_are_422",
    "test_every_family_says_what_counts_as_solved",
    "test_a_single_goal_position_is_drawn_and_is_a_goal",
    "test_no_server_error",
    "test_every_family_is_imported_before_the_server_answers",
    "test_the_watchable_families_and_their_algorithms",
    "test_each_family_opens_on_a_search_that_finishes",
    "test_examples_the_watch_cannot_run_are_not_offered",
]
"""Generic tests that loop over every family inside one test (their ids name none)."""


CLI = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from searchlab.cli.main import main

    out = Path(sys.argv[1])
    board = out / "row.txt"
    board.write_text("12 9\\n")
    svg, html = str(out / "r.svg"), str(out / "r.html")
    assert main(["solve", "hops", str(board), "--svg", svg, "--html", html]) == 0
    assert main(["solve", "hops", str(board), "-a", "bfs", "--json"]) == 0
    assert main(["hops", "solve", str(board)]) == 0  # its command group: solve alone
    assert main(["solve", "hops", str(board), "-H", "manhattan"]) == 2  # none offered
    assert main(["compare", "hops"]) == 2  # no samples: one line, not a traceback
    assert main(["teach", "hops", "--example", "seven", "-a", "bfs"]) == 0
    print("minimal family ok")
    """
)


def package_with(tmp_path: Path, folder: Path, name: str) -> Path:
    """A copy of the installed package with ``folder`` as ``puzzles/<name>``; its root."""
    root = copy_package(tmp_path, {})
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(folder, root / "searchlab" / "puzzles" / name, ignore=ignore)
    return root


def test_the_minimal_family_answers_the_cli(tmp_path: Path) -> None:
    root = package_with(tmp_path, TESTS / "families" / "minimal", NAME)
    printed = run_on(root, CLI, str(tmp_path), cache=tmp_path / "cache")
    assert "minimal family ok" in printed


@pytest.mark.slow  # a minute and more: some hundred generic tests, in a fresh process
def test_the_minimal_family_passes_the_generic_suite(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    root = package_with(tmp_path, TESTS / "families" / "minimal", NAME)
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "SEARCHLAB_LANG": "en",
        "SEARCHLAB_CACHE_DIR": str(tmp_path / "cache"),
    }
    chosen = " or ".join([NAME, *LOOPS])
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", chosen]
        + [str(TESTS / m) for m in GENERIC],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    tail = done.stdout[-4000:] + done.stderr[-2000:]
    assert done.returncode == 0, tail
    assert "passed" in done.stdout and " failed" not in done.stdout, tail
