"""Exceptions for bad user input, shared by every puzzle family and front end.

Parsers and solvers raise :class:`InputError` (or a subclass) with a
one-line, user-facing message; the CLI prints it and exits with status 2, the
web API answers 4xx with it.
"""


class InputError(ValueError):
    """Malformed or impossible input: a bad board, an unknown hole, a wrong size."""
