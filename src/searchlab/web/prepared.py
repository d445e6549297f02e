"""Answers made once and served from memory (the page, its strings, its static files)."""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import Response


@dataclass(frozen=True, slots=True)
class Prepared:
    """An answer made once and served from memory: its bytes, their gzip (compressed
    once, at the best level) and an ETag (a repeated request is a 304)."""

    body: bytes
    gzipped: bytes
    media_type: str
    tag: str

    @classmethod
    def of(cls, body: bytes, media_type: str) -> Prepared:
        tag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
        return cls(body, gzip.compress(body, compresslevel=9, mtime=0), media_type, tag)

    @classmethod
    def json(cls, data: Any) -> Prepared:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return cls.of(text.encode(), "application/json")

    def respond(self, request: Request) -> Response:
        headers = {"etag": self.tag, "vary": "Accept-Encoding", "cache-control": "no-cache"}
        if request.headers.get("if-none-match") == self.tag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["content-encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)
