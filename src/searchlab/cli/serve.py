"""``searchlab serve`` (the web player) and ``searchlab teach`` (a search, explained)."""

from __future__ import annotations

import io
import ipaddress
import logging
import socket
import threading
import webbrowser
from urllib.parse import urlencode

import click
from rich.table import Table

from searchlab import i18n
from searchlab.cli.common import (
    STDOUT,
    console,
    err_console,
    fail,
    finish,
    json_option,
    one_on_stdout,
    print_json,
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
    help="Address to listen on (loopback by default; anything else, e.g. 0.0.0.0 for a "
    "class, is reachable from other machines and needs a token).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="TCP port (0 picks a free one).",
)
@click.option(
    "--token",
    help="The token every request needs (random by default when --host is not a "
    "loopback address; on loopback, none unless given).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the player in a browser.")
def serve(host: str, port: int, token: str | None, open_browser: bool) -> None:
    """Run the web player: load, solve, animate and play every puzzle (Ctrl-C stops it).

    With --host 0.0.0.0 (or any address that is not loopback) it serves a class: it
    prints a join link with a token, and a QR code of it, for the students; a request
    without the token is refused."""
    import uvicorn

    from searchlab.web import access
    from searchlab.web.app import create_app

    if token is not None and not (
        8 <= len(token) <= 200 and token.isascii() and token.isprintable() and " " not in token
    ):
        fail(_("--token must be 8 to 200 printable ASCII characters, without spaces"))
    open_to_others = not is_loopback(host)
    if open_to_others and token is None:
        token = access.new_token()
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
    hosts = access.machine_names(host)
    shown = host
    if access.is_wildcard(host):
        shown = access.primary_address() or socket.gethostname()
    url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    console.print(_("searchlab player on {url} (Ctrl-C to stop)").format(url=url), markup=False)
    if open_to_others:
        err_console.print(
            _(
                "searchlab: warning: listening on {host}: other machines can reach this "
                "server; every request needs the token"
            ).format(host=host),
            markup=False,
        )
    if token is not None:
        join = f"{url}?{urlencode({'token': token})}"
        console.print(_("students join at: {url}").format(url=join), markup=False)
        show_qr(join)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(join if token is not None else url,)).start()
    i18n.use("en")  # the API is machine output; the page translates itself (/api/i18n)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(hosts=hosts, token=token),
            log_level="warning",
            # A student reads for seconds between requests: a connection closed after
            # uvicorn's 5 s while the page sends on it fails that request (a POST is not
            # retried by the browser).
            timeout_keep_alive=30,
        )
    )
    for name in ("uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        logging.getLogger(name).addFilter(one_line)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


def one_line(record: logging.LogRecord) -> bool:
    """A logging filter: a record with a traceback (an error uvicorn caught) is logged as
    one line naming the exception, never the traceback."""
    if record.exc_info and record.exc_info[1] is not None:
        exc = record.exc_info[1]
        record.msg = f"{record.getMessage()}: {type(exc).__name__}: {exc}"[:500]
        record.args = ()
        record.exc_info = None
        record.exc_text = None
    return True


def show_qr(text: str) -> None:
    """``text`` as a QR code drawn with block characters, for students' phones (nothing
    when segno is missing or the terminal cannot show the characters)."""
    try:
        import segno
    except ImportError:
        return
    buffer = io.StringIO()
    segno.make(text, error="l").terminal(out=buffer, compact=True, border=2)
    try:
        console.file.write(buffer.getvalue())
        console.file.flush()
    except UnicodeEncodeError:
        return


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
@json_option()
def teach(
    family: str,
    file: str | None,
    example: str | None,
    algorithm: str | None,
    heuristic: str | None,
    svg_path: str | None,
    rows: int,
    as_json: bool,
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

    one_on_stdout(json=as_json, svg=svg_path)
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
        ),
        show=False if as_json else None,
    )
    expansions = service.expansion_rows(fam, instance, rec)[:rows]
    if as_json:
        print_json(
            {
                "family": fam.name,
                "algorithm": algorithm,
                "heuristic": h,
                "status": sol.status,
                "limit": sol.limit,
                "moves": sol.length,
                "expanded": sol.stats.expanded,
                "recorded": len(rec.nodes),
                "expansions": expansions,
            }
        )
    table = Table(
        title=_("{algorithm} ({h}): nodes in expansion order").format(algorithm=algorithm, h=h),
        title_justify="left",
    )
    for col in ("#", _("depth"), "g", "h", "f", _("state")):
        table.add_column(col, justify="left" if col == _("state") else "right")
    for row in expansions:
        table.add_row(
            *(
                f"{row[k]:g}" if isinstance(row[k], float) else str(row[k])
                for k in ("order", "depth", "g", "h", "f", "label")
            )
        )
    # With --svg -, the graph is the output and this report goes to stderr.
    report = err_console if svg_path == STDOUT else console
    if not as_json:
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
        if svg_path != STDOUT and not as_json:
            console.print(_("state graph written to {path}").format(path=svg_path), markup=False)
    if sol.status == "limit" and sol.limit == "max_expansions":
        # the teaching view's own recording limit, not a failure: the exploration was shown
        (err_console if as_json else console).print(
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
