"""Where searchlab keeps what it can rebuild: ``$SEARCHLAB_CACHE_DIR``, else the user
cache directory (``~/.cache/searchlab`` on Linux). ``searchlab cache clear`` empties it."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """searchlab's cache directory (it may not exist yet)."""
    env = os.environ.get("SEARCHLAB_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs  # only here: start-up

    return Path(platformdirs.user_cache_dir("searchlab"))
