"""``searchlab serve`` and ``searchlab teach``: loopback default, one-line errors, SVG export."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from searchlab import families
from searchlab.cli.main import main
from searchlab.cli.serve import is_loopback


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_serve_defaults_to_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    assert "127.0.0.1" in capsys.readouterr().out


def test_serve_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert "cannot listen" in err and "Traceback" not in err


def test_teach_prints_order_and_writes_graph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "graph.svg"
    assert main(["teach", "maze", "--example", "small", "-a", "bfs", "--svg", str(out)]) == 0
    text = capsys.readouterr().out
    assert "expansion" in text and "solved" in text
    svg = out.read_text()
    assert svg.startswith("<svg") and "#d62828" in svg


def test_teach_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "m.txt"
    board.write_text("S..\n.#.\n..G\n")
    assert main(["teach", "maze", str(board), "-a", "astar", "--rows", "3"]) == 0
    assert "astar (manhattan)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["teach", "chess", "--example", "x"], "unknown puzzle family"),
        (["teach", "maze"], "give a board FILE or --example"),
        (["teach", "maze", "--example", "nope"], "no example"),
        (["teach", "maze", "--example", "small", "-a", "quantum"], "not offered"),
        (["teach", "maze", "--example", "small", "--heuristic", "x"], "heuristic"),
    ],
)
def test_teach_errors(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err


def test_serve_runs_on_a_free_loopback_port() -> None:
    """The real command: it prints its URL, answers, and stops on SIGINT."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "searchlab", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "http://127.0.0.1:" in line, line
        url = line.split()[3]
        for _ in range(100):
            try:
                with urllib.request.urlopen(url + "api/families", timeout=2) as r:
                    assert b"maze" in r.read()
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not answer")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)


def _post(url: str, body: str) -> bytes:
    request = urllib.request.Request(
        url, body.encode(), headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as r:
        return r.read()


def test_ctrl_c_stops_the_server_and_its_workers_without_a_traceback() -> None:
    """Ctrl-C in a terminal reaches the whole process group: the server, its
    forkserver, the workers of its hint and generation lanes and a running solve.
    Each used to print a KeyboardInterrupt traceback; the server alone answers it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "searchlab", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job is
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[3]
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "api/families", timeout=2).close()
                break
            except OSError:
                time.sleep(0.05)
        maze = '"S..#\\n.#..\\n...G"'
        assert b"board" in _post(url + "api/maze/random", '{"params": {}}')
        assert b"move" in _post(url + "api/maze/hint", '{"board": ' + maze + "}")
        job = _post(
            url + "api/npuzzle/solve",
            '{"board": "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1", "algorithm": "bfs"}',
        )
        assert b"job" in job
        time.sleep(0.5)  # the solve's child is running
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]


def test_html_option_and_save_replay(tmp_path: Path) -> None:
    import click
    from click.testing import CliRunner

    from searchlab import families
    from searchlab.cli.replay import html_option, save_replay
    from searchlab.errors import InputError
    from searchlab.puzzles.maze import parse_maze

    maze = parse_maze("S.G\n")
    family = families.get("maze")

    @click.command()
    @html_option
    def cmd(html_path: str | None) -> None:
        assert html_path is not None
        save_replay(html_path, family, maze, ["R", "R"], [0, 1, 2], stats={"expanded": 2})

    out = tmp_path / "r.html"
    result = CliRunner().invoke(cmd, ["--html", str(out)])
    assert result.exit_code == 0, result.output
    assert "createPlayer" in out.read_text()
    with pytest.raises(InputError, match="cannot write"):
        save_replay(str(tmp_path / "missing" / "r.html"), family, maze, [], [0])


@pytest.mark.parametrize(
    "family", [n for n in families.names() if families.get(n).engine is not None]
)
def test_teach_runs_with_its_default_algorithm(
    family: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The teaching view runs any engine search on every family's problem (its default
    is bfs, which the knight family does not list among its solvers)."""
    example = families.get(family).examples[0].id
    # 0 when the search ends within the teaching view's expansion cap, 1 at the cap
    assert main(["teach", family, "--example", example, "--rows", "2"]) in (0, 1)
    assert "expanded" in capsys.readouterr().out
