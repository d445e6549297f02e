"""The interface language: English, or Spanish from gettext catalogs.

Messages a person reads are written in English and wrapped in :func:`_` (or
:func:`ngettext`); ``src/searchlab/locale/es/LC_MESSAGES/searchlab.po`` holds
their Spanish, managed with Babel (``make i18n`` extracts the messages, updates
the catalog and compiles it). A compiled ``.mo`` file is used when present;
otherwise the ``.po`` file is compiled in memory with Babel on first use, so a
fresh checkout works without a build step.

The language of a run comes, in order, from the ``--lang`` option (or the web
page's switch), ``SEARCHLAB_LANG``, the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English: :func:`detect`. It is held in a context variable
(:func:`use`), so the web server's requests and threads never share one.
Machine output (``--json``, CSV, move notation, file formats) never changes
with the language: the commands that write it run in English.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

LANGUAGES = ("en", "es")
"""The interface languages, English first (the language of the source)."""
DOMAIN = "searchlab"

_language: ContextVar[str] = ContextVar("searchlab_language", default="en")


def detect(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``explicit`` if given, else ``SEARCHLAB_LANG``, else the
    locale's (``es_ES.UTF-8`` -> ``es``), else English. Unknown languages are English."""
    env = os.environ if environ is None else environ
    for value in (explicit, env.get("SEARCHLAB_LANG"), *_locale_values(env)):
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].split("-")[0].lower()
            if code in ("c", "posix"):
                continue
            return code if code in LANGUAGES else "en"
    return "en"


def _locale_values(env: Mapping[str, str]) -> Iterable[str | None]:
    return (env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG"))


def parse_accept_language(header: str) -> str:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header (English
    when none is acceptable)."""
    best, best_q = "en", -1.0
    for part in header.split(",")[:20]:
        tag, _, params = part.strip().partition(";")
        code = tag.strip().split("-")[0].lower()
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def use(language: str) -> None:
    """Make ``language`` (one of :data:`LANGUAGES`) the current one in this context."""
    _language.set(language if language in LANGUAGES else "en")


def current() -> str:
    """The current interface language."""
    return _language.get()


@lru_cache(maxsize=len(LANGUAGES))
def catalog(language: str) -> gettext.NullTranslations:
    """The translations of ``language`` (English: the messages themselves)."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(_compiled(language)))


def _folder(language: str) -> Any:
    from importlib.resources import files  # only here: 8 ms of start-up otherwise

    return files("searchlab") / "locale" / language / "LC_MESSAGES"


def _fresh_mo(language: str) -> Any:
    """The package's compiled catalog of ``language`` when it is there and up to date
    with its ``.po`` (else None: the ``.po`` was edited since, or never compiled)."""
    folder = _folder(language)
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    return mo if mo.is_file() and not _older(mo, po) else None


@lru_cache(maxsize=len(LANGUAGES))
def _compiled(language: str) -> bytes:
    """The compiled catalog of ``language``: the ``.mo`` file when it is up to date,
    else its ``.po`` compiled in memory with Babel (once a process: :func:`catalog`
    and :func:`bind_process` both use it)."""
    mo = _fresh_mo(language)
    if mo is not None:
        return bytes(mo.read_bytes())
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = io.BytesIO()
    with (_folder(language) / f"{DOMAIN}.po").open("rb") as source:
        write_mo(compiled, read_po(source, locale=language))
    return compiled.getvalue()


def bind_process(language: str, spare: Callable[[], str] | None = None) -> None:
    """Make the standard library's global gettext domain (which Click's own messages
    use: "Usage:", "No such option") translate into ``language`` too, for the rest of
    this process. For a command-line run only; the web server never calls it.

    The standard library reads catalogs from files and the language from the
    environment, so this binds the domain to the package's ``locale`` folder (or,
    when its ``.mo`` is missing or stale, to a copy compiled into the folder
    ``spare()`` names: the caller's, so that this module depends on no other) and
    sets ``LANGUAGE``. Without ``spare``, or when it raises ``ValueError`` or cannot be
    written, Click's own messages stay in English."""
    if language == "en" or language not in LANGUAGES:
        gettext.textdomain("messages")  # the default domain, which has no catalog
        return
    os.environ["LANGUAGE"] = language
    mo = _fresh_mo(language)
    root = str(mo).rsplit(os.sep, 3)[0] if mo is not None else _spare_copy(language, spare)
    if root is None:
        return
    gettext.bindtextdomain(DOMAIN, root)
    gettext.textdomain(DOMAIN)


def _spare_copy(language: str, spare: Callable[[], str] | None) -> str | None:
    """A locale folder under ``spare()`` holding ``language``'s compiled catalog
    (written when missing or different: temporary file, fsync, rename)."""
    if spare is None:
        return None
    try:
        root = spare()
    except ValueError:  # e.g. an unusable SEARCHLAB_CACHE_DIR: Click's words stay English
        return None
    path = os.path.join(root, language, "LC_MESSAGES", f"{DOMAIN}.mo")
    data = _compiled(language)
    try:
        with open(path, "rb") as existing:
            if existing.read() == data:
                return root
    except OSError:
        pass
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return None
    return root


def _older(mo: Any, po: Any) -> bool:
    """Whether the compiled catalog is older than its source (a .po edited since)."""
    try:
        return bool(os.stat(str(mo)).st_mtime < os.stat(str(po)).st_mtime)
    except OSError:
        return False


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return catalog(_language.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context``: one English word
    with two Spanish ones ("solved": a run's status "resuelto", a column counting
    them "resueltos")."""
    return catalog(_language.get()).pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context`` without translating it now
    (translated where it is shown, with :func:`pgettext` and the same context)."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (translated where
    it is shown, with :func:`_`)."""
    return message


def translated(messages: Iterable[str], language: str) -> dict[str, str]:
    """``{message: translation}`` in ``language``, for the web page."""
    cat = catalog(language)
    return {m: cat.gettext(m) for m in messages}
