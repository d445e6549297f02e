"""Fixtures for every test."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest

from searchlab.cli.localized import use_language


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as a terminal delivers it, for the programs the tests start: a shell
    without job control starts a background job (``make test &``, a CI step run so)
    with SIGINT ignored, and an ignored signal stays ignored across ``fork`` and
    ``exec``, so the tests that press Ctrl-C on a child would see it deaf. Python's own
    handler here is reset to the default in every child that ``exec``s."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


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


# The slow lane (as pyperplan's ``--slow`` and networkx's ``--runslow``): tests marked
# ``slow`` take seconds to minutes each (browser journeys, whole-board searches, long
# databases). ``make test`` leaves them out so that the everyday run stays a few minutes;
# ``make test-slow`` (and CI, after ``make test``) runs them.
def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        default=False,
        help="also run the tests marked slow (make test-slow runs only those)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow") or config.getoption("-m"):
        return  # asked for: --slow, or a -m expression that selects by marker itself
    skip = pytest.mark.skip(reason="slow: run with --slow (make test-slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def _own_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The whole run uses a cache directory of its own, set before any test starts the
    web workers' forkserver (which keeps the environment it started with): what a
    developer has cached (a 6-6-3 database, say) never changes what ``auto`` does in a
    test, as it could not on the fresh machine CI uses."""
    saved = os.environ.get("SEARCHLAB_CACHE_DIR")
    os.environ["SEARCHLAB_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if saved is None:
        os.environ.pop("SEARCHLAB_CACHE_DIR", None)
    else:
        os.environ["SEARCHLAB_CACHE_DIR"] = saved
