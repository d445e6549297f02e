"""Fixtures the families' own tests share with the generic ones: a throw-away results
database (``store``, for a family's built-in experiments) and a web API client
(``client``, for a family's web answers)."""

from tests.experiments.conftest import store
from tests.web.conftest import client

__all__ = ["client", "store"]
