"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from searchlab.cli.localized import use_language


@pytest.fixture(autouse=True)
def private_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test reads or writes the user's data directory (the Rush Hour puzzle
    database lives there, and the web player draws from it when present)."""
    monkeypatch.setenv("SEARCHLAB_DATA_DIR", str(tmp_path_factory.getbasetemp() / "data"))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English, whatever the previous one (or the locale) chose:
    searchlab's messages and Click's own."""
    use_language("en")
    yield
    use_language("en")
