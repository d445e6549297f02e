"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from searchlab.cli.localized import use_language


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English, whatever the previous one (or the locale) chose:
    searchlab's messages and Click's own."""
    use_language("en")
    yield
    use_language("en")
