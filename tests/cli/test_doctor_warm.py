"""``searchlab doctor --warm`` compiles every family's machine code ahead of first use
(issue 34, item 3), through the families' ``warm`` capability."""

from __future__ import annotations

import pytest

from searchlab import families
from searchlab.cli.main import main


def test_doctor_warm_calls_every_familys_warm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    called: list[str] = []
    real = families.all_families()
    stubbed = [
        f._replace(cache=f.cache._replace(warm=lambda name=f.name: called.append(name)))
        if f.cache and f.cache.warm
        else f
        for f in real
    ]
    monkeypatch.setattr(families, "all_families", lambda: stubbed)
    assert main(["doctor", "--warm"]) == 0
    out = capsys.readouterr().out
    warmed = [f.name for f in real if f.cache and f.cache.warm]
    assert called == warmed and {"npuzzle", "rushhour"} <= set(warmed)
    for name in warmed:
        assert f"{name}: ready" in out


def test_every_warm_compiles_or_loads_without_error() -> None:
    """Each family's warm runs as it is (loaded from Numba's cache after the first time)."""
    for family in families.all_families():
        if family.cache is not None and family.cache.warm is not None:
            family.cache.warm()
