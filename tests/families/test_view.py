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
