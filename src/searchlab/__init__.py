"""searchlab: classical state-space search on puzzles.

One engine (:mod:`searchlab.search`) serves every puzzle family in
:mod:`searchlab.puzzles`; the ``searchlab`` command, the web player and the
experiment runner sit on top.
"""

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    """``searchlab.__version__``, read from the installed metadata on first use (importing
    :mod:`importlib.metadata` costs tens of milliseconds every command would pay)."""
    if name != "__version__":
        raise AttributeError(f"module 'searchlab' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("searchlab")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0"
