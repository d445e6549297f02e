"""The registry refuses, with one clear line, a family whose declared name is not its
folder's and a folder that takes a built-in command's name (every family folder copied
under a new name is tested in ``test_copied_family.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from searchlab import families
from searchlab.errors import InputError


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The registry, to add folders to (restored afterwards, with ``get``'s cache)."""
    entries = dict(families.REGISTRY)
    monkeypatch.setattr(families, "REGISTRY", entries)
    families.get.cache_clear()
    yield entries
    families.get.cache_clear()


def test_every_family_is_named_after_its_folder() -> None:
    for name in families.names():
        assert families.get(name).name == name


def test_a_family_calling_itself_by_another_name_is_refused(registry: dict[str, str]) -> None:
    registry["labyrinth"] = registry["maze"]  # a folder whose family says it is "maze"
    with pytest.raises(InputError) as caught:
        families.get("labyrinth")
    message = str(caught.value)
    assert "labyrinth" in message and "'maze'" in message and "\n" not in message


@pytest.mark.parametrize("command", sorted(families.RESERVED))
def test_a_folder_taking_a_command_name_is_refused(registry: dict[str, str], command: str) -> None:
    registry[command] = registry["maze"]
    for reach in (families.names, lambda: families.get(command)):
        with pytest.raises(InputError) as caught:
            reach()
        message = str(caught.value)
        assert f"searchlab {command}" in message and "\n" not in message
