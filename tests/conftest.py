"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from searchlab import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English, whatever the previous one (or the locale) chose."""
    i18n.use("en")
    yield
    i18n.use("en")
