"""Every family's parser is linear: pathological text of the largest accepted size
(long runs of newlines, spaces, digits, separators, and each example's own words
followed by long runs) is read, or refused with a one-line message, at once.

A quadratic parser takes minutes on these texts (a ``\\s*`` crossing lines made
200,000 newlines freeze the server): the bound below is a hang guard, two orders of
magnitude above what a linear parser takes, not a speed target.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from searchlab import families
from searchlab.errors import InputError
from searchlab.web import service
from searchlab.web.app import MAX_BOARD

HANG_GUARD = 2.0
"""Seconds: a linear parser reads 200 KB in milliseconds; a quadratic one in minutes."""
RUNS = ("\n", " ", "\t", "\r\n", " \n", "0", "7", "1 ", "1\n", ",", ";", "-", ".", ":", "#", "x")
WRAPS = (" ", "\t", ":", " :")


def pathological(size: int = MAX_BOARD) -> Iterator[tuple[str, str]]:
    """(label, text) pairs of at most ``size`` characters."""
    for run in RUNS:
        n = size // len(run) - 2
        yield f"{run!r}*n", run * n
        yield f"{run!r}*n+x", run * n + "x"
        yield f"1+{run!r}*n+x", "1" + run * (n - 1) + "x"
    # Each example's words (from every family: "goal", "start:", "board:"...) followed
    # by a long run and something unexpected: where keyword patterns backtrack.
    words = {
        word
        for name in families.names()
        for ex in families.get(name).examples
        for line in ex.text.splitlines()
        for word in ([*line.split()[:1], line.split(":")[0] + ":"] if line.strip() else [])
        if word.rstrip(":").isalpha() and word.islower()
    }
    for word in sorted(words):
        for wrap in WRAPS:
            yield f"{word!r}+{wrap!r}*n+x", word + wrap * ((size - 40) // len(wrap)) + "x\x01"
    for name in families.names():
        for ex in families.get(name).examples[:2]:
            spaced = ex.text.replace(" ", " " * 2000).replace("\n", " " * 2000 + "\n")
            yield f"{name}:{ex.id} spaced", spaced[:size]


CASES = list(pathological())


@pytest.mark.parametrize("name", families.names())
def test_every_parser_is_linear(name: str) -> None:
    fam = families.get(name)
    slow = []
    for label, text in CASES:
        assert len(text) <= MAX_BOARD
        started = time.perf_counter()
        try:
            service.validate(fam, text)
        except InputError as exc:
            assert "\n" not in str(exc)
        took = time.perf_counter() - started
        if took > HANG_GUARD:
            slow.append(f"{label}: {took:.1f} s")
    assert not slow, slow
