"""The frontier count of knight's tours against published counts (OEIS) and against
exhaustive search; its checkpoints and Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.knight import frontier_store
from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.exhaustive import count_closed_tours, count_tours
from searchlab.puzzles.knight.frontier import Cancelled, _Budget, _run, count, plan

# OEIS A001230 (undirected closed tours on 2n x 2n), A165134 (directed open tours on
# n x n), A175855 (closed tours on 5 x 2n), A070030 (closed tours on 3 x 2n).
PUBLISHED_CLOSED = [
    ((6, 6), 9862),
    ((3, 10), 16),
    ((3, 12), 176),
    ((3, 14), 1536),
    ((5, 6), 8),
    ((5, 8), 44202),
    ((4, 4), 0),
]
PUBLISHED_OPEN = [((1, 1), 1), ((3, 3), 0), ((4, 4), 0), ((5, 5), 1728), ((3, 4), 16)]


@pytest.mark.parametrize(("size", "tours"), PUBLISHED_CLOSED)
def test_published_closed_counts(size: tuple[int, int], tours: int) -> None:
    got = count(Board(*size), True)
    assert got.undirected == tours and got.directed == 2 * tours


@pytest.mark.parametrize(("size", "tours"), PUBLISHED_OPEN)
def test_published_open_counts(size: tuple[int, int], tours: int) -> None:
    assert count(Board(*size), False).directed == tours


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "closed", "directed"),
    [
        ((6, 6), False, 6_637_920),
        ((8, 6), True, 2 * 55_488_142),
        pytest.param(
            (7, 7),
            False,
            165_575_218_320,
            marks=pytest.mark.skipif(
                os.environ.get("SEARCHLAB_HEAVY") != "1",
                reason="7x7 open tours: hours of CPU (memory bounded by the default budget); "
                "SEARCHLAB_HEAVY=1 runs it",
            ),
        ),
    ],
)
def test_published_large_counts(size: tuple[int, int], closed: bool, directed: int) -> None:
    assert count(Board(*size), closed).directed == directed


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.booleans())
def test_agrees_with_exhaustive_search(rows: int, cols: int, closed: bool) -> None:
    """Both orientations, open and closed, on boards the exhaustive count does at once."""
    board = Board(rows, cols)
    if board.size > 20:
        return
    got = count(board, closed)
    turned = count(Board(cols, rows), closed)
    assert (turned.undirected, turned.directed) == (got.undirected, got.directed)
    want = count_closed_tours(board) if closed else count_tours(board)
    assert (got.undirected if closed else got.directed) == want


@pytest.mark.slow
def test_agrees_with_exhaustive_search_up_to_30_squares() -> None:
    for rows in range(1, 7):
        for cols in range(rows, 31 // rows + 1):
            board = Board(rows, cols)
            if board.size > 30:
                continue
            assert count(board, False).directed == count_tours(board), board
            assert count(board, True).undirected == count_closed_tours(board), board


class TripAt:
    """A cancel token set once ``progress`` has seen ``cell``."""

    def __init__(self, cell: int) -> None:
        self.cell = cell
        self.event = threading.Event()

    def is_set(self) -> bool:
        return self.event.is_set()

    def progress(self, cell: int, cells: int, column: int, states: int, mb: float) -> None:
        if cell >= self.cell:
            self.event.set()


def _done(ck: Path) -> int:
    return int(json.loads(ck.read_text())["done"])


@pytest.mark.parametrize(
    ("stop_at", "memory"), [(7, None), (22, None), (13, 1 << 14), (33, 1 << 14)]
)
def test_resumes_from_its_checkpoint(tmp_path: Path, stop_at: int, memory: int | None) -> None:
    """In memory and with a 16 KB budget (every frontier in many part files on disk)."""
    ck = tmp_path / "c.ckpt"
    trip = TripAt(stop_at)
    with pytest.raises(Cancelled):
        count(Board(5, 8), True, cancel=trip, progress=trip.progress, checkpoint=ck, memory=memory)
    done = _done(ck)
    assert done % 5 == 0 and done <= stop_at
    got = count(Board(8, 5), True, checkpoint=ck, memory=memory)
    assert got.undirected == 44202 and got.steps_resumed == done
    # The last checkpoint and its folder, nothing else (no work files, no temporary).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.ckpt", "c.ckpt.cell035", "c.ckpt.lock"]


CHILD = """
import sys
from pathlib import Path
from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.frontier import count
def show(cell, cells, column, states, mb):
    print(cell, flush=True)
r = count(Board(5, 8), True, progress=show, checkpoint=Path(sys.argv[1]), memory=1 << 15)
print("RESULT", r.undirected, flush=True)
"""


CHILD_EVERY_CELL = CHILD.replace(
    "from searchlab.puzzles.knight.frontier import count",
    "from searchlab.puzzles.knight import frontier\n"
    "frontier.SAVE_AFTER = 0.0\n"
    "count = frontier.count",
)


def _kill_at(child_code: str, ck: Path, kill_at: int) -> None:
    """Run the count ``child_code`` and SIGKILL it (no cleanup at all) once it has
    shown cell ``kill_at``."""
    child = subprocess.Popen(
        [sys.executable, "-c", child_code, str(ck)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    for line in child.stdout:
        if int(line) >= kill_at:
            break
    child.send_signal(signal.SIGKILL)
    child.wait()


@pytest.mark.parametrize("kill_at", [13, 27])
@pytest.mark.parametrize("every_cell", [False, True])
def test_a_count_killed_mid_column_resumes_with_nothing_lost_or_doubled(
    tmp_path: Path, kill_at: int, every_cell: bool
) -> None:
    """SIGKILL in the middle of a column, parts on disk: the count run again resumes
    from its last checkpoint, gives the published count, and sweeps what the killed
    process left. The checkpoint is the last whole column, or, when cells are long
    (``every_cell``: ``SAVE_AFTER`` set to 0, so every cell is saved), the cell
    reached: progress is shown just before the save, so the one before the cell seen
    or later, past the column's start (10 and 25)."""
    ck = tmp_path / "c.ckpt"
    _kill_at(CHILD_EVERY_CELL if every_cell else CHILD, ck, kill_at)
    assert any(".work-" in p.name for p in tmp_path.iterdir())  # left by the dead process
    done = _done(ck)
    if every_cell:
        assert done >= kill_at - 1
    else:
        assert done % 5 == 0 and 0 < done <= kill_at
    got = count(Board(5, 8), True, checkpoint=ck, memory=1 << 15)
    assert got.undirected == 44202 and got.steps_resumed == done
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.ckpt", "c.ckpt.cell035", "c.ckpt.lock"]


def test_a_damaged_or_foreign_checkpoint_is_reported_and_ignored(tmp_path: Path) -> None:
    ck = tmp_path / "c.ckpt"
    trip = TripAt(20)
    with pytest.raises(Cancelled):
        count(Board(5, 8), True, cancel=trip, progress=trip.progress, checkpoint=ck)
    notes: list[str] = []
    assert count(Board(5, 6), True, checkpoint=ck, on_checkpoint_note=notes.append).undirected == 8
    assert len(notes) == 1 and "another count" in notes[0]
    trip = TripAt(20)
    with pytest.raises(Cancelled):
        count(Board(5, 8), True, cancel=trip, progress=trip.progress, checkpoint=ck)
    part = next((tmp_path / json.loads(ck.read_text())["folder"]).glob("*.counts"))
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))
    notes.clear()
    got = count(Board(5, 8), True, checkpoint=ck, on_checkpoint_note=notes.append)
    assert got.undirected == 44202 and got.steps_resumed == 0
    assert len(notes) == 1 and "checksum" in notes[0] and "starting over" in notes[0]
    ck.write_bytes(b"not a checkpoint")
    notes.clear()
    assert count(Board(5, 6), True, checkpoint=ck, on_checkpoint_note=notes.append).undirected == 8
    assert len(notes) == 1 and "damaged" in notes[0]


@pytest.mark.parametrize(
    ("size", "closed", "want", "memory"),
    [
        ((5, 5), False, 864, 1 << 12),
        ((4, 7), False, 6378, 1 << 16),
        ((5, 8), True, 44202, 1 << 22),
        pytest.param((6, 6), True, 9862, 1 << 12, marks=pytest.mark.slow),
    ],
)
def test_a_count_within_a_tiny_memory_budget_counts_the_same(
    size: tuple[int, int], closed: bool, want: int, memory: int
) -> None:
    """Budgets of 4 KB to 4 MB force the frontiers to disk and every step into many
    parts (some split when too big); the counts are the published ones, and the
    arrays held stay within the budget (or the smallest table)."""
    got = count(Board(*size), closed, memory=memory)
    assert got.undirected == want
    assert got.largest_arrays <= max(memory, 3 * 1024 * 16)
    assert got.most_parts > 1 or got.largest_frontier * 16 <= memory // 4


@settings(max_examples=6, deadline=None)
@given(st.integers(1, 2**70), st.sampled_from([None, 1 << 14]))
def test_counts_past_64_bits_stay_exact(start: int, memory: int | None) -> None:
    """Linearity: starting the count of 5x6 closed (8 tours) from an empty board
    counted ``start`` times gives ``8 * start`` tours exactly; with ``start`` near
    or past 2**64 the steps overflow one limb and are redone wider."""
    limbs = [(start >> (64 * j)) & (2**64 - 1) for j in range(2)]
    if limbs[1] == 0:
        limbs = limbs[:1]
    first = frontier_store.in_memory(np.zeros(1, np.uint64), np.array([limbs], dtype=np.uint64))
    budget = _Budget(1 << 30 if memory is None else memory)
    got = _run(plan(5, 6), True, [first], [1], 0, budget, None, None, None, None)
    assert got == 8 * start


def test_counts_overflowing_64_bits_are_redone_wider() -> None:
    start = 2**64 - 1
    first = frontier_store.in_memory(np.zeros(1, np.uint64), np.array([[start]], np.uint64))
    got = _run(plan(5, 6), True, [first], [1], 0, _Budget(1 << 14), None, None, None, None)
    assert got == 8 * start


def test_frontiers_read_from_disk_in_many_chunks_count_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Part files read back a few hundred states at a time (the 8x8 count reads a
    million at a time from files of hundreds of millions)."""
    from searchlab.puzzles.knight import frontier

    monkeypatch.setattr(frontier, "CHUNK", 257)
    assert count(Board(5, 8), True, memory=1 << 14).undirected == 44202
    assert count(Board(5, 5), False, memory=1 << 13).directed == 1728


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.booleans(), st.integers(10, 22))
def test_any_memory_budget_counts_the_same(rows: int, cols: int, closed: bool, bits: int) -> None:
    """Boards up to 25 squares, budgets of 1 KB to 4 MB: the same counts as in memory."""
    board = Board(rows, cols)
    free = count(board, closed)
    got = count(board, closed, memory=1 << bits)
    assert (got.undirected, got.directed) == (free.undirected, free.directed)


def test_one_count_at_a_time_uses_a_checkpoint(tmp_path: Path) -> None:
    """A second count on a checkpoint in use stops at once (it would remove the first
    one's files), whether the first is in this process or another."""
    from searchlab.puzzles.knight.frontier import CheckpointBusy
    from searchlab.puzzles.knight.frontier_store import locked

    ck = tmp_path / "c.ckpt"
    with locked(ck), pytest.raises(CheckpointBusy):
        count(Board(5, 6), True, checkpoint=ck)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(ck)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    with pytest.raises(CheckpointBusy):
        count(Board(5, 6), True, checkpoint=ck)
    holder.kill()
    holder.wait()
    assert count(Board(5, 6), True, checkpoint=ck).undirected == 8  # released by its death


HOLD = """
import sys, time
from pathlib import Path
from searchlab.puzzles.knight.frontier_store import locked
with locked(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(60)
"""


@pytest.mark.parametrize("rows", range(1, 9))
def test_the_mirror_maps_each_column_s_frontier_onto_itself(rows: int) -> None:
    """After each column but the last the frontier is closed under the top-bottom
    reflection: the mirror is a permutation of its positions and its own inverse
    (the symmetry trick's premise); elsewhere there is none."""
    p = plan(rows, 9)
    for x, image in enumerate(p.mirrors):
        if (x + 1) % rows == 0 and x < rows * 9 - 1:
            assert sorted(image.tolist()) == list(range(p.sizes[x]))
            assert all(image[image[k]] == k for k in range(len(image)))
        else:
            assert len(image) == 0
