"""Checking an answer of the API against the server's own ``/openapi.json``."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

Spec = dict[str, Any]


@cache
def _template(path: str) -> re.Pattern[str]:
    return re.compile(re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")


def operation(spec: Spec, method: str, path: str) -> Spec:
    """The operation of ``spec`` that serves ``method path``."""
    for template, ops in spec["paths"].items():
        if _template(template).match(path) and method.lower() in ops:
            found: Spec = ops[method.lower()]
            return found
    raise AssertionError(f"{method} {path} is not in /openapi.json")


def check_answer(spec: Spec, method: str, path: str, status: int, body: Any) -> None:
    """Fail unless ``status`` is documented for the operation and ``body`` validates
    against the schema documented for it."""
    responses = operation(spec, method, path)["responses"]
    assert str(status) in responses, f"{method} {path}: {status} is not documented"
    content = responses[str(status)].get("content", {}).get("application/json")
    if content is None:
        return
    schema = {**content["schema"], "components": spec.get("components", {})}
    try:
        Draft202012Validator(schema).validate(body)
    except ValidationError as exc:
        raise AssertionError(
            f"{method} {path} {status}: {exc.message}; body {body!r:.300}"
        ) from None


def spec_of(client: TestClient) -> Spec:
    answer: Spec = client.get("/openapi.json").json()
    return answer
