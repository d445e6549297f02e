"""Where searchlab keeps what it can rebuild: ``$SEARCHLAB_CACHE_DIR``, else the user
cache directory (``~/.cache/searchlab`` on Linux). ``searchlab cache clear`` empties it."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """searchlab's cache directory (it may not exist yet); a one-line
    :class:`~searchlab.errors.InputError` when it is a name the system refuses (too
    long: ``SEARCHLAB_CACHE_DIR``, or ``XDG_CACHE_HOME`` behind the default), on which
    every look at the directory would raise."""
    env = os.environ.get("SEARCHLAB_CACHE_DIR")
    if env:
        root = Path(env)
    else:
        import platformdirs  # only here: start-up

        root = Path(platformdirs.user_cache_dir("searchlab"))
    try:
        root.exists()
    except (OSError, ValueError) as exc:
        from searchlab.errors import TOKEN_CHARS, InputError, shorten
        from searchlab.i18n import _

        raise InputError(
            _(
                "the cache directory {path} is not usable ({reason}): "
                "set SEARCHLAB_CACHE_DIR to another"
            ).format(
                path=shorten(str(root), 2 * TOKEN_CHARS),
                reason=getattr(exc, "strerror", None) or exc,
            )
        ) from None
    return root


def ensure_writable(directory: Path) -> None:
    """Create ``directory`` if needed and check that a file can be written there, before
    long work whose result goes there: a one-line :class:`~searchlab.errors.InputError`
    naming the directory and ``SEARCHLAB_CACHE_DIR`` otherwise."""
    import tempfile

    from searchlab.errors import InputError
    from searchlab.i18n import _

    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as exc:
        raise InputError(
            _(
                "cannot write the cache directory {path} ({reason}): "
                "set SEARCHLAB_CACHE_DIR to a writable directory"
            ).format(path=str(directory)[:80], reason=exc.strerror or exc)
        ) from None
