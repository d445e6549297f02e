"""The Spanish catalog in neutral Latin-American wording, as the seeds' students (most in
Mexico) write (issue 23 item 14)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

import searchlab

PO = Path(searchlab.__file__).parent / "locale" / "es" / "LC_MESSAGES" / "searchlab.po"

SPAIN_ONLY = {
    r"\bcostes?\b": "costo",
    r"\bcoches?\b": "auto",
    r"\bordenador": "computadora",
    r"\bficheros?\b": "archivo",
    r"\bpuls[ae]\b|\bpúlse": "haga clic / presione",
    r"\bIntro\b": "Enter",
    r"\bla orden\b|\bórdenes\b": "comando",
    r"\bpuntuación\b": "puntaje",
    r"\bratón\b": "mouse",
    r"regla de tres": "the proportion rule, not the position classes",
}


def translations() -> dict[str, str]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="es")
    out = {}
    for m in catalog:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[key] = " ".join(m.string) if isinstance(m.string, tuple) else m.string
    return out


def test_no_spain_only_words() -> None:
    found = [
        (pattern, key[:60])
        for key, text in translations().items()
        for pattern in SPAIN_ONLY
        if re.search(pattern, text, re.IGNORECASE)
    ]
    assert found == []


def test_maze_start_and_rush_hour_exit_have_distinct_words() -> None:
    t = translations()
    maze = [text for key, text in t.items() if "'S' start" in key or "'S' (start)" in key]
    assert maze and all("inicio" in text and "salida" not in text for text in maze)
    exits = [text for key, text in t.items() if "reaches the exit" in key]
    assert exits and all("salida" in text for text in exits)


def test_the_english_board_is_also_come_solo() -> None:
    t = translations()
    assert "Come solo" in t["Peg solitaire"]
    assert "Come solo" in t["English cross, 33 holes, centre d4"]


def test_doctor_roles_are_translated() -> None:
    assert translations()["core"] == "núcleo"


def test_spanish_docs_use_the_same_words() -> None:
    docs = Path(__file__).parents[2] / "docs" / "es"
    found = [
        (pattern, doc.name)
        for doc in sorted(docs.glob("*.md"))
        for pattern in SPAIN_ONLY
        if re.search(pattern, doc.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert found == []


def test_a_count_column_is_plural_where_a_status_is_singular() -> None:
    """The word "solved" is two Spanish words: a run's status "resuelto", the column counting the
    solved runs "resueltos" (translated with a context, never one for the other)."""
    from searchlab.experiments.report import COMPARE_COLUMNS
    from searchlab.i18n import _, use
    from searchlab.search.result import STATUS_LABELS

    use("es")
    try:
        header = next(c for c in COMPARE_COLUMNS if c.key == "solved").shown_header()
        assert header == "resueltos"
        assert _(STATUS_LABELS["solved"]) == "resuelto"
    finally:
        use("en")
    assert next(c for c in COMPARE_COLUMNS if c.key == "solved").shown_header() == "solved"


SPARE_CHILD = """
import sys
from searchlab import i18n
i18n._fresh_mo = lambda language: None  # as on a fresh clone, or after the .po was edited
from searchlab.cli import run
sys.argv = ["searchlab", "--lang", "es", "solve", "--help"]
run()
"""


def test_click_speaks_spanish_from_a_catalog_compiled_into_the_cache(tmp_path: Path) -> None:
    """Without an up-to-date compiled catalog in the package, Click's own words
    ("Usage:") still come in Spanish: the CLI hands i18n the cache's ``locale`` folder,
    where the catalog is compiled once (i18n itself imports nothing of the cache)."""
    env = {**os.environ, "SEARCHLAB_CACHE_DIR": str(tmp_path / "cache")}
    out = subprocess.run(
        [sys.executable, "-c", SPARE_CHILD], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Uso: searchlab solve")
    assert (tmp_path / "cache/locale/es/LC_MESSAGES/searchlab.mo").is_file()
    leftovers = [p.name for p in (tmp_path / "cache").rglob("*.tmp")]
    assert not leftovers
