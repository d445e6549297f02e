"""The player page and what every page opening asks for.

:func:`router` builds the :class:`~fastapi.APIRouter` that ``web/app.py`` includes:

* ``GET  /`` the player (HTML), from memory; ``GET /docs`` the API's documentation page
* ``GET  /favicon.ico``; ``GET /view/styles.js`` the cell fills and piece kinds of
  :mod:`searchlab.view.styles` as a JavaScript module (the page's ``searchlab/styles.js``)
* ``GET  /api/i18n`` the page's strings (``?lang=`` or the ``Accept-Language``'s language)
* ``GET  /api/families`` the families with their algorithms, heuristics, examples

The strings and the families are the same answer for everyone in a language: each is
made (validated, serialised, compressed) once per language (:class:`Prepared`).
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from searchlab import families as registry
from searchlab import i18n
from searchlab.view import styles_module
from searchlab.web import i18n as web_i18n
from searchlab.web.prepared import Prepared

STATIC = files("searchlab.web") / "static"

FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    '<rect width="16" height="16" rx="3" fill="#1f4e79"/>'
    '<rect x="3" y="3" width="4" height="4" fill="#fff"/><rect x="9" y="3" width="4" height="4" '
    'fill="#fff"/><rect x="3" y="9" width="4" height="4" fill="#fff"/></svg>'
)


def router() -> APIRouter:
    """The page's routes (see the module docstring)."""
    api = APIRouter()
    page = Prepared.of((STATIC / "index.html").read_bytes(), "text/html")

    @api.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index(request: Request) -> Response:
        # The player page from memory, compressed once: a class's thirty pages opening
        # at once are answered in one turn of the event loop each (a file response
        # takes several trips to a thread and back, each waiting its turn under load).
        return page.respond(request)

    @api.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        """The API's documentation, drawn from /openapi.json by a local page (offline)."""
        return FileResponse(str(STATIC / "docs.html"))

    @api.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(FAVICON, media_type="image/svg+xml")

    @api.get("/view/styles.js", include_in_schema=False)
    async def view_styles() -> Response:
        """The one table of cell fills and piece kinds, for the page's renderer."""
        return Response(styles_module(), media_type="text/javascript")

    # Every page opening asks for its strings and the families: the same answer for
    # everyone in a language, so each is made (validated, serialised, compressed) once
    # per language, not on the event loop for each of a class's thirty pages.
    strings: dict[str, Prepared] = {}
    family_lists: dict[str, Prepared] = {}

    @api.get(
        "/api/i18n",
        summary="The page's strings in the chosen or preferred language",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def page_strings(request: Request, lang: str | None = None) -> Response:
        accept = request.headers.get("accept-language", "")[:500]
        language = lang if lang in i18n.LANGUAGES else i18n.parse_accept_language(accept)
        if language not in strings:
            strings[language] = Prepared.json(web_i18n.page_messages(language, ""))
        return strings[language].respond(request)

    @api.get(
        "/api/families",
        summary="The puzzle families and their options",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def families(request: Request, lang: str = "en") -> Response:
        language = lang if lang in i18n.LANGUAGES else "en"
        if language not in family_lists:
            i18n.use(language)  # this answer's texts; results and reasons stay in English
            family_lists[language] = Prepared.json([f.summary() for f in registry.all_families()])
        return family_lists[language].respond(request)

    return api
