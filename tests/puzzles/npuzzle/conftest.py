from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Tests never read or write the user's pattern-database cache."""
    path = tmp_path_factory.getbasetemp() / "npuzzle-cache"
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(path))
    return path
