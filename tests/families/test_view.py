"""The neutral view layer: one table of styles, read by the SVG writer and the browser."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from searchlab import families
from searchlab.view import PIECES, merge, styles_module, view_svg
from searchlab.view.styles import CELLS, SHAPES

RENDER_JS = Path(families.__file__).parent.parent / "web" / "static" / "js" / "render.js"


def test_styles_module_is_the_table() -> None:
    text = styles_module()
    prefix = "export const STYLES = "
    assert text.startswith(prefix)
    table = json.loads(text[len(prefix) :].rstrip().rstrip(";"))
    assert set(table["pieces"]) == set(PIECES)
    assert table["cells"] == CELLS
    assert all(p["shape"] in SHAPES for p in table["pieces"].values())


def test_the_browser_renderer_has_no_style_list_of_its_own() -> None:
    """A new piece kind is one entry in view/styles.py: render.js reads the table."""
    js = RENDER_JS.read_text(encoding="utf-8")
    assert 'from "searchlab/styles.js"' in js
    for kind in PIECES:
        assert f"{kind}:" not in js, kind


@pytest.mark.parametrize("name", families.names())
def test_every_kind_and_cell_a_family_draws_is_in_the_table(name: str) -> None:
    fam = families.get(name)
    for ex in fam.examples:
        instance = fam.read(ex.text)
        view = merge(fam.base_view(instance), fam.state_view(instance, fam.initial(instance)))
        assert {p.get("kind", "tile") for p in view.get("pieces", [])} <= set(PIECES), ex.id
        assert set("".join(view.get("cells", []))) <= {*CELLS, " "}, ex.id


def test_a_piece_colour_replaces_its_kind_fill() -> None:
    view = {"rows": 1, "cols": 2, "pieces": [{"r": 0, "c": 0, "kind": "car", "color": "#123456"}]}
    svg = view_svg(view)
    assert 'fill="#123456"' in svg and f'fill="{PIECES["car"].fill}"' not in svg
    ET.fromstring(svg)


def test_the_server_serves_the_table() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from searchlab.web.app import create_app

    with TestClient(create_app(workers=1), base_url="http://127.0.0.1") as client:
        res = client.get("/view/styles.js")
        assert res.status_code == 200 and res.text == styles_module()
        assert "javascript" in res.headers["content-type"]
        assert '"searchlab/styles.js": "/view/styles.js"' in client.get("/").text


def test_large_boards_draw_in_size_of_what_is_on_them() -> None:
    """A chequered 600x600 board (one square marked) is one pattern and one square, at
    most about 1000 pixels wide; a path given as an array draws the same polyline as
    the same path given as lists; any other board draws runs of equal cells."""
    import numpy as np

    from searchlab.view import fit_cell

    n = 600
    cells = ["ld" * (n // 2) if r % 2 == 0 else "dl" * (n // 2) for r in range(n)]
    cells[3] = cells[3][:5] + "s" + cells[3][6:]
    path = [[0, 0], [1, 2], [3, 5]]
    view = {"rows": n, "cols": n, "cells": cells}
    cell = fit_cell(view)
    listed = view_svg({**view, "path": path}, cell=cell)
    array = view_svg({**view, "path": np.array(path)}, cell=cell)
    assert listed == array and cell < 2
    root = ET.fromstring(listed)
    assert float(root.get("width", 0)) <= 1100
    assert listed.count("<rect") == 3 + 1 + 1  # the pattern's, the board, the marked square
    maze = {"rows": 200, "cols": 200, "cells": ["." * 100 + "#" * 100] * 200}
    assert view_svg(maze, cell=fit_cell(maze)).count("<rect") == 400


def test_a_sheet_draws_each_view_with_its_caption() -> None:
    from searchlab.view import sheet_svg

    views = [{"rows": 2, "cols": 3, "cells": ["...", "..."]}] * 5
    root = ET.fromstring(sheet_svg(views, ["start", "1. a", "2. b", "3. c", "4. d"], columns=2))
    groups = root.findall("{http://www.w3.org/2000/svg}g")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert len(groups) == 5 and texts == ["start", "1. a", "2. b", "3. c", "4. d"]


def test_offset_rows_move_everything_on_them() -> None:
    """A view's ``offsets`` draw row r that many cells to the right: its cells, the
    pieces and marks on it, the path's points; the other rows stay."""
    from searchlab.view import MARGIN

    cell = 40
    view = {
        "rows": 2,
        "cols": 2,
        "cells": [". ", ".."],
        "offsets": [0.5, 0],
        "pieces": [{"r": 0, "c": 0, "kind": "tile", "label": "1"}],
        "marks": [{"r": 0, "c": 0, "text": "a1"}, {"r": 1, "c": 1, "text": "b2"}],
        "path": [[0, 0], [1, 1]],
    }
    root = ET.fromstring(view_svg(view, cell=cell))
    ns = "{http://www.w3.org/2000/svg}"
    cells = sorted(
        (float(r.get("y")), float(r.get("x")))
        for r in root.iter(f"{ns}rect")
        if r.get("width") == str(cell) and r.get("stroke")
    )
    assert cells == [
        (MARGIN, MARGIN + 0.5 * cell),
        (MARGIN + cell, MARGIN),
        (MARGIN + cell, MARGIN + cell),
    ]
    marks = {t.text: float(t.get("x")) for t in root.iter(f"{ns}text") if t.text in ("a1", "b2")}
    assert marks == {"a1": MARGIN + 0.5 * cell + 3, "b2": MARGIN + cell + 3}
    (line,) = root.iter(f"{ns}polyline")
    assert line.get("points") == f"{MARGIN + cell:g},{MARGIN + cell / 2:g} " + (
        f"{MARGIN + 1.5 * cell:g},{MARGIN + 1.5 * cell:g}"
    )
    tile = next(r for r in root.iter(f"{ns}rect") if r.get("stroke") == "#00000040")
    assert float(tile.get("x")) > MARGIN + 0.5 * cell
