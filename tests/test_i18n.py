"""The Spanish interface: every marked message translated, the language chosen as
documented, machine output unchanged, the web page's strings from the same catalog."""

from __future__ import annotations

import json
import re
import string
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from searchlab import i18n
from searchlab.cli.main import main
from searchlab.cli.messages import template
from searchlab.web.app import create_app
from searchlab.web.i18n import WEB_MESSAGES

SRC = Path(__file__).resolve().parents[1] / "src" / "searchlab"
PO = SRC / "locale" / "es" / "LC_MESSAGES" / "searchlab.po"


def marked_messages() -> set[tuple[str | tuple[str, ...], str | None]]:
    """Every message of the interface and its context: marked in the source, the
    commands' help texts, Click's own messages (:func:`searchlab.cli.messages.template`)."""
    return set(template())


def catalog() -> dict[tuple[str | tuple[str, ...], str | None], object]:
    with PO.open("rb") as f:
        cat = read_po(f, locale="es")
    return {
        ((m.id if isinstance(m.id, str) else tuple(m.id)), m.context or None): m
        for m in cat
        if m.id
    }


def fields(text: str) -> set[str]:
    """The placeholders of ``text``: ``{name}`` fields and ``%(name)s`` ones."""
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return braces | {f"%({name})" for name in re.findall(r"%\((\w+)\)", text)}


def test_every_marked_message_has_a_spanish_entry() -> None:
    entries = catalog()
    missing = sorted(str(m) for m in marked_messages() if m not in entries)
    assert not missing, f"not in the Spanish catalog (run make i18n, then translate): {missing}"
    for key, entry in entries.items():
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)  # type: ignore[attr-defined]
        assert all(strings), f"untranslated: {key!r}"
        assert not entry.fuzzy, f"fuzzy: {key!r}"  # type: ignore[attr-defined]
        ids = key[0] if isinstance(key[0], tuple) else (key[0],)
        for n, s in enumerate(strings):  # Spanish: [0] the singular, [1] the plural
            source = ids[min(n, len(ids) - 1)]
            assert fields(s) == fields(source), f"placeholders differ: {key!r} -> {s!r}"


def test_the_catalog_compiles_as_make_install_compiles_it() -> None:
    """Babel's own checks, the ones ``pybabel compile`` (``make install``) fails on: a
    ``%`` that reads as a printf placeholder in one language and not the other, say."""
    with PO.open("rb") as f:
        cat = read_po(f, locale="es")
    problems = [(m.id, [str(e) for e in errors]) for m, errors in cat.check()]
    assert not problems, problems


class DataI18n(HTMLParser):
    """The English texts of an HTML page's ``data-i18n`` elements."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list[str]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-i18n" in a:
            if a["data-i18n"]:
                self.texts.append(a[a["data-i18n"] or ""] or "")
            else:
                self.open.append([tag, ""])

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][1] += data

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            self.texts.append(" ".join(self.open.pop()[1].split()))


def test_the_page_asks_only_for_listed_strings() -> None:
    static = files("searchlab.web") / "static"
    pages = ("app.js", "player.js", "notation.js", "names.js")
    js = "".join((static / "js" / n).read_text() for n in pages)
    js += "".join(p.read_text() for p in (static / "js" / "play").iterdir())  # the player's parts
    used = set(re.findall(r'\bt\(\s*"((?:[^"\\]|\\.)*)"', js))
    parser = DataI18n()
    parser.feed((static / "index.html").read_text())
    used |= set(parser.texts)
    assert used <= set(WEB_MESSAGES), sorted(used - set(WEB_MESSAGES))


@pytest.mark.parametrize(
    ("explicit", "env", "expected"),
    [
        ("es", {"LANG": "en_US.UTF-8"}, "es"),
        (None, {"SEARCHLAB_LANG": "es", "LANG": "en_US.UTF-8"}, "es"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LC_ALL": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_language_detection(explicit: str | None, env: dict[str, str], expected: str) -> None:
    assert i18n.detect(explicit, env) == expected


def test_accept_language() -> None:
    assert i18n.parse_accept_language("es-ES,es;q=0.9,en;q=0.8") == "es"
    assert i18n.parse_accept_language("en-US,en;q=0.9,es;q=0.8") == "en"
    assert i18n.parse_accept_language("fr-FR, de;q=0.5") == "en"
    assert i18n.parse_accept_language("es;q=abc, en;q=0.1") == "en"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out + err


def test_knight_tour_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--lang", "es", "knight", "tour", "--size", "4x4")
    assert code == 1
    assert "o hay recorrido abierto del caballo en el tablero 4x4" in out
    assert "búsqueda exhaustiva" in out


def test_rush_hour_in_spanish_from_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SEARCHLAB_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    code, out = run(capsys, "rushhour", "solve", "--card", "1")
    assert code == 0
    assert "inicio:" in out and "resuelto: costo 8, 8 movimientos" in out
    assert "Estadísticas" in out and "estados expandidos" in out
    code, out = run(capsys, "--lang", "en", "rushhour", "solve", "--card", "1")
    assert "solved: cost 8, 8 moves" in out


def test_machine_output_does_not_change_with_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for lang in ("en", "es"):
        _code, out = run(capsys, "--lang", lang, "knight", "tour", "--size", "4x4", "--json")
        data = json.loads(out)
        data["stats"] = None
        outputs.append(data)
    assert outputs[0] == outputs[1]
    assert "exhaustive search" in outputs[1]["reason"]


def test_the_page_strings_follow_accept_language_or_the_switch() -> None:
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        es = c.get("/api/i18n", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
        assert es["language"] == "es" and es["messages"]["Solve"] == "Resolver"
        en = c.get("/api/i18n?lang=en", headers={"Accept-Language": "es"}).json()
        assert en["language"] == "en" and en["messages"]["Solve"] == "Solve"
        assert set(es["languages"]) == set(i18n.LANGUAGES)
        odd = c.get("/api/i18n?lang=xx", headers={"Accept-Language": "\x00" * 600}).json()
        assert odd["language"] == "en"


def test_the_family_texts_follow_the_page_language() -> None:
    from searchlab.puzzles.knight.family import FAMILY, WEB_MAX_SIDE

    assert f"{WEB_MAX_SIDE}x{WEB_MAX_SIDE}" in FAMILY.board_help  # the literal names the limit
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        es = {f["name"]: f for f in c.get("/api/families?lang=es").json()}
        assert es["knight"]["title"] == "Recorrido del caballo"
        assert es["npuzzle"]["random_params"][0]["label"] == "tamaño"
        en = {f["name"]: f for f in c.get("/api/families").json()}
        assert en["knight"]["title"] == "Knight's tour"
        r = c.post("/api/npuzzle/validate?lang=es", json={"board": "1 2 3\n4 5 6\n7 0 8\n"})
        assert r.json()["description"] == "tablero 3x3"
        r = c.post("/api/rushhour/difficulty?lang=es", json={"board": "..B.\nAAB.\n....\n....\n"})
        assert r.json()["difficulty"].startswith("dificultad: principiante")


def test_every_limit_phrase_is_in_the_catalog() -> None:
    from typing import get_args

    from searchlab.search.result import LIMIT_PHRASES, LimitName, limit_phrase

    for limit in (None, *get_args(LimitName)):
        assert limit_phrase(limit) in LIMIT_PHRASES


# -- the command line in Spanish ---------------------------------------------------------


def command_paths() -> list[list[str]]:
    """Every command of the tree, as the words typed after ``searchlab``."""
    import click

    from searchlab.cli.main import cli

    def walk(cmd: click.Command, path: list[str], ctx: click.Context) -> list[list[str]]:
        found = [path]
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                found += walk(sub, [*path, name], click.Context(sub, parent=ctx, info_name=name))
        return found

    return walk(cli, [], click.Context(cli))


def squeezed(text: str) -> str:
    """``text`` without any whitespace (help is wrapped and indented as it fits)."""
    return "".join(text.split())


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "searchlab")
def test_every_help_is_in_spanish(path: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    import click

    from searchlab.cli.main import cli

    code, out = run(capsys, "--lang", "es", *path, "--help")
    assert code == 0
    assert out.startswith("Uso: searchlab") and "Opciones:" in out
    assert "Muestra este mensaje y sale." in out and "Show this message" not in out
    es = i18n.catalog("es")
    ctx = click.Context(cli)
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        sub = command.get_command(ctx, name)
        assert sub is not None
        command, ctx = sub, click.Context(sub, parent=ctx, info_name=name)
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            assert squeezed(es.gettext(text)) in squeezed(out), (path, text)
    if command.help:
        first = es.gettext(command.help).split("\n")[0]
        assert squeezed(first) in squeezed(out)


def test_a_usage_error_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--lang", "es", "knight", "tour", "--size", "5x5", "--bogus")
    assert code == 2
    assert "searchlab: error: No existe la opción '--bogus'." in out
    assert "(pruebe 'searchlab knight tour --help')" in out
    code, out = run(capsys, "--lang", "es", "knight", "tur")
    assert code == 2 and "No existe el comando 'tur'. ¿Quería decir 'tour'?" in out
    code, out = run(capsys, "--lang", "es", "npuzzle", "random", "--depth", "-1")
    assert code == 2 and "Valor no válido para '--depth'" in out


def test_the_locale_gives_spanish_help_in_a_new_process(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("SEARCHLAB_LANG", "LC_ALL", "LANGUAGE")}
    env.update(LANG="es_ES.UTF-8", LC_MESSAGES="", PYTHONPATH=str(SRC.parent), HOME=str(tmp_path))
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # where Click's catalog copy may go
    done = subprocess.run(
        [sys.executable, "-m", "searchlab", "rushhour", "rate", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Uso: searchlab rushhour rate")
    assert "Muestra este mensaje y sale." in done.stdout
    assert "Valora BOARD" in done.stdout


def english_fragments() -> set[str]:
    """The English pieces of every translated message (the text between placeholders,
    two words or more) that its Spanish does not repeat: none may reach a Spanish run."""
    fragments = set()
    for key, entry in catalog().items():
        ids = key[0] if isinstance(key[0], tuple) else (key[0],)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)  # type: ignore[attr-defined]
        spanish = " ".join(strings)
        for message in ids:
            for piece in re.split(r"\{[^{}]*\}", message):
                piece = piece.strip(" .,:;()'\"")
                if len(piece.split()) >= 2 and piece not in spanish:
                    fragments.add(piece)
    return fragments


SPANISH_RUNS = [
    ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 0 7 8"],
    ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 8 7 0"],
    ["npuzzle", "random", "--depth", "8", "--seed", "1"],
    ["maze", "solve", "--random", "9x5", "--seed", "1"],
    ["maze", "solve", "--random", "9x5", "--seed", "1", "-a", "dfs", "--max-expansions", "3"],
    ["knight", "tour", "--size", "5x5"],
    ["knight", "tour", "--size", "4x4"],
    ["knight", "count", "3x4"],
    ["peg", "solve", "--board", "triangle5"],
    ["peg", "solve", "--board", "triangle4"],
    ["peg", "boards"],
    ["peg", "count", "--board", "triangle4"],
    ["rushhour", "solve", "--card", "1"],
    ["rushhour", "rate", "--card", "2"],
    ["rushhour", "hint", "--card", "3"],
    ["teach", "maze", "--example", "small", "--rows", "3"],
    # one-line errors from the commands and from each family's reader
    ["npuzzle", "solve", "--tiles", "1 2 3"],
    ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8 8"],
    ["maze", "solve", "--random", "3x3y"],
    ["knight", "tour", "--size", "3"],
    ["knight", "tour", "--size", "5x5", "--start", "9,9"],
    ["peg", "solve", "--board", "nope"],
    ["peg", "solve", "--board", "english", "--vacancy", "z9"],
    ["rushhour", "solve", "--card", "99"],
    ["rushhour", "solve", "AAB.\n"],
    ["solve", "maze", "/no/such/file"],
]


@pytest.mark.parametrize("argv", SPANISH_RUNS, ids=" ".join)
def test_human_output_in_spanish_has_no_english_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _code, out = run(capsys, "--lang", "es", *argv)
    leaked = sorted(f for f in english_fragments() if f in out)
    assert not leaked, (leaked, out[-2000:])
    assert "Traceback" not in out


def test_a_human_report_is_spanish_line_by_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--lang", "es", "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 0 7 8")
    assert code == 0
    assert out.splitlines()[0] == "inicio" and "movimiento 1: R" in out
    assert "resuelto: costo 2, 2 movimientos" in out and "movimientos: RR" in out
    code, out = run(capsys, "--lang", "es", "peg", "solve", "--board", "triangle5", "-q")
    assert "triangle5: 14 fichas, final: una ficha en cualquier lugar" in out
    assert "saltos: a3-a1" in out  # the notation itself stays as it is


def test_the_web_example_titles_follow_the_page_language() -> None:
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        es = {f["name"]: f for f in c.get("/api/families?lang=es").json()}
        en = {f["name"]: f for f in c.get("/api/families?lang=en").json()}
        bad = c.post("/api/npuzzle/validate?lang=es", json={"board": "1 2 3"})
        assert bad.status_code == 422 and bad.json()["detail"].startswith("un tablero necesita")
    for name, family in es.items():
        for mine, theirs in zip(family["examples"], en[name]["examples"], strict=True):
            assert mine["id"] == theirs["id"] and mine["text"] == theirs["text"]
            assert mine["title"] != theirs["title"], (name, mine["title"])
    cards = {e["id"]: e["title"] for e in es["rushhour"]["examples"]}
    assert cards["card1"] == "Tarjeta 1 (8 movimientos)"
    assert {e["id"]: e["title"] for e in en["rushhour"]["examples"]}["card1"] == (
        "Card 1 (8 moves)"
    )


def test_the_catalog_holds_each_message_once() -> None:
    """Babel reads a catalog with a message twice without a word (the last wins), so a
    merge that concatenates two versions of the .po (its union merge driver, after one
    side re-sorted it) doubled 620 entries unseen, and glued two entries with no blank
    line between them. Each (context, id) is written once, each entry apart."""
    path = PO
    seen: dict[tuple[str | None, str], int] = {}
    context: str | None = None
    entry: list[str] = []
    glued = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate([*lines, ""], 1):
        if line.startswith("msgid ") and any(x.startswith("msgstr") for x in entry):
            glued.append(number)
        if line.strip() == "" or line.startswith("#"):
            if any(x.startswith("msgid ") for x in entry):
                head = "".join(entry)
                key_text = head.split("msgid ", 1)[1].split("msgstr", 1)[0]
                key_text = key_text.split("msgid_plural", 1)[0]
                seen[(context, key_text)] = seen.get((context, key_text), 0) + 1
            if line.strip() == "":
                entry, context = [], None
            continue
        if line.startswith("msgctxt "):
            context = line
        entry.append(line)
    twice = [key for key, n in seen.items() if n > 1 and key[1] != '""']
    assert not glued, f"entries glued at lines {glued[:5]}"
    assert not twice, twice[:5]
