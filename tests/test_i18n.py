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


def marked_messages() -> set[str | tuple[str, ...]]:
    """Every message of the interface: marked in the source, the commands' help texts,
    Click's own messages (:func:`searchlab.cli.messages.template`)."""
    return set(template())


def catalog() -> dict[str | tuple[str, ...], object]:
    with PO.open("rb") as f:
        cat = read_po(f, locale="es")
    return {(m.id if isinstance(m.id, str) else tuple(m.id)): m for m in cat if m.id}


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
        ids = key if isinstance(key, tuple) else (key,)
        for n, s in enumerate(strings):  # Spanish: [0] the singular, [1] the plural
            source = ids[min(n, len(ids) - 1)]
            assert fields(s) == fields(source), f"placeholders differ: {key!r} -> {s!r}"


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
    js = "".join((static / "js" / n).read_text() for n in ("app.js", "player.js"))
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
    assert "inicio:" in out and "resuelto: coste 8, 8 movimientos" in out
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
