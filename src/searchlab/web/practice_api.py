"""The practice page's routes: questions one at a time, each answer checked at once.

:func:`router` builds the :class:`~fastapi.APIRouter` that ``web/app.py`` includes:

* ``GET  /practice`` the page (``?family=graph&seed=…&lang=es``)
* ``GET  /api/practice/questions?family=&kind=&seed=&count=&lang=`` the questions
  (facts, picture, prompt, link to the watch), **without** their answers
* ``POST /api/practice/check`` ``{family, kind, seed, count, index, answer, lang}``:
  whether the answer is right, the answer, and the worked solution

Questions are regenerated from their seed on each request (:mod:`searchlab.teaching`
is deterministic), so the server keeps no state and the page can be reloaded. Bad
input answers 4xx with ``{"detail": "<one line>"}``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from searchlab import i18n
from searchlab.errors import InputError
from searchlab.teaching import exercises as E
from searchlab.web.watch_api import STATIC

MAX_QUESTIONS = 20
MAX_SEED = 2**31 - 1
HIDDEN = ("answer", "expect", "rule", "columns", "rows", "conclusion", "steps")


class CheckIn(BaseModel):
    family: str = Field(default=E.GRAPH, max_length=40)
    kind: str = Field(default="", max_length=20)
    seed: int = Field(default=0, ge=0, le=MAX_SEED)
    count: int = Field(default=10, ge=1, le=MAX_QUESTIONS)
    index: int = Field(ge=0, lt=MAX_QUESTIONS)
    answer: str = Field(max_length=2000)
    lang: str = Field(default="en", max_length=5)


def _questions(family: str, kind: str, seed: int, count: int, lang: str) -> list[E.Question]:
    i18n.use(lang if lang in ("en", "es") else "en")
    try:
        return E.generate(family=family, kind=kind or None, seed=seed, count=count)
    except InputError as exc:
        raise HTTPException(422, str(exc)) from None


def router() -> APIRouter:
    """The practice routes (see the module docstring)."""
    api = APIRouter()

    @api.get("/practice", include_in_schema=False)
    async def practice_page() -> FileResponse:
        return FileResponse(str(STATIC / "practice.html"))

    @api.get("/api/practice/questions", summary="Practice questions, without their answers")
    async def questions(
        family: str = E.GRAPH, kind: str = "", seed: int = 0, count: int = 10, lang: str = "en"
    ) -> dict[str, Any]:
        if not 0 <= seed <= MAX_SEED or not 1 <= count <= MAX_QUESTIONS:
            raise HTTPException(422, f"seed 0..{MAX_SEED}, count 1..{MAX_QUESTIONS}")

        def run() -> dict[str, Any]:
            qs = _questions(family[:40], kind[:20], seed, count, lang)
            shown = [{k: v for k, v in q.as_dict().items() if k not in HIDDEN} for q in qs]
            for q in shown:
                q["data"] = {k: v for k, v in q["data"].items() if k == "node_picture"}
            return {
                "family": family,
                "seed": seed,
                "families": [E.GRAPH, *E.board_families()],
                "questions": shown,
            }

        return await asyncio.to_thread(run)

    @api.post("/api/practice/check", summary="Check one answer; the worked solution")
    async def check(body: CheckIn) -> dict[str, Any]:
        def run() -> dict[str, Any]:
            qs = _questions(body.family, body.kind, body.seed, body.count, body.lang)
            if body.index >= len(qs):
                raise HTTPException(422, "no such question")
            q = qs[body.index]
            return {
                "correct": E.check(q, body.answer),
                "answer": q.answer,
                "rule": q.rule,
                "columns": q.columns,
                "rows": q.rows,
                "conclusion": q.conclusion,
            }

        return await asyncio.to_thread(run)

    return api
