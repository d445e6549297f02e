"""The page scripts stay small and checked: every script under static/js is at most
700 lines and opts in to the type checker (`// @ts-check` on its first line; `make
lint` runs tsc --checkJs over them, tsconfig.json)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

MAX_LINES = 700
SCRIPTS = sorted(Path(str(files("searchlab.web") / "static" / "js")).rglob("*.js"))


def test_scripts_are_found() -> None:
    names = {p.name for p in SCRIPTS}
    assert {"app.js", "watch.js", "render.js", "api.js"} <= names


def test_no_script_is_over_700_lines() -> None:
    long = {p.name: n for p in SCRIPTS if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"split these by concern (at most {MAX_LINES} lines): {long}"


def test_every_script_is_type_checked() -> None:
    unchecked = [p.name for p in SCRIPTS if not p.read_text().startswith("// @ts-check\n")]
    assert not unchecked, f"start these with // @ts-check: {unchecked}"


def test_one_fetch_wrapper() -> None:
    calls = [p.name for p in SCRIPTS if "fetch(" in p.read_text().replace("fetchTrace(", "")]
    assert calls == ["api.js"], f"call the server through api.js's api(): {calls}"
