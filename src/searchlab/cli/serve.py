"""``searchlab serve`` (the web player) and ``searchlab teach`` (a search, explained)."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser

import click
from rich.table import Table

from searchlab import i18n
from searchlab.cli.common import (
    STDOUT,
    console,
    err_console,
    fail,
    finish,
    read_input,
    run_with_progress,
    write_output,
)
from searchlab.cli.localized import Command
from searchlab.errors import choices
from searchlab.i18n import _
from searchlab.search import SearchStats
from searchlab.search.result import STATUS_LABELS


def is_loopback(host: str) -> bool:
    """Whether ``host`` names only this machine (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command(cls=Command)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (loopback by default; anything else is reachable "
    "from other machines).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="TCP port (0 picks a free one).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the player in a browser.")
def serve(host: str, port: int, open_browser: bool) -> None:
    """Run the web player: load, solve, animate and play every puzzle (Ctrl-C stops it)."""
    import uvicorn

    from searchlab.web.app import create_app

    if not is_loopback(host):
        err_console.print(
            _(
                "searchlab: warning: listening on {host}: other machines can reach this server"
            ).format(host=host),
            markup=False,
        )
    # Bind here, so a taken port fails with one line and --port 0 shows the port picked.
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        fail(
            _("cannot listen on {host}:{port} ({reason})").format(
                host=host, port=port, reason=exc.strerror or exc
            )
        )
    port = sock.getsockname()[1]
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    console.print(_("searchlab player on {url} (Ctrl-C to stop)").format(url=url), markup=False)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    i18n.use("en")  # the API is machine output; the page translates itself (/api/i18n)
    server = uvicorn.Server(
        uvicorn.Config(create_app(hosts=frozenset({host})), log_level="warning")
    )
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


@click.command(cls=Command)
@click.argument("family")
@click.argument("file", required=False)
@click.option("--example", help="A built-in board of the family instead of FILE.")
@click.option(
    "--algorithm",
    "-a",
    help="Engine algorithm (default: the family's first engine algorithm).",
)
@click.option("--heuristic", "-H", help="Heuristic (the family's first one by default).")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the explored state graph as SVG.",
)
@click.option(
    "--rows", type=click.IntRange(min=0), default=30, show_default=True, help="Expansions to print."
)
def teach(
    family: str,
    file: str | None,
    example: str | None,
    algorithm: str | None,
    heuristic: str | None,
    svg_path: str | None,
    rows: int,
) -> None:
    """Show how a search explores a small board: nodes in expansion order with g, h and
    f = g + h, and (with --svg) the explored state graph with the solution path in red.

    The search is recorded for its first 3,000 expansions. Exit status 0 when the
    exploration was shown (solved, or stopped at that recording limit), 1 when the
    board has no solution, 130 on Ctrl-C.
    """
    from searchlab.web import service
    from searchlab.web.service import SolveRequest
    from searchlab.web.teach import TEACH_MAX_EXPANSIONS

    fam = service.family(family)
    if (file is None) == (example is None):
        names = choices([e.id for e in fam.examples])
        fail(
            _("give a board FILE or --example NAME (one of them; examples: {names})").format(
                names=names
            )
        )
    if example is not None:
        found = [e for e in fam.examples if e.id == example]
        if not found:
            fail(
                _("no example {example!r}; choose one of {names}").format(
                    example=example, names=choices([e.id for e in fam.examples])
                )
            )
        text = found[0].text
    else:
        assert file is not None
        text = read_input(file)
    if algorithm is None:
        engine = [a for a in fam.algorithms if a in service.TEACH_ALGORITHMS]
        algorithm = engine[0] if engine else "bfs"
    h = heuristic or (fam.heuristics[0] if fam.heuristics else "")
    service.check_choice(fam, algorithm, h, teaching=True)
    instance = service.read_board(fam, text)

    sol, rec, path = run_with_progress(
        lambda cancel, progress: service.teach(
            fam, instance, SolveRequest(algorithm, h, 60.0, 1_000_000, cancel, progress or _quiet)
        )
    )
    table = Table(
        title=_("{algorithm} ({h}): nodes in expansion order").format(algorithm=algorithm, h=h),
        title_justify="left",
    )
    for col in ("#", _("depth"), "g", "h", "f", _("state")):
        table.add_column(col, justify="left" if col == _("state") else "right")
    for row in service.expansion_rows(fam, instance, rec)[:rows]:
        table.add_row(
            *(
                f"{row[k]:g}" if isinstance(row[k], float) else str(row[k])
                for k in ("order", "depth", "g", "h", "f", "label")
            )
        )
    # With --svg -, the graph is the output and this report goes to stderr.
    report = err_console if svg_path == STDOUT else console
    report.print(table)
    report.print(
        _("{status}: {moves} moves, {expanded} expanded, {recorded} states recorded").format(
            status=_(STATUS_LABELS.get(sol.status, sol.status)),
            moves=sol.length,
            expanded=f"{sol.stats.expanded:,}",
            recorded=len(rec.nodes),
        ),
        markup=False,
    )
    if svg_path:
        picture = service.graph_picture(fam, instance, sol, rec, path, f"{algorithm} ({h})")
        write_output(svg_path, picture)
        if svg_path != STDOUT:
            console.print(_("state graph written to {path}").format(path=svg_path), markup=False)
    if sol.status == "limit" and sol.limit == "max_expansions":
        # the teaching view's own recording limit, not a failure: the exploration was shown
        console.print(
            _(
                "the teaching view records the first {n} expansions; "
                "'searchlab solve' runs the whole search"
            ).format(n=f"{TEACH_MAX_EXPANSIONS:,}"),
            markup=False,
        )
        return
    finish(sol)


def _quiet(stats: SearchStats) -> None:
    return None
