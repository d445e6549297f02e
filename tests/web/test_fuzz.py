"""Fuzzing the JSON API: generated bodies, hostile numbers included, never get a 5xx,
and every answer is one that ``/openapi.json`` documents, in the shape it documents.

Hypothesis draws bodies for every endpoint of every family: well-formed keys with
values of every JSON type (NaN, infinities, 1e400-sized floats, huge integers,
long strings, nested lists), the family's own examples, and junk. The server must
answer each with a 2xx or a 4xx carrying a one-line ``detail``. Solve jobs that
start are cancelled at once, so the fuzz never loads the machine.
"""

from __future__ import annotations

import json
import math
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab import families
from tests.web.schema import check_answer, spec_of

NAMES = families.names()
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 0, -1, 2**63]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=40))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=8)
BOARDS = st.one_of(
    st.sampled_from([ex.text for name in NAMES for ex in families.get(name).examples[:2]]),
    st.text(max_size=200),
)
ALGORITHMS = st.sampled_from(
    sorted({a for n in NAMES for a in families.get(n).algorithms} | {"", "dls", "zzz"})
)


def body(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Bodies with any subset of ``fields``, each a typed value or any JSON value."""
    return st.fixed_dictionaries({}, optional={k: st.one_of(v, VALUES) for k, v in fields.items()})


REQUESTS = st.one_of(
    st.tuples(st.just("validate"), body({"board": BOARDS})),
    st.tuples(
        st.just("random"),
        body(
            {
                "params": st.dictionaries(
                    st.sampled_from(
                        [
                            "size",
                            "depth",
                            "seed",
                            "min_moves",
                            "walls",
                            "seconds",
                            "rows",
                            "cols",
                            "closed",
                            "board",
                            "width",
                            "height",
                            "x",
                        ]
                    ),
                    NUMBERS,
                    max_size=4,
                )
            }
        ),
    ),
    st.tuples(
        st.just("solve"),
        body(
            {
                "board": BOARDS,
                "algorithm": ALGORITHMS,
                "heuristic": st.text(max_size=20),
                "time_limit": NUMBERS,
                "max_nodes": NUMBERS,
                "teaching": st.booleans(),
                "page": st.text(max_size=70),
            }
        ),
    ),
    st.tuples(st.just("moves"), body({"board": BOARDS, "state": VALUES})),
    st.tuples(st.just("hint"), body({"board": BOARDS, "state": VALUES})),
    st.tuples(st.just("difficulty"), body({"board": BOARDS})),
)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(family=st.sampled_from([*NAMES, "nosuch"]), request=REQUESTS)
def test_no_server_error(client: TestClient, family: str, request: tuple[str, Any]) -> None:
    endpoint, payload = request
    text = json.dumps(payload)  # NaN and Infinity travel as Python's json writes them
    if endpoint == "random" and family == "rushhour":
        payload.setdefault("params", {})
        if isinstance(payload["params"], dict):  # keep generation short
            payload["params"]["seconds"] = 0.5
            text = json.dumps(payload)
    path = f"/api/{family}/{endpoint}"
    r = client.post(path, content=text, headers={"content-type": "application/json"})
    assert r.status_code < 500, (endpoint, payload, r.text)
    check_answer(spec_of(client), "POST", path, r.status_code, r.json())
    if r.status_code >= 400:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail
    elif endpoint == "solve":
        job = r.json()["job"]
        for method, job_path in (("GET", f"/api/jobs/{job}"), ("POST", f"/api/jobs/{job}/cancel")):
            answer = client.request(method, job_path)
            check_answer(spec_of(client), method, job_path, answer.status_code, answer.json())


JUNK_IDS = st.one_of(
    # "." and ".." are dot segments: every HTTP client resolves them (RFC 3986, 5.2.4), so
    # the server never receives them as an id ("/api/jobs/./cancel" is "/api/jobs/cancel")
    st.text(min_size=1, max_size=80).filter(lambda s: s not in {".", ".."}),
    st.just("x" * 60_000),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    job=JUNK_IDS,
    content_type=st.sampled_from(
        ["text/plain", "application/x-www-form-urlencoded", "application/json"]
    ),
)
def test_other_routes_answer_as_documented(client: TestClient, job: str, content_type: str) -> None:
    """Job ids and pages that do not exist, bodies in other content types, the read-only
    routes: documented answers, and a 404 never echoes a long id."""
    spec = spec_of(client)
    quoted = quote(job, safe="")
    for method, path in (
        ("GET", f"/api/jobs/{quoted}"),
        ("POST", f"/api/jobs/{quoted}/cancel"),
        ("POST", f"/api/pages/{quoted}/leave"),
        ("GET", "/api/families"),
        ("GET", "/api/i18n"),
    ):
        r = client.request(method, path)
        if r.status_code == 404 and path.startswith("/api/jobs/"):
            assert len(r.json()["detail"]) < 200
        if r.status_code != 404 or "{" not in path:
            check_answer(spec, method, path, r.status_code, r.json())
    r = client.post(
        f"/api/{NAMES[0]}/validate",
        content='{"board": "zzzz"}',  # text no family reads: 422 as JSON, else 415
        headers={"content-type": content_type},
    )
    assert r.status_code == (422 if content_type == "application/json" else 415)
    check_answer(spec, "POST", f"/api/{NAMES[0]}/validate", r.status_code, r.json())
