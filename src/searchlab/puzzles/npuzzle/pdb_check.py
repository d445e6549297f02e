"""Checksums of the cached pattern databases: :mod:`searchlab.checksum` (written when a
table is built, checked when it is read, so a damaged table is rebuilt instead of giving
wrong "optimal" answers), where they moved so that every family's cached files share
them; the names stay importable from here."""

from __future__ import annotations

from searchlab.checksum import (
    ALGORITHM,
    BAD_SUM,
    MISMATCH,
    NO_CHECKSUM,
    NOT_A_FILE,
    SETTLED_NS,
    SUM_SUFFIX,
    TRUNCATED,
    check,
    crc_of,
    crc_of_file,
    discard,
    seal,
    sum_path,
)

__all__ = [
    "ALGORITHM",
    "BAD_SUM",
    "MISMATCH",
    "NOT_A_FILE",
    "NO_CHECKSUM",
    "SETTLED_NS",
    "SUM_SUFFIX",
    "TRUNCATED",
    "check",
    "crc_of",
    "crc_of_file",
    "discard",
    "seal",
    "sum_path",
]
