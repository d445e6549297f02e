"""searchlab: classical state-space search on puzzles.

One engine (:mod:`searchlab.search`) serves every puzzle family in
:mod:`searchlab.puzzles`; the ``searchlab`` command, the web player and the
experiment runner sit on top.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("searchlab")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
