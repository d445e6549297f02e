"""Printable sheets: same seed, same bytes; blank boxes on the sheet, answers on the key;
PDF through the optional WeasyPrint, or a one-line error without it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from searchlab.cli.main import cli
from searchlab.errors import InputError
from searchlab.teaching import exercises as E
from searchlab.teaching.sheet import key_path, sheet_html, sheet_pdf


def test_same_seed_same_files_sheet_blank_key_answered(tmp_path: Path) -> None:
    runner = CliRunner()
    for name in ("a.html", "b.html"):
        res = runner.invoke(
            cli, ["exercise", "--count", "6", "--seed", "9", "--sheet", str(tmp_path / name)]
        )
        assert res.exit_code == 0, res.output
    a, b = (tmp_path / "a.html").read_bytes(), (tmp_path / "b.html").read_bytes()
    assert a == b
    assert (tmp_path / "a-key.html").read_bytes() == (tmp_path / "b-key.html").read_bytes()
    sheet = a.decode()
    key = (tmp_path / "a-key.html").read_text()
    questions = E.generate(count=6, seed=9)
    assert sheet.count('data-role="question"') == 6 and sheet.count('class="blank"') == 6
    assert sheet.count("<svg") >= 6
    assert "Answer:" not in sheet and "<table>" not in sheet  # the sheet gives nothing away
    for q in questions:
        assert f"Answer: {q.answer}".replace("'", "&#x27;") in key
    assert key.count("<table>") == 6


def test_key_path() -> None:
    assert key_path("out/sheet.html") == "out/sheet-key.html"
    assert key_path("sheet.pdf") == "sheet-key.pdf"


def test_pdf_without_weasyprint_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    with pytest.raises(InputError, match="WeasyPrint"):
        sheet_pdf("<p>x</p>")


def test_pdf_same_seed_same_bytes(tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    qs = E.generate(count=2, seed=4)
    one, two = sheet_pdf(sheet_html(qs, "t")), sheet_pdf(sheet_html(qs, "t"))
    assert one.startswith(b"%PDF") and one == two
