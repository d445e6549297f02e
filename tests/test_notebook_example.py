"""docs/notebook.ipynb runs from top to bottom in a fresh kernel, without an error.

The kernel is the Python running the tests, with the same ``searchlab`` on its
path; it starts in a temporary directory, so nothing the notebook might write
lands in the repository. The notebook is stored without outputs (checked here).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import searchlab

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("pandas")

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "notebook.ipynb"
CELL_TIMEOUT = 60
"""Seconds any one cell may take (the whole notebook takes a few seconds)."""


def test_notebook_is_stored_without_outputs() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    assert all(not c.outputs and c.execution_count is None for c in code)


@pytest.mark.slow
def test_notebook_runs_without_errors(tmp_path: Path) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    src = str(Path(searchlab.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    client = nbclient.NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    started = time.monotonic()
    client.execute(env=env)  # raises CellExecutionError on the first failing cell
    elapsed = time.monotonic() - started
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o.data["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("<iframe" in h and "srcdoc=" in h for h in html), "no solution player shown"
    assert any('class="searchlab-results"' in h for h in html), "no results table shown"
    assert any("<table" in h and "dataframe" in h for h in html), "no DataFrame shown"
    assert not list(tmp_path.iterdir()), "the notebook wrote files"
    assert elapsed < 120, f"the notebook took {elapsed:.0f} s"
